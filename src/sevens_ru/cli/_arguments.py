"""The command's arguments: the parser, the checks of each value, and how a bad one is told.

Every bad argument gets argparse's message (the usage, then ``sevens-ru COMMAND:
error: argument --OPTION: ...``) and the exit status 2. What one value alone
decides is checked as it is parsed (a number, its range, a file that can be written);
what depends on the game (its player count, a seat, a bot's name) is checked by the
game's commands before anything is played, inside :func:`argument`, which turns the
library's error into the same message.

>>> from sevens_ru.cli._arguments import whole
>>> whole(least=1)("12")
12
>>> whole(least=1)("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be at least 1, got 0
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from .. import __version__
from ..common._tags import Tags
from ..common.cards import LANGUAGES
from ..errors import RecordError, SevensError
from ._serve import add_options as add_serve_options

__all__ = [
    "MAX_DEALS",
    "MAX_DELAY",
    "MAX_GAMES",
    "MAX_JOBS",
    "MAX_RECORD_BYTES",
    "argument",
    "limit",
    "name",
    "parser",
    "read_record",
    "refuse",
    "seconds",
    "whole",
    "writable",
]

MAX_DELAY = 60.0
"""The longest pause between moves that ``--delay`` takes, in seconds."""
MAX_DEALS = 1_000_000
"""The most deals ``simulate --deals`` plays."""
MAX_GAMES = MAX_DEALS
"""The old name of :data:`MAX_DEALS`, from when ``--deals`` was called ``--games``."""
MAX_JOBS = 256
"""The most processes ``simulate --jobs`` starts."""
MAX_RECORD_BYTES = 16 << 20
"""The largest file ``replay`` reads: a game record is a few kilobytes."""


def whole(*, least: int | None = None, most: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number, at least ``least`` and at most ``most`` if given."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if least is not None and value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, got {value}")
        if most is not None and value > most:
            raise argparse.ArgumentTypeError(f"must be at most {most}, got {value}")
        return value

    return parse


def _seconds(text: str, fits: Callable[[float], bool], expected: str) -> float:
    """``text`` as a number of seconds that ``fits``, or argparse's error saying what was ``expected``.

    Not a number, or nan (which fits no range), is refused the same way.
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if math.isnan(value) or not fits(value):
        raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}")
    return value


def seconds(text: str) -> float:
    """An argparse type: a number of seconds from 0 to :data:`MAX_DELAY`.

    >>> from sevens_ru.cli._arguments import seconds
    >>> seconds("0.5")
    0.5
    >>> seconds("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected seconds from 0 to 60, got 'nan'
    """
    return _seconds(text, lambda value: 0 <= value <= MAX_DELAY, f"seconds from 0 to {MAX_DELAY:g}")


def limit(text: str) -> float:
    """An argparse type: a time limit, a positive number of seconds (not infinite).

    >>> from sevens_ru.cli._arguments import limit
    >>> limit("2.5"), limit("1e3")
    (2.5, 1000.0)
    >>> limit("0")  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    argparse.ArgumentTypeError: expected a positive number of seconds, got '0'
    """
    return _seconds(text, lambda value: 0 < value < math.inf, "a positive number of seconds")


def name(text: str) -> str:
    """An argparse type: a person's name as a record holds it (see :class:`~sevens_ru.Tags`).

    >>> from sevens_ru.cli._arguments import name
    >>> name("Анна")
    'Анна'
    >>> name(" Anna")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a name has no space at either end, got ' Anna'
    """
    try:
        Tags(players=[text])
    except RecordError as error:
        raise argparse.ArgumentTypeError(str(error).partition(": ")[2]) from None
    return text


def writable(text: str) -> Path:
    """An argparse type: a file that can be written, tried at once (and left as it was).

    A file that does not exist yet is made and removed again, so that a game is not
    played only to find at its end that its record cannot be saved.
    """
    path = Path(text)
    try:
        existed = path.exists()
        with path.open("a", encoding="utf-8"):
            pass
        if not existed:
            path.unlink()
    except OSError as error:
        reason = error.strerror or str(error)
        raise argparse.ArgumentTypeError(f"cannot write {text!r}: {reason}") from None
    return path


