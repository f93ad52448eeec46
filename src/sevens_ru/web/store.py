"""The server's database: one SQLite file holding every table, its seats and its moves.

Three tables, written by nothing else:

- ``tables``: one row per table: its id, game, seat kinds, the record of its deal (a
  game record with no moves, as :func:`sevens_ru.to_json` writes it), when it was
  made and when its last move was made;
- ``seats``: the SHA-256 of each human seat's token, its table and seat number (the
  token itself is never stored, so a copy of the database cannot play anyone's seat);
- ``moves``: the moves of each table, numbered from 0, in their record text.

A table is rebuilt by putting its moves into its deal's record and loading that with
the game's ``from_json``, which replays and checks every move. Each change is one
transaction, committed (``synchronous=FULL``) before the call returns.

>>> store = Store(":memory:")
>>> store.create("t1", "sevens", ["human", "random"], '{"moves": []}', {0: "ab12"}, ["9♦"], now=5.0)
>>> store.add_moves("t1", 1, ["10♦", "8♦"], now=6.0)
>>> table = store.load("t1")
>>> table.moves, table.touched, store.seat_of("ab12")
(['9♦', '10♦', '8♦'], 6.0, ('t1', 0))
>>> store.expire(before=7.0), store.load("t1")
(['t1'], None)
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager

import attrs

__all__ = ["SCHEMA_VERSION", "Store", "StoredTable"]

SCHEMA_VERSION = 1
"""The layout of the database file (``PRAGMA user_version``)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seats TEXT NOT NULL,
    deal TEXT NOT NULL,
    created REAL NOT NULL,
    touched REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS tables_touched ON tables (touched);
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


@attrs.frozen
class StoredTable:
    """A table as the database holds it."""

    id: str
    """The table's id."""
    game: str
    """``"sevens"`` or ``"durak"``."""
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


class Store:
    """The database file at ``path`` (``":memory:"`` for one that lives with the process)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        with self._lock:
            self._db.execute("PRAGMA foreign_keys = ON")
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = FULL")
            self._db.execute("PRAGMA busy_timeout = 5000")
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, SCHEMA_VERSION):
                raise sqlite3.DatabaseError(
                    f"{path} is a database of layout {version}; this version of sevens-ru "
                    f"reads layout {SCHEMA_VERSION}"
                )
            self._db.executescript(_SCHEMA)
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
    ) -> None:
        """Store a new table with its seats' token hashes and the moves its bots made first."""
        with self._lock, _transaction(self._db):
            self._db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, game, json.dumps(seats), deal, now, now),
            )
            self._db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?)",
                [(token_hash, table_id, seat) for seat, token_hash in token_hashes.items()],
            )
            self._insert_moves(table_id, 0, moves)

    def add_moves(self, table_id: str, first: int, moves: Iterable[str], *, now: float) -> None:
        """Store moves numbered from ``first`` on; a number stored already fails the whole call."""
        with self._lock, _transaction(self._db):
            self._insert_moves(table_id, first, moves)
            self._db.execute("UPDATE tables SET touched = ? WHERE id = ?", (now, table_id))

    def _insert_moves(self, table_id: str, first: int, moves: Iterable[str]) -> None:
        self._db.executemany(
            "INSERT INTO moves VALUES (?, ?, ?)",
            [(table_id, number, move) for number, move in enumerate(moves, first)],
        )

    def load(self, table_id: str) -> StoredTable | None:
        """The table ``table_id`` with its moves, or ``None`` if there is none."""
        with self._lock:
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

    def seat_of(self, token_hash: str) -> tuple[str, int] | None:
        """The table and seat of a token's hash, or ``None`` for an unknown token."""
        with self._lock:
            row = self._db.execute(
                "SELECT table_id, seat FROM seats WHERE token_hash = ?", (token_hash,)
            ).fetchone()
        return None if row is None else (row[0], row[1])

    def count(self) -> int:
        """How many tables are stored."""
        with self._lock:
            return int(self._db.execute("SELECT count(*) FROM tables").fetchone()[0])

    def expire(self, *, before: float) -> list[str]:
        """Delete the tables whose last move is older than ``before``; their ids."""
        with self._lock, _transaction(self._db):
            ids = [
                table_id
                for (table_id,) in self._db.execute(
                    "SELECT id FROM tables WHERE touched < ?", (before,)
                )
            ]
            self._db.execute("DELETE FROM tables WHERE touched < ?", (before,))
        return ids


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
