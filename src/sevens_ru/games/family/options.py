"""The options of the family's presets (F2): one frozen class per preset.

Every class has ``place_numbering`` (R18: ``"competition"`` numbers shared places 1, 2,
2, 4, ``"dense"`` 1, 2, 2, 3); the other fields are those that the preset's rules name
(S, T, N, DO, C). A wrong value raises :class:`~sevens_ru.errors.InvalidOptionsError`.

>>> from sevens_ru.games.family.options import FanTanOptions, Sevens52Options
>>> Sevens52Options()
Sevens52Options(ace='low', opener='7♦', voluntary_passes=False, play_to_end=False, rank_by_passes=False, place_numbering='competition')
>>> FanTanOptions(ante=2).opener
'left'
>>> Sevens52Options(opener="8♦")
Traceback (most recent call last):
...
sevens_ru.errors.InvalidOptionsError: Sevens52Options.opener must be one of '7♦', '7♥', 'left', got '8♦'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import attrs

from ...common._numbers import plain_int
from ...common._quote import excerpt, got
from ...errors import InvalidOptionsError

__all__ = [
    "CinquilloOptions",
    "DominoOptions",
    "FamilyOptions",
    "FanTanOptions",
    "Sevens52Options",
    "ShichinarabeOptions",
]

Ace = Literal["low", "high"]
"""F4: the ace below the 2 (``"low"``, A 2 … K) or above the king (``"high"``, 2 … K A)."""
Opener = Literal["7♦", "7♥", "left"]
"""S3, T3: who opens, and with what."""
PlaceNumbering = Literal["competition", "dense"]
"""R18: how shared places are numbered."""

MOST_CHIPS = 1000
"""The largest ``ante``, ``short_ante`` or ``pass_cost`` of fan-tan (T2, T4)."""
MOST_PASSES = 20
"""The largest ``passes`` of shichinarabe (N4)."""


def _one_of(*allowed: object) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """A validator: the value is one of ``allowed`` (a bool is never an int here)."""

    def check(options: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not any(type(value) is type(each) and value == each for each in allowed):
            shown = ", ".join(map(repr, allowed))
            raise InvalidOptionsError(
                f"{type(options).__name__}.{attribute.name} must be one of {shown}, "
                f"got {excerpt(value)}"
            )

    return check


def _check_bool(options: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if not isinstance(value, bool):
        raise InvalidOptionsError(
            f"{type(options).__name__}.{attribute.name} must be True or False, got {got(value)}"
        )


def _count(most: int, what: str) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """A validator: a Python int from 0 to ``most`` (what it counts in ``what``)."""

    def check(options: object, attribute: attrs.Attribute[Any], value: object) -> None:
        number = plain_int(value)
        if number is None or not 0 <= number <= most:
            raise InvalidOptionsError(
                f"{type(options).__name__}.{attribute.name} must be an int from 0 to {most} "
                f"({what}), got {got(value)}"
            )

    return check


_ACE = _one_of("low", "high")
_NUMBERING = _one_of("competition", "dense")


@attrs.frozen
class Sevens52Options:
    """The options of sevens-52 (S1–S8).

    >>> Sevens52Options(ace="high", play_to_end=True).ace
    'high'
    """

    ace: Ace = attrs.field(default="low", validator=_ACE)
    """F4, S1: ``"low"`` (a row runs from A up to K) or ``"high"`` (from 2 up to A)."""
    opener: Opener = attrs.field(default="7♦", validator=_one_of("7♦", "7♥", "left"))
    """S3: ``"7♦"`` or ``"7♥"`` (its holder opens with it), or ``"left"`` (the dealer's left
    neighbour opens with any seven)."""
    voluntary_passes: bool = attrs.field(default=False, validator=_check_bool)
    """S5: the voluntary pass policy of F13 instead of forced passes."""
    play_to_end: bool = attrs.field(default=False, validator=_check_bool)
    """S6: play on until at most one seat holds cards; places in the order of going out."""
    rank_by_passes: bool = attrs.field(default=False, validator=_check_bool)
    """S8 (R17): at equal cards left, fewer passes rank better (before the pips)."""
    place_numbering: PlaceNumbering = attrs.field(default="competition", validator=_NUMBERING)
    """R18: ``"competition"`` (1, 2, 2, 4) or ``"dense"`` (1, 2, 2, 3)."""


@attrs.frozen
class FanTanOptions:
    """The options of fan-tan (T1–T6).

    >>> FanTanOptions(voluntary_passes=True, pass_cost=2).pass_cost
    2
    """

    ace: Ace = attrs.field(default="low", validator=_ACE)
    """F4, T1: the ace low (the default) or high."""
    opener: Opener = attrs.field(default="left", validator=_one_of("left", "7♦", "7♥"))
    """T3: ``"left"`` (the default: the dealer's left neighbour opens with any seven), or
    ``"7♦"``/``"7♥"`` as in S3."""
    voluntary_passes: bool = attrs.field(default=False, validator=_check_bool)
    """T5: "play or pay", the voluntary policy of F13, with its fines at the end."""
    ante: int = attrs.field(default=1, validator=_count(MOST_CHIPS, "chips"))
    """T2: the chips each seat puts into the pool before play."""
    short_ante: int = attrs.field(default=1, validator=_count(MOST_CHIPS, "chips"))
    """T2: the chips more that a seat dealt fewer cards than the longest hands antes."""
    pass_cost: int = attrs.field(default=1, validator=_count(MOST_CHIPS, "chips"))
    """T4: the chips each pass costs, into the pool at once."""
    place_numbering: PlaceNumbering = attrs.field(default="competition", validator=_NUMBERING)
    """R18: ``"competition"`` (1, 2, 2, 4) or ``"dense"`` (1, 2, 2, 3)."""


@attrs.frozen
class ShichinarabeOptions:
    """The options of shichinarabe (N1–N8).

    >>> ShichinarabeOptions(passes=5, first="left").passes
    5
    """

    ace: Ace = attrs.field(default="low", validator=_ACE)
    """F4, N1: the ace low (the Japanese custom, the default) or high."""
    first: Literal["7♦", "left"] = attrs.field(default="7♦", validator=_one_of("7♦", "left"))
    """N3: the seat that laid 7♦ moves first, or (``"left"``) the dealer's left neighbour."""
    passes: int = attrs.field(default=3, validator=_count(MOST_PASSES, "passes per seat"))
    """N4: the passes k each seat may make in a game."""
    first_out_ends: bool = attrs.field(default=False, validator=_check_bool)
    """N8: the game ends when the first seat goes out."""
    place_numbering: PlaceNumbering = attrs.field(default="competition", validator=_NUMBERING)
    """R18: ``"competition"`` (1, 2, 2, 4) or ``"dense"`` (1, 2, 2, 3); places are shared
    only with ``first_out_ends``."""


@attrs.frozen
class DominoOptions:
    """The options of domino (DO1–DO6).

    >>> DominoOptions(pack=32).pack
    32
    """

    pack: Literal[52, 32] = attrs.field(default=52, validator=_one_of(52, 32))
    """DO1: the 52-card pack (2 to 8 players) or the 32 cards 7 … A (2 to 6 players)."""
    ace: Ace = attrs.field(default="low", validator=_ACE)
    """F4: with 52 cards, the ace low (A … K, the French rules) or high. The 32-card pack
    is always 7 … A, whatever this says."""
    play_to_end: bool = attrs.field(default=False, validator=_check_bool)
    """DO4: play on for the lower places, as S6."""
    place_numbering: PlaceNumbering = attrs.field(default="competition", validator=_NUMBERING)
    """R18: ``"competition"`` (1, 2, 2, 4) or ``"dense"`` (1, 2, 2, 3)."""


@attrs.frozen
class CinquilloOptions:
    """The options of cinquillo (C1–C5).

    >>> CinquilloOptions(centre=6).centre
    6
    """

    centre: Literal[5, 6] = attrs.field(default=5, validator=_one_of(5, 6))
    """C5: the rows start from the fives (5♦ opens), or from the sixes ("seises", 6♦ opens)."""
    play_to_end: bool = attrs.field(default=False, validator=_check_bool)
    """C4: play on for the lower places, as S6."""
    place_numbering: PlaceNumbering = attrs.field(default="competition", validator=_NUMBERING)
    """R18: ``"competition"`` (1, 2, 2, 4) or ``"dense"`` (1, 2, 2, 3)."""


FamilyOptions = (
    Sevens52Options | FanTanOptions | ShichinarabeOptions | DominoOptions | CinquilloOptions
)
"""The options of any preset."""
