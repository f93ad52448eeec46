"""``sevens_ru.cli.sevens``: the names of ``sevens_ru.games.sevens.command``, where the code lives.

Russian Sevens in the ``sevens-ru`` command. Its modules ``commands``, ``play`` and ``render``
are kept here too, each with the names of its home of the same name.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ...games.sevens.command import *  # noqa: F403  (the names of __all__)
from ...games.sevens.command import __all__ as __all__
