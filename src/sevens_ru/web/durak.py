"""Old Durak as the server plays it: its entry in :data:`sevens_ru.web.games.GAMES`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import games
from ..errors import InvalidOptionsError, SevensError
from ..games import durak
from .games import Game, Json, cards

__all__ = ["GAME", "MAX_TAKE_LIMIT"]

MAX_TAKE_LIMIT = durak.Options().take_limit
"""The largest ``take_limit`` (D13) a Durak table may ask for: the default, 100."""


def _durak_new(players: int, seed: int | None, options: Mapping[str, Any]) -> durak.GameState:
    limit = options.get("take_limit", MAX_TAKE_LIMIT)
    if isinstance(limit, int) and limit > MAX_TAKE_LIMIT:
        raise InvalidOptionsError(
            f"take_limit is at most {MAX_TAKE_LIMIT} on this server, got {limit}"
        )
    return durak.new_game(players, seed=seed, options=durak.Options(**options))


def _durak_moves(state: durak.GameState) -> list[str]:
    return [str(move) for move in state.moves]


def _durak_refusal(state: durak.GameState, move: Any, error: SevensError) -> str:
    """The engine's reasons name only the move's cards and the bout's."""
    return str(error)


def _durak_event(event: durak.Event) -> Json:
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


def _durak_view(state: durak.GameState, seen: durak.PlayerView) -> Json:
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
        "history": [_durak_event(event) for event in seen.history],
    }


GAME = Game.of(
    games.get("durak"),
    option_names=("short_deck", "take_limit"),
    new=_durak_new,
    action=None,
    moves=_durak_moves,
    view=_durak_view,
    refusal=_durak_refusal,
)
"""Old Durak at a table of the server."""
