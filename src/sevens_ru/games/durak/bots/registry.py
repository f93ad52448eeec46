"""Durak bots by name, for the command line and for match descriptions.

The same as :mod:`sevens_ru.games.sevens.bots.registry` for old Durak: a bot is named by its kind,
``"random"``, ``"heuristic"`` or ``"search"``, and the search bot optionally by its
settings after a colon: ``"search:rollouts=500"``, ``"search:time_limit=0.05"``.

>>> from sevens_ru.durak.bots import BOT_NAMES, make_bot
>>> BOT_NAMES
('random', 'heuristic', 'search')
>>> make_bot(" Heuristic ")
HeuristicBot()
>>> make_bot("search:rollouts=500")
SearchBot(name='search:rollouts=500', rollouts=500, time_limit=None)
>>> make_bot("minimax")
Traceback (most recent call last):
...
sevens_ru.errors.UnknownBotError: unknown Durak bot 'minimax': expected random, heuristic or search
"""

from __future__ import annotations

from ....common._bots import BotRegistry
from ....errors import UnknownBotError
from ._base import Bot
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .search import SearchBot

__all__ = ["BOT_NAMES", "UnknownBotError", "make_bot"]

_REGISTRY: BotRegistry[Bot] = BotRegistry(
    {"random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot},
    settings={"search": frozenset({"rollouts", "time_limit"})},
    game="Durak",
    named=True,
)

BOT_NAMES: tuple[str, ...] = _REGISTRY.names
"""The kinds of Durak bot :func:`make_bot` knows: ``random``, ``heuristic`` and ``search``."""


def make_bot(description: str) -> Bot:
    """The Durak bot ``description`` names: ``"random"``, ``"heuristic"`` or ``"search"``, in any case.

    The names, the settings and the errors are those of :func:`sevens_ru.bots.make_bot`;
    only the search bot takes settings (``rollouts``, ``time_limit``), and a bot made
    with settings is named by the description, so results tell settings apart.

    >>> from sevens_ru.durak.bots import BOT_NAMES, make_bot
    >>> [make_bot(name) for name in BOT_NAMES]
    [RandomBot(), HeuristicBot(), SearchBot(name='search', rollouts=160, time_limit=None)]
    >>> make_bot("heuristic:greed=2")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.UnknownBotError: bad setting 'greed=2' for heuristic: it takes no settings
    >>> make_bot("search:rollouts=0")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidOptionsError: durak SearchBot.rollouts must be an int from 1 to 1,000,000 (playouts per decision), got 0

    Raises:
        UnknownBotError: no Durak bot has that name, or a setting it does not take.
        InvalidOptionsError: a bad value for a setting (e.g. ``rollouts=0``).
    """
    return _REGISTRY.make(description)
