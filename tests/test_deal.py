"""The deal (R4–R6) and reproducible shuffles."""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import sevens_ru as s7
from helpers import players, seeds
from sevens_ru.common.shuffle import fresh_seed, shuffled, shuffled_bytes
from sevens_ru.games.sevens.deal import hand_sizes

# Pinned deals: new_game(players, seed=...) must give these hands on every platform and
# Python version. If one of these changes, every saved seed in the world deals anew.
PINNED = {
    (2, 0): [
        "6♣ 8♣ 9♣ J♣ K♣ A♣ 8♦ 9♦ J♦ A♦ 7♥ 8♥ 9♥ Q♥ K♥ 7♠ 10♠ A♠",
        "7♣ 10♣ Q♣ 6♦ 7♦ 10♦ Q♦ K♦ 6♥ 10♥ J♥ A♥ 6♠ 8♠ 9♠ J♠ Q♠ K♠",
    ],
    (3, 1): [
        "10♣ J♣ K♣ 6♦ J♦ K♦ A♦ 6♥ 8♥ 10♥ 7♠ 10♠",
        "6♣ 8♣ 9♣ Q♣ A♣ 8♦ Q♦ J♥ K♥ A♥ 9♠ A♠",
        "7♣ 7♦ 9♦ 10♦ 7♥ 9♥ Q♥ 6♠ 8♠ J♠ Q♠ K♠",
    ],
    (4, 7): [
        "9♣ K♣ 8♦ 6♥ 8♥ 10♥ K♥ 9♠ 10♠",
        "10♣ 6♦ 7♦ Q♥ A♥ 7♠ 8♠ J♠ A♠",
        "6♣ 7♣ 8♣ A♣ 10♦ J♦ K♦ 9♥ J♥",
        "J♣ Q♣ 9♦ Q♦ A♦ 7♥ 6♠ Q♠ K♠",
    ],
    (5, -1): [
        "6♣ 7♣ K♣ A♦ Q♥ J♠ Q♠ K♠",
        "A♣ 7♦ 8♥ K♥ 8♠ 9♠ 10♠",
        "J♣ 6♦ J♦ K♦ 6♥ 9♥ 7♠",
        "9♣ Q♣ 10♦ Q♦ 10♥ A♥ 6♠",
        "8♣ 10♣ 8♦ 9♦ 7♥ J♥ A♠",
    ],
    (6, 2**70 + 3): [
        "7♦ 8♦ 9♦ 10♦ 7♥ J♠",
        "J♣ Q♣ Q♦ K♦ 10♠ Q♠",
        "9♣ K♣ A♣ 9♥ A♥ K♠",
        "6♣ 8♣ 6♥ 10♥ J♥ K♥",
        "7♣ 10♣ A♦ Q♥ 6♠ 7♠",
        "6♦ J♦ 8♥ 8♠ 9♠ A♠",
    ],
}


@pytest.mark.parametrize(("players_and_seed", "hands"), PINNED.items())
def test_seeded_deals_are_pinned(players_and_seed: tuple[int, int], hands: list[str]) -> None:
    players, seed = players_and_seed
    state = s7.new_game(players, seed=seed)
    assert [" ".join(map(str, hand)) for hand in state.deal] == hands
    assert state.hands == state.deal


def test_shuffle_is_pinned() -> None:
    assert shuffled(0, 36) == [
        2, 30, 11, 27, 0, 29, 25, 26, 31, 15, 20, 10, 12, 1, 24, 6, 21, 9,
        3, 4, 5, 23, 8, 13, 7, 18, 28, 34, 35, 33, 14, 22, 17, 32, 19, 16,
    ]  # fmt: skip
    assert shuffled(2**100, 5) == [1, 4, 2, 0, 3]


def documented_shuffle(seed: int, count: int) -> list[int]:
    """The procedure of the sevens_ru.shuffle docs, written out step by step."""
    data = b"sevens-ru shuffle v1\x00" + seed.to_bytes(
        (seed.bit_length() + 8) // 8, "big", signed=True
    )
    stream = hashlib.shake_256(data).digest(8 * count)
    keys = []
    for card in range(count):
        word = int.from_bytes(stream[8 * card : 8 * card + 8], "big")
        keys.append((word >> 8) << 8 | card)  # the lowest byte replaced by the card index
    return sorted(range(count), key=lambda card: keys[card])


