"""The numbers for learners, the same in every game: one contract, as tests/test_contract.py.

Every game has ``NUM_ACTIONS``, ``action_of``, ``move_of``, ``legal_actions``,
``legal_mask``, ``apply`` taking an action number and ``returns``, with the same
meaning; its states and views have card-set masks; and they agree with the rules at
every ply of random games.
"""

from __future__ import annotations

import math
import random
from typing import Any

import attrs
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sevens_ru as s7
from sevens_ru import games

Game = games.Game[Any, Any, Any]
every_game = pytest.mark.parametrize("game", [games.get(name) for name in games.names()], ids=repr)


@attrs.frozen
class Playout:
    players: int
    states: list[Any]
    moves: list[Any]


@st.composite
def playouts(draw: st.DrawFn, game: Game) -> Playout:
    """A whole random game of ``game``: any seat count, any variant, random legal moves."""
    players = draw(st.integers(game.min_players, game.max_players), label="players")
    variant = draw(st.sampled_from(list(game.variants(players))), label="setup")
    seed = draw(st.integers(0, 2**64), label="seed")
    state = game.new_game(players, seed=seed, **variant)
    rng = random.Random(seed)
    states, moves = [state], []
    while legal := game.legal_moves(state):
        moves.append(rng.choice(legal))
        state = game.apply(state, moves[-1])
        states.append(state)
    return Playout(players, states, moves)


def not_states_of(game: Game) -> list[object]:
    """Foreign objects, the game's own view, and the states and views of every other game."""
    own = game.new_game(game.min_players, seed=1)
    values: list[object] = ["9♦", "lead 6♣", None, {}, game.to_json(own), game.view(own, 0)]
    for name in games.names():
        other = games.get(name)
        if other is not game:
            theirs = other.new_game(other.min_players, seed=1)
            values += [theirs, other.view(theirs, 0)]
    return values


@every_game
@settings(max_examples=40)
@given(data=st.data())
def test_actions_masks_and_returns_agree_with_the_rules_at_every_ply(
    game: Game, data: st.DataObject
) -> None:
    g = game
    play = data.draw(playouts(game))
    for state in play.states:
        moves = g.legal_moves(state)
        actions = g.legal_actions(state)
        assert actions == tuple(g.action_of(move) for move in moves)  # the same order
        assert list(actions) == sorted(actions) and all(
            0 <= a < g.num_actions(play.players) for a in actions
        )
        assert g.legal_mask(state) == sum(1 << action for action in actions)
        assert [g.move_of(action) for action in actions] == list(moves)
        for seat in range(play.players):
            seen = g.view(state, seat)
            mine = seat == state.current_player
            assert seen.legal_actions() == (actions if mine else ())
            assert seen.legal_mask() == (g.legal_mask(state) if mine else 0)
            assert seen.hand_mask(seat) == state.hand_mask(seat) == g.pack.mask_of(state.hand(seat))
            assert seen.table_mask == state.table_mask
        if g.is_over(state):
            returns = g.returns(state)
            assert len(returns) == play.players and math.isclose(sum(returns), 0, abs_tol=1e-12)
            assert all(-1 <= value <= 1 for value in returns)
        else:
            with pytest.raises(s7.GameNotOverError):
                g.returns(state)
    for state, move in zip(play.states, play.moves, strict=False):
        action = g.action_of(move)
        assert g.apply(state, action) == g.apply(state, np.int64(action)) == g.apply(state, move)


@every_game
def test_a_view_shows_no_other_hand_as_a_mask(game: Game) -> None:
    seen = game.view(game.new_game(game.min_players, seed=1), 0)
    with pytest.raises(s7.InvalidSeatError, match="shows only the hand of seat 0"):
        seen.hand_mask(1)


@every_game
def test_numbers_that_are_no_action_are_refused_alike(game: Game) -> None:
    g = game
    state = game.new_game(game.min_players, seed=1)
    size = g.num_actions(game.min_players)
    for number in (-1, size, np.int64(size + 5)):
        with pytest.raises(s7.InvalidMoveError, match="there is no action"):
            g.apply(state, number)
        with pytest.raises(s7.InvalidMoveError, match="there is no action"):
            g.move_of(number)
    for value in (True, 1.0, None):
        with pytest.raises(s7.InvalidMoveError, match="an action is an integral number"):
            g.move_of(value)  # type: ignore[arg-type]


@every_game
def test_the_learners_functions_refuse_what_is_not_a_state_of_the_game(game: Game) -> None:
    g = game
    for function in (g.legal_actions, g.legal_mask, g.returns):
        for value in not_states_of(game):
            with pytest.raises(s7.NotAGameStateError):
                function(value)


@every_game
def test_seeds_and_player_counts_may_be_any_integral_number(game: Game) -> None:
    g = game
    players = game.min_players
    for kind in (np.int8, np.int64, np.uint16):
        assert g.new_game(kind(players), seed=kind(7)) == g.new_game(players, seed=7)
    state = g.new_game(players, seed=random.Random(3).getrandbits(64))
    assert state.players == players
