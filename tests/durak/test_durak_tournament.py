"""Durak matches: a failing bot is named, the settings are checked, the rates' intervals hold."""

from __future__ import annotations

import json
import random

import pytest

from sevens_ru import IllegalMoveError, durak
from sevens_ru.games.durak.bots import HeuristicBot, RandomBot
from sevens_ru.games.durak.tournament import MatchError, play_match


class Broken:
    def choose(self, view: durak.PlayerView, rng: random.Random) -> durak.Move:
        raise RuntimeError("out of ideas")


class Cheater:
    name = "cheater"

    def choose(self, view: durak.PlayerView, rng: random.Random) -> durak.Move:
        return durak.Take()  # even when it is to lead


def test_a_bot_that_raises_is_named_with_its_seat_and_deal() -> None:
    with pytest.raises(
        MatchError,
        match=r"^deal 0, rotation 0: bot 'Broken' in seat \d failed: RuntimeError: out of ideas$",
    ) as error:
        play_match([Broken(), RandomBot()], 3, seed=1)
    assert isinstance(error.value.__cause__, RuntimeError)


def test_a_bot_that_plays_an_illegal_move_is_named() -> None:
    # A take when no bout is in progress (D9: only the defender takes): the rules refuse it, the match names the bot.
    with pytest.raises(
        MatchError,
        match=r"^deal 0, rotation \d: bot 'cheater' in seat \d: seat \d cannot take: no bout",
    ) as error:
        play_match([Cheater(), RandomBot()], 3, seed=1)
    assert isinstance(error.value.__cause__, IllegalMoveError)


def test_names_label_the_failing_bot() -> None:
    with pytest.raises(MatchError, match=r"bot 'crash' in seat"):
        play_match([Broken(), RandomBot()], 1, seed=1, names=["crash", "random"])


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            {"bots": [RandomBot()]},
            r"^a match needs at least 2 seats, and one bot alone fills one: pass players=2 to 4 "
            r"\(D2\)",
        ),
        ({"players": 5}, r"^players must be 2 to 4 \(D2\), got 5$"),
        ({"players": 1}, r"^players must be at least 2, got 1$"),
        (
            {"players": 4, "options": durak.Options(short_deck=True)},
            r"^the 32-card pack \(short_deck\) is for 2 or 3 players \(D1\)",
        ),
        ({"options": "short"}, r"^options must be a durak.Options, got str$"),
        ({"games": None}, r"^games must be an int, got None$"),
        ({"names": ["a", "b", "c"]}, r"^3 names for 2 bots$"),
    ],
)
def test_bad_settings(arguments: dict[str, object], message: str) -> None:
    settings: dict[str, object] = {"bots": [RandomBot(), RandomBot()], "games": 2, "seed": 1}
    settings.update(arguments)
    with pytest.raises(MatchError, match=message):
        play_match(**settings)  # type: ignore[arg-type]


def test_one_bot_fills_every_seat_when_told_how_many() -> None:
    result = play_match([RandomBot()], 4, seed=1, players=3)
    assert [bot.games for bot in result.bots] == [36]  # 4 deals x 3 rotations x 3 seats
    # D12: every game has one fool, or none in a draw; the one entry holds every seat.
    assert result.bots[0].losses + result.bots[0].draws // 3 == 12


def test_a_rate_without_spread_gets_a_wilson_interval() -> None:
    # The heuristic bot is never the fool here, and no game is drawn: the rates are 0 in
    # every deal, yet their intervals reach above 0 (Wilson), as they should after 90 games.
    result = play_match([HeuristicBot(), RandomBot(), RandomBot()], 30, seed=8)
    heuristic = result.bots[0]
    assert heuristic.losses == 0 and heuristic.draws == 0
    for rate in (heuristic.fool_rate, heuristic.draw_rate):
        assert rate.mean == rate.low == 0.0
        assert rate.high == pytest.approx(1.959964**2 / (90 + 1.959964**2), abs=1e-5)
    for bot in result.bots:
        for figure in (bot.fool_rate, bot.draw_rate, bot.mean_place, bot.mean_payoff):
            assert figure.low < figure.high


def test_results_as_json_and_table() -> None:
    result = play_match([HeuristicBot(), RandomBot()], 5, seed=1)
    record = json.loads(json.dumps(result.to_dict()))
    assert record["game"] == "durak"
    assert record["interval"].startswith("95%: Wilson score for rates")
    assert set(record["bots"][0]["fool_rate"]) == {"mean", "low", "high", "samples"}
    assert list(record["bots"][0]) == [
        "name",
        "entry",
        "games",
        "losses",
        "draws",
        "fool_rate",
        "draw_rate",
        "mean_place",
        "mean_payoff",
        "moves",
        "ms_per_move",
    ]
    lines = result.table().splitlines()
    headings = ["bot", "games", "fool", "rate", "draws", "mean", "place", "payoff", "ms/move"]
    assert lines[0].split() == headings
    assert lines[1].startswith("HeuristicBot     10  ")
