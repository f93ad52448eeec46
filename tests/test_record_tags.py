"""A game record's tags (PGN's tag pairs): written, read back, checked and bounded, in every game."""

from __future__ import annotations

import datetime
import json
import pickle
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import sevens_ru as s7
from sevens_ru import BotTag, Record, Tags, durak, games
from sevens_ru.bots import make_bot
from sevens_ru.common._tags import MAX_SEATS, MAX_SETTINGS, MAX_TAGS_BYTES, MAX_TEXT

ROOT = Path(__file__).resolve().parents[1]


def finished(game: Any, players: int, seed: int = 3) -> Any:
    state = game.new_game(players, seed=seed)
    while not game.is_over(state):
        state = game.apply(state, game.legal_moves(state)[0])
    return state


def full_tags(game: Any, state: Any) -> Tags:
    players = state.players
    return Tags(
        event="Club night",
        site="Казань",
        date=datetime.date(2025, 5, 1),
        round="3.1",
        players=("Анна", *(f"bot {seat}" for seat in range(1, players))),
        bots=(None, *(BotTag.of(game.bots.make("heuristic")) for _ in range(1, players))),
        result=Tags.result_of(game.ranking(state)) if game.is_over(state) else None,
    )


def with_tags(text: str, tags: object) -> str:
    """The record ``text`` with ``tags`` (any JSON) put in after its envelope."""
    record = json.loads(text)
    head = {key: record.pop(key) for key in ("format", "game")}
    record.pop("tags", None)
    return json.dumps({**head, "tags": tags, **record}, ensure_ascii=False)


# Round trips


@pytest.mark.parametrize("name", games.names())
def test_every_game_writes_and_reads_its_tags(name: str) -> None:
    game = games.get(name)
    state = finished(game, game.min_players)
    tags = full_tags(game, state)
    text = game.to_json(state, tags=tags)
    assert list(json.loads(text))[:3] == ["format", "game", "tags"]  # after the envelope, as PGN
    record = game.read_record(text)
    assert isinstance(record, Record)
    assert record.state == state and record.tags == tags
    assert game.from_json(text) == state  # the state alone, as before
    assert game.to_json(record.state, tags=record.tags) == text
    assert game.read_record(text.encode()).tags == tags


def test_the_main_game_and_durak_have_read_record_at_the_top() -> None:
    state = finished(games.get("sevens"), 3)
    tags = Tags(players=("a", "b", "c"), result=Tags.result_of(s7.ranking(state)))
    assert s7.read_record(s7.to_json(state, tags=tags, indent=2)) == Record(state, tags)
    assert s7.record.read_record is s7.read_record
    deal = durak.new_game(3, dealer=0, seed=7)
    assert durak.read_record(durak.to_json(deal, tags=Tags(event="x"))).tags.event == "x"


def test_records_without_tags_load_as_before() -> None:
    # a record as the library wrote it before tags, byte for byte
    old = (ROOT / "tests" / "data" / "sevens-untagged.json").read_text(encoding="utf-8")
    record = s7.read_record(old)
    assert record.tags == Tags() and not record.tags
    assert s7.from_json(old) == record.state and s7.to_json(record.state) + "\n" == old
    state = durak.new_game(3, dealer=0, seed=7)
    assert durak.read_record(durak.to_json(state)).tags == Tags()
    # no tags, or tags that say nothing, write the record without them
    assert s7.to_json(record.state, tags=Tags()) == s7.to_json(record.state) == old.rstrip()


def test_a_date_and_time_round_trip_with_their_zone() -> None:
    state = s7.new_game(2, seed=1)
    moscow = datetime.timezone(datetime.timedelta(hours=3))
    for when in (
        datetime.date(2025, 5, 1),
        datetime.datetime(2025, 5, 1, 19, 30),
        datetime.datetime(2025, 5, 1, 19, 30, 5, 250_000, tzinfo=moscow),
        datetime.datetime(2025, 5, 1, 19, 30, tzinfo=datetime.timezone.utc),
    ):
        text = s7.to_json(state, tags=Tags(date=when))
        assert json.loads(text)["tags"]["date"] == when.isoformat()
        back = s7.read_record(text).tags.date
        assert back == when and type(back) is type(when)
    utc = s7.read_record(with_tags(s7.to_json(state), {"date": "2025-05-01T19:30:00Z"}))
    assert utc.tags.date == datetime.datetime(2025, 5, 1, 19, 30, tzinfo=datetime.timezone.utc)


