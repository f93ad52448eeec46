"""Game records: a game as one JSON object, and back.

A record holds the players, the options, the deal and the cards played, in order::

    {"format": 1, "game": "sevens", "players": 4,
     "options": {"rank_by_passes": false, "place_numbering": "competition"},
     "deal": [["6♣", ...], ...], "moves": ["9♦", ...]}

Passes are not stored: they follow from the moves (R11). Loading replays every move
through :func:`sevens_ru.apply`, so a corrupt or hand-edited record raises a
:class:`RecordError` naming the field or the move at fault, never a half-built state.

>>> import sevens_ru as s7
>>> state = s7.apply(s7.new_game(2, seed=9), "9♦")
>>> text = s7.to_json(state)
>>> text[:60]
'{"format": 1, "game": "sevens", "players": 2, "options": {"r'
>>> s7.from_json(text) == state
True
"""

from __future__ import annotations

import json
from typing import Any

from .deal import MAX_PLAYERS, MIN_PLAYERS
from .errors import NotAGameStateError, RecordError, SevensError
from .events import Play
from .game import apply, new_game
from .options import Options
from .state import GameState

__all__ = ["FORMAT", "from_json", "to_json"]

FORMAT = 1
"""The version of the record format this library writes and reads."""

_FIELDS = ("format", "game", "players", "options", "deal", "moves")
_OPTION_FIELDS = ("rank_by_passes", "place_numbering")


def to_json(state: GameState, *, indent: int | None = None) -> str:
    """The game record of ``state`` as JSON text (cards written as ``str(card)``).

    ``indent`` is passed to :func:`json.dumps` for a multi-line record.

    Raises:
        NotAGameStateError: ``state`` is not a :class:`GameState`.
    """
    if not isinstance(state, GameState):
        raise NotAGameStateError(f"to_json() takes a GameState, got {type(state).__name__}")
    record = {
        "format": FORMAT,
        "game": "sevens",
        "players": state.players,
        "options": {
            "rank_by_passes": state.options.rank_by_passes,
            "place_numbering": state.options.place_numbering,
        },
        "deal": [[str(card) for card in hand] for hand in state.deal],
        "moves": [str(event.card) for event in state.history if isinstance(event, Play)],
    }
    return json.dumps(record, ensure_ascii=False, indent=indent)


def from_json(text: str | bytes) -> GameState:
    """Load a game record written by :func:`to_json`, replaying and checking every move.

    >>> import sevens_ru as s7
    >>> s7.from_json('{"format": 2}')
    Traceback (most recent call last):
    ...
    sevens_ru.errors.RecordError: field 'format': this library reads format 1, got 2

    Raises:
        RecordError: the text is not JSON, not a record of this game and format, or
            holds a bad deal or an illegal move (the message names the field or move).
    """
    record = _read_record(text, "from_json")
    if record.get("game") == "durak":
        raise RecordError(
            "field 'game': this is a Durak record; load it with sevens_ru.durak.from_json"
        )
    if "game" in record and record["game"] != "sevens":
        raise RecordError(f"field 'game': expected 'sevens', got {record['game']!r}")
    _check_fields("the record", record, _FIELDS)
    players = record["players"]
    if isinstance(players, bool) or not isinstance(players, int):
        raise RecordError(f"field 'players': expected an integer, got {_kind(players)}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RecordError(
            f"field 'players': expected {MIN_PLAYERS} to {MAX_PLAYERS}, got {players}"
        )
    options = _read_options(record["options"])
    deal = record["deal"]
    if not isinstance(deal, list) or not all(isinstance(hand, list) for hand in deal):
        raise RecordError(
            f"field 'deal': expected a list of hands (lists of cards), got {_kind(deal)}"
        )
    try:
        state = new_game(players, hands=deal, options=options)
    except SevensError as error:
        raise RecordError(f"field 'deal': {error}") from error
    moves = record["moves"]
    if not isinstance(moves, list):
        raise RecordError(f"field 'moves': expected a list of cards, got {_kind(moves)}")
    for number, move in enumerate(moves):
        if not isinstance(move, str):
            raise RecordError(f"moves[{number}]: expected a card such as '9♦', got {_kind(move)}")
        try:
            state = apply(state, move)
        except SevensError as error:
            raise RecordError(f"moves[{number}] ({move!r}): {error}") from error
    return state


def _read_record(text: object, function: str) -> dict[str, Any]:
    """The JSON object of a record of format :data:`FORMAT`, for either game's loader."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise RecordError(f"{function}() takes JSON text, got {type(text).__name__}")
    try:
        record = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise RecordError(f"not valid JSON: {error}") from error
    if not isinstance(record, dict):
        raise RecordError(f"a game record is a JSON object, got {_kind(record)}")
    if record.get("format") != FORMAT or isinstance(record.get("format"), bool):
        found = repr(record["format"]) if "format" in record else "no format field"
        raise RecordError(f"field 'format': this library reads format {FORMAT}, got {found}")
    return record


def _read_options(value: Any) -> Options:
    if not isinstance(value, dict):
        raise RecordError(f"field 'options': expected an object, got {_kind(value)}")
    _check_fields("field 'options'", value, _OPTION_FIELDS)
    try:
        return Options(**value)
    except SevensError as error:
        raise RecordError(f"field 'options': {error}") from error


def _check_fields(where: str, record: dict[str, Any], fields: tuple[str, ...]) -> None:
    missing = [field for field in fields if field not in record]
    if missing:
        raise RecordError(f"{where} lacks {', '.join(map(repr, missing))}")
    unknown = [field for field in record if field not in fields]
    if unknown:
        raise RecordError(
            f"{where} has unknown {', '.join(map(repr, unknown))}; expected only {', '.join(fields)}"
        )


def _kind(value: object) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}
    name = names.get(type(value), "null" if value is None else "a number")
    return f"{name} {json.dumps(value, ensure_ascii=False)[:40]}"
