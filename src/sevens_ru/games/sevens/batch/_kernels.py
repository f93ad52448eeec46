"""The arrays and numpy kernels under :class:`sevens_ru.batch.GameBatch`.

Card sets are int64 arrays (36 bits fit), so that they mix with indexes at full speed;
card ``i`` is bit ``i``, as everywhere in the library.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from .._board import OPENED_BY
from ..deal import PACK
from ..scoring import POINTS

BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]
CardSetArray = npt.NDArray[np.int64]

CARDS = len(PACK)
# "No card": the index a finished game plays, whose bit is 0 and which opens nothing.
NO_CARD = 64
# The cards each card opens (R9), by card index; NO_CARD opens nothing.
OPENED = np.zeros(NO_CARD + 1, dtype=np.int64)
OPENED[:CARDS] = OPENED_BY
# The points of every set of cards of one suit, by its 9-bit mask (R3).
SUIT_POINTS = np.array(
    [
        sum(POINTS[PACK.cards[rank].rank] for rank in range(9) if mask >> rank & 1)
        for mask in range(512)
    ],
    dtype=np.int32,
)
CARD_BITS = np.array([1 << index for index in range(CARDS)], dtype=np.int64)
DEAL_CHUNK = 8192  # games dealt at once by GameBatch.deal()
BIT_OF = np.zeros(NO_CARD + 1, dtype=np.int64)
BIT_OF[:CARDS] = CARD_BITS
# Random choices look a card set up by halves of 18 bits (two suits, at most 4 legal cards).
HALF = 18
LOW_HALF = (1 << HALF) - 1
_TABLES: list[tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]] = []


def selection_tables() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """For every 18-bit set: its size, and its ``j``-th lowest bit at ``4 * set + j``.

    Built on first use (1.25 MB, in a few tens of milliseconds). The empty set selects ``NO_CARD - HALF``, so that
    a finished game (no legal card) gets ``NO_CARD`` in either half.
    """
    if not _TABLES:
        sets = np.arange(1 << HALF, dtype=np.int64)
        counts = np.zeros(1 << HALF, dtype=np.int64)
        select = np.zeros(4 << HALF, dtype=np.int64)
        for bit in range(HALF):
            has = (sets >> bit & 1).astype(bool)
            rank = counts[has]
            fits = rank < 4  # a legal set holds at most two cards of a suit
            select[(sets[has] * 4 + rank)[fits]] = bit
            counts[has] += 1
        select[0:4] = NO_CARD - HALF
        _TABLES.append((counts.astype(np.int8), select.astype(np.int8)))
    return _TABLES[0]


def game_numbers(size: int) -> IntArray:
    return np.arange(size, dtype=np.int64)


def _popcount_swar(values: CardSetArray) -> IntArray:
    """The number of set bits of each card set (numpy before 2.0 lacks bitwise_count)."""
    v = values - ((values >> 1) & 0x5555555555)
    v = (v & 0x3333333333) + ((v >> 2) & 0x3333333333)
    v = (v + (v >> 4)) & 0x0F0F0F0F0F
    return (v * 0x0101010101 & 0xFF_FFFF_FFFF) >> 32  # type: ignore[no-any-return]


def _popcount_native(values: CardSetArray) -> IntArray:
    return np.bitwise_count(values).astype(np.int64)


popcount = _popcount_native if hasattr(np, "bitwise_count") else _popcount_swar


def read_only(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    array.flags.writeable = False
    return array
