"""The ``sevens-ru`` command: watch bots, play against them, measure them, replay games.

Commands::

    sevens-ru demo      [--game G] [--players N] [--seed S] [--bots B ...] [--lang L] [--delay SEC] [--save FILE] [--series ...]
    sevens-ru play      [--game G] [--players N] [--seed S] [--opponents B ...] [--seat K] [--name NAME] [--lang L] [--save FILE] [--series ...]
    sevens-ru simulate  [--game G] [--bots B ...] [--deals N] [--seed S] [--jobs J] [--backend ray [--address ADDR]] [--json] [--no-duplicate] [--records FILE]
    sevens-ru replay    FILE [--step | --no-step] [--lang L] [--html OUT]
    sevens-ru serve     [--host 127.0.0.1] [--port 8000] [--db FILE]

``--game`` is any game of the registry (:mod:`sevens_ru.games`): ``sevens`` (the
default), ``durak`` (old Durak, :mod:`sevens_ru.durak`, with ``--dealer K`` and
``--short-deck`` for ``demo`` and ``play``, and ``--short-deck`` for ``simulate``), a
preset of the layout family (``sevens-52``, ``fan-tan``, ``shichinarabe``, ``domino``,
``cinquillo``, with ``--option NAME=VALUE`` for its options and ``--dealer K``), or a
game another package registers; ``replay`` reads the record of any of them, and with
``--html OUT`` writes it as one HTML page (:func:`sevens_ru.svg.replay_html`). ``serve``
runs the game server of :mod:`sevens_ru.web` (the ``web`` extra). ``demo --series``
and ``play --series`` play a series of deals at one table (:mod:`sevens_ru.series`),
with ``--scoring``, ``--deals``, ``--target``, ``--start``, ``--ante``, ``--fine``,
``--debt`` and ``--stake``; ``replay`` steps through a series record deal by deal. The commands are
written once for every game (``sevens_ru.cli._commands``); a game brings its own part
where it has one (:data:`GAMES`, one folder per game: :mod:`sevens_ru.cli.sevens`,
:mod:`sevens_ru.cli.durak`, ``sevens_ru.games.family.command``), and a game without one is offered all the same, its moves
written as text (no ``play``). A Sevens bot is ``random``, ``heuristic`` or ``search``,
optionally with settings such as ``search:rollouts=2000`` (see
:func:`sevens_ru.bots.make_bot`); a Durak bot is ``random``, ``heuristic`` or ``search``,
the same way (:func:`sevens_ru.durak.bots.make_bot`). Output goes through ``rich`` when it is
installed (``pip install "sevens-ru[cli]"``) and as plain text otherwise, or with
``--plain``.

>>> from sevens_ru.cli import main
>>> main(["demo", "--players", "3", "--seed", "5", "--plain"])  # doctest: +ELLIPSIS
--- The deal ---
Seat 0 (heuristic): ...
>>> main(["simulate", "--bots", "alphago"])  # the message goes to standard error
2
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Mapping, Sequence

from .. import games
from ..errors import GameAbandonedError, SevensError
from ._arguments import parser, read_record, refuse
from ._commands import COMMANDS, Game, plain_game
from ._serve import serve
from ._shared import record_game
from .output import Output
from .texts import say

__all__ = ["GAMES", "Game", "command_games", "main"]


def command_games() -> dict[str, Game]:
    """The games of the command: every registered game.

    By the name ``--game`` and a record's ``"game"`` give them, in the registry's order
    (the first is the default): each game with its part of the command (its options,
    its drawing, its person at the terminal), from :attr:`sevens_ru.games.Game.commands`,
    or ``plain_game`` for a game that has none.

    >>> list(command_games())[:2]
    ['sevens', 'durak']
    """
    return {
        name: plain_game(game) if game.commands is None else game.commands()
        for name, game in games.offering("name").items()
    }


GAMES: Mapping[str, Game] = command_games()
"""The games of the command when it was imported (:func:`command_games`)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: the command line); return the exit status.

    0 when all went well, 1 when a person quits a game, 2 for a bad argument (argparse's
    message, before anything is played) or an error (one line): both on standard error.
    Output into a pipe closed early (``sevens-ru demo | head``) ends quietly with 0.
    """
    table = command_games()  # games registered since the import too
    main_parser, commands = parser(tuple(table))
    args = main_parser.parse_args(argv)
    out = Output(plain=args.plain)
    try:
        return _run(table, args, out)
    except argparse.ArgumentError as error:
        return refuse(commands[args.command], error)
    except GameAbandonedError:
        out.line(say(args.lang, "quit"))
        return 1
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except (SevensError, OSError) as error:
        print(f"sevens-ru: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _run(table: Mapping[str, Game], args: argparse.Namespace, out: Output) -> int:
    if args.command == "serve":  # for every game at once
        return serve(args, out)
    if args.command == "replay":  # the record says which game it is
        args.record = read_record(args.file)
        game = record_game(args.record)
        args.game = game if game in table else next(iter(table))  # whose loader says why not
        if args.step is None:
            args.step = sys.stdin.isatty() and sys.stdout.isatty()
    return COMMANDS[args.command](table[args.game], args, out)


def _silence_stdout() -> None:
    """Point standard output at the null device, so that closing it at exit raises nothing."""
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
    with contextlib.suppress(OSError, ValueError, AttributeError):  # not a file: a test's capture
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
