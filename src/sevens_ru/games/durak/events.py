"""What happened in a game of Durak: the events of :attr:`GameState.history <sevens_ru.durak.GameState.history>`.

Each move adds one event, and a lead also one :class:`~sevens_ru.durak.Joined` per seat that had to
join it (D7): the joins are made by the engine, never by a caller.

>>> from sevens_ru import durak
>>> state = durak.new_game(2, hands=[
...     ["6♣", "7♣", "8♣", "9♣", "10♣", "J♣", "Q♣", "K♣", "A♣"],
...     ["6♦", "7♦", "8♦", "9♦", "10♦", "J♦", "Q♦", "K♦", "A♦"]], trump="6♠")
>>> state = durak.apply(state, "lead 6♦")  # seat 1 leads to seat 0, who must join 6♣ (D7)
>>> for event in state.history:
...     print(event)
seat 1 leads 6♦
seat 0 joins 6♣
"""

from __future__ import annotations

from typing import ClassVar, TypeAlias

import attrs

from ...common.cards import Card

__all__ = ["Covered", "Event", "Joined", "Led", "Took"]


class _SeatAndCards:
    """What :class:`Led`, :class:`Joined` and :class:`Took` share: a seat, its cards, and their text."""

    __slots__ = ()
    _verb: ClassVar[str]  # what the seat did, in the text: "leads", "joins", "takes"
    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} {self._verb} {' '.join(map(str, self.cards))}"


@attrs.frozen
class Led(_SeatAndCards):
    """``seat`` led ``cards`` (D6).

    >>> from sevens_ru import durak, Card
    >>> print(durak.Led(0, (Card.parse("7♣"), Card.parse("7♦"))))
    seat 0 leads 7♣ 7♦
    """

    seat: int
    """The attacker."""
    cards: tuple[Card, ...]
    """The cards led, in canonical order."""

    _verb: ClassVar[str] = "leads"


@attrs.frozen
class Joined(_SeatAndCards):
    """``seat`` had to add ``cards``, all it held of the led rank, to the attack (D7).

    >>> from sevens_ru import durak, Card
    >>> print(durak.Joined(2, (Card.parse("7♥"),)))
    seat 2 joins 7♥
    """

    seat: int
    """The seat that joined (the defender included)."""
    cards: tuple[Card, ...]
    """The cards it joined with, in canonical order."""

    _verb: ClassVar[str] = "joins"


@attrs.frozen
class Covered:
    """``seat`` covered the attacking card ``attack`` with ``card`` (D8).

    >>> from sevens_ru import durak, Card
    >>> print(durak.Covered(1, Card.parse("7♣"), Card.parse("8♣")))
    seat 1 covers 7♣ with 8♣
    """

    seat: int
    """The defender."""
    attack: Card
    """The attacking card."""
    card: Card
    """The card that covers it."""

    def __str__(self) -> str:
        return f"seat {self.seat} covers {self.attack} with {self.card}"


@attrs.frozen
class Took(_SeatAndCards):
    """``seat`` took ``cards``, every card of the bout, into his hand (D9).

    >>> from sevens_ru import durak, Card
    >>> print(durak.Took(1, (Card.parse("7♣"), Card.parse("8♣"), Card.parse("7♥"))))
    seat 1 takes 7♣ 8♣ 7♥
    """

    seat: int
    """The defender."""
    cards: tuple[Card, ...]
    """The cards taken (attacking cards and covers), in canonical order."""

    _verb: ClassVar[str] = "takes"


Event: TypeAlias = Led | Joined | Covered | Took
"""One entry of a Durak game's history."""
