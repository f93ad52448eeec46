"""The main game's moves: a move is the card played, written as the card is (R2).

Old Durak has the same module, :mod:`sevens_ru.durak.moves`, for its leads, covers
and takes.

>>> from sevens_ru.games.sevens.moves import parse_move
>>> parse_move("10♦"), str(parse_move("Д♠"))
(Card.parse('10♦'), 'Q♠')
"""

from __future__ import annotations

from ...common.cards import Card

__all__ = ["parse_move"]


def parse_move(text: str) -> Card:
    """The card that ``text`` names, in any notation :meth:`~sevens_ru.Card.parse` reads.

    Raises:
        CardParseError: ``text`` is not a card.
    """
    return Card.parse(text)