@given(seeds, st.integers(0, 60))
def test_shuffle_follows_its_documented_procedure(seed: int, count: int) -> None:
    assert shuffled(seed, count) == documented_shuffle(seed, count)
    assert sorted(shuffled(seed, count)) == list(range(count))
    assert list(shuffled_bytes(seed, count)) == shuffled(seed, count)


@given(players, seeds)
def test_seeded_deal_deals_the_shuffled_pack_one_card_at_a_time(players: int, seed: int) -> None:
    # R5: the card at position p of the shuffled pack goes to seat p % players
    order = shuffled(seed, 36)
    state = s7.new_game(players, seed=seed)
    for seat, hand in enumerate(state.deal):
        assert hand == tuple(sorted(s7.DECK[index] for index in order[seat::players]))


def test_shuffle_refuses_too_many_cards() -> None:
    with pytest.raises(ValueError, match="0 to 256"):
        shuffled(1, 257)


def test_shuffle_positions_look_uniform() -> None:
    # Where card 0 lands over 7,200 seeds: a chi-square test with 35 degrees of freedom
    # (the 0.1 % critical value is 66.6).
    positions = Counter(shuffled(seed, 36).index(0) for seed in range(7200))
    expected = 7200 / 36
    chi_square = sum((positions[p] - expected) ** 2 / expected for p in range(36))
    assert chi_square < 66.6


@pytest.mark.parametrize(
    ("players", "sizes"),
    [(2, (18, 18)), (3, (12,) * 3), (4, (9,) * 4), (5, (8, 7, 7, 7, 7)), (6, (6,) * 6)],
)
def test_hand_sizes(players: int, sizes: tuple[int, ...]) -> None:
    # R5: the whole pack, one card at a time from seat 0; with 5 players seat 0 gets 8
    assert hand_sizes(players) == sizes
    assert [len(hand) for hand in s7.new_game(players, seed=3).hands] == list(sizes)


@given(players, seeds)
def test_a_deal_partitions_the_pack(players: int, seed: int) -> None:
    # R1, R5
    state = s7.new_game(players, seed=seed)
    cards = [card for hand in state.deal for card in hand]
    assert sorted(cards) == list(s7.DECK)
    assert all(list(hand) == sorted(hand) for hand in state.deal)  # R2
    assert state.table == frozenset()
    assert state.passes == (0,) * players
    assert state.history == ()
    assert state.current_player is not None
    assert s7.Card.parse("9♦") in state.deal[state.current_player]  # R7


def test_without_seed_or_hands_the_deal_comes_from_entropy() -> None:
    deals = {s7.new_game(4).deal for _ in range(5)}
    assert len(deals) == 5
    assert fresh_seed() != fresh_seed()


def test_explicit_hands_in_any_order_and_notation() -> None:
    # R6: a deal can be given explicitly, cards as Card objects or text in any notation
    seeded = s7.new_game(3, seed=1)
    hands: list[list[s7.Card | str]] = [list(reversed(hand)) for hand in seeded.deal]
    hands[0] = [card.label("ru") for card in seeded.deal[0]]
    hands[1] = [card.label("fr").lower() for card in seeded.deal[1]]
    state = s7.new_game(3, hands=hands)
    assert state.deal == seeded.deal
    assert state == seeded  # same players, options, deal and (empty) history


def full_deal(players: int) -> list[list[str]]:
    return [[str(card) for card in hand] for hand in s7.new_game(players, seed=11).deal]


@pytest.mark.parametrize(
    ("players", "hands", "gist"),
    [
        (2, "9♦ 6♣", "hands must be a sequence"),
        (2, [["9♦"]], "expected 2 hands (one per seat), got 1"),
        (3, full_deal(2), "expected 3 hands (one per seat), got 2"),
        (2, ["9♦ 6♣", "7♣"], "the hand of seat 0 must be a list of cards"),
        (2, [None, []], "the hand of seat 0 must be a list of cards"),
        (2, [["9♦", "9♦"], []], "card 9♦ is dealt twice in the hand of seat 0"),
        (2, [["9♦"], ["9D"]], "card 9♦ is dealt in the hands of seats 0 and 1"),
        (2, [["9♦", "1♦"], []], "seat 0, card 1: cannot read '1♦' as a card"),
        (2, [["9♦", 9], []], "seat 0, card 1: expected card text"),
        (2, [["9♦"], ["6♣"]], "seat 0 holds 1 card, expected 18"),
    ],
)
def test_bad_explicit_deals(players: int, hands: object, gist: str) -> None:
    with pytest.raises(s7.InvalidDealError) as error:
        s7.new_game(players, hands=hands)  # type: ignore[arg-type]
    assert gist in str(error.value)
    assert isinstance(error.value, ValueError)


