"""The Durak SearchBot: legal, reproducible, blind to hidden cards, and its fast playouts exact."""

from __future__ import annotations

import random
import time

import pytest
from durak_helpers import hands, random_states, setups
from hypothesis import given, settings
from hypothesis import strategies as st

from sevens_ru import InvalidOptionsError, durak
from sevens_ru.cli import main
from sevens_ru.games.durak.bots import Bot, HeuristicBot, RandomBot, SearchBot, make_bot
from sevens_ru.games.durak.bots._rollout import (
    Rules,
    heuristic_defence,
    heuristic_lead,
    move_value,
    play_out,
)
from sevens_ru.games.durak.inference import infer, sample_state
from sevens_ru.games.durak.play import play_game
from sevens_ru.games.durak.tournament import play_match


def as_mask(move: durak.Move) -> int:
    if isinstance(move, durak.Lead):
        return move.mask
    if isinstance(move, durak.Cover):
        return move.attack.bit | move.card.bit
    return 0


def finish_with_heuristics(state: durak.GameState) -> durak.GameState:
    bot = HeuristicBot()
    while not durak.is_over(state):
        seat = state.current_player
        assert seat is not None
        state = durak.apply(state, bot.choose(durak.view(state, seat), random.Random(0)))
    return state


@given(setups(), st.integers(0, 2**32))
@settings(max_examples=40, deadline=None)
def test_the_fast_heuristic_chooses_as_the_heuristic_bot(state: durak.GameState, seed: int) -> None:
    for position in random_states(state, random.Random(seed)):
        seat = position.current_player
        if seat is None:
            break
        hand = position.hand_mask(seat)
        fast = (
            heuristic_defence(hand, position.uncovered_mask, position.trump_suit)
            if position.attack_mask
            else heuristic_lead(hand, position.trump_suit)
        )
        chosen = HeuristicBot().choose(durak.view(position, seat), random.Random(0))
        assert fast == as_mask(chosen)


@given(setups(), st.integers(0, 2**32))
@settings(max_examples=40, deadline=None)
def test_a_fast_playout_ends_as_the_engine_does(state: durak.GameState, seed: int) -> None:
    # D5-D13 on card sets: the same moves give the same fool (or draw) as durak.apply.
    rng = random.Random(seed)
    positions = [s for s in random_states(state, rng) if not durak.is_over(s)]
    position = rng.choice(positions)
    move = rng.choice(durak.legal_moves(position))
    final = finish_with_heuristics(durak.apply(position, move))
    fool = play_out(
        [position.hand_mask(seat) for seat in range(position.players)],
        position.attacker,  # type: ignore[arg-type]  # not over
        position.defender,  # type: ignore[arg-type]
        position.attack_mask,
        position.uncovered_mask,
        position.cover_mask,
        position.takes_in_a_row,
        as_mask(move),
        Rules(position.players, position.trump_suit, position.options.take_limit),
    )
    assert fool == (-1 if final.loser is None else final.loser)
    assert [move_value(fool, seat, final.players) for seat in range(final.players)] == list(
        durak.payoffs(final)
    )


@given(setups(), st.integers(0, 2**32))
@settings(max_examples=15, deadline=None)
def test_the_search_bot_makes_only_legal_moves(state: durak.GameState, seed: int) -> None:
    bot = SearchBot(rollouts=12)
    rng = random.Random(seed)
    while not durak.is_over(state):
        seat = state.current_player
        assert seat is not None
        move = bot.choose(durak.view(state, seat), rng)
        assert move in durak.legal_moves(state)
        state = durak.apply(state, move)


def test_the_search_bot_replays_from_a_seed() -> None:
    bots: list[Bot] = [SearchBot(rollouts=20), HeuristicBot(), RandomBot()]
    first = list(play_game(bots, seed=11, dealer=1))
    assert first == list(play_game(bots, seed=11, dealer=1)) and durak.is_over(first[-1])
    seen = durak.view(durak.new_game(3, dealer=0, seed=7), 1)
    moves = {SearchBot(rollouts=30).choose(seen, random.Random(4)) for _ in range(3)}
    assert len(moves) == 1


def test_the_search_bot_sees_only_the_view() -> None:
    # D17: deals that differ only in cards the seat cannot see give the same view, and so
    # the same move from the same generator, whatever the hidden cards are.
    real = durak.new_game(3, dealer=0, seed=7)
    real = durak.apply(real, durak.legal_moves(real)[0])
    seat = real.current_player
    assert seat is not None
    seen = durak.view(real, seat)
    bot = SearchBot(rollouts=40)
    expected = bot.choose(seen, random.Random(3))
    others = [sample_state(seen, random.Random(number)) for number in range(5)]
    assert len({state.hands for state in others}) > 1  # the hidden cards differ
    for other in others:
        assert durak.view(other, seat) == seen
        assert bot.choose(durak.view(other, seat), random.Random(3)) == expected


