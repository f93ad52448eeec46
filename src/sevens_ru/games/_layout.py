"""What a game of the library takes from its folder: the parts its modules give by name.

Every game of the library lives in a folder of modules of the same names
(``sevens_ru/games/<game>/``: ``deal``, ``state``, ``observation``, ``options``,
``game``, ``moves``, ``scoring``, ``record``, ``actions``, ``encode``, ``picture``,
``text``, ``kernels``, ``bots/registry``), with its part of the command in
``sevens_ru.cli.<game>`` and of the server in ``sevens_ru.web.<game>``. Its
``definition`` fills a :class:`~sevens_ru.games.Game` from :func:`folder_parts` and
adds what is its own (its titles, its seat count by default, its setup keywords).
"""

from __future__ import annotations

import importlib
from typing import Any

from ._game import Tensors, rules_of

__all__ = ["folder_parts"]


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
        "commands": lambda: importlib.import_module(f"sevens_ru.cli.{name}").GAME,
        "server": lambda: importlib.import_module(f"sevens_ru.web.{name}").GAME,
    }
