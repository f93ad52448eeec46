"""``sevens_ru.observation``: the names of ``sevens_ru.games.sevens.observation``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .games.sevens.observation import (
    PlayerView,
    view,
)

__all__ = [
    "PlayerView",
    "view",
]
