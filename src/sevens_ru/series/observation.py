"""What one seat may see of a series (M8): the current deal's view and what is public.

A :class:`SeriesView` holds the seat's view of the current deal (the game's own view,
F17, from which a bot chooses its move), every stack or total, the bank, the dealer,
and for each finished deal its history and outcome, never the cards left in other
hands. It holds no reference to the series, so neither the seed nor another seat's
cards can be reached from it. :meth:`SeriesView.to_dict` gives its series part as plain
JSON values, for a server to send beside the deal's own view.

>>> from sevens_ru import series
>>> table = series.new_series("sevens", 3, seed=5)
>>> seen = series.view(table, 1)
>>> seen.totals, seen.bank, seen.dealer, seen.current == table.game.view(table.current, 1)
((90, 90, 90), 30, 2, True)
"""

from __future__ import annotations

from typing import Any

import attrs

from .game import _check
from .game import ranking as final_ranking
from .options import SeriesOptions
from .state import Series, Standing

__all__ = ["FinishedDeal", "SeriesView", "view"]


@attrs.frozen
class FinishedDeal:
    """A finished deal as every seat may see it (M8): its history and outcome, no hidden card."""

    number: int
    """The deal's number in the series, from 0."""
    dealer: int
    """Its dealer (M2)."""
    history: tuple[Any, ...]
    """Its events, oldest first (the game's own, as its views show them)."""
    ranking: tuple[Any, ...]
    """Its ranking: the game's standings, best first."""
    change: tuple[int, ...]
    """What it added to each seat's stack or total."""
    totals: tuple[int, ...]
    """The stacks or totals after it."""

    def to_dict(self) -> dict[str, Any]:
        """The deal's outcome as plain JSON values (its history is the game's to write)."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "places": [
                standing.place
                for standing in sorted(self.ranking, key=lambda standing: standing.seat)
            ],
            "change": list(self.change),
            "totals": list(self.totals),
        }


@attrs.frozen
class SeriesView:
    """One seat's view of a series (M8). Immutable; built by :func:`view`.

    Bots play a series from ``view.current``, the game's view of the current deal.
    """

    seat: int
    """The seat that sees."""
    game: str
    """The game's name."""
    players: int
    """The number of seats."""
    series_options: SeriesOptions
    """The series' options, resolved (M3)."""
    deal_number: int
    """The number of the current deal, from 0."""
    dealer: int
    """The current deal's dealer (M2)."""
    current: Any
    """The seat's view of the current deal (the game's view, F17), or of the last deal once the series is over."""
    totals: tuple[int, ...]
    """Every seat's stack or total now (with the bank: after this deal's ante and fines)."""
    bank: int | None
    """The chips in the bank now (M4); ``None`` unless the series is scored by the bank."""
    deals: tuple[FinishedDeal, ...]
    """The finished deals, oldest first: history and outcome (M8)."""
    over: bool
    """Whether the series is over (M6)."""
    ranking: tuple[Standing, ...] | None
    """The series' final standings once it is over (M7), else ``None``."""

    @property
    def scoring(self) -> str:
        """The scoring kind (M3)."""
        return self.series_options.scoring  # type: ignore[return-value]  # resolved

    def legal_moves(self) -> tuple[Any, ...]:
        """The moves this seat may make now: empty unless it is this seat's turn."""
        if self.over:
            return ()
        return tuple(self.current.legal_moves())

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows (:func:`sevens_ru.svg.series_position`)."""
        from ..svg import series_position  # drawn on demand: the rules never need it

        return series_position(self)

    def to_dict(self) -> dict[str, Any]:
        """The series part of the view as plain JSON values: what a server sends beside the deal's view.

        >>> from sevens_ru import series
        >>> seen = series.view(series.new_series("sevens", 3, seed=5), 0)
        >>> seen.to_dict()["totals"], seen.to_dict()["bank"], seen.to_dict()["options"]["ante"]
        ([90, 90, 90], 30, 10)
        """
        return {
            "game": self.game,
            "seat": self.seat,
            "players": self.players,
            "scoring": self.scoring,
            "options": attrs.asdict(self.series_options),
            "deal": self.deal_number,
            "dealer": self.dealer,
            "totals": list(self.totals),
            "bank": self.bank,
            "deals": [deal.to_dict() for deal in self.deals],
            "over": self.over,
            "ranking": None
            if self.ranking is None
            else [attrs.asdict(standing) for standing in self.ranking],
        }


def view(series: Series, seat: int) -> SeriesView:
    """What ``seat`` may see of ``series`` (M8).

    Raises:
        InvalidSeatError: ``seat`` is not a seat of the series.
        NotAGameStateError: ``series`` is not a :class:`~sevens_ru.series.Series`.
    """
    series = _check(series, "view")
    seat = series.check_seat(seat)
    game = series.game
    deals = tuple(
        FinishedDeal(
            result.number,
            result.dealer,
            game.view(state, seat).history,
            result.ranking,
            result.change,
            result.totals,
        )
        for result, state in zip(series.results, series.played, strict=True)
    )
    return SeriesView(
        seat=seat,
        game=game.name,
        players=series.players,
        series_options=series.series_options,
        deal_number=series.deal_number,
        dealer=series.dealer,
        current=game.view(series.current, seat),
        totals=series.totals,
        bank=series.bank,
        deals=deals,
        over=series.over,
        ranking=final_ranking(series) if series.over else None,
    )
