"""``sevens_ru.durak.inference``: the names of ``sevens_ru.games.durak.inference``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ..games.durak.inference import (
    UNDEALT,
    Inference,
    infer,
    possible_holders,
    sample_hands,
    sample_state,
)

__all__ = [
    "UNDEALT",
    "Inference",
    "infer",
    "possible_holders",
    "sample_hands",
    "sample_state",
]
