"""``sevens_ru.cli.durak``: the names of ``sevens_ru.games.durak.command``, where the code lives.

Old Durak in the ``sevens-ru`` command. Its modules ``commands``, ``play`` and ``render``
are kept here too, each with the names of its home of the same name.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ...games.durak.command import *  # noqa: F403  (the names of __all__)
from ...games.durak.command import __all__ as __all__
