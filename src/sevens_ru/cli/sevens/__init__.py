"""Russian Sevens in the ``sevens-ru`` command: its commands, its human player, its drawing.

- :mod:`sevens_ru.cli.sevens.commands`: ``demo``, ``simulate``, ``replay``, and
  :data:`~sevens_ru.cli.sevens.commands.GAME`, this game's entry in
  :data:`sevens_ru.cli.GAMES`;
- :mod:`sevens_ru.cli.sevens.play`: ``play``, a person against bots;
- :mod:`sevens_ru.cli.sevens.render`: the rows, hands, events and ranking.

Old Durak has the same three modules in :mod:`sevens_ru.cli.durak`.
"""

from __future__ import annotations

from .commands import GAME

__all__ = ["GAME"]
