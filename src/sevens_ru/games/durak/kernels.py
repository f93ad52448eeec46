"""Old Durak's compiled hot paths: the action path of the engine and the environments' fill.

:func:`kernels` gives the environments' part as a :class:`~sevens_ru.games.Kernels`, or
``None`` where the pure-Python engine runs; the rules (:mod:`sevens_ru.durak`) call the
compiled action path themselves. The C functions (``games/durak/_kernels.c``) read the
engine's states at the offsets of their slots, which :func:`bindings` hands over.
"""

from __future__ import annotations

from typing import Any, cast

from ...common._core import speedups
from .._game import Kernels
from .actions import _MOVES
from .state import GameState, Setup

__all__ = ["bindings", "kernels"]

# The compiled core's apply() of an action number and its fill of an observation and its
# action mask (None for anything they leave to the Python functions), None with the
# pure-Python engine.
_fast_durak_act: Any = None if speedups is None else cast(Any, speedups).durak_act
_fast_durak_fill: Any = None if speedups is None else cast(Any, speedups).durak_fill


def kernels() -> Kernels | None:
    """``apply`` of an action number and the observation fill, in C; ``None`` without the core."""
    if _fast_durak_act is None and _fast_durak_fill is None:
        return None
    return Kernels(act=_fast_durak_act, fill=_fast_durak_fill)


def bindings() -> tuple[type, tuple[str, ...], type, tuple[str, ...], tuple[Any, ...]]:
    """What the compiled core works on: the states' class and slots, the setups' and the moves.

    The slots in the order the C code reads them, and the move of every action number
    (the objects a state made by an action number holds, as :func:`sevens_ru.durak.apply`
    stores them). The C functions ask for these once, on their first call.
    """
    state_slots = (
        "_setup",
        "_hands",
        "_attacker",
        "_defender",
        "_attack",
        "_uncovered",
        "_covers",
        "_aside",
        "_out",
        "_bouts",
        "_takes",
        "_parent",
        "_move",
        "_legal",
        "_shown",
    )
    setup_slots = ("players", "trump", "take_limit", "dealer", "undealt")
    return GameState, state_slots, Setup, setup_slots, _MOVES
