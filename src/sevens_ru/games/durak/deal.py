"""The pack and the deal of old Durak (D1–D4): seeded deals and explicit ones, validated.

A deal is the hands (one 36-bit card set per seat, bit ``i`` is ``DECK[i]``) and the
trump card. With 2 or 3 players the trump card is the first card left over after the
deal and takes no part in the game, like every other undealt card; with 4 players and
36 cards nothing is left over, and the dealer's last card is the trump card (D4).

>>> from sevens_ru.durak.deal import deal_seeded, pack
>>> len(pack(False)), len(pack(True)), pack(True)[0]
(36, 32, Card.parse('7♣'))
>>> hands, trump = deal_seeded(3, 0, 7, short_deck=False)
>>> [hand.bit_count() for hand in hands], hands[0] & hands[1] & hands[2]
([9, 9, 9], 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ...common._hands import check_player_count, read_hands
from ...common._numbers import as_int
from ...common._quote import excerpt, got
from ...common.cards import Card
from ...common.packs import PIQUET_32, RUSSIAN_36, Pack
from ...common.shuffle import shuffled_bytes
from ...errors import CardParseError, InvalidDealError, InvalidOptionsError, InvalidSeatError
from .moves import as_card

if TYPE_CHECKING:
    from .options import Options

__all__ = [
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PACK",
    "check_dealer",
    "check_players",
    "deal_hands",
    "deal_seeded",
    "pack",
    "pack_mask",
    "pack_of",
]

MIN_PLAYERS = 2
"""The fewest players (D2)."""
MAX_PLAYERS = 4
"""The most players (D2)."""
HAND_SIZE = 9
"""The cards each player is dealt (D3)."""

PACK = RUSSIAN_36
"""The pack in whose order every card set and action number of Durak is written, with either deck.

