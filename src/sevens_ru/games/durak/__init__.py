"""Old Russian Durak ("дурачки"), the second game of the library, with the same five-function shape.

The rules are those of ``docs/durak.md`` (D1–D17): 2 to 4 players, nine cards each
from a 36-card pack (or 32 cards for 2–3 players), a public trump card and no drawing.
The attacker leads one to four cards of one rank to the next player; everyone else
holding cards of that rank must join them (the engine does it); the defender covers
each attacking card or takes them all. Whoever runs out of cards is safe, and the last
player holding cards is the fool.

>>> from sevens_ru import durak
>>> state = durak.new_game(3, dealer=0, seed=7)
>>> while not durak.is_over(state):
...     state = durak.apply(state, durak.legal_moves(state)[0])
>>> [(standing.seat, standing.place) for standing in durak.ranking(state)]
[(1, 1), (0, 2), (2, 3)]
>>> durak.payoffs(state, stake=1)
(1, 1, -2)
"""

from __future__ import annotations

from .actions import NUM_ACTIONS, action_of, move_of
from .deal import PACK, pack, pack_of
from .events import Covered, Event, Joined, Led, Took
from .game import apply, is_over, legal_actions, legal_mask, legal_moves, max_moves, new_game
from .moves import Cover, InvalidMoveError, Lead, Move, Take, parse_move
from .observation import PlayerView, view
from .options import Options
from .record import from_json, read_record, to_json
from .scoring import Standing, next_dealer, payoffs, ranking, returns
from .state import GameState

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
    "read_record",
    "returns",
    "to_json",
    "view",
]
