"""The baseline: a uniformly random legal move."""

from __future__ import annotations

import random

import attrs

from ..moves import Move
from ._base import legal_moves_of, pick

__all__ = ["RandomBot"]


@attrs.frozen
class RandomBot:
    """Makes a uniformly random legal move (a card or, where it is legal, the pass).

    >>> import random
    >>> from sevens_ru import games
    >>> game = games.get("domino")
    >>> state = game.new_game(3, seed=1)
    >>> RandomBot("domino").choose(game.view(state, 0), random.Random(2))
    Card.parse('3♣')
    """

    game: str
    """The preset whose views the bot takes."""
    name: str = "random"
    """The name shown in results."""

    def choose(self, view: object, rng: random.Random) -> Move:
        """A uniformly random move among ``view.legal_moves()``."""
        return pick(legal_moves_of(self.game, view, rng), rng)
