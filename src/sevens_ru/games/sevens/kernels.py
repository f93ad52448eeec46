"""The main game's compiled hot paths for consumers that step many games: the environments.

:func:`kernels` gives them as a :class:`~sevens_ru.games.Kernels`, or ``None`` where
the pure-Python engine runs. It imports numpy's tensors module, so the registry asks
for it only when an environment is made.
"""

from __future__ import annotations

from typing import Any

from ...common._core import speedups
from .._game import Kernels

__all__ = ["kernels"]

# The compiled core's apply(), which takes an action number as it takes a card (None for
# anything it leaves to sevens_ru.apply), None with the pure-Python engine.
_fast_apply: Any = None if speedups is None else speedups.apply


def kernels() -> Kernels | None:
    """``apply`` of an action number and the observation fill, in C; ``None`` without the core."""
    from . import encode  # numpy

    fill = encode._fast_sevens_observation
    if _fast_apply is None and fill is None:
        return None
    return Kernels(act=_fast_apply, fill=fill)
