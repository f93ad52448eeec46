"""The rule options of a game (R17, R18)."""

from __future__ import annotations

from typing import Literal, get_args

import attrs

from ...common._quote import excerpt, got
from ...errors import InvalidOptionsError

__all__ = ["Options", "PlaceNumbering"]

PlaceNumbering = Literal["competition", "dense"]
"""How shared places are numbered (R18): ``"competition"`` (1, 2, 2, 4) or ``"dense"`` (1, 2, 2, 3)."""

_NUMBERINGS: tuple[str, ...] = get_args(PlaceNumbering)


def _check_bool(_options: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if not isinstance(value, bool):
        raise InvalidOptionsError(
            f"Options.{attribute.name} must be True or False, got {got(value)}"
        )


def _check_numbering(_options: object, _attribute: object, value: object) -> None:
    if not isinstance(value, str) or value not in _NUMBERINGS:
        raise InvalidOptionsError(
            f"Options.place_numbering must be 'competition' or 'dense', got {excerpt(value)}"
        )


@attrs.frozen
class Options:
    """The variants of the ranking; the play itself has no options.

    >>> from sevens_ru import Options
    >>> Options()
    Options(rank_by_passes=False, place_numbering='competition')
    >>> Options(rank_by_passes=True, place_numbering="dense").place_numbering
    'dense'
    >>> Options(place_numbering="olympic")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidOptionsError: Options.place_numbering must be 'competition' or 'dense', got 'olympic'
    """

    rank_by_passes: bool = attrs.field(default=False, validator=_check_bool)
    """R17: at an equal number of cards left, fewer passes ranks better (before points)."""
    place_numbering: PlaceNumbering = attrs.field(default="competition", validator=_check_numbering)
    """R18: ``"competition"`` numbers shared places 1, 2, 2, 4; ``"dense"`` numbers them 1, 2, 2, 3."""
