"""How messages name each game, and one wording for a call given the wrong game's value.

Each game names itself with a :class:`Game` record (a key, the ``"game"`` of its
records; a title for messages; a package), made in its own folder and kept here by
:func:`named`. :func:`not_a_state` words the :class:`~sevens_ru.errors.NotAGameStateError`
of every function that takes a state or a view, in both games: given a state or view
of the *other* game it says which game that is and which function to call instead.

>>> import sevens_ru as s7
>>> from sevens_ru import durak
>>> s7.apply(durak.new_game(3, dealer=0, seed=1), "9♦")
Traceback (most recent call last):
...
sevens_ru.errors.NotAGameStateError: apply() takes a Sevens GameState; this is a Durak GameState: use sevens_ru.durak.apply
>>> durak.legal_moves(None)
Traceback (most recent call last):
...
sevens_ru.errors.NotAGameStateError: durak.legal_moves() takes a Durak GameState from new_game() or apply(), got NoneType
"""

from __future__ import annotations

import importlib
from typing import Literal

import attrs

from ..errors import NotAGameStateError, SevensError

__all__ = ["Game", "game_of", "named", "names_of", "not_a_state", "not_a_view"]

Kind = Literal["GameState", "PlayerView"]


@attrs.frozen
class Game:
    """One game of the library, as messages and records name it."""

    key: str
    """The ``"game"`` field of its records: ``"sevens"``, ``"durak"``."""
    title: str
    """Its name in messages: ``"Sevens"``, ``"Durak"``."""
    package: str
    """The package of its five functions: ``"sevens_ru"``, ``"sevens_ru.durak"``."""
    prefix: str
    """How its functions are named in messages: ``""`` (``apply()``), ``"durak."``."""


_NAMES: dict[str, Game] = {}


def named(game: Game) -> Game:
    """Keep ``game``'s names for the messages of every game; return it."""
    _NAMES[game.key] = game
    return game


def names_of(key: str) -> Game | None:
    """How messages name the game whose records say ``key``, if a registered game does.

    >>> names_of("durak").package, names_of("chess")
    ('sevens_ru.durak', None)
    """
    if key not in _NAMES:
        from .. import games  # here: the registry imports the game, which names itself

        try:
            games.get(key)
        except SevensError:
            return None
    return _NAMES.get(key)


def game_of(value: object) -> tuple[Game, Kind] | None:
    """The game and kind (``"GameState"`` or ``"PlayerView"``) of ``value``, if it is either.

    >>> import sevens_ru as s7
    >>> game, kind = game_of(s7.new_game(2, seed=1))
    >>> game.title, kind
    ('Sevens', 'GameState')
    >>> game_of("9♦") is None
    True
    """
    from .. import games  # here: this module is imported while the games are being made

    game = games.game_of(value)
    if game is None:
        return None
    names = _NAMES.get(game.name) or Game(game.name, game.title(), "", "")
    return names, "GameState" if isinstance(value, game.state_type) else "PlayerView"


def not_a_state(
    function: str,
    value: object,
    *,
    game: Game,
    kind: Kind = "GameState",
    label: str | None = None,
    instead: str | None = None,
    source: str = " from new_game() or apply()",
) -> NotAGameStateError:
    """The error for ``function`` of ``game``, which takes a ``kind``, given ``value``.

    ``function`` is its path below the game's package (``"apply"``, ``"playout"``);
    the message names it with the game's prefix (``durak.apply()``), or as ``label``
    says. For a value of the other game, ``instead`` says what to use, by default the
    same path in the other game's package where there is one; ``source`` says where a
    right value comes from.

    >>> import sevens_ru as s7
    >>> DURAK, SEVENS = names_of("durak"), names_of("sevens")
    >>> print(not_a_state("view", s7.new_game(2, seed=1), game=DURAK))
    durak.view() takes a Durak GameState; this is a Sevens GameState: use sevens_ru.view
    >>> print(not_a_state("playout", s7.durak.new_game(2, seed=1), game=SEVENS))
    playout() takes a Sevens GameState; this is a Durak GameState, and Durak has no counterpart (its functions are in sevens_ru.durak)
    >>> print(not_a_state("legal_moves", s7.view(s7.new_game(2, seed=1), 0), game=SEVENS))
    legal_moves() takes a Sevens GameState from new_game() or apply(), got a Sevens PlayerView
    """
    name = label if label is not None else f"{game.prefix}{function}()"
    found = game_of(value)
    if found is None:
        return NotAGameStateError(
            f"{name} takes a {game.title} {kind}{source}, got {type(value).__name__}"
        )
    other, other_kind = found
    if other == game or other_kind != kind:
        return NotAGameStateError(
            f"{name} takes a {game.title} {kind}{source}, got a {other.title} {other_kind}"
        )
    if instead is None and other.package and _exists(f"{other.package}.{function}"):
        instead = f"{other.package}.{function}"
    if not instead:
        where = f" (its functions are in {other.package})" if other.package else ""
        return NotAGameStateError(
            f"{name} takes a {game.title} {kind}; this is a {other.title} {kind}, and "
            f"{other.title} has no counterpart{where}"
        )
    return NotAGameStateError(
        f"{name} takes a {game.title} {kind}; this is a {other.title} {kind}: use {instead}"
    )


def not_a_view(
    name: str, value: object, *, game: Game, instead: str | None = None
) -> NotAGameStateError:
    """The error for ``name`` (as the message says it), which takes a view of ``game``.

    ``instead`` says what to use with a view of the other game, if anything.

    >>> import sevens_ru as s7
    >>> view = s7.durak.view(s7.durak.new_game(2, seed=1), 0)
    >>> SEVENS = names_of("sevens")
    >>> print(not_a_view("a Sevens bot's choose()", view, game=SEVENS, instead="a Durak bot"))
    a Sevens bot's choose() takes a Sevens PlayerView; this is a Durak PlayerView: use a Durak bot
    """
    return not_a_state(
        name,
        value,
        game=game,
        kind="PlayerView",
        label=name,
        instead=instead or "",
        source=f" from {game.prefix}view(state, seat)",
    )


def _exists(path: str) -> bool:
    """Whether ``path`` names a module, or something in one (``package.module.name``)."""
    try:
        importlib.import_module(path)
    except ImportError:
        module, _, name = path.rpartition(".")
        try:
            return hasattr(importlib.import_module(module), name)
        except ImportError:
            return False
    return True
