"""Ranking (D14), stakes (D15) and the next dealer (D16) beyond the reference games."""

from __future__ import annotations

import pytest
from durak_helpers import hands, play

from sevens_ru import GameNotOverError, InvalidOptionsError, durak


def fool_game() -> durak.GameState:
    state = durak.new_game(
        2,
        dealer=0,
        hands=hands("8♣ 8♦ 8♥ Q♣ Q♦ Q♥ 9♠ 10♠ K♠", "7♣ 7♦ 7♥ J♣ J♦ J♥ A♣ A♦ A♥"),
        trump="6♠",
    )
    state = play(state, "lead 7♣ 7♦ 7♥", "cover 7♣ 8♣", "cover 7♦ 8♦", "cover 7♥ 8♥")
    return play(
        state, "lead Q♣ Q♦ Q♥", "take", "lead 9♠", "take", "lead 10♠", "take", "lead K♠", "take"
    )


def test_standings_read_like_a_result() -> None:
    standings = durak.ranking(fool_game())
    assert [str(standing) for standing in standings] == [
        "1. seat 0: out after bout 5",
        "2. seat 1: 12 cards, the fool",
    ]
    assert str(durak.Standing(seat=1, place=2, out_after=None, cards_left=1, loser=False)) == (
        "2. seat 1: 1 card, a draw"
    )


@pytest.mark.parametrize(("stake", "expected"), [(1, (1, -1)), (5, (5, -5)), (0, (0, 0))])
def test_the_fool_pays_everyone(stake: int, expected: tuple[int, ...]) -> None:
    assert durak.payoffs(fool_game(), stake=stake) == expected  # D15


def test_four_players_the_fool_pays_three_stakes() -> None:
    state = durak.new_game(4, dealer=1, seed=3)
    while not durak.is_over(state):
        state = durak.apply(state, durak.legal_moves(state)[0])
    loser = state.loser
    assert loser is not None
    payoffs = durak.payoffs(state, stake=2)
    assert payoffs[loser] == -6 and sorted(payoffs) == [-6, 2, 2, 2]  # D15
    assert durak.next_dealer(state) == loser  # D16


@pytest.mark.parametrize("stake", [-1, True, 1.5, "1", None])
def test_bad_stakes(stake: object) -> None:
    with pytest.raises(InvalidOptionsError, match=r"the stake must be an int of 0 or more"):
        durak.payoffs(fool_game(), stake=stake)  # type: ignore[arg-type]


def test_returns_the_fool_pays_the_others() -> None:
    # D12, D15: zero-sum, the fool -1 and the others share +1.
    for players in (2, 3, 4):
        state = durak.new_game(players, seed=players)
        while not durak.is_over(state):
            state = durak.apply(state, durak.legal_moves(state)[0])
        returns = durak.returns(state)
        assert abs(sum(returns)) < 1e-12
        if state.loser is None:
            assert returns == (0.0,) * players
        else:
            assert returns[state.loser] == -1.0
            assert all(
                value == 1 / (players - 1)
                for seat, value in enumerate(returns)
                if seat != state.loser
            )


def test_returns_of_a_draw_are_zero() -> None:
    # D13: the repetition limit ends the game in a draw.
    state = durak.new_game(2, seed=4, options=durak.Options(take_limit=1))
    state = durak.apply(durak.apply(state, durak.legal_moves(state)[0]), "take")
    assert state.is_draw and durak.returns(state) == (0.0, 0.0)
    with pytest.raises(GameNotOverError, match="the returns exist only once the game is over"):
        durak.returns(durak.new_game(2, seed=4))
