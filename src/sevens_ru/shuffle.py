"""``sevens_ru.shuffle``: the names of ``sevens_ru.common.shuffle``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .common.shuffle import (
    MAX_CARDS,
    fresh_seed,
    shuffled,
    shuffled_bytes,
)

__all__ = [
    "MAX_CARDS",
    "fresh_seed",
    "shuffled",
    "shuffled_bytes",
]
