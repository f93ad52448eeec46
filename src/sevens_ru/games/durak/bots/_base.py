"""The bot protocol of Durak and what every Durak bot checks first."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from ....common._bots import checked_moves
from ....errors import NoMoveError
from ..moves import Move
from ..names import DURAK
from ..observation import PlayerView

__all__ = ["Bot", "NoMoveError", "legal_moves_of"]


@runtime_checkable
class Bot(Protocol):
    """What plays a seat: a move for the seat of ``view``, given only what it may see.

    ``choose`` must return one of ``view.legal_moves()``; ``rng`` is the only source of
    randomness it may use, so a game replays exactly from the same seed. Any object
    with this method is a bot; for example one that always takes when it can:

    >>> import random
    >>> from sevens_ru import durak
    >>> from sevens_ru.durak.bots import Bot
    >>> class Taker:
    ...     def choose(self, view: durak.PlayerView, rng: random.Random) -> durak.Move:
    ...         moves = view.legal_moves()
    ...         return durak.Take() if durak.Take() in moves else moves[0]
    >>> isinstance(Taker(), Bot)
    True
    >>> Taker().choose(durak.view(durak.new_game(2, seed=1), 1), random.Random(0))
    Lead(['6♦'])
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The move to make: one of ``view.legal_moves()``."""
        ...


def legal_moves_of(view: PlayerView, rng: random.Random) -> tuple[Move, ...]:
    """Check a Durak bot's arguments and return the legal moves of ``view``'s seat (not empty).

    The same checks, with the same errors, as :func:`sevens_ru.bots.legal_moves_of`.

    >>> import random
    >>> from sevens_ru import durak
    >>> from sevens_ru.durak.bots import legal_moves_of
    >>> legal_moves_of(durak.view(durak.new_game(2, seed=4), 0), random.Random())
    Traceback (most recent call last):
    ...
    sevens_ru.errors.NoMoveError: seat 0 has no move: it is seat 1's turn

    Raises:
        NotAGameStateError: ``view`` is not a :class:`sevens_ru.durak.PlayerView`.
        WrongTypeError: ``rng`` is not a ``random.Random``.
        NoMoveError: it is not this seat's turn, or the game is over.
    """
    return checked_moves(view, rng, PlayerView, DURAK)
