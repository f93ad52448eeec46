"""``sevens_ru.game``: the names of ``sevens_ru.games.sevens.game``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .games.sevens.game import (
    apply,
    is_over,
    legal_actions,
    legal_mask,
    legal_moves,
    new_game,
    playable_mask,
)

__all__ = [
    "apply",
    "is_over",
    "legal_actions",
    "legal_mask",
    "legal_moves",
    "new_game",
    "playable_mask",
]
