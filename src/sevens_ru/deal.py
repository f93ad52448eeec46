"""``sevens_ru.deal``: the names of ``sevens_ru.games.sevens.deal``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .games.sevens.deal import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PACK,
    deal_hands,
    deal_seeded,
    hand_sizes,
)

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PACK",
    "deal_hands",
    "deal_seeded",
    "hand_sizes",
]
