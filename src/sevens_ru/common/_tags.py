"""A game record's tags: who played, which bots, the event, the site, the date and the result.

The tags of a record are PGN's tag pairs for the games of this library: optional facts
about a game written beside its moves, none of which the rules need. :class:`Tags`
holds them, each checked and bounded as it is made; :class:`BotTag` is one seat's bot
(its name and its settings). :func:`tags_from_json` reads the ``"tags"`` object of a
record (JSON's kinds checked first, then the same checks), and :meth:`Tags.to_json`
writes it. How tags go into a record and come out of one is :mod:`._records`.

Every bad value raises a :class:`~sevens_ru.errors.RecordError` that names the tag
(``tags.players[2]``), says what was expected and quotes at most a short excerpt.

>>> import datetime
>>> tags = Tags(players=("Anna", "heuristic"), date=datetime.date(2025, 5, 1))
>>> tags.to_json()
{'date': '2025-05-01', 'players': ['Anna', 'heuristic']}
>>> tags_from_json(tags.to_json()) == tags
True
>>> Tags(players=("Anna", "x" * 500))
Traceback (most recent call last):
...
sevens_ru.errors.RecordError: tags.players[1]: expected a name of 1 to 100 characters, got str 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (500 characters)
"""

from __future__ import annotations

import datetime
import json
import math
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeAlias

import attrs

from ..errors import RecordError
from ._numbers import as_int
from ._quote import excerpt, got, kind

__all__ = [
    "MAX_SEATS",
    "MAX_SETTINGS",
    "MAX_TAGS_BYTES",
    "MAX_TEXT",
    "BotTag",
    "Setting",
    "Tags",
    "result_of",
    "tags_from_json",
]

MAX_TEXT = 100
"""The most characters of a tag's text: a name, the event, the site, the round, a setting."""
MAX_SEATS = 64
"""The most seats the tags may name (a game's record names exactly its own)."""
MAX_SETTINGS = 12
"""The most settings a bot's tag holds."""
MAX_TAGS_BYTES = 4096
"""The most bytes of a record's tags, written as compact JSON in UTF-8."""

Setting: TypeAlias = int | float | str | bool | None
"""A bot's setting as a record holds it: a JSON number, string, boolean or null."""

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,31}\Z")
_BIGGEST = 2**53  # the largest int every JSON reader reads exactly
_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})\Z")
_DATE_TIME = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})"
    r"(?::([0-9]{2})(?:\.([0-9]{1,6}))?)?(Z|[+-][0-9]{2}:[0-9]{2})?\Z"
)
_ORDER = ("event", "site", "date", "round", "players", "bots", "result")
"""The tags in the order a record writes them (PGN's order: the event first)."""


def _refuse(field: str, expected: str, value: object) -> RecordError:
    return RecordError(f"{field}: expected {expected}, got {got(value)}")


def _text(field: str, value: object, what: str = "a text") -> str:
    """``value`` if it is text a record may hold: 1 to :data:`MAX_TEXT` printable characters.

    No control character or lone surrogate (a record is UTF-8 text, one line of JSON),
    and no space at either end (a name is written once, as given).
    """
    expected = f"{what} of 1 to {MAX_TEXT} characters"
    if not isinstance(value, str) or not 0 < len(value) <= MAX_TEXT:
        raise _refuse(field, expected, value)
    if value != value.strip():
        raise RecordError(f"{field}: {what} has no space at either end, got {excerpt(value)}")
    bad = next((char for char in value if unicodedata.category(char) in ("Cc", "Cs")), None)
    if bad is not None:
        raise RecordError(
            f"{field}: {what} holds no control character, got {excerpt(value)} "
            f"(with U+{ord(bad):04X})"
        )
    return value


