"""The layout family in the ``sevens-ru`` command: its commands, its person at the terminal, its drawing.

- ``commands``: ``GAMES``, each preset's entry in :data:`sevens_ru.cli.GAMES`, with its
  options (``--option NAME=VALUE``, ``--dealer``) and its drawing for ``demo`` and
  ``replay``;
- ``play``: ``play``, a person against bots, ``pass`` offered where it is a move;
- ``render``: the rows over the preset's pack, hands, events, the outcome.

The command (:mod:`sevens_ru.cli`, the ``cli`` extra: rich) imports this package
through :attr:`sevens_ru.games.Game.commands` when it runs, as it does the Russian
game's and Durak's packages of the same name.
"""

from __future__ import annotations

# The command first: its table of games (sevens_ru.cli.GAMES) imports .commands as it is made.
from .... import cli as _cli  # noqa: F401
from .commands import GAMES

__all__ = ["GAMES"]
