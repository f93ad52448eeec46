"""Bad input never escapes as anything but the library's own errors."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

import sevens_ru as s7

card_alphabet = st.sampled_from(list("0123456789TtJjQqKkAaVvDdRrBbВвДдКкТтCcHhSs♣♦♥♠♡♢♧♤ \t\ufe0f"))


@given(st.text() | st.text(card_alphabet, max_size=5))
def test_parse_gives_a_card_or_a_card_parse_error(text: str) -> None:
    try:
        card = s7.Card.parse(text)
    except s7.CardParseError as error:
        assert "cannot read" in str(error)
    else:
        assert s7.Card.parse(str(card)) == card


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.text(card_alphabet, max_size=4),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)


@given(json_values)
def test_from_json_gives_a_state_or_a_record_error(value: object) -> None:
    try:
        s7.from_json(json.dumps(value))
    except s7.RecordError:
        pass


@given(st.data())
def test_corrupted_records_give_a_record_error(data: st.DataObject) -> None:
    # Take a real record and change one field to a random JSON value
    state = s7.new_game(3, seed=2)
    while not s7.is_over(state):
        state = s7.apply(state, s7.legal_moves(state)[0])
    record = json.loads(s7.to_json(state))
    field = data.draw(st.sampled_from(sorted(record)))
    record[field] = data.draw(json_values)
    try:
        loaded = s7.from_json(json.dumps(record))
    except s7.RecordError as error:
        assert str(error).startswith(("field", "moves[", "the record", "a game record"))
    else:
        assert s7.to_json(loaded)  # it was still a valid record


@given(st.text(card_alphabet, max_size=4), st.integers(2, 6), st.integers(0, 50))
def test_apply_gives_a_state_or_an_error_of_ours(text: str, players: int, seed: int) -> None:
    state = s7.new_game(players, seed=seed)
    try:
        s7.apply(state, text)
    except (s7.CardParseError, s7.IllegalMoveError):
        pass
