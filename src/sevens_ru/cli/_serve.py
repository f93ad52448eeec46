"""``sevens-ru serve``: the game server of :mod:`sevens_ru.web`, in the foreground.

It needs the ``web`` extra (and ``postgres`` for a ``postgresql://`` database); without
it the command says so and exits with 2. Every limit of the server is an option
(:func:`add_options`), its default the library's.
"""

from __future__ import annotations

import argparse
import importlib.util
from collections.abc import Callable
from pathlib import Path

from .output import Output
from .texts import say

__all__ = ["add_options", "serve"]

# The options of the limits: (option, field, type, help); each field's default is the library's.
_LIMITS = (
    ("--max-tables", "max_tables", int, "the most tables held at once (10000)"),
    ("--tables-per-client", "tables_per_client", int, "the most tables of one client (50)"),
    (
        "--creates-per-minute",
        "creates_per_minute",
        float,
        "new tables a client may deal a minute (20)",
    ),
    ("--moves-per-second", "moves_per_second", float, "moves a client may send a second (10)"),
    (
        "--requests-per-client",
        "requests_per_client",
        int,
        "requests of one client worked on at once; more wait their turn (8)",
    ),
    (
        "--slow-down",
        "slow_down_seconds",
        float,
        "seconds a 429 is held back, the client's turn with it (1; 0: not at all)",
    ),
    ("--streams-per-client", "streams_per_client", int, "live streams of one client (16)"),
    ("--streams-per-seat", "streams_per_seat", int, "live streams of one seat (4)"),
    ("--streams-per-table", "streams_per_table", int, "live streams of one table (24)"),
    ("--max-streams", "max_streams", int, "live streams held at once (2000)"),
)
_CONNECTIONS = (
    ("--header-timeout", "header_timeout", float, "seconds for a request's headers (10)"),
    ("--body-timeout", "body_timeout", float, "seconds for a request's body (20)"),
    (
        "--send-timeout",
        "send_timeout",
        float,
        "seconds a client may read nothing of what it is sent before it is cut off (30)",
    ),
    ("--keep-alive", "keep_alive", int, "seconds an idle connection is kept (20)"),
    (
        "--max-connections",
        "max_connections",
        int,
        "connections at once (the descriptor limit less 64)",
    ),
    ("--connections-per-client", "connections_per_client", int, "connections of one address (128)"),
)


def _positive(kind: Callable[[str], float], *, zero: bool = False) -> Callable[[str], float]:
    """A parser of a positive number (or 0 too, with ``zero``) of type ``kind``."""
    expected = "a positive number or 0" if zero else "a positive number"

    def parse(text: str) -> float:
        try:
            value: float = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {expected}, got {text[:40]!r}") from None
        if not (0 < value < float("inf") or (zero and value == 0)):
            raise argparse.ArgumentTypeError(f"expected {expected}, got {text[:40]!r}")
        return value

    return parse


def _database(text: str) -> str:
    """A ``postgresql://`` URL as it is, or a SQLite file that can be written."""
    if text.startswith(("postgresql://", "postgres://")):
        return text
    from ._arguments import writable

    return str(writable(text))


def add_options(sub: argparse.ArgumentParser) -> None:
    """The options of ``serve`` past ``--host`` and ``--port``: the database, workers, limits."""
    sub.add_argument(
        "--db",
        type=_database,
        default=None,
        metavar="DB",
        help="a SQLite file (default: sevens-ru.sqlite3 here) or a postgresql:// URL",
    )
    sub.add_argument(
        "--workers",
        type=_positive(int),
        default=1,
        help="server processes (more than one needs a postgresql:// database)",
    )
    sub.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy whose X-Forwarded-For names the client (repeat for more)",
    )
    sub.add_argument(
        "--bot-processes", type=_positive(int), default=None, help="processes the bots think in"
    )
    for option, field, kind, text in _LIMITS + _CONNECTIONS:
        zero = field == "slow_down_seconds"
        sub.add_argument(
            option, dest=field, type=_positive(kind, zero=zero), default=None, help=text
        )


def serve(args: argparse.Namespace, out: Output) -> int:
    """Serve the page and the API on ``--host:--port`` over ``--db`` until Ctrl-C."""
    missing = [name for name in ("starlette", "uvicorn") if importlib.util.find_spec(name) is None]
    db = args.db
    if db is not None and db.startswith(("postgresql://", "postgres://")):
        missing += [n for n in ("psycopg", "psycopg_pool") if importlib.util.find_spec(n) is None]
        extra = "web,postgres"
    else:
        extra = "web"
    if missing:
        raise argparse.ArgumentError(
            None,
            f"serve needs the {extra} extra ({', '.join(missing)} missing): "
            f'pip install "sevens-ru[{extra}]"',
        )
    from ..errors import SevensError
    from ..web import ConnectionLimits, Limits  # the extra is there
    from ..web.serve import DEFAULT_DB
    from ..web.serve import serve as run

    db = DEFAULT_DB if db is None else db
    try:
        limits = Limits(
            trusted_proxies=tuple(args.trusted_proxy),
            **{f: getattr(args, f) for _, f, _, _ in _LIMITS if getattr(args, f) is not None},
        )
        connections = ConnectionLimits(
            trusted_proxies=tuple(args.trusted_proxy),
            **{f: getattr(args, f) for _, f, _, _ in _CONNECTIONS if getattr(args, f) is not None},
        )
    except SevensError as error:
        raise argparse.ArgumentError(None, str(error)) from None
    shown = _hide_password(db) if db.startswith("postgres") else db
    out.line(say(args.lang, "serving", url=f"http://{args.host}:{args.port}", db=shown))
    try:
        run(
            host=args.host,
            port=args.port,
            db=Path(db) if not db.startswith("postgres") else db,
            workers=args.workers,
            limits=limits,
            connections=connections,
            bot_processes=args.bot_processes,
        )
    except SevensError as error:
        raise argparse.ArgumentError(None, str(error)) from None
    return 0


def _hide_password(url: str) -> str:
    """``url`` with its password, if any, written as ``***``."""
    head, at, tail = url.rpartition("@")
    if not at or ":" not in head.split("//", 1)[-1]:
        return url
    scheme, _, user = head.partition("//")
    return f"{scheme}//{user.split(':', 1)[0]}:***@{tail}"
