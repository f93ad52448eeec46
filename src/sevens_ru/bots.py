"""``sevens_ru.bots``: the names of ``sevens_ru.games.sevens.bots``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .games.sevens.bots import (
    BOT_NAMES,
    Bot,
    HeuristicBot,
    NoMoveError,
    RandomBot,
    SearchBot,
    UnknownBotError,
    bot_name,
    legal_moves_of,
    make_bot,
)

__all__ = [
    "BOT_NAMES",
    "Bot",
    "HeuristicBot",
    "NoMoveError",
    "RandomBot",
    "SearchBot",
    "UnknownBotError",
    "bot_name",
    "legal_moves_of",
    "make_bot",
]
