"""``sevens_ru.cli.durak.commands``: the names of ``sevens_ru.games.durak.command.commands``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ...games.durak.command.commands import *  # noqa: F403  (the names of __all__)
from ...games.durak.command.commands import __all__ as __all__
