r"""The main game's board: the playable cards, the table and the passes in one int.

Every card set is a 36-bit int, bit ``i`` for ``DECK[i]``: nine bits per suit, in the
suit order ♣ ♦ ♥ ♠, and in a suit the ranks 6 to A (its 9 is bit 3 of the nine)::

     35       27 26       18 17        9 8         0
    +-----------+-----------+-----------+-----------+
    |     ♠     |     ♥     |     ♦     |     ♣     |    a card set (36 bits)
    +-----------+-----------+-----------+-----------+
      8   7   6   5   4   3   2   1   0
      A   K   Q   J  10   9   8   7   6                 the nine bits of one suit

A state of the main game keeps its position in one int, the *board*, of three fields::

     119  112         87    80 79    72 71              36 35               0
    +--------+--...--+--------+--------+------------------+------------------+
    | seat 5 |       | seat 1 | seat 0 |      table       |     playable     |
    +--------+--...--+--------+--------+------------------+------------------+
     \____ passes: 8 bits a seat _____/

- **playable** (bits 0–35, ``board & DECK_MASK``): the cards that may be played by
  whoever holds them (R9), the 9 of every row not yet open and the card next to each
  end of an open row. A new game's board is :data:`NINES`; that only 9♦ may open (R7)
  is the state's own business, not the board's.
- **table** (bits 36–71, from :data:`TABLE_SHIFT`): the cards played.
- **passes** (from bit 72, :data:`PASSES_SHIFT`): the passes of seat ``s`` in bits
  ``72 + 8s`` to ``79 + 8s``. A seat passes at most once per card another seat plays,
  so fewer than 36 times: eight bits never overflow.

What a play adds. Playing card ``i`` puts it on the table, takes it out of the playable
cards and makes playable the cards it opens (:data:`OPENED_BY`): one addition,
``board + PLAY[i]``, where::

    PLAY[i] = (1 << TABLE_SHIFT + i)  -  (1 << i)  +  OPENED_BY[i]
                 on the table          not playable    the next cards of its row (R9)

It never carries: card ``i`` was playable and not on the table, and the cards it opens
were neither playable nor on the table (a row is a run from its 9). A pass of seat
``s`` adds ``PASS[s]``, ``1 << PASSES_SHIFT + 8s`` (R11).

Fast loops read the board without taking it apart: for a card set ``hand``,
``hand & board`` is the playable cards of ``hand`` (its bits are all below 36), and
``hand << TABLE_SHIFT | board == board`` says that every card of ``hand`` is on the
table: a seat dealt ``hand`` holds no card any more (R14).

>>> from sevens_ru.cards import DECK, Card, cards_from_mask
>>> nine = Card.parse("9♦").index
>>> board = NINES + PLAY[nine] + PASS[2]  # 9♦ played, then seat 2 passed
>>> cards_from_mask(table_of(board))
(Card.parse('9♦'),)
>>> " ".join(map(str, cards_from_mask(playable_of(board))))
'9♣ 8♦ 10♦ 9♥ 9♠'
>>> pass_counts(passes_of(board), 4)
(0, 0, 1, 0)
"""

from __future__ import annotations

from collections.abc import Iterable

from .deal import MAX_PLAYERS, PACK

__all__ = [
    "BEYOND",
    "NINES",
    "NINE_OF_DIAMONDS",
    "ONE_PASS",
    "OPENED_BY",
    "PASS",
    "PASSES_SHIFT",
    "PASS_BITS",
    "PASS_COUNT",
    "PLAY",
    "ROW",
    "TABLE_SHIFT",
    "pass_counts",
    "passes_field",
    "passes_of",
    "playable_mask",
    "playable_of",
    "row_of",
    "table_of",
]

# -- the layout ----------------------------------------------------------------------

_WHOLE = PACK.full_mask
"""The whole pack as a card set: the bits of a board's playable cards (and, shifted, its table)."""

TABLE_SHIFT = len(PACK)
"""Where the table starts in a board: bit 36."""
PASSES_SHIFT = 2 * len(PACK)
"""Where the passes start in a board: bit 72."""
PASS_BITS = 8
"""The bits of one seat's pass count, in a board's passes (seat ``s`` from bit ``8s``)."""
ROW = 0x1FF
"""The nine bits of one suit, the lowest suit's (clubs): a suit's row is ``cards >> 9 * suit & ROW``."""

PASS_COUNT = (1 << PASS_BITS) - 1
"""One seat's pass count in a board's passes: ``passes >> 8 * seat & PASS_COUNT``."""
_NINE = 3  # the place of the 9 among a suit's nine bits

# -- the cards -----------------------------------------------------------------------

NINE_OF_DIAMONDS = 1 << (9 + _NINE)
"""9♦ as a card set: the first card of every game (R7)."""
NINES = sum(1 << (9 * suit + _NINE) for suit in range(4))
"""The four 9s as a card set: what may be played on an empty table (R9), a new game's board."""


