"""The library's exceptions.

Every exception raised on purpose by ``sevens_ru`` derives from :class:`SevensError`.
Those caused by a bad value (a card that does not parse, an illegal move, a broken
game record...) also derive from :class:`ValueError`, so code that already catches
``ValueError`` keeps working.

>>> import sevens_ru as s7
>>> try:
...     s7.Card.parse("11♦")
... except s7.SevensError as error:
...     print(type(error).__name__, isinstance(error, ValueError))
CardParseError True
"""

from __future__ import annotations

__all__ = [
    "CardParseError",
    "GameNotOverError",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidOptionsError",
    "InvalidSeatError",
    "NotAGameStateError",
    "RecordError",
    "SevensError",
    "UnknownLanguageError",
]


class SevensError(Exception):
    """Base class of every error the library raises on purpose."""


class CardParseError(SevensError, ValueError):
    """Text that is not a card in any notation :meth:`Card.parse` knows."""


class InvalidCardError(SevensError, TypeError):
    """Something other than a ``Rank`` or ``Suit`` where one is needed, e.g. in ``Card(rank, suit)``."""


class InvalidDealError(SevensError, ValueError):
    """A bad player count, a bad explicit deal (R5, R6), or both ``seed`` and ``hands``."""


class InvalidOptionsError(SevensError, ValueError):
    """An :class:`Options` value that is not one of the allowed ones."""


class IllegalMoveError(SevensError, ValueError):
    """A card the current player may not play now (R7, R9, R10), or any move after the end."""


class RecordError(SevensError, ValueError):
    """A game record (JSON) that is malformed, of an unknown format, or replays illegally."""


class GameNotOverError(SevensError, ValueError):
    """Something that exists only once the game is over (the ranking, R19) was asked too early."""


class InvalidSeatError(SevensError, ValueError):
    """A seat number outside ``0 … players − 1``."""


class UnknownLanguageError(SevensError, ValueError):
    """A language code other than ``"en"``, ``"ru"``, ``"fr"`` or ``"de"``."""


class NotAGameStateError(SevensError, TypeError):
    """A function that takes a game state was given something else."""
