"""The ``sevens-ru`` command: watch bots, play against them, measure them, replay games.

Commands::

    sevens-ru demo      [--players N] [--seed S] [--bots B ...] [--lang L] [--delay SEC] [--save FILE]
    sevens-ru play      [--players N] [--seed S] [--opponents B ...] [--seat K] [--lang L] [--save FILE]
    sevens-ru simulate  [--bots B ...] [--games N] [--seed S] [--jobs J] [--json] [--no-duplicate]
    sevens-ru replay    FILE [--step | --no-step] [--lang L]

A bot is ``random``, ``heuristic`` or ``search``, optionally with settings such as
``search:rollouts=2000`` (see :func:`sevens_ru.bots.make_bot`). Output goes through
``rich`` when it is installed (``pip install "sevens-ru[cli]"``) and as plain text
otherwise, or with ``--plain``.

>>> from sevens_ru.cli import main
>>> main(["demo", "--players", "3", "--seed", "5", "--plain"])  # doctest: +ELLIPSIS
--- The deal ---
Seat 0 (heuristic): ...
>>> main(["simulate", "--bots", "alphago"])  # the message goes to standard error
2
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import cast

from .. import __version__
from ..bots import Bot, make_bot
from ..cards import LANGUAGES, Language
from ..errors import SevensError
from ..game import new_game
from .commands import demo, replay, save, simulate
from .output import Output
from .play import GameAbandonedError, play_game
from .texts import say

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sevens-ru",
        description="Russian Sevens (the game of nines): watch bots, play, measure, replay.",
    )
    parser.add_argument("--version", action="version", version=f"sevens-ru {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def common(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--plain", action="store_true", help="plain text, even with rich")

    def table(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--players", type=int, default=4, help="2 to 6 (default 4)")
        sub.add_argument("--seed", type=int, default=None, help="a seed for the deal")
        sub.add_argument(
            "--lang", choices=LANGUAGES, default="en", help="language of cards and messages"
        )
        sub.add_argument(
            "--save", type=Path, default=None, metavar="FILE", help="save the game record"
        )

    sub = commands.add_parser("demo", help="bots play one game, shown move by move")
    table(sub)
    sub.add_argument(
        "--bots",
        nargs="+",
        default=["heuristic", "search", "random"],
        metavar="BOT",
        help="the bots, by seat (repeated to fill the table)",
    )
    sub.add_argument(
        "--delay",
        type=float,
        default=None,
        help="seconds between moves (default 0.3 on a terminal)",
    )
    common(sub)

    sub = commands.add_parser("play", help="play against bots in the terminal")
    table(sub)
    sub.add_argument(
        "--opponents",
        nargs="+",
        default=["heuristic"],
        metavar="BOT",
        help="the bots, by seat after yours (repeated to fill the table)",
    )
    sub.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    common(sub)

    sub = commands.add_parser("simulate", help="many games between bots, with 95%% intervals")
    sub.add_argument(
        "--bots",
        nargs="+",
        default=["heuristic", "random", "random", "random"],
        metavar="BOT",
        help="the lineup, one bot per seat",
    )
    sub.add_argument("--players", type=int, default=None, help="seats (default: one per bot)")
    sub.add_argument("--games", type=int, default=200, help="deals (each played in every rotation)")
    sub.add_argument("--seed", type=int, default=1)
    sub.add_argument(
        "--jobs", type=int, default=1, help="processes (the result does not depend on it)"
    )
    sub.add_argument("--no-duplicate", action="store_true", help="play each deal once only")
    sub.add_argument("--json", action="store_true", help="print the result as JSON")
    sub.add_argument("--quiet", action="store_true", help="no progress bar")
    common(sub)

    sub = commands.add_parser("replay", help="step through a saved game record")
    sub.add_argument("file", type=Path, metavar="FILE")
    sub.add_argument(
        "--step",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="wait for Enter after each move (default: on a terminal)",
    )
    sub.add_argument("--lang", choices=LANGUAGES, default="en")
    common(sub)
    return parser


def _seated(names: Sequence[str], seats: int) -> list[Bot]:
    bots = [make_bot(name) for name in names]
    return [bots[seat % len(bots)] for seat in range(seats)]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: the command line); return the exit status."""
    args = _parser().parse_args(argv)
    out = Output(plain=args.plain)
    try:
        return _run(args, out)
    except SevensError as error:
        print(f"sevens-ru: error: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"sevens-ru: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _run(args: argparse.Namespace, out: Output) -> int:
    if args.command == "simulate":
        simulate(
            out,
            [make_bot(name) for name in args.bots],
            games=args.games,
            seed=args.seed,
            players=args.players,
            duplicate=not args.no_duplicate,
            jobs=args.jobs,
            as_json=args.json,
            show_progress=not args.quiet,
        )
        return 0
    if args.command == "replay":
        step = sys.stdin.isatty() and sys.stdout.isatty() if args.step is None else args.step
        replay(out, args.file, lang=args.lang, step=step)
        return 0
    lang = cast(Language, args.lang)
    new_game(args.players)  # checks the player count (R4) before any bot is built
    if args.command == "demo":
        delay = args.delay if args.delay is not None else (0.3 if sys.stdout.isatty() else 0.0)
        state = demo(
            out,
            _seated(args.bots, args.players),
            players=args.players,
            seed=args.seed,
            lang=lang,
            delay=delay,
        )
    else:
        if not 0 <= args.seat < args.players:
            raise SevensError(f"--seat must be 0 to {args.players - 1}, got {args.seat}")
        bots = _seated(args.opponents, args.players - 1)
        opponents: list[Bot | None] = [*bots[: args.seat], None, *bots[args.seat :]]
        start = new_game(args.players, seed=args.seed)
        try:
            state = play_game(out, start, args.seat, opponents, random.Random(args.seed), lang)
        except GameAbandonedError:
            out.line(say(lang, "quit"))
            return 1
    if args.save is not None:
        save(out, state, args.save, lang)
    return 0
