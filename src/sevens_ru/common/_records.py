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

A record may also hold ``"tags"`` (:class:`~sevens_ru.Tags`, PGN's tag pairs), right
after the envelope: :func:`write` writes them, :func:`tags_in` reads them before the
moves are replayed and :func:`fitted` checks them against the game once it is (they
name its seats, and a result is the one its moves give). :class:`Record` is a state
with its tags. A game whose ``to_json`` takes no tags (another package's) gets them
all the same: :func:`tagging` writes them around its record, and :func:`reader`
reads them off before its ``from_json`` sees the rest.

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

import inspect
import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Generic, TypeVar, cast

import attrs

from ..errors import InvalidOptionsError, RecordError, SevensError, WrongTypeError
from ._games import Game, names_of
from ._numbers import as_int
from ._quote import excerpt, got, kind
from ._tags import MAX_TAGS_BYTES, Tags, result_of, tags_from_json

__all__ = [
    "FORMAT",
    "TAGS_BYTES",
    "Record",
    "blame",
    "card_text",
    "check_fields",
    "fitted",
    "hands",
    "integer",
    "options",
    "outcome",
    "read",
    "reader",
    "replay",
    "tagging",
    "tags_in",
    "takes_tags",
    "write",
    "written_tags",
]

FORMAT = 1
"""The version of the record format this library writes and reads (both games)."""


LONGEST_INDENT = 16
"""The widest ``indent`` of ``to_json``: spaces (an int) or a string of whitespace."""


TAGS_BYTES = MAX_TAGS_BYTES + len(', "tags": ')
"""The most bytes the tags add to a record written without ``indent``."""

S = TypeVar("S")


@attrs.frozen
class Record(Generic[S]):
    """A game record read back: the state its moves lead to, and its tags.

    What every game's ``read_record`` gives (``from_json`` gives the state alone); a
    record without tags has empty :class:`~sevens_ru.Tags`.

    >>> import sevens_ru as s7
    >>> record = s7.read_record(s7.to_json(s7.new_game(2, seed=1), tags=s7.Tags(event="Cup")))
    >>> record.tags.event, record.state == s7.new_game(2, seed=1)
    ('Cup', True)
    """

    state: S
    """The state after every move of the record, each replayed and checked."""
    tags: Tags = attrs.field(factory=Tags)
    """Its tags (none given: every tag ``None``)."""


def write(
    game: Game,
    fields: dict[str, object],
    *,
    indent: int | str | None,
    tags: Mapping[str, Any] | None = None,
) -> str:
    """The record of ``game`` with these ``fields`` (in this order) as JSON text.

    ``tags`` (from :func:`written_tags`) come right after the envelope, if any.
    """
    record: dict[str, object] = {"format": FORMAT, "game": game.key}
    if tags:
        record["tags"] = tags
    record.update(fields)
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
    record = _parse(text)
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
    check_fields("the record", record, fields, (*optional, "tags"))
    return record


def _parse(text: str | bytes | bytearray) -> Any:
    """The JSON value of ``text``, or a :class:`RecordError` saying why it is not JSON."""
    try:
        return json.loads(text)
    except RecursionError:
        raise RecordError(
            "not valid JSON here: nested too deeply (a record is four levels deep)"
        ) from None
    except ValueError as error:  # UnicodeDecodeError and too long an int included
        raise RecordError(f"not valid JSON: {error}") from error


def _check_size(
    text: str | bytes | bytearray, game: Game | None, max_bytes: int, largest: int
) -> None:
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
        bound = f" (a {game.title} record is at most {largest:,} bytes)" if game and largest else ""
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


# Tags


def outcome(
    state: S, is_over: Callable[[S], bool], ranking: Callable[[S], Any]
) -> Callable[[], tuple[int, ...] | None]:
    """What a record's result must be for ``state``: each seat's place once over, else ``None`` (asked lazily)."""
    return lambda: result_of(ranking(state)) if is_over(state) else None


def fitted(tags: Tags, *, players: int, result: Callable[[], tuple[int, ...] | None]) -> Tags:
    """``tags``, checked against a game of ``players`` seats whose result is ``result()``.

    The tags that name seats must name exactly ``players``, and a ``result`` must be the
    places the game's moves give (so only a finished game has one).

    Raises:
        RecordError: they do not fit the game.
    """
    seats = tags.seats()
    if seats is not None and seats != players:
        which = next(name for name in ("players", "bots", "result") if getattr(tags, name))
        raise RecordError(f"tags.{which}: expected one per seat ({players}), got {seats}")
    if tags.result is not None:
        places = result()
        if places is None:
            raise RecordError("tags.result: the game is not over, so it has no result yet")
        if places != tags.result:
            raise RecordError(
                f"tags.result: the moves give the places {list(places)} by seat, "
                f"got {list(tags.result)}"
            )
    return tags


def written_tags(
    tags: object, *, players: int, result: Callable[[], tuple[int, ...] | None]
) -> dict[str, Any] | None:
    """The ``"tags"`` of a record of a game of ``players`` seats: ``tags`` checked (see :func:`fitted`), as JSON.

    ``None`` for no tags (``None``, or :class:`~sevens_ru.Tags` with none given).

    Raises:
        RecordError: ``tags`` is not a :class:`~sevens_ru.Tags`, or does not fit the game.
    """
    if tags is None:
        return None
    if not isinstance(tags, Tags):
        raise RecordError(f"tags must be a sevens_ru.Tags or None, got {got(tags)}")
    return fitted(tags, players=players, result=result).to_json() or None


def tags_in(record: dict[str, Any]) -> Tags:
    """The tags of a record's JSON object (:class:`~sevens_ru.Tags`, none given if it has no ``"tags"``)."""
    if "tags" not in record:
        return Tags()
    return tags_from_json(record["tags"])


def takes_tags(to_json: Callable[..., str]) -> bool:
    """Whether a game's ``to_json`` takes the keyword ``tags`` (or any keyword)."""
    try:
        parameters = inspect.signature(to_json).parameters.values()
    except (TypeError, ValueError):  # no signature to read: a builtin, say
        return False
    return any(
        parameter.name == "tags" or parameter.kind is inspect.Parameter.VAR_KEYWORD
        for parameter in parameters
    )


def tagging(
    to_json: Callable[..., str],
    is_over: Callable[[Any], bool],
    ranking: Callable[[Any], Any],
) -> Callable[..., str]:
    """``to_json`` of a game whose own takes no tags, with ``tags=`` written around its record.

    The record it writes (a JSON object) gets the ``"tags"`` after its envelope, and is
    written again with the same ``indent`` if one is given.
    """

    def tagged(state: Any, *, tags: Tags | None = None, **keywords: Any) -> str:
        text = to_json(state, **keywords)
        written = written_tags(tags, players=state.players, result=outcome(state, is_over, ranking))
        if written is None:
            return text
        record = json.loads(text)
        if not isinstance(record, dict):
            raise RecordError(f"to_json() wrote no JSON object to put the tags in: {excerpt(text)}")
        head = {key: record.pop(key) for key in ("format", "game") if key in record}
        indent = _indent(keywords["indent"]) if "indent" in keywords else None
        return json.dumps({**head, "tags": written, **record}, ensure_ascii=False, indent=indent)

    tagged.__doc__ = to_json.__doc__
    return tagged


DEFAULT_MAX_BYTES = 8 << 20
"""The ``max_bytes`` of :func:`reader`'s ``read_record`` for a game that gives none: 8 MiB."""


def reader(
    from_json: Callable[..., Any],
    is_over: Callable[[Any], bool],
    ranking: Callable[[Any], Any],
) -> Callable[..., Record[Any]]:
    """``read_record`` for a game that has ``from_json`` alone: the tags read off, the rest given to it.

    Its ``max_bytes`` (default :data:`DEFAULT_MAX_BYTES`) bounds the text before it is
    parsed; a record without tags goes to ``from_json`` as it is.
    """

    def read_record(text: str | bytes, *, max_bytes: int | None = DEFAULT_MAX_BYTES) -> Record[Any]:
        if not isinstance(text, (str, bytes, bytearray)):
            raise RecordError(f"read_record() takes JSON text, got {type(text).__name__}")
        if max_bytes is not None:
            _check_size(text, None, max_bytes, 0)
        record = _parse(text)
        tags = Tags()
        if isinstance(record, dict) and "tags" in record:
            tags = tags_from_json(record.pop("tags"))
            text = json.dumps(record, ensure_ascii=False)
        state = from_json(text)
        tags = fitted(tags, players=state.players, result=outcome(state, is_over, ranking))
        return Record(state, tags)

    return read_record
