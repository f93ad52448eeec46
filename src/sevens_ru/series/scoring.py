"""The arithmetic of a series: the bank during a deal, each deal's settlement, the end (M4–M7).

Each scoring kind turns a finished deal into a change of every seat's stack or total:

- ``"bank"`` (M4, M5): every seat antes into the bank as the deal starts, every pass
  pays the fine into the bank at once (all a seat has, and no more, unless ``debt``),
  and the seat placed first takes the whole bank (seats sharing the first place share
  it, any odd chip staying in the bank);
- ``"chips"``: the deal's payoffs; ``"penalty"``: its penalties; ``"places"``: the place
  numbers of its ranking; ``"score"``: its scores.

Fines are taken as passes happen, but since a seat's stack only falls during a deal,
what it has paid after ``p`` passes is ``min(stack, p × fine)`` (``p × fine`` with
``debt``): :func:`fines_paid` reads it off the pass counts at any moment.

>>> fines_paid((90, 90, 5), (0, 2, 1), fine=10, debt=False)
(0, 20, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from .options import MAX_DEALS, SeriesOptions
from .rules import SeriesRules

__all__ = ["LOWER_IS_BETTER", "Settlement", "ended", "fines_paid", "settle"]

LOWER_IS_BETTER = frozenset({"penalty", "places"})
"""The scoring kinds whose lowest totals rank best (M7)."""


def fines_paid(
    stacks: Sequence[int], passes: Sequence[int], *, fine: int, debt: bool
) -> tuple[int, ...]:
    """What each seat has paid in fines after ``passes``, from its ``stacks`` after the ante (M4, M5)."""
    if debt:
        return tuple(count * fine for count in passes)
    return tuple(
        min(max(stack, 0), count * fine) for stack, count in zip(stacks, passes, strict=True)
    )


@attrs.frozen
class Settlement:
    """A finished deal settled: every seat's change and total, and the bank carried on."""

    change: tuple[int, ...]
    """What the deal added to each seat's stack or total (antes and fines included)."""
    totals: tuple[int, ...]
    """The stacks or totals after the deal."""
    carry: int
    """The chips left in the bank (an odd chip of a shared first place), 0 otherwise."""


def settle(
    rules: SeriesRules,
    options: SeriesOptions,
    state: Any,
    ranking: Sequence[Any],
    totals: Sequence[int],
    carry: int,
) -> Settlement:
    """Settle the finished deal ``state`` (its ``ranking`` given) on the totals before it.

    ``options`` are resolved (its ``scoring`` named); ``carry`` is what the bank held
    before the deal's antes.
    """
    kind = options.scoring
    players = len(totals)
    if kind == "bank":
        assert rules.passes is not None  # SeriesRules offers the bank only with passes
        stacks = [total - options.ante for total in totals]
        paid = fines_paid(stacks, rules.passes(state), fine=options.fine, debt=options.debt)
        bank = carry + options.ante * players + sum(paid)
        first = [standing.seat for standing in ranking if standing.place == 1]
        share, carry = divmod(bank, len(first))
        change = [-options.ante - fine for fine in paid]
        for seat in first:
            change[seat] += share
        return _settled(totals, change, carry)
    if kind == "chips":
        assert rules.payoffs is not None
        change = list(rules.payoffs(state, 1 if options.stake is None else options.stake))
    elif kind == "penalty":
        change = list(rules.penalty(state))
    elif kind == "places":
        change = [0] * players
        for standing in ranking:
            change[standing.seat] = standing.place
    else:  # "score"
        assert rules.scores is not None
        change = list(rules.scores(state))
    return _settled(totals, change, carry)


def _settled(totals: Sequence[int], change: Sequence[int], carry: int) -> Settlement:
    return Settlement(
        tuple(change),
        tuple(total + step for total, step in zip(totals, change, strict=True)),
        carry,
    )


def ended(options: SeriesOptions, totals: Sequence[int], deals: int) -> bool:
    """Whether the series is over after ``deals`` deals settled at ``totals`` (M6).

    ``options`` are resolved: ``deals`` already holds M6's default where it applies. A
    series never goes beyond :data:`~sevens_ru.series.MAX_DEALS` deals (a bank series
    with neither ``deals`` nor ``target`` could otherwise go round for ever).
    """
    if deals >= (MAX_DEALS if options.deals is None else options.deals):  # (a)
        return True
    if options.target is not None and max(totals) >= options.target:  # (b)
        return True
    if options.scoring == "bank":  # (c): the next ante cannot be paid in full
        return min(totals) < options.ante
    if options.scoring == "chips" and options.start:  # (c) for chips that start above 0
        return min(totals) <= 0
    return False
