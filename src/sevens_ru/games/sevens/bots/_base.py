"""The bot protocol and what every bot checks first."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from ....common._bots import checked_moves
from ....common._match import bot_name
from ....common.cards import Card
from ....errors import NoMoveError
from ..names import SEVENS
from ..observation import PlayerView

__all__ = ["Bot", "NoMoveError", "bot_name", "legal_moves_of"]


@runtime_checkable
class Bot(Protocol):
    """Anything that chooses a card to play from one seat's view.

    ``choose`` must return one of ``view.legal_moves()``; ``rng`` is the only source of
    randomness it may use, so a game replays exactly from the same seeds.

    >>> import random
    >>> import sevens_ru as s7
    >>> from sevens_ru.bots import Bot
    >>> class LowestBot:
    ...     def choose(self, view: s7.PlayerView, rng: random.Random) -> s7.Card:
    ...         return view.legal_moves()[0]
    >>> isinstance(LowestBot(), Bot)
    True
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Card:
        """The card to play: one of ``view.legal_moves()``."""
        ...


def legal_moves_of(view: PlayerView, rng: random.Random) -> tuple[Card, ...]:
    """Check a bot's arguments and return the legal moves of ``view``'s seat (not empty).

    >>> import random
    >>> import sevens_ru as s7
    >>> from sevens_ru.bots import legal_moves_of
    >>> legal_moves_of(s7.view(s7.new_game(4, seed=1), 0), random.Random())
    Traceback (most recent call last):
    ...
    sevens_ru.errors.NoMoveError: seat 0 has no move: it is seat 1's turn

    Raises:
        NotAGameStateError: ``view`` is not a ``PlayerView``.
        WrongTypeError: ``rng`` is not a ``random.Random``.
        NoMoveError: it is not this seat's turn, or the game is over.
    """
    return checked_moves(view, rng, PlayerView, SEVENS)
