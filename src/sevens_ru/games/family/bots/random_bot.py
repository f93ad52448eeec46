"""The baseline: a uniformly random legal move."""

from __future__ import annotations

import random

import attrs

from ..moves import Move
from ._base import FamilyBot, legal_moves_of, pick

__all__ = ["RandomBot"]


@attrs.frozen
class RandomBot(FamilyBot):
    """Makes a uniformly random legal move (a card or, where it is legal, the pass).

    >>> import random
    >>> from sevens_ru import games
    >>> domino = games.get("domino")
    >>> RandomBot("domino").choose(domino.view(domino.new_game(3, seed=1), 0), random.Random(2))
    Card.parse('3♣')
    """

    name: str = "random"

    def choose(self, view: object, rng: random.Random) -> Move:
        """A uniformly random move among ``view.legal_moves()``."""
        return pick(legal_moves_of(self.game, view, rng), rng)
