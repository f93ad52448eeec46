"""Whole numbers from any source: Python ints, numpy integers, any ``numbers.Integral``.

Actions, seeds and player counts are accepted as any integral number, so that the
integers of numpy and of learning frameworks work where a Python ``int`` does. A
``bool`` never counts as a number here.

>>> from sevens_ru._numbers import as_int
>>> as_int(12), as_int(True), as_int(12.0), as_int("12")
(12, None, None, None)
"""

from __future__ import annotations

import numbers

__all__ = ["as_int"]


def as_int(value: object) -> int | None:
    """``value`` as a Python ``int`` if it is an integral number other than a ``bool``, else ``None``."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        return None
    return int(value)
