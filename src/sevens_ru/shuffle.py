r"""Reproducible shuffles: the same seed gives the same order on every Python and platform.

:func:`random.shuffle` may change between Python versions, so the deals of this
library are drawn by a procedure of its own, fixed here once and for all:

1. The seed (any ``int``, negative or huge) is written as the shortest signed
   big-endian two's-complement bytes (``seed.to_bytes((seed.bit_length() + 8) // 8,
   "big", signed=True)``) and prefixed with ``b"sevens-ru shuffle v1\x00"``.
2. The first ``8 * count`` bytes of SHAKE-256 of those bytes are read as ``count``
   unsigned 64-bit big-endian words.
3. Card ``i`` (in canonical order) gets word ``i`` with its lowest byte replaced by
   ``i`` as its key, and the shuffled pack is the cards in increasing order of key.

The 56 random bits of each key make every order equally likely up to the chance of
two equal keys (below one in ``10**14``), which would be broken by card index.

``shuffled(seed, count)[p]`` is the index of the card at position ``p`` of the
shuffled pack; position 0 is dealt first.

>>> from sevens_ru.shuffle import shuffled
>>> shuffled(7, 10)
[9, 7, 0, 5, 8, 4, 2, 1, 3, 6]
>>> shuffled(7, 10) == shuffled(7, 10) != shuffled(8, 10)
True
"""

from __future__ import annotations

import hashlib
import os
import struct

__all__ = ["MAX_CARDS", "fresh_seed", "shuffled", "shuffled_bytes"]

MAX_CARDS = 256
"""The most cards :func:`shuffled` can order (a card index must fit in one byte)."""

_DOMAIN = b"sevens-ru shuffle v1\x00"
_INDEXES = bytes(range(MAX_CARDS))
_FORMATS: dict[int, struct.Struct] = {}


def shuffled_bytes(seed: int, count: int) -> bytes:
    """:func:`shuffled` as bytes (one card index per byte), computed without Python loops."""
    if not 0 <= count <= MAX_CARDS:
        raise ValueError(f"can shuffle 0 to {MAX_CARDS} cards, not {count}")
    words = _FORMATS.get(count)
    if words is None:
        words = _FORMATS[count] = struct.Struct(f">{count}Q")
    data = _DOMAIN + seed.to_bytes((seed.bit_length() + 8) // 8, "big", signed=True)
    keys = bytearray(hashlib.shake_256(data).digest(8 * count))
    keys[7::8] = _INDEXES[:count]  # the lowest byte of word i becomes i
    return words.pack(*sorted(words.unpack(keys)))[7::8]


def shuffled(seed: int, count: int) -> list[int]:
    """A uniformly random permutation of ``range(count)`` determined by ``seed``.

    See the module documentation for the exact procedure.
    """
    return list(shuffled_bytes(seed, count))


def fresh_seed() -> int:
    """A new 128-bit seed from the operating system's entropy source."""
    return int.from_bytes(os.urandom(16), "big")
