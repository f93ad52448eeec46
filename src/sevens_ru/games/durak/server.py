"""Old Durak as the server plays it: its entry in :data:`sevens_ru.web.games.GAMES`.

The server (:mod:`sevens_ru.web`, the ``web`` extra) imports this module through
:attr:`sevens_ru.games.Game.server` when it starts, and makes ``GAME`` of its
functions. It imports nothing of the server itself, since the server's table of games
imports it as that table is made; ``sevens_ru.web.durak`` re-exports it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ...common.cards import Card
from ...errors import InvalidOptionsError
from .._layout import server_part
from .events import Covered, Event, Joined, Led
from .game import new_game
from .observation import PlayerView
from .options import Options
from .state import GameState

if TYPE_CHECKING:
    from ...web.games import Json

__all__ = ["GAME", "MAX_TAKE_LIMIT"]  # noqa: F822  (GAME: made by __getattr__)

MAX_TAKE_LIMIT = Options().take_limit
"""The largest ``take_limit`` (D13) a Durak table may ask for: the default, 100."""


def new(players: int, seed: int | None, options: Mapping[str, Any]) -> GameState:
    """A new game of a table's request, its ``take_limit`` at most :data:`MAX_TAKE_LIMIT`.

    A move it refuses is refused with the engine's reason, which names only the move's
    cards and the bout's.
    """
    limit = options.get("take_limit", MAX_TAKE_LIMIT)
    if isinstance(limit, int) and limit > MAX_TAKE_LIMIT:
        raise InvalidOptionsError(
            f"take_limit is at most {MAX_TAKE_LIMIT} on this server, got {limit}"
        )
    return new_game(players, seed=seed, options=Options(**options))


def moves(state: GameState) -> list[str]:
    """The moves so far, as record text."""
    return [str(move) for move in state.moves]


def _cards(cards: Iterable[Card]) -> list[str]:
    """Cards as record text, in canonical order."""
    return [str(card) for card in sorted(cards)]


def _event(event: Event) -> Json:
    if isinstance(event, Led):
        return {"event": "lead", "seat": event.seat, "cards": _cards(event.cards)}
    if isinstance(event, Joined):
        return {"event": "join", "seat": event.seat, "cards": _cards(event.cards)}
    if isinstance(event, Covered):
        return {
            "event": "cover",
            "seat": event.seat,
            "attack": str(event.attack),
            "card": str(event.card),
        }
    return {"event": "take", "seat": event.seat, "cards": _cards(event.cards)}


def view(state: GameState, seen: PlayerView) -> Json:
    """Durak's fields of a seat's view JSON: the trump, the table, the bout, the events."""
    return {
        "version": len(state.moves),
        "dealer": seen.dealer,
        "trump": str(seen.trump),
        "table": [
            [str(attack), str(cover) if cover is not None else None] for attack, cover in seen.table
        ],
        "set_aside": _cards(seen.set_aside),
        "attacker": seen.attacker,
        "defender": seen.defender,
        "out": list(seen.out),
        "loser": seen.loser,
        "history": [_event(event) for event in seen.history],
    }


def __getattr__(name: str) -> Any:
    """``GAME``, old Durak at a table of the server, made when first asked for."""
    if name != "GAME":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return server_part(__name__.rpartition(".")[0])
