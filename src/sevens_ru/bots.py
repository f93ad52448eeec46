"""``sevens_ru.bots``: the names of ``sevens_ru.games.sevens.bots``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .games.sevens.bots import *  # noqa: F403  (the names of __all__)
from .games.sevens.bots import __all__ as __all__
