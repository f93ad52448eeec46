"""``sevens_ru.encode``: the names of ``sevens_ru.games.sevens.encode``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .games.sevens.encode import (
    HAND_SCALE,
    PASS_SCALE,
    Field,
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
    "PASS_SCALE",
    "Field",
    "information_state",
    "information_state_fields",
    "information_state_size",
    "observation",
    "observation_fields",
    "observation_of",
    "observation_size",
    "observe_into",
]
