"""The numbers for learners, the same in every game: one contract, as tests/test_contract.py.

Every game has ``NUM_ACTIONS``, ``action_of``, ``move_of``, ``legal_actions``,
``legal_mask``, ``apply`` taking an action number and ``returns``, with the same
meaning; its states and views have card-set masks; and they agree with the rules at
every ply of random games.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sevens_ru as s7
from test_contract import GAMES, Game, every_game, not_states_of, playouts


@every_game
@settings(max_examples=40)
@given(data=st.data())
def test_actions_masks_and_returns_agree_with_the_rules_at_every_ply(
    game: Game, data: st.DataObject
) -> None:
    g = game.module
    play = data.draw(playouts(game))
    for state in play.states:
        moves = g.legal_moves(state)
        actions = g.legal_actions(state)
        assert actions == tuple(g.action_of(move) for move in moves)  # the same order
        assert list(actions) == sorted(actions) and all(0 <= a < g.NUM_ACTIONS for a in actions)
        assert g.legal_mask(state) == sum(1 << action for action in actions)
        assert [g.move_of(action) for action in actions] == list(moves)
        for seat in range(play.players):
            seen = g.view(state, seat)
            mine = seat == state.current_player
            assert seen.legal_actions() == (actions if mine else ())
            assert seen.legal_mask() == (g.legal_mask(state) if mine else 0)
            assert seen.hand_mask(seat) == state.hand_mask(seat) == s7.mask_of(state.hand(seat))
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
    seen = game.module.view(game.deal(min(game.players), 1), 0)
    with pytest.raises(s7.InvalidSeatError, match="shows only the hand of seat 0"):
        seen.hand_mask(1)


@every_game
def test_numbers_that_are_no_action_are_refused_alike(game: Game) -> None:
    g = game.module
    state = game.deal(min(game.players), 1)
    for number in (-1, g.NUM_ACTIONS, np.int64(g.NUM_ACTIONS + 5)):
        with pytest.raises(s7.InvalidMoveError, match="there is no action"):
            g.apply(state, number)
        with pytest.raises(s7.InvalidMoveError, match="there is no action"):
            g.move_of(number)
    for value in (True, 1.0, None):
        with pytest.raises(s7.InvalidMoveError, match="an action is an integral number"):
            g.move_of(value)


@every_game
def test_the_learners_functions_refuse_what_is_not_a_state_of_the_game(game: Game) -> None:
    g = game.module
    for function in (g.legal_actions, g.legal_mask, g.returns):
        for value in not_states_of(game):
            with pytest.raises(s7.NotAGameStateError):
                function(value)


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_seeds_and_player_counts_may_be_any_integral_number(game: Game) -> None:
    g = game.module
    players = min(game.players)
    for kind in (np.int8, np.int64, np.uint16):
        assert g.new_game(kind(players), seed=kind(7)) == g.new_game(players, seed=7)
    state = g.new_game(players, seed=random.Random(3).getrandbits(64))
    assert state.players == players
