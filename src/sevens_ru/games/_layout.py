"""What a game of the library takes from its folder: the parts its modules give by name.

Every game of the library lives in a folder of modules of the same names
(``sevens_ru/games/<game>/``: ``deal``, ``state``, ``observation``, ``options``,
``game``, ``moves``, ``scoring``, ``record``, ``actions``, ``encode``, ``picture``,
``text``, ``kernels``, ``series``, ``bots/registry``), with its part of the command in its
``command`` package and of the server in its ``server`` module. Its
``definition`` fills a :class:`~sevens_ru.games.Game` from :func:`folder_parts` and
adds what is its own (its titles, its seat count by default, its setup keywords).
Its views are read off its states by :func:`seat_view`.
"""

from __future__ import annotations

import importlib
import operator
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from ._game import Tensors, rules_of

__all__ = ["folder_parts", "seat_view", "server_part"]

V = TypeVar("V")


def folder_parts(package: str) -> dict[str, Any]:
    """The keywords of :class:`~sevens_ru.games.Game` that the game folder ``package`` gives.

    The game's name is the folder's; the encode module, the command and the server
    are imported only when asked for (numpy, the command's and the server's extras).

    >>> parts = folder_parts("sevens_ru.games.durak")
    >>> parts["name"], parts["min_players"], parts["max_players"], parts["pack"]
    ('durak', 2, 4, Pack.RUSSIAN_36)
    """
    name = package.rpartition(".")[2]

    def module(part: str) -> Any:
        return importlib.import_module(f"{package}.{part}")

    deal, actions, picture = module("deal"), module("actions"), module("picture")
    rules = rules_of(*map(module, ("game", "observation", "scoring", "record", "actions", "moves")))
    return {
        "name": name,
        "min_players": deal.MIN_PLAYERS,
        "max_players": deal.MAX_PLAYERS,
        "state_type": module("state").GameState,
        "view_type": module("observation").PlayerView,
        "options_type": module("options").Options,
        "num_actions": lambda players: actions.NUM_ACTIONS,
        "bots": module("bots.registry")._REGISTRY,
        **rules,
        "pack": deal.PACK,
        "tensors": lambda: Tensors.of(f"{package}.encode"),  # numpy, when asked for
        "draw": picture.picture,
        "positions": picture.positions,
        "check_players": deal.check_players,
        "text": module("text").text,
        "kernels": module("kernels").kernels,
        "commands": lambda: module("command.commands").GAME,  # rich, when asked for
        "server": lambda: server_part(package),  # starlette, when asked for
        "match": lambda: module("tournament").RULES,
        "series": lambda: module("series").RULES,
    }


_SERVER_PARTS: dict[tuple[str, str], Any] = {}
"""Each game's part of the server, by its folder's package and its name, once made."""


def server_part(package: str, name: str | None = None) -> Any:
    """The part of the server of the game folder ``package``: its ``server`` module at a table.

    A :class:`sevens_ru.web.games.Game` of the registry's game ``name`` (by default the
    folder's name; a folder of several games, such as the layout family's, names each),
    with the functions of ``<package>.server`` (``moves``, ``view``...). The server's
    table of games (:data:`sevens_ru.web.games.GAMES`) asks every game for its part as
    it is made, so the ``server`` modules import nothing of the server: what they need
    of it (the class that holds them) is brought here, and the part is made once.

    >>> from sevens_ru.games.durak import server
    >>> server_part("sevens_ru.games.durak") is server.GAME
    True
    """
    table = importlib.import_module("sevens_ru.web.games")  # its GAMES asks for this part too
    name = name or package.rpartition(".")[2]
    if (package, name) not in _SERVER_PARTS:
        registry = importlib.import_module("sevens_ru.games")
        game = registry.get(name)
        _SERVER_PARTS[package, name] = table.Game.of(game, f"{package}.server")
    return _SERVER_PARTS[package, name]


_READERS: dict[type, tuple[Callable[[Any], tuple[Any, ...]], Callable[[Any], tuple[Any, ...]]]] = {}
"""For each view class, what reads its fields between the seat and the hand, and after the hand."""


def seat_view(view_type: type[V], state: Any, seat: int) -> V:
    """What ``seat`` may see of ``state``: a ``view_type`` of the seat, its own hand and the public facts.

    ``view_type`` is an attrs class whose first field is ``seat``; each of its fields
    but ``seat`` and ``hand`` is the state's attribute of the same name, so a view can
    hold nothing that the game does not make public.

    >>> import sevens_ru as s7
    >>> state = s7.new_game(3, seed=2)
    >>> seat_view(s7.PlayerView, state, 1) == s7.view(state, 1)
    True

    Raises:
        InvalidSeatError: ``seat`` is not a seat of ``state``'s game.
    """
    seat = state._check_seat(seat)
    readers = _READERS.get(view_type)
    if readers is None:
        names = [field.name for field in attrs.fields(view_type)]  # type: ignore[arg-type]  # an attrs class
        hand = names.index("hand")
        readers = _READERS[view_type] = (_reader(names[1:hand]), _reader(names[hand + 1 :]))
    before, after = readers
    return view_type(seat, *before(state), state.hand(seat), *after(state))  # type: ignore[call-arg]


def _reader(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """What reads the attributes ``names`` of a state, as a tuple."""
    if not names:
        return lambda state: ()
    if len(names) == 1:
        return lambda state: (getattr(state, names[0]),)
    return operator.attrgetter(*names)
