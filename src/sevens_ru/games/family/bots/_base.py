"""What every bot of the family checks first: that it is given a view of its preset and a ``random.Random``."""

from __future__ import annotations

import random

from ....common._bots import checked_moves
from ..moves import Move
from ..names import NAMES
from ..observation import FamilyView

__all__ = ["VIEWS", "legal_moves_of"]

VIEWS: dict[str, type[FamilyView]] = {
    kind.game_name: kind for kind in FamilyView.__subclasses__() if kind.game_name in NAMES
}
"""The view class of each registered preset, by name."""


def legal_moves_of(game: str, view: object, rng: object) -> tuple[Move, ...]:
    """The legal moves of ``view``, a view of the preset ``game``, checked as every bot does.

    Raises:
        NotAGameStateError: ``view`` is not a view of that preset.
        WrongTypeError: ``rng`` is not a ``random.Random``.
        NoMoveError: it is not this seat's turn, or the game is over.
    """
    moves: tuple[Move, ...] = checked_moves(view, rng, VIEWS[game], NAMES[game])
    return moves


def pick(moves: tuple[Move, ...], rng: random.Random) -> Move:
    """One of ``moves``, uniformly (without a draw when there is one)."""
    return moves[0] if len(moves) == 1 else rng.choice(moves)