def test_tags_are_values() -> None:
    tags = Tags(players=["a", "b"], bots=[None, BotTag("random")], result=[2, 1])
    assert tags.players == ("a", "b") and tags.result == (2, 1)  # lists become tuples
    assert tags == Tags(players=("a", "b"), bots=(None, BotTag("random")), result=(2, 1))
    assert hash(tags) == hash(pickle.loads(pickle.dumps(tags)))
    assert BotTag("x", {"a": 1, "b": None}) == BotTag("x", (("a", 1), ("b", None)))
    with pytest.raises(AttributeError):
        tags.event = "x"  # type: ignore[misc]


def test_a_bots_tag_holds_its_settings_and_makes_it_again() -> None:
    bot = make_bot("search:rollouts=50")
    tag = BotTag.of(bot)
    assert tag.name == "search:rollouts=50"
    assert dict(tag.settings) == {
        "rollouts": 50,
        "time_limit": None,
        "place_weight": 0.25,
        "rollout": "greedy",
        "temperature": 0.5,
        "chain_steps": 10,
        "endgame": 4,
    }
    again = make_bot(tag.description)
    assert BotTag.of(again).settings == tag.settings
    fan_tan = games.get("fan-tan")
    assert BotTag.of(fan_tan.bots.make("random")) == BotTag("random")  # no settings
    weights = {"follow": 3.0, "beyond": 1.0, "tempo": 0.5, "lonely": 2.0}
    assert BotTag.of(fan_tan.bots.make("heuristic")) == BotTag("heuristic", weights)
    family = BotTag.of(fan_tan.bots.make("search:rollouts=50"))  # the preset is no setting
    assert dict(family.settings) == {
        "rollouts": 50,
        "time_limit": None,
        "place_weight": None,
        "rollout": "greedy",
    }
    assert BotTag.of(fan_tan.bots.make(family.description)).settings == family.settings

    class Plain:
        def choose(self, view: object, rng: object) -> object:
            return None

    assert BotTag.of(Plain()) == BotTag("Plain")


def test_another_packages_game_gets_tags_around_its_own_record() -> None:
    sys.path.insert(0, str(ROOT / "examples"))
    try:
        import tops  # the game of docs/howto/add-game.md: its to_json knows no tags
    finally:
        sys.path.remove(str(ROOT / "examples"))
    game = tops.GAME
    state = finished(game, 3)
    tags = Tags(players=("a", "b", "c"), result=Tags.result_of(game.ranking(state)))
    text = game.to_json(state, tags=tags)
    assert json.loads(text)["tags"] == {
        "players": ["a", "b", "c"],
        "result": list(tags.result or ()),
    }
    assert game.read_record(text) == Record(state, tags)
    assert game.from_json(text) == state
    assert game.to_json(state) == tops.to_json(state)  # without tags, its own record
    with pytest.raises(s7.RecordError, match=r"tags\.players: expected one per seat \(3\), got 2"):
        game.to_json(state, tags=Tags(players=("a", "b")))
    with pytest.raises(s7.RecordError, match=r"tags\.site: expected a string"):
        game.read_record(with_tags(text, {"site": 7}))


@given(
    st.builds(
        Tags,
        event=st.none()
        | st.text(min_size=1, max_size=MAX_TEXT)
        .map(str.strip)
        .filter(str.isprintable)
        .filter(bool),
        date=st.none()
        | st.dates()
        | st.datetimes(timezones=st.none() | st.just(datetime.timezone.utc)),
        players=st.none() | st.just(("Анна", "Борис")),
        bots=st.none()
        | st.tuples(
            st.none(),
            st.builds(
                BotTag,
                st.sampled_from(["random", "search:rollouts=5"]),
                st.dictionaries(
                    st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True),
                    st.none()
                    | st.booleans()
                    | st.integers(-(2**53), 2**53)
                    | st.floats(allow_nan=False, allow_infinity=False),
                    max_size=MAX_SETTINGS,
                ),
            ),
        ),
    )
)
def test_any_tags_round_trip(tags: Tags) -> None:
    state = s7.new_game(2, seed=5)
    assert s7.read_record(s7.to_json(state, tags=tags)).tags == tags


