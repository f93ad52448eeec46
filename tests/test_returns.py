"""Zero-sum returns of the main game, from the ranking (R15-R18)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given

import sevens_ru as s7
from helpers import games


def expected_returns(state: s7.GameState) -> list[Fraction]:
    """Position p (1-based) is worth 1 - 2(p-1)/(n-1); a shared place shares its positions."""
    standings = s7.ranking(state)
    n = state.players
    value = [1 - Fraction(2 * (p - 1), n - 1) for p in range(1, n + 1)]
    result = [Fraction(0)] * n
    for place in {standing.place for standing in standings}:
        positions = [i for i, standing in enumerate(standings) if standing.place == place]
        share = sum((value[i] for i in positions), Fraction(0)) / len(positions)
        for i in positions:
            result[standings[i].seat] = share
    return result


@given(games())
def test_returns_follow_the_ranking_and_sum_to_zero(states: list[s7.GameState]) -> None:
    final = states[-1]
    returns = s7.returns(final)
    assert len(returns) == final.players
    assert all(isinstance(value, float) for value in returns)
    assert math.isclose(sum(returns), 0.0, abs_tol=1e-12)
    assert returns[final.winner] == 1.0  # type: ignore[index]  # R15: the winner alone first
    for value, exact in zip(returns, expected_returns(final), strict=True):
        assert math.isclose(value, exact, abs_tol=1e-12)
    for state in states[:-1]:
        with pytest.raises(s7.GameNotOverError, match="R19"):
            s7.returns(state)


def test_shared_places_share_their_positions() -> None:
    # R18: a game where seats share a place; both numberings give the same returns.
    for seed in range(200):
        state = s7.new_game(4, seed=seed)
        while not s7.is_over(state):
            state = s7.apply(state, s7.legal_moves(state)[0])
        places = [standing.place for standing in s7.ranking(state)]
        if len(set(places)) < len(places):
            break
    else:
        pytest.fail("no shared place in 200 games")
    dense = s7.from_json(s7.to_json(state).replace('"competition"', '"dense"'))
    assert s7.returns(dense) == s7.returns(state)
    standings = s7.ranking(state)
    shared = [s for s in standings if places.count(s.place) > 1]
    assert len({s7.returns(state)[s.seat] for s in shared}) == 1


def test_two_players_win_and_lose() -> None:
    state = s7.new_game(2, seed=4)
    while not s7.is_over(state):
        state = s7.apply(state, s7.legal_moves(state)[-1])
    assert sorted(s7.returns(state)) == [-1.0, 1.0]


def test_returns_want_a_state() -> None:
    with pytest.raises(s7.NotAGameStateError):
        s7.returns(None)  # type: ignore[arg-type]
