"""Old Durak's compiled hot paths for consumers that step many games: the environments.

:func:`kernels` gives them as a :class:`~sevens_ru.games.Kernels`, or ``None`` where
the pure-Python engine runs. It imports numpy's tensors module, so the registry asks
for it only when an environment is made.
"""

from __future__ import annotations

from typing import Any

from .._game import Kernels
from .state import GameState

__all__ = ["kernels"]


def kernels() -> Kernels | None:
    """The observation fill in C (Durak's moves are applied in Python); ``None`` without the core."""
    from . import encode  # numpy

    if encode._fast_durak_observation is None:
        return None

    def fill(state: GameState, seat: int, observation: Any, mask: Any) -> bool:
        encode.observe_into(state, seat, observation, mask)  # the planes in C
        return True

    return Kernels(fill=fill)