@contextmanager
def argument(name: str) -> Iterator[None]:
    """Report a library error raised in the block as a bad value of the argument ``name``.

    >>> import sevens_ru as s7
    >>> from sevens_ru.cli._arguments import argument
    >>> with argument("--players"):
    ...     s7.new_game(7)
    Traceback (most recent call last):
    ...
    argparse.ArgumentError: argument --players: the game is for 2 to 6 players (R4), got 7
    """
    try:
        yield
    except SevensError as error:
        raise argparse.ArgumentError(None, f"argument {name}: {error}") from error


def refuse(parser: argparse.ArgumentParser, error: argparse.ArgumentError) -> int:
    """Tell a bad argument as argparse does, on standard error; the exit status, 2."""
    parser.print_usage(sys.stderr)
    print(f"{parser.prog}: error: {error}", file=sys.stderr)
    return 2


def read_record(path: Path) -> str:
    """The text of the game record at ``path``, or a bad argument ``FILE`` if it cannot be read."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise argparse.ArgumentError(
            None, f"argument FILE: cannot read {str(path)!r}: {error.strerror or error}"
        ) from None
    if len(data) > MAX_RECORD_BYTES:
        raise argparse.ArgumentError(
            None, f"argument FILE: {str(path)!r} is larger than a game record can be"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise argparse.ArgumentError(
            None, f"argument FILE: {str(path)!r} is not a game record (not UTF-8 text)"
        ) from None


def parser(
    games: Sequence[str],
) -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The parser of the command for ``games`` (the first is the default), and each command's own."""
    main = argparse.ArgumentParser(
        prog="sevens-ru",
        description="Russian Sevens (the game of nines), and old Durak with --game durak: "
        "watch bots, play, measure, replay.",
    )
    main.add_argument("--version", action="version", version=f"sevens-ru {__version__}")
    commands = main.add_subparsers(dest="command", required=True, metavar="COMMAND")
    subs: dict[str, argparse.ArgumentParser] = {}

    def common(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--plain", action="store_true", help="plain text, even with rich")

    def game(sub: argparse.ArgumentParser, *, dealer: bool = True) -> None:
        sub.add_argument(
            "--game",
            choices=games,
            default=games[0],
            help="the game: sevens (the default), durak (old Durak) or another registered one",
        )
        if dealer:
            sub.add_argument(
                "--dealer",
                type=whole(least=0),
                default=None,
                help="Durak: the dealer's seat (default 0); the layout family's games "
                "(sevens-52, fan-tan, ...): default the last seat",
            )
        sub.add_argument(
            "--short-deck", action="store_true", help="Durak: 32 cards, 7 to A (2-3 players)"
        )
        sub.add_argument(
            "--option",
            action="append",
            default=None,
            metavar="NAME=VALUE",
            help="the layout family's games: an option of the game, repeated for several "
            "(ace=high, voluntary_passes=true, passes=5, pack=32, centre=6 ...)",
        )

    def table(sub: argparse.ArgumentParser) -> None:
        game(sub)
        sub.add_argument(
            "--players",
            type=whole(),
            default=None,
            help="Sevens: 2 to 6 (default 4); Durak: 2 to 4 (default 3)",
        )
        sub.add_argument("--seed", type=whole(), default=None, help="a seed for the deal")
        sub.add_argument(
            "--lang", choices=LANGUAGES, default="en", help="language of cards and messages"
        )
        sub.add_argument(
            "--save", type=writable, default=None, metavar="FILE", help="save the game record"
        )

    def series(sub: argparse.ArgumentParser) -> None:
        group = sub.add_argument_group(
            "series", "a series of deals at one table, with stacks or totals (sevens_ru.series)"
        )
        group.add_argument(
            "--series", action="store_true", help="play a series of deals instead of one game"
        )
        group.add_argument(
            "--scoring",
            choices=("bank", "chips", "penalty", "places", "score"),
            default=None,
            help="how the series is scored (default: the game's own)",
        )
        for name, text in (
            ("deals", "end after this many deals (default: one per seat; the bank: none)"),
            ("target", "end when a stack or total reaches this"),
            ("start", "every seat's stack or total at first (default: 100 with the bank, else 0)"),
            ("ante", "the bank: each seat's ante every deal (default 10)"),
            ("fine", "the bank: what a pass costs (default 10)"),
            ("stake", "Durak's chips: the stake (default 1)"),
        ):
            group.add_argument(f"--{name}", type=whole(least=0), default=None, help=text)
        group.add_argument(
            "--debt", action="store_true", help="the bank: fines paid in full, stacks below 0"
        )

    def bots(sub: argparse.ArgumentParser, option: str, text: str) -> None:
        sub.add_argument(option, nargs="+", default=None, metavar="BOT", help=text)

    sub = subs["demo"] = commands.add_parser("demo", help="bots play one game, shown move by move")
    table(sub)
    series(sub)
    bots(
        sub,
        "--bots",
        "the bots, by seat, repeated to fill the table (default: heuristic search random; "
        "Durak: heuristic random)",
    )
    sub.add_argument(
        "--delay",
        type=seconds,
        default=None,
        help=f"seconds between moves, 0 to {MAX_DELAY:g} (default 0.3 on a terminal)",
    )
    common(sub)

    sub = subs["play"] = commands.add_parser("play", help="play against bots in the terminal")
    table(sub)
    series(sub)
    bots(sub, "--opponents", "the bots, by seat after yours (repeated to fill the table)")
    sub.add_argument("--seat", type=whole(least=0), default=0, help="your seat (default 0)")
    sub.add_argument(
        "--name", type=name, default="human", help="your name in a saved record (default human)"
    )
    common(sub)

    sub = subs["simulate"] = commands.add_parser(
        "simulate", help="many games between bots, with 95%% intervals"
    )
    game(sub, dealer=False)
    bots(
        sub,
        "--bots",
        "the lineup, one bot per seat (default: heuristic random random random; "
        "Durak: heuristic random random)",
    )
    sub.add_argument("--players", type=whole(), default=None, help="seats (default: one per bot)")
    sub.add_argument(
        "--deals",
        type=whole(least=1, most=MAX_DEALS),
        default=200,
        help="deals to play (default 200), each in every seat rotation unless --no-duplicate: "
        "200 deals at 4 seats are 800 games",
    )
    sub.add_argument(
        "--games",
        dest="deals",
        type=whole(least=1, most=MAX_DEALS),
        default=argparse.SUPPRESS,
        metavar="DEALS",
        help="the old name of --deals: it counts deals, not games",
    )
    sub.add_argument(
        "--records",
        type=writable,
        default=None,
        metavar="FILE",
        help="write every game's record, tagged, one per line (JSON Lines)",
    )
    sub.add_argument("--seed", type=whole(), default=1)
    sub.add_argument(
        "--jobs",
        type=whole(least=1, most=MAX_JOBS),
        default=1,
        help="processes (the result does not depend on it)",
    )
    sub.add_argument(
        "--backend",
        choices=("processes", "ray"),
        default="processes",
        help="where the deals are played: here, or in --jobs processes (processes, the "
        "default), or as tasks on a Ray cluster (ray; the extra sevens-ru[ray])",
    )
    sub.add_argument(
        "--address",
        default=None,
        metavar="ADDR",
        help="with --backend ray: the Ray cluster to connect to (default: RAY_ADDRESS, "
        "else a cluster started here with ray start, else a new local one)",
    )
    sub.add_argument(
        "--move-timeout",
        type=limit,
        default=None,
        metavar="SECONDS",
        help="end the match when a bot takes longer over a move (default: no limit)",
    )
    sub.add_argument("--no-duplicate", action="store_true", help="play each deal once only")
    sub.add_argument("--json", action="store_true", help="print the result as JSON")
    sub.add_argument("--quiet", action="store_true", help="no progress bar")
    common(sub)

    sub = subs["replay"] = commands.add_parser("replay", help="step through a saved game record")
    sub.add_argument("file", type=Path, metavar="FILE")
    sub.add_argument(
        "--step",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="wait for Enter after each move (default: on a terminal)",
    )
    sub.add_argument("--lang", choices=LANGUAGES, default="en")
    sub.add_argument(
        "--html",
        type=writable,
        default=None,
        metavar="OUT",
        help="write the game as one HTML page to OUT instead",
    )
    common(sub)

    sub = subs["serve"] = commands.add_parser(
        "serve", help="a game server: the page and the JSON API (the web extra)"
    )
    sub.add_argument("--host", default="127.0.0.1", help="the address (default 127.0.0.1)")
    sub.add_argument(
        "--port", type=whole(least=0, most=65535), default=8000, help="the port (default 8000)"
    )
    add_serve_options(sub)  # the database, the workers and the limits
    sub.add_argument("--lang", choices=LANGUAGES, default="en", help="language of messages")
    common(sub)
    return main, subs
