"""``sevens_ru.actions``: the names of ``sevens_ru.games.sevens.actions``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .games.sevens.actions import (
    NUM_ACTIONS,
    action_of,
    move_of,
)

__all__ = [
    "NUM_ACTIONS",
    "action_of",
    "move_of",
]
