"""The family's bots: :class:`RandomBot`, :class:`HeuristicBot` and :class:`SearchBot`, for every preset.

A bot is made for one preset (its ``game``) and takes only that preset's views; each
preset's :class:`~sevens_ru.games.Game` lists them by name (``game.bots``).

>>> import random
>>> from sevens_ru import games
>>> game = games.get("sevens-52")
>>> bot = game.bots.make("heuristic")
>>> state = game.new_game(4, seed=1)
>>> while not game.is_over(state):
...     seat = state.current_player
...     state = game.apply(state, bot.choose(game.view(state, seat), random.Random(seat)))
>>> game.ranking(state)[0].cards_left
0
"""

from __future__ import annotations

from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .registry import registry
from .search import SearchBot

__all__ = ["HeuristicBot", "RandomBot", "SearchBot", "registry"]
