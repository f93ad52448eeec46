"""``sevens_ru.durak.scoring``: the names of ``sevens_ru.games.durak.scoring``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ..games.durak.scoring import *  # noqa: F403  (the names of __all__)
from ..games.durak.scoring import __all__ as __all__
