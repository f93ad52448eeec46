"""The baseline: a uniformly random legal move."""

from __future__ import annotations

import random

from ..moves import Move
from ..observation import PlayerView
from ._base import legal_moves_of

__all__ = ["RandomBot"]


class RandomBot:
    """Makes a uniformly random legal move: the yardstick every other bot must beat.

    >>> import random
    >>> from sevens_ru import durak
    >>> from sevens_ru.durak.bots import RandomBot
    >>> state = durak.new_game(2, seed=4)
    >>> RandomBot().choose(durak.view(state, 1), random.Random(0)) in durak.legal_moves(state)
    True
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """A legal move drawn uniformly with ``rng.choice``."""
        moves = legal_moves_of(view, rng)  # first: it checks rng too
        return rng.choice(moves)

    def __repr__(self) -> str:
        return "RandomBot()"
