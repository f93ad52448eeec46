"""``sevens_ru.inference``: the names of ``sevens_ru.games.sevens.inference``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .games.sevens.inference import (
    InconsistentViewError,
    Inference,
    WrongTypeError,
    infer,
    possible_holders,
    sample_hands,
    sample_state,
)

__all__ = [
    "InconsistentViewError",
    "Inference",
    "WrongTypeError",
    "infer",
    "possible_holders",
    "sample_hands",
    "sample_state",
]
