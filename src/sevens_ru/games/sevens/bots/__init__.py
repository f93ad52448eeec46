"""Bots: players that choose a card from what their seat sees.

A bot is anything with a ``choose(view, rng)`` method (the :class:`Bot` protocol): it
gets a :class:`~sevens_ru.PlayerView` (never the game state, so it cannot peek, R20)
and a :class:`random.Random` owned by the caller (so games replay exactly), and returns
one of ``view.legal_moves()``. Three are provided:

- :class:`RandomBot` plays a uniformly random legal card;
- :class:`HeuristicBot` follows the strategy notes of the rules: open a suit only with
  a follow-up, keep the cards others wait for, use aces and sixes for tempo, and watch
  the passes (R21);
- :class:`SearchBot` samples the hidden hands (:mod:`sevens_ru.inference`), weighed by
  how likely they make the other seats' plays, and plays each candidate out on every
  sample (determinized search), the end of the game exactly.

>>> import random
>>> import sevens_ru as s7
>>> from sevens_ru.bots import HeuristicBot, RandomBot, SearchBot
>>> state = s7.new_game(4, seed=7)
>>> bots = [SearchBot(rollouts=200), HeuristicBot(), RandomBot(), RandomBot()]
>>> rng = random.Random(7)
>>> while not s7.is_over(state):
...     seat = state.current_player
...     state = s7.apply(state, bots[seat].choose(s7.view(state, seat), rng))
>>> s7.ranking(state)[0].cards_left
0
"""

from __future__ import annotations

from ._base import Bot, NoMoveError, bot_name, legal_moves_of
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .registry import BOT_NAMES, UnknownBotError, make_bot
from .search import SearchBot

__all__ = [
    "BOT_NAMES",
    "Bot",
    "HeuristicBot",
    "NoMoveError",
    "RandomBot",
    "SearchBot",
    "UnknownBotError",
    "bot_name",
    "legal_moves_of",
    "make_bot",
]
