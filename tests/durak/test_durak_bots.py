"""The Durak bots and bot games: legal, reproducible, and the heuristic plays better."""

from __future__ import annotations

import random
import runpy
import sys
from itertools import pairwise
from pathlib import Path

import pytest
from durak_helpers import hands, play, setups
from hypothesis import given, settings
from hypothesis import strategies as st

import sevens_ru as s7
from sevens_ru import (
    IllegalMoveError,
    InvalidOptionsError,
    NoMoveError,
    NotAGameStateError,
    UnknownBotError,
    WrongTypeError,
    durak,
)
from sevens_ru.games.durak.bots import BOT_NAMES, Bot, HeuristicBot, RandomBot, SearchBot, make_bot
from sevens_ru.games.durak.play import MatchResult, narrate, play_game, simulate

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@given(setups(), st.integers(0, 2**32), st.sampled_from(["heuristic", "random", "mixed"]))
@settings(max_examples=40)
def test_bots_always_choose_a_legal_move(state: durak.GameState, seed: int, kind: str) -> None:
    lineups: dict[str, list[Bot]] = {
        "heuristic": [HeuristicBot()] * state.players,
        "random": [RandomBot()] * state.players,
        "mixed": [HeuristicBot(), RandomBot()] * 2,
    }
    bots = lineups[kind][: state.players]
    rng = random.Random(seed)
    while not durak.is_over(state):
        seat = state.current_player
        assert seat is not None
        move = bots[seat].choose(durak.view(state, seat), rng)
        assert move in durak.legal_moves(state)
        state = durak.apply(state, move)


def test_bot_games_are_reproducible() -> None:
    bots: list[Bot] = [HeuristicBot(), RandomBot(), RandomBot()]
    first = list(play_game(bots, seed=9, dealer=2))
    second = list(play_game(bots, seed=9, dealer=2))
    assert first == second and durak.is_over(first[-1])
    assert first[0] == durak.new_game(3, dealer=2, seed=9)
    assert all(len(after.moves) == len(before.moves) + 1 for before, after in pairwise(first))


def test_the_heuristic_follows_the_notes() -> None:
    rng = random.Random(0)
    bot = HeuristicBot()
    state = durak.new_game(
        2,
        hands=hands("7♣ 8♣ 9♣ 10♦ J♦ Q♦ K♦ A♦ 8♠", "6♣ 6♦ 8♦ 9♥ 10♥ J♥ Q♥ K♥ A♥"),
        trump="7♠",
    )
    # Lead the lowest cards first, keeping the equal ones together
    assert bot.choose(durak.view(state, 1), rng) == durak.Lead(["6♣", "6♦"])
    state = durak.apply(state, "lead 6♣ 6♦")
    # Cover with the cheapest cards, keeping the trump
    assert bot.choose(durak.view(state, 0), rng) == durak.Cover("6♣", "7♣")
    state = durak.apply(state, "cover 6♣ 7♣")
    assert bot.choose(durak.view(state, 0), rng) == durak.Cover("6♦", "10♦")
    # Take at once when the attack cannot all be covered
    state = durak.new_game(
        2,
        hands=hands("7♣ 8♣ 9♣ 10♦ J♦ Q♦ K♦ A♦ 8♠", "6♣ 6♥ 8♦ 9♥ 10♥ J♥ Q♥ K♥ A♥"),
        trump="7♠",
    )
    state = durak.apply(state, "lead 6♣ 6♥")  # only the 8♠ covers 6♥, so 6♣ gets the 7♣
    assert bot.choose(durak.view(state, 0), rng) == durak.Cover("6♣", "7♣")
    state = durak.new_game(
        2,
        hands=hands("7♣ 8♣ 9♣ 10♦ J♦ Q♦ K♦ A♦ 10♣", "6♣ 6♥ 8♦ 9♥ 10♥ J♥ Q♥ K♥ A♥"),
        trump="7♠",
    )
    state = durak.apply(state, "lead 6♣ 6♥")  # no heart and no trump: 6♥ cannot be covered
    assert bot.choose(durak.view(state, 0), rng) == durak.Take()


