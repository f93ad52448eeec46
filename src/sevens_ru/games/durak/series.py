"""Durak in series: stakes (D15) by default, and the fool deals the next deal (D16).

The first dealer is seat 0, as in a game of Durak that names no dealer. A deal's
penalty counts the fool: 1 for the seat left holding cards, 0 for the others (and for
everyone after a draw, D12, D13), so a penalty series counts who was the fool how often.

>>> from sevens_ru import durak, series
>>> table = series.new_series("durak", 3, seed=2, series_options=series.SeriesOptions(stake=5))
>>> table.dealer, table.scoring, table.series_options.deals
(0, 'chips', 3)
"""

from __future__ import annotations

from ...series.rules import SeriesRules
from .scoring import next_dealer, payoffs
from .state import GameState

__all__ = ["RULES", "fool"]


def fool(state: GameState) -> tuple[int, ...]:
    """A finished deal's penalties: 1 for the fool (D12), 0 for everyone else; all 0 after a draw."""
    loser = state.loser
    return tuple(int(seat == loser) for seat in range(state.players))


RULES = SeriesRules(
    kinds=("chips", "penalty", "places"),
    scoring="chips",
    penalty=fool,
    payoffs=payoffs,  # D15: the fool pays the stake to every other player
    stakes=True,
    first_dealer=lambda players: 0,  # new_game's own default dealer
    next_dealer=next_dealer,  # D16: the fool deals; after a draw the same dealer again
)
"""Durak's part of series play."""