def test_a_deal_missing_cards_says_which() -> None:
    hands = full_deal(4)
    hands[2] = hands[2][:-1]  # seat 2 lost a card
    with pytest.raises(s7.InvalidDealError, match=r"seat 2 holds 8 cards, expected 9 .*lacks"):
        s7.new_game(4, hands=hands)


def test_wrong_sizes_with_five_players() -> None:
    # R5: with 5 players seat 0 holds 8 cards and seats 1-4 hold 7
    hands = full_deal(5)
    hands[0], hands[1] = hands[1], hands[0]
    with pytest.raises(s7.InvalidDealError, match="seat 0 holds 7 cards, expected 8"):
        s7.new_game(5, hands=hands)


@pytest.mark.parametrize(
    ("count", "gist"),
    [
        (1, "2 to 6 players (R4), got 1"),
        (7, "2 to 6 players (R4), got 7"),
        (0, "got 0"),
        (-4, "got -4"),
        ("4", "must be an int from 2 to 6, got str '4'"),
        (4.0, "got float 4.0"),
        (True, "got True"),
        (None, "got None"),
    ],
)
def test_bad_player_counts(count: object, gist: str) -> None:
    with pytest.raises(s7.InvalidDealError) as error:
        s7.new_game(count)  # type: ignore[arg-type]
    assert gist in str(error.value)


@pytest.mark.parametrize("seed", ["7", 7.0, True, None.__class__])
def test_bad_seeds(seed: object) -> None:
    with pytest.raises(s7.InvalidDealError, match="the seed must be an int"):
        s7.new_game(4, seed=seed)  # type: ignore[arg-type]


def test_seed_and_hands_exclude_each_other() -> None:
    with pytest.raises(s7.InvalidDealError, match="either a seed or explicit hands, not both"):
        s7.new_game(2, seed=1, hands=full_deal(2))


@pytest.mark.parametrize("options", [{"rank_by_passes": True}, "dense", 1])
def test_options_must_be_options(options: object) -> None:
    with pytest.raises(s7.InvalidOptionsError, match=r"must be a sevens_ru\.Options"):
        s7.new_game(4, seed=1, options=options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "gist"),
    [
        ({"rank_by_passes": 1}, "rank_by_passes must be True or False, got int 1"),
        ({"rank_by_passes": "yes"}, "got str 'yes'"),
        ({"place_numbering": "olympic"}, "must be 'competition' or 'dense', got 'olympic'"),
        ({"place_numbering": None}, "got None"),
    ],
)
def test_bad_options(kwargs: dict[str, object], gist: str) -> None:
    with pytest.raises(s7.InvalidOptionsError) as error:
        s7.Options(**kwargs)  # type: ignore[arg-type]
    assert gist in str(error.value)
    assert isinstance(error.value, ValueError)


@pytest.mark.parametrize("value", [None, True])
def test_a_refused_value_is_named_once(value: object) -> None:
    # A message names None or a boolean once ("got None"), never "got NoneType None".
    calls: list[Callable[[], object]] = [
        lambda: s7.new_game(value),  # type: ignore[arg-type]
        lambda: s7.Options(place_numbering=value),  # type: ignore[arg-type]
        lambda: s7.durak.new_game(value),  # type: ignore[arg-type]
        lambda: s7.durak.new_game(3, dealer=value),  # type: ignore[arg-type]
        lambda: s7.durak.Options(take_limit=value),  # type: ignore[arg-type]
        lambda: s7.durak.parse_move(value),  # type: ignore[arg-type]
        lambda: s7.Card.parse(value),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(s7.SevensError) as error:
            call()
        message = str(error.value)
        assert message.endswith(f"got {value!r}"), message
        assert type(value).__name__ not in message, message
