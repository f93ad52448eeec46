"""The pack and the deal (D1–D5): seeded deals, explicit deals and every bad input."""

from __future__ import annotations

import pytest
from durak_helpers import hands, seeds
from hypothesis import given
from hypothesis import strategies as st

from sevens_ru import (
    DECK,
    Card,
    InvalidDealError,
    InvalidOptionsError,
    InvalidSeatError,
    Rank,
    durak,
)
from sevens_ru.common.shuffle import shuffled

FOUR = hands(
    "6♣ 6♦ Q♣ Q♦ Q♥ K♣ K♦ A♣ A♠",
    "6♥ 7♣ 7♦ 7♥ 7♠ 8♣ 8♦ 8♥ 8♠",
    "6♠ 9♣ 9♦ 9♥ 9♠ 10♣ 10♦ 10♥ 10♠",
    "J♣ J♦ J♥ J♠ Q♠ K♥ K♠ A♦ A♥",
)
TWO = FOUR[:2]


def test_the_packs() -> None:
    # D1: 36 cards 6 to A; the short pack is the 32 from 7 up
    assert durak.pack(False) == DECK
    assert len(durak.pack(True)) == 32
    assert set(durak.pack(True)) == {card for card in DECK if card.rank != Rank.SIX}


@given(
    st.integers(2, 4),
    st.booleans(),
    st.integers(0, 3),
    seeds,
)
def test_a_seeded_deal_follows_d3_and_d4(
    players: int, short_deck: bool, dealer: int, seed: int
) -> None:
    short_deck = short_deck and players < 4
    dealer %= players
    state = durak.new_game(
        players, dealer=dealer, seed=seed, options=durak.Options(short_deck=short_deck)
    )
    # D3: the shuffled pack dealt one card at a time from the dealer's left
    cards = durak.pack(short_deck)
    order = [cards[index] for index in shuffled(seed, len(cards))]
    expected = [
        sorted(order[p] for p in range(9 * players) if (dealer + 1 + p) % players == seat)
        for seat in range(players)
    ]
    assert [list(hand) for hand in state.deal] == expected == [list(hand) for hand in state.hands]
    assert state.hand_sizes == (9,) * players
    # D4: the next card is the trump card; with 4 players and 36 cards the dealer's last
    if 9 * players < len(cards):
        assert state.trump == order[9 * players]
        assert state.undealt == frozenset(order[9 * players :])
        assert all(state.trump not in hand for hand in state.hands)
    else:
        assert state.trump == order[-1] and state.trump in state.hand(dealer)
        assert state.undealt == frozenset()
    assert state.trump_suit == state.trump.suit
    # D5: the dealer's left neighbour attacks his own left neighbour
    assert state.attacker == (dealer + 1) % players
    assert state.defender == (dealer + 2) % players
    assert state.current_player == state.attacker
    assert state == durak.new_game(
        players, dealer=dealer, seed=seed, options=durak.Options(short_deck=short_deck)
    )


def test_seeded_deals_are_fixed_for_good() -> None:
    # The deal of a seed is part of the public contract (records, tests, tournaments)
    state = durak.new_game(3, dealer=0, seed=7)
    assert " ".join(map(str, state.hand(0))) == "8♣ 10♦ J♦ 6♥ 8♥ Q♥ J♠ Q♠ K♠"
    assert state.trump == Card.parse("Q♣")
    assert durak.new_game(3, dealer=0, seed=8) != state
    assert durak.new_game(3, dealer=1, seed=7).deal != state.deal


def test_no_seed_deals_from_fresh_entropy() -> None:
    first, second = durak.new_game(2), durak.new_game(2)
    assert first.deal != second.deal  # equal by chance once in about 10**9
    assert first.players == 2 and first.dealer == 0


def test_an_explicit_deal() -> None:
    state = durak.new_game(2, dealer=1, hands=[list(reversed(TWO[0])), TWO[1]], trump="6♠")
    assert state.deal[0] == tuple(sorted(Card.parse(card) for card in TWO[0]))  # any order
    assert state.trump == Card.parse("6♠") and len(state.undealt) == 18
    assert (state.attacker, state.defender) == (0, 1)  # D5: the dealer is seat 1
    cards = [[Card.parse(text) for text in hand] for hand in FOUR]
    four = durak.new_game(4, dealer=3, hands=cards, trump=Card.parse("K♠"))
    assert four.hands == tuple(tuple(sorted(hand)) for hand in cards)


def test_a_short_pack_deal() -> None:
    short = durak.Options(short_deck=True)
    state = durak.new_game(3, seed=1, options=short)
    assert len(state.undealt) == 5
    assert all(card.rank != Rank.SIX for hand in state.hands for card in hand)
    with pytest.raises(
        InvalidDealError, match=r"seat 0 holds 6♣, which is not in the 32-card pack"
    ):
        durak.new_game(2, hands=TWO, trump="A♥", options=short)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (1, r"Durak is for 2 to 4 players \(D2\), got 1"),
        (5, r"Durak is for 2 to 4 players \(D2\), got 5"),
        ("3", r"must be an int from 2 to 4, got str '3'"),
        (True, r"must be an int from 2 to 4, got True$"),
    ],
)
def test_bad_player_counts(players: object, message: str) -> None:
    with pytest.raises(InvalidDealError, match=message):
        durak.new_game(players, seed=1)  # type: ignore[arg-type]


