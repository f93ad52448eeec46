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

from ._core import speedups

__all__ = ["MAX_CARDS", "fresh_seed", "shuffled", "shuffled_bytes"]

MAX_CARDS = 256
"""The most cards :func:`shuffled` can order (a card index must fit in one byte)."""

_DOMAIN = b"sevens-ru shuffle v1\x00"
_INDEXES = bytes(range(MAX_CARDS))
_EXPONENT = 0x3F  # the first byte of the doubles that sort the keys, see _order()
_SHIFT = bytearray([_EXPONENT])


class _Plan:
    """The constants that :func:`_order` needs for one card count."""

    __slots__ = ("add", "carry", "doubles", "exponents", "indexes", "mask", "words")

    def __init__(self, count: int) -> None:
        self.words = struct.Struct(f">{count}Q")
        self.doubles = struct.Struct(f">{count}d")
        self.exponents = bytes([_EXPONENT]) * count
        self.indexes = _INDEXES[:count]
        lanes = range(0, 64 * count, 64)
        # One 64-bit lane per key: bytes 1-6 (the random prefix) kept, and the number
        # that carries into bit 56 of a lane exactly when the lane is not zero.
        self.mask = sum(0x00FF_FFFF_FFFF_FF00 << lane for lane in lanes)
        self.add = sum(((1 << 56) - 256) << lane for lane in lanes)
        self.carry = sum(1 << 56 << lane for lane in lanes)


_PLANS: dict[int, _Plan] = {}


def _plan(count: int) -> _Plan:
    """The constants for shuffling ``count`` cards (made once per count)."""
    made = _PLANS.get(count)
    if made is None:
        made = _PLANS[count] = _Plan(count)
    return made


def _digest(seed: int, count: int) -> bytes:
    """Steps 1 and 2 of the procedure: the ``8 * count`` bytes of SHAKE-256 for ``seed``."""
    data = _DOMAIN + seed.to_bytes((seed.bit_length() + 8) // 8, "big", signed=True)
    return hashlib.shake_256(data).digest(8 * count)


def _order(digest: bytes, plan: _Plan) -> bytes:
    """Steps 2 and 3 of the procedure: the card indexes in increasing order of key.

    The keys are compared as doubles, which Python sorts fastest: the double with the
    bytes ``3F``, the first six bytes of the word, then the card index, is positive
    and finite, and doubles of one sign order as their bytes do. They sort the keys
    exactly when no two words share their first six bytes, which the sorted doubles
    show: then the seventh byte never decides. Otherwise the words are sorted whole.
    """
    keys = _SHIFT + digest  # byte i of the digest is now byte i + 1
    keys[0 : len(digest) : 8] = plan.exponents
    keys[7::8] = plan.indexes
    doubles = plan.doubles
    ordered = doubles.pack(*sorted(doubles.unpack_from(keys)))
    # Each 64-bit lane XOR the one before it (the first one alone): a zero prefix in a
    # lane means two neighbours share their first six bytes.
    lanes = int.from_bytes(ordered, "big")
    if ((lanes ^ lanes >> 64) & plan.mask) + plan.add & plan.carry == plan.carry:
        return ordered[7::8]
    words = bytearray(digest)
    words[7::8] = plan.indexes  # the lowest byte of word i becomes i
    return plan.words.pack(*sorted(plan.words.unpack(words)))[7::8]


def shuffled_bytes(seed: int, count: int) -> bytes:
    """:func:`shuffled` as bytes (one card index per byte), computed without Python loops."""
    if not 0 <= count <= MAX_CARDS:
        raise ValueError(f"can shuffle 0 to {MAX_CARDS} cards, not {count}")
    if speedups is not None and isinstance(seed, int) and type(count) is int:  # the same in C
        return speedups.shuffled_bytes(seed, count)
    return _order(_digest(seed, count), _plan(count))


def shuffled(seed: int, count: int) -> list[int]:
    """A uniformly random permutation of ``range(count)`` determined by ``seed``.

    See the module documentation for the exact procedure.
    """
    return list(shuffled_bytes(seed, count))


def fresh_seed() -> int:
    """A new 128-bit seed from the operating system's entropy source."""
    return int.from_bytes(os.urandom(16), "big")
