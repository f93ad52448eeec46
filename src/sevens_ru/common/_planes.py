"""The pieces both games' tensors are made of: fields, card planes and numbers as float32 bytes.

A tensor is built as the bytes of its ``float32`` entries, joined, then read by numpy in
one call: that is several times faster than filling an array entry by entry. A card
plane is the 36 entries of a card set (entry ``i`` is 1.0 when bit ``i`` is set), made
of three 12-card chunks looked up in :data:`CHUNKS`.

>>> from sevens_ru.common._planes import card_plane, tensor
>>> tensor(card_plane(0b101)).tolist()[:4]
[1.0, 0.0, 1.0, 0.0]
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from typing import Any, NamedTuple, cast

import numpy as np
import numpy.typing as npt

from ._core import speedups

__all__ = [
    "CHUNKS",
    "Field",
    "card_plane",
    "card_planes",
    "layout",
    "mask_array",
    "mask_into",
    "one_hots",
    "scaled",
    "tensor",
]

_ONE = struct.pack("<f", 1.0)
_ZERO = struct.pack("<f", 0.0)

CHUNKS = tuple(
    b"".join(_ONE if chunk >> bit & 1 else _ZERO for bit in range(12)) for chunk in range(4096)
)
"""``CHUNKS[c]``: the float32 bytes of the 12 entries of the 12-bit set ``c``."""
# The compiled core's twin of mask_into(), None with the pure-Python engine.
_fast_action_mask: Any = None if speedups is None else cast(Any, speedups).action_mask
_MASK_CHUNKS = tuple(bytes(chunk >> bit & 1 for bit in range(12)) for chunk in range(4096))


class Field(NamedTuple):
    """One field of a tensor: its name, where it starts and how many entries it has.

    >>> from sevens_ru.encode import Field
    >>> field = Field("table", 36, 36)
    >>> field.stop, field.slice
    (72, slice(36, 72, None))
    """

    name: str
    """The field's name, as the tables of the encoding modules have it."""
    start: int
    """The index of its first entry."""
    size: int
    """The number of its entries."""

    @property
    def stop(self) -> int:
        """The index after its last entry."""
        return self.start + self.size

    @property
    def slice(self) -> slice:
        """``slice(start, stop)``, to cut the field out of a tensor."""
        return slice(self.start, self.start + self.size)


def layout(*sizes: tuple[str, int]) -> tuple[Field, ...]:
    """Fields of the given names and sizes, one after the other.

    >>> layout(("a", 2), ("b", 3))
    (Field(name='a', start=0, size=2), Field(name='b', start=2, size=3))
    """
    fields = []
    start = 0
    for name, size in sizes:
        fields.append(Field(name, start, size))
        start += size
    return tuple(fields)


def card_plane(mask: int) -> bytes:
    """The float32 bytes of the 36 entries of the card set ``mask``."""
    return CHUNKS[mask & 4095] + CHUNKS[mask >> 12 & 4095] + CHUNKS[mask >> 24]


def card_planes(card_sets: Iterable[int], within: int = -1) -> list[bytes]:
    """The card planes of ``card_sets``, one after the other, each cut to the cards of ``within``.

    >>> from sevens_ru.common._planes import card_planes, tensor
    >>> tensor(card_planes([0b11, 0b110], within=0b10)).reshape(2, 36)[:, :3].tolist()
    [[0.0, 1.0, 0.0], [0.0, 1.0, 0.0]]
    """
    return [card_plane(cards & within) for cards in card_sets]


def one_hots(size: int) -> tuple[bytes, ...]:
    """The float32 bytes of the ``size`` one-hot vectors, then of the zero vector (at ``size``).

    >>> from sevens_ru.common._planes import one_hots, tensor
    >>> [tensor(vector).tolist() for vector in one_hots(2)]
    [[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]]
    """
    return tuple(
        b"".join(_ONE if entry == hot else _ZERO for entry in range(size))
        for hot in range(size + 1)
    )


def scaled(top: int) -> tuple[bytes, ...]:
    """The float32 bytes of ``v / top`` for ``v`` from 0 to ``top``: counts as numbers in [0, 1]."""
    return tuple(struct.pack("<f", value / top) for value in range(top + 1))


def tensor(parts: bytes | Iterable[bytes]) -> npt.NDArray[np.float32]:
    """A new writable float32 array from the bytes of its entries (or the pieces of them)."""
    data = bytearray(parts if isinstance(parts, bytes) else b"".join(parts))
    return np.frombuffer(data, dtype=np.float32)


def mask_array(mask: int, size: int) -> npt.NDArray[np.int8]:
    """The ``size`` lowest bits of ``mask`` as a new int8 array of 0 and 1 (an action mask).

    >>> from sevens_ru.common._planes import mask_array
    >>> mask_array(0b110, 4).tolist()
    [0, 1, 1, 0]
    """
    if size <= 36:
        data = bytearray(
            _MASK_CHUNKS[mask & 4095] + _MASK_CHUNKS[mask >> 12 & 4095] + _MASK_CHUNKS[mask >> 24]
        )
        return np.frombuffer(data, dtype=np.int8)[:size]
    packed = np.frombuffer(mask.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(packed, count=size, bitorder="little").view(np.int8)


def mask_into(array: npt.NDArray[np.int8], mask: int) -> None:
    """Write bit ``a`` of ``mask`` (0 or 1) into entry ``a`` of the int8 ``array``, every entry.

    It gives the entries :func:`mask_array` gives, into an array made beforehand.

    >>> import numpy as np
    >>> from sevens_ru.common._planes import mask_into
    >>> array = np.ones(5, dtype=np.int8)
    >>> mask_into(array, 0b10010)
    >>> array.tolist()
    [0, 1, 0, 0, 1]
    """
    if _fast_action_mask is not None:  # it checks the array
        _fast_action_mask(array, mask)
        return
    if array.dtype != np.int8 or array.ndim != 1:
        raise ValueError("mask_into() writes into a writable int8 array of one dimension")
    if mask >> len(array):
        raise ValueError(f"mask_into(): the mask must be an int from 0 to 2**{len(array)} - 1")
    array[:] = mask_array(mask, len(array))
