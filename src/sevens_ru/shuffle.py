r"""Reproducible shuffles: the same seed gives the same order on every Python and platform.

:func:`random.shuffle` may change between Python versions, so the deals of this
library are drawn by a procedure of its own, fixed here once and for all:

1. The seed (any ``int``, negative or huge) is written as the shortest signed
   big-endian two's-complement bytes (``seed.to_bytes((seed.bit_length() + 8) // 8,
   "big", signed=True)``) and prefixed with ``b"sevens-ru shuffle v1\x00"``.
2. SHAKE-256 of those bytes is read as a stream of unsigned 64-bit big-endian words.
3. To shuffle ``count`` cards, the first ``count`` words are the cards' keys: card
   ``i`` (in canonical order) gets word ``i``. If two keys are equal (about once in
   ``10**16`` seeds), the next ``count`` words are used instead, and so on.
4. The shuffled pack is the cards in increasing order of their keys.

Independent keys make every order equally likely, exactly. ``order[p]`` is the index
of the card at position ``p`` of the shuffled pack (position 0 is dealt first).

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

__all__ = ["fresh_seed", "shuffle_keys", "shuffled"]

_DOMAIN = b"sevens-ru shuffle v1\x00"


def shuffle_keys(seed: int, count: int, attempt: int = 0) -> tuple[int, ...]:
    """The sort keys of cards ``0 … count − 1`` at the given attempt (step 3).

    The first attempt (0) whose keys are all distinct is the one that counts.
    """
    data = _DOMAIN + seed.to_bytes((seed.bit_length() + 8) // 8, "big", signed=True)
    stream = hashlib.shake_256(data).digest(8 * count * (attempt + 1))  # prefix-stable
    return struct.unpack(f">{count}Q", stream[8 * count * attempt :])


def shuffled(seed: int, count: int) -> list[int]:
    """A uniformly random permutation of ``range(count)`` determined by ``seed``.

    See the module documentation for the exact procedure.
    """
    attempt = 0
    while len(set(keys := shuffle_keys(seed, count, attempt))) < count:
        attempt += 1
    return sorted(range(count), key=keys.__getitem__)


def fresh_seed() -> int:
    """A new 128-bit seed from the operating system's entropy source."""
    return int.from_bytes(os.urandom(16), "big")
