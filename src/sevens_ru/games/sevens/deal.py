"""The deal (R4–R6, M2): hand sizes, seeded deals and the validation of explicit ones.

The pack is dealt one card at a time, starting at the dealer's left neighbour (seat
``dealer + 1``); the dealer is seat ``n − 1`` unless a game names another (M2), so
by default seat 0 receives the first card, as R5 says.

>>> from sevens_ru.deal import hand_sizes
>>> hand_sizes(4), hand_sizes(5), hand_sizes(5, dealer=1)
((9, 9, 9, 9), (8, 7, 7, 7, 7), (7, 7, 8, 7, 7))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...common._core import speedups
from ...common._hands import check_dealer as check_seat
from ...common._hands import check_player_count, read_hands
from ...common._numbers import as_int
from ...common._quote import got
from ...common.cards import Card
from ...common.packs import RUSSIAN_36
from ...common.shuffle import shuffled_bytes
from ...errors import InvalidDealError

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PACK",
    "check_dealer",
    "deal_hands",
    "deal_seeded",
    "hand_sizes",
]

PACK = RUSSIAN_36
"""The game's pack (R1): :data:`~sevens_ru.RUSSIAN_36`, the 36 cards 6 to A, in whose order
every card set and action number of the game is written (it is :data:`~sevens_ru.DECK`)."""
CARDS = len(PACK)
"""The number of cards of the pack, 36."""
_WHOLE = PACK.full_mask

MIN_PLAYERS = 2
"""The fewest players a game can have (R4)."""
MAX_PLAYERS = 6
"""The most players a game can have (R4)."""

# Tables for deal_seeded: the seat digit ("0"…"5") of each position dealt, by player
# count; and the cards from A♠ down to 6♣ (the order of a binary number's digits).
_SEAT_DIGITS = {
    players: bytes(ord("0") + position % players for position in range(CARDS))
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}
_CARDS_DOWN = bytes(range(CARDS - 1, -1, -1))
_NINE_OF_DIAMONDS_DIGIT = _CARDS_DOWN.index(Card.parse("9♦").index)
# Per bit of a seat number, a translation of the seat digits with that bit to "1" and of
# every other byte to "0".
_SEAT_BIT = tuple(
    bytes(
        ord("1")
        if ord("0") <= byte < ord("0") + MAX_PLAYERS and (byte - ord("0")) >> bit & 1
        else ord("0")
        for byte in range(256)
    )
    for bit in range(3)
)


def check_players(players: object) -> int:
    """``players`` as an ``int`` if it is a valid player count (R4), else an InvalidDealError.

    Any integral number is accepted (numpy's too), never a ``bool``.
    """
    return check_player_count(players, MIN_PLAYERS, MAX_PLAYERS, game="the game", rule="R4")


def check_dealer(players: int, dealer: object) -> int:
    """``dealer`` as an ``int`` seat of a ``players``-seat game (``None``: seat ``n − 1``, M2).

    >>> from sevens_ru.games.sevens.deal import check_dealer
    >>> check_dealer(4, None), check_dealer(4, 1)
    (3, 1)
    >>> check_dealer(4, 4)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidDealError: the dealer is a seat from 0 to 3 (M2), got 4

    Raises:
        InvalidDealError: ``dealer`` is not a whole number (a ``bool`` never is) from 0 to ``players − 1``.
    """
    if dealer is None:
        return players - 1
    return check_seat(players, dealer, rule="M2")


def hand_sizes(players: int, dealer: int | None = None) -> tuple[int, ...]:
    """The number of cards each seat is dealt (R5, M2): the pack dealt one at a time from the dealer's left.

    ``dealer`` is seat ``n − 1`` by default, so that seat 0 receives the first card (R5).

    Raises:
        InvalidDealError: a bad player count (R4) or dealer (M2).
    """
    check_players(players)
    first = (check_dealer(players, dealer) + 1) % players  # the seat that receives the first card
    return tuple(len(range((seat - first) % players, CARDS, players)) for seat in range(players))


def deal_seeded(players: int, seed: int, dealer: int | None = None) -> tuple[int, ...]:
    """The hands (as 36-bit card sets) of the deal determined by ``seed``.

    The pack in canonical order is shuffled by :func:`sevens_ru.shuffle.shuffled`
    and dealt one card at a time clockwise from the dealer's left (R5, M2): the card at
    position ``p`` of the shuffled pack goes to seat ``(dealer + 1 + p) % players``,
    which is seat ``p % players`` with the default dealer, ``players − 1``. Another
    dealer turns the same hands round the table.

    >>> from sevens_ru.deal import deal_seeded
    >>> deal_seeded(2, 7) == deal_seeded(2, 7) != deal_seeded(2, 8)
    True
    >>> hands = deal_seeded(3, 7)
    >>> deal_seeded(3, 7, dealer=0) == (hands[2], hands[0], hands[1])
    True

    Raises:
        InvalidDealError: a bad player count (R4), dealer (M2) or a seed that is not an int.
    """
    players = check_players(players)
    return deal_and_opener(players, seed, check_dealer(players, dealer))[0]


def deal_and_opener(
    players: int, seed: int, dealer: int | None = None
) -> tuple[tuple[int, ...], int]:
    """:func:`deal_seeded`, and the seat that holds 9♦ (R7); ``dealer`` is checked already.

    >>> from sevens_ru.games.sevens.deal import deal_seeded, deal_and_opener
    >>> hands, opener = deal_and_opener(4, 7)
    >>> hands == deal_seeded(4, 7), opener
    (True, 3)
    >>> deal_and_opener(4, 7, 0)[1]  # the same hands one seat further round (M2)
    0
    """
    number = as_int(seed)  # any integral number, numpy's too; never a bool
    if number is None:
        raise InvalidDealError(f"the seed must be an int, got {got(seed)}")
    if speedups is not None:  # the compiled core: the same procedure in C
        hands, opener = speedups.seeded_deal(players, number)
    else:
        hands, opener = _deal_from_seat_0(players, number)
    if dealer is None or dealer == players - 1:
        return hands, opener
    # M2: the hand that seat 0 receives with the default dealer goes to seat dealer + 1.
    turn = dealer + 1
    return hands[-turn:] + hands[:-turn], (opener + turn) % players


def _deal_from_seat_0(players: int, seed: int) -> tuple[tuple[int, ...], int]:
    """The deal of ``seed`` with the default dealer (R5), and the seat that holds 9♦, in Python."""
    # Dealing shuffled(seed, 36) card by card, with the loops left to C: a table from
    # card to seat digit, then each bit of the seat numbers read as a base-2 number (a
    # card set), and the hands made from those one, two or three sets.
    shuffled = shuffled_bytes(seed, CARDS)
    seats = _CARDS_DOWN.translate(bytes.maketrans(shuffled, _SEAT_DIGITS[players]))
    opener = seats[_NINE_OF_DIAMONDS_DIGIT] - ord("0")
    odd = int(seats.translate(_SEAT_BIT[0]), 2)  # seats 1, 3, 5
    if players == 2:
        return (_WHOLE ^ odd, odd), opener
    twos = int(seats.translate(_SEAT_BIT[1]), 2)  # seats 2, 3
    three = odd & twos
    if players <= 4:
        return (_WHOLE ^ (odd | twos), odd ^ three, twos ^ three, three)[:players], opener
    fours = int(seats.translate(_SEAT_BIT[2]), 2)  # seats 4, 5
    five = odd & fours
    hands = (
        _WHOLE ^ (odd | twos | fours),
        odd ^ three ^ five,
        twos ^ three,
        three,
        fours ^ five,
    )
    return (hands if players == 5 else (*hands[:4], fours ^ five, five)), opener


def deal_hands(
    players: int, hands: Sequence[Iterable[Card | str]], dealer: int | None = None
) -> tuple[int, ...]:
    """Validate an explicit deal (R6, M2) and return its hands as 36-bit card sets.

    The hands have the sizes that R5 gives for ``dealer`` (checked already; ``None``:
    the default, seat ``players − 1``).

    >>> from sevens_ru.deal import deal_hands
    >>> deal_hands(2, [["9♦"], ["6♣"]])
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidDealError: seat 0 holds 1 card, expected 18 (R5 with 2 players: 18 cards each); the deal lacks 7♣ 8♣ ...
    """
    masks, _ = read_hands(
        players, hands, cite="R6", pack=PACK, outside="which is not in the pack of 6 to A (R1)"
    )
    sizes = hand_sizes(players, dealer)
    missing = _WHOLE & ~sum(masks)
    lacking = f"; the deal lacks {' '.join(map(str, PACK.cards_of(missing)))}" if missing else ""
    for seat, (mask, size) in enumerate(zip(masks, sizes, strict=True)):
        held = mask.bit_count()
        if held != size:
            rule = f"{size} cards each"
            if players == 5:
                longest = sizes.index(max(sizes))
                rule = (
                    "seat 0 holds 8 cards and seats 1–4 hold 7"
                    if longest == 0
                    else f"seat {longest} holds 8 cards and the others 7, with dealer {longest - 1} (M2)"
                )
            plural = "card" if held == 1 else "cards"
            raise InvalidDealError(
                f"seat {seat} holds {held} {plural}, expected {size} "
                f"(R5 with {players} players: {rule}){lacking}"
            )
    return tuple(masks)
