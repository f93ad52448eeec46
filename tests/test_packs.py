"""The packs as values (F3–F5): their cards, their order, their card sets and their errors."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import sevens_ru as s7
from sevens_ru import (
    DECK,
    FRENCH_52,
    FRENCH_52_ACE_HIGH,
    PACKS,
    PIQUET_32,
    RUSSIAN_36,
    SPANISH_40,
    Card,
    Pack,
    Rank,
    Suit,
    durak,
)
from sevens_ru.common.cards import DECK_MASK
from sevens_ru.games import sevens

RANKS = {
    # F4: the order of a row in each pack, which is the order of its cards in a suit
    RUSSIAN_36: "6 7 8 9 10 J Q K A",
    PIQUET_32: "7 8 9 10 J Q K A",
    FRENCH_52: "A 2 3 4 5 6 7 8 9 10 J Q K",
    FRENCH_52_ACE_HIGH: "2 3 4 5 6 7 8 9 10 J Q K A",
    SPANISH_40: "A 2 3 4 5 6 7 J Q K",
}


def test_the_built_in_packs() -> None:
    assert PACKS == (RUSSIAN_36, PIQUET_32, FRENCH_52, FRENCH_52_ACE_HIGH, SPANISH_40)
    assert [len(pack) for pack in PACKS] == [36, 32, 52, 52, 40]
    assert [pack.name for pack in PACKS] == [
        "russian-36",
        "piquet-32",
        "french-52",
        "french-52-ace-high",
        "spanish-40",
    ]
    assert Pack.RUSSIAN_36 is RUSSIAN_36 and Pack.SPANISH_40 is SPANISH_40
    assert s7.cards.Pack is Pack and s7.cards.PIQUET_32 is PIQUET_32


@pytest.mark.parametrize("pack", PACKS, ids=lambda pack: pack.name)
def test_a_pack_lists_its_cards_by_suit_then_by_its_rank_order(pack: Pack) -> None:
    # F5: by suit (♣ < ♦ < ♥ < ♠), then by the pack's rank order (F4)
    ranks = tuple(Card.parse(text + "♣").rank for text in RANKS[pack].split())
    assert pack.ranks == ranks
    assert pack.suits == tuple(Suit)
    assert pack.cards == tuple(Card(rank, suit) for suit in Suit for rank in ranks)
    assert len(set(pack.cards)) == len(pack) == len(ranks) * 4
    assert tuple(pack) == pack.cards
    assert pack.full_mask == (1 << len(pack)) - 1
    assert [pack.index(card) for card in pack.cards] == list(range(len(pack)))
    assert pack.cards_of(pack.full_mask) == pack.cards
    assert pack.sorted(reversed(pack.cards)) == pack.cards


def test_the_russian_pack_is_the_deck_exactly() -> None:
    # R1, R2: every record, test and the compiled core depend on this numbering
    assert RUSSIAN_36.cards is DECK
    assert RUSSIAN_36.full_mask == DECK_MASK == (1 << 36) - 1
    for position, card in enumerate(DECK):
        assert RUSSIAN_36.index(card) == card.index == position
        assert RUSSIAN_36.mask_of(card) == card.bit == s7.mask_of(card)
    assert list(DECK) == sorted(DECK)


def test_the_piquet_pack_is_the_deck_without_its_sixes() -> None:
    # D1: Durak's short deck, in the order of DECK
    assert PIQUET_32.cards == tuple(card for card in DECK if card.rank != Rank.SIX)
    assert list(PIQUET_32.cards) == sorted(PIQUET_32.cards)


def test_the_spanish_pack() -> None:
    # C1: A 2–7 J Q K (as, 2–7, sota, caballo, rey); no 8, 9 or 10
    assert {card.rank for card in SPANISH_40} == set(Rank) - {Rank.EIGHT, Rank.NINE, Rank.TEN}
    assert "10♦" not in SPANISH_40 and "8♦" not in SPANISH_40
    assert SPANISH_40.index("5♦") == 14  # the five of oros, which opens cinquillo
    assert SPANISH_40.cards[6:8] == (Card.parse("7♣"), Card.parse("J♣"))  # adjacent (C1)


def test_the_two_orders_of_the_52_cards() -> None:
    # F4: the ace low by default, high with ace="high"; the same cards either way
    assert set(FRENCH_52) == set(FRENCH_52_ACE_HIGH) == {Card(r, s) for s in Suit for r in Rank}
    assert FRENCH_52.index("A♣") == 0 and FRENCH_52_ACE_HIGH.index("A♣") == 12
    assert list(FRENCH_52_ACE_HIGH.cards) == sorted(FRENCH_52.cards)  # Card's own order
    assert FRENCH_52 != FRENCH_52_ACE_HIGH


def test_each_game_states_its_pack() -> None:
    assert sevens.PACK is RUSSIAN_36 and s7.deal.PACK is RUSSIAN_36
    assert durak.PACK is RUSSIAN_36  # Durak's card sets, with either deck
    assert s7.games.get("sevens").pack is sevens.PACK
    assert s7.games.get("durak").pack is durak.PACK
    assert durak.pack_of() is durak.pack_of(durak.Options()) is RUSSIAN_36
    assert durak.pack_of(durak.Options(short_deck=True)) is PIQUET_32
    for short_deck in (False, True):
        cards = durak.pack_of(durak.Options(short_deck=short_deck)).cards
        assert durak.pack(short_deck) == cards
        assert durak.deal.pack_mask(short_deck) == RUSSIAN_36.mask_of(cards)
    state = durak.new_game(3, dealer=0, seed=7, options=durak.Options(short_deck=True))
    assert all(card in PIQUET_32 for hand in state.hands for card in hand)
    assert all(card in sevens.PACK for hand in s7.new_game(4, seed=7).hands for card in hand)


@st.composite
def pack_and_cards(draw: st.DrawFn) -> tuple[Pack, list[Card]]:
    pack = draw(st.sampled_from(PACKS))
    return pack, draw(st.lists(st.sampled_from(pack.cards)))


@given(pack_and_cards())
def test_card_sets_round_trip(drawn: tuple[Pack, list[Card]]) -> None:
    # A card set holds each card once, bit index(card) for card
    pack, cards = drawn
    mask = pack.mask_of(cards)
    assert 0 <= mask <= pack.full_mask
    assert mask.bit_count() == len(set(cards))
    assert pack.cards_of(mask) == tuple(sorted(set(cards), key=pack.index))
    assert pack.mask_of(str(card) for card in cards) == mask
    assert pack.sorted(cards) == tuple(sorted(cards, key=pack.index))
    if pack is RUSSIAN_36:
        assert mask == s7.mask_of(cards) and pack.cards_of(mask) == s7.cards_from_mask(mask)


@given(st.sampled_from(PACKS), st.data())
def test_every_int_of_the_pack_is_a_card_set(pack: Pack, data: st.DataObject) -> None:
    mask = data.draw(st.integers(0, pack.full_mask))
    assert pack.mask_of(pack.cards_of(mask)) == mask


@pytest.mark.parametrize(
    ("pack", "card"),
    [
        (RUSSIAN_36, "2♣"),
        (RUSSIAN_36, "5♠"),
        (PIQUET_32, "6♣"),
        (SPANISH_40, "10♦"),
        (SPANISH_40, "8♥"),
        (Pack("nines", [Card.parse("9♣")]), "9♦"),
    ],
)
def test_a_card_outside_the_pack_is_refused(pack: Pack, card: str) -> None:
    assert card not in pack and Card.parse(card) not in pack
    calls = (
        pack.index,
        pack.mask_of,
        lambda card: pack.mask_of([card]),
        lambda c: pack.sorted([c]),
    )
    for call in calls:
        for item in (card, Card.parse(card)):
            with pytest.raises(s7.NotInPackError, match=rf"{card} is not in the pack {pack.name}"):
                call(item)
    with pytest.raises(s7.NotInPackError) as error:
        pack.index(card)
    assert isinstance(error.value, ValueError) and isinstance(error.value, s7.SevensError)
    assert len(str(error.value)) < 120


def test_membership() -> None:
    assert Card.parse("9♦") in RUSSIAN_36 and "9♦" in RUSSIAN_36 and " 9 d " in PIQUET_32
    assert "2♣" in FRENCH_52 and "2♣" not in RUSSIAN_36
    for other in (None, 9, 9.5, b"9D", ["9♦"], object()):
        assert other not in RUSSIAN_36
    with pytest.raises(s7.CardParseError):
        _ = "9x" in RUSSIAN_36


@pytest.mark.parametrize("text", ["9x", "", "1♣", "11♦", "x" * 10_000])
def test_text_that_is_not_a_card(text: str) -> None:
    for call in (FRENCH_52.index, FRENCH_52.mask_of, lambda text: FRENCH_52.mask_of([text])):
        with pytest.raises(s7.CardParseError) as error:
            call(text)
        assert isinstance(error.value, ValueError) and len(str(error.value)) < 300


@pytest.mark.parametrize("value", [None, 5, 9.0, b"9D", ("9♦",)])
def test_index_wants_a_card(value: object) -> None:
    with pytest.raises(s7.WrongTypeError, match=r"Pack.RUSSIAN_36.index\(\) takes a card"):
        RUSSIAN_36.index(value)  # type: ignore[arg-type]


def test_mask_of_wants_cards() -> None:
    with pytest.raises(s7.WrongTypeError, match=r"mask_of\(\) takes a card, card text"):
        PIQUET_32.mask_of(5)  # type: ignore[arg-type]
    with pytest.raises(s7.WrongTypeError, match=r"index\(\) takes a card"):
        PIQUET_32.mask_of([5])  # type: ignore[list-item]


def test_cards_of_refuses_what_is_not_a_card_set() -> None:
    for pack in PACKS:
        for bad in (-1, pack.full_mask + 1, 1 << 64, -(2**70), 1 << 10_000):
            with pytest.raises(s7.InvalidMaskError, match=rf"from 0 to 2\*\*{len(pack)} - 1") as e:
                pack.cards_of(bad)
            assert isinstance(e.value, ValueError) and isinstance(e.value, s7.SevensError)
            assert len(str(e.value)) < 200
        for wrong in (True, 1.0, "1", None):
            with pytest.raises(s7.WrongTypeError, match=r"cards_of\(\) takes an int"):
                pack.cards_of(wrong)  # type: ignore[arg-type]


def test_cards_of_takes_numpy_integers() -> None:
    numpy = pytest.importorskip("numpy")
    assert FRENCH_52.cards_of(numpy.uint64(1 << 51)) == (Card.parse("K♠"),)
    assert SPANISH_40.cards_of(numpy.int64(0b11)) == SPANISH_40.cards[:2]


def test_a_pack_of_ones_own() -> None:
    # A game of another package may bring its own pack
    cards = [Card.parse(text) for text in ("2♣", "9♦", "A♠")]
    pack = Pack("three", cards)
    assert pack.cards == tuple(cards) and pack.ranks == (Rank.TWO, Rank.NINE, Rank.ACE)
    assert pack.suits == (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)
    assert pack.mask_of("A♠") == 4 and pack == Pack("three", tuple(cards))
    assert hash(pack) == hash(Pack("three", cards)) and pack != Pack("other", cards)
    assert repr(pack) == "<Pack 'three': 2♣ … A♠, 3 cards>"
    assert pickle.loads(pickle.dumps(pack)) == pack


def test_packs_are_values() -> None:
    assert {pack: pack.name for pack in PACKS}[Pack("piquet-32", PIQUET_32.cards)] == "piquet-32"
    for pack in PACKS:
        copy = pickle.loads(pickle.dumps(pack))
        assert copy == pack and repr(copy) == repr(pack) == f"Pack.{pack.name.upper()}".replace(
            "-", "_"
        )
        assert copy.index(pack.cards[-1]) == len(pack) - 1
    with pytest.raises(AttributeError):
        RUSSIAN_36.cards = ()  # type: ignore[misc]


@pytest.mark.parametrize(
    ("name", "cards", "error", "gist"),
    [
        ("empty", [], s7.InvalidPackError, "at least one card"),
        ("twice", ["9♦", "6♣", "9♦"], s7.InvalidPackError, "9♦ is in it twice"),
        ("", ["9♦"], s7.InvalidPackError, "1 to 40 printable"),
        ("x" * 10_000, ["9♦"], s7.InvalidPackError, "1 to 40 printable"),
        ("new\nline", ["9♦"], s7.InvalidPackError, "1 to 40 printable"),
        (None, ["9♦"], s7.WrongTypeError, "takes its name as a str"),
        ("text", "9♦", s7.WrongTypeError, "an iterable of cards"),
        ("number", 9, s7.WrongTypeError, "an iterable of cards"),
        ("strings", ["9♦"], s7.WrongTypeError, "takes Card values"),
    ],
)
def test_bad_packs(name: object, cards: object, error: type[Exception], gist: str) -> None:
    if (
        isinstance(cards, list)
        and all(isinstance(card, str) for card in cards)
        and name != "strings"
    ):
        cards = [Card.parse(card) for card in cards]
    with pytest.raises(error, match=gist) as raised:
        Pack(name, cards)  # type: ignore[arg-type]
    assert isinstance(raised.value, s7.SevensError) and len(str(raised.value)) < 200


# A card of another pack in a game: it parses, but no game of the Russian pack takes it (F6).


@pytest.mark.parametrize("card", ["2♣", "5♦", Card.parse("3♥")], ids=str)
def test_the_main_game_refuses_a_card_of_another_pack(card: Card | str) -> None:
    state = s7.new_game(4, seed=7)
    with pytest.raises(s7.IllegalMoveError, match=r"it is not a card of the game.*\(R1\)"):
        s7.apply(state, card)
    over = state
    while not s7.is_over(over):
        over = s7.apply(over, s7.legal_moves(over)[0])
    with pytest.raises(s7.IllegalMoveError, match="the game is over"):
        s7.apply(over, card)
    with pytest.raises(s7.InvalidMoveError, match="not a card of the main game"):
        s7.action_of(card)
    hands = [[str(c) for c in hand] for hand in state.deal]
    hands[1][0] = str(card)
    with pytest.raises(
        s7.InvalidDealError, match=rf"seat 1 holds {card}, which is not in the pack"
    ):
        s7.new_game(4, hands=hands)
    record = s7.to_json(state).replace('"moves": []', f'"moves": ["{card}"]')
    with pytest.raises(s7.RecordError, match=r"moves\[0\]"):
        s7.from_json(record)


@pytest.mark.parametrize("short_deck", [False, True])
def test_durak_refuses_a_card_of_another_pack(short_deck: bool) -> None:
    options = durak.Options(short_deck=short_deck)
    state = durak.new_game(3, dealer=0, seed=7, options=options)
    for text in ("lead 2♣", "lead 5♣ 5♦", "cover 2♣ 7♣", "cover 7♣ 2♣"):
        with pytest.raises(s7.InvalidMoveError, match=r"(2♣|5♣) is not a card of Durak"):
            durak.parse_move(text)
        with pytest.raises(s7.InvalidMoveError):
            durak.apply(state, text)
    with pytest.raises(s7.InvalidMoveError, match="not a card of Durak"):
        durak.Lead(["4♠"])
    with pytest.raises(s7.InvalidMoveError, match="not a card of Durak"):
        durak.Cover("4♠", "A♠")
    hands = [[str(c) for c in hand] for hand in state.deal]
    with pytest.raises(s7.InvalidDealError, match="the trump card 2♣ is not in the"):
        durak.new_game(3, dealer=0, hands=hands, trump="2♣", options=options)
    hands[0][0] = "2♣"
    with pytest.raises(s7.InvalidDealError, match="seat 0 holds 2♣, which is not in the"):
        durak.new_game(3, dealer=0, hands=hands, trump=str(state.trump), options=options)


def test_the_family_s_names_of_the_packs_are_the_packs_themselves() -> None:
    # F3: PACK_52, PACK_32 (7 to A) and PACK_40 (A, 2-7, J, Q, K), no jokers
    from sevens_ru.common.packs import PACK_32, PACK_40, PACK_52

    assert PACK_52 is s7.FRENCH_52 and PACK_32 is s7.PIQUET_32 and PACK_40 is s7.SPANISH_40
    assert [len(pack) for pack in (PACK_52, PACK_32, PACK_40)] == [52, 32, 40]
    # F4: the rows' orders; C1: 7 and J are neighbours in the Spanish pack
    assert [rank.label() for rank in PACK_40.ranks] == "A 2 3 4 5 6 7 J Q K".split()
    assert [rank.label() for rank in PACK_32.ranks] == "7 8 9 10 J Q K A".split()
    assert PACK_52.ranks[0] == s7.Rank.ACE and PACK_52.ranks[-1] == s7.Rank.KING
    assert "10♦" not in PACK_40 and "8♦" not in PACK_40  # F6: not cards of cinquillo
