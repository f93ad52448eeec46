"""Series records (M1): every deal's hands and moves, round trips, and corrupt records refused."""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from series_helpers import GAMES, random_series, tables

import sevens_ru as s7
from sevens_ru import games, series
from sevens_ru.series import SeriesOptions


@settings(max_examples=40)  # 10 in the quick run, 80 in CI's deep one
@given(tables(), st.integers(0, 2**32), st.floats(0, 1))
def test_a_record_gives_back_the_series_at_any_move(
    table: series.Series, seed: int, where: float
) -> None:
    # M1: the record stores every deal's hands and moves; loading replays them
    values = random_series(table, random.Random(seed))
    value = values[int(where * (len(values) - 1))]
    text = series.to_json(value)
    loaded = series.from_json(text)
    assert loaded == value and hash(loaded) == hash(value)
    assert loaded.totals == value.totals and loaded.bank == value.bank
    assert loaded.results == value.results
    assert series.to_json(loaded) == text
    assert pickle.loads(pickle.dumps(value)) == value


def test_the_record_holds_each_deal_s_own_record() -> None:
    # M1, F18: a deal is the game's record without the series' fields
    options = SeriesOptions(deals=2)
    for name in GAMES:
        game = games.get(name)
        final = random_series(
            series.new_series(name, 3, seed=4, series_options=options), random.Random(4)
        )[-1]
        record = json.loads(series.to_json(final, indent=2))
        assert list(record) == [
            "format",
            "game",
            "players",
            "first_dealer",
            "seed",
            "options",
            "series_options",
            "deals",
        ]
        assert record["game"] == name and len(record["deals"]) == 2
        for state, entry in zip(final.played, record["deals"], strict=True):
            own = json.loads(game.to_json(state))
            assert entry == {
                key: own[key] for key in own if key not in ("format", "game", "players", "options")
            }
            assert record["options"] == own["options"]


def test_a_sevens_record_names_no_dealer_for_the_default() -> None:
    # F18: deal 0 (dealer n − 1) has no dealer field, deal 1 (dealer 0) has one
    final = random_series(
        series.new_series("sevens", 3, seed=0, series_options=SeriesOptions(deals=2)),
        random.Random(0),
    )[-1]
    deals = json.loads(series.to_json(final))["deals"]
    assert "dealer" not in deals[0] and deals[1]["dealer"] == 0


def record_of(name: str = "sevens", deals: int = 2) -> dict[str, Any]:
    table = series.new_series(name, 3, seed=3, series_options=SeriesOptions(deals=deals))
    final = random_series(table, random.Random(3))[-1]
    record: dict[str, Any] = json.loads(series.to_json(final))
    return record


def mid_record() -> dict[str, Any]:
    table = series.new_series("sevens", 3, seed=3, series_options=SeriesOptions(deals=2))
    values = random_series(table, random.Random(3))
    middle = next(value for value in values if value.deal_number == 1)
    record: dict[str, Any] = json.loads(
        series.to_json(series.apply(middle, series.legal_moves(middle)[0]))
    )
    return record


def changed(
    edit: Callable[[dict[str, Any]], object], base: Callable[[], dict[str, Any]] = record_of
) -> str:
    record = base()
    edit(record)
    return json.dumps(record, ensure_ascii=False)


def set_field(field: str, value: object) -> Callable[[dict[str, Any]], object]:
    return lambda record: record.__setitem__(field, value)


def in_deal(number: int, field: str, value: object) -> Callable[[dict[str, Any]], object]:
    return lambda record: record["deals"][number].__setitem__(field, value)


def swap_cards(record: dict[str, Any]) -> None:
    hands = record["deals"][1]["deal"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]


def first_hand_sorted(record: dict[str, Any]) -> None:
    record["deals"][0]["deal"] = [list(reversed(hand)) for hand in record["deals"][0]["deal"]]


