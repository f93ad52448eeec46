"""``sevens_ru.cli.sevens.play``: the names of ``sevens_ru.games.sevens.command.play``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ...games.sevens.command.play import *  # noqa: F403  (the names of __all__)
from ...games.sevens.command.play import __all__ as __all__
