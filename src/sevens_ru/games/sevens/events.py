"""What happened in a game: the events of :attr:`GameState.history`.

A :class:`Play` is a card a seat put on the table; a :class:`Pass` is a turn a seat
had to let go because it held no playable card (R11). Passes are made by the engine,
never by a caller.

>>> import sevens_ru as s7
>>> state = s7.new_game(2, seed=3)
>>> state = s7.apply(state, "9♦")
>>> state.history[0]
Play(seat=..., card=Card.parse('9♦'))
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from ...common.cards import Card

__all__ = ["Event", "Pass", "Play"]


@attrs.frozen
class Play:
    """``seat`` put ``card`` on the table.

    >>> import sevens_ru as s7
    >>> s7.Play(0, s7.Card.parse("9♦"))
    Play(seat=0, card=Card.parse('9♦'))
    """

    seat: int
    """The seat that played."""
    card: Card
    """The card played."""


@attrs.frozen
class Pass:
    """``seat`` had no playable card and passed (R11, R21).

    >>> import sevens_ru as s7
    >>> s7.Pass(2)
    Pass(seat=2)
    """

    seat: int
    """The seat that passed."""


Event: TypeAlias = Play | Pass
"""One entry of a game's history."""
