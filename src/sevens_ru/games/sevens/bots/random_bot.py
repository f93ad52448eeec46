"""The baseline: a uniformly random legal card."""

from __future__ import annotations

import random

import attrs

from ....common.cards import Card
from ..observation import PlayerView
from ._base import legal_moves_of

__all__ = ["RandomBot"]


@attrs.frozen
class RandomBot:
    """Plays a uniformly random legal card: the yardstick every other bot must beat.

    >>> import random
    >>> import sevens_ru as s7
    >>> from sevens_ru.bots import RandomBot
    >>> state = s7.apply(s7.new_game(4, seed=1), "9♦")
    >>> RandomBot().choose(s7.view(state, 3), random.Random(2))
    Card.parse('9♣')
    """

    name: str = "random"
    """The name shown in results."""

    def choose(self, view: PlayerView, rng: random.Random) -> Card:
        """A uniformly random card among ``view.legal_moves()``."""
        moves = legal_moves_of(view, rng)
        return moves[0] if len(moves) == 1 else rng.choice(moves)