def test_the_short_pack_is_not_for_four() -> None:
    with pytest.raises(InvalidOptionsError, match=r"short_deck\) is for 2 or 3 players \(D1\)"):
        durak.new_game(4, seed=1, options=durak.Options(short_deck=True))


@pytest.mark.parametrize(
    ("dealer", "message"),
    [
        (3, r"the dealer must be one of the seats 0 to 2, got 3"),
        (-1, r"the dealer must be one of the seats 0 to 2, got -1"),
        ("0", r"the dealer is a seat number \(an int\), got str '0'"),
        (None, r"the dealer is a seat number \(an int\), got None$"),
    ],
)
def test_bad_dealers(dealer: object, message: str) -> None:
    with pytest.raises(InvalidSeatError, match=message):
        durak.new_game(3, dealer=dealer, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seed": 1, "hands": TWO, "trump": "A♥"}, r"either a seed or explicit hands, not both"),
        ({"seed": 1, "trump": "A♥"}, r"a trump card is given only with explicit hands"),
        ({"trump": "A♥"}, r"a trump card is given only with explicit hands"),
        ({"seed": "7"}, r"the seed must be an int, got str '7'"),
        ({"seed": 1.5}, r"the seed must be an int, got float 1.5"),
        ({"hands": TWO}, r"an explicit deal needs its trump card too, e.g. trump='7♠' \(D4\)"),
        ({"hands": FOUR, "trump": "A♥"}, r"expected 2 hands \(one per seat\), got 4"),
        (
            {"hands": "6♣ 6♦", "trump": "A♥"},
            r"hands must be a sequence with one hand per seat, got str",
        ),
        (
            {"hands": {0: TWO[0]}, "trump": "A♥"},
            r"hands must be a sequence with one hand per seat, got dict",
        ),
        (
            {"hands": [TWO[0], " ".join(TWO[1])], "trump": "A♥"},
            r"the hand of seat 1 must be a list of cards",
        ),
        (
            {"hands": [TWO[0], 5], "trump": "A♥"},
            r"the hand of seat 1 must be a list of cards .* got int 5",
        ),
        (
            {"hands": [TWO[0], [*TWO[1][:8], "1♠"]], "trump": "A♥"},
            r"seat 1, card 8: cannot read '1♠' as a card",
        ),
        (
            {"hands": [TWO[0], [*TWO[1][:8], 7]], "trump": "A♥"},
            r"seat 1, card 8: expected card text",
        ),
        (
            {"hands": [TWO[0], [*TWO[1][:8], "6♣"]], "trump": "A♥"},
            r"card 6♣ is dealt in the hands of seats 0 and 1",
        ),
        (
            {"hands": [TWO[0], [*TWO[1][:8], "7♣"]], "trump": "A♥"},
            r"card 7♣ is dealt twice in the hand of seat 1",
        ),
        (
            {"hands": [TWO[0], TWO[1][:8]], "trump": "A♥"},
            r"seat 1 holds 8 cards, expected 9 \(D3\)",
        ),
        (
            {"hands": [TWO[0], [*TWO[1], "A♥"]], "trump": "K♥"},
            r"seat 1 holds 10 cards, expected 9 \(D3\)",
        ),
        ({"hands": [[], []], "trump": "A♥"}, r"seat 0 holds 0 cards, expected 9 \(D3\)"),
        (
            {"hands": TWO, "trump": "6♣"},
            r"the trump card 6♣ is turned up .* no hand may hold it, but seat 0 does",
        ),
        ({"hands": TWO, "trump": "ZZ"}, r"the trump card: cannot read 'ZZ' as a card"),
        ({"hands": TWO, "trump": 7}, r"the trump card: expected card text"),
    ],
)
def test_bad_deals(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidDealError, match=message):
        durak.new_game(2, **kwargs)  # type: ignore[arg-type]


def test_the_four_player_trump_card_is_the_dealers() -> None:
    # D4: with 36 cards and 4 players the trump card is in the dealer's hand
    with pytest.raises(
        InvalidDealError, match=r"K♠ must be in the hand of seat 0, the dealer, but seat 3 holds it"
    ):
        durak.new_game(4, dealer=0, hands=FOUR, trump="K♠")
    state = durak.new_game(4, dealer=0, hands=FOUR, trump="A♠")
    assert state.trump in state.hand(0) and state.trump_suit == Card.parse("A♠").suit


def test_a_trump_card_outside_the_short_pack() -> None:
    short = durak.Options(short_deck=True)
    seven_up = hands("7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 7♦", "8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦ 7♥ 8♥")
    assert durak.new_game(2, hands=seven_up, trump="A♠", options=short).trump == Card.parse("A♠")
    with pytest.raises(InvalidDealError, match=r"the trump card 6♠ is not in the 32-card pack"):
        durak.new_game(2, hands=seven_up, trump="6♠", options=short)


def test_bad_options() -> None:
    with pytest.raises(InvalidOptionsError, match=r"options must be a sevens_ru.durak.Options"):
        durak.new_game(2, seed=1, options={"short_deck": True})  # type: ignore[arg-type]
    with pytest.raises(
        InvalidOptionsError, match=r"Options.short_deck must be True or False, got int 1"
    ):
        durak.Options(short_deck=1)  # type: ignore[arg-type]
    for limit in (0, -3, True, 2.0, "100"):
        with pytest.raises(InvalidOptionsError, match=r"Options.take_limit must be a positive int"):
            durak.Options(take_limit=limit)  # type: ignore[arg-type]
