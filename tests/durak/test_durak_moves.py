"""The moves and their text form: parse_move, str and repr, and every malformed move."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sevens_ru import DECK, Card, CardParseError, SevensError, durak
from sevens_ru.durak import Cover, InvalidMoveError, Lead, Take, parse_move


@st.composite
def moves(draw: st.DrawFn) -> durak.Move:
    kind = draw(st.sampled_from(["lead", "cover", "take"]))
    if kind == "take":
        return Take()
    if kind == "cover":
        attack, card = draw(st.lists(st.sampled_from(DECK), min_size=2, max_size=2, unique=True))
        return Cover(attack, card)
    rank = draw(st.sampled_from([card.rank for card in DECK[:9]]))
    group = [card for card in DECK if card.rank == rank]
    return Lead(draw(st.lists(st.sampled_from(group), min_size=1, max_size=4, unique=True)))


@given(moves())
def test_text_round_trips(move: durak.Move) -> None:
    text = str(move)
    assert parse_move(text) == move
    assert parse_move(f"  {text.upper()}  ") == move
    assert eval(repr(move), {"Lead": Lead, "Cover": Cover, "Take": Take}) == move
    assert hash(parse_move(text)) == hash(move)


def test_the_text_forms() -> None:
    assert str(Lead(["7♦", "7♣"])) == "lead 7♣ 7♦"  # canonical order, whatever the input
    assert Lead(["7♦", "7♣"]) == Lead([Card.parse("7♣"), Card.parse("7♦")])
    assert str(Cover("7♣", "8♣")) == "cover 7♣ 8♣"
    assert str(Take()) == "take" and Take() == Take()
    assert parse_move("lead 7c 7d") == parse_move("Lead 7♣ 7♦") == parse_move("LEAD   7C\t7D")
    assert parse_move("cover дs кs") == Cover("Q♠", "K♠")  # Russian letters: Д queen, К king
    assert parse_move("cover Т♥ T♥") == Cover("A♥", "10♥")  # Cyrillic Т is the ace, Latin T the ten
    assert Lead(["Q♠"]).rank == Card.parse("Q♠").rank
    assert Lead(["Q♠", "Q♦"]).mask == Card.parse("Q♠").bit | Card.parse("Q♦").bit


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", r"cannot read '' as a move: it is empty; expected 'lead'"),
        ("   ", r"it is empty"),
        ("beat 7♣ 8♣", r"unknown verb 'beat'; expected 'lead' and one to four cards of one rank"),
        ("lead", r"'lead' takes one to four cards, got 0"),
        ("lead 7♣ 8♣", r"the cards of a lead are all of one rank \(D6\), got 7♣ 8♣"),
        ("lead 7♣ 7♣", r"a lead names every card once, got 7♣ 7♣"),
        ("lead 7♣ 7♦ 7♥ 7♠ 7♣", r"a lead is one to four cards of one rank \(D6\), got 5 cards"),
        ("lead 7x", r"cannot read 'lead 7x' as a move: cannot read '7x' as a card"),
        ("cover 7♣", r"'cover' takes two cards, got 1"),
        ("cover 7♣ 8♣ 9♣", r"'cover' takes two cards, got 3"),
        ("cover 7♣ 7♣", r"a card cannot cover itself: cover 7♣ 7♣"),
        ("cover 7♣ 1♣", r"cannot read '1♣' as a card: unknown rank '1'"),
        ("take 7♣", r"'take' takes no cards, got 1"),
        ("take take", r"'take' takes no cards, got 1"),
    ],
)
def test_bad_text(text: str, message: str) -> None:
    with pytest.raises(InvalidMoveError, match=message):
        parse_move(text)


def test_not_text() -> None:
    for value in (None, 5, b"take", Take()):
        with pytest.raises(InvalidMoveError, match=r"expected move text such as 'lead 7♣ 7♦'"):
            parse_move(value)  # type: ignore[arg-type]


def test_bad_constructor_arguments() -> None:
    with pytest.raises(
        InvalidMoveError, match=r"Lead\(\) takes a list of cards such as \['7♣', '7♦'\], got str"
    ):
        Lead("7♣")
    with pytest.raises(InvalidMoveError, match=r"got int 7"):
        Lead(7)  # type: ignore[arg-type]
    with pytest.raises(
        InvalidMoveError, match=r"one to four cards of one rank \(D6\), got 0 cards"
    ):
        Lead([])
    with pytest.raises(CardParseError, match=r"cannot read 'x' as a card"):
        Lead(["x"])
    with pytest.raises(CardParseError, match=r"expected card text"):
        Cover("7♣", None)
    with pytest.raises(InvalidMoveError, match=r"a card cannot cover itself"):
        Cover(Card.parse("7♣"), "7c")


def test_invalid_move_error_is_a_library_value_error() -> None:
    assert issubclass(InvalidMoveError, SevensError)
    assert issubclass(InvalidMoveError, ValueError)


@given(st.text(st.sampled_from(list("leadcovertk 6789JQKAT10♣♦♥♠CDHS")), max_size=20) | st.text())
def test_any_text_is_a_move_or_an_invalid_move_error(text: str) -> None:
    try:
        move = parse_move(text)
    except InvalidMoveError as error:
        message = str(error)
        assert message.startswith("cannot read") and "as a move" in message
        return
    assert parse_move(str(move)) == move
