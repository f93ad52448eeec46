"""Durak game records: the format, round trips, and a clear RecordError for every corruption."""

from __future__ import annotations

import json
from typing import Any

import pytest
from durak_helpers import play
from hypothesis import given
from hypothesis import strategies as st

import sevens_ru as s7
from sevens_ru import NotAGameStateError, RecordError, durak


def finished() -> durak.GameState:
    state = durak.new_game(3, dealer=1, seed=11, options=durak.Options(take_limit=50))
    while not durak.is_over(state):
        state = durak.apply(state, durak.legal_moves(state)[0])
    return state


def record_of(state: durak.GameState) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(durak.to_json(state))
    return loaded


def test_the_record_format() -> None:
    state = play(durak.new_game(3, dealer=0, seed=7), "lead 6♣", "cover 6♦ 7♦")
    record = record_of(state)
    assert list(record) == [
        "format",
        "game",
        "players",
        "dealer",
        "options",
        "trump",
        "deal",
        "moves",
    ]
    assert record["format"] == 1 and record["game"] == "durak"
    assert record["players"] == 3 and record["dealer"] == 0
    assert record["options"] == {"short_deck": False, "take_limit": 100}
    assert record["trump"] == "Q♣"
    assert record["deal"][0] == ["8♣", "10♦", "J♦", "6♥", "8♥", "Q♥", "J♠", "Q♠", "K♠"]
    assert record["moves"] == ["lead 6♣", "cover 6♦ 7♦"]  # joins are not moves (D7)
    assert durak.from_json(durak.to_json(state)) == state
    assert "\n" in durak.to_json(state, indent=2)
    assert durak.from_json(durak.to_json(state).encode()) == state


def test_a_finished_game_round_trips() -> None:
    state = finished()
    loaded = durak.from_json(durak.to_json(state))
    assert loaded == state and durak.is_over(loaded)
    assert durak.ranking(loaded) == durak.ranking(state)
    assert loaded.options == durak.Options(take_limit=50)