def _tuple(field: str, value: object, expected: str) -> tuple[Any, ...]:
    """``value`` as a tuple, if it is a sequence (not text) of at most :data:`MAX_SEATS` items."""
    if isinstance(value, (str, bytes, bytearray)) or not isinstance(value, Sequence):
        raise _refuse(field, expected, value)
    if len(value) > MAX_SEATS:
        raise RecordError(f"{field}: at most {MAX_SEATS} seats, got {len(value):,}")
    return tuple(value)


def _setting(field: str, value: object) -> Setting:
    """``value`` if a record can hold it as a bot's setting, exactly."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        if abs(value) > _BIGGEST:
            raise RecordError(f"{field}: expected an int of at most 2**53, got {excerpt(value)}")
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise RecordError(f"{field}: expected a finite number, got {value!r}")
        return value
    if isinstance(value, str):
        return _text(field, value, "a setting's text")
    raise _refuse(field, "a number, a text, True, False or None", value)


def _settings(value: object) -> tuple[tuple[str, Setting], ...]:
    """A bot's settings, from a mapping or from pairs, checked: names and values a record holds."""
    field = "tags.bots[]"
    if isinstance(value, Mapping):
        pairs: Iterable[object] = value.items()
        count = len(value)
    elif isinstance(value, (tuple, list)):
        pairs, count = value, len(value)
    else:
        raise _refuse(field, "a mapping of setting names to values", value)
    if count > MAX_SETTINGS:
        raise RecordError(f"{field}: at most {MAX_SETTINGS} settings, got {count:,}")
    checked: dict[str, Setting] = {}
    for pair in pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise _refuse(field, "pairs of a name and a value", pair)
        name, setting = pair
        if not isinstance(name, str) or not _NAME.match(name) or name == "name":
            raise RecordError(
                f"{field}: a setting's name is a Python name of at most 32 characters, "
                f"not 'name', got {excerpt(name)}"
            )
        if name in checked:
            raise RecordError(f"{field}: the setting {name!r} is given twice")
        checked[name] = _setting(f"tags.bots[].{name}", setting)
    return tuple(checked.items())


def _bot_name(value: object) -> str:
    return _text("tags.bots[].name", value, "a bot's name")


@attrs.frozen
class BotTag:
    """One seat's bot in a record: its name and its settings.

    The settings are pairs of a name and a value (a JSON number, string, boolean or
    null), in the order given; a mapping is taken too. :meth:`of` reads them off a bot,
    and :attr:`description` writes them the way the games' bots are made by name.

    >>> from sevens_ru.bots import make_bot
    >>> tag = BotTag.of(make_bot("search:rollouts=50"))
    >>> tag.name, dict(tag.settings)["rollouts"]
    ('search:rollouts=50', 50)
    >>> BotTag("heuristic", {"tempo": 1.5}).description
    'heuristic:tempo=1.5'
    """

    name: str = attrs.field(converter=_bot_name)
    """The bot's name, as match results call it (``"heuristic"``, ``"search:rollouts=50"``)."""
    settings: tuple[tuple[str, Setting], ...] = attrs.field(default=(), converter=_settings)
    """Its settings, as ``(name, value)`` pairs: ``dict(tag.settings)`` reads them by name."""

    @classmethod
    def of(cls, bot: object) -> BotTag:
        """The tag of ``bot``: its name (its ``name``, else its class's) and its settings.

        A bot's settings are the fields of an attrs class that its constructor takes,
        but ``name`` and ``game``, whose values a record can hold (a number, a text
        of at most 100 characters, a boolean or ``None``), the first 12 of them; other
        bots have none. A name too long for a record is cut to 100 characters, its
        control characters dropped.
        """
        name = getattr(bot, "name", None)
        name = name if isinstance(name, str) and name.strip() else type(bot).__name__
        name = "".join(
            char for char in name.strip() if unicodedata.category(char) not in ("Cc", "Cs")
        )
        settings: list[tuple[str, Setting]] = []
        kind = type(bot)
        if attrs.has(kind):
            for field in attrs.fields(kind):
                value = getattr(bot, field.name, None)
                if field.init and field.name not in ("name", "game") and _holds(value):
                    settings.append((field.name, value))
        return cls(
            name[:MAX_TEXT].strip() or type(bot).__name__[:MAX_TEXT], settings[:MAX_SETTINGS]
        )

    @property
    def description(self) -> str:
        """The bot as the games' ``make_bot`` reads it: ``kind:name=value,...``.

        The kind is the name up to a colon; a game's registry makes the same bot again
        from it when the bot is one of the game's own (``game.bots.make``).
        """
        kind = self.name.partition(":")[0]
        settings = ",".join(f"{name}={value}" for name, value in self.settings)
        return f"{kind}:{settings}" if settings else kind

    def to_json(self) -> dict[str, Setting]:
        """The tag as a record writes it: ``{"name": ..., setting: value, ...}``."""
        return {"name": self.name, **dict(self.settings)}


