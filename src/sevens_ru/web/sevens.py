"""Russian Sevens as the server plays it: its entry in :data:`sevens_ru.web.games.GAMES`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sevens_ru as s7

from .. import games
from ..common.cards import DECK, Card
from ..errors import IllegalMoveError, InvalidMoveError, SevensError
from .games import Game, Json, cards

__all__ = ["GAME"]


def _sevens_new(players: int, seed: int | None, options: Mapping[str, Any]) -> s7.GameState:
    return s7.new_game(players, seed=seed, options=s7.Options(**options))


def _sevens_moves(state: s7.GameState) -> list[str]:
    return [str(event.card) for event in state.history if isinstance(event, s7.Play)]


def _sevens_action(number: int) -> Card:
    if not 0 <= number < len(DECK):
        raise InvalidMoveError(f"an action number is 0 to {len(DECK) - 1}, got {number}")
    return DECK[number]


def _sevens_refusal(state: s7.GameState, move: Any, error: SevensError) -> str:
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


def _sevens_view(state: s7.GameState, seen: s7.PlayerView) -> Json:
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


GAME = Game.of(
    games.get("sevens"),
    option_names=("rank_by_passes", "place_numbering"),
    new=_sevens_new,
    action=_sevens_action,
    moves=_sevens_moves,
    view=_sevens_view,
    refusal=_sevens_refusal,
)
"""The main game at a table of the server."""
