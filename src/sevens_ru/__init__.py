"""sevens-ru: a typed, immutable-state rules engine for Russian Sevens, the game of nines.

The rules are those of ``docs/rules.md`` (R1–R21): a 36-card pack, 2 to 6 players,
the 9♦ opens, rows grow from the 9s in both directions, a player who cannot play
passes automatically, and the first to play their last card wins.

>>> import sevens_ru as s7
>>> state = s7.new_game(4, seed=7)
>>> while not s7.is_over(state):
...     state = s7.apply(state, s7.legal_moves(state)[-1])
>>> [standing.seat for standing in s7.ranking(state)]
[1, 0, 3, 2]
"""

from __future__ import annotations

from . import durak
from ._core import IMPLEMENTATION
from .actions import NUM_ACTIONS, action_of, move_of
from .cards import DECK, LANGUAGES, Card, Language, Rank, Suit, cards_from_mask, mask_of
from .errors import (
    BatchError,
    CardParseError,
    GameAbandonedError,
    GameNotOverError,
    IllegalMoveError,
    InconsistentViewError,
    InvalidCardError,
    InvalidDealError,
    InvalidMaskError,
    InvalidMoveError,
    InvalidOptionsError,
    InvalidSeatError,
    MatchError,
    MissingExtraError,
    NoGameError,
    NoMoveError,
    NotAGameStateError,
    RecordError,
    SevensError,
    UnknownBotError,
    UnknownLanguageError,
    WrongTypeError,
)
from .events import Event, Pass, Play
from .game import apply, is_over, legal_actions, legal_mask, legal_moves, new_game
from .observation import PlayerView, view
from .options import Options, PlaceNumbering
from .record import from_json, to_json
from .scoring import POINTS, Standing, card_points, ranking, returns
from .state import GameState

__version__ = "0.1.0.dev0"

__all__ = [
    "DECK",
    "IMPLEMENTATION",
    "LANGUAGES",
    "NUM_ACTIONS",
    "POINTS",
    "BatchError",
    "Card",
    "CardParseError",
    "Event",
    "GameAbandonedError",
    "GameNotOverError",
    "GameState",
    "IllegalMoveError",
    "InconsistentViewError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidMaskError",
    "InvalidMoveError",
    "InvalidOptionsError",
    "InvalidSeatError",
    "Language",
    "MatchError",
    "MissingExtraError",
    "NoGameError",
    "NoMoveError",
    "NotAGameStateError",
    "Options",
    "Pass",
    "PlaceNumbering",
    "Play",
    "PlayerView",
    "Rank",
    "RecordError",
    "SevensError",
    "Standing",
    "Suit",
    "UnknownBotError",
    "UnknownLanguageError",
    "WrongTypeError",
    "__version__",
    "action_of",
    "apply",
    "card_points",
    "cards_from_mask",
    "durak",
    "from_json",
    "is_over",
    "legal_actions",
    "legal_mask",
    "legal_moves",
    "mask_of",
    "move_of",
    "new_game",
    "ranking",
    "returns",
    "to_json",
    "view",
]
