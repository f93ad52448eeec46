r"""The scale-out store: every table in a PostgreSQL database that several servers share.

It needs the ``postgres`` extra (``pip install "sevens-ru[postgres]"``: psycopg 3 and
its connection pool). Any number of server processes, on one host or several, may
serve the same database:

- a new table is counted and inserted under one transaction-scoped advisory lock, so
  that the global cap (and each client's) holds across processes;
- moves are stored under a row lock on their table (``SELECT ... FOR UPDATE``), and
  only onto the number of moves the storing process saw: of two processes racing on
  one seat, exactly one stores its move, the other gets
  :class:`~sevens_ru.web.store.StaleMoveError`;
- each stored change is announced with ``NOTIFY sevens_ru, 'TABLE MOVES'`` in the same
  transaction, and each process ``LISTEN``\\ s on a connection of its own
  (:meth:`PostgresStore.listen`), so live streams follow moves made elsewhere.

The tables are made on first use (``CREATE TABLE IF NOT EXISTS``, under an advisory
lock, so that processes starting together do not race), in the connection's schema.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from .store import (
    SCHEMA_VERSION,
    Listener,
    Store,
    StoredTable,
    StoreFullError,
    StoreUnavailableError,
    check_first,
)

__all__ = ["CHANNEL", "PostgresStore"]

CHANNEL = "sevens_ru"
"""The ``LISTEN/NOTIFY`` channel of the tables' changes: ``'TABLE MOVES'``, ``MOVES`` -1 once gone."""

_SCHEMA_LOCK = 0x53_37_52_55_00  # pg_advisory_xact_lock keys: the layout's and new tables'
_CREATE_LOCK = 0x53_37_52_55_01
_SCHEMA = [
    "CREATE TABLE IF NOT EXISTS sevens_ru_schema (version INTEGER NOT NULL)",
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        seats TEXT NOT NULL,
        deal TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        touched DOUBLE PRECISION NOT NULL,
        client TEXT NOT NULL DEFAULT '',
        moves INTEGER NOT NULL DEFAULT 0
    )""",
    "CREATE INDEX IF NOT EXISTS tables_touched ON tables (touched)",
    "CREATE INDEX IF NOT EXISTS tables_client ON tables (client, touched)",
    """CREATE TABLE IF NOT EXISTS seats (
        token_hash TEXT PRIMARY KEY,
        table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS seats_table ON seats (table_id)",
    """CREATE TABLE IF NOT EXISTS moves (
        table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        move TEXT NOT NULL,
        PRIMARY KEY (table_id, number)
    )""",
]
_log = logging.getLogger("sevens_ru.web")


