"""``sevens_ru.batch``: the names of ``sevens_ru.games.sevens.batch``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .games.sevens.batch import *  # noqa: F403  (the names of __all__)
from .games.sevens.batch import __all__ as __all__
