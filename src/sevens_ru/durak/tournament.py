"""``sevens_ru.durak.tournament``: the names of ``sevens_ru.games.durak.tournament``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ..games.durak.tournament import (
    BotResult,
    Estimate,
    MatchError,
    MatchResult,
    play_match,
)

__all__ = [
    "BotResult",
    "Estimate",
    "MatchError",
    "MatchResult",
    "play_match",
]
