"""``sevens_ru.durak.moves``: the names of ``sevens_ru.games.durak.moves``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ..games.durak.moves import (
    LONGEST_MOVE_TEXT,
    Cover,
    InvalidMoveError,
    Lead,
    Move,
    Take,
    as_card,
    parse_move,
)

__all__ = [
    "LONGEST_MOVE_TEXT",
    "Cover",
    "InvalidMoveError",
    "Lead",
    "Move",
    "Take",
    "as_card",
    "parse_move",
]