class PostgresStore(Store):
    """The PostgreSQL database at ``url`` (``postgresql://user@host:port/name``).

    ``pool_size`` connections at most serve the app's worker threads; one more listens.
    A call that finds no connection within ``timeout`` seconds (the database is down),
    or whose connection is lost, raises
    :class:`~sevens_ru.web.store.StoreUnavailableError`.
    """

    shared = True

    def __init__(self, url: str, *, pool_size: int = 8, timeout: float = 10.0) -> None:
        self.url = url
        self._pool = ConnectionPool(
            url,
            min_size=1,
            max_size=pool_size,
            timeout=timeout,
            open=False,
            kwargs={"autocommit": True},  # a read is one statement; a change, a transaction
        )
        self._pool.open(wait=True, timeout=30)
        self._closed = threading.Event()
        self._listener: threading.Thread | None = None
        with self._pool.connection() as db, db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            for statement in _SCHEMA:
                db.execute(statement)
            row = db.execute("SELECT version FROM sevens_ru_schema").fetchone()
            if row is None:
                db.execute("INSERT INTO sevens_ru_schema VALUES (%s)", (SCHEMA_VERSION,))
            elif row[0] != SCHEMA_VERSION:
                self._pool.close()
                raise psycopg.DatabaseError(
                    f"the database is of layout {row[0]}; this version of sevens-ru reads "
                    f"layout {SCHEMA_VERSION}"
                )

    def close(self) -> None:
        """Stop listening and close every connection."""
        self._closed.set()
        if self._listener is not None:
            self._listener.join(timeout=10)
        self._pool.close()

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
        """Store a new table; see :meth:`sevens_ru.web.store.Store.create`."""
        moves = list(moves)
        with _available(), self._pool.connection() as db, db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (_CREATE_LOCK,))
            if max_tables is not None:
                (held,) = _one(db, "SELECT count(*) FROM tables WHERE touched >= %s", live_after)
                if held >= max_tables:
                    raise StoreFullError(
                        f"this server holds {max_tables} tables already", whole=True
                    )
            if tables_per_client is not None:
                (held,) = _one(
                    db,
                    "SELECT count(*) FROM tables WHERE client = %s AND touched >= %s",
                    client,
                    live_after,
                )
                if held >= tables_per_client:
                    raise StoreFullError(
                        f"this client holds {tables_per_client} tables already", whole=False
                    )
            db.execute(
                "INSERT INTO tables VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                (table_id, game, json.dumps(seats), deal, now, now, client, len(moves)),
            )
            with db.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO seats VALUES (%s, %s, %s)",
                    [(token_hash, table_id, seat) for seat, token_hash in token_hashes.items()],
                )
                _insert_moves(cursor, table_id, 0, moves)

    def add_moves(self, table_id: str, first: int, moves: Iterable[str], *, now: float) -> None:
        """Store moves numbered from ``first`` on; see :meth:`sevens_ru.web.store.Store.add_moves`."""
        moves = list(moves)
        with _available(), self._pool.connection() as db, db.transaction():
            row = db.execute(
                "SELECT moves FROM tables WHERE id = %s FOR UPDATE", (table_id,)
            ).fetchone()
            check_first(table_id, first, None if row is None else row[0])
            with db.cursor() as cursor:
                _insert_moves(cursor, table_id, first, moves)
            total = first + len(moves)
            db.execute(
                "UPDATE tables SET touched = %s, moves = %s WHERE id = %s", (now, total, table_id)
            )
            db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table_id} {total}"))

    def load(self, table_id: str) -> StoredTable | None:
        """The table ``table_id`` with its moves, or ``None`` if there is none (one statement)."""
        with _available(), self._pool.connection() as db:
            row = db.execute(
                "SELECT game, seats, deal, touched, ARRAY(SELECT move FROM moves "
                "WHERE table_id = tables.id ORDER BY number) FROM tables WHERE id = %s",
                (table_id,),
            ).fetchone()
        if row is None:
            return None
        game, seats, deal, touched, moves = row
        return StoredTable(table_id, game, json.loads(seats), deal, list(moves), touched)

    def version(self, table_id: str) -> int | None:
        """How many moves the table ``table_id`` has, or ``None`` if there is none."""
        with _available(), self._pool.connection() as db:
            row = db.execute("SELECT moves FROM tables WHERE id = %s", (table_id,)).fetchone()
        return None if row is None else int(row[0])

    def seat_of(self, token_hash: str) -> tuple[str, int] | None:
        """The table and seat of a token's hash, or ``None`` for an unknown token."""
        with _available(), self._pool.connection() as db:
            row = db.execute(
                "SELECT table_id, seat FROM seats WHERE token_hash = %s", (token_hash,)
            ).fetchone()
        return None if row is None else (row[0], row[1])

    def count(self) -> int:
        """How many tables are stored."""
        with _available(), self._pool.connection() as db:
            (count,) = _one(db, "SELECT count(*) FROM tables")
        return int(count)

    def expire(self, *, before: float, batch: int) -> list[str]:
        """Delete up to ``batch`` tables idle since before ``before``; their ids.

        Tables another process is deleting now are left to it (``SKIP LOCKED``).
        """
        with _available(), self._pool.connection() as db, db.transaction():
            ids = [
                table_id
                for (table_id,) in db.execute(
                    "DELETE FROM tables WHERE id IN (SELECT id FROM tables WHERE touched < %s "
                    "LIMIT %s FOR UPDATE SKIP LOCKED) RETURNING id",
                    (before, batch),
                )
            ]
            for table_id in ids:
                db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table_id} -1"))
        return ids

    def listen(self, listener: Listener) -> None:
        """Call ``listener(table, moves)`` from a thread for each change the database announces.

        After a lost connection (the database restarted, say), it connects again and
        calls ``listener("", 0)``: anything may have changed meanwhile.
        """
        if self._listener is not None:
            raise RuntimeError("this store has a listener already")
        self._listener = threading.Thread(
            target=self._listen, args=(listener,), name="sevens-ru listen", daemon=True
        )
        self._listener.start()

    def _listen(self, listener: Listener) -> None:
        lost = False
        while not self._closed.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as db:
                    db.execute(f"LISTEN {CHANNEL}")
                    if lost:
                        listener("", 0)
                    while not self._closed.is_set():
                        for notice in db.notifies(timeout=0.5):
                            table_id, _, moves = notice.payload.rpartition(" ")
                            listener(table_id, int(moves))
            except psycopg.Error as error:
                if self._closed.is_set():
                    return
                if not lost:
                    _log.warning("lost the database's notifications (%s); connecting again", error)
                lost = True
                self._closed.wait(1.0)


@contextmanager
def _available() -> Iterator[None]:
    """Raise :class:`StoreUnavailableError` for a database that cannot answer now.

    A lost connection, a server down or restarting, no connection free within the
    pool's timeout: psycopg's ``OperationalError`` (the pool's timeout is one).
    """
    try:
        yield
    except psycopg.OperationalError as error:
        reason = " ".join(str(error).split())[:200]  # the server's words, on one line
        raise StoreUnavailableError(f"the database is unavailable: {reason}") from error


def _one(db: psycopg.Connection[Any], query: str, *values: object) -> tuple[Any, ...]:
    row = db.execute(query, values).fetchone()
    assert row is not None  # a count has a row
    return tuple(row)


def _insert_moves(cursor: psycopg.Cursor[Any], table_id: str, first: int, moves: list[str]) -> None:
    cursor.executemany(
        "INSERT INTO moves VALUES (%s, %s, %s)",
        [(table_id, number, move) for number, move in enumerate(moves, first)],
    )
