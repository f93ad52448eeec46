"""Each preset's bots by name: ``"random"`` and ``"heuristic"``.

>>> from sevens_ru import games
>>> games.get("cinquillo").bots.names, games.get("cinquillo").bots.make("heuristic")
(('random', 'heuristic'), HeuristicBot(game='cinquillo', name='heuristic'))
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ....common._bots import BotRegistry
from .heuristic import HeuristicBot
from .random_bot import RandomBot

__all__ = ["registry"]


def registry(game: str) -> BotRegistry[Any]:
    """The bots of the preset ``game`` by name."""
    kinds: dict[str, Callable[..., Any]] = {
        "random": functools.partial(RandomBot, game),
        "heuristic": functools.partial(HeuristicBot, game),
    }
    return BotRegistry(kinds, game=game)
