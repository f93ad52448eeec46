"""The games of the library, and of other packages, by name: the registry.

Each game is a :class:`Game` value, and every consumer of the library (matches, the
``sevens-ru`` command, the server, the pictures, the learners' environments) takes
one. The library's own games live one folder each below this package
(``sevens_ru/games/sevens/``, ``sevens_ru/games/durak/``) and are imported only when
first asked for; a game of another pip package joins through the entry-point group
``sevens_ru.games`` (see :doc:`/howto/add-game`), or at run time through
:func:`register`.

>>> from sevens_ru import games
>>> games.names()[:2]
('sevens', 'durak')
>>> games.get("durak").title()
'Old Durak'
>>> games.get("chess")
Traceback (most recent call last):
...
sevens_ru.errors.UnknownGameError: unknown game 'chess': expected sevens, durak, sevens-52, fan-tan, shichinarabe, domino, cinquillo
"""

from __future__ import annotations

import importlib
import re
import threading
from importlib import metadata
from typing import Any

from ..common._quote import excerpt, got
from ..errors import InvalidGameError, UnknownGameError
from ._game import Bots, Game, Kernels, Lockstep, State, Tensors

__all__ = [
    "ENTRY_POINTS",
    "Bots",
    "Game",
    "Kernels",
    "Lockstep",
    "State",
    "Tensors",
    "game_of",
    "get",
    "names",
    "offering",
    "register",
]

ENTRY_POINTS = "sevens_ru.games"
"""The entry-point group through which another package's games join the registry.

Each entry point's name is the game's name and its object a :class:`Game` (or a
function of no arguments that returns one), loaded when the game is first asked for.
"""

_NAME = re.compile(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*\Z")
_LONGEST_NAME = 40

_BUILT_IN = {
    "sevens": "sevens_ru.games.sevens.definition",
    "durak": "sevens_ru.games.durak.definition",
    **{
        name: f"sevens_ru.games.family.entries.{name.replace('-', '_')}"
        for name in ("sevens-52", "fan-tan", "shichinarabe", "domino", "cinquillo")
    },
}

_lock = threading.RLock()
_entries: dict[str, Game[Any, Any, Any] | str | metadata.EntryPoint] = dict(_BUILT_IN)
_plugins_read = False


def _read_plugins() -> None:
    """Add the games of other packages' entry points, once, after the built-in ones."""
    global _plugins_read
    with _lock:
        if _plugins_read:
            return
        _plugins_read = True
        for point in sorted(metadata.entry_points(group=ENTRY_POINTS), key=lambda p: p.name):
            if point.name not in _entries and _NAME.match(point.name):
                _entries[point.name] = point


def names() -> tuple[str, ...]:
    """The names of every game, in the order they joined: the library's own first.

    Listing them imports none of them.

    >>> from sevens_ru import games
    >>> "sevens" in games.names()
    True
    """
    _read_plugins()
    with _lock:
        return tuple(_entries)


def get(name: str) -> Game[Any, Any, Any]:
    """The game called ``name``, imported on first use.

    Raises:
        UnknownGameError: no game has that name (also a ``LookupError``).
        InvalidGameError: another package's entry point for it gives no valid game.
    """
    _read_plugins()
    with _lock:
        entry = _entries.get(name) if isinstance(name, str) else None
        if entry is None:
            if not isinstance(name, str):
                raise UnknownGameError(f"a game is named by text such as 'sevens', got {got(name)}")
            raise UnknownGameError(f"unknown game {excerpt(name)}: expected {', '.join(_entries)}")
        if isinstance(entry, Game):
            return entry
        game = _load(name, entry)
        _entries[name] = game
        return game


def offering(part: str) -> dict[str, Game[Any, Any, Any]]:
    """Every game, by name in registration order, whose field ``part`` is not ``None``.

    A consumer lists the games it can offer so (``offering("commands")``, the command's;
    ``offering("server")``, the server's). A game of another package whose entry point
    fails to load is left out, so that one broken package cannot take the others down.

    >>> from sevens_ru import games
    >>> list(games.offering("tensors"))[:2]
    ['sevens', 'durak']
    """
    found = {}
    for name in names():
        try:
            game = get(name)
        except InvalidGameError:
            continue
        if getattr(game, part) is not None:
            found[name] = game
    return found


def game_of(value: object) -> Game[Any, Any, Any] | None:
    """The game whose state or view ``value`` is, if a registered game's; else ``None``.

    >>> from sevens_ru import durak, games
    >>> games.game_of(durak.new_game(2, seed=1)).name, games.game_of("9♦")
    ('durak', None)
    """
    for game in offering("state_type").values():
        if game.owns(value):
            return game
    return None


def _load(name: str, entry: str | metadata.EntryPoint) -> Game[Any, Any, Any]:
    """The game an entry names: a built-in module's ``GAME``, or an entry point's object."""
    if isinstance(entry, str):
        game: object = importlib.import_module(entry).GAME
        source = entry
    else:
        source = f"the entry point {excerpt(entry.value)} of {ENTRY_POINTS}"
        try:
            game = entry.load()
            if not isinstance(game, Game) and callable(game):
                game = game()
        except Exception as error:  # another package's code: any failure is its own
            raise InvalidGameError(
                f"{source} for the game {name!r} failed to load: {type(error).__name__}: "
                f"{excerpt(str(error))}"
            ) from error
    if not isinstance(game, Game):
        raise InvalidGameError(f"{source} gives no sevens_ru.games.Game, got {got(game)}")
    if game.name != name:
        raise InvalidGameError(
            f"{source} is registered as {name!r} but its game is {excerpt(game.name)}"
        )
    return game


def register(game: Game[Any, Any, Any], *, replace: bool = False) -> Game[Any, Any, Any]:
    """Add ``game`` to the registry under its name; every consumer then offers it.

    ``replace=True`` lets it take the place of a game of the same name (a new version
    of one's own game, say). It returns ``game``.

    Raises:
        InvalidGameError: ``game`` is not a :class:`Game`, its name is not a lowercase
            word (letters, digits and single ``-`` or ``_`` between them, at most 40
            characters), or the name is taken and ``replace`` is false.
    """
    if not isinstance(game, Game):
        raise InvalidGameError(f"register() takes a sevens_ru.games.Game, got {got(game)}")
    name = game.name
    if not isinstance(name, str) or len(name) > _LONGEST_NAME or not _NAME.match(name):
        raise InvalidGameError(
            f"a game's name is a lowercase word such as 'fan-tan' of at most "
            f"{_LONGEST_NAME} characters, got {excerpt(name)}"
        )
    if not 1 <= game.min_players <= game.max_players:
        raise InvalidGameError(
            f"{name}: min_players {game.min_players} and max_players {game.max_players} "
            "are not a range of seats"
        )
    if not game.min_players <= game.default_players <= game.max_players:
        raise InvalidGameError(f"{name}: default_players {game.default_players} is out of range")
    _read_plugins()
    with _lock:
        if name in _entries and not replace and _entries[name] is not game:
            raise InvalidGameError(
                f"a game called {name!r} is registered already: pass replace=True to replace it"
            )
        _entries[name] = game
    return game


def _unregister(name: str) -> None:
    """Take a game that :func:`register` added out again (for tests); the built-in ones stay."""
    with _lock:
        if name not in _BUILT_IN:
            _entries.pop(name, None)
