"""``sevens_ru.playout``: the names of ``sevens_ru.games.sevens.playout``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .games.sevens.playout import *  # noqa: F403  (the names of __all__)
from .games.sevens.playout import __all__ as __all__
