"""The ``sevens-ru`` command: watch bots, play against them, measure them, replay games.

Commands::

    sevens-ru demo      [--game G] [--players N] [--seed S] [--bots B ...] [--lang L] [--delay SEC] [--save FILE]
    sevens-ru play      [--game G] [--players N] [--seed S] [--opponents B ...] [--seat K] [--lang L] [--save FILE]
    sevens-ru simulate  [--game G] [--bots B ...] [--games N] [--seed S] [--jobs J] [--json] [--no-duplicate]
    sevens-ru replay    FILE [--step | --no-step] [--lang L]

``--game`` is ``sevens`` (the default) or ``durak`` (old Durak, :mod:`sevens_ru.durak`,
with ``--dealer K`` and ``--short-deck`` for ``demo`` and ``play``, and ``--short-deck``
for ``simulate``); ``replay`` reads either kind of record. A Sevens bot is ``random``,
``heuristic`` or ``search``, optionally with settings such as ``search:rollouts=2000``
(see :func:`sevens_ru.bots.make_bot`); a Durak bot is ``random`` or ``heuristic``.
Output goes through ``rich`` when it is installed (``pip install "sevens-ru[cli]"``)
and as plain text otherwise, or with ``--plain``.

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
from ..durak.game import new_game as durak_new_game
from ..durak.options import Options as DurakOptions
from ..errors import InvalidOptionsError, InvalidSeatError, SevensError
from ..game import new_game
from ..shuffle import fresh_seed
from . import durak as durak_command
from .commands import demo, replay, save, simulate
from .durak_play import play_durak
from .output import Output
from .play import GameAbandonedError, play_game
from .texts import say

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sevens-ru",
        description="Russian Sevens (the game of nines), and old Durak with --game durak: "
        "watch bots, play, measure, replay.",
    )
    parser.add_argument("--version", action="version", version=f"sevens-ru {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def common(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--plain", action="store_true", help="plain text, even with rich")

    def game(sub: argparse.ArgumentParser, *, dealer: bool = True) -> None:
        sub.add_argument(
            "--game",
            choices=_GAMES,
            default="sevens",
            help="sevens (the default) or durak (old Durak)",
        )
        if dealer:
            sub.add_argument(
                "--dealer", type=int, default=None, help="Durak: the dealer's seat (default 0)"
            )
        sub.add_argument(
            "--short-deck", action="store_true", help="Durak: 32 cards, 7 to A (2-3 players)"
        )

    def table(sub: argparse.ArgumentParser) -> None:
        game(sub)
        sub.add_argument(
            "--players",
            type=int,
            default=None,
            help="Sevens: 2 to 6 (default 4); Durak: 2 to 4 (default 3)",
        )
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
        default=None,
        metavar="BOT",
        help="the bots, by seat, repeated to fill the table (default: heuristic search "
        "random; Durak: heuristic random)",
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
        default=None,
        metavar="BOT",
        help="the bots, by seat after yours (repeated to fill the table)",
    )
    sub.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    common(sub)

    sub = commands.add_parser("simulate", help="many games between bots, with 95%% intervals")
    game(sub, dealer=False)
    sub.add_argument(
        "--bots",
        nargs="+",
        default=None,
        metavar="BOT",
        help="the lineup, one bot per seat (default: heuristic random random random; "
        "Durak: heuristic random random)",
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


_GAMES = ("sevens", "durak")
_DEFAULTS = {
    # (game, command): (players, bots)
    ("sevens", "demo"): (4, ["heuristic", "search", "random"]),
    ("sevens", "play"): (4, ["heuristic"]),
    ("sevens", "simulate"): (None, ["heuristic", "random", "random", "random"]),
    ("durak", "demo"): (3, ["heuristic", "random"]),
    ("durak", "play"): (3, ["heuristic"]),
    ("durak", "simulate"): (None, ["heuristic", "random", "random"]),
}


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
    if args.command == "replay":
        step = sys.stdin.isatty() and sys.stdout.isatty() if args.step is None else args.step
        text = args.file.read_text(encoding="utf-8")
        if durak_command.is_durak_record(text):
            durak_command.replay(out, text, lang=args.lang, step=step)
        else:
            replay(out, args.file, lang=args.lang, step=step)
        return 0
    players, default_bots = _DEFAULTS[args.game, args.command]
    if args.players is None:
        args.players = players
    for option in ("bots", "opponents"):
        if getattr(args, option, False) is None:
            setattr(args, option, default_bots)
    if args.game == "durak":
        return _run_durak(args, out)
    if getattr(args, "dealer", None) is not None or args.short_deck:
        raise InvalidOptionsError(
            "--dealer and --short-deck are options of Durak: add --game durak"
        )
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


def _run_durak(args: argparse.Namespace, out: Output) -> int:
    """``demo``, ``play`` and ``simulate`` with ``--game durak``."""
    options = DurakOptions(short_deck=args.short_deck)
    if args.command == "simulate":
        durak_command.simulate(
            out,
            [durak_command.make_durak_bot(name) for name in args.bots],
            args.bots,
            games=args.games,
            seed=args.seed,
            players=args.players,
            duplicate=not args.no_duplicate,
            jobs=args.jobs,
            options=options,
            as_json=args.json,
            show_progress=not args.quiet,
        )
        return 0
    lang = cast(Language, args.lang)
    dealer = 0 if args.dealer is None else args.dealer
    seed = fresh_seed() if args.seed is None else args.seed
    # Check the player count (D1, D2) and the dealer before any bot is built.
    durak_new_game(args.players, dealer=dealer, seed=seed, options=options)
    if args.command == "demo":
        names = [args.bots[seat % len(args.bots)] for seat in range(args.players)]
        delay = args.delay if args.delay is not None else (0.3 if sys.stdout.isatty() else 0.0)
        state = durak_command.demo(
            out,
            [durak_command.make_durak_bot(name) for name in names],
            names,
            seed=seed,
            dealer=dealer,
            options=options,
            lang=lang,
            delay=delay,
        )
    else:
        if not 0 <= args.seat < args.players:
            raise InvalidSeatError(f"--seat must be 0 to {args.players - 1}, got {args.seat}")
        others = [args.opponents[seat % len(args.opponents)] for seat in range(args.players - 1)]
        names = [*others[: args.seat], "", *others[args.seat :]]
        opponents = [durak_command.make_durak_bot(name) if name else None for name in names]
        try:
            state = play_durak(
                out,
                args.seat,
                opponents,
                seed=seed,
                dealer=dealer,
                options=options,
                lang=lang,
                names=names,
            )
        except GameAbandonedError:
            out.line(say(lang, "quit"))
            return 1
    if args.save is not None:
        durak_command.save(out, state, args.save, lang)
    return 0