:data:`~sevens_ru.RUSSIAN_36`: with the short deck too, the cards of the game are
:data:`~sevens_ru.PIQUET_32` (:func:`~sevens_ru.durak.pack_of`), and their card sets are 36-bit ones, bit
``i`` for ``DECK[i]``, so that both decks share one numbering (the actions, the tensors).
"""

_PACKS = (RUSSIAN_36, PIQUET_32)
_BITS = tuple(tuple(card.bit for card in pack.cards) for pack in _PACKS)  # each card's bit
_PACK_MASKS = (RUSSIAN_36.full_mask, RUSSIAN_36.mask_of(PIQUET_32.cards))
_NOT_IN = (
    "which is not in the 36-card pack of 6 to A (D1)",
    "which is not in the 32-card pack of 7 to A (D1, short_deck)",
)


def pack_of(options: Options | None = None) -> Pack:
    """The pack a game with ``options`` is played with (D1): 36 cards, or 32 with ``short_deck``.

    >>> from sevens_ru import durak
    >>> pack_of(), pack_of(durak.Options(short_deck=True))
    (Pack.RUSSIAN_36, Pack.PIQUET_32)
    """
    return _PACKS[options is not None and bool(options.short_deck)]


def pack(short_deck: bool) -> tuple[Card, ...]:
    """The cards of the game in canonical order: 36 (6 to A), or 32 (7 to A) with ``short_deck`` (D1).

    The cards of :func:`pack_of`: ``RUSSIAN_36.cards`` or ``PIQUET_32.cards``.

    >>> pack(True)[:3]
    (Card.parse('7♣'), Card.parse('8♣'), Card.parse('9♣'))
    """
    return _PACKS[bool(short_deck)].cards


def pack_mask(short_deck: bool) -> int:
    """:func:`~sevens_ru.durak.pack` as a 36-bit card set (in the order of :data:`~sevens_ru.durak.PACK`).

    >>> from sevens_ru.common.cards import DECK_MASK
    >>> pack_mask(False) == DECK_MASK, pack_mask(True).bit_count()
    (True, 32)
    """
    return _PACK_MASKS[bool(short_deck)]


def check_players(players: object, short_deck: bool = False) -> int:
    """``players`` as an ``int`` if it is a valid player count (D1, D2), else raise.

    Any integral number is accepted (numpy's too), never a ``bool``.

    >>> check_players(4, short_deck=True)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidOptionsError: the 32-card pack (short_deck) is for 2 or 3 players (D1): 4 players need 36 cards
    """
    count = check_player_count(players, MIN_PLAYERS, MAX_PLAYERS, game="Durak", rule="D2")
    if short_deck and count * HAND_SIZE > len(PIQUET_32):
        raise InvalidOptionsError(
            f"the 32-card pack (short_deck) is for 2 or 3 players (D1): {count} players "
            f"need {count * HAND_SIZE} cards"
        )
    return count


def check_dealer(players: int, dealer: object) -> int:
    """Return ``dealer`` if it is a seat of a ``players``-seat game, else raise InvalidSeatError.

    >>> check_dealer(3, 2)
    2
    >>> check_dealer(3, 3)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidSeatError: the dealer must be one of the seats 0 to 2, got 3
    """
    seat = as_int(dealer)
    if seat is None:
        raise InvalidSeatError(f"the dealer is a seat number (an int), got {got(dealer)}")
    if not 0 <= seat < players:
        raise InvalidSeatError(
            f"the dealer must be one of the seats 0 to {players - 1}, got {excerpt(seat)}"
        )
    return seat


def deal_seeded(
    players: int, dealer: int, seed: int, *, short_deck: bool
) -> tuple[tuple[int, ...], int]:
    """The hands (card sets) and the trump card's index of the deal determined by ``seed``.

    The pack (:func:`~sevens_ru.durak.pack`) is shuffled by :func:`sevens_ru.shuffle.shuffled` and dealt
    one card at a time clockwise from the dealer's left neighbour (D3): the card at
    position ``p`` goes to seat ``(dealer + 1 + p) % players``. The trump card is the
    card at position ``9 × players`` if there is one, else the last card dealt, which is
    the dealer's (D4).

    >>> hands, trump = deal_seeded(4, 2, 1, short_deck=False)
    >>> bool(hands[2] >> trump & 1)  # 4 players, 36 cards: the dealer holds the trump card
    True
    """
    number = as_int(seed)  # any integral number, numpy's too; never a bool
    if number is None:
        raise InvalidDealError(f"the seed must be an int, got {got(seed)}")
    seed = number
    cards = _PACKS[bool(short_deck)].cards
    bits = _BITS[bool(short_deck)]
    order = shuffled_bytes(seed, len(cards))
    dealt = players * HAND_SIZE
    # Seat (dealer + 1 + p) % players receives the cards at positions p, p + players, …:
    # each hand the sum of its cards' bits (distinct bits: a sum is their union).
    hands = [0] * players
    for first in range(players):
        hands[(dealer + 1 + first) % players] = sum(
            map(bits.__getitem__, order[first:dealt:players])
        )
    trump = cards[order[dealt] if dealt < len(cards) else order[dealt - 1]]
    return tuple(hands), trump.index


def deal_hands(
    players: int,
    dealer: int,
    hands: Sequence[Iterable[Card | str]],
    trump: Card | str | None,
    *,
    short_deck: bool,
) -> tuple[tuple[int, ...], int]:
    """Validate an explicit deal (D1, D3, D4) and return its hands as card sets and the trump index.

    Every seat holds 9 different cards of the pack. With 2 or 3 players the trump card
    is one of the cards left over; with 4 players and 36 cards it is in the dealer's hand.

    >>> deal_hands(2, 0, [["6♣"], ["7♣"]], "A♠", short_deck=False)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidDealError: seat 0 holds 1 card, expected 9 (D3)
    """
    in_pack = _PACK_MASKS[bool(short_deck)]
    masks, owner = read_hands(
        players,
        hands,
        cite="D3",
        pack=PACK,
        within=in_pack,
        outside=_NOT_IN[bool(short_deck)],
    )
    for seat, mask in enumerate(masks):
        held = mask.bit_count()
        if held != HAND_SIZE:
            raise InvalidDealError(
                f"seat {seat} holds {held} card{'' if held == 1 else 's'}, "
                f"expected {HAND_SIZE} (D3)"
            )
    return tuple(masks), _trump_index(players, dealer, owner, trump, in_pack, short_deck)


def _trump_index(
    players: int,
    dealer: int,
    owner: dict[Card, int],
    trump: Card | str | None,
    in_pack: int,
    short_deck: bool,
) -> int:
    if trump is None:
        raise InvalidDealError(
            "an explicit deal needs its trump card too, e.g. trump='7♠' (D4): the card "
            "turned up after the deal, or with 4 players the dealer's last card"
        )
    try:
        card = as_card(trump)
    except CardParseError as error:
        raise InvalidDealError(f"the trump card: {error}") from error
    if card not in PACK or not in_pack & card.bit:
        where = _NOT_IN[bool(short_deck)].removeprefix("which is not in ")
        raise InvalidDealError(f"the trump card {card} is not in {where}")
    if players * HAND_SIZE == len(_PACKS[bool(short_deck)]):
        if owner[card] != dealer:
            raise InvalidDealError(
                f"with {players} players and the whole pack dealt, the trump card is the "
                f"dealer's last card (D4): {card} must be in the hand of seat {dealer}, the "
                f"dealer, but seat {owner[card]} holds it"
            )
    elif card in owner:
        raise InvalidDealError(
            f"the trump card {card} is turned up from the cards left over after the deal "
            f"(D4), so no hand may hold it, but seat {owner[card]} does"
        )
    return card.index
