"""The options of a series (M3): how it is scored, what it costs and when it ends.

:class:`SeriesOptions` holds what the caller chose; ``None`` stands for the game's
default (its scoring kind, M3) or for no limit. A series keeps its options resolved:
the scoring kind and the start named, and the number of deals set where M6 gives it by
default.

>>> from sevens_ru.series import SeriesOptions
>>> SeriesOptions()
SeriesOptions(scoring=None, start=None, ante=10, fine=10, debt=False, deals=None, target=None, stake=None)
>>> SeriesOptions(scoring="chips", start=50).start
50
>>> SeriesOptions(scoring="poker")
Traceback (most recent call last):
...
sevens_ru.errors.InvalidOptionsError: SeriesOptions.scoring must be one of 'bank', 'chips', 'penalty', 'places', 'score' or None, got 'poker'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, get_args

import attrs

from ..common._numbers import plain_int
from ..common._quote import excerpt, got
from ..errors import InvalidOptionsError

__all__ = [
    "MAX_CHIPS",
    "MAX_DEALS",
    "SCORINGS",
    "Scoring",
    "SeriesOptions",
]

Scoring = Literal["bank", "chips", "penalty", "places", "score"]
"""How a series is scored (M3).

``"bank"``: stacks, an ante into the bank every deal and a fine per pass, the winner of
each deal takes the bank (M4). ``"chips"``: stacks moved by each deal's payoffs (fan-tan's
T7, Durak's stakes D15). ``"penalty"``: the sum of each deal's penalties, lowest best.
``"places"``: the sum of the place numbers, lowest best. ``"score"``: the sum of each
deal's scores (cinquillo's C5), highest best.
"""

SCORINGS: tuple[Scoring, ...] = get_args(Scoring)
"""The scoring kinds, in the order M3 lists them."""

MAX_DEALS = 1000
"""The most deals a series plays (``deals``; a bank series without a limit ends there too)."""

MAX_CHIPS = 10**9
"""The largest ``start``, ``ante``, ``fine``, ``target`` or ``stake``."""


def _check_scoring(options: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and (not isinstance(value, str) or value not in SCORINGS):
        shown = ", ".join(map(repr, SCORINGS))
        raise InvalidOptionsError(
            f"SeriesOptions.scoring must be one of {shown} or None, got {excerpt(value)}"
        )


def _number(
    least: int, most: int, *, optional: bool = False
) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """A validator: a Python int from ``least`` to ``most`` (or ``None`` if ``optional``)."""

    def check(options: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is None and optional:
            return
        number = plain_int(value)
        if number is None or not least <= number <= most:
            also = " or None" if optional else ""
            raise InvalidOptionsError(
                f"SeriesOptions.{attribute.name} must be an int from {least} to {most:,}{also}, "
                f"got {got(value)}"
            )

    return check


def _check_bool(options: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, bool):
        raise InvalidOptionsError(
            f"SeriesOptions.{attribute.name} must be True or False, got {got(value)}"
        )


@attrs.frozen
class SeriesOptions:
    """How a series is scored and when it ends (M3–M6); ``None`` means the game's default.

    >>> from sevens_ru.series import SeriesOptions
    >>> SeriesOptions(deals=12, target=300).deals
    12
    >>> SeriesOptions(ante=-1)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidOptionsError: SeriesOptions.ante must be an int from 0 to 1,000,000,000, got int -1
    """

    scoring: Scoring | None = attrs.field(default=None, validator=_check_scoring)
    """The scoring kind (M3): ``"bank"``, ``"chips"``, ``"penalty"``, ``"places"`` or
    ``"score"``; ``None``: the game's own (bank for Russian Sevens, chips for fan-tan
    and Durak, penalty for sevens-52 and domino, places for shichinarabe, score for
    cinquillo)."""
    start: int | None = attrs.field(default=None, validator=_number(0, MAX_CHIPS, optional=True))
    """Every seat's stack or total before the first deal; ``None``: 100 for the bank (M4),
    0 otherwise."""
    ante: int = attrs.field(default=10, validator=_number(0, MAX_CHIPS))
    """The bank: what every seat pays into the bank at the start of each deal (M4)."""
    fine: int = attrs.field(default=10, validator=_number(0, MAX_CHIPS))
    """The bank: what every pass costs, into the bank at once (M4)."""
    debt: bool = attrs.field(default=False, validator=_check_bool)
    """The bank: ``True`` lets fines be paid in full and stacks go below 0; ``False``
    (the default) takes what a seat has and waives the rest (M5)."""
    deals: int | None = attrs.field(default=None, validator=_number(1, MAX_DEALS, optional=True))
    """The series ends after this many deals (M6 a); ``None``: no such limit, but with
    ``target`` also ``None`` one deal per seat, except for the bank."""
    target: int | None = attrs.field(default=None, validator=_number(1, MAX_CHIPS, optional=True))
    """The series ends after a deal that brings some stack or total to this or more (M6 b)."""
    stake: int | None = attrs.field(default=None, validator=_number(1, MAX_CHIPS, optional=True))
    """Chips of a game whose payoffs are stakes (Durak, D15): the stake; ``None``: 1."""
