"""The embedded store: every table in one SQLite file, for one server process.

Each change is one ``BEGIN IMMEDIATE`` transaction, committed (``synchronous=FULL``)
before the call returns; SQLite lets one writer in at a time, so the count of a new
table's :meth:`~SQLiteStore.create` and its insert are one step. The connection is
shared by the worker threads that call the store, one call at a time.

>>> store = SQLiteStore(":memory:")
>>> store.create("t1", "sevens", ["human", "random"], "{}", {0: "ab"}, [], now=1.0, max_tables=1)
>>> store.create("t2", "sevens", ["human", "random"], "{}", {0: "cd"}, [], now=1.0, max_tables=1)
Traceback (most recent call last):
...
sevens_ru.web.store.StoreFullError: this server holds 1 tables already
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager

from .store import (
    SCHEMA_VERSION,
    Store,
    StoredTable,
    StoreFullError,
    StoreUnavailableError,
    check_first,
)

__all__ = ["SQLiteStore"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seats TEXT NOT NULL,
    deal TEXT NOT NULL,
    created REAL NOT NULL,
    touched REAL NOT NULL,
    client TEXT NOT NULL DEFAULT '',
    moves INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS tables_touched ON tables (touched);
CREATE INDEX IF NOT EXISTS tables_client ON tables (client, touched);
CREATE TABLE IF NOT EXISTS seats (
    token_hash TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS seats_table ON seats (table_id);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""
# Layout 1 had neither the client nor the count of moves: added in place.
_FROM_1 = """
ALTER TABLE tables ADD COLUMN client TEXT NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN moves INTEGER NOT NULL DEFAULT 0;
UPDATE tables SET moves = (SELECT count(*) FROM moves WHERE moves.table_id = tables.id);
"""


class SQLiteStore(Store):
    """The database file at ``path`` (``":memory:"`` for one that lives with the process).

    A change waits up to ``timeout`` seconds for another writer of the file (another
    program, a backup) before it gives up with
    :class:`~sevens_ru.web.store.StoreUnavailableError`, as does any call the disk fails.
    """

    def __init__(self, path: str | os.PathLike[str], *, timeout: float = 5.0) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        with self._lock:
            self._db.execute("PRAGMA foreign_keys = ON")
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = FULL")
            self._db.execute(f"PRAGMA busy_timeout = {max(0, round(timeout * 1000))}")
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, 1, SCHEMA_VERSION):
                raise sqlite3.DatabaseError(
                    f"{os.fspath(path)!s:.200} is a database of layout {version}; this version "
                    f"of sevens-ru reads layouts 1 and {SCHEMA_VERSION}"
                )
            with _transaction(self._db):
                if version == 1:
                    for statement in _FROM_1.strip().split(";\n"):
                        self._db.execute(statement)
                for statement in _SCHEMA.strip().split(";\n"):
                    self._db.execute(statement)
                self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()

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
        with self._lock, _available(), _transaction(self._db):
            if max_tables is not None:
                (held,) = self._db.execute(
                    "SELECT count(*) FROM tables WHERE touched >= ?", (live_after,)
                ).fetchone()
                if held >= max_tables:
                    raise StoreFullError(
                        f"this server holds {max_tables} tables already", whole=True
                    )
            if tables_per_client is not None:
                (held,) = self._db.execute(
                    "SELECT count(*) FROM tables WHERE client = ? AND touched >= ?",
                    (client, live_after),
                ).fetchone()
                if held >= tables_per_client:
                    raise StoreFullError(
                        f"this client holds {tables_per_client} tables already", whole=False
                    )
            self._db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (table_id, game, json.dumps(seats), deal, now, now, client, len(moves)),
            )
            self._db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?)",
                [(token_hash, table_id, seat) for seat, token_hash in token_hashes.items()],
            )
            self._insert_moves(table_id, 0, moves)

    def add_moves(self, table_id: str, first: int, moves: Iterable[str], *, now: float) -> None:
        """Store moves numbered from ``first`` on; see :meth:`sevens_ru.web.store.Store.add_moves`."""
        moves = list(moves)
        with self._lock, _available(), _transaction(self._db):
            row = self._db.execute("SELECT moves FROM tables WHERE id = ?", (table_id,)).fetchone()
            check_first(table_id, first, None if row is None else row[0])
            self._insert_moves(table_id, first, moves)
            self._db.execute(
                "UPDATE tables SET touched = ?, moves = ? WHERE id = ?",
                (now, first + len(moves), table_id),
            )

    def _insert_moves(self, table_id: str, first: int, moves: list[str]) -> None:
        self._db.executemany(
            "INSERT INTO moves VALUES (?, ?, ?)",
            [(table_id, number, move) for number, move in enumerate(moves, first)],
        )

    def load(self, table_id: str) -> StoredTable | None:
        """The table ``table_id`` with its moves, or ``None`` if there is none."""
        with self._lock, _available():
            row = self._db.execute(
                "SELECT game, seats, deal, touched FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
            if row is None:
                return None
            moves = [
                move
                for (move,) in self._db.execute(
                    "SELECT move FROM moves WHERE table_id = ? ORDER BY number", (table_id,)
                )
            ]
        game, seats, deal, touched = row
        return StoredTable(table_id, game, json.loads(seats), deal, moves, touched)

    def version(self, table_id: str) -> int | None:
        """How many moves the table ``table_id`` has, or ``None`` if there is none."""
        with self._lock, _available():
            row = self._db.execute("SELECT moves FROM tables WHERE id = ?", (table_id,)).fetchone()
        return None if row is None else int(row[0])

    def seat_of(self, token_hash: str) -> tuple[str, int] | None:
        """The table and seat of a token's hash, or ``None`` for an unknown token."""
        with self._lock, _available():
            row = self._db.execute(
                "SELECT table_id, seat FROM seats WHERE token_hash = ?", (token_hash,)
            ).fetchone()
        return None if row is None else (row[0], row[1])

    def count(self) -> int:
        """How many tables are stored."""
        with self._lock, _available():
            return int(self._db.execute("SELECT count(*) FROM tables").fetchone()[0])

    def expire(self, *, before: float, batch: int) -> list[str]:
        """Delete up to ``batch`` tables idle since before ``before``; their ids."""
        with self._lock, _available(), _transaction(self._db):
            ids = [
                table_id
                for (table_id,) in self._db.execute(
                    "SELECT id FROM tables WHERE touched < ? LIMIT ?", (before, batch)
                )
            ]
            self._db.executemany("DELETE FROM tables WHERE id = ?", [(i,) for i in ids])
        return ids


@contextmanager
def _available() -> Iterator[None]:
    """Raise :class:`StoreUnavailableError` for what the database cannot do now (locked, disk)."""
    try:
        yield
    except sqlite3.OperationalError as error:
        raise StoreUnavailableError(f"the database is unavailable: {error}") from error


@contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
    """``BEGIN IMMEDIATE`` … ``COMMIT``, or ``ROLLBACK`` if the block raises."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
