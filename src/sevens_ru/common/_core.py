"""Which engine runs the main game's hot paths: the compiled core or pure Python.

The C extension ``sevens_ru._speedups`` (built by ``pip install`` where a C compiler
is present) does the arithmetic of :func:`~sevens_ru.apply`, the seeded deal, the
ranking, :func:`~sevens_ru.playout.playout` and the search bot's playouts. The
pure-Python engine is always there and is the reference: both give the same states,
histories, rankings and deals, and draw the same numbers from the same
``random.Random``. The environment variable ``SEVENS_RU_PURE_PYTHON`` set to anything
but ``""`` or ``"0"``, read once at import, forces pure Python.

Each hot function asks here for :data:`speedups` and, where it is not ``None``, hands
its work to it after its own checks; the C functions return ``None`` for anything
they leave to Python (a card given as text, an illegal move: the Python path explains
it).

>>> from sevens_ru import IMPLEMENTATION
>>> IMPLEMENTATION in ("c", "python")
True
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal, Protocol

if TYPE_CHECKING:
    from ..games.sevens.options import Options
    from ..games.sevens.scoring import Standing
    from ..games.sevens.state import GameState
    from .cards import Card

__all__ = ["IMPLEMENTATION", "PURE_PYTHON_VARIABLE", "Speedups", "bindings", "speedups"]

# What sevens_ru.inference samples with: a state (the sizes the other seats still have to
# fill, whether the seat to play has got a playable card) and a table of splits.
_Sampling = tuple[tuple[int, ...], bool]
_SplitTable = tuple[list[tuple[int, ...]], list[int]]

PURE_PYTHON_VARIABLE = "SEVENS_RU_PURE_PYTHON"
"""The environment variable that forces the pure-Python engine."""


class Speedups(Protocol):
    """The functions of ``sevens_ru._speedups``, each the C twin of a Python function.

    Where a function returns ``None``, the Python path does the work (and raises).
    """

    def apply(self, state: GameState, card: object, /) -> GameState | None:
        """:func:`sevens_ru.apply` for a legal :class:`~sevens_ru.Card` or action number of a state."""

    def legal_moves(self, state: GameState, /) -> tuple[Card, ...] | None:
        """:func:`sevens_ru.legal_moves` for a state."""

    def legal_actions(self, state: GameState, /) -> tuple[int, ...] | None:
        """:func:`sevens_ru.legal_actions` for a state."""

    def ranking(self, state: GameState, /) -> tuple[Standing, ...] | None:
        """:func:`sevens_ru.ranking` for a finished state."""

    def sevens_returns(self, state: GameState, /) -> tuple[float, ...] | None:
        """:func:`sevens_ru.returns` for a finished state, without the ranking's objects."""

    def seeded_deal(self, players: int, seed: int, /) -> tuple[tuple[int, ...], int]:
        """``sevens_ru.deal._seeded_deal``: the hands and the seat holding 9♦."""

    def shuffled_bytes(self, seed: int, count: int, /) -> bytes:
        """:func:`sevens_ru.shuffle.shuffled_bytes`."""

    def standings(
        self, deal: tuple[int, ...], table: int, passes: int, options: Options, /
    ) -> tuple[Standing, ...]:
        """``sevens_ru.scoring.standings``."""

    def playout(self, state: GameState, rng: random.Random, /) -> tuple[Standing, ...] | None:
        """:func:`sevens_ru.playout.playout`."""

    def playout_state(self, state: GameState, rng: random.Random, /) -> GameState | None:
        """:func:`sevens_ru.playout.playout_state`."""

    def sample(
        self,
        groups: Sequence[object],
        splits: dict[tuple[int, _Sampling], _SplitTable],
        split_table: Callable[[int, _Sampling], _SplitTable],
        start: _Sampling,
        must_play: tuple[int, int] | None,
        rng: random.Random,
        /,
    ) -> list[int]:
        """The inner loop of :meth:`sevens_ru.inference.Inference.sample_masks`."""

    greedy_playout: Callable[
        [list[int], int, int, int, int, int, random.Random, Options], tuple[Standing, ...]
    ]
    """``sevens_ru.games.sevens.bots._rollout.greedy_playout``, with its parameters."""

    def log_likelihood(
        self, hands: tuple[int, ...], past: tuple[tuple[int, ...], ...], temperature: float, /
    ) -> float:
        """``sevens_ru.games.sevens.bots._weights.log_likelihood``."""

    def chain(
        self,
        hands: tuple[int, ...],
        allowed: tuple[int, ...],
        seat: int,
        past: tuple[tuple[int, ...], ...],
        temperature: float,
        steps: int,
        rng: random.Random,
        /,
    ) -> tuple[int, ...]:
        """``sevens_ru.games.sevens.bots._weights.chain``."""

    endgame: Callable[[tuple[int, ...], int, int, int, int, int, float, Options], float]
    """``sevens_ru.games.sevens.bots._endgame.endgame``, with its parameters."""


def _load() -> Speedups | None:
    """The compiled core, or ``None`` if it is absent or pure Python is asked for."""
    if os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0"):
        return None
    try:
        from .. import _speedups  # type: ignore[attr-defined]
    except ImportError:  # installed without a compiler: pure Python
        return None
    return _speedups  # type: ignore[no-any-return]


speedups: Speedups | None = _load()
"""The module ``sevens_ru._speedups``, or ``None`` when the pure-Python engine runs."""

IMPLEMENTATION: Literal["c", "python"] = "python" if speedups is None else "c"
"""``"c"`` when the compiled core runs the hot paths, ``"python"`` when it does not."""


def bindings() -> dict[str, object]:
    """What the compiled core works on: the engine's classes and the slots it reads.

    The C functions ask for these once, on their first call, after the package has
    been imported.
    """
    from ..games.sevens.scoring import Standing
    from ..games.sevens.state import GameState, Setup
    from .cards import DECK, Card

    return {
        "state": GameState,  # the class of the states apply() makes
        "state_slots": ("_setup", "_board", "_turn", "_moves", "_parent"),
        "setup": Setup,
        "setup_slots": ("deal", "options"),
        "card": Card,
        "card_slots": ("index",),
        "deck": DECK,
        "standing": Standing,
        "random": random.Random,
    }
