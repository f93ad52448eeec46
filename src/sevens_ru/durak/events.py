"""``sevens_ru.durak.events``: the names of ``sevens_ru.games.durak.events``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ..games.durak.events import (
    Covered,
    Event,
    Joined,
    Led,
    Took,
)

__all__ = [
    "Covered",
    "Event",
    "Joined",
    "Led",
    "Took",
]
