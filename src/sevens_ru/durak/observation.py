"""``sevens_ru.durak.observation``: the names of ``sevens_ru.games.durak.observation``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ..games.durak.observation import (
    PlayerView,
    view,
)

__all__ = [
    "PlayerView",
    "view",
]
