"""Any value ``json.loads`` can produce, given to any public function of either game.

Nested lists and objects, huge strings, lone surrogates, big integers and floats go in
every argument of every public function of both games (and of the methods of their
states, views and cards), one at a time, the other arguments valid. Whatever happens,
only a :class:`~sevens_ru.SevensError` escapes, its message is short and encodes as
UTF-8, and the states given are unchanged.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sevens_ru as s7
from sevens_ru import durak


def nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([2**36, 2**64, -(2**70), 10**4000, -(10**4000)])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(st.characters(blacklist_categories=()), max_size=12)  # surrogates included
    | st.sampled_from(["9♦", "take", "lead 7♣", "cover 7♣ 8♣", "10♠", "", " ", "\ud800"])
    | st.sampled_from(["x" * 10**6, "9♦ " * 10**5, "lead " + "7♣ " * 10**5, "\udfff" * 10**4])
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=6), inner, max_size=6)
    ),
    max_leaves=25,
) | st.integers(1, 400).map(nested)

# The states given to the functions: new, under way and over, in both games.
SEVENS_NEW = s7.new_game(4, seed=1)
SEVENS_MID = s7.apply(s7.apply(SEVENS_NEW, "9♦"), s7.legal_moves(s7.apply(SEVENS_NEW, "9♦"))[0])
SEVENS_OVER = SEVENS_NEW
while not s7.is_over(SEVENS_OVER):
    SEVENS_OVER = s7.apply(SEVENS_OVER, s7.legal_moves(SEVENS_OVER)[-1])
DURAK_NEW = durak.new_game(3, dealer=0, seed=7)
DURAK_MID = durak.apply(DURAK_NEW, "lead 6♣")
DURAK_OVER = DURAK_NEW
while not durak.is_over(DURAK_OVER):
    DURAK_OVER = durak.apply(DURAK_OVER, durak.legal_moves(DURAK_OVER)[0])
STATES: tuple[Any, ...] = (SEVENS_NEW, SEVENS_MID, SEVENS_OVER, DURAK_NEW, DURAK_MID, DURAK_OVER)
SNAPSHOTS = [(state.history, hash(state), state.hands) for state in STATES]
SEVENS_VIEW = s7.view(SEVENS_MID, 0)
DURAK_VIEW = durak.view(DURAK_MID, 2)
CARD = s7.Card.parse("9♦")
HANDS = [list(map(str, hand)) for hand in SEVENS_NEW.deal]
DURAK_HANDS = [list(map(str, hand)) for hand in DURAK_NEW.deal]
SEVENS_RECORD = json.loads(s7.to_json(SEVENS_OVER))
DURAK_RECORD = json.loads(durak.to_json(DURAK_OVER))


def load_with_field(
    load: Callable[[str], object], record: dict[str, Any], field: str, value: object
) -> object:
    """``load`` the JSON of ``record`` with ``field`` set to ``value``."""
    return load(json.dumps({**record, field: value}, ensure_ascii=False))


Call = Callable[[Any], object]

# Every public function of both games, one argument at a time.
TARGETS: dict[str, Call] = {
    # sevens_ru: the five functions and the rest of its top level
    "new_game(players)": lambda v: s7.new_game(v),
    "new_game(seed)": lambda v: s7.new_game(4, seed=v),
    "new_game(hands)": lambda v: s7.new_game(4, hands=v),
    "new_game(a hand)": lambda v: s7.new_game(4, hands=[v, *HANDS[1:]]),
    "new_game(a card)": lambda v: s7.new_game(4, hands=[[v, *HANDS[0][1:]], *HANDS[1:]]),
    "new_game(options)": lambda v: s7.new_game(4, options=v),
    "legal_moves": lambda v: s7.legal_moves(v),
    "apply(state)": lambda v: s7.apply(v, "9♦"),
    "apply(card)": lambda v: s7.apply(SEVENS_MID, v),
    "is_over": lambda v: s7.is_over(v),
    "ranking": lambda v: s7.ranking(v),
    "view(state)": lambda v: s7.view(v, 0),
    "view(seat)": lambda v: s7.view(SEVENS_MID, v),
    "to_json(state)": lambda v: s7.to_json(v),
    "to_json(indent)": lambda v: s7.to_json(SEVENS_MID, indent=v),
    "from_json(text)": lambda v: s7.from_json(v),
    "from_json(json)": lambda v: s7.from_json(json.dumps(v, ensure_ascii=False)),
    "from_json(max_bytes)": lambda v: s7.from_json(s7.to_json(SEVENS_MID), max_bytes=v),
    **{
        f"from_json({field})": partial(load_with_field, s7.from_json, SEVENS_RECORD, field)
        for field in SEVENS_RECORD
    },
    "Card.parse": lambda v: s7.Card.parse(v),
    "Card(rank)": lambda v: s7.Card(v, s7.Suit.CLUBS),
    "Card(suit)": lambda v: s7.Card(s7.Rank.SIX, v),
    "Card.label": lambda v: CARD.label(v),
    "Rank.label": lambda v: s7.Rank.TEN.label(v),
    "mask_of": lambda v: s7.mask_of(v),
    "cards_from_mask": lambda v: s7.cards_from_mask(v),
    "card_points": lambda v: s7.card_points(v),
    "Options(rank_by_passes)": lambda v: s7.Options(rank_by_passes=v),
    "Options(place_numbering)": lambda v: s7.Options(place_numbering=v),
    "GameState.hand": lambda v: SEVENS_MID.hand(v),
    "GameState.row": lambda v: SEVENS_MID.row(v),
    "PlayerView.row": lambda v: SEVENS_VIEW.row(v),
    "GameState()": lambda v: s7.GameState(v),  # type: ignore[call-arg]
    # sevens_ru.durak
    "durak.new_game(players)": lambda v: durak.new_game(v),
    "durak.new_game(dealer)": lambda v: durak.new_game(3, dealer=v),
    "durak.new_game(seed)": lambda v: durak.new_game(3, seed=v),
    "durak.new_game(hands)": lambda v: durak.new_game(3, hands=v, trump="K♣"),
    "durak.new_game(a hand)": lambda v: durak.new_game(3, hands=[v, *DURAK_HANDS[1:]], trump="K♣"),
    "durak.new_game(trump)": lambda v: durak.new_game(3, hands=DURAK_HANDS, trump=v),
    "durak.new_game(options)": lambda v: durak.new_game(3, options=v),
    "durak.legal_moves": lambda v: durak.legal_moves(v),
    "durak.apply(state)": lambda v: durak.apply(v, "take"),
    "durak.apply(move)": lambda v: durak.apply(DURAK_MID, v),
    "durak.apply(move, new)": lambda v: durak.apply(DURAK_NEW, v),
    "durak.is_over": lambda v: durak.is_over(v),
    "durak.ranking": lambda v: durak.ranking(v),
    "durak.payoffs(state)": lambda v: durak.payoffs(v),
    "durak.payoffs(stake)": lambda v: durak.payoffs(DURAK_OVER, stake=v),
    "durak.next_dealer": lambda v: durak.next_dealer(v),
    "durak.view(state)": lambda v: durak.view(v, 0),
    "durak.view(seat)": lambda v: durak.view(DURAK_MID, v),
    "durak.to_json(state)": lambda v: durak.to_json(v),
    "durak.to_json(indent)": lambda v: durak.to_json(DURAK_MID, indent=v),
    "durak.from_json(text)": lambda v: durak.from_json(v),
    "durak.from_json(json)": lambda v: durak.from_json(json.dumps(v, ensure_ascii=False)),
    "durak.from_json(max_bytes)": lambda v: durak.from_json(durak.to_json(DURAK_MID), max_bytes=v),
    **{
        f"durak.from_json({field})": partial(load_with_field, durak.from_json, DURAK_RECORD, field)
        for field in DURAK_RECORD
    },
    "durak.parse_move": lambda v: durak.parse_move(v),
    "durak.Lead": lambda v: durak.Lead(v),
    "durak.Lead(a card)": lambda v: durak.Lead([v]),
    "durak.Cover(attack)": lambda v: durak.Cover(v, "8♣"),
    "durak.Cover(card)": lambda v: durak.Cover("7♣", v),
    "durak.Options(short_deck)": lambda v: durak.Options(short_deck=v),
    "durak.Options(take_limit)": lambda v: durak.Options(take_limit=v),
    "durak.max_moves(players)": lambda v: durak.max_moves(v, 100),
    "durak.max_moves(take_limit)": lambda v: durak.max_moves(3, v),
    "durak.pack": lambda v: durak.pack(v),
    "durak.GameState.hand": lambda v: DURAK_MID.hand(v),
    "durak.PlayerView.legal_moves": lambda v: DURAK_VIEW.legal_moves(),
    "durak.GameState()": lambda v: durak.GameState(v),  # type: ignore[call-arg]
}


@pytest.mark.parametrize("name", sorted(TARGETS))
@settings(max_examples=40)
@given(value=json_values)
def test_only_our_errors_escape_with_short_messages(name: str, value: object) -> None:
    try:
        TARGETS[name](value)
    except s7.SevensError as error:
        message = str(error)
        assert len(message) <= 700, message[:800]
        message.encode("utf-8")  # no lone surrogate: a server can log it and send it
    for state, (history, hashed, hands) in zip(STATES, SNAPSHOTS, strict=True):
        assert (state.history, hash(state), state.hands) == (history, hashed, hands)


def test_the_values_cover_what_json_makes() -> None:
    # the fuzz's values are those json.loads gives, floats and big ints among them
    assert math.isnan(json.loads("NaN")) and json.loads("1" * 4000) > 2**64
    assert json.loads('"\\ud800"') == "\ud800"