def test_the_search_bot_finds_the_only_escape() -> None:
    # Three heuristic players, deal 60, after 21 moves: seat 0 defends and knows every
    # card (one consistent deal). The heuristic covers the 10♦ with the K♦ and ends the
    # fool; taking is the only move that does not lose (D9), and the search finds it.
    state = list(play_game([HeuristicBot()] * 3, seed=60))[21]
    seen = durak.view(state, 0)
    assert infer(seen).count == 1
    heuristic = HeuristicBot().choose(seen, random.Random(0))
    assert heuristic == durak.Cover("10♦", "K♦")
    assert finish_with_heuristics(durak.apply(state, heuristic)).loser == 0
    move = SearchBot(rollouts=40).choose(seen, random.Random(0))
    assert move == durak.Take()
    assert finish_with_heuristics(durak.apply(state, move)).loser != 0


@pytest.mark.parametrize(
    ("settings_", "message"),
    [
        (
            {"rollouts": 0},
            r"rollouts must be an int from 1 to 1,000,000 \(playouts per decision\), got 0",
        ),
        ({"rollouts": -5}, r"rollouts must be an int from 1 to 1,000,000 .*got -5"),
        ({"rollouts": True}, r"rollouts must be an int from 1 to 1,000,000 .*got True"),
        ({"rollouts": 2.5}, r"rollouts must be an int from 1 to 1,000,000 .*got 2.5"),
        ({"rollouts": "10"}, r"rollouts must be an int from 1 to 1,000,000 .*got '10'"),
        ({"time_limit": 0}, r"time_limit must be None or a positive number of seconds, got 0"),
        ({"time_limit": -0.1}, r"time_limit must be None or a positive number .*got -0.1"),
        ({"time_limit": True}, r"time_limit must be None or a positive number .*got True"),
        ({"time_limit": "fast"}, r"time_limit must be None or a positive number .*got 'fast'"),
    ],
)
def test_bad_budgets_are_refused(settings_: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOptionsError, match=r"durak SearchBot\." + message):
        SearchBot(**settings_)  # type: ignore[arg-type]
    description = "search:" + ",".join(f"{key}={value}" for key, value in settings_.items())
    if not isinstance(next(iter(settings_.values())), (bool, str)):
        with pytest.raises(InvalidOptionsError, match=message):
            make_bot(description)


def test_a_time_limit_bounds_the_decision() -> None:
    seen = durak.view(durak.new_game(3, dealer=0, seed=7), 1)
    bot = SearchBot(time_limit=0.02)
    started = time.perf_counter()
    move = bot.choose(seen, random.Random(0))
    assert move in seen.legal_moves()
    assert time.perf_counter() - started < 0.5  # the rounds share 0.02 s, one deal at least


def test_a_single_legal_move_is_made_at_once() -> None:
    state = durak.new_game(
        2,
        hands=hands("7♣ 8♣ 9♣ 10♦ J♦ Q♦ K♦ A♦ 10♣", "6♣ 6♥ 8♦ 9♥ 10♥ J♥ Q♥ K♥ A♥"),
        trump="7♠",
    )
    seen = durak.view(durak.apply(state, "lead 6♥"), 0)  # no heart, no trump: take (D9)
    assert seen.legal_moves() == (durak.Take(),)
    assert SearchBot(rollouts=10**6).choose(seen, random.Random(0)) == durak.Take()


def test_the_search_bot_is_the_fool_less_often_than_the_heuristic() -> None:
    result = play_match(
        [SearchBot(rollouts=40), HeuristicBot(), HeuristicBot()], 30, seed=5, players=3
    )
    searcher, *heuristics = result.bots
    assert searcher.games == 90 and searcher.moves > 0
    assert all(searcher.fool_rate.mean < other.fool_rate.mean for other in heuristics)
    assert searcher.fool_rate.mean < 1 / 3


def test_the_command_plays_the_search_bot(capsys: pytest.CaptureFixture[str]) -> None:
    command = ["simulate", "--game", "durak", "--bots", "search:rollouts=20", "heuristic"]
    assert main([*command, "random", "--games", "4", "--plain", "--quiet"]) == 0
    assert "search:rollouts=20" in capsys.readouterr().out
    demo = ["demo", "--game", "durak", "--bots", "search:rollouts=20", "random", "--seed", "2"]
    assert main([*demo, "--plain", "--delay", "0"]) == 0
    assert "search:rollouts=20" in capsys.readouterr().out
