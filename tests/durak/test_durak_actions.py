"""Action numbers of old Durak: every lead (D6), cover (D8) and the take (D9) numbered once."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest
from durak_helpers import seeds
from hypothesis import given
from hypothesis import strategies as st

from sevens_ru import DECK, IllegalMoveError, InvalidDealError, InvalidMoveError, durak
from sevens_ru.games.durak.actions import COVER_ACTIONS, LEAD_ACTIONS, TAKE_ACTION


def every_move() -> list[durak.Move]:
    """Every lead, every cover some trump allows, and the take, written out from D6, D8, D9."""
    leads: list[durak.Move] = [
        durak.Lead(cards)
        for rank in durak.PACK.ranks
        for size in range(1, 5)
        for cards in combinations([card for card in DECK if card.rank == rank], size)
    ]
    covers: list[durak.Move] = [
        durak.Cover(attack, card)
        for attack in DECK
        for card in DECK
        if card.suit != attack.suit or card.rank > attack.rank  # a trump, or higher of the suit
    ]
    return [*leads, *covers, durak.Take()]


def test_every_move_has_one_number() -> None:
    moves = every_move()
    assert len(moves) == durak.NUM_ACTIONS == 135 + 1116 + 1
    numbers = [durak.action_of(move) for move in moves]
    assert sorted(numbers) == list(range(durak.NUM_ACTIONS))
    for move, number in zip(moves, numbers, strict=True):
        assert durak.move_of(number) == move
        assert durak.action_of(str(move)) == number
    assert {durak.action_of(move) for move in moves[:135]} == set(LEAD_ACTIONS)  # D6
    assert {durak.action_of(move) for move in moves[135:-1]} == set(COVER_ACTIONS)  # D8
    assert durak.action_of(durak.Take()) == TAKE_ACTION == durak.NUM_ACTIONS - 1  # D9


def test_the_numbers_follow_the_order_of_the_legal_moves() -> None:
    # Leads by rank, fewer cards first; covers by attacking card, then covering card.
    assert [durak.move_of(number) for number in range(5)] == [
        durak.Lead(["6♣"]),
        durak.Lead(["6♦"]),
        durak.Lead(["6♥"]),
        durak.Lead(["6♠"]),
        durak.Lead(["6♣", "6♦"]),
    ]
    assert durak.move_of(14) == durak.Lead(["6♣", "6♦", "6♥", "6♠"])
    assert durak.move_of(15) == durak.Lead(["7♣"])
    assert durak.move_of(135) == durak.Cover("6♣", "7♣")
    assert durak.move_of(135 + 8) == durak.Cover("6♣", "6♦")
    assert durak.move_of(135 + 35) == durak.Cover("7♣", "8♣")


@given(seed=seeds, players=st.integers(2, 4), choices=st.integers(0, 2**32))
def test_legal_actions_and_mask_agree_with_the_legal_moves(
    seed: int, players: int, choices: int
) -> None:
    rng = random.Random(choices)
    state = durak.new_game(players, dealer=rng.randrange(players), seed=seed)
    for _ in range(400):
        moves = durak.legal_moves(state)
        actions = durak.legal_actions(state)
        assert actions == tuple(durak.action_of(move) for move in moves)
        assert list(actions) == sorted(set(actions))
        mask = durak.legal_mask(state)
        assert mask == sum(1 << action for action in actions)
        if durak.is_over(state):
            assert not actions and not mask
            break
        action = rng.choice(actions)
        before, state = state, durak.apply(state, np.int64(action))
        assert state == durak.apply(before, durak.move_of(action))


def test_a_never_legal_cover_has_no_number() -> None:
    with pytest.raises(InvalidMoveError, match="never legal"):
        durak.action_of(durak.Cover("9♦", "7♦"))  # D8: lower, of the same suit


@pytest.mark.parametrize("action", [-1, 1252, np.int32(5000)])
def test_numbers_that_are_no_action_are_refused(action: int) -> None:
    with pytest.raises(InvalidMoveError, match="actions of Durak are 0 to 1251"):
        durak.move_of(action)
    with pytest.raises(InvalidMoveError, match="actions of Durak are 0 to 1251"):
        durak.apply(durak.new_game(2, seed=1), action)


@pytest.mark.parametrize("action", [True, 3.0, None])
def test_what_is_not_an_integral_number_is_no_action(action: object) -> None:
    with pytest.raises(InvalidMoveError, match="an action is an integral number"):
        durak.move_of(action)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError, match="got"):
        durak.action_of(action)  # type: ignore[arg-type]


def test_an_illegal_action_is_an_illegal_move() -> None:
    state = durak.new_game(2, seed=1)
    with pytest.raises(IllegalMoveError, match="no bout is in progress"):
        durak.apply(state, TAKE_ACTION)


def test_seeds_player_counts_may_be_numpy_integers() -> None:
    assert durak.new_game(np.int64(3), seed=np.uint16(7)) == durak.new_game(3, seed=7)
    with pytest.raises(InvalidDealError, match="the seed must be an int"):
        durak.new_game(3, seed=True)
    with pytest.raises(InvalidDealError, match="number of players must be an int"):
        durak.new_game(np.bool_(True))  # type: ignore[arg-type]
