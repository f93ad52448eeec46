"""Whole numbers from any source: Python ints, numpy integers, any ``numbers.Integral``.

Actions, seeds and player counts are accepted as any integral number, so that the
integers of numpy and of learning frameworks work where a Python ``int`` does. A
``bool`` never counts as a number here.

>>> from fractions import Fraction
>>> from sevens_ru.common._numbers import as_int, plain_int, plain_number
>>> as_int(12), as_int(True), as_int(12.0), as_int("12"), as_int(Fraction(12))
(12, None, None, None, None)

A value kept as it was given (an attrs field, a setting passed on to other processes,
written in results) is a Python ``int`` or ``float`` itself, never a numpy number,
which would reach records and JSON as is:

>>> plain_int(12), plain_int(False), plain_int(12.0)
(12, None, None)
>>> plain_number(0.5), plain_number(2), plain_number(True), plain_number("2")
(0.5, 2, None, None)
"""

from __future__ import annotations

import numbers

from ..errors import InvalidMoveError
from ._quote import excerpt, got

__all__ = ["as_action", "as_int", "plain_int", "plain_number"]


def as_int(value: object) -> int | None:
    """``value`` as a Python ``int`` if it is an integral number other than a ``bool``, else ``None``."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        return None
    return int(value)


def plain_int(value: object) -> int | None:
    """``value`` itself if it is a Python ``int`` other than a ``bool``, else ``None``."""
    if type(value) is int or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    return None


def plain_number(value: object) -> int | float | None:
    """``value`` itself if it is a Python ``int`` or ``float`` other than a ``bool``, else ``None``.

    A numpy float is a ``float`` (a subclass), so it counts; a numpy integer does not.
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return value


def as_action(action: object, count: int, game: str, detail: str = "") -> int:
    """``action`` as an ``int`` if it is an action number below ``count``, else an InvalidMoveError.

    ``game`` names the game in the message, ``detail`` follows the range.

    >>> as_action(36, 36, "the main game", ", one per card")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidMoveError: there is no action 36: the actions of the main game are 0 to 35, one per card
    """
    number = as_int(action)
    if number is None:
        raise InvalidMoveError(
            f"an action is an integral number from 0 to {count - 1}, got {got(action)}"
        )
    if not 0 <= number < count:
        raise InvalidMoveError(
            f"there is no action {excerpt(number)}: the actions of {game} are 0 to "
            f"{count - 1}{detail}"
        )
    return number
