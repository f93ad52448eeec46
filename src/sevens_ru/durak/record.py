"""Durak game records: a game as one JSON object, and back.

A record holds the players, the dealer, the options, the trump card, the deal and the
moves in their text form::

    {"format": 1, "game": "durak", "players": 3, "dealer": 0,
     "options": {"short_deck": false, "take_limit": 100}, "trump": "K♣",
     "deal": [["6♣", ...], ...], "moves": ["lead 6♣", "take", ...]}

Joins are not stored: they follow from the moves (D7). Loading replays every move
through :func:`~sevens_ru.durak.apply`, so a corrupt or hand-edited record raises a
:class:`~sevens_ru.RecordError` naming the field or the move at fault, never a
half-built state.

>>> from sevens_ru import durak
>>> state = durak.apply(durak.new_game(3, dealer=0, seed=7), "lead 6♣")
>>> text = durak.to_json(state)
>>> text[:70]
'{"format": 1, "game": "durak", "players": 3, "dealer": 0, "options": {'
>>> durak.from_json(text) == state
True
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import NotAGameStateError, RecordError, SevensError
from ..record import _check_fields, _kind, _read_record  # as for Sevens records
from .deal import MAX_PLAYERS, MIN_PLAYERS
from .game import apply, new_game
from .options import Options
from .state import GameState

__all__ = ["FORMAT", "from_json", "to_json"]

FORMAT = 1
"""The version of the record format this library writes and reads."""

_FIELDS = ("format", "game", "players", "dealer", "options", "trump", "deal", "moves")
_OPTION_FIELDS = ("short_deck", "take_limit")


def to_json(state: GameState, *, indent: int | None = None) -> str:
    """The game record of ``state`` as JSON text (cards as ``str(card)``, moves as ``str(move)``).

    ``indent`` is passed to ``json.dumps`` for a multi-line record.

    >>> from sevens_ru import durak
    >>> state = durak.apply(durak.new_game(2, dealer=0, seed=1), "lead 7♣")
    >>> durak.to_json(state).endswith('"moves": ["lead 7♣"]}')
    True
    """
    if not isinstance(state, GameState):
        raise NotAGameStateError(
            f"durak.to_json() takes a durak.GameState, got {type(state).__name__}"
        )
    record = {
        "format": FORMAT,
        "game": "durak",
        "players": state.players,
        "dealer": state.dealer,
        "options": {
            "short_deck": state.options.short_deck,
            "take_limit": state.options.take_limit,
        },
        "trump": str(state.trump),
        "deal": [[str(card) for card in hand] for hand in state.deal],
        "moves": [str(move) for move in state.moves],
    }
    return json.dumps(record, ensure_ascii=False, indent=indent)


def from_json(text: str | bytes) -> GameState:
    """Load a game record written by :func:`~sevens_ru.durak.to_json`, replaying and checking every move.

    >>> from sevens_ru import durak
    >>> durak.from_json('{"format": 1, "game": "sevens"}')
    Traceback (most recent call last):
    ...
    sevens_ru.errors.RecordError: field 'game': expected 'durak', got 'sevens' (load Sevens records with sevens_ru.from_json)

    Raises:
        RecordError: the text is not JSON, not a Durak record of this format, or holds
            a bad deal or an illegal move (the message names the field or the move).
    """
    record = _read_record(text, "durak.from_json")
    if record.get("game") != "durak":
        hint = (
            " (load Sevens records with sevens_ru.from_json)"
            if record.get("game") == "sevens"
            else ""
        )
        found = repr(record["game"]) if "game" in record else "no game field"
        raise RecordError(f"field 'game': expected 'durak', got {found}{hint}")
    _check_fields("the record", record, _FIELDS)
    players = _integer(record, "players")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RecordError(
            f"field 'players': expected {MIN_PLAYERS} to {MAX_PLAYERS}, got {players}"
        )
    dealer = _integer(record, "dealer")
    options = _read_options(record["options"])
    trump = record["trump"]
    if not isinstance(trump, str):
        raise RecordError(f"field 'trump': expected a card such as '7♠', got {_kind(trump)}")
    deal = record["deal"]
    if not isinstance(deal, list) or not all(isinstance(hand, list) for hand in deal):
        raise RecordError(
            f"field 'deal': expected a list of hands (lists of cards), got {_kind(deal)}"
        )
    try:
        state = new_game(players, dealer=dealer, hands=deal, trump=trump, options=options)
    except SevensError as error:
        raise RecordError(f"field 'deal': {error}") from error
    moves = record["moves"]
    if not isinstance(moves, list):
        raise RecordError(f"field 'moves': expected a list of moves, got {_kind(moves)}")
    for number, move in enumerate(moves):
        if not isinstance(move, str):
            raise RecordError(
                f"moves[{number}]: expected a move such as 'lead 7♣' or 'take', got {_kind(move)}"
            )
        try:
            state = apply(state, move)
        except SevensError as error:
            raise RecordError(f"moves[{number}] ({move!r}): {error}") from error
    return state


def _integer(record: dict[str, Any], field: str) -> int:
    value = record[field]
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"field {field!r}: expected an integer, got {_kind(value)}")
    return value


def _read_options(value: Any) -> Options:
    if not isinstance(value, dict):
        raise RecordError(f"field 'options': expected an object, got {_kind(value)}")
    _check_fields("field 'options'", value, _OPTION_FIELDS)
    try:
        return Options(**value)
    except SevensError as error:
        raise RecordError(f"field 'options': {error}") from error
