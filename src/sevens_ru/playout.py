"""``sevens_ru.playout``: the names of ``sevens_ru.games.sevens.playout``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .games.sevens.playout import (
    playout,
    playout_state,
)

__all__ = [
    "playout",
    "playout_state",
]
