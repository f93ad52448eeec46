"""``sevens_ru.durak.bots``: the names of ``sevens_ru.games.durak.bots``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ..games.durak.bots import (
    BOT_NAMES,
    Bot,
    HeuristicBot,
    RandomBot,
    SearchBot,
    legal_moves_of,
    make_bot,
)

__all__ = [
    "BOT_NAMES",
    "Bot",
    "HeuristicBot",
    "RandomBot",
    "SearchBot",
    "legal_moves_of",
    "make_bot",
]
