"""Action numbers of the main game: a card's action is its index in DECK (R2)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given

import sevens_ru as s7
from helpers import games


def test_one_action_per_card() -> None:
    # R1, R2: 36 cards in canonical order, the action is the place in the pack.
    assert s7.NUM_ACTIONS == len(s7.DECK) == 36
    for index, card in enumerate(s7.DECK):
        assert s7.action_of(card) == s7.action_of(str(card)) == card.index == index
        assert s7.move_of(index) == card
        assert s7.move_of(np.int8(index)) == card


@given(games())
def test_legal_actions_and_mask_agree_with_the_legal_moves(states: list[s7.GameState]) -> None:
    # R7, R9, R10: the numbers are those of the legal cards, ascending; none once over (R14).
    for state in states:
        moves = s7.legal_moves(state)
        actions = s7.legal_actions(state)
        assert actions == tuple(card.index for card in moves)
        assert list(actions) == sorted(set(actions))
        assert s7.legal_mask(state) == s7.mask_of(moves)
        assert (not actions) == s7.is_over(state)


@pytest.mark.parametrize("kind", [int, np.int64, np.int32, np.uint8, np.intp])
def test_apply_takes_any_integral_action(kind: type) -> None:
    rng = random.Random(5)
    state = s7.new_game(4, seed=3)
    while not s7.is_over(state):
        card = rng.choice(s7.legal_moves(state))
        assert s7.apply(state, kind(card.index)) == s7.apply(state, card)
        state = s7.apply(state, kind(card.index))


def test_an_illegal_action_is_an_illegal_move() -> None:
    state = s7.new_game(4, seed=1)  # seat 1 must open with 9♦ (R7)
    with pytest.raises(s7.IllegalMoveError, match="seat 1 cannot play J♦"):
        s7.apply(state, s7.Card.parse("J♦").index)


@pytest.mark.parametrize("action", [-1, 36, 2**70, np.int64(99)])
def test_numbers_that_are_no_action_are_refused(action: int) -> None:
    with pytest.raises(s7.InvalidMoveError, match="actions of the main game are 0 to 35"):
        s7.apply(s7.new_game(4, seed=1), action)
    with pytest.raises(s7.InvalidMoveError, match="0 to 35"):
        s7.move_of(action)


@pytest.mark.parametrize("action", [True, np.bool_(True), 12.0, "12", None])
def test_what_is_not_an_integral_number_is_no_action(action: object) -> None:
    with pytest.raises(s7.InvalidMoveError, match="an action is an integral number"):
        s7.move_of(action)  # type: ignore[arg-type]


def test_legal_actions_and_mask_want_a_state() -> None:
    for function in (s7.legal_actions, s7.legal_mask):
        with pytest.raises(s7.NotAGameStateError, match="GameState"):
            function("9♦")  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", [np.int64, np.int16, np.uint32])
def test_seeds_and_player_counts_may_be_numpy_integers(kind: type) -> None:
    assert s7.new_game(kind(4), seed=kind(3)) == s7.new_game(4, seed=3)
    assert s7.new_game(kind(5), seed=kind(7)).players == 5


def test_bools_are_neither_seeds_nor_player_counts() -> None:
    with pytest.raises(s7.InvalidDealError, match="number of players must be an int"):
        s7.new_game(True)
    with pytest.raises(s7.InvalidDealError, match="the seed must be an int"):
        s7.new_game(4, seed=True)
    with pytest.raises(s7.InvalidDealError, match="2 to 6 players"):
        s7.new_game(np.int64(7))
