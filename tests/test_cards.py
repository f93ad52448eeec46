"""Cards and notation (R1–R3, and the ranks 2 to 5 of the other packs: F3, F6)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import sevens_ru as s7
from sevens_ru import DECK, RUSSIAN_36, Card, Rank, Suit
from sevens_ru.common.cards import CARD_LANGUAGES

LOW_CARDS = tuple(Card(rank, suit) for suit in Suit for rank in Rank if rank < Rank.SIX)
"""The 16 cards 2 to 5, of no place in DECK."""


def test_the_pack_has_36_distinct_cards_in_canonical_order() -> None:
    # R1, R2
    assert len(DECK) == 36
    assert len(set(DECK)) == 36
    assert list(DECK) == sorted(DECK)
    assert [card.suit for card in DECK[::9]] == [
        Suit.CLUBS,
        Suit.DIAMONDS,
        Suit.HEARTS,
        Suit.SPADES,
    ]
    assert [card.rank for card in DECK[:9]] == list(RUSSIAN_36.ranks)
    assert [int(rank) for rank in RUSSIAN_36.ranks] == [6, 7, 8, 9, 10, 11, 12, 13, 14]


def test_rank_has_the_thirteen_ranks_2_to_ace() -> None:
    # F3: TWO, THREE, FOUR and FIVE come before the nine of R1
    assert [int(rank) for rank in Rank] == list(range(2, 15))
    assert list(Rank)[:4] == [Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE]
    assert [rank.label() for rank in Rank][:5] == ["2", "3", "4", "5", "6"]


def test_the_low_cards_come_first_in_their_suit() -> None:
    # F5: comparing cards keeps one order in every pack, 2 lowest, A highest
    two, five = Card.parse("2♦"), Card.parse("5♦")
    assert Card.parse("A♣") < two < five < Card.parse("6♦") < Card.parse("2♥")
    assert sorted([Card.parse("6♠"), Card.parse("3♠"), Card.parse("A♣")]) == [
        Card.parse("A♣"),
        Card.parse("3♠"),
        Card.parse("6♠"),
    ]
    assert two <= two and five >= two and not two > five


@pytest.mark.parametrize("card", LOW_CARDS, ids=str)
def test_a_low_card_has_no_index_in_the_deck(card: Card) -> None:
    # Card.index and Card.bit are places in DECK; a 2 to 5 has none
    assert card not in DECK
    assert not hasattr(card, "index") and not hasattr(card, "bit")
    for attribute in ("index", "bit"):
        with pytest.raises(s7.NotInDeckError, match=rf"{card} has no index") as error:
            getattr(card, attribute)
        assert isinstance(error.value, s7.NotInPackError)
        assert isinstance(error.value, ValueError) and isinstance(error.value, s7.SevensError)
        assert len(str(error.value)) < 200
    with pytest.raises(s7.NotInDeckError):
        s7.mask_of([DECK[0], card])
    with pytest.raises(AttributeError, match="no attribute 'colour'"):
        card.colour  # type: ignore[attr-defined]  # noqa: B018


@pytest.mark.parametrize("card", LOW_CARDS, ids=str)
def test_a_low_card_is_a_value_like_any_other(card: Card) -> None:
    import copy
    import pickle

    assert Card(card.rank, card.suit) == card and hash(Card(card.rank, card.suit)) == hash(card)
    assert pickle.loads(pickle.dumps(card)) == card
    assert copy.deepcopy(card) == card
    assert eval(repr(card), {"Card": Card}) == card
    assert str(card) == card.label("en") == card.label("ru") == card.label("fr")


def test_a_low_card_is_the_same_whichever_way_it_is_made() -> None:
    import attrs

    two = Card.parse("2♣")
    assert two == Card(Rank.TWO, Suit.CLUBS) and isinstance(two, Card)
    assert type(two).__name__ == "Card" and type(DECK[0]) is Card
    six = attrs.evolve(two, rank=Rank.SIX)  # back to a card of DECK, with its index
    assert six == DECK[0] and type(six) is Card and six.index == 0
    assert attrs.evolve(DECK[0], rank=Rank.TWO) == two and not hasattr(two, "index")


@pytest.mark.parametrize("lang", s7.LANGUAGES)
@pytest.mark.parametrize("card", LOW_CARDS, ids=str)
def test_low_cards_parse_in_every_language(card: Card, lang: s7.Language) -> None:
    # F6: the ranks 2 to 5 are digits in every language, with every suit notation
    label = card.label(lang)
    assert label == f"{int(card.rank)}{card.suit.symbol}"
    assert Card.parse(label) == card
    assert Card.parse(f" {int(card.rank)} {card.suit.letter.lower()} ") == card
    assert Card.parse(f"{int(card.rank)}{card.suit.russian_letter}") == card


def test_canonical_order_is_by_suit_then_rank() -> None:
    # R2: every club before every diamond, and so on; within a suit 6 … A
    assert Card(Rank.ACE, Suit.CLUBS) < Card(Rank.SIX, Suit.DIAMONDS)
    assert Card(Rank.TEN, Suit.HEARTS) < Card(Rank.JACK, Suit.HEARTS)
    assert Card(Rank.SIX, Suit.SPADES) > Card(Rank.ACE, Suit.HEARTS)
    assert Card(Rank.NINE, Suit.CLUBS) <= Card(Rank.NINE, Suit.CLUBS)
    assert Card(Rank.NINE, Suit.CLUBS) >= Card(Rank.NINE, Suit.CLUBS)


def test_index_and_bit_match_the_position_in_the_deck() -> None:
    for position, card in enumerate(DECK):
        assert card.index == position
        assert card.bit == 1 << position
        assert Card(card.rank, card.suit) == card
        assert hash(Card(card.rank, card.suit)) == hash(card)


def test_card_points() -> None:
    # R3: A = 11, K = 4, Q = 3, J = 2, 10 = 10, and the numbers
    expected = {"6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 2, "Q": 3, "K": 4, "A": 11}
    for card in DECK:
        assert s7.card_points(card) == expected[card.rank.label()]
    assert s7.card_points(DECK) == 4 * sum(expected.values()) == 240
    assert s7.card_points([]) == 0
    assert s7.POINTS[Rank.ACE] == 11


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10♦", "10♦"),
        ("T♦", "10♦"),
        ("t♦", "10♦"),
        ("10d", "10♦"),
        ("9C", "9♣"),
        ("6s", "6♠"),
        ("7h", "7♥"),
        ("8♥", "8♥"),
        # English faces
        ("JH", "J♥"),
        ("qs", "Q♠"),
        ("K♣", "K♣"),
        ("a♦", "A♦"),
        # French faces: valet, dame, roi, as
        ("V♦", "J♦"),
        ("D♦", "Q♦"),
        ("R♦", "K♦"),
        ("Ad", "A♦"),
        # German faces: Bube, Dame, König, Ass
        ("B♠", "J♠"),
        ("DS", "Q♠"),
        ("KS", "K♠"),
        # Russian faces: валет, дама, король, туз (Cyrillic letters)
        ("В♥", "J♥"),
        ("Д♥", "Q♥"),
        ("К♥", "K♥"),
        ("Т♥", "A♥"),
        ("т♣", "A♣"),
        ("дd", "Q♦"),
        # Spanish faces (F6): sota, caballo, rey, as; the rank comes first
        ("S♦", "J♦"),
        ("C♦", "Q♦"),
        ("SS", "J♠"),
        ("CC", "Q♣"),
        ("sc", "J♣"),
        ("c s", "Q♠"),
        # outlined suit symbols and emoji presentation
        ("Q♡", "Q♥"),
        ("9♢", "9♦"),
        ("A♤", "A♠"),
        ("K♧", "K♣"),
        ("Q♥\ufe0f", "Q♥"),
        # surrounding spaces
        ("  9♦ ", "9♦"),
        ("\t10c\n", "10♣"),
        ("10 ♦", "10♦"),  # spaces between the rank and the suit
        ("q  s", "Q♠"),
        ("T\u00a0♥", "10♥"),
    ],
)
def test_parse_accepts_every_documented_notation(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


def test_latin_t_is_the_ten_and_cyrillic_t_is_the_ace() -> None:
    assert Card.parse("T♠").rank is Rank.TEN  # Latin T
    assert Card.parse("\u0422♠").rank is Rank.ACE  # Cyrillic Т (туз)


@pytest.mark.parametrize(
    ("text", "gist"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("11♦", "unknown rank '1'"),
        ("1♦", "unknown rank '1'"),
        ("0♠", "unknown rank '0'"),
        ("12♠", "unknown rank '1'"),  # F6: 1, 11 and 12 are refused
        ("X♠", "unknown rank 'X'"),
        ("Z", "unknown rank 'Z'"),
        ("10", "suit is missing"),
        ("Q", "suit is missing"),
        ("QX", "unknown suit 'X'"),
        ("Q♦♦", "unknown suit '♦♦'"),
        ("1 0♦", "unknown rank '1'"),  # spaces go between the rank and the suit only
        ("♦Q", "unknown rank '♦'"),
        ("AА", "unknown suit"),  # a Cyrillic А is not a suit letter
    ],
)
def test_parse_refuses_anything_else(text: str, gist: str) -> None:
    with pytest.raises(s7.CardParseError, match="cannot read") as error:
        Card.parse(text)
    assert gist in str(error.value)
    assert isinstance(error.value, ValueError)
    assert isinstance(error.value, s7.SevensError)


@pytest.mark.parametrize("value", [None, 10, 9.0, b"9D", ["9♦"], Card(Rank.NINE, Suit.DIAMONDS)])
def test_parse_refuses_non_text(value: object) -> None:
    with pytest.raises(s7.CardParseError, match="expected card text"):
        Card.parse(value)  # type: ignore[arg-type]


@given(st.sampled_from(DECK), st.sampled_from(s7.LANGUAGES))
def test_labels_parse_back(card: Card, lang: s7.Language) -> None:
    # Every label in every language is notation that Card.parse reads back
    assert Card.parse(card.label(lang)) == card
    assert Card.parse(card.label(lang).lower()) == card
    assert Card.parse(str(card)) == card
    assert eval(repr(card), {"Card": Card}) == card


def test_labels_in_each_language() -> None:
    jack = Card.parse("J♦")
    assert [jack.label(lang) for lang in ("en", "ru", "fr", "de")] == ["J♦", "В♦", "V♦", "B♦"]
    assert [Rank.ACE.label(lang) for lang in ("en", "ru", "fr", "de")] == ["A", "Т", "A", "A"]
    assert [Rank.KING.label(lang) for lang in ("en", "ru", "fr", "de")] == ["K", "К", "R", "K"]
    assert [Rank.QUEEN.label(lang) for lang in ("en", "ru", "fr", "de")] == ["Q", "Д", "D", "D"]
    assert str(Card.parse("10♦")) == "10♦"
    assert str(Suit.SPADES) == "♠" and str(Rank.TEN) == "10"


def test_spanish_labels_name_the_faces_of_the_spanish_pack() -> None:
    # F6: card.label("es") gives S♦, C♦, R♦ (sota, caballo, rey); str() is unchanged
    labels = [Card.parse(text).label("es") for text in ("J♦", "Q♦", "K♦", "A♦", "7♦", "2♣")]
    assert labels == ["S♦", "C♦", "R♦", "A♦", "7♦", "2♣"]
    assert str(Card.parse("S♦")) == "J♦"
    for card in s7.SPANISH_40:
        assert Card.parse(card.label("es")) == card  # every Spanish label reads back
    assert CARD_LANGUAGES[-1] == "es" and "es" not in s7.LANGUAGES


@pytest.mark.parametrize("lang", ["EN", "it", "ES", "", None, 1])
def test_unknown_language(lang: object) -> None:
    with pytest.raises(s7.UnknownLanguageError, match="unknown language") as error:
        DECK[0].label(lang)  # type: ignore[arg-type]
    assert isinstance(error.value, ValueError)


@pytest.mark.parametrize(
    ("rank", "suit"),
    [("9", Suit.DIAMONDS), (Rank.NINE, "♦"), (9, Suit.DIAMONDS), (Rank.NINE, 1)],
)
def test_card_constructor_wants_rank_and_suit(rank: object, suit: object) -> None:
    with pytest.raises(s7.InvalidCardError, match=r"Card\.parse"):
        Card(rank, suit)  # type: ignore[arg-type]


def test_cards_are_immutable() -> None:
    card = DECK[0]
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE  # type: ignore[misc]


def test_comparison_with_other_types() -> None:
    text: object = "6♣"
    assert DECK[0] != text
    with pytest.raises(TypeError):
        _ = DECK[0] < text


@given(st.sets(st.sampled_from(DECK)))
def test_card_sets_round_trip_through_masks(cards: set[Card]) -> None:
    mask = s7.mask_of(cards)
    assert s7.cards_from_mask(mask) == tuple(sorted(cards))
    assert mask.bit_count() == len(cards)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("9т", "9♣"),  # трефы
        ("9б", "9♦"),  # бубны
        ("9ч", "9♥"),  # черви
        ("9п", "9♠"),  # пики
        ("9Б", "9♦"),  # in any case
        ("10 П", "10♠"),
        ("Дч", "Q♥"),
        ("Вб", "J♦"),
        ("Кп", "K♠"),
        ("ТТ", "A♣"),  # the rank comes first: Cyrillic Т is the ace, then т is трефы
        ("тт", "A♣"),
        ("Тп", "A♠"),
        ("Tт", "10♣"),  # Latin T (the ten), then Cyrillic т (трефы)
        ("Qт", "Q♣"),
    ],
)
def test_russian_suit_letters(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


def test_every_suit_has_its_russian_letter() -> None:
    assert [suit.russian_letter for suit in Suit] == ["т", "б", "ч", "п"]
    for card in DECK:
        assert Card.parse(card.rank.label("ru") + card.suit.russian_letter) == card


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "9С",  # Cyrillic С
            "unknown suit 'С': that is the Cyrillic letter С, which looks like the Latin C "
            "(clubs ♣); type the Latin C, or the Russian т (трефы)",
        ),
        (
            "9н",  # Cyrillic н
            "unknown suit 'н': that is the Cyrillic letter н, which looks like the Latin H "
            "(hearts ♥); type the Latin H, or the Russian ч (черви)",
        ),
        (
            "А♠",  # Cyrillic А
            "unknown rank 'А': that is the Cyrillic letter А, which looks like the Latin A "
            "(the ace); type the Latin A, or the Russian Т (туз)",
        ),
        (
            "ТT",  # Cyrillic Т, then Latin T
            "unknown suit 'T': that is the Latin letter T; the Cyrillic т that looks like it "
            "stands for clubs ♣",
        ),
        ("9Е", "unknown suit 'Е' (the Cyrillic letter Е, which looks like the Latin E)"),
        ("Ж♠", "unknown rank 'Ж'; expected a rank"),
    ],
)
def test_a_cyrillic_lookalike_is_named(text: str, message: str) -> None:
    with pytest.raises(s7.CardParseError) as error:
        Card.parse(text)
    assert message in str(error.value)


def test_mask_of_takes_a_card_its_text_or_many() -> None:
    nine = Card.parse("9♦")
    assert s7.mask_of("9♦") == s7.mask_of(nine) == s7.mask_of(["9♦"]) == nine.bit
    assert s7.mask_of(["9♦", "qs", nine]) == nine.bit | Card.parse("Q♠").bit  # a set
    assert s7.mask_of(text for text in ["6♣", "A♣"]) == 0b1_0000_0001
    assert s7.mask_of([]) == 0
    with pytest.raises(s7.CardParseError, match="cannot read '9x' as a card"):
        s7.mask_of(["9♦", "9x"])
    with pytest.raises(s7.CardParseError, match="cannot read '9x' as a card"):
        s7.mask_of("9x")
    with pytest.raises(s7.CardParseError, match="expected card text"):
        s7.mask_of([5])  # type: ignore[list-item]
    with pytest.raises(s7.WrongTypeError, match=r"mask_of\(\) takes a card, card text"):
        s7.mask_of(5)  # type: ignore[arg-type]


def test_cards_from_mask_refuses_what_is_not_a_card_set() -> None:
    assert s7.cards_from_mask((1 << 36) - 1) == DECK
    assert s7.cards_from_mask(0) == ()
    for bad in (-1, 1 << 36, 2**40, -(2**70)):
        with pytest.raises(s7.InvalidMaskError, match=r"from 0 to 2\*\*36 - 1") as error:
            s7.cards_from_mask(bad)
        assert isinstance(error.value, ValueError) and isinstance(error.value, s7.SevensError)
    for wrong in (True, 1.0, "1", None):
        with pytest.raises(s7.WrongTypeError, match=r"cards_from_mask\(\) takes an int"):
            s7.cards_from_mask(wrong)  # type: ignore[arg-type]


def test_cards_from_mask_takes_numpy_integers() -> None:
    numpy = pytest.importorskip("numpy")
    assert s7.cards_from_mask(numpy.uint64(0b11)) == DECK[:2]
    assert s7.cards_from_mask(numpy.int64(1 << 35)) == (DECK[35],)


def test_card_points_takes_card_text() -> None:
    # R3: the points of a card, or of several
    assert s7.card_points("9♦") == 9
    assert s7.card_points(["A♠", "J♦", Card.parse("6♣")]) == 11 + 2 + 6
    assert s7.card_points("Тп") == 11
    with pytest.raises(s7.CardParseError):
        s7.card_points("9x")
    with pytest.raises(s7.WrongTypeError, match=r"takes a card, card text"):
        s7.card_points(9)  # type: ignore[arg-type]


def test_as_cards_keeps_the_order() -> None:
    from sevens_ru.common.cards import as_cards

    assert as_cards(["qs", "6♣", "qs"]) == tuple(map(Card.parse, ["Q♠", "6♣", "Q♠"]))
    assert as_cards("10 ♦") == (Card.parse("10♦"),)
