"""What happened in a game of the family: :class:`Play`, :class:`Pass` and :class:`Burst` (F14).

A :class:`Play` and a :class:`Pass` are the events of Russian Sevens themselves
(:class:`sevens_ru.Play`, :class:`sevens_ru.Pass`), so that a history reads the same in
every game of the layout family. A :class:`Burst` (N5) is shichinarabe's: a seat out of
passes and of playable cards lays its whole hand on the table and is out of play.

>>> from sevens_ru import Card
>>> Burst(2, (Card.parse("2♣"), Card.parse("K♦")))
Burst(seat=2, cards=(Card.parse('2♣'), Card.parse('K♦')))
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from ...common.cards import Card
from ..sevens.events import Pass, Play

__all__ = ["Burst", "Event", "Pass", "Play"]


@attrs.frozen
class Burst:
    """``seat`` had used its k passes and held no playable card: its ``cards`` went to the table (N5, N6)."""

    seat: int
    """The seat that burst."""
    cards: tuple[Card, ...]
    """The cards it held, in the preset's canonical order (F5): each now on the table."""


Event: TypeAlias = Play | Pass | Burst
"""One entry of a family game's history."""
