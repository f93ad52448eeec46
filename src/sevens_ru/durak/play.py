"""``sevens_ru.durak.play``: the names of ``sevens_ru.games.durak.play``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ..games.durak.play import (
    MatchResult,
    narrate,
    play_game,
    simulate,
)

__all__ = [
    "MatchResult",
    "narrate",
    "play_game",
    "simulate",
]
