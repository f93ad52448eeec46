"""``sevens_ru.durak.game``: the names of ``sevens_ru.games.durak.game``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ..games.durak.game import (
    apply,
    defences,
    is_over,
    leads,
    legal_actions,
    legal_mask,
    legal_moves,
    max_moves,
    new_game,
)

__all__ = [
    "apply",
    "defences",
    "is_over",
    "leads",
    "legal_actions",
    "legal_mask",
    "legal_moves",
    "max_moves",
    "new_game",
]