# What is refused, and how


def refused(text: str, error: type[Exception] = s7.RecordError) -> str:
    with pytest.raises(error) as raised:
        s7.read_record(text)
    message = str(raised.value)
    assert len(message) < 300, message
    return message


BAD_TAGS: list[tuple[object, str]] = [
    ([], "field 'tags': expected an object, got a list"),
    ("Anna", "field 'tags': expected an object, got a string"),
    ({"white": "Anna"}, "field 'tags' has unknown 'white'; expected only event, site, date"),
    ({"event": None}, "tags.event: expected a value, got null (leave the tag out)"),
    ({"event": 7}, "tags.event: expected a string, got a number 7"),
    ({"event": ""}, "tags.event: expected a text of 1 to 100 characters"),
    ({"site": "x" * 101}, "(101 characters)"),
    ({"round": " 3"}, "tags.round: a text has no space at either end"),
    ({"event": "a\nb"}, "tags.event: a text holds no control character, got 'a\\nb' (with U+000A)"),
    ({"event": "\ud800"}, "(with U+D800)"),
    ({"date": 20250501}, "tags.date: expected a string, got a number"),
    ({"date": "1 May 2025"}, "tags.date: expected an ISO 8601 date such as '2025-05-01'"),
    ({"date": "2025-02-30"}, "tags.date: day is out of range for month"),
    ({"date": "2025-05-01T24:00"}, "tags.date: hour must be in 0..23"),
    ({"date": "2025-05-01T10:00+03:99"}, "tags.date: minutes must be in 0..59"),
    ({"date": "２０２５-05-01"}, "expected an ISO 8601 date"),  # digits of another script
    ({"players": "Anna"}, "tags.players: expected a list with an item per seat, got a string"),
    ({"players": ["a", "b"]}, r"tags.players: expected one per seat (3), got 2"),
    (
        {"players": ["a", "b", 3]},
        "tags.players[2]: expected a name of 1 to 100 characters, got int 3",
    ),
    ({"players": ["a"] * (MAX_SEATS + 1)}, "tags.players: at most 64 seats, got 65"),
    (
        {"bots": [None, "random", None]},
        'tags.bots[1]: expected null or an object {"name": ..., setting: value}',
    ),
    ({"bots": [None, {"settings": {}}, None]}, "tags.bots[1]: expected null or an object"),
    (
        {"bots": [None, {"name": "r", "bad key": 1}, None]},
        "tags.bots[1]: a setting's name is a Python name",
    ),
    (
        {"bots": [None, {"name": "r", "depth": [1]}, None]},
        "tags.bots[1].depth: expected a number, a text, True, False or None, got list [1]",
    ),
    (
        {"bots": [None, {"name": "r", "n": 2**60}, None]},
        "tags.bots[1].n: expected an int of at most 2**53",
    ),
    (
        {"bots": [None, {"name": "r", **{f"s{k}": k for k in range(13)}}, None]},
        "tags.bots[1]: at most 12 settings, got 13",
    ),
    (
        {"bots": [None, {"name": ""}, None]},
        "tags.bots[1].name: expected a bot's name of 1 to 100 characters",
    ),
    ({"result": [1, 2]}, r"tags.result: expected one per seat (3), got 2"),
    ({"result": [1, 2, True]}, "tags.result[2]: expected a place, got a boolean true"),
    ({"result": [0, 1, 2]}, "tags.result[0]: expected a place from 1 to 3, got int 0"),
    ({"result": [1, 2, 3]}, "tags.result: the game is not over, so it has no result yet"),
    (
        {"players": ["a", "b", "c"], "result": [1, 2]},
        "tags: players, bots and result have one item per seat, got 3 in players, 2 in result",
    ),
    (
        {
            "players": ["ж" * 100] * 3,
            "event": "ж" * 100,
            "site": "ж" * 100,
            "round": "ж" * 100,
            "bots": [{"name": "ж" * 100, **{f"s{k}": "ж" * 100 for k in range(12)}}] * 3,
        },
        "tags: at most 4,096 bytes as JSON, got",
    ),
]


