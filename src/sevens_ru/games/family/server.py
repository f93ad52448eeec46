"""The layout family as the server plays it: one module for every preset.

The server (:mod:`sevens_ru.web`, the ``web`` extra) makes each preset's entry of
:data:`sevens_ru.web.games.GAMES` from these functions, through the preset's
:attr:`sevens_ru.games.Game.server`. They name no preset: what differs between the
presets (the pack, the rows' order, the centre rank, the pass policy, each preset's
public extras) is read off the state or the view. Like the other games' server
modules, this one imports nothing of the server.

A seat's view JSON holds, beside the fields every game's has, the ``dealer``, the
``table``, every seat's ``passes`` and ``status``, the seats ``finished`` and ``burst``,
the ``layout`` of the rows (their ranks in order, the centre rank, each suit's row),
the ``pass_policy`` (F13), the ``history`` of plays, passes and bursts, and each
preset's public extras under their own names: fan-tan's ``pool`` and ``paid`` and,
once over, its ``payoffs``; shichinarabe's ``laid`` and ``passes_left``; domino's
``start_rank``; cinquillo's ``scores`` once over (F17).

>>> from sevens_ru import games
>>> shichinarabe = games.get("shichinarabe")
>>> state = shichinarabe.new_game(4, dealer=3, seed=5)
>>> seen = view(state, shichinarabe.view(state, 0))
>>> seen["layout"]["ranks"][:3], seen["layout"]["centre"], seen["layout"]["rows"][1]
(['A', '2', '3'], '7', ['7', '7'])
>>> seen["laid"], seen["passes_left"], seen["pass_policy"]
([['7♣'], ['7♠'], ['7♦', '7♥'], []], [3, 3, 3, 3], 'limited')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs

from ...common.cards import Card, Rank
from ...errors import IllegalMoveError, SevensError
from .actions import move_of
from .events import Burst, Event, Play
from .game import PRESETS, legal_moves, moves_of
from .moves import PASS, parse_move
from .observation import FamilyView
from .presets import Rules, rules_for
from .state import FamilyState

if TYPE_CHECKING:
    from ...web.games import Json

__all__ = ["action", "moves", "refusal", "view"]

_OWN = frozenset(
    {"seat", "hand", "players", "options", "current_player", "hand_sizes", "history", "ranking"}
)
"""The view's fields that every game's view JSON holds already, or that this module writes itself."""


def _rules(position: FamilyState | FamilyView) -> Rules:
    """The rules of ``position``'s preset with its options."""
    return rules_for(type(position).game_name, position.options)


def moves(state: FamilyState) -> list[str]:
    """The moves so far, as record text: the plays, and the passes that were moves (F18)."""
    return list(moves_of(state))


def action(number: int) -> int:
    """An action number, as the move the engine reads (``apply`` takes action numbers).

    The preset's engine checks it, with its pack's range (``len(pack) + 1``, F5).
    """
    return number


def refusal(state: FamilyState, move: Any, error: SevensError) -> str:
    """Why the seat to move may not make ``move``, naming no card it cannot see.

    The engine's reason for a card of the hand that is not playable may name the card
    that opens a row, which may be in another hand; here the reason names only the
    card tried, the table and the seat's own legal moves.
    """
    seat = state.current_player
    if not isinstance(error, IllegalMoveError) or seat is None:
        return str(error)
    rules = _rules(state)
    try:
        tried = move_of(rules.pack, move) if isinstance(move, int) else parse_move(move)
    except SevensError:
        return str(error)
    if tried is PASS or not isinstance(tried, Card):
        return str(error)  # a pass names the seat's own opening card at most (S3, N4)
    legal = " ".join(str(each) for each in legal_moves(PRESETS[type(state).game_name], state))
    if tried in state.table:
        reason = f"{tried} is on the table"
    elif tried not in state.hand(seat):
        reason = f"{tried} is not in their hand"
    else:
        reason = (
            "a card is played next to an end of its suit's row, and a row opens with its "
            "centre card (F11)"
        )
    return f"seat {seat} cannot play {tried}: {reason}; legal moves: {legal}"


def _json(value: object) -> Any:
    """A public fact of a view as JSON: cards and ranks as record text, tuples as lists."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Rank):
        return value.label()
    if isinstance(value, (tuple, list, frozenset)):
        items = sorted(value) if isinstance(value, frozenset) else value
        return [_json(item) for item in items]
    return value


def _cards(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _event(event: Event) -> Json:
    if type(event) is Play:
        return {"event": "play", "seat": event.seat, "card": str(event.card)}
    if isinstance(event, Burst):
        return {"event": "burst", "seat": event.seat, "cards": _cards(event.cards)}
    return {"event": "pass", "seat": event.seat}


def _layout(seen: FamilyView, rules: Rules) -> Json:
    """The rows as a page draws them: the ranks of a row in order (F4), the centre, each suit's row.

    A suit's cards on the table that lie outside its row are islands (N6).
    """
    centre = rules.centre if rules.centre is not None else getattr(seen, "start_rank", None)
    rows = []
    for suit in rules.pack.suits:
        row = seen.row(suit)
        rows.append(None if row is None else [row[0].label(), row[1].label()])
    return {
        "suits": [suit.symbol for suit in rules.pack.suits],
        "ranks": [rank.label() for rank in rules.order],
        "centre": None if centre is None else centre.label(),
        "rows": rows,
    }


def view(state: FamilyState, seen: FamilyView) -> Json:
    """The family's fields of a seat's view JSON, all read off the seat's view (F17)."""
    rules = _rules(seen)
    public = {
        field.name: _json(getattr(seen, field.name))
        for field in attrs.fields(type(seen))
        if not field.name.startswith("_") and field.name not in _OWN
    }
    return {
        "version": len(moves_of(state)),
        **public,
        "status": [seen.status(seat) for seat in range(seen.players)],
        "pass_policy": rules.policy,
        "layout": _layout(seen, rules),
        "history": [_event(event) for event in seen.history],
    }
