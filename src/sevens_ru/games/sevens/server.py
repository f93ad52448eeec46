"""Russian Sevens as the server plays it: its entry in :data:`sevens_ru.web.games.GAMES`.

The server (:mod:`sevens_ru.web`, the ``web`` extra) imports this module through
:attr:`sevens_ru.games.Game.server` when it starts, and makes ``GAME`` of its
functions. It imports nothing of the server itself, since the server's table of games
imports it as that table is made; ``sevens_ru.web.sevens`` re-exports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...common.cards import DECK, Card, Rank, Suit
from ...errors import IllegalMoveError, InvalidMoveError, SevensError
from .._layout import server_part
from .deal import PACK
from .events import Play
from .game import legal_moves
from .observation import PlayerView
from .state import GameState

if TYPE_CHECKING:
    from ...web.games import Json

__all__ = ["GAME"]  # noqa: F822  (GAME: made by __getattr__)


def moves(state: GameState) -> list[str]:
    """The cards played so far, as record text."""
    return [str(event.card) for event in state.history if isinstance(event, Play)]


def action(number: int) -> Card:
    """The card of an action number."""
    if not 0 <= number < len(DECK):
        raise InvalidMoveError(f"an action number is 0 to {len(DECK) - 1}, got {number}")
    return DECK[number]


def refusal(state: GameState, move: Any, error: SevensError) -> str:
    """The engine's reason names the nine that opens a row, which may be in another hand."""
    if not isinstance(error, IllegalMoveError) or state.current_player is None:
        return str(error)
    card = move if isinstance(move, Card) else Card.parse(move)
    seat = state.current_player
    legal = " ".join(map(str, legal_moves(state)))
    if card in state.table:
        reason = f"{card} is on the table"
    elif card not in state.hand(seat):
        reason = f"{card} is not in their hand"
    else:
        reason = "a row opens with its nine (the first with 9♦) and grows from its ends (R7, R9)"
    return f"seat {seat} cannot play {card}: {reason}; legal moves: {legal}"


def view(state: GameState, seen: PlayerView) -> Json:
    """Sevens' fields of a seat's view JSON: the table, the passes, the winner, the rows, the events."""
    history: list[Json] = [
        {"event": "play", "seat": event.seat, "card": str(event.card)}
        if isinstance(event, Play)
        else {"event": "pass", "seat": event.seat}
        for event in seen.history
    ]
    rows = [seen.row(suit) for suit in Suit]
    return {
        "version": len(seen.table),
        "table": [str(card) for card in sorted(seen.table)],
        "passes": list(seen.passes),
        "winner": seen.winner,
        "layout": {  # the rows as a page draws them (R8, R9)
            "suits": [suit.symbol for suit in Suit],
            "ranks": [rank.label() for rank in PACK.ranks],
            "centre": Rank.NINE.label(),
            "rows": [None if row is None else [row[0].label(), row[1].label()] for row in rows],
        },
        "history": history,
    }


def __getattr__(name: str) -> Any:
    """``GAME``, the main game at a table of the server, made when first asked for."""
    if name != "GAME":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return server_part(__name__.rpartition(".")[0])
