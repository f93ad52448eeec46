"""``sevens_ru.tournament``: the names of ``sevens_ru.games.sevens.tournament``, where the code lives.

This path is kept for the code that imports it; new code may import either. Beside
them, the match of any game of the registry: :func:`match` (a game's ``play_match``
with the game given first), what a game brings to it (:class:`MatchRules`, its
:class:`Figure` values) and the results of any game (:class:`AnyMatchResult`,
:class:`AnyBotResult`, of which each game's ``MatchResult`` and ``BotResult`` are
subclasses).
"""

from __future__ import annotations

from .common._match import play_match as match
from .common._results import BotResult as AnyBotResult
from .common._results import Figure, MatchRules
from .common._results import MatchResult as AnyMatchResult
from .games.sevens.tournament import *  # noqa: F403  (the names of __all__)
from .games.sevens.tournament import __all__ as _sevens

__all__ = [*_sevens, "AnyBotResult", "AnyMatchResult", "Figure", "MatchRules", "match"]
