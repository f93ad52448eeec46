"""Durak bots by name, for the command line and for match descriptions.

The same as :mod:`sevens_ru.bots.registry` for old Durak: a bot is named by its kind,
``"random"`` or ``"heuristic"`` (the Durak bots take no settings).

>>> from sevens_ru.durak.bots import BOT_NAMES, make_bot
>>> BOT_NAMES
('random', 'heuristic')
>>> make_bot(" Heuristic ")
HeuristicBot()
>>> make_bot("search")
Traceback (most recent call last):
...
sevens_ru.errors.UnknownBotError: unknown Durak bot 'search': expected random or heuristic
"""

from __future__ import annotations

from ..._bots import BotRegistry
from ...errors import UnknownBotError
from ._base import Bot
from .heuristic import HeuristicBot
from .random_bot import RandomBot

__all__ = ["BOT_NAMES", "UnknownBotError", "make_bot"]

_REGISTRY: BotRegistry[Bot] = BotRegistry(
    {"random": RandomBot, "heuristic": HeuristicBot}, game="Durak"
)

BOT_NAMES: tuple[str, ...] = _REGISTRY.names
"""The kinds of Durak bot :func:`make_bot` knows: ``random`` and ``heuristic``."""


def make_bot(description: str) -> Bot:
    """The Durak bot ``description`` names: ``"random"`` or ``"heuristic"``, in any case.

    The names and the errors are those of :func:`sevens_ru.bots.make_bot`.

    >>> from sevens_ru.durak.bots import BOT_NAMES, make_bot
    >>> [make_bot(name) for name in BOT_NAMES]
    [RandomBot(), HeuristicBot()]
    >>> make_bot("heuristic:greed=2")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.UnknownBotError: bad setting 'greed=2' for heuristic: it takes no settings

    Raises:
        UnknownBotError: no Durak bot has that name, or settings were given.
    """
    return _REGISTRY.make(description)
