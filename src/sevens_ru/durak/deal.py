"""``sevens_ru.durak.deal``: the names of ``sevens_ru.games.durak.deal``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ..games.durak.deal import (
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PACK,
    check_dealer,
    check_players,
    deal_hands,
    deal_seeded,
    pack,
    pack_mask,
    pack_of,
)

__all__ = [
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PACK",
    "check_dealer",
    "check_players",
    "deal_hands",
    "deal_seeded",
    "pack",
    "pack_mask",
    "pack_of",
]
