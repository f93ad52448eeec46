"""``sevens_ru.durak.record``: the names of ``sevens_ru.games.durak.record``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ..games.durak.record import *  # noqa: F403  (the names of __all__)
from ..games.durak.record import __all__ as __all__
