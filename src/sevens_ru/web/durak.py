"""Old Durak as the server plays it: its entry in :data:`sevens_ru.web.games.GAMES`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import games
from ..errors import InvalidOptionsError
from ..games import durak
from .games import Game, Json, cards

__all__ = ["GAME", "MAX_TAKE_LIMIT"]

MAX_TAKE_LIMIT = durak.Options().take_limit
"""The largest ``take_limit`` (D13) a Durak table may ask for: the default, 100."""


def new(players: int, seed: int | None, options: Mapping[str, Any]) -> durak.GameState:
    """A new game of a table's request, its ``take_limit`` at most :data:`MAX_TAKE_LIMIT`.

    A move it refuses is refused with the engine's reason, which names only the move's
    cards and the bout's.
    """
    limit = options.get("take_limit", MAX_TAKE_LIMIT)
    if isinstance(limit, int) and limit > MAX_TAKE_LIMIT:
        raise InvalidOptionsError(
            f"take_limit is at most {MAX_TAKE_LIMIT} on this server, got {limit}"
        )
    return durak.new_game(players, seed=seed, options=durak.Options(**options))


def moves(state: durak.GameState) -> list[str]:
    """The moves so far, as record text."""
    return [str(move) for move in state.moves]


def _event(event: durak.Event) -> Json:
    if isinstance(event, durak.Led):
        return {"event": "lead", "seat": event.seat, "cards": cards(event.cards)}
    if isinstance(event, durak.Joined):
        return {"event": "join", "seat": event.seat, "cards": cards(event.cards)}
    if isinstance(event, durak.Covered):
        return {
            "event": "cover",
            "seat": event.seat,
            "attack": str(event.attack),
            "card": str(event.card),
        }
    return {"event": "take", "seat": event.seat, "cards": cards(event.cards)}


def view(state: durak.GameState, seen: durak.PlayerView) -> Json:
    """Durak's fields of a seat's view JSON: the trump, the table, the bout, the events."""
    return {
        "version": len(state.moves),
        "dealer": seen.dealer,
        "trump": str(seen.trump),
        "table": [
            [str(attack), str(cover) if cover is not None else None] for attack, cover in seen.table
        ],
        "set_aside": cards(seen.set_aside),
        "attacker": seen.attacker,
        "defender": seen.defender,
        "out": list(seen.out),
        "loser": seen.loser,
        "history": [_event(event) for event in seen.history],
    }


GAME = Game.of(games.get("durak"), __name__)
"""Old Durak at a table of the server."""
