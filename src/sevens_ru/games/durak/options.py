"""The rule options of a Durak game: the short pack (D1) and the repetition limit (D13).

>>> from sevens_ru import durak
>>> durak.Options()
Options(short_deck=False, take_limit=100)
>>> durak.Options(short_deck=True, take_limit=20).take_limit
20
"""

from __future__ import annotations

import attrs

from ...common._numbers import plain_int
from ...common._quote import got
from ...errors import InvalidOptionsError

__all__ = ["DEFAULT_TAKE_LIMIT", "Options"]

DEFAULT_TAKE_LIMIT = 100
"""D13: this many bouts in a row ending with a take end the game in a draw."""


def _check_bool(_options: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if not isinstance(value, bool):
        raise InvalidOptionsError(
            f"Options.{attribute.name} must be True or False, got {got(value)}"
        )


def _check_limit(_options: object, _attribute: object, value: object) -> None:
    # A Python int only, numpy's refused: an attrs field keeps the value as given, and
    # the options are written in every record's JSON.
    limit = plain_int(value)
    if limit is None or limit < 1:
        raise InvalidOptionsError(
            "Options.take_limit must be a positive int (the number of bouts in a row ending "
            f"with a take that draw the game, D13), got {got(value)}"
        )


@attrs.frozen
class Options:
    """The variants of old Durak. Immutable; validated when made.

    >>> from sevens_ru import durak
    >>> durak.Options(take_limit=0)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidOptionsError: Options.take_limit must be a positive int (the number of bouts in a row ending with a take that draw the game, D13), got int 0
    """

    short_deck: bool = attrs.field(default=False, validator=_check_bool)
    """D1: play with the 32 cards 7 to A instead of 36 (for 2 or 3 players only)."""
    take_limit: int = attrs.field(default=DEFAULT_TAKE_LIMIT, validator=_check_limit)
    """D13: after this many bouts in a row end with a take, the game is a draw."""
