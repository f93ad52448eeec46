"""``sevens_ru.durak``: the names of ``sevens_ru.games.durak``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from ..games.durak import (
    NUM_ACTIONS,
    PACK,
    Cover,
    Covered,
    Event,
    GameState,
    InvalidMoveError,
    Joined,
    Lead,
    Led,
    Move,
    Options,
    PlayerView,
    Standing,
    Take,
    Took,
    action_of,
    apply,
    from_json,
    is_over,
    legal_actions,
    legal_mask,
    legal_moves,
    max_moves,
    move_of,
    new_game,
    next_dealer,
    pack,
    pack_of,
    parse_move,
    payoffs,
    ranking,
    returns,
    to_json,
    view,
)

# The modules that ``import sevens_ru.durak`` has always made attributes of it
# (``durak.actions``), at the paths code imports them by.
from . import actions as actions
from . import deal as deal
from . import events as events
from . import game as game
from . import moves as moves
from . import observation as observation
from . import options as options
from . import record as record
from . import scoring as scoring
from . import state as state

__all__ = [
    "NUM_ACTIONS",
    "PACK",
    "Cover",
    "Covered",
    "Event",
    "GameState",
    "InvalidMoveError",
    "Joined",
    "Lead",
    "Led",
    "Move",
    "Options",
    "PlayerView",
    "Standing",
    "Take",
    "Took",
    "action_of",
    "apply",
    "from_json",
    "is_over",
    "legal_actions",
    "legal_mask",
    "legal_moves",
    "max_moves",
    "move_of",
    "new_game",
    "next_dealer",
    "pack",
    "pack_of",
    "parse_move",
    "payoffs",
    "ranking",
    "returns",
    "to_json",
    "view",
]
