"""The contract every registered game keeps: :func:`sevens_ru.testing.api_test` on each.

The checks themselves are in :mod:`sevens_ru.testing`, public for authors of new
games; here they run on every game of the registry, from many seeds, and
``tests/test_api_test.py`` shows that each of them can fail.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sevens_ru as s7
from sevens_ru import durak, games
from sevens_ru.testing import api_test

every_game = pytest.mark.parametrize("name", games.names())


@every_game
def test_every_registered_game_keeps_the_contract(name: str) -> None:
    api_test(games.get(name), games=8, seed=2026)


@every_game
@settings(max_examples=10)
@given(seed=st.integers(min_value=0, max_value=2**64))
def test_the_contract_holds_from_any_seed(name: str, seed: int) -> None:
    api_test(games.get(name), games=2, seed=seed, bots=False)


@pytest.mark.parametrize(
    "function",
    [lambda state: durak.payoffs(state, stake=1), durak.next_dealer],
    ids=["payoffs", "next_dealer"],
)
def test_durak_s_own_functions_of_a_state_refuse_anything_else(function: object) -> None:
    sevens = s7.new_game(2, seed=1)
    for value in ("take", None, sevens, s7.view(sevens, 0)):
        with pytest.raises(s7.NotAGameStateError):
            function(value)  # type: ignore[operator]


def test_a_registered_game_is_played_by_its_own_bots_to_the_end() -> None:
    for name in games.names():
        game = games.get(name)
        rng = random.Random(5)
        players = game.default_players
        state = game.new_game(players, seed=5, **game.random_setup(players, rng))
        bots = [game.bots.make(game.bots.names[0]) for _ in range(players)]
        while not game.is_over(state):
            seat = state.current_player
            state = game.apply(state, bots[seat].choose(game.view(state, seat), rng))
        assert sorted(standing.seat for standing in game.ranking(state)) == list(range(players))
