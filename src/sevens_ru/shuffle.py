r"""Reproducible shuffles: the same seed gives the same order on every Python and platform.

:func:`random.shuffle` may change between Python versions, so the deals of this
library are drawn by a procedure of its own, fixed here once and for all:

1. The seed (any ``int``, negative or huge) is written as the shortest signed
   big-endian two's-complement bytes (``seed.to_bytes((seed.bit_length() + 8) // 8,
   "big", signed=True)``) and prefixed with ``b"sevens-ru shuffle v1\x00"``.
2. SHAKE-256 of those bytes is read as a stream of unsigned 64-bit big-endian words.
3. A Fisher–Yates shuffle runs from the last position ``i = count − 1`` down to 1: a
   word ``w`` is accepted when ``w < 2**64 − 2**64 % (i + 1)`` (otherwise the next word
   is drawn, so every ``j`` is exactly uniform) and positions ``i`` and ``w % (i + 1)``
   are swapped.

The result is a permutation of ``range(count)``: ``order[p]`` is the index of the card
that ends up at position ``p`` of the shuffled pack.

>>> from sevens_ru.shuffle import shuffled
>>> shuffled(7, 10)
[0, 4, 7, 9, 5, 3, 6, 8, 1, 2]
>>> shuffled(7, 10) == shuffled(7, 10) != shuffled(8, 10)
True
"""

from __future__ import annotations

import hashlib
import os
import struct

__all__ = ["fresh_seed", "shuffled"]

_DOMAIN = b"sevens-ru shuffle v1\x00"
_WORD = 1 << 64


def _limit(size: int) -> int:
    return _WORD - _WORD % size


_LIMITS = tuple(_limit(size) if size else 0 for size in range(65))


def shuffled(seed: int, count: int) -> list[int]:
    """A uniformly random permutation of ``range(count)`` determined by ``seed``.

    See the module documentation for the exact procedure.
    """
    data = _DOMAIN + seed.to_bytes((seed.bit_length() + 8) // 8, "big", signed=True)
    wanted = max(count - 1, 0) + 4  # a few spare words: a rejection is rarer than 1 in 2**58
    words = struct.unpack(f">{wanted}Q", hashlib.shake_256(data).digest(8 * wanted))
    order = list(range(count))
    position = 0
    for i in range(count - 1, 0, -1):
        size = i + 1
        limit = _LIMITS[size] if size < len(_LIMITS) else _limit(size)
        while True:
            if position == len(words):  # extend the stream (SHAKE output is prefix-stable)
                wanted *= 2
                digest = hashlib.shake_256(data).digest(8 * wanted)
                words = struct.unpack(f">{wanted}Q", digest)
            word = words[position]
            position += 1
            if word < limit:
                break
        j = word % size
        order[i], order[j] = order[j], order[i]
    return order


def fresh_seed() -> int:
    """A new 128-bit seed from the operating system's entropy source."""
    return int.from_bytes(os.urandom(16), "big")
