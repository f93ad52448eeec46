"""Russian Sevens in the ``sevens-ru`` command: its commands, its human player, its drawing.

- ``commands``: ``demo``, ``simulate``, ``replay``, and ``GAME``, this game's
  entry in :data:`sevens_ru.cli.GAMES`;
- ``play``: ``play``, a person against bots;
- ``render``: the rows, hands, events and ranking.

The command (:mod:`sevens_ru.cli`, the ``cli`` extra: rich) imports this package
through :attr:`sevens_ru.games.Game.commands` when it runs; ``sevens_ru.cli.sevens`` and
its modules of the same names re-export it. Old Durak has the same three modules in
its own folder's ``command``.
"""

from __future__ import annotations

# The command first: its table of games (sevens_ru.cli.GAMES) imports .commands as it is made.
from .... import cli as _cli  # noqa: F401
from .commands import GAME

__all__ = ["GAME"]
