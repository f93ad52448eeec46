"""Bots for old Durak: a random player, one that follows the source's advice, and a search.

The same shape as :mod:`sevens_ru.bots`: a bot is anything with ``choose(view, rng) ->
Move`` (the :class:`Bot` protocol); it sees only a :class:`~sevens_ru.durak.PlayerView`
(D17) and draws any randomness from the :class:`random.Random` it is given, so a game
between bots is reproducible. Three are provided:

- :class:`RandomBot` makes a uniformly random legal move;
- :class:`HeuristicBot` follows the strategy notes of the source: lead low and in
  groups, keep the trumps, cover cheaply or take at once;
- :class:`SearchBot` samples the hidden cards from what it has seen and plays every
  candidate move out on the same deals, with the heuristic's policy.

:func:`make_bot` makes them by name (:data:`BOT_NAMES`), and every bot refuses a seat
with no move with :class:`~sevens_ru.errors.NoMoveError`, as the main game's do.

>>> import random
>>> from sevens_ru import durak
>>> from sevens_ru.durak.bots import HeuristicBot, RandomBot
>>> state = durak.new_game(3, dealer=0, seed=7)
>>> state.trump, state.hand(1)[:4]
(Card.parse('Q♣'), (Card.parse('6♣'), Card.parse('7♣'), Card.parse('9♣'), Card.parse('Q♦')))
>>> HeuristicBot().choose(durak.view(state, 1), random.Random(1))  # the lowest non-trump
Lead(['8♠'])
>>> RandomBot().choose(durak.view(state, 1), random.Random(1)) in durak.legal_moves(state)
True
"""

from __future__ import annotations

from ._base import Bot, legal_moves_of
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .registry import BOT_NAMES, make_bot
from .search import SearchBot

__all__ = [
    "BOT_NAMES",
    "Bot",
    "HeuristicBot",
    "RandomBot",
    "SearchBot",
    "legal_moves_of",
    "make_bot",
]
