"""Each game's part of the command and of the server live in its folder, under the same names.

``sevens_ru/games/<game>/command/`` (``commands``, ``play``, ``render``) and
``sevens_ru/games/<game>/server.py``; the old paths ``sevens_ru.cli.<game>`` and
``sevens_ru.web.<game>`` are thin modules that re-export them. These parts need the
optional extras (rich; Starlette and uvicorn), so a game of the registry imports them
only when asked for.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from sevens_ru import games

SRC = Path(__file__).resolve().parents[1] / "src" / "sevens_ru"
GAMES = ("sevens", "durak")
ROOMS = ("command/__init__.py", "command/commands.py", "command/play.py", "command/render.py")
OLD_PATHS = {
    **{f"sevens_ru.cli.{game}": f"sevens_ru.games.{game}.command" for game in GAMES},
    **{
        f"sevens_ru.cli.{game}.{room}": f"sevens_ru.games.{game}.command.{room}"
        for game in GAMES
        for room in ("commands", "play", "render")
    },
    **{f"sevens_ru.web.{game}": f"sevens_ru.games.{game}.server" for game in GAMES},
}


def run(code: str) -> str:
    """What ``code`` prints in a fresh interpreter (its errors, if it fails)."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, check=False
    )
    return done.stdout.strip() or done.stderr


@pytest.mark.parametrize("game", GAMES)
def test_each_game_folder_has_the_same_rooms_for_the_command_and_the_server(game: str) -> None:
    folder = SRC / "games" / game
    assert [room for room in (*ROOMS, "server.py") if not (folder / room).is_file()] == []
    old = sorted(path.name for path in (SRC / "cli" / game).glob("*.py"))
    assert old == ["__init__.py", "commands.py", "play.py", "render.py"]  # thin, below


def test_import_sevens_ru_and_get_import_neither_the_command_nor_the_server() -> None:
    printed = run(
        """
        import sys
        import sevens_ru
        sevens, durak = sevens_ru.games.get("sevens"), sevens_ru.games.get("durak")
        assert sevens.commands is not None and durak.server is not None
        extras = {"rich", "starlette", "uvicorn", "anyio"}
        parts = ("sevens_ru.cli", "sevens_ru.web", ".command", ".server")
        print(sorted(name for name in sys.modules
                     if name.split(".")[0] in extras
                     or name.startswith(parts[:2]) or name.endswith(parts[2:]) or ".command." in name))
        """
    )
    assert printed == "[]"


@pytest.mark.parametrize("module", [f"sevens_ru.games.{game}.server" for game in GAMES])
def test_a_game_s_server_module_can_be_the_first_one_imported(module: str) -> None:
    # The server's table of games imports every game's server module as it is made.
    printed = run(
        f"""
        import {module} as part
        from sevens_ru.web.games import GAMES
        print(part.GAME.name, part.GAME is GAMES[part.GAME.name])
        """
    )
    assert printed == f"{module.split('.')[2]} True"


def test_the_game_s_fields_give_the_parts_of_their_folders() -> None:
    for game in GAMES:
        command = importlib.import_module(f"sevens_ru.games.{game}.command")
        server = importlib.import_module(f"sevens_ru.games.{game}.server")
        assert games.get(game).commands() is command.GAME  # type: ignore[misc]
        assert games.get(game).server() is server.GAME  # type: ignore[misc]
        assert server.GAME.name == command.GAME.game.name == game


@pytest.mark.parametrize(("old", "home"), OLD_PATHS.items())
def test_the_old_paths_give_the_names_of_the_homes(old: str, home: str) -> None:
    old_module, home_module = importlib.import_module(old), importlib.import_module(home)
    assert old_module.__all__ == home_module.__all__ and home_module.__all__
    for name in home_module.__all__:
        assert getattr(old_module, name) is getattr(home_module, name), name


@pytest.mark.parametrize("old", OLD_PATHS)
def test_the_old_paths_hold_no_code(old: str) -> None:
    path = SRC.joinpath(*old.split(".")[1:])
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    body = ast.parse(path.read_text(encoding="utf-8")).body
    docstring, *statements = body
    assert isinstance(docstring, ast.Expr) and "where the code lives" in docstring.value.value  # type: ignore[attr-defined]
    imported = {
        (node.module, node.level) for node in statements if isinstance(node, ast.ImportFrom)
    }
    assert len(statements) == 3 and len(imported) == 2, ast.dump(body[-1])
