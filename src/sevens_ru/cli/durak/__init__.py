"""Old Durak in the ``sevens-ru`` command (``--game durak``): its commands, its human player, its drawing.

- :mod:`sevens_ru.cli.durak.commands`: ``demo``, ``simulate``, ``replay``, and
  :data:`~sevens_ru.cli.durak.commands.GAME`, this game's entry in
  :data:`sevens_ru.cli.GAMES`;
- :mod:`sevens_ru.cli.durak.play`: ``play``, a person against bots;
- :mod:`sevens_ru.cli.durak.render`: the hands, the table, the events and the ranking.

The main game has the same three modules in :mod:`sevens_ru.cli.sevens`.
"""

from __future__ import annotations

from .commands import GAME

__all__ = ["GAME"]
