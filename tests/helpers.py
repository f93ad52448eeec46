"""Strategies and helpers shared by the tests."""

from __future__ import annotations

import random

from hypothesis import strategies as st

import sevens_ru as s7

players = st.integers(min_value=2, max_value=6)
options = st.builds(
    s7.Options,
    rank_by_passes=st.booleans(),
    place_numbering=st.sampled_from(["competition", "dense"]),
)
seeds = st.integers(min_value=-(2**70), max_value=2**70)


def random_states(state: s7.GameState, rng: random.Random) -> list[s7.GameState]:
    """Every state of a game played from ``state`` with uniformly random legal cards."""
    states = [state]
    while moves := s7.legal_moves(state):
        state = s7.apply(state, rng.choice(moves))
        states.append(state)
    return states


@st.composite
def games(draw: st.DrawFn) -> list[s7.GameState]:
    """A whole random game (every state from the deal to the end), any size and options."""
    state = s7.new_game(draw(players), seed=draw(seeds), options=draw(options))
    return random_states(state, random.Random(draw(st.integers(0, 2**32))))
