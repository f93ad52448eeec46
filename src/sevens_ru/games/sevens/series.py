"""Russian Sevens in series (M1–M10): the bank of the "Девятка" custom by default (M4).

Every pass, which the engine makes itself (R11), costs the bank's fine; the penalty of
a deal is the cards left (R16).

>>> from sevens_ru import series
>>> table = series.new_series("sevens", 3, seed=5)
>>> table.scoring, table.totals, table.bank
('bank', (90, 90, 90), 30)
"""

from __future__ import annotations

from ...series.rules import SeriesRules
from .state import GameState

__all__ = ["RULES", "cards_left", "passes"]


def passes(state: GameState) -> tuple[int, ...]:
    """How many times each seat has passed so far (R11): the bank's fines (M4)."""
    return state.passes


def cards_left(state: GameState) -> tuple[int, ...]:
    """A finished deal's penalties (M3): each seat's cards left."""
    return state.hand_sizes


RULES = SeriesRules(
    kinds=("bank", "penalty", "places"),
    scoring="bank",
    penalty=cards_left,
    passes=passes,
)
"""The Russian game's part of series play."""
