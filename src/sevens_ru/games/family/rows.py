"""Rows and playable cards (F10, F11, N6), on card sets.

A row is the longest run of a suit's cards on the table, in the row order of F4, that
contains the suit's centre card; the cards just beyond its two ends are playable, and
so is the centre card of a suit whose row is not open. The two ends of the order never
join (F4). After a burst (N6) a suit may hold cards beyond a gap, *islands*: they are
on the table but not in the row, and nothing is played next to them.

>>> from sevens_ru.games.family.options import Sevens52Options
>>> from sevens_ru.games.family.presets import rules_for
>>> rules = rules_for("sevens-52", Sevens52Options())
>>> pack = rules.pack
>>> table = pack.mask_of(["7♦", "8♦"])
>>> pack.cards_of(playable(rules, table, rules.place(rules.centre)))
(Card.parse('7♣'), Card.parse('6♦'), Card.parse('9♦'), Card.parse('7♥'), Card.parse('7♠'))
"""

from __future__ import annotations

from .presets import Rules

__all__ = ["playable", "row_span"]


def row_span(line: tuple[int, ...], table: int, centre: int) -> tuple[int, int] | None:
    """The places (in ``line``, a suit's cards in row order) of the row's two ends, or ``None``."""
    if centre < 0 or not table & line[centre]:
        return None
    low = high = centre
    while low > 0 and table & line[low - 1]:
        low -= 1
    last = len(line) - 1
    while high < last and table & line[high + 1]:
        high += 1
    return low, high


def playable(rules: Rules, table: int, centre: int) -> int:
    """The cards whoever holds them could play on ``table`` (F11), the centre at place ``centre``.

    A ``centre`` of -1 means that no card has chosen it yet (DO2): every card is playable.
    """
    if centre < 0:
        return rules.cards_mask
    found = 0
    for line in rules.lines:
        span = row_span(line, table, centre)
        if span is None:
            found |= line[centre]
            continue
        low, high = span
        if low > 0:
            found |= line[low - 1]
        if high < len(line) - 1:
            found |= line[high + 1]
    return found
