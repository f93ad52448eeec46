"""What every bot of the family shares: its fields, and the check that it is given a view of its preset and a ``random.Random``."""

from __future__ import annotations

import random

import attrs
from attrs.validators import in_

from ....common._bots import bot_setting, checked_moves
from ..game import PRESETS
from ..moves import Move
from ..observation import FamilyView

__all__ = ["VIEWS", "FamilyBot", "legal_moves_of", "pick"]

VIEWS: dict[str, type[FamilyView]] = {kind.game_name: kind for kind in FamilyView.__subclasses__()}
"""The view class of each preset, by name (the Russian configuration's ``"sevens"`` too)."""


def legal_moves_of(game: str, view: object, rng: object) -> tuple[Move, ...]:
    """The legal moves of ``view``, a view of the preset ``game``, checked as every bot does.

    Raises:
        NotAGameStateError: ``view`` is not a view of that preset.
        WrongTypeError: ``rng`` is not a ``random.Random``.
        NoMoveError: it is not this seat's turn, or the game is over.
    """
    moves: tuple[Move, ...] = checked_moves(view, rng, VIEWS[game], PRESETS[game].names)
    return moves


def pick(moves: tuple[Move, ...], rng: random.Random) -> Move:
    """One of ``moves``, uniformly (without a draw when there is one)."""
    return moves[0] if len(moves) == 1 else rng.choice(moves)


_check_game = bot_setting(
    f"must be a preset of the layout family ({', '.join(VIEWS)})", in_(tuple(VIEWS))
)


@attrs.frozen
class FamilyBot:
    """A bot of one preset: it takes only that preset's views. Each kind sets its ``name``."""

    game: str = attrs.field(validator=_check_game)
    """The preset whose views the bot takes."""
    name: str = "bot"
    """The name shown in results."""

    def choose(self, view: FamilyView, rng: random.Random) -> Move:
        """The bot's move in ``view``, drawn from ``rng`` where it has a choice."""
        raise NotImplementedError
