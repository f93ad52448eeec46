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

from typing import TYPE_CHECKING

# The modules at the paths code imports them by, which ``import sevens_ru`` has always
# made attributes of the package (``sevens_ru.game``): each re-exports a module of
# sevens_ru.games.sevens or sevens_ru.common.
from . import actions as actions
from . import cards as cards
from . import deal as deal
from . import errors as _errors
from . import events as events
from . import game as game
from . import games as games
from . import observation as observation
from . import options as options
from . import record as record
from . import scoring as scoring
from . import shuffle as shuffle
from . import state as state
from .common._core import IMPLEMENTATION
from .common._records import Record
from .common._tags import BotTag, Tags
from .common.cards import DECK, LANGUAGES, Card, Language, Rank, Suit, cards_from_mask, mask_of
from .common.packs import (
    FRENCH_52,
    FRENCH_52_ACE_HIGH,
    PACKS,
    PIQUET_32,
    RUSSIAN_36,
    SPANISH_40,
    Pack,
)
from .errors import *  # noqa: F403  (the names of __all__: every exception of the library)
from .games.sevens.actions import NUM_ACTIONS, action_of, move_of
from .games.sevens.events import Event, Pass, Play
from .games.sevens.game import apply, is_over, legal_actions, legal_mask, legal_moves, new_game
from .games.sevens.observation import PlayerView, view
from .games.sevens.options import Options, PlaceNumbering
from .games.sevens.record import from_json, read_record, to_json
from .games.sevens.scoring import POINTS, Standing, card_points, ranking, returns
from .games.sevens.state import GameState

if TYPE_CHECKING:  # at run time these are imported when first used: see __getattr__
    from . import durak, series

__version__ = "0.1.0"


if not TYPE_CHECKING:  # for the type checker, durak and series are imported above

    def __getattr__(name: str) -> object:
        """``sevens_ru.durak`` and ``sevens_ru.series``, imported when first used: ``import sevens_ru`` leaves them out."""
        if name in ("durak", "series"):
            import importlib

            return importlib.import_module(f".{name}", __name__)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DECK",
    "FRENCH_52",
    "FRENCH_52_ACE_HIGH",
    "IMPLEMENTATION",
    "LANGUAGES",
    "NUM_ACTIONS",
    "PACKS",
    "PIQUET_32",
    "POINTS",
    "RUSSIAN_36",
    "SPANISH_40",
    "Card",
    "Event",
    "GameState",
    "Language",
    "Options",
    "Pack",
    "Pass",
    "PlaceNumbering",
    "Play",
    "PlayerView",
    "Rank",
    "Record",
    "Standing",
    "Suit",
    "Tags",
    "BotTag",
    "__version__",
    "action_of",
    "apply",
    "card_points",
    "cards_from_mask",
    "durak",
    "from_json",
    "games",
    "is_over",
    "legal_actions",
    "legal_mask",
    "legal_moves",
    "mask_of",
    "move_of",
    "new_game",
    "ranking",
    "read_record",
    "returns",
    "series",
    "to_json",
    "view",
    *_errors.__all__,
]
