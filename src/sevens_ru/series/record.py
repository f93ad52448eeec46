"""Series records: a whole series as one JSON object, every deal's hands and moves, and back.

A record holds the game, the seats, the first dealer, the seed, the game's options
(as the game's own records write them), the series options, and one entry per deal
dealt: that deal's own game record without the fields the series already holds
(``"format"``, ``"game"``, ``"players"``, ``"options"``), so its dealer (where the game
writes one), its hands and its moves::

    {"format": 1, "game": "sevens", "players": 3, "first_dealer": 2, "seed": 5,
     "options": {"rank_by_passes": false, "place_numbering": "competition"},
     "series_options": {"scoring": "bank", "start": 100, "ante": 10, "fine": 10,
                        "debt": false, "deals": null, "target": null, "stake": null},
     "deals": [{"deal": [["6♣", ...], ...], "moves": ["9♦", ...]},
               {"dealer": 0, "deal": [...], "moves": [...]}]}

Loading deals the series again from its seed and replays every move through
:func:`~sevens_ru.series.apply`: each deal must be the one the seed gives to its
dealer, and a corrupt or hand-edited record raises a :class:`~sevens_ru.errors.RecordError`
naming the field, the deal or the move, never a half-built series. A record larger than
``max_bytes`` is refused before it is parsed.

>>> from sevens_ru import series
>>> table = series.apply(series.new_series("sevens", 3, seed=5), "9♦")
>>> text = series.to_json(table)
>>> text[:72]
'{"format": 1, "game": "sevens", "players": 3, "first_dealer": 2, "seed":'
>>> series.from_json(text) == table
True
"""

from __future__ import annotations

import json
from typing import Any

import attrs

from .. import games
from ..common import _records
from ..common._games import Game as Names
from ..common._quote import excerpt, kind
from ..errors import RecordError, SevensError
from ..games._game import Game as GameValue
from .game import _check, apply, new_series
from .options import MAX_DEALS, SeriesOptions
from .state import Series

__all__ = ["MAX_BYTES", "from_json", "to_json"]

MAX_BYTES = 8 << 20
"""The default ``max_bytes`` of :func:`from_json`: 8 MiB.

A deal of Sevens takes at most about 700 bytes of a record and one of the 52-card
games about 1,500, so a series of the most deals there can be
(:data:`~sevens_ru.series.MAX_DEALS`, 1,000) fits with room to spare.
"""

_FIELDS = (
    "format",
    "game",
    "players",
    "first_dealer",
    "seed",
    "options",
    "series_options",
    "deals",
)
_LIFTED = ("format", "game", "players", "options")  # a deal's fields that the series holds
_NAMES = Names(key="series", title="series", package="sevens_ru.series", prefix="series.")


def to_json(series: Series, *, indent: int | str | None = None) -> str:
    """The record of ``series`` as JSON text: every deal dealt so far, with its hands and moves.

    ``indent`` (0 to 16 spaces, or up to 16 characters of whitespace) makes a multi-line record.

    Raises:
        NotAGameStateError: ``series`` is not a :class:`~sevens_ru.series.Series`.
        InvalidOptionsError: ``indent`` is wider than 16.
    """
    series = _check(series, "to_json")
    game = series.game
    deals = []
    options: Any = None
    for state in series._deals:
        record = json.loads(game.to_json(state))
        options = record.get("options")
        deals.append({key: value for key, value in record.items() if key not in _LIFTED})
    record = {
        "format": _records.FORMAT,
        "game": game.name,
        "players": series.players,
        "first_dealer": series.first_dealer,
        "seed": series._seed,
        "options": options,
        "series_options": attrs.asdict(series.series_options),
        "deals": deals,
    }
    return json.dumps(record, ensure_ascii=False, indent=_records._indent(indent))


