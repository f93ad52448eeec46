"""A match keeps every game's record on request, tagged with the entries, their bots, the round and the result."""

from __future__ import annotations

import datetime
import importlib
import json
import sys
from pathlib import Path

import pytest

import sevens_ru as s7
from sevens_ru import BotTag, Tags, games
from sevens_ru.bots import Bot, HeuristicBot, RandomBot, make_bot
from sevens_ru.durak import bots as durak_bots
from sevens_ru.durak.tournament import play_match as durak_play_match
from sevens_ru.tournament import match, play_match

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_a_match_keeps_every_games_record_in_order() -> None:
    lineup = [make_bot("search:rollouts=5"), RandomBot()]
    result = play_match(lineup, 3, seed=2, players=3, records=True)
    assert len(result.records) == result.games == 9
    rounds = []
    for text in result.records:
        record = s7.read_record(text)
        tags = record.tags
        rounds.append(tags.round)
        assert s7.is_over(record.state)
        assert tags.event == "Russian Sevens match, seed 2"
        assert tags.date == datetime.date.today()
        _, rotation = map(int, (tags.round or "").split("."))
        entries = [(seat + rotation) % 3 % 2 for seat in range(3)]  # the lineup, rotated
        assert tags.players == tuple(["search:rollouts=5", "random"][entry] for entry in entries)
        assert tags.bots == tuple(BotTag.of(lineup[entry]) for entry in entries)
        assert tags.result == Tags.result_of(s7.ranking(record.state))
    assert rounds == [f"{deal}.{rotation}" for deal in range(3) for rotation in range(3)]
    # each deal's rotations are one deal, played from each seat
    first, second = (s7.read_record(text).state for text in result.records[:2])
    assert first.deal == second.deal
    # the records add nothing to the figures, and are the same from worker processes
    assert result == play_match(lineup, 3, seed=2, players=3)
    assert play_match(lineup, 3, seed=2, players=3, records=True, jobs=2).records == result.records
    assert play_match(lineup, 3, seed=2, players=3).records == ()


def test_without_duplicate_deals_each_deal_is_one_record() -> None:
    result = play_match([HeuristicBot(), RandomBot()], 4, seed=1, duplicate=False, records=True)
    rounds = [s7.read_record(text).tags.round for text in result.records]
    assert rounds == ["0.0", "1.1", "2.0", "3.1"]


def test_every_game_keeps_records() -> None:
    for name in ("durak", "domino"):
        game = games.get(name)
        lineup = [game.bots.make("heuristic"), game.bots.make("random")]
        result = match(game, lineup, 2, seed=5, records=True, names=["first", "second"])
        assert len(result.records) == 4
        tags = game.read_record(result.records[1]).tags
        assert set(tags.players or ()) == {"first", "second"}
        assert tags.event == f"{game.title()} match, seed 5"


def test_a_game_of_another_package_keeps_records(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(EXAMPLES))
    monkeypatch.setattr(games, "_entries", dict(games._entries))
    tops = importlib.import_module("tops")
    try:
        games.register(tops.GAME)
        result = match("tops", [tops.GreedyBot(), tops.RandomBot()], 2, seed=1, records=True)
        record = tops.GAME.read_record(result.records[0])
        assert json.loads(result.records[0])["tags"]["players"] == ["GreedyBot", "RandomBot"]
        assert record.tags.result == Tags.result_of(tops.GAME.ranking(record.state))
    finally:
        sys.modules.pop("tops", None)


def test_bad_records_settings_are_refused() -> None:
    bots: list[Bot] = [HeuristicBot(), RandomBot()]
    with pytest.raises(s7.MatchError, match="records must be True or False, got str 'yes'"):
        play_match(bots, 2, seed=1, records="yes")  # type: ignore[arg-type]
    with pytest.raises(
        s7.MatchError, match=r"records=True writes the names in every record: tags\.players\[1\]"
    ):
        play_match(bots, 2, seed=1, records=True, names=["a", "b\n"])
    unnamed = play_match(bots, 2, seed=1, names=["a", "b\n"])
    assert unnamed.bots[1].name == "b\n"  # without records, any name
    lineup: list[durak_bots.Bot] = [durak_bots.HeuristicBot(), durak_bots.RandomBot()]
    assert len(durak_play_match(lineup, 1, seed=1, records=True).records) == 2