def corrupt(**changes: object) -> str:
    record = record_of(finished())
    for field, value in changes.items():
        if value is ...:
            del record[field]
        else:
            record[field] = value
    return json.dumps(record, ensure_ascii=False)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", r"not valid JSON"),
        ("[1, 2]", r"a game record is a JSON object, got a list"),
        ('{"game": "durak"}', r"field 'format': this library reads format 1, got no format field"),
        (
            '{"format": true, "game": "durak"}',
            r"field 'format': this library reads format 1, got True",
        ),
        ('{"format": 2, "game": "durak"}', r"field 'format': this library reads format 1, got 2"),
        ('{"format": 1}', r"the record lacks 'game', 'players', 'dealer', 'options', 'trump'"),
        ('{"format": 1, "game": "chess"}', r"field 'game': expected 'durak', got 'chess'$"),
        (
            '{"format": 1, "game": "sevens"}',
            r"^field 'game': this is a Sevens record; load it with sevens_ru.from_json$",
        ),
        (corrupt(moves=...), r"the record lacks 'moves'"),
        (corrupt(winner=3), r"the record has unknown 'winner'; expected only format, game"),
        (corrupt(players=5), r"field 'players': expected 2 to 4, got 5"),
        (corrupt(players="3"), r"field 'players': expected an integer, got a string \"3\""),
        (corrupt(players=True), r"field 'players': expected an integer, got a boolean"),
        (corrupt(dealer=None), r"^field 'dealer': expected an integer, got null$"),
        (corrupt(dealer=3), r"^field 'dealer': expected a seat 0 to 2, got 3$"),
        (corrupt(dealer=-1), r"^field 'dealer': expected a seat 0 to 2, got -1$"),
        (corrupt(dealer="0"), r"^field 'dealer': expected an integer, got a string \"0\"$"),
        (corrupt(options=[]), r"field 'options': expected an object, got a list"),
        (
            corrupt(options={"short_deck": False, "take_limit": True}),
            r"^field 'options': Options.take_limit must be an int, got a boolean true$",
        ),
        (corrupt(options={"short_deck": False}), r"field 'options' lacks 'take_limit'"),
        (
            corrupt(options={"short_deck": False, "take_limit": 0}),
            r"field 'options': Options.take_limit must be a positive int",
        ),
        (
            corrupt(options={"short_deck": 0, "take_limit": 5}),
            r"field 'options': Options.short_deck must be True or False",
        ),
        (
            corrupt(options={"short_deck": False, "take_limit": 5, "x": 1}),
            r"field 'options' has unknown 'x'",
        ),
        (corrupt(trump=7), r"field 'trump': expected a card such as '7♠', got a number 7"),
        (corrupt(trump="7x"), r"^field 'trump': cannot read '7x' as a card"),
        (corrupt(trump=None), r"^field 'trump': expected a card such as '7♠', got null$"),
        (
            corrupt(deal="6♣"),
            r"field 'deal': expected a list of hands \(lists of cards\), got a string",
        ),
        (corrupt(deal=[["6♣"], "7♣"]), r"field 'deal': expected a list of hands"),
        (
            corrupt(deal=[["6♣"], ["7♣"], ["8♣"]]),
            r"field 'deal': seat 0 holds 1 card, expected 9 \(D3\)",
        ),
        (corrupt(moves="take"), r"field 'moves': expected a list of moves, got a string"),
        (
            corrupt(moves=[5]),
            r"moves\[0\]: expected a move such as 'lead 7♣' or 'take', got a number 5",
        ),
        (
            corrupt(moves=["jump"]),
            r"moves\[0\] \('jump'\): cannot read 'jump' as a move: unknown verb",
        ),
        (
            corrupt(moves=["take"]),
            r"moves\[0\] \('take'\): seat 2 cannot take: no bout is in progress",
        ),
    ],
)
def test_bad_records(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        durak.from_json(text)


def test_an_illegal_move_names_its_ply() -> None:
    record = record_of(finished())
    moves = record["moves"]
    record["moves"] = [*moves[:5], "lead A♠ A♣", *moves[5:]]
    with pytest.raises(
        RecordError, match=r"^moves\[5\] \('lead A♠ A♣'\): seat \d cannot lead A♣ A♠"
    ):
        durak.from_json(json.dumps(record))
    record["moves"] = [*moves, "take"]
    with pytest.raises(
        RecordError, match=rf"^moves\[{len(moves)}\] \('take'\): cannot take: the game is over"
    ):
        durak.from_json(json.dumps(record))


def test_not_text_and_not_a_state() -> None:
    with pytest.raises(RecordError, match=r"durak.from_json\(\) takes JSON text, got dict"):
        durak.from_json({"format": 1})  # type: ignore[arg-type]
    with pytest.raises(
        NotAGameStateError,
        match=r"^durak.to_json\(\) takes a Durak GameState; this is a Sevens GameState: "
        r"use sevens_ru.to_json$",
    ):
        durak.to_json(s7.new_game(4, seed=1))  # type: ignore[arg-type]


def test_the_two_games_refuse_each_others_records() -> None:
    with pytest.raises(
        RecordError, match=r"^field 'game': this is a Durak record; load it with sevens_ru.durak"
    ):
        s7.from_json(durak.to_json(finished()))
    with pytest.raises(RecordError, match=r"^field 'game': this is a Sevens record; load it wit"):
        durak.from_json(s7.to_json(s7.new_game(4, seed=1)))


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 5)
    | st.sampled_from(["take", "lead 6♣", "6♣", "x"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@given(st.data())
def test_any_corruption_gives_a_record_error_or_a_valid_state(data: st.DataObject) -> None:
    record = record_of(finished())
    field = data.draw(st.sampled_from(sorted(record)))
    record[field] = data.draw(json_values)
    try:
        state = durak.from_json(json.dumps(record))
    except RecordError as error:
        message = str(error)
        assert message.startswith(("field", "the record", "moves["))
        return
    # the change happened to be harmless, e.g. the same value again
    assert durak.from_json(durak.to_json(state)) == state
