"""Bad input never escapes as anything but the library's own errors."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TypeVar

from hypothesis import given
from hypothesis import strategies as st

import sevens_ru as s7

T = TypeVar("T")

card_alphabet = st.sampled_from(list("0123456789TtJjQqKkAaVvDdRrBbВвДдКкТтCcHhSs♣♦♥♠♡♢♧♤ \t\ufe0f"))


def outcome(call: Callable[[], T], *errors: type[s7.SevensError]) -> T | s7.SevensError:
    """The result of ``call``, or the error of ours it raised (any other error escapes)."""
    try:
        return call()
    except errors as error:
        return error


@given(st.text() | st.text(card_alphabet, max_size=5))
def test_parse_gives_a_card_or_a_card_parse_error(text: str) -> None:
    result = outcome(lambda: s7.Card.parse(text), s7.CardParseError)
    if isinstance(result, s7.Card):
        assert s7.Card.parse(str(result)) == result
    else:
        assert "cannot read" in str(result) or "expected card text" in str(result)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.text(card_alphabet, max_size=4),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)


@given(json_values)
def test_from_json_gives_a_state_or_a_record_error(value: object) -> None:
    result = outcome(lambda: s7.from_json(json.dumps(value)), s7.RecordError)
    assert isinstance(result, s7.RecordError)  # no random value is a whole valid record
    assert str(result)


@given(st.data())
def test_corrupted_records_give_a_record_error(data: st.DataObject) -> None:
    # Take a real record and change one field to a random JSON value
    state = s7.new_game(3, seed=2)
    while not s7.is_over(state):
        state = s7.apply(state, s7.legal_moves(state)[0])
    record = json.loads(s7.to_json(state))
    field = data.draw(st.sampled_from(sorted(record)))
    record[field] = data.draw(json_values)
    result = outcome(lambda: s7.from_json(json.dumps(record)), s7.RecordError)
    if isinstance(result, s7.GameState):
        assert json.loads(s7.to_json(result))[field] == record[field]  # still a valid record
    else:
        assert str(result).startswith(("field", "moves[", "the record", "a game record"))


@given(st.text(card_alphabet, max_size=4), st.integers(2, 6), st.integers(0, 50))
def test_apply_gives_a_state_or_an_error_of_ours(text: str, players: int, seed: int) -> None:
    state = s7.new_game(players, seed=seed)
    result = outcome(lambda: s7.apply(state, text), s7.CardParseError, s7.IllegalMoveError)
    opener = state.current_player
    if isinstance(result, s7.GameState):
        assert opener is not None
        assert result.history[0] == s7.Play(opener, s7.Card.parse("9♦"))
    else:
        assert "cannot" in str(result) or "expected card text" in str(result)