def _holds(value: object) -> bool:
    """Whether a record can hold ``value`` as a setting."""
    try:
        _setting("", value)
    except RecordError:
        return False
    return True


def _date(value: object) -> datetime.date | None:
    if value is None:
        return None
    if not isinstance(value, datetime.date):
        raise _refuse("tags.date", "a datetime.date or datetime.datetime", value)
    if isinstance(value, datetime.datetime) and not _DATE_TIME.match(value.isoformat()):
        raise RecordError(
            f"tags.date: a time zone of whole minutes, got {excerpt(value.isoformat())}"
        )
    return value


def _event(value: object) -> str | None:
    return None if value is None else _text("tags.event", value)


def _site(value: object) -> str | None:
    return None if value is None else _text("tags.site", value)


def _round(value: object) -> str | None:
    return None if value is None else _text("tags.round", value)


def _players(value: object) -> tuple[str, ...] | None:
    if value is None:
        return None
    names = _tuple("tags.players", value, "one name per seat")
    return tuple(_text(f"tags.players[{seat}]", name, "a name") for seat, name in enumerate(names))


def _bots(value: object) -> tuple[BotTag | None, ...] | None:
    if value is None:
        return None
    bots = _tuple("tags.bots", value, "a BotTag or None per seat")
    for seat, bot in enumerate(bots):
        if bot is not None and not isinstance(bot, BotTag):
            raise _refuse(f"tags.bots[{seat}]", "a BotTag, or None for a person", bot)
    return bots


def _result(value: object) -> tuple[int, ...] | None:
    if value is None:
        return None
    places = _tuple("tags.result", value, "each seat's place (1 is best)")
    for seat, place in enumerate(places):
        number = as_int(place)
        if number is None or not 1 <= number <= len(places):
            raise _refuse(f"tags.result[{seat}]", f"a place from 1 to {len(places)}", place)
    return tuple(as_int(place) or 0 for place in places)


def result_of(ranking: Iterable[Any]) -> tuple[int, ...]:
    """Each seat's place, in seat order, from a finished game's ranking (standings with ``seat`` and ``place``).

    What :attr:`Tags.result <sevens_ru.Tags.result>` holds.

    >>> import sevens_ru as s7
    >>> state = s7.new_game(3, seed=2)
    >>> while not s7.is_over(state):
    ...     state = s7.apply(state, s7.legal_moves(state)[0])
    >>> s7.Tags.result_of(s7.ranking(state))
    (3, 2, 1)
    """
    places = {standing.seat: standing.place for standing in ranking}
    return tuple(places[seat] for seat in range(len(places)))


