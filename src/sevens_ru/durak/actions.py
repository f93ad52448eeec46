"""``sevens_ru.durak.actions``: the names of ``sevens_ru.games.durak.actions``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ..games.durak.actions import (
    COVER_ACTIONS,
    LEAD_ACTIONS,
    NUM_ACTIONS,
    TAKE_ACTION,
    action_of,
    defence_mask,
    lead_mask,
    move_of,
)

__all__ = [
    "COVER_ACTIONS",
    "LEAD_ACTIONS",
    "NUM_ACTIONS",
    "TAKE_ACTION",
    "action_of",
    "defence_mask",
    "lead_mask",
    "move_of",
]
