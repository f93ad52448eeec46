"""Game records: to_json and from_json."""

from __future__ import annotations

import json

import pytest

import sevens_ru as s7


def finished() -> s7.GameState:
    state = s7.new_game(4, seed=7, options=s7.Options(rank_by_passes=True))
    while not s7.is_over(state):
        state = s7.apply(state, s7.legal_moves(state)[-1])
    return state


def record(**changes: object) -> str:
    data = json.loads(s7.to_json(finished()))
    data.update(changes)
    return json.dumps(data, ensure_ascii=False)


def test_the_record_format() -> None:
    state = finished()
    data = json.loads(s7.to_json(state))
    assert list(data) == ["format", "game", "players", "options", "deal", "moves"]
    assert data["format"] == 1 and data["game"] == "sevens" and data["players"] == 4
    assert data["options"] == {"rank_by_passes": True, "place_numbering": "competition"}
    assert data["deal"] == [[str(card) for card in hand] for hand in state.deal]
    assert data["moves"][0] == "9♦"
    assert data["moves"] == [str(e.card) for e in state.history if isinstance(e, s7.Play)]
    assert "♦" in s7.to_json(state)  # cards are written as themselves, not escaped
    assert s7.to_json(state, indent=2).count("\n") > 10
    assert s7.from_json(s7.to_json(state, indent=2)) == state
    assert s7.from_json(s7.to_json(state).encode()) == state


def test_a_record_may_use_any_card_notation() -> None:
    data = json.loads(s7.to_json(finished()))
    data["deal"] = [[s7.Card.parse(text).label("ru") for text in hand] for hand in data["deal"]]
    data["moves"] = [s7.Card.parse(text).label("de").lower() for text in data["moves"]]
    assert s7.from_json(json.dumps(data)) == finished()


@pytest.mark.parametrize(
    ("text", "gist"),
    [
        ("{", "not valid JSON"),
        ("", "not valid JSON"),
        ("[1, 2]", "a game record is a JSON object, got a list"),
        ('"sevens"', "a JSON object, got a string"),
        ("{}", "field 'format': this library reads format 1, got no format field"),
        ('{"format": 2}', "field 'format': this library reads format 1, got 2"),
        ('{"format": true}', "got True"),
        ('{"format": "1"}', "got '1'"),
        ('{"format": 1}', "the record lacks 'game', 'players', 'options', 'deal', 'moves'"),
        (record(game="durak"), "field 'game': this is a Durak record; load it with"),
        (record(game="chess"), "field 'game': expected 'sevens', got 'chess'"),
        (record(players="4"), "field 'players': expected an integer, got a string"),
        (record(players=7), "field 'players': expected 2 to 6, got 7"),
        (record(players=3), "field 'deal': expected 3 hands (one per seat), got 4"),
        (record(options=None), "field 'options': expected an object, got null"),
        (record(options={"rank_by_passes": True}), "field 'options' lacks 'place_numbering'"),
        (
            record(options={"rank_by_passes": 1, "place_numbering": "dense"}),
            "field 'options': Options.rank_by_passes must be True or False",
        ),
        (
            record(options={"rank_by_passes": True, "place_numbering": "dense", "x": 1}),
            "field 'options' has unknown 'x'",
        ),
        (record(deal="6♣"), "field 'deal': expected a list of hands"),
        (record(deal=[["6♣"], "7♣"]), "field 'deal': expected a list of hands"),
        (record(deal=[["6♣"]] * 4), "field 'deal': card 6♣ is dealt in the hands of seats 0 and 1"),
        (record(moves="9♦"), "field 'moves': expected a list of cards, got a string"),
        (record(moves=["9♦", 7]), "moves[1]: expected a card such as '9♦', got a number 7"),
        (record(moves=["9♦", "1♦"]), "moves[1] ('1♦'): cannot read '1♦' as a card"),
        (record(moves=["6♣"]), "moves[0] ('6♣'): seat 3 cannot play 6♣"),
        (record(extra=1), "the record has unknown 'extra'"),
        (None, "from_json() takes JSON text, got NoneType"),
    ],
)
def test_bad_records(text: str, gist: str) -> None:
    with pytest.raises(s7.RecordError) as error:
        s7.from_json(text)
    assert gist in str(error.value)
    assert isinstance(error.value, ValueError) and isinstance(error.value, s7.SevensError)


def test_an_illegal_move_names_its_ply() -> None:
    moves = json.loads(s7.to_json(finished()))["moves"]
    moves[5], moves[6] = moves[6], moves[5]
    with pytest.raises(s7.RecordError, match=r"moves\[5\]") as error:
        s7.from_json(record(moves=moves))
    assert isinstance(error.value.__cause__, s7.IllegalMoveError)


def test_a_move_after_the_end() -> None:
    moves = json.loads(s7.to_json(finished()))["moves"]
    with pytest.raises(s7.RecordError, match=r"the game is over"):
        s7.from_json(record(moves=[*moves, "6♣"]))


def test_a_record_of_an_unfinished_game() -> None:
    moves = json.loads(s7.to_json(finished()))["moves"][:10]
    state = s7.from_json(record(moves=moves))
    assert not s7.is_over(state)
    assert len([e for e in state.history if isinstance(e, s7.Play)]) == 10


def test_to_json_wants_a_state() -> None:
    with pytest.raises(
        s7.NotAGameStateError,
        match=r"to_json\(\) takes a Sevens GameState from new_game\(\) or apply\(\), got str",
    ):
        s7.to_json("state")  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ["sevens", "durak"])
def test_a_null_field_is_named_once(game: str) -> None:
    # Both games' loaders share one record layer: a null names its field, and the
    # message says "null" once (it used to say "got null null").
    module = s7 if game == "sevens" else s7.durak
    state = module.new_game(2, seed=3)
    data = json.loads(module.to_json(state))
    paths = [(field,) for field in data] + [("options", option) for option in data["options"]]
    for path in paths:
        broken = json.loads(module.to_json(state))
        target = broken
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = None
        with pytest.raises(s7.RecordError) as error:
            module.from_json(json.dumps(broken))
        message = str(error.value)
        assert message.startswith(f"field {path[0]!r}"), message
        assert "null null" not in message and "None None" not in message, message
        assert message.count("null") + message.count("None") == 1, message
