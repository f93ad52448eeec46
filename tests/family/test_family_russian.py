"""The family's engine as Russian Sevens agrees with the library's own engine (R1–R21), game by game."""

from __future__ import annotations

import random

from family_helpers import seeds
from hypothesis import given, settings
from hypothesis import strategies as st

import sevens_ru as s7
from sevens_ru.games.family.russian import RUSSIAN
from sevens_ru.testing import api_test

options_of_sevens = st.builds(
    s7.Options,
    rank_by_passes=st.booleans(),
    place_numbering=st.sampled_from(["competition", "dense"]),
)


@settings(max_examples=300)
@given(seed=seeds, players=st.integers(2, 6), options=options_of_sevens)
def test_the_engines_agree_on_every_move_and_the_ranking(
    seed: int, players: int, options: s7.Options
) -> None:
    theirs = s7.new_game(players, seed=seed, options=options)
    mine = RUSSIAN.new_game(players, seed=seed, options=options)
    assert mine.deal == theirs.deal and mine.hands == theirs.hands  # R5 is F7 with dealer n-1
    rng = random.Random(seed)
    while True:
        assert RUSSIAN.legal_moves(mine) == s7.legal_moves(theirs)  # R7, R9, R10
        assert RUSSIAN.legal_actions(mine) == s7.legal_actions(theirs)
        assert mine.history == theirs.history and mine.passes == theirs.passes  # R11
        assert mine.current_player == theirs.current_player
        assert mine.table == theirs.table
        if s7.is_over(theirs):
            break
        move = rng.choice(s7.legal_moves(theirs))
        theirs, mine = s7.apply(theirs, move), RUSSIAN.apply(mine, move)
    assert RUSSIAN.is_over(mine) and mine.winner == theirs.winner  # R14
    assert RUSSIAN.ranking(mine) == s7.ranking(theirs)  # R15-R18
    assert RUSSIAN.returns(mine) == s7.returns(theirs)
    assert RUSSIAN.to_json(mine) == s7.to_json(theirs)  # F18: the same record
    assert RUSSIAN.from_json(s7.to_json(theirs)) == mine


def test_the_russian_configuration_takes_a_dealer() -> None:
    # M2 / F7: with dealer d, seat d+1 receives the first card (with 5 players, 8 cards)
    state = RUSSIAN.new_game(5, dealer=1, seed=3)
    assert [len(hand) for hand in state.hands] == [7, 7, 8, 7, 7]
    assert '"dealer": 1' in RUSSIAN.to_json(state)
    assert RUSSIAN.from_json(RUSSIAN.to_json(state)) == state
    assert s7.Card.parse("9♦") in RUSSIAN.legal_moves(state)  # R7 still


def test_the_russian_configuration_keeps_the_contract_of_a_game() -> None:
    api_test(RUSSIAN, games=3, seed=7)
