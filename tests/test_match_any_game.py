"""A game registered at run time plays matches through the one match of every game.

``examples/tops.py`` (the game of docs/howto/add-game.md) is registered as a program
would register it; :func:`sevens_ru.tournament.match` plays it in this process and in
worker processes with the same result, measures what every game has (wins, place,
return), and ``sevens-ru simulate --game tops`` shows it. The same match on Ray is in
tests/on_ray.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import sevens_ru as s7
import sevens_ru.bots
from sevens_ru import games
from sevens_ru.cli import main
from sevens_ru.tournament import AnyMatchResult, match, play_match

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture
def tops(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """The module of ``examples/tops.py``, its game registered for the test only."""
    monkeypatch.syspath_prepend(str(EXAMPLES))
    monkeypatch.setattr(games, "_entries", dict(games._entries))
    module = importlib.import_module("tops")
    games.register(module.GAME)
    yield module
    sys.modules.pop("tops", None)


def test_a_game_registered_at_run_time_plays_a_match(tops: ModuleType) -> None:
    lineup = [tops.GreedyBot(), tops.RandomBot(), tops.RandomBot()]
    result = match("tops", lineup, 12, seed=4)
    assert isinstance(result, AnyMatchResult)
    assert (result.game, result.players, result.deals, result.games) == ("tops", 3, 12, 36)
    assert [bot.games for bot in result.bots] == [36, 36, 36]
    assert list(result.bots[0].figures) == ["win_rate", "mean_place", "mean_return"]
    # Places are shared on equal points, so at least one seat wins each game.
    assert sum(bot.counts["wins"] for bot in result.bots) >= 36
    # The returns are zero-sum in every game, so their means over the seats are too.
    returns = [bot.figures["mean_return"] for bot in result.bots]
    assert sum(estimate.mean for estimate in returns) == pytest.approx(0, abs=1e-9)
    assert all(estimate.low <= estimate.mean <= estimate.high for estimate in returns)
    greedy, other = result.bots[0].figures["win_rate"], result.bots[1].figures["win_rate"]
    assert greedy.mean > other.mean
    assert match(tops.GAME, lineup, 12, seed=4) == result  # the game, or its name


def test_the_match_of_a_registered_game_is_the_same_in_worker_processes(
    tops: ModuleType,
) -> None:
    lineup = [tops.GreedyBot(), tops.RandomBot()]
    here = match("tops", lineup, 10, seed=7, players=3)
    assert match("tops", lineup, 10, seed=7, players=3, jobs=2) == here
    assert match("tops", lineup, 10, seed=8, players=3) != here


def test_the_results_of_any_game_as_json_and_a_table(tops: ModuleType) -> None:
    result = match("tops", [tops.GreedyBot(), tops.RandomBot()], 5, seed=1, names=["g", "r"])
    record = json.loads(json.dumps(result.to_dict()))
    assert record["game"] == "tops" and record["options"] is None
    assert list(record["bots"][0]) == [
        "name",
        "entry",
        "games",
        "wins",
        "win_rate",
        "mean_place",
        "mean_return",
        "moves",
        "ms_per_move",
    ]
    header = result.table().splitlines()[0].split()
    assert header == ["bot", "games", "win", "rate", "mean", "place", "return", "ms/move"]


def test_the_settings_are_checked_by_the_game(tops: ModuleType) -> None:
    with pytest.raises(s7.MatchError, match=r"^players must be 2 to 4, got 5$"):
        match("tops", [tops.RandomBot()] * 5, 2, seed=1)
    with pytest.raises(s7.MatchError, match=r"bot 'random' in seat \d failed: NotAGameStateError"):
        match("tops", [tops.RandomBot(), s7.bots.RandomBot()], 2, seed=1)  # a bot of Sevens
    with pytest.raises(s7.UnknownGameError, match="unknown game 'chess'"):
        match("chess", [tops.RandomBot()] * 2, 2, seed=1)


def test_each_games_play_match_is_the_one_match_with_its_game() -> None:
    bots: list[s7.bots.Bot] = [s7.bots.HeuristicBot(), s7.bots.RandomBot()]
    assert match("sevens", bots, 4, seed=2) == play_match(bots, 4, seed=2)
    result = play_match(bots, 4, seed=2)
    assert result.bots[0].win_rate is result.bots[0].figures["win_rate"]
    assert result.bots[0].wins == result.bots[0].counts["wins"]


def test_simulate_game_plays_a_game_registered_at_run_time(
    tops: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = ["simulate", "--game", "tops", "--bots", "greedy", "random", "--games", "6"]
    assert main([*arguments, "--quiet", "--plain"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "2 players, 6 deals, each in every seat rotation: 12 games, seed 1"
    assert lines[1].split()[:6] == ["bot", "games", "win", "rate", "mean", "place"]
    assert lines[2].startswith("greedy     12  ") and lines[4].startswith("random     12  ")
    assert main([*arguments, "--quiet", "--json", "--jobs", "2"]) == 0
    record = json.loads(capsys.readouterr().out)
    expected = match(
        "tops", [tops.GreedyBot(), tops.RandomBot()], 6, seed=1, names=["greedy", "random"]
    )
    assert record["game"] == "tops"
    assert [bot["win_rate"] for bot in record["bots"]] == [
        bot.figures["win_rate"].to_dict() for bot in expected.bots
    ]
