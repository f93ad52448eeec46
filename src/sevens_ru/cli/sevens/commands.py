"""``sevens_ru.cli.sevens.commands``: the names of ``sevens_ru.games.sevens.command.commands``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ...games.sevens.command.commands import *  # noqa: F403  (the names of __all__)
from ...games.sevens.command.commands import __all__ as __all__