def _opened_by(index: int) -> int:
    place = index % 9
    if place == _NINE:  # a 9 opens its row at both ends
        return 1 << (index - 1) | 1 << (index + 1)
    if 0 < place < _NINE:
        return 1 << (index - 1)
    if _NINE < place < 8:
        return 1 << (index + 1)
    return 0  # a six or an ace ends its row


def _beyond(index: int) -> int:
    suit, place = divmod(index, 9)
    if place == _NINE:
        return (ROW & ~(1 << _NINE)) << (9 * suit)
    if place < _NINE:
        return ((1 << place) - 1) << (9 * suit)
    return (ROW & ~((1 << (place + 1)) - 1)) << (9 * suit)


OPENED_BY: tuple[int, ...] = tuple(_opened_by(index) for index in range(len(PACK)))
"""``OPENED_BY[i]``: the cards that become playable once ``DECK[i]`` is played (R9)."""
BEYOND: tuple[int, ...] = tuple(_beyond(index) for index in range(len(PACK)))
"""``BEYOND[i]``: the cards of the suit of ``DECK[i]`` further from the 9, which wait for it (R9)."""

# -- what a move adds ----------------------------------------------------------------

PLAY: tuple[int, ...] = tuple(
    (1 << (TABLE_SHIFT + index)) - (1 << index) + opened for index, opened in enumerate(OPENED_BY)
)
"""``PLAY[i]``: what playing ``DECK[i]`` adds to a board (see the module documentation)."""
ONE_PASS: tuple[int, ...] = tuple(1 << PASS_BITS * seat for seat in range(MAX_PLAYERS))
"""``ONE_PASS[s]``: one more pass of seat ``s`` in a board's passes (:func:`passes_of`)."""
PASS: tuple[int, ...] = tuple(one << PASSES_SHIFT for one in ONE_PASS)
"""``PASS[s]``: what a pass of seat ``s`` adds to a board (R11)."""

# -- reading a board -----------------------------------------------------------------


def table_of(board: int) -> int:
    """The cards on the table of ``board``, a card set.

    >>> table_of(NINES + PLAY[12]) == NINE_OF_DIAMONDS
    True
    """
    return board >> TABLE_SHIFT & _WHOLE


def playable_of(board: int) -> int:
    """The playable cards of ``board`` (R9), a card set.

    >>> playable_of(NINES) == NINES
    True
    """
    return board & _WHOLE


def passes_of(board: int) -> int:
    """The passes of ``board``: seat ``s``'s count in bits ``8s`` to ``8s + 7``.

    >>> passes_of(NINES + PASS[1] + PASS[1]) == 2 << 8
    True
    """
    return board >> PASSES_SHIFT


def pass_counts(passes: int, players: int) -> tuple[int, ...]:
    """The pass count of each of ``players`` seats in ``passes`` (as :func:`passes_of` gives them).

    >>> pass_counts(3 << 8 | 1, 3)
    (1, 3, 0)
    """
    return tuple(passes >> PASS_BITS * seat & PASS_COUNT for seat in range(players))


def passes_field(counts: Iterable[int]) -> int:
    """The passes (as :func:`passes_of` gives them) of the pass counts of the seats in turn.

    >>> passes_field([1, 3, 0]) == 3 << 8 | 1
    True
    """
    return sum(count << PASS_BITS * seat for seat, count in enumerate(counts))


def row_of(cards: int, suit: int) -> int:
    """The nine bits of ``suit`` (0 to 3, a :class:`~sevens_ru.Suit`) in the card set ``cards``, 6 to A.

    >>> bin(row_of(NINES | OPENED_BY[12], 1))  # 8♦ 9♦ 10♦
    '0b11100'
    """
    return cards >> 9 * suit & ROW


def playable_mask(table: int) -> int:
    """The card set that may be played on ``table`` (a card set) by whoever holds them (R7, R9).

    Before the first play, only 9♦ (R7); then the 9 of every row not yet open and the
    card next to each end of an open row.

    >>> from sevens_ru.cards import Card, cards_from_mask, mask_of
    >>> playable_mask(0) == NINE_OF_DIAMONDS  # before the first move: only 9♦ (R7)
    True
    >>> table = mask_of(Card.parse(card) for card in ["9♦", "10♦"])
    >>> " ".join(map(str, cards_from_mask(playable_mask(table))))
    '9♣ 8♦ J♦ 9♥ 9♠'
    """
    if not table:
        return NINE_OF_DIAMONDS
    playable = 0
    for suit in range(4):
        row = table >> 9 * suit & ROW
        if not row:
            playable |= 1 << (9 * suit + _NINE)
            continue
        low = (row & -row).bit_length() - 1
        high = row.bit_length() - 1
        if low > 0:
            playable |= 1 << (9 * suit + low - 1)
        if high < 8:
            playable |= 1 << (9 * suit + high + 1)
    return playable
