"""``sevens_ru.cli.durak.render``: the names of ``sevens_ru.games.durak.command.render``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ...games.durak.command.render import *  # noqa: F403  (the names of __all__)
from ...games.durak.command.render import __all__ as __all__
