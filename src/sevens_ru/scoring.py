"""``sevens_ru.scoring``: the names of ``sevens_ru.games.sevens.scoring``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .games.sevens.scoring import (
    POINTS,
    Standing,
    card_points,
    ranking,
    returns,
)

__all__ = [
    "POINTS",
    "Standing",
    "card_points",
    "ranking",
    "returns",
]
