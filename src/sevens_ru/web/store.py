"""The server's database: one interface, :class:`Store`, and its two implementations.

:class:`~sevens_ru.web.sqlite.SQLiteStore` keeps every table in one SQLite file (the
embedded default, one server process); :class:`~sevens_ru.web.postgres.PostgresStore`
keeps them in a PostgreSQL database that several server processes share, each told of
the others' moves through ``LISTEN/NOTIFY``. :func:`open_store` picks one by ``db``.

A call that the database cannot answer now (a lost connection, a locked or full disk)
raises :class:`StoreUnavailableError`, having stored nothing.

Both hold three tables, written by nothing else:

- ``tables``: one row per table: its id, game, seat kinds, the record of its deal (a
  game record with no moves, as :func:`sevens_ru.to_json` writes it), the client that
  made it, when it was made and when its last move was made, and how many moves it has;
- ``seats``: the SHA-256 of each human seat's token, its table and seat number (the
  token itself is never stored, so a copy of the database cannot play anyone's seat);
- ``moves``: the moves of each table, numbered from 0, in their record text.

A table is rebuilt by putting its moves into its deal's record and loading that with
the game's ``from_json``, which replays and checks every move. Each change is one
transaction, committed before the call returns. The calls block (on the disk, the
network, the other writers): the app makes each of them in a worker thread.

>>> store = open_store(":memory:")
>>> store.create("t1", "sevens", ["human", "random"], '{"moves": []}', {0: "ab12"}, ["9♦"], now=5.0)
>>> store.add_moves("t1", 1, ["10♦", "8♦"], now=6.0)
>>> table = store.load("t1")
>>> table.moves, table.touched, store.seat_of("ab12")
(['9♦', '10♦', '8♦'], 6.0, ('t1', 0))
>>> store.add_moves("t1", 1, ["J♦"], now=7.0)  # move 1 is taken: another answer won
Traceback (most recent call last):
...
sevens_ru.web.store.StaleMoveError: table 't1' has 3 moves, not 1: another move was made first
>>> store.expire(before=7.0, batch=100), store.load("t1")
(['t1'], None)
"""

from __future__ import annotations

import abc
import json
import os
from collections.abc import Callable, Iterable, Mapping

import attrs

from ..errors import MissingExtraError, SevensError

__all__ = [
    "SCHEMA_VERSION",
    "StaleMoveError",
    "Store",
    "StoreFullError",
    "StoreUnavailableError",
    "StoredTable",
    "open_store",
]

SCHEMA_VERSION = 2
"""The layout of the database (SQLite's ``PRAGMA user_version``; PostgreSQL's ``schema`` row)."""


class StoreFullError(SevensError):
    """A new table was refused: the server, or the client that asked, holds its most tables.

    :attr:`whole` tells which (the app answers ``503`` for the server, ``429`` for a client).
    """

    def __init__(self, message: str, *, whole: bool) -> None:
        super().__init__(message)
        self.whole = whole
        """``True`` when the server as a whole is full, ``False`` when one client is."""


class StoreUnavailableError(SevensError):
    """The database cannot answer now: a lost connection, a server down, a locked or full disk.

    Nothing was stored; the app answers ``503`` with ``Retry-After``, and the same
    request may succeed once the database is back.
    """


class StaleMoveError(SevensError):
    """Moves stored on a table whose moves have changed since (another process moved first)."""


@attrs.frozen
class StoredTable:
    """A table as the database holds it."""

    id: str
    """The table's id."""
    game: str
    """The game's name, such as ``"sevens"`` or ``"durak"``."""
    seats: list[str]
    """Each seat's kind: ``"human"`` or a bot's name."""
    deal: str
    """The game record of the deal, with no moves."""
    moves: list[str]
    """The moves made, oldest first, as record text."""
    touched: float
    """When the table was made or its last move was made (seconds since the epoch)."""

    def record(self) -> str:
        """The game record: the deal's record with the moves put in."""
        record = json.loads(self.deal)
        record["moves"] = self.moves
        return json.dumps(record, ensure_ascii=False)


