"""Strategies and helpers shared by the tests."""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import strategies as st

import sevens_ru as s7

players = st.integers(min_value=2, max_value=6)
options = st.builds(
    s7.Options,
    rank_by_passes=st.booleans(),
    place_numbering=st.sampled_from(["competition", "dense"]),
)
seeds = st.integers(min_value=-(2**70), max_value=2**70)

pseudo_terminal = pytest.mark.skipif(
    sys.platform == "win32", reason="pseudo-terminals are POSIX's: Windows has no pexpect.spawn"
)
"""For the tests that drive the command in a real terminal (the release's Windows wheels run the rest)."""


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


# -- what a bot can learn from a random.Random it is handed -------------------------

_MASK = 0xFFFFFFFF
_N = 624


def _genrand_state(seed: int) -> list[int]:
    """The Mersenne Twister's ``init_genrand(seed)``, the first step of seeding."""
    state = [seed]
    for i in range(1, _N):
        previous = state[-1]
        state.append((1812433253 * (previous ^ previous >> 30) + i) & _MASK)
    return state


def seed_of(rng: random.Random) -> int | None:
    """The int seed of ``rng`` if nothing has been drawn from it since ``random.Random(seed)``.

    Seeding (CPython's ``init_by_array``) can be undone: the second mixing loop is
    inverted from the state, which gives the first loop's words, from which the key
    (the seed's 32-bit words) follows. This is how a bot handed ``random.Random(seed)``
    recovers ``seed``, for seeds of one or two words (below ``2**64``).
    """
    version, words, _ = rng.getstate()
    if version != 3 or words[-1] != _N:  # something was drawn already
        return None

    def second(word: int) -> int:
        return (word ^ word >> 30) * 1566083941 & _MASK

    def first_mix(word: int) -> int:
        return (word ^ word >> 30) * 1664525 & _MASK

    final = words[:_N]
    first = [0] * _N  # the words as the first mixing loop left them
    first[1] = ((final[1] + 1) & _MASK) ^ second(final[_N - 1])  # its last step: i = 1
    first[2] = ((final[2] + 2) & _MASK) ^ second(first[1])
    for i in range(3, 5):
        first[i] = ((final[i] + i) & _MASK) ^ second(final[i - 1])
    start = _genrand_state(19650218)
    for length in (1, 2):
        key = [
            (first[i] - (start[i] ^ first_mix(first[i - 1])) - (i - 1) % length) & _MASK
            for i in range(3, 3 + length)
        ]
        seed = sum(word << (32 * number) for number, word in enumerate(key))
        if random.Random(seed).getstate() == rng.getstate():
            return seed
    return None
