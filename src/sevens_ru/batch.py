"""``sevens_ru.batch``: the names of ``sevens_ru.games.sevens.batch``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .games.sevens.batch import (
    BatchError,
    GameBatch,
    random_words,
)

__all__ = [
    "BatchError",
    "GameBatch",
    "random_words",
]
