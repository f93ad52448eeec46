"""Bots by name, for the command line and for match descriptions.

A bot is named by its kind, optionally followed by a colon and settings:
``"random"``, ``"heuristic"``, ``"search"``, ``"search:rollouts=2000"``,
``"search:time_limit=0.05"`` or ``"heuristic:tempo=1,danger=0"``. Durak's bots are
named the same way, by :func:`sevens_ru.durak.bots.make_bot`: both read the
description with the same code (``sevens_ru.common._bots.BotRegistry``).

>>> from sevens_ru.bots import make_bot
>>> make_bot("search:rollouts=2000")
SearchBot(name='search:rollouts=2000', rollouts=2000, time_limit=None, place_weight=0.25, rollout='greedy', temperature=0.5, chain_steps=10, endgame=4)
>>> make_bot("minimax")
Traceback (most recent call last):
...
sevens_ru.errors.UnknownBotError: unknown bot 'minimax': expected random, heuristic or search
"""

from __future__ import annotations

import attrs

from ....common._bots import BotRegistry
from ....errors import UnknownBotError
from ._base import Bot
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .search import SearchBot

__all__ = ["BOT_NAMES", "UnknownBotError", "make_bot"]

_KINDS: dict[str, type[RandomBot] | type[HeuristicBot] | type[SearchBot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
}
_REGISTRY: BotRegistry[Bot] = BotRegistry(
    _KINDS,
    settings={
        kind: frozenset(field.name for field in attrs.fields(factory)) - {"name"}
        for kind, factory in _KINDS.items()
    },
    named=True,
)

BOT_NAMES: tuple[str, ...] = _REGISTRY.names
"""The kinds of bot :func:`make_bot` knows: ``random``, ``heuristic``, ``search``."""


def make_bot(description: str) -> Bot:
    """The bot a description such as ``"search:rollouts=2000"`` names (see the module).

    The bot's ``name`` is the description itself, so results tell settings apart.

    >>> from sevens_ru.bots import BOT_NAMES, make_bot
    >>> [type(make_bot(name)).__name__ for name in BOT_NAMES]
    ['RandomBot', 'HeuristicBot', 'SearchBot']

    Raises:
        UnknownBotError: no such bot, or no such setting.
        InvalidOptionsError: a bad value for a setting (e.g. ``rollouts=0``).
    """
    return _REGISTRY.make(description)