@attrs.frozen
class Tags:
    """The tags of a game record, PGN's tag pairs: every one optional (``None``: not given).

    ``players`` names each seat, ``bots`` gives a seat's bot (``None`` for a person),
    ``result`` each seat's place in the finished game (1 is best, as in its ranking);
    the three name every seat of the game when given, and a record's result must be
    the one its moves give. ``date`` is a ``datetime.date``, or a ``datetime.datetime``
    for the time too, written in ISO 8601. Texts are 1 to 100 characters, without
    control characters or spaces at either end; the tags name at most 64 seats, a bot
    holds at most 12 settings, and all the tags together take at most 4,096 bytes as
    JSON.

    >>> import datetime
    >>> import sevens_ru as s7
    >>> tags = s7.Tags(event="Club night", date=datetime.date(2025, 5, 1), players=["Anna", "Boris"])
    >>> tags.players, tags.site
    (('Anna', 'Boris'), None)
    >>> s7.Tags(date="yesterday")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.RecordError: tags.date: expected a datetime.date or datetime.datetime, got str 'yesterday'
    """

    event: str | None = attrs.field(default=None, converter=_event)
    """What the game was part of (``"Club night"``, ``"sevens match, seed 7"``)."""
    site: str | None = attrs.field(default=None, converter=_site)
    """Where it was played (a place, a server's name)."""
    date: datetime.date | None = attrs.field(default=None, converter=_date)
    """When it was played: a date, or a date and a time."""
    round: str | None = attrs.field(default=None, converter=_round)
    """Which game of the event it was (a match writes ``"deal.rotation"``, such as ``"3.1"``)."""
    players: tuple[str, ...] | None = attrs.field(default=None, converter=_players)
    """Each seat's player by name, in seat order."""
    bots: tuple[BotTag | None, ...] | None = attrs.field(default=None, converter=_bots)
    """Each seat's bot (:class:`BotTag`), ``None`` for a seat a person played."""
    result: tuple[int, ...] | None = attrs.field(default=None, converter=_result)
    """Each seat's place in the finished game, in seat order (1 is best)."""

    result_of = staticmethod(result_of)

    def __attrs_post_init__(self) -> None:
        self.seats()
        size = len(json.dumps(self.to_json(), ensure_ascii=False).encode("utf-8"))
        if size > MAX_TAGS_BYTES:
            raise RecordError(
                f"tags: at most {MAX_TAGS_BYTES:,} bytes as JSON, got {size:,}: shorten the names"
            )

    def __bool__(self) -> bool:
        """Whether any tag is given."""
        return any(getattr(self, name) is not None for name in _ORDER)

    def seats(self) -> int | None:
        """The seats the tags name (``players``, ``bots``, ``result``), or ``None`` if none does.

        Raises:
            RecordError: they name different numbers of seats.
        """
        counts = {
            name: len(getattr(self, name))
            for name in ("players", "bots", "result")
            if getattr(self, name) is not None
        }
        if len(set(counts.values())) > 1:
            told = ", ".join(f"{count} in {name}" for name, count in counts.items())
            raise RecordError(f"tags: players, bots and result have one item per seat, got {told}")
        return next(iter(counts.values()), None)

    def headline(self, round: str = "round {round}", separator: str = ", ") -> str:
        """The event, the site, the date (and time, to the minute) and the round, those given, in a line.

        ``round`` words the round (``{round}`` is put in); ``""`` when none is given.

        >>> Tags(event="Cup", date=datetime.datetime(2025, 5, 1, 19, 30), round="2").headline("тур {round}")
        'Cup, 2025-05-01 19:30, тур 2'
        """
        when = self.date
        if isinstance(when, datetime.datetime):
            written: str | None = when.isoformat(sep=" ", timespec="minutes")
        else:
            written = None if when is None else when.isoformat()
        which = None if self.round is None else round.format(round=self.round)
        return separator.join(part for part in (self.event, self.site, written, which) if part)

    def to_json(self) -> dict[str, Any]:
        """The tags as a record's ``"tags"`` object: the given ones, in PGN's order.

        >>> Tags(round="2", event="Cup").to_json()
        {'event': 'Cup', 'round': '2'}
        """
        written: dict[str, Any] = {}
        for name in _ORDER:
            value = getattr(self, name)
            if value is None:
                continue
            if name == "date":
                value = value.isoformat()
            elif name == "bots":
                value = [None if bot is None else bot.to_json() for bot in value]
            elif isinstance(value, tuple):
                value = list(value)
            written[name] = value
        return written