@pytest.mark.parametrize(("tags", "gist"), BAD_TAGS, ids=[gist[:40] for _, gist in BAD_TAGS])
def test_every_bad_tag_is_refused_naming_it(tags: object, gist: str) -> None:
    text = with_tags(s7.to_json(s7.new_game(3, seed=1)), tags)
    message = refused(text)
    assert gist in message, message
    with pytest.raises(s7.RecordError):
        s7.from_json(text)  # the state alone is refused for the same reason


def test_a_result_that_the_moves_do_not_give_is_refused() -> None:
    state = finished(games.get("sevens"), 3)
    places = Tags.result_of(s7.ranking(state))
    wrong = tuple(reversed(places))
    text = with_tags(s7.to_json(state), {"result": list(wrong)})
    assert (
        f"tags.result: the moves give the places {list(places)} by seat, got {list(wrong)}"
        in refused(text)
    )
    with pytest.raises(s7.RecordError, match="the moves give the places"):
        s7.to_json(state, tags=Tags(result=wrong))  # never written either


def test_bad_tags_are_refused_as_they_are_made() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"players": "Anna"}, "tags.players: expected one name per seat, got str 'Anna'"),
        ({"players": [None]}, "tags.players[0]: expected a name of 1 to 100 characters, got None"),
        (
            {"bots": ["random"]},
            "tags.bots[0]: expected a BotTag, or None for a person, got str 'random'",
        ),
        (
            {"date": "2025-05-01"},
            "tags.date: expected a datetime.date or datetime.datetime, got str",
        ),
        ({"result": [1, 2, 4]}, "tags.result[2]: expected a place from 1 to 3, got int 4"),
        ({"result": [1.0, 2]}, "tags.result[0]: expected a place from 1 to 2, got float 1.0"),
        ({"event": "x" * 10**6}, "(1,000,000 characters)"),
        ({"players": ["a"] * 10**6}, "tags.players: at most 64 seats, got 1,000,000"),
    ]
    for keywords, gist in cases:
        with pytest.raises(s7.RecordError) as raised:
            Tags(**keywords)
        assert gist in str(raised.value) and len(str(raised.value)) < 300
    odd = datetime.timezone(datetime.timedelta(seconds=30))
    with pytest.raises(s7.RecordError, match="a time zone of whole minutes"):
        Tags(date=datetime.datetime(2025, 5, 1, tzinfo=odd))
    with pytest.raises(s7.RecordError, match="a setting's name is a Python name"):
        BotTag("x", {"name": 1})
    with pytest.raises(s7.RecordError, match="the setting 'a' is given twice"):
        BotTag("x", [("a", 1), ("a", 2)])
    with pytest.raises(s7.RecordError, match=r"tags must be a sevens_ru\.Tags or None, got dict"):
        s7.to_json(s7.new_game(2, seed=1), tags={"event": "x"})  # type: ignore[arg-type]
    with pytest.raises(s7.RecordError, match=r"tags.bots: expected one per seat \(2\), got 3"):
        s7.to_json(s7.new_game(2, seed=1), tags=Tags(bots=(None, None, None)))


def test_the_largest_tags_fit_every_games_default_limit() -> None:
    wide = "𝄞" * MAX_TEXT  # 400 bytes
    tags = Tags(event=wide, site=wide, round=wide, players=(wide, wide, "x" * 100))
    assert (
        MAX_TAGS_BYTES - 2000
        < len(json.dumps(tags.to_json(), ensure_ascii=False).encode())
        <= MAX_TAGS_BYTES
    )
    for name in games.names():
        game = games.get(name)
        state = game.new_game(3, seed=1)
        assert game.read_record(game.to_json(state, tags=tags, indent=16)).tags == tags


def test_the_family_engines_russian_records_read_any_tag_text() -> None:
    # the family engine playing the main game reads sevens_ru.to_json's records, whose
    # dealer is optional: a tag that says "dealer" is no dealer field
    from sevens_ru.games.family.russian import RUSSIAN

    state = RUSSIAN.new_game(3, seed=1)
    tags = Tags(event="dealer", players=("dealer", "b", "c"))
    text = RUSSIAN.to_json(state, tags=tags)
    assert '"dealer"' in text and "dealer" not in json.loads(text)
    assert RUSSIAN.read_record(text) == Record(state, tags)
    assert s7.read_record(text).tags == tags  # the main game's own record, the same
