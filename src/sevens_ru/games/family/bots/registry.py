"""Each preset's bots by name: ``"random"``, ``"heuristic"`` and ``"search"``.

The search bot takes its budget as settings, as the Russian game's does:
``"search:rollouts=300"``, ``"search:time_limit=0.05"``, ``"search:place_weight=1"``;
the heuristic its weights (``"heuristic:lonely=0"``).

>>> from sevens_ru import games
>>> cinquillo = games.get("cinquillo")
>>> cinquillo.bots.names, cinquillo.bots.make("heuristic")
(('random', 'heuristic', 'search'), HeuristicBot(game='cinquillo', name='heuristic', follow=3.0, beyond=1.0, tempo=0.5, lonely=2.0))
>>> cinquillo.bots.make("search:rollouts=300")
SearchBot(game='cinquillo', name='search:rollouts=300', rollouts=300, time_limit=None, place_weight=None, rollout='greedy')
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import attrs

from ....common._bots import BotRegistry
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .search import SearchBot

__all__ = ["registry"]

_SETTINGS = {
    kind: frozenset(field.name for field in attrs.fields(maker)) - {"game", "name"}
    for kind, maker in (("heuristic", HeuristicBot), ("search", SearchBot))
}
"""The settings each kind takes by name (none for random and heuristic)."""


def registry(game: str) -> BotRegistry[Any]:
    """The bots of the preset ``game`` by name."""
    kinds: dict[str, Callable[..., Any]] = {
        "random": functools.partial(RandomBot, game),
        "heuristic": functools.partial(HeuristicBot, game),
        "search": functools.partial(SearchBot, game),
    }
    return BotRegistry(kinds, settings=_SETTINGS, game=game, named=True)
