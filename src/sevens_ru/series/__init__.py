"""Series play (M1–M10): several deals of one game at one table, with a bank, chips or totals.

A series is an immutable value, like a game's state. :func:`new_series` deals its first
deal; :func:`apply` plays a move of the current deal and, when the move ends it, settles
the deal, decides whether the series is over and deals the next deal, all in the same
call. It works for every game whose :class:`~sevens_ru.games.Game` has series rules
(:attr:`~sevens_ru.games.Game.series`): Russian Sevens, the five presets of the layout
family, and Durak.

Scoring kinds (M3): ``"bank"`` (the Russian "Девятка" custom, M4: an ante into the bank
every deal, a fine per pass, the winner takes the bank), ``"chips"`` (fan-tan's payoffs,
Durak's stakes), ``"penalty"`` (cards left, domino's pips), ``"places"`` and ``"score"``
(cinquillo's). Each game has its own by default.

>>> from sevens_ru import series
>>> table = series.new_series("sevens", 3, seed=5)
>>> table.totals, table.bank                    # everyone has paid the ante (M4)
((90, 90, 90), 30)
>>> table = series.apply(table, series.legal_moves(table)[0])
>>> seen = series.view(table, 0)                # what seat 0 may see (M8)
>>> seen.current.hand == table.current.hand(0), seen.totals == table.totals
(True, True)
>>> text = series.to_json(table)                # every deal's hands and moves
>>> series.from_json(text) == table
True
"""

from __future__ import annotations

from .game import apply, deal_seed, is_over, legal_moves, new_series, ranking
from .observation import FinishedDeal, SeriesView, view
from .options import MAX_CHIPS, MAX_DEALS, SCORINGS, Scoring, SeriesOptions
from .playing import play
from .record import MAX_BYTES, from_json, to_json
from .rules import SeriesRules
from .state import DealResult, Series, Standing

__all__ = [
    "MAX_BYTES",
    "MAX_CHIPS",
    "MAX_DEALS",
    "SCORINGS",
    "DealResult",
    "FinishedDeal",
    "Scoring",
    "Series",
    "SeriesOptions",
    "SeriesRules",
    "SeriesView",
    "Standing",
    "apply",
    "deal_seed",
    "from_json",
    "is_over",
    "legal_moves",
    "new_series",
    "play",
    "ranking",
    "to_json",
    "view",
]
