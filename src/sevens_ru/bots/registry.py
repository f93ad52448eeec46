"""Bots by name, for the command line and for match descriptions.

A bot is named by its kind, optionally followed by a colon and settings:
``"random"``, ``"heuristic"``, ``"search"``, ``"search:rollouts=2000"``,
``"search:time_limit=0.05"`` or ``"heuristic:tempo=1,danger=0"``.

>>> from sevens_ru.bots import make_bot
>>> make_bot("search:rollouts=2000")
SearchBot(name='search:rollouts=2000', rollouts=2000, time_limit=None, place_weight=0.25, rollout='greedy')
>>> make_bot("minimax")
Traceback (most recent call last):
...
sevens_ru.errors.UnknownBotError: unknown bot 'minimax': expected random, heuristic or search
"""

from __future__ import annotations

from typing import Any

import attrs

from ..errors import UnknownBotError
from ._base import Bot
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .search import SearchBot

__all__ = ["BOT_NAMES", "UnknownBotError", "make_bot"]


_KINDS: dict[str, type[RandomBot] | type[HeuristicBot] | type[SearchBot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
}
_SETTINGS = {
    kind: frozenset(field.name for field in attrs.fields(factory)) - {"name"}
    for kind, factory in _KINDS.items()
}

BOT_NAMES: tuple[str, ...] = tuple(_KINDS)
"""The kinds of bot :func:`make_bot` knows: ``random``, ``heuristic``, ``search``."""


def make_bot(description: str) -> Bot:
    """The bot a description such as ``"search:rollouts=2000"`` names (see the module).

    The bot's ``name`` is the description itself, so results tell settings apart.

    Raises:
        UnknownBotError: no such bot, or no such setting.
        InvalidOptionsError: a bad value for a setting (e.g. ``rollouts=0``).
    """
    if not isinstance(description, str):
        raise UnknownBotError(f"a bot is named by text such as 'heuristic', got {description!r}")
    kind, _, settings = description.strip().partition(":")
    kind = kind.strip().lower()
    factory = _KINDS.get(kind)
    if factory is None:
        expected = ", ".join(BOT_NAMES[:-1]) + " or " + BOT_NAMES[-1]
        raise UnknownBotError(f"unknown bot {kind.strip()!r}: expected {expected}")
    known = _SETTINGS[kind]
    values: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in settings.split(","))):
        key, equals, text = item.partition("=")
        key = key.strip()
        if not equals or key not in known:
            raise UnknownBotError(
                f"bad setting {item!r} for {kind}: expected name=value with a name among "
                f"{', '.join(sorted(known))}"
            )
        values[key] = _value(text.strip())
    if values:
        values["name"] = description.strip()
    return factory(**values)


def _value(text: str) -> int | float | str | None:
    """A setting's value: an int, a float, ``None`` or else the text itself."""
    if text.lower() == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text
