"""The rollout fast path agrees with the core engine move for move (R7-R19).

``playout`` and ``playout_state`` document their choices: with ``k`` legal cards in
canonical order, card number ``int(rng.random() * k)``, no draw when ``k`` is 1. The
reference below makes the same choices through ``legal_moves`` and ``apply``, so the
same deal and the same draws must give the same history, passes, winner and ranking.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sevens_ru as s7
from sevens_ru.games.sevens.playout import playout, playout_state

OPTIONS = [
    s7.Options(),
    s7.Options(rank_by_passes=True),
    s7.Options(place_numbering="dense"),
    s7.Options(rank_by_passes=True, place_numbering="dense"),
]


def replay(state: s7.GameState, rng: random.Random) -> s7.GameState:
    """The documented choices, made through the public API."""
    while moves := s7.legal_moves(state):
        count = len(moves)
        state = s7.apply(state, moves[int(rng.random() * count)] if count > 1 else moves[0])
    return state


def midgame(players: int, seed: int, options: s7.Options, plies: int) -> s7.GameState:
    """A state ``plies`` random plays into a seeded deal (or its end, if sooner)."""
    state = s7.new_game(players, seed=seed, options=options)
    rng = random.Random(-seed)
    for _ in range(plies):
        moves = s7.legal_moves(state)
        if not moves:
            break
        state = s7.apply(state, rng.choice(moves))
    return state


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("options", OPTIONS, ids=repr)
def test_playout_agrees_with_apply_move_for_move(players: int, options: s7.Options) -> None:
    # Same deal, same draws: the same history (R7-R14), passes (R11), winner (R14)
    # and ranking (R15-R18), from new games and from states part-way through.
    for number in range(25):
        seed = players * 1000 + number
        state = midgame(players, seed, options, plies=number % 12)
        expected = replay(state, random.Random(seed))
        final = playout_state(state, random.Random(seed))
        assert final == expected
        assert hash(final) == hash(expected)
        assert final.history == expected.history
        assert final.passes == expected.passes
        assert final.winner == expected.winner
        assert final.hands == expected.hands
        assert s7.legal_moves(final) == ()
        assert s7.ranking(final) == s7.ranking(expected)
        assert playout(state, random.Random(seed)) == s7.ranking(expected)


def test_playout_draws_as_documented() -> None:
    # The same rng ends in the same place after both: one draw per turn with k > 1.
    state = s7.new_game(4, seed=99)
    ours, theirs = random.Random(5), random.Random(5)
    playout(state, ours)
    replay(state, theirs)
    assert ours.random() == theirs.random()


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(-(2**70), 2**70),
    draws=st.integers(0, 2**32),
    plies=st.integers(0, 40),
    options=st.sampled_from(OPTIONS),
)
def test_playout_property(
    players: int, seed: int, draws: int, plies: int, options: s7.Options
) -> None:
    # From any reachable state the rollout is the game apply() would play.
    state = midgame(players, seed, options, plies)
    expected = replay(state, random.Random(draws))
    assert playout(state, random.Random(draws)) == s7.ranking(expected)
    assert playout_state(state, random.Random(draws)).history == expected.history


def test_playout_leaves_the_state_alone() -> None:
    state = midgame(5, 3, s7.Options(), plies=6)
    before = (state.history, state.hands, state.passes, state.current_player)
    playout(state, random.Random(1))
    playout_state(state, random.Random(1))
    assert (state.history, state.hands, state.passes, state.current_player) == before


def test_playout_of_a_finished_game_is_its_ranking() -> None:
    # R19: a finished state has its ranking; nothing is drawn.
    final = replay(s7.new_game(3, seed=8), random.Random(8))
    rng = random.Random(2)
    assert playout(final, rng) == s7.ranking(final)
    assert playout_state(final, rng) is final
    assert rng.random() == random.Random(2).random()


def test_playout_from_explicit_hands() -> None:
    # R6 deal given by hand: seat 1 holds 9♦ (R7) and every ♦, so it goes out first.
    diamonds = [card for card in s7.DECK if card.suit == s7.Suit.DIAMONDS]
    others = [card for card in s7.DECK if card.suit != s7.Suit.DIAMONDS]
    hands = [others[:18], diamonds + others[18:27]]
    state = s7.new_game(2, hands=hands)
    standings = playout(state, random.Random(0))
    assert standings == s7.ranking(replay(state, random.Random(0)))
    assert [standing.place for standing in standings] == [1, 2]


@pytest.mark.parametrize("function", [playout, playout_state])
@pytest.mark.parametrize("value", [None, "game", 3, s7.view(s7.new_game(2, seed=1), 0)])
def test_playout_refuses_what_is_not_a_state(function: object, value: object) -> None:
    with pytest.raises(s7.NotAGameStateError, match="takes a Sevens GameState"):
        function(value, random.Random(0))  # type: ignore[operator]