def test_the_heuristic_avoids_leading_trumps_but_sheds_small_ones() -> None:
    rng = random.Random(0)
    bot = HeuristicBot()
    many_trumps = durak.new_game(
        2,
        hands=hands("6♠ 7♠ 9♠ 10♦ J♦ Q♦ K♦ A♦ 8♣", "6♣ 6♥ 8♦ 9♥ 10♥ J♥ Q♥ K♥ A♥"),
        trump="A♠",
        dealer=1,
    )
    assert bot.choose(durak.view(many_trumps, 0), rng) == durak.Lead(["8♣"])  # not the 6♠
    one_small_trump = durak.new_game(
        2,
        hands=hands("6♠ 9♣ 10♣ 10♦ J♦ Q♦ K♦ A♦ 8♣", "6♣ 6♥ 8♦ 9♥ 10♥ J♥ Q♥ K♥ A♥"),
        trump="A♠",
        dealer=1,
    )
    assert bot.choose(durak.view(one_small_trump, 0), rng) == durak.Lead(["6♠"])  # shed it early
    groups = durak.new_game(
        2,
        hands=hands("7♣ 7♦ J♣ J♦ 9♥ 10♥ Q♦ K♦ A♦", "6♣ 6♥ 8♦ 9♦ 10♦ J♥ Q♥ K♥ A♥"),
        trump="A♠",
        dealer=1,
    )
    assert bot.choose(durak.view(groups, 0), rng) == durak.Lead(["7♣", "7♦"])


def test_the_heuristic_beats_random_play() -> None:
    for players in (2, 3):
        bots: list[Bot] = [HeuristicBot(), *[RandomBot()] * (players - 1)]
        result = simulate(bots, 150, seed=players)
        assert result.losses[0] < 0.6 * (result.games - result.draws) / players
        assert result.mean_place[0] < min(result.mean_place[1:])


def test_simulate_counts_every_game() -> None:
    result = simulate([RandomBot(), RandomBot(), RandomBot()], 30, seed=1)
    assert isinstance(result, MatchResult) and result.games == 30
    assert sum(result.losses) + result.draws == 30
    assert all(1 <= place <= 3 for place in result.mean_place) and result.moves > 30 * 3
    assert simulate([RandomBot(), RandomBot()], 30, seed=1) == simulate(
        [RandomBot(), RandomBot()], 30, seed=1
    )
    assert simulate([RandomBot(), RandomBot()], 0, seed=1).games == 0
    for games in (-1, 2.5, True):
        with pytest.raises(
            InvalidOptionsError, match=r"the number of games must be an int of 0 or more"
        ):
            simulate([RandomBot(), RandomBot()], games, seed=1)  # type: ignore[arg-type]


def test_a_bot_that_cheats_is_named() -> None:
    class Cheat:
        def choose(self, view: durak.PlayerView, rng: random.Random) -> durak.Move:
            return durak.parse_move("lead A♠")

        def __repr__(self) -> str:
            return "Cheat()"

    with pytest.raises(
        IllegalMoveError, match=r"Cheat\(\) playing seat \d: seat \d cannot lead A♠"
    ):
        for _ in play_game([Cheat(), Cheat(), Cheat()], seed=1):
            pass


def test_a_bot_asked_out_of_turn_refuses() -> None:
    # The same error in the same situation as the main game's bots.
    state = durak.new_game(2, seed=4)
    for bot in (RandomBot(), HeuristicBot(), SearchBot()):
        with pytest.raises(NoMoveError, match=r"^seat 0 has no move: it is seat 1's turn$"):
            bot.choose(durak.view(state, 0), random.Random(0))
    over = durak.new_game(
        2,
        hands=hands("9♦ 10♦ J♦ Q♦ K♦ A♦ 9♥ 10♥ J♥", "6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣"),
        trump="6♠",
        options=durak.Options(take_limit=1),
    )
    over = play(over, "lead 6♣", "take")  # D13: the take limit is reached
    assert durak.is_over(over)
    for bot in (RandomBot(), HeuristicBot(), SearchBot()):
        with pytest.raises(NoMoveError, match=r"seat 1 has no move: the game is over"):
            bot.choose(durak.view(over, 1), random.Random(0))
    assert repr(RandomBot()) == "RandomBot()" and repr(HeuristicBot()) == "HeuristicBot()"


