"""``sevens_ru.state``: the names of ``sevens_ru.games.sevens.state``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .games.sevens.state import (
    GameState,
)

__all__ = [
    "GameState",
]
