"""Bots play a series: every move from the seat's view of the current deal.

>>> from sevens_ru import games, series
>>> game = games.get("cinquillo")
>>> bots = [game.bots.make("heuristic"), game.bots.make("random")] * 2
>>> table = series.new_series(game, 4, seed=3)
>>> *_, last = series.play(table, bots)
>>> series.is_over(last), last.deal_number + 1, last.scoring
(True, 4, 'score')
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from ..common._bots import bots_seed, lineup_of, rngs_for
from ..errors import InvalidOptionsError, SevensError
from .game import _check, apply
from .state import Series

__all__ = ["play"]


def play(
    series: Series, bots: Sequence[Any], *, rngs: Sequence[random.Random] | None = None
) -> Iterator[Series]:
    """Yield ``series``, then the series after each move the ``bots`` choose, to its end.

    ``bots[seat]`` chooses with ``choose(view, rng)`` from its view of the current deal
    (the game's view: what :attr:`SeriesView.current <sevens_ru.series.SeriesView.current>`
    holds), with ``rngs[seat]``; by default all seats share one generator seeded by a
    one-way step from the series' seed, from which no deal can be read.

    Raises:
        InvalidOptionsError: not one bot per seat, or not one generator per seat.
        WrongTypeError: a bot without a ``choose`` method.
        SevensError: a bot chose a move the game refuses (named, with its seat).
    """
    series = _check(series, "play")
    lineup = lineup_of(bots)
    if len(lineup) != series.players:
        raise InvalidOptionsError(
            f"a series of {series.players} seats needs one bot per seat, got {len(lineup)}"
        )
    if rngs is None:
        generators: Sequence[random.Random] = [
            random.Random(bots_seed(series._seed))
        ] * series.players
    else:
        generators = rngs_for(rngs, None, series.players)
    game = series.game
    yield series
    while not series.over:
        seat: int = series.current_player  # type: ignore[assignment]  # not over
        move = lineup[seat].choose(game.view(series.current, seat), generators[seat])
        try:
            series = apply(series, move)
        except SevensError as error:  # not legal, or not a move at all
            raise type(error)(f"{lineup[seat]!r} playing seat {seat}: {error}") from error
        yield series
