"""The deal (R4–R6): hand sizes, seeded deals and the validation of explicit ones.

>>> from sevens_ru.deal import hand_sizes
>>> hand_sizes(4), hand_sizes(5)
((9, 9, 9, 9), (8, 7, 7, 7, 7))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...common._core import speedups
from ...common._hands import check_player_count, read_hands
from ...common._numbers import as_int
from ...common._quote import got
from ...common.cards import Card
from ...common.packs import RUSSIAN_36
from ...common.shuffle import shuffled_bytes
from ...errors import InvalidDealError

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "PACK", "deal_hands", "deal_seeded", "hand_sizes"]

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


def hand_sizes(players: int) -> tuple[int, ...]:
    """The number of cards each seat is dealt (R5): the pack dealt one at a time from seat 0."""
    check_players(players)
    return tuple(len(range(seat, CARDS, players)) for seat in range(players))


def deal_seeded(players: int, seed: int) -> tuple[int, ...]:
    """The hands (as 36-bit card sets) of the deal determined by ``seed``.

    The pack in canonical order is shuffled by :func:`sevens_ru.shuffle.shuffled`
    and dealt one card at a time clockwise from seat 0 (R5): the card at position
    ``p`` of the shuffled pack goes to seat ``p % players``.

    >>> from sevens_ru.deal import deal_seeded
    >>> deal_seeded(2, 7) == deal_seeded(2, 7) != deal_seeded(2, 8)
    True

    Raises:
        InvalidDealError: a bad player count (R4) or a seed that is not an int.
    """
    return deal_and_opener(check_players(players), seed)[0]


def deal_and_opener(players: int, seed: int) -> tuple[tuple[int, ...], int]:
    """:func:`deal_seeded`, and the seat that holds 9♦ (R7).

    >>> from sevens_ru.games.sevens.deal import deal_seeded, deal_and_opener
    >>> hands, opener = deal_and_opener(4, 7)
    >>> hands == deal_seeded(4, 7), opener
    (True, 3)
    """
    number = as_int(seed)  # any integral number, numpy's too; never a bool
    if number is None:
        raise InvalidDealError(f"the seed must be an int, got {got(seed)}")
    seed = number
    if speedups is not None:  # the compiled core: the same procedure in C
        return speedups.seeded_deal(players, seed)
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


def deal_hands(players: int, hands: Sequence[Iterable[Card | str]]) -> tuple[int, ...]:
    """Validate an explicit deal (R6) and return its hands as 36-bit card sets.

    >>> from sevens_ru.deal import deal_hands
    >>> deal_hands(2, [["9♦"], ["6♣"]])
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidDealError: seat 0 holds 1 card, expected 18 (R5 with 2 players: 18 cards each); the deal lacks 7♣ 8♣ ...
    """
    masks, _ = read_hands(
        players, hands, cite="R6", pack=PACK, outside="which is not in the pack of 6 to A (R1)"
    )
    sizes = hand_sizes(players)
    missing = _WHOLE & ~sum(masks)
    lacking = f"; the deal lacks {' '.join(map(str, PACK.cards_of(missing)))}" if missing else ""
    for seat, (mask, size) in enumerate(zip(masks, sizes, strict=True)):
        held = mask.bit_count()
        if held != size:
            rule = (
                "seat 0 holds 8 cards and seats 1–4 hold 7"
                if players == 5
                else f"{size} cards each"
            )
            plural = "card" if held == 1 else "cards"
            raise InvalidDealError(
                f"seat {seat} holds {held} {plural}, expected {size} "
                f"(R5 with {players} players: {rule}){lacking}"
            )
    return tuple(masks)
