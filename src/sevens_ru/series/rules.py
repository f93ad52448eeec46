"""What a game tells the series about itself: its :class:`SeriesRules`.

The series module is written once for every game; what differs from game to game is
a handful of facts, each given by the game's own folder (``games/<game>/series.py``)
as the :attr:`sevens_ru.games.Game.series` of its ``Game``: its scoring kind by default
and the kinds it offers (M3), each seat's passes so far (the bank's fines, M4), a
finished deal's penalties, payoffs or scores, who deals first and who deals next
(M2, D16).

>>> from sevens_ru import games
>>> rules = games.get("durak").series()
>>> rules.scoring, rules.kinds, rules.first_dealer(3)
('chips', ('chips', 'penalty', 'places'), 0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from .options import SCORINGS, Scoring

__all__ = ["SeriesRules", "next_seat"]


def next_seat(state: Any) -> int:
    """The dealer of the next deal by default: the seat after this deal's dealer (M2)."""
    return (int(state.dealer) + 1) % int(state.players)


def last_seat(players: int) -> int:
    """The first dealer by default: seat ``n − 1``, so that the first deal is a stand-alone game's (M2)."""
    return players - 1


def _check_kinds(rules: SeriesRules, attribute: attrs.Attribute[Any], kinds: object) -> None:
    if not isinstance(kinds, tuple) or not kinds or any(kind not in SCORINGS for kind in kinds):
        raise ValueError(f"SeriesRules.kinds must be a tuple of some of {SCORINGS}, got {kinds!r}")


def _check_scoring(rules: SeriesRules, attribute: attrs.Attribute[Any], scoring: object) -> None:
    if scoring not in rules.kinds:
        raise ValueError(f"SeriesRules.scoring {scoring!r} is not one of its kinds {rules.kinds}")
    needs = {"bank": rules.passes, "chips": rules.payoffs, "score": rules.scores}
    for kind, function in needs.items():
        if kind in rules.kinds and function is None:
            raise ValueError(f"SeriesRules offers {kind!r} without the function it needs")


@attrs.frozen
class SeriesRules:
    """A game's facts for series play, written in its own folder (``games/<game>/series.py``).

    Every function takes a state of the game; ``penalty``, ``payoffs`` and ``scores``
    a finished one, and each gives a number per seat. A game whose states have no
    ``dealer`` cannot be played in series.
    """

    kinds: tuple[Scoring, ...] = attrs.field(validator=_check_kinds)
    """The scoring kinds the game offers (M3)."""
    scoring: Scoring = attrs.field(validator=_check_scoring)
    """Its scoring kind when the series options name none (M3)."""
    penalty: Callable[[Any], tuple[int, ...]]
    """A finished deal's penalties, lowest best: the cards left by default (M3)."""
    passes: Callable[[Any], tuple[int, ...]] | None = None
    """How many times each seat has passed so far in a deal, every pass counted (the
    bank's fines, M4); ``None`` for a game without passes (no bank then)."""
    payoffs: Callable[[Any, int], tuple[int, ...]] | None = None
    """A finished deal's chips won or lost, summing to 0, at a stake (chips, M3);
    ``None``: no chips."""
    stakes: bool = False
    """Whether :attr:`payoffs` reads the stake (``SeriesOptions.stake``, D15)."""
    scores: Callable[[Any], tuple[int, ...]] | None = None
    """A finished deal's scores, highest best (score, M3); ``None``: no scores."""
    first_dealer: Callable[[int], int] = last_seat
    """The first dealer for a seat count when the series names none (M2: ``n − 1``)."""
    next_dealer: Callable[[Any], int] = next_seat
    """The dealer of the deal after a finished one (M2: the next seat; Durak: D16)."""
