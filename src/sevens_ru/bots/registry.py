"""Bots by name, for the command line and for match descriptions.

A bot is named by its kind, optionally followed by a colon and settings:
``"random"``, ``"heuristic"``, ``"search"``, ``"search:rollouts=2000"``,
``"search:time_limit=0.05"`` or ``"heuristic:tempo=1,danger=0"``. Durak's bots are
named the same way, by :func:`sevens_ru.durak.bots.make_bot`; both registries are a
:class:`BotRegistry`.

>>> from sevens_ru.bots import make_bot
>>> make_bot("search:rollouts=2000")
SearchBot(name='search:rollouts=2000', rollouts=2000, time_limit=None, place_weight=0.25, rollout='greedy')
>>> make_bot("minimax")
Traceback (most recent call last):
...
sevens_ru.errors.UnknownBotError: unknown bot 'minimax': expected random, heuristic or search
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

import attrs

from ..errors import UnknownBotError
from ._base import Bot
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .search import SearchBot

__all__ = ["BOT_NAMES", "BotRegistry", "UnknownBotError", "make_bot"]

B = TypeVar("B")


@attrs.frozen
class BotRegistry(Generic[B]):
    """The bots of one game by name: how :func:`make_bot` reads a description.

    ``kinds`` maps each kind (``"heuristic"``) to what makes the bot; ``settings`` maps
    a kind to the names of the settings its maker takes as keywords (none if missing);
    ``game`` names the game in messages (empty for the main game). A bot made with
    settings gets ``name=`` the description too when ``named`` is true, so results tell
    settings apart.

    >>> from sevens_ru.bots import BotRegistry, RandomBot
    >>> registry = BotRegistry({"random": RandomBot}, game="toy")
    >>> registry.names, registry.make(" Random ")
    (('random',), RandomBot(name='random'))
    >>> registry.make("random:speed=2")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.UnknownBotError: bad setting 'speed=2' for random: it takes no settings
    """

    kinds: Mapping[str, Callable[..., B]]
    """The maker of each kind of bot, by name."""
    settings: Mapping[str, frozenset[str]] = attrs.field(factory=dict)
    """The settings each kind takes, by name."""
    game: str = ""
    """The game, as messages name it (``"Durak"``), or empty."""
    named: bool = False
    """Whether a bot made with settings is given the description as its ``name``."""

    @property
    def names(self) -> tuple[str, ...]:
        """The kinds, in the order given."""
        return tuple(self.kinds)

    def make(self, description: str) -> B:
        """The bot ``description`` names: a kind, then optionally ``:`` and ``name=value`` settings.

        Raises:
            UnknownBotError: no such bot, or no such setting.
        """
        which = f"{self.game} bot" if self.game else "bot"
        if not isinstance(description, str):
            raise UnknownBotError(
                f"a {which} is named by text such as 'heuristic', got {description!r}"
            )
        kind, _, settings = description.strip().partition(":")
        kind = kind.strip().lower()
        factory = self.kinds.get(kind)
        if factory is None:
            names = self.names
            expected = ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]
            raise UnknownBotError(f"unknown {which} {kind!r}: expected {expected}")
        known = self.settings.get(kind, frozenset())
        values: dict[str, Any] = {}
        for item in filter(None, (part.strip() for part in settings.split(","))):
            key, equals, text = item.partition("=")
            key = key.strip()
            if not known:
                raise UnknownBotError(f"bad setting {item!r} for {kind}: it takes no settings")
            if not equals or key not in known:
                raise UnknownBotError(
                    f"bad setting {item!r} for {kind}: expected name=value with a name among "
                    f"{', '.join(sorted(known))}"
                )
            values[key] = _value(text.strip())
        if values and self.named:
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


_KINDS: dict[str, type[RandomBot] | type[HeuristicBot] | type[SearchBot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
}
_REGISTRY: BotRegistry[Bot] = BotRegistry(
    _KINDS,
    settings={
        kind: frozenset(field.name for field in attrs.fields(factory)) - {"name"}
        for kind, factory in _KINDS.items()
    },
    named=True,
)

BOT_NAMES: tuple[str, ...] = _REGISTRY.names
"""The kinds of bot :func:`make_bot` knows: ``random``, ``heuristic``, ``search``."""


def make_bot(description: str) -> Bot:
    """The bot a description such as ``"search:rollouts=2000"`` names (see the module).

    The bot's ``name`` is the description itself, so results tell settings apart.

    >>> from sevens_ru.bots import BOT_NAMES, make_bot
    >>> [type(make_bot(name)).__name__ for name in BOT_NAMES]
    ['RandomBot', 'HeuristicBot', 'SearchBot']

    Raises:
        UnknownBotError: no such bot, or no such setting.
        InvalidOptionsError: a bad value for a setting (e.g. ``rollouts=0``).
    """
    return _REGISTRY.make(description)
