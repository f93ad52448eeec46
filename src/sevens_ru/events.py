"""``sevens_ru.events``: the names of ``sevens_ru.games.sevens.events``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .games.sevens.events import (
    Event,
    Pass,
    Play,
)

__all__ = [
    "Event",
    "Pass",
    "Play",
]
