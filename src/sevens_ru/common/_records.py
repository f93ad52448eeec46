"""The game record layer both games share: the envelope, the field checks and the replay.

A record is one JSON object: the envelope ``{"format": 1, "game": KEY, ...}`` and then
the game's own fields, always all of them and nothing else. :func:`write` makes the
text; :func:`read` takes it back, checking the JSON, the format, the game and the field
names; :func:`integer`, :func:`card_text`, :func:`hands` and :func:`options` check one
field each; :func:`blame` turns a library error into a :class:`~sevens_ru.errors.RecordError`
naming the field; :func:`replay` applies the moves, naming ``moves[k]`` when one fails.
Each game's ``record`` module says only what its fields are and how they make a state.

Messages describe a wrong JSON value by its kind and a short excerpt
(:func:`sevens_ru.common._quote.kind`), never the value whole. :func:`read` refuses text of
more than ``max_bytes`` bytes before parsing it; each game gives its default, which
fits its largest legal record.

>>> read('{"format": 1, "game": "durak"}', game=names_of("sevens"), fields=("format", "game"),
...      function="from_json", max_bytes=None)
Traceback (most recent call last):
...
sevens_ru.errors.RecordError: field 'game': this is a Durak record; load it with sevens_ru.durak.from_json
>>> read("[" * 10, game=names_of("sevens"), fields=(), function="from_json", max_bytes=8)
Traceback (most recent call last):
...
sevens_ru.errors.RecordError: the record is at least 10 bytes long, more than max_bytes=8
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar, cast

import attrs

from ..errors import InvalidOptionsError, RecordError, SevensError, WrongTypeError
from ._games import Game, names_of
from ._numbers import as_int
from ._quote import excerpt, got, kind

__all__ = [
    "FORMAT",
    "blame",
    "card_text",
    "check_fields",
    "hands",
    "integer",
    "options",
    "read",
    "replay",
    "write",
]

FORMAT = 1
"""The version of the record format this library writes and reads (both games)."""


LONGEST_INDENT = 16
"""The widest ``indent`` of ``to_json``: spaces (an int) or a string of whitespace."""


def write(game: Game, fields: dict[str, object], *, indent: int | str | None) -> str:
    """The record of ``game`` with these ``fields`` (in this order) as JSON text."""
    record = {"format": FORMAT, "game": game.key, **fields}
    return json.dumps(record, ensure_ascii=False, indent=_indent(indent))


def _indent(indent: object) -> int | str | None:
    """``indent`` if it is ``None``, 0 to 16 spaces, or up to 16 characters of whitespace."""
    if indent is None:
        return None
    spaces = as_int(indent)
    if spaces is not None:
        if not 0 <= spaces <= LONGEST_INDENT:
            raise InvalidOptionsError(
                f"indent must be 0 to {LONGEST_INDENT} spaces, got {excerpt(spaces)}"
            )
        return spaces
    if not isinstance(indent, str):
        raise WrongTypeError(
            f"indent must be None, a number of spaces or a string of whitespace, got {got(indent)}"
        )
    if len(indent) > LONGEST_INDENT or indent.strip():
        raise InvalidOptionsError(
            f"indent must be at most {LONGEST_INDENT} characters of whitespace, got {excerpt(indent)}"
        )
    return indent


def read(
    text: object,
    *,
    game: Game,
    fields: tuple[str, ...],
    function: str,
    max_bytes: int | None,
    largest: int = 0,
    optional: tuple[str, ...] = (),
) -> dict[str, Any]:
    """The JSON object of a record of ``game``, its envelope and field names checked.

    ``fields`` are all the fields the record must have (the envelope's included), and
    ``optional`` those it may have beside them; ``function`` names the loader in the
    message for text that is not text. Text of more than ``max_bytes`` bytes (as UTF-8)
    is refused before it is parsed, unless ``max_bytes`` is ``None``; ``largest`` is the
    game's largest legal record, for the message.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise RecordError(f"{game.prefix}{function}() takes JSON text, got {type(text).__name__}")
    if max_bytes is not None:
        _check_size(text, game, max_bytes, largest)
    try:
        record = json.loads(text)
    except RecursionError:
        raise RecordError(
            "not valid JSON here: nested too deeply (a record is three levels deep)"
        ) from None
    except ValueError as error:  # UnicodeDecodeError and too long an int included
        raise RecordError(f"not valid JSON: {error}") from error
    if not isinstance(record, dict):
        raise RecordError(f"a game record is a JSON object, got {kind(record)}")
    if record.get("format") != FORMAT or isinstance(record.get("format"), bool):
        found = excerpt(record["format"]) if "format" in record else "no format field"
        raise RecordError(f"field 'format': this library reads format {FORMAT}, got {found}")
    if "game" in record and record["game"] != game.key:
        found = record["game"]
        other = names_of(found) if isinstance(found, str) else None
        if other is not None:
            raise RecordError(
                f"field 'game': this is a {other.title} record; "
                f"load it with {other.package}.from_json"
            )
        quoted = excerpt(found) if isinstance(found, str) else kind(found)
        raise RecordError(f"field 'game': expected {game.key!r}, got {quoted}")
    check_fields("the record", record, fields, optional)
    return record


def _check_size(text: str | bytes | bytearray, game: Game, max_bytes: int, largest: int) -> None:
    """Refuse ``text`` if it has more than ``max_bytes`` bytes, reading it at most once."""
    limit = as_int(max_bytes)
    if limit is None or limit < 0:
        raise InvalidOptionsError(
            f"max_bytes must be an int of 0 or more, or None for no limit, got {got(max_bytes)}"
        )
    size, exact = len(text), not isinstance(text, str)
    if isinstance(text, str) and size <= limit < 4 * size:  # as UTF-8, perhaps more
        size, exact = len(text.encode("utf-8", "surrogatepass")), True  # < 4 * limit
    if size > limit:
        bound = f" (a {game.title} record is at most {largest:,} bytes)" if largest else ""
        raise RecordError(
            f"the record is {'' if exact else 'at least '}{size:,} bytes long, "
            f"more than max_bytes={limit:,}{bound}"
        )


def check_fields(
    where: str, record: dict[str, Any], fields: tuple[str, ...], optional: tuple[str, ...] = ()
) -> None:
    """Refuse ``record`` (an object ``where`` names) unless its keys are ``fields``, and perhaps some of ``optional``."""
    missing = [field for field in fields if field not in record]
    if missing:
        raise RecordError(f"{where} lacks {', '.join(map(repr, missing))}")
    unknown = [field for field in record if field not in fields and field not in optional]
    if unknown:
        names = ", ".join(excerpt(field) for field in unknown[:5])
        known = ", ".join((*fields, *optional))
        raise RecordError(f"{where} has unknown {names}; expected only {known}")


def integer(record: dict[str, Any], field: str, low: int, high: int, *, what: str = "") -> int:
    """The integer of ``field``, from ``low`` to ``high`` (``what`` says what it counts)."""
    value = record[field]
    number = as_int(value)
    if number is None:
        raise RecordError(f"field {field!r}: expected an integer, got {kind(value)}")
    if not low <= number <= high:
        raise RecordError(f"field {field!r}: expected {what}{low} to {high}, got {excerpt(number)}")
    return number


def card_text(record: dict[str, Any], field: str) -> str:
    """The text of ``field``, which holds one card (it is read by the game)."""
    value = record[field]
    if not isinstance(value, str):
        raise RecordError(f"field {field!r}: expected a card such as '7♠', got {kind(value)}")
    return value


def hands(record: dict[str, Any]) -> list[list[Any]]:
    """The ``"deal"``: a list of hands, each a list (the game reads the cards)."""
    deal = record["deal"]
    if not isinstance(deal, list) or not all(isinstance(hand, list) for hand in deal):
        raise RecordError(
            f"field 'deal': expected a list of hands (lists of cards), got {kind(deal)}"
        )
    return deal


OptionsT = TypeVar("OptionsT")

_KINDS: dict[type, str] = {bool: "True or False", int: "an int", str: "a string"}


def options(record: dict[str, Any], cls: type[OptionsT]) -> OptionsT:
    """The ``"options"`` object as a ``cls`` (an attrs class of the game's rule options).

    Every option must be there, of the JSON kind of its default; ``cls`` checks the rest.
    """
    value = record["options"]
    if not isinstance(value, dict):
        raise RecordError(f"field 'options': expected an object, got {kind(value)}")
    fields = attrs.fields(cast("type[attrs.AttrsInstance]", cls))
    check_fields("field 'options'", value, tuple(field.name for field in fields))
    for field in fields:
        expected = type(field.default)
        option = value[field.name]
        if type(option) is not expected:  # a bool is not an int here
            raise RecordError(
                f"field 'options': {cls.__name__}.{field.name} must be "
                f"{_KINDS.get(expected, expected.__name__)}, got {kind(option)}"
            )
    with blame("options"):
        return cls(**value)


@contextmanager
def blame(field: str) -> Iterator[None]:
    """Turn a library error raised inside into a :class:`RecordError` naming ``field``."""
    try:
        yield
    except SevensError as error:
        raise RecordError(f"field {field!r}: {error}") from error


S = TypeVar("S")


def replay(state: S, moves: object, apply: Callable[[S, str], S], *, items: str, example: str) -> S:
    """``state`` after each of ``moves`` (the ``"moves"`` field), applied by ``apply``.

    A move that is not text, or that ``apply`` refuses, raises a :class:`RecordError`
    naming it as ``moves[k]``; ``items`` says what the moves are (``"cards"``) and
    ``example`` what one looks like.
    """
    if not isinstance(moves, list):
        raise RecordError(f"field 'moves': expected a list of {items}, got {kind(moves)}")
    for number, move in enumerate(moves):
        if not isinstance(move, str):
            raise RecordError(f"moves[{number}]: expected {example}, got {kind(move)}")
        try:
            state = apply(state, move)
        except SevensError as error:
            raise RecordError(f"moves[{number}] ({excerpt(move)}): {error}") from error
    return state