def from_json(text: str | bytes, *, max_bytes: int | None = MAX_BYTES) -> Series:
    """Load a series record written by :func:`to_json`, dealing and replaying every deal.

    Text of more than ``max_bytes`` bytes (as UTF-8; default :data:`MAX_BYTES`) is
    refused before it is parsed; ``None`` lifts the limit.

    >>> from sevens_ru import series
    >>> series.from_json('{"format": 1, "game": "sevens", "players": 4, "options": {}, "deal": [], "moves": []}')
    Traceback (most recent call last):
    ...
    sevens_ru.errors.RecordError: this is a game record, not a series record: load it with the game's from_json

    Raises:
        RecordError: the text is not JSON, not a series record of this format, is larger
            than ``max_bytes``, or holds a bad field, a deal that is not the seed's or
            an illegal move (the message names it).
        InvalidOptionsError: ``max_bytes`` is neither a non-negative int nor ``None``.
    """
    record = _read(text, max_bytes)
    name = record["game"]
    if not isinstance(name, str):
        raise RecordError(f"field 'game': expected a game's name, got {kind(name)}")
    try:
        game = games.get(name)
    except SevensError as error:
        raise RecordError(f"field 'game': {error}") from error
    players = _records.integer(record, "players", game.min_players, game.max_players)
    first_dealer = _records.integer(record, "first_dealer", 0, players - 1, what="a seat from ")
    seed = record["seed"]
    if type(seed) is not int:
        raise RecordError(f"field 'seed': expected an integer, got {kind(seed)}")
    series_options = _series_options(record["series_options"])
    entries = record["deals"]
    if not isinstance(entries, list):
        raise RecordError(f"field 'deals': expected a list of deals, got {kind(entries)}")
    if not entries:
        raise RecordError("field 'deals': a series has at least one deal, got none")
    if len(entries) > MAX_DEALS:
        raise RecordError(
            f"field 'deals': a series has at most {MAX_DEALS:,} deals, got {len(entries):,}"
        )
    common = {"format": _records.FORMAT, "game": name, "players": players}
    if record["options"] is not None:
        common["options"] = record["options"]
    dealt = _deal(game, common, entries, 0)
    with _records.blame("series_options"):
        series = new_series(
            game,
            players,
            first_dealer=first_dealer,
            seed=seed,
            options=getattr(dealt, "options", None),
            series_options=series_options,
        )
    for number, entry in enumerate(entries):
        if number:
            dealt = _deal(game, common, entries, number)
        if series.deal_number < number or series._deals[number] != dealt:
            raise RecordError(
                f"deals[{number}]: not the deal that the seed gives in deal {number} (M1, M2)"
            )
        for step, move in enumerate(entry["moves"]):
            if not isinstance(move, str):
                raise RecordError(
                    f"deals[{number}].moves[{step}]: expected a move, got {kind(move)}"
                )
            if series.deal_number != number or series.over:
                raise RecordError(
                    f"deals[{number}].moves[{step}] ({excerpt(move)}): the deal is over "
                    f"before it (M1)"
                )
            try:
                series = apply(series, move)
            except SevensError as error:
                raise RecordError(
                    f"deals[{number}].moves[{step}] ({excerpt(move)}): {error}"
                ) from error
        if series.deal_number == number and not series.over and number < len(entries) - 1:
            raise RecordError(
                f"deals[{number}]: the deal is not over, yet deal {number + 1} follows"
            )
    if series.deal_number != len(entries) - 1:
        raise RecordError(
            f"field 'deals': the record ends with deal {len(entries) - 1}, but the series "
            f"dealt deal {series.deal_number} after it (M1)"
        )
    return series


def _read(text: object, max_bytes: int | None) -> dict[str, Any]:
    """The JSON object of a series record, its size, format and field names checked."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise RecordError(f"series.from_json() takes JSON text, got {type(text).__name__}")
    if max_bytes is not None:
        _records._check_size(text, _NAMES, max_bytes, 0)
    try:
        record = json.loads(text)
    except RecursionError:
        raise RecordError("not valid JSON here: nested too deeply") from None
    except ValueError as error:  # UnicodeDecodeError and too long an int included
        raise RecordError(f"not valid JSON: {error}") from error
    if not isinstance(record, dict):
        raise RecordError(f"a series record is a JSON object, got {kind(record)}")
    if "deals" not in record and "moves" in record:
        raise RecordError(
            "this is a game record, not a series record: load it with the game's from_json"
        )
    if record.get("format") != _records.FORMAT or isinstance(record.get("format"), bool):
        found = excerpt(record["format"]) if "format" in record else "no format field"
        raise RecordError(
            f"field 'format': this library reads format {_records.FORMAT}, got {found}"
        )
    _records.check_fields("the record", record, _FIELDS)
    return record


def _series_options(value: object) -> SeriesOptions:
    """The ``"series_options"`` object as a :class:`SeriesOptions`."""
    if not isinstance(value, dict):
        raise RecordError(f"field 'series_options': expected an object, got {kind(value)}")
    names = tuple(field.name for field in attrs.fields(SeriesOptions))
    _records.check_fields("field 'series_options'", value, names)
    with _records.blame("series_options"):
        return SeriesOptions(**value)


def _deal(
    game: GameValue[Any, Any, Any], common: dict[str, Any], entries: list[Any], number: int
) -> Any:
    """Deal ``number`` of ``entries`` as a new game of ``game`` (no move made), as its own record reads it."""
    entry = entries[number]
    where = f"deals[{number}]"
    if not isinstance(entry, dict):
        raise RecordError(f"{where}: expected a deal (an object), got {kind(entry)}")
    lifted = [field for field in _LIFTED if field in entry]
    if lifted:
        raise RecordError(f"{where} has {', '.join(map(repr, lifted))}, which the series holds")
    if not isinstance(entry.get("moves"), list):
        raise RecordError(
            f"{where}: field 'moves': expected a list of moves, got {kind(entry.get('moves'))}"
        )
    fields = {**common, **entry, "moves": []}
    try:
        return game.from_json(json.dumps(fields, ensure_ascii=False))
    except SevensError as error:
        raise RecordError(f"{where}: {error}") from error