Listener = Callable[[str, int], None]
"""Told ``(table_id, moves)`` when another process stored moves (``-1``: the table is gone)."""


class Store(abc.ABC):
    """Where a server's tables live; every call is one transaction, committed on return."""

    shared: bool = False
    """Whether other processes may write the same tables (then :meth:`listen` tells of it)."""

    @abc.abstractmethod
    def create(
        self,
        table_id: str,
        game: str,
        seats: list[str],
        deal: str,
        token_hashes: Mapping[int, str],
        moves: Iterable[str],
        *,
        now: float,
        client: str = "",
        max_tables: int | None = None,
        tables_per_client: int | None = None,
        live_after: float = -float("inf"),
    ) -> None:
        """Store a new table with its seats' token hashes and the moves its bots made first.

        In the same transaction as the insert, the tables touched after ``live_after``
        are counted: with ``max_tables`` of them already (or ``tables_per_client`` made
        by ``client``) the table is refused with :class:`StoreFullError`.
        """

    @abc.abstractmethod
    def add_moves(self, table_id: str, first: int, moves: Iterable[str], *, now: float) -> None:
        """Store moves numbered from ``first`` on, and tell the other processes.

        Raises :class:`StaleMoveError`, storing nothing, unless the table has exactly
        ``first`` moves (another process moved first, or the table is gone).
        """

    @abc.abstractmethod
    def load(self, table_id: str) -> StoredTable | None:
        """The table ``table_id`` with its moves, or ``None`` if there is none."""

    @abc.abstractmethod
    def version(self, table_id: str) -> int | None:
        """How many moves the table ``table_id`` has, or ``None`` if there is none."""

    @abc.abstractmethod
    def seat_of(self, token_hash: str) -> tuple[str, int] | None:
        """The table and seat of a token's hash, or ``None`` for an unknown token."""

    @abc.abstractmethod
    def count(self) -> int:
        """How many tables are stored."""

    @abc.abstractmethod
    def expire(self, *, before: float, batch: int) -> list[str]:
        """Delete up to ``batch`` tables whose last move is older than ``before``; their ids."""

    def listen(self, listener: Listener) -> None:  # noqa: B027  # a store of one process has nothing to tell
        """Call ``listener`` (from a thread of the store's) for each change made by another process."""

    @abc.abstractmethod
    def close(self) -> None:
        """Stop listening and close the connections."""


def check_first(table_id: str, first: int, stored: int | None) -> None:
    """Refuse moves from ``first`` on a table of ``stored`` moves (``None``: no table)."""
    if stored is None:
        raise StaleMoveError(f"table {table_id!r} is gone")
    if stored != first:
        raise StaleMoveError(
            f"table {table_id!r} has {stored} moves, not {first}: another move was made first"
        )


def open_store(db: str | os.PathLike[str], **options: object) -> Store:
    """The store of ``db``: a ``postgresql://`` URL, else a SQLite file (``":memory:"`` too).

    ``options`` go to the store's class (``timeout``; ``pool_size`` for PostgreSQL).

    >>> type(open_store(":memory:")).__name__
    'SQLiteStore'
    """
    text = os.fspath(db)
    if isinstance(text, str) and text.startswith(("postgresql://", "postgres://")):
        try:
            from .postgres import PostgresStore
        except ImportError as error:  # pragma: no cover - the tests run with psycopg
            raise MissingExtraError(
                f'a postgresql:// database needs the postgres extra ({error.name} missing): pip install "sevens-ru[postgres]"'
            ) from None
        return PostgresStore(text, **options)  # type: ignore[arg-type]
    from .sqlite import SQLiteStore

    return SQLiteStore(db, **options)  # type: ignore[arg-type]
