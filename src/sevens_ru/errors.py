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
    "BatchError",
    "CardParseError",
    "GameAbandonedError",
    "GameNotOverError",
    "IllegalMoveError",
    "InconsistentViewError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidGameError",
    "InvalidMaskError",
    "InvalidMoveError",
    "InvalidOptionsError",
    "InvalidPackError",
    "InvalidSeatError",
    "MatchError",
    "MissingExtraError",
    "NoGameError",
    "NoMoveError",
    "NotAGameStateError",
    "NotInDeckError",
    "NotInPackError",
    "RecordError",
    "SevensError",
    "UnknownBotError",
    "UnknownGameError",
    "UnknownLanguageError",
    "WrongTypeError",
]


class SevensError(Exception):
    """Base class of every error the library raises on purpose."""


class WrongTypeError(SevensError, TypeError):
    """An argument of the wrong type, such as a ``random.Random`` that is something else.

    The more precise :class:`NotAGameStateError` and :class:`InvalidCardError` derive
    from it.
    """


class CardParseError(SevensError, ValueError):
    """Text that is not a card in any notation :meth:`Card.parse` knows."""


class InvalidCardError(WrongTypeError):
    """Something other than a ``Rank`` or ``Suit`` where one is needed, e.g. in ``Card(rank, suit)``."""


class InvalidMaskError(SevensError, ValueError):
    """An int that is not a 36-bit card set: negative, or with a bit at 36 or above."""


class InvalidPackError(SevensError, ValueError):
    """A :class:`~sevens_ru.Pack` made of no card or of a card twice, or with a bad name."""


class NotInPackError(SevensError, ValueError):
    """A card asked of a pack that does not hold it: ``FRENCH_52.index(card)`` is fine, ``PIQUET_32.index("6♣")`` is not.

    >>> from sevens_ru import PIQUET_32
    >>> PIQUET_32.index("6♣")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.NotInPackError: 6♣ is not in the pack piquet-32 (32 cards: 7♣ … A♠)
    """


class NotInDeckError(NotInPackError, AttributeError):
    """:attr:`Card.index <sevens_ru.Card.index>` or :attr:`~sevens_ru.Card.bit` of a card outside :data:`~sevens_ru.DECK` (a 2, 3, 4 or 5).

    Those two, and the 36-bit card sets of :func:`~sevens_ru.mask_of`, are places in the
    Russian pack; another pack's places are its own (:meth:`Pack.index
    <sevens_ru.Pack.index>`). It is an ``AttributeError`` too, so ``hasattr(card,
    "index")`` is ``False`` for such a card.

    >>> from sevens_ru import Card
    >>> Card.parse("2♣").index
    Traceback (most recent call last):
    ...
    sevens_ru.errors.NotInDeckError: 2♣ has no index: Card.index, Card.bit and mask_of() number the cards of DECK, the Russian pack of 6 to A; a Pack numbers its own cards (pack.index(card))
    """


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


class NotAGameStateError(WrongTypeError):
    """A function that takes a game state (or a view) was given something else.

    That includes a state or view of the other game: the message says which game it is
    and which function to call instead.
    """


class InvalidMoveError(SevensError, ValueError):
    """Durak move text that does not parse, a move malformed in any game state, or an action number that no move has.

    For instance a lead of cards of two ranks (D6), a card covering itself, or action 99
    in the main game (its actions are 0 to 35). A
    well-formed move that the rules forbid *now* raises :class:`IllegalMoveError` from
    :func:`sevens_ru.durak.apply` instead.

    >>> from sevens_ru import SevensError, durak
    >>> try:
    ...     durak.parse_move("cover 7♣")
    ... except SevensError as error:
    ...     print(type(error).__name__, isinstance(error, ValueError))
    InvalidMoveError True
    """


class NoMoveError(SevensError, ValueError):
    """A bot was asked to choose a move for a seat that has none (not its turn, or over).

    Raised the same way by the bots of both games.
    """


class NoGameError(SevensError, RuntimeError):
    """A learning environment was asked to step or observe before ``reset()`` dealt a game, or after its episode ended."""


class UnknownBotError(SevensError, ValueError):
    """A bot description that names no bot of that game, or a setting that bot does not have."""


class UnknownGameError(SevensError, LookupError):
    """A game name that no registered game has (:func:`sevens_ru.games.get`)."""


class InvalidGameError(SevensError, ValueError):
    """A game that cannot be registered, or another package's entry point that gives none.

    Not a :class:`~sevens_ru.games.Game`, a bad or taken name, or an entry point whose
    object fails to load or is no game.
    """


class MatchError(SevensError, ValueError):
    """Bad match settings, or a bot that failed (raised an error or chose an illegal move).

    Both games' ``play_match`` raise it; a bot's own exception is its ``__cause__``.
    """


class MissingExtraError(SevensError, ImportError):
    """A feature that needs an optional dependency which is not installed.

    The message names the extra that brings it, such as ``pip install "sevens-ru[ray]"``
    for ``play_match(..., backend="ray")``.
    """


class InconsistentViewError(SevensError, ValueError):
    """A view that no game can produce.

    Views made by :func:`sevens_ru.view` are always consistent; this is raised for a
    hand-built view whose hand, table, sizes and history contradict each other or the
    rules, or that no deal of the hidden cards fits.
    """


class BatchError(SevensError, ValueError):
    """A bad batch size, game number or array of cards given to a :class:`~sevens_ru.batch.GameBatch`."""


class GameAbandonedError(SevensError):
    """The human at the ``sevens-ru`` command asked to stop (``q``) or closed the input."""
