"""``sevens_ru.durak.encode``: the names of ``sevens_ru.games.durak.encode``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ..games.durak.encode import (
    HAND_SCALE,
    information_state,
    information_state_fields,
    information_state_size,
    observation,
    observation_fields,
    observation_of,
    observation_size,
    observe_into,
)

__all__ = [
    "HAND_SCALE",
    "information_state",
    "information_state_fields",
    "information_state_size",
    "observation",
    "observation_fields",
    "observation_of",
    "observation_size",
    "observe_into",
]
