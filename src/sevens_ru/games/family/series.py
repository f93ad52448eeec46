"""The family's presets in series (M1–M10): each preset's scoring kinds, penalties and outcomes.

The spec ties a default scoring kind to each preset and a penalty to domino (M3): this
table holds them. Every pass, automatic or chosen, costs the bank's fine (M4); a burst
costs nothing. A deal's penalty is each seat's cards left, a burst seat counting the
cards it laid on the table when it burst (N5), and in domino the pips of the cards left
(DO5). Fan-tan's chips are its payoffs (T7), cinquillo's scores its scores (C5). The
dealer moves one seat each deal (M2); in domino that is the seat that moved first.

>>> from sevens_ru import games
>>> rules = games.get("domino").series()
>>> rules.scoring, rules.kinds
('penalty', ('bank', 'penalty', 'places'))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...series.options import Scoring
from ...series.rules import SeriesRules
from .events import Burst
from .state import FamilyState

__all__ = ["cards_left", "passes", "pips_left", "rules"]

_KINDS: dict[str, tuple[Scoring, tuple[Scoring, ...], bool]] = {
    "sevens-52": ("penalty", ("bank", "penalty", "places"), False),
    "fan-tan": ("chips", ("chips", "penalty", "places"), False),  # M3: no bank beside its pool
    "shichinarabe": ("places", ("bank", "penalty", "places"), False),
    "domino": ("penalty", ("bank", "penalty", "places"), True),  # M3: domino's penalty is pips
    "cinquillo": ("score", ("bank", "penalty", "places", "score"), False),
}
"""Each preset's scoring kind by default, the kinds it offers, and whether its penalty is pips (M3)."""


def passes(state: FamilyState) -> tuple[int, ...]:
    """How many times each seat has passed, automatically or by choice (the bank's fines, M4)."""
    return state.passes


def cards_left(state: FamilyState) -> tuple[int, ...]:
    """A finished deal's penalties (M3): cards left, a burst seat's counted as it burst (N5)."""
    penalties = list(state.hand_sizes)
    for event in state.history:
        if type(event) is Burst:
            penalties[event.seat] = len(event.cards)
    return tuple(penalties)


def pips_left(
    ranking: Callable[[Any], tuple[Any, ...]],
) -> Callable[[FamilyState], tuple[int, ...]]:
    """Domino's penalties (M3, DO5): the pips of each seat's cards left, from its ``ranking``."""

    def penalty(state: FamilyState) -> tuple[int, ...]:
        points = [0] * state.players
        for standing in ranking(state):
            points[standing.seat] = standing.points
        return tuple(points)

    return penalty


def rules(name: str) -> SeriesRules:
    """The series rules of the preset called ``name``."""
    from .definition import GAMES  # the presets' own functions, once they are made

    game = GAMES[name]
    scoring, kinds, by_pips = _KINDS[name]
    return SeriesRules(
        kinds=kinds,
        scoring=scoring,
        penalty=pips_left(game.ranking) if by_pips else cards_left,
        passes=passes,
        payoffs=None if game.payoffs is None else _chips(game.payoffs),
        scores=game.scores,
    )


def _chips(
    payoffs: Callable[[FamilyState], tuple[int, ...]],
) -> Callable[[FamilyState, int], tuple[int, ...]]:
    """Fan-tan's chips of a deal (T7): its payoffs, which have no stake."""
    return lambda state, stake: payoffs(state)