@pytest.mark.parametrize(
    ("text", "gist"),
    [
        ("not json", "not valid JSON"),
        ("[1, 2]", "a series record is a JSON object, got a list [1, 2]"),
        ("[" * 100_000, "nested too deeply"),
        (changed(set_field("format", 2)), "field 'format': this library reads format 1, got 2"),
        (changed(lambda r: r.pop("seed")), "the record lacks 'seed'"),
        (changed(set_field("extra", 1)), "the record has unknown 'extra'"),
        (changed(set_field("game", "chess")), "field 'game': unknown game 'chess'"),
        (changed(set_field("game", 3)), "field 'game': expected a game's name, got a number 3"),
        (changed(set_field("players", 7)), "field 'players': expected 2 to 6, got 7"),
        (
            changed(set_field("first_dealer", 3)),
            "field 'first_dealer': expected a seat from 0 to 2",
        ),
        (changed(set_field("seed", "7")), "field 'seed': expected an integer, got a string"),
        (changed(set_field("seed", 4)), "deals[0]: not the deal that the seed gives in deal 0"),
        (changed(set_field("series_options", [])), "field 'series_options': expected an object"),
        (
            changed(lambda r: r["series_options"].pop("debt")),
            "field 'series_options' lacks 'debt'",
        ),
        (
            changed(lambda r: r["series_options"].__setitem__("ante", "10")),
            "field 'series_options': SeriesOptions.ante must be an int",
        ),
        (
            changed(lambda r: r["series_options"].__setitem__("scoring", "score")),
            "field 'series_options': Russian Sevens offers the scoring kinds",
        ),
        (changed(set_field("options", {"rank_by_passes": 1})), "deals[0]: field 'options'"),
        (
            changed(set_field("deals", [])),
            "field 'deals': a series has at least one deal, got none",
        ),
        (changed(set_field("deals", {})), "field 'deals': expected a list of deals"),
        (changed(lambda r: r["deals"].__setitem__(0, "deal")), "deals[0]: expected a deal"),
        (changed(in_deal(1, "players", 3)), "deals[1] has 'players', which the series holds"),
        (changed(in_deal(0, "moves", "9♦")), "deals[0]: field 'moves': expected a list"),
        (changed(in_deal(0, "deal", [])), "deals[0]: field 'deal'"),
        (changed(in_deal(0, "trump", "9♦")), "deals[0]: the record has unknown 'trump'"),
        (changed(swap_cards), "deals[1]: not the deal that the seed gives in deal 1 (M1, M2)"),
        (
            changed(lambda r: r["deals"][0]["moves"].__setitem__(0, 9)),
            "deals[0].moves[0]: expected a move, got a number 9",
        ),
        (
            changed(lambda r: r["deals"][0]["moves"].__setitem__(0, "J♦")),
            "deals[0].moves[0] ('J♦')",
        ),
        (
            changed(lambda r: r["deals"][0]["moves"].append("9♦")),
            "('9♦'): the deal is over before it (M1)",
        ),
        (
            changed(lambda r: r["deals"][0]["moves"].pop()),
            "deals[0]: the deal is not over, yet deal 1 follows",
        ),
        (
            changed(lambda r: r["deals"].pop(), mid_record),
            "the record ends with deal 0, but the series dealt deal 1",
        ),
        (
            changed(lambda r: r["deals"].append(r["deals"][-1])),
            "deals[2]: not the deal that the seed gives in deal 2",
        ),
        (changed(set_field("deals", [{}] * 1001)), "a series has at most 1,000 deals, got 1,001"),
        (
            json.dumps(
                {
                    "format": 1,
                    "game": "sevens",
                    "players": 3,
                    "options": {},
                    "deal": [],
                    "moves": [],
                }
            ),
            "this is a game record, not a series record",
        ),
    ],
)
def test_a_corrupt_record_is_refused(text: str, gist: str) -> None:
    with pytest.raises(s7.RecordError) as caught:
        series.from_json(text)
    assert gist in str(caught.value)
    assert len(str(caught.value)) < 500


def test_a_record_s_cards_may_be_in_any_notation_and_order() -> None:
    # the deal is read by the game (F6): each hand in any order still makes the same deal
    text = changed(first_hand_sorted)
    assert series.from_json(text) == series.from_json(json.dumps(record_of(), ensure_ascii=False))


def test_the_size_of_a_record_is_bounded_before_it_is_read() -> None:
    text = json.dumps(record_of(), ensure_ascii=False)
    size = len(text.encode())
    assert series.from_json(text, max_bytes=size)
    with pytest.raises(
        s7.RecordError, match=f"the record is {size:,} bytes long, more than max_bytes={size - 1:,}"
    ):
        series.from_json(text, max_bytes=size - 1)
    with pytest.raises(s7.InvalidOptionsError, match="max_bytes must be"):
        series.from_json(text, max_bytes=-1)
    with pytest.raises(s7.RecordError, match="takes JSON text, got dict"):
        series.from_json(record_of())  # type: ignore[arg-type]
    assert series.MAX_BYTES == 8 << 20


def test_a_record_of_every_game_loads_in_its_own_game() -> None:
    for name in GAMES:
        record = record_of(name, deals=1)
        assert series.from_json(json.dumps(record, ensure_ascii=False)).game is games.get(name)


def test_indent() -> None:
    table = series.new_series("domino", 2, seed=1)
    assert series.from_json(series.to_json(table, indent="\t")) == table
    with pytest.raises(s7.InvalidOptionsError, match="indent"):
        series.to_json(table, indent=17)