def tags_from_json(value: object) -> Tags:
    """The :class:`Tags` of a record's ``"tags"`` object, JSON's kinds checked, then every tag.

    Raises:
        RecordError: not an object, an unknown tag, a value of the wrong kind, or a bad
            value (the message names the tag).
    """
    if not isinstance(value, dict):
        raise RecordError(f"field 'tags': expected an object, got {kind(value)}")
    unknown = [name for name in value if name not in _ORDER]
    if unknown:
        names = ", ".join(excerpt(name) for name in unknown[:5])
        raise RecordError(f"field 'tags' has unknown {names}; expected only {', '.join(_ORDER)}")
    given: dict[str, Any] = {}
    for name, tag in value.items():
        if tag is None:
            raise RecordError(f"tags.{name}: expected a value, got null (leave the tag out)")
        given[name] = _from_json(name, tag)
    return Tags(**given)


def _from_json(name: str, tag: object) -> Any:
    """One tag's JSON value as :class:`Tags` takes it (lists as tuples, the date as a date)."""
    if name in ("players", "bots", "result"):
        if not isinstance(tag, list):
            raise RecordError(
                f"tags.{name}: expected a list with an item per seat, got {kind(tag)}"
            )
        if len(tag) > MAX_SEATS:
            raise RecordError(f"tags.{name}: at most {MAX_SEATS} seats, got {len(tag):,}")
        if name == "bots":
            return tuple(_bot_from_json(seat, bot) for seat, bot in enumerate(tag))
        if name == "result":
            for seat, place in enumerate(tag):
                if isinstance(place, bool) or not isinstance(place, int):
                    raise RecordError(f"tags.result[{seat}]: expected a place, got {kind(place)}")
        return tuple(tag)
    if not isinstance(tag, str):
        raise RecordError(f"tags.{name}: expected a string, got {kind(tag)}")
    return _date_from_json(tag) if name == "date" else tag


def _bot_from_json(seat: int, bot: object) -> BotTag | None:
    if bot is None:
        return None
    if not isinstance(bot, dict) or not isinstance(bot.get("name"), str):
        raise RecordError(
            f'tags.bots[{seat}]: expected null or an object {{"name": ..., setting: value}}, '
            f"got {kind(bot)}"
        )
    settings = {key: value for key, value in bot.items() if key != "name"}
    try:
        return BotTag(bot["name"], settings)
    except RecordError as error:
        raise RecordError(str(error).replace("tags.bots[]", f"tags.bots[{seat}]", 1)) from None


def _date_from_json(text: str) -> datetime.date:
    """An ISO 8601 date (``2025-05-01``) or date and time (``2025-05-01T19:30:00+03:00``)."""
    try:
        match = _DATE.match(text)
        if match:
            return datetime.date(*map(int, match.groups()))
        match = _DATE_TIME.match(text)
        if match:
            year, month, day, hour, minute, second, fraction, zone = match.groups()
            return datetime.datetime(
                int(year),
                int(month),
                int(day),
                int(hour),
                int(minute),
                int(second or 0),
                int((fraction or "0").ljust(6, "0")),
                tzinfo=_zone(zone),
            )
    except ValueError as error:  # a day or an hour that does not exist
        raise RecordError(f"tags.date: {error}, got {excerpt(text)}") from None
    raise RecordError(
        f"tags.date: expected an ISO 8601 date such as '2025-05-01' (or '2025-05-01T19:30:00+03:00'), "
        f"got {excerpt(text)}"
    )


def _zone(text: str | None) -> datetime.tzinfo | None:
    if text is None:
        return None
    if text == "Z":
        return datetime.timezone.utc
    hours, minutes = int(text[1:3]), int(text[4:6])
    if minutes >= 60:
        raise ValueError("minutes must be in 0..59")
    sign = -1 if text[0] == "-" else 1
    return datetime.timezone(sign * datetime.timedelta(hours=hours, minutes=minutes))
