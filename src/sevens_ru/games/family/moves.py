"""The moves of the family (F14): a card, or :data:`PASS`.

A card is written as the card is (``"7♦"``); the pass, the only value of the frozen
type :class:`PassMove`, is written ``"pass"`` and read in any case.

>>> parse_move("pass") is PASS, parse_move(" PASS "), str(PASS)
(True, PASS, 'pass')
>>> parse_move("S♦")  # the Spanish sota (F6)
Card.parse('J♦')
"""

from __future__ import annotations

import enum
from typing import Literal, TypeAlias

from ...common.cards import Card

__all__ = ["PASS", "Move", "PassMove", "parse_move"]


class PassMove(enum.Enum):
    """The type of :data:`PASS`, which is its only value (frozen, hashable, pickled as itself)."""

    PASS = "pass"

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "PASS"


PASS: Literal[PassMove.PASS] = PassMove.PASS
"""The pass (F13, F14): a move under the voluntary and limited policies, never under the forced one."""

Move: TypeAlias = Card | PassMove
"""A move of the family: a card to play, or :data:`PASS`."""


def parse_move(text: str) -> Move:
    """The move ``text`` names: ``"pass"`` in any case, or a card in any notation of :meth:`Card.parse`.

    Raises:
        CardParseError: ``text`` is neither ``"pass"`` nor a card.
    """
    if isinstance(text, str) and text.strip().lower() == "pass":
        return PASS
    return Card.parse(text)
