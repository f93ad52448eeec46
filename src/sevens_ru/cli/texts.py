"""What the command says, in English, Russian, French and German (``--lang``).

A counted word is written in a message as its forms after the count's field,
``{count:card|cards}`` (``{count:карта|карты|карт}`` in Russian), and :func:`say`
puts in the form that agrees with the number, by :func:`plural`.

>>> from sevens_ru.cli.texts import say
>>> say("ru", "plays", name="Игрок 2", card="10♦")
'Игрок 2 ходит 10♦'
>>> [say("ru", "d_set_aside", count=count) for count in (1, 2, 6)]
['Всё покрыто: 1 карта уходит в отбой', 'Всё покрыто: 2 карты уходят в отбой', 'Всё покрыто: 6 карт уходят в отбой']
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from typing import Any

import attrs

from ..common._quote import excerpt
from ..common.cards import LANGUAGES, Language
from ..errors import UnknownLanguageError
from ..svg._draw import phrasebook

__all__ = ["TEXTS", "Narrator", "plural", "say", "seat_name"]

TEXTS = phrasebook(__package__ or "sevens_ru.cli", "texts.json")
"""Every message, by key and language; ``{name}`` fields are filled by :func:`say`.

Read from the data file ``texts.json`` beside this module (Old Durak's keys begin
with ``d_``).
"""


def say(lang: Language, key: str, /, **fields: object) -> str:
    """The message ``key`` in ``lang``, with ``fields`` filled in and counted words agreed.

    Raises:
        UnknownLanguageError: ``lang`` is not one of ``en``, ``ru``, ``fr``, ``de``.
    """
    _check(lang)
    return _Formatter(lang).format(TEXTS[key][lang], **fields)


def _names(names: Sequence[str]) -> tuple[str, ...]:
    return tuple(names)


@attrs.frozen
class Narrator:
    """How the command tells a game: in ``lang``, to the person at seat ``human`` if there is one, each bot named.

    The functions that draw a game take a narrator: ``Narrator("ru")`` tells a game in
    Russian to no one in particular.

    >>> from sevens_ru.cli.texts import Narrator
    >>> narrator = Narrator("en", human=1, names=["heuristic", "", "random"])
    >>> narrator.seat(0), narrator.seat(1), narrator.say("wins", name=narrator.seat(2))
    ('Seat 0 (heuristic)', 'You', 'Seat 2 (random) wins!')
    """

    lang: Language
    """The language of the messages and the cards."""
    human: int | None = None
    """The person's seat, told as "you"; ``None`` when bots alone play."""
    names: tuple[str, ...] = attrs.field(default=(), converter=_names)
    """Each seat's bot, by seat (empty for the person's seat, or for none)."""

    def say(self, key: str, /, **fields: object) -> str:
        """The message ``key`` in this language (see :func:`say`)."""
        return say(self.lang, key, **fields)

    def seat(self, seat: int) -> str:
        """The name of ``seat`` (see :func:`seat_name`)."""
        return seat_name(seat, self.lang, human=self.human, names=self.names)


def seat_name(
    seat: int, lang: Language, *, human: int | None = None, names: Sequence[str] = ()
) -> str:
    """``"You"`` for the human's seat, else ``"Seat 2"``, with ``names[seat]`` (a bot's name) if given.

    >>> from sevens_ru.cli.texts import seat_name
    >>> seat_name(2, "fr", names=["", "", "heuristic"]), seat_name(0, "ru", human=0)
    ('Joueur 2 (heuristic)', 'Вы')
    """
    if seat == human:
        return say(lang, "you")
    name = say(lang, "seat", seat=seat)
    bot = names[seat] if seat < len(names) else ""
    return f"{name} ({bot})" if bot else name


def plural(lang: Language, count: int, forms: Sequence[str]) -> str:
    """The form of a counted word that agrees with ``count`` in ``lang``.

    ``forms`` are the singular and the plural in English, French and German, and in
    Russian the forms for 1, 2 and 5 (one, few, many): 21 takes the first, 22 to 24 the
    second, 11 to 14 the third. French counts 0 as singular, as it says "0 carte".

    >>> from sevens_ru.cli.texts import plural
    >>> [plural("ru", count, ("карта", "карты", "карт")) for count in (1, 2, 5, 11, 21, 22)]
    ['карта', 'карты', 'карт', 'карт', 'карта', 'карты']
    >>> plural("en", 0, ("card", "cards")), plural("fr", 0, ("carte", "cartes"))
    ('cards', 'carte')

    Raises:
        UnknownLanguageError: ``lang`` is not one of ``en``, ``ru``, ``fr``, ``de``.
        ValueError: not as many ``forms`` as ``lang`` has (three in Russian, else two).
    """
    _check(lang)
    wanted = 3 if lang == "ru" else 2
    if len(forms) != wanted:
        raise ValueError(f"{lang} has {wanted} forms of a counted word, got {list(forms)}")
    count = abs(count)
    if lang == "ru":
        if count % 10 == 1 and count % 100 != 11:
            return forms[0]
        return forms[1] if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14 else forms[2]
    singular = count in (0, 1) if lang == "fr" else count == 1
    return forms[0] if singular else forms[1]


def _check(lang: object) -> None:
    if lang not in LANGUAGES:
        raise UnknownLanguageError(
            f"unknown language {excerpt(lang)}: expected one of {', '.join(LANGUAGES)}"
        )


class _Formatter(string.Formatter):
    """:meth:`str.format` with ``{count:one|other}`` fields agreed by :func:`plural`."""

    def __init__(self, lang: Language) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            return plural(self.lang, value, format_spec.split("|"))
        return str(super().format_field(value, format_spec))
