"""Russian Sevens as the server plays it: its entry in :data:`sevens_ru.web.games.GAMES`."""

from __future__ import annotations

from typing import Any

import sevens_ru as s7

from .. import games
from ..common.cards import DECK, Card
from ..errors import IllegalMoveError, InvalidMoveError, SevensError
from .games import Game, Json, cards

__all__ = ["GAME"]


def moves(state: s7.GameState) -> list[str]:
    """The cards played so far, as record text."""
    return [str(event.card) for event in state.history if isinstance(event, s7.Play)]


def action(number: int) -> Card:
    """The card of an action number."""
    if not 0 <= number < len(DECK):
        raise InvalidMoveError(f"an action number is 0 to {len(DECK) - 1}, got {number}")
    return DECK[number]


def refusal(state: s7.GameState, move: Any, error: SevensError) -> str:
    """The engine's reason names the nine that opens a row, which may be in another hand."""
    if not isinstance(error, IllegalMoveError) or state.current_player is None:
        return str(error)
    card = move if isinstance(move, Card) else Card.parse(move)
    seat = state.current_player
    legal = " ".join(map(str, s7.legal_moves(state)))
    if card in state.table:
        reason = f"{card} is on the table"
    elif card not in state.hand(seat):
        reason = f"{card} is not in their hand"
    else:
        reason = "a row opens with its nine (the first with 9♦) and grows from its ends (R7, R9)"
    return f"seat {seat} cannot play {card}: {reason}; legal moves: {legal}"


def view(state: s7.GameState, seen: s7.PlayerView) -> Json:
    """Sevens' fields of a seat's view JSON: the table, the passes, the winner, the events."""
    history: list[Json] = [
        {"event": "play", "seat": event.seat, "card": str(event.card)}
        if isinstance(event, s7.Play)
        else {"event": "pass", "seat": event.seat}
        for event in seen.history
    ]
    return {
        "version": len(seen.table),
        "table": cards(seen.table),
        "passes": list(seen.passes),
        "winner": seen.winner,
        "history": history,
    }


GAME = Game.of(games.get("sevens"), __name__)
"""The main game at a table of the server."""