@pytest.mark.parametrize("bot", [RandomBot(), HeuristicBot(), SearchBot()])
def test_a_bot_refuses_what_is_not_a_durak_view_or_a_random(bot: Bot) -> None:
    state = durak.new_game(2, seed=4)
    seen = durak.view(state, 1)
    sevens_view = s7.view(s7.new_game(4, seed=1), 1)
    with pytest.raises(
        NotAGameStateError,
        match=r"takes a Durak PlayerView; this is a Sevens PlayerView: use a bot of sevens_ru.bots",
    ):
        bot.choose(sevens_view, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(
        NotAGameStateError,
        match=r"takes a Durak PlayerView from durak.view\(state, seat\), got a Durak GameState",
    ):
        bot.choose(state, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"a bot takes a random.Random, got int"):
        bot.choose(seen, 7)  # type: ignore[arg-type]


def test_bots_by_name() -> None:
    # The same names, the same semantics and the same errors as sevens_ru.bots.make_bot.
    assert BOT_NAMES == ("random", "heuristic", "search")
    assert [type(make_bot(name)) for name in BOT_NAMES] == [RandomBot, HeuristicBot, SearchBot]
    assert isinstance(make_bot(" Heuristic "), HeuristicBot)
    assert all(isinstance(make_bot(name), Bot) for name in BOT_NAMES)
    with pytest.raises(
        UnknownBotError, match="unknown Durak bot 'minimax': expected random, heuristic or search"
    ):
        make_bot("minimax")
    with pytest.raises(
        UnknownBotError, match="bad setting 'depth=2' for heuristic: it takes no settings"
    ):
        make_bot("heuristic:depth=2")
    with pytest.raises(UnknownBotError, match="a Durak bot is named by text"):
        make_bot(3)  # type: ignore[arg-type]


def test_narrate_tells_what_followed() -> None:
    state = durak.new_game(
        2,
        hands=hands("7♣ 7♦ 7♠ 9♣ 9♦ 9♠ J♣ J♦ J♠", "6♣ 6♦ 6♠ 8♣ 8♦ 8♠ 10♣ 10♦ 10♠"),
        trump="6♥",
    )
    before = play(state, "lead 6♣ 6♦ 6♠", "cover 6♣ 7♣", "cover 6♦ 7♦")
    after = durak.apply(before, "cover 6♠ 7♠")
    assert narrate(before, after) == (
        "seat 0 covers 6♠ with 7♠",
        "the bout is covered: 6 cards set aside",
        "seat 0 attacks seat 1",
    )
    before = play(
        after,
        "lead 9♣ 9♦ 9♠",
        "cover 9♣ 10♣",
        "cover 9♦ 10♦",
        "cover 9♠ 10♠",
        "lead 8♣ 8♦ 8♠",
        "cover 8♣ J♣",
        "cover 8♦ J♦",
    )
    assert narrate(before, durak.apply(before, "cover 8♠ J♠"))[-3:] == (
        "seat 0 is out",
        "seat 1 is out",
        "game over: a draw, every hand emptied at once (D12)",
    )
    limited = durak.new_game(
        2,
        hands=hands("9♦ 10♦ J♦ Q♦ K♦ A♦ 9♥ 10♥ J♥", "6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣"),
        trump="6♠",
        options=durak.Options(take_limit=1),
    )
    led = durak.apply(limited, "lead 6♣")
    assert narrate(led, durak.apply(led, "take")) == (
        "seat 0 takes 6♣",
        "game over: a draw, 1 bouts in a row taken (D13)",
    )
    assert narrate(limited, led) == ("seat 1 leads 6♣",)


def test_the_example_scripts_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", ["durak_game.py", "--players", "3", "--seed", "5"])
    runpy.run_path(str(EXAMPLES / "durak_game.py"), run_name="__main__")
    output = capsys.readouterr().out
    assert "trump" in output and "seat 1 leads" in output  # D5: the dealer is seat 0
    assert "1. seat" in output and "game over" in output
    monkeypatch.setattr(sys, "argv", ["durak_speed.py", "--games", "20", "--players", "2"])
    runpy.run_path(str(EXAMPLES / "durak_speed.py"), run_name="__main__")
    assert "games/s" in capsys.readouterr().out
