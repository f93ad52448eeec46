"""What the series tests share: the games that play series, and random series played to the end."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from sevens_ru import games, series
from sevens_ru.series.game import rules_of

GAMES = tuple(name for name in games.names() if games.get(name).series is not None)
"""Every registered game with series rules: Russian Sevens, Durak and the five presets."""


def random_series(table: series.Series, rng: random.Random) -> list[series.Series]:
    """Every value of ``table`` as uniformly random legal moves play it to its end."""
    values = [table]
    while moves := series.legal_moves(table):
        table = series.apply(table, rng.choice(moves))
        values.append(table)
    return values


@st.composite
def tables(draw: st.DrawFn, /, names: tuple[str, ...] = GAMES, **fixed: Any) -> series.Series:
    """A new series of one of ``names``: any seat count and first dealer, options within its kinds.

    The series play at most three deals, so that a property stays cheap.
    """
    game = games.get(draw(st.sampled_from(names)))
    players = draw(st.integers(game.min_players, min(game.max_players, 6)))
    rules = rules_of(game)
    scoring = fixed.get("scoring") or draw(st.sampled_from(rules.kinds))
    ante = draw(st.integers(0, 12))
    options = series.SeriesOptions(
        scoring=scoring,
        start=fixed.get("start", draw(st.sampled_from([None, ante, ante + 5, 40, 100]))),
        ante=ante,
        fine=draw(st.integers(0, 15)),
        debt=fixed.get("debt", draw(st.booleans())),
        deals=draw(st.integers(1, 3)),
        target=draw(st.sampled_from([None, None, 30, 200])),
        stake=draw(st.sampled_from([None, 2])) if scoring == "chips" and rules.stakes else None,
    )
    first = draw(st.sampled_from([None, *range(players)]))
    seed = draw(st.integers(0, 2**64))
    return series.new_series(game, players, first_dealer=first, seed=seed, series_options=options)
