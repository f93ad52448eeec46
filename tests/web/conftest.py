"""Fixtures of the server's tests: an app over each store, and helpers to play.

Every test that takes ``db`` (or ``client``) runs twice: over a real SQLite file, and
over a fresh schema of a real PostgreSQL server (Debian's binaries, started once per
test process by :mod:`tests.web.postgres_server`). The quick run takes SQLite alone
(the PostgreSQL cases deselected); ``SEVENS_RU_TEST_STORES=postgresql`` (CI's step) or
``sqlite,postgresql`` selects the PostgreSQL half, which is skipped, with the reason,
where no PostgreSQL binaries are installed.

In every test of the server, the app's store refuses a call made on the event loop's
thread (:class:`OffLoopStore`): the database waits on the disk, and the loop serves
every table.
"""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from starlette.testclient import TestClient

from sevens_ru.web import Limits, create_app
from sevens_ru.web import app as web_app
from sevens_ru.web.store import Store, open_store

from .postgres_server import binaries, scratch_postgres

STORE_METHODS = ("create", "add_moves", "load", "version", "seat_of", "count", "expire", "close")
"""Every method of the store that the app calls in a worker thread."""
STORES = ("sqlite", "postgresql")
LOOSE = Limits(
    tables_per_client=10_000,
    creates_per_minute=1e6,
    create_burst=10_000,
    moves_per_second=1e6,
    move_burst=10_000,
)
"""Limits no test of whole games reaches (the test client is one client); the limits' own tests set theirs."""


class OffLoopStore(Store):
    """A store, failing any call made in a thread that runs an event loop.

    The app runs on asyncio under the test client, so ``asyncio.get_running_loop()``
    tells the loop's thread from the worker threads. ``calls`` names the calls made.
    """

    def __init__(self, inner: Store) -> None:
        self.inner = inner
        self.shared = inner.shared
        self.calls: list[str] = []

    def listen(self, listener: Any) -> None:
        self.inner.listen(listener)


def _off_the_loop(name: str) -> Callable[..., Any]:
    def checked(self: OffLoopStore, *args: Any, **kwargs: Any) -> Any:
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no loop runs in this thread
            self.calls.append(name)
            return getattr(self.inner, name)(*args, **kwargs)
        raise AssertionError(f"Store.{name}() was called on the event loop's thread")

    return checked


for _name in STORE_METHODS:
    setattr(OffLoopStore, _name, _off_the_loop(_name))
OffLoopStore.__abstractmethods__ = frozenset()


@pytest.fixture(autouse=True)
def off_loop_store(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[OffLoopStore]]:
    """Every app of the test over an :class:`OffLoopStore`; the stores made, closed after.

    An app whose lifespan never ran (a test client used without ``with``) closes no
    store: each is closed here, so that no test leaves a connection pool behind.
    """
    made: list[OffLoopStore] = []

    def make(db: Any, **options: Any) -> OffLoopStore:
        store = OffLoopStore(open_store(db, **options))  # type: ignore[abstract]  # made by setattr
        made.append(store)
        return store

    monkeypatch.setattr(web_app, "open_store", make)
    yield made
    for store in made:
        store.inner.close()


def _selected() -> tuple[str, ...]:
    return tuple(os.environ.get("SEVENS_RU_TEST_STORES", "sqlite").split(","))


@pytest.hookimpl(trylast=True)  # after the deep cases are checked by their ids
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out the cases of the stores not selected (deselected, not skipped)."""
    selected = _selected()
    left = [
        item
        for item in items
        if getattr(item, "callspec", None) is not None
        and item.callspec.params.get("db", selected[0]) not in selected  # type: ignore[attr-defined]
    ]
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = [item for item in items if item not in left]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a scratch PostgreSQL server, for the whole test process."""
    with scratch_postgres() as url:
        yield url


_databases = itertools.count()


@pytest.fixture(params=STORES)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    """A fresh database of each store: a SQLite file's path, or the URL of a fresh schema
    of the PostgreSQL server (the store makes its tables in the connection's schema)."""
    if request.param == "sqlite":
        return tmp_path / "tables.sqlite3"
    if binaries() is None:
        pytest.skip("no PostgreSQL binaries (apt-get install postgresql) for the PostgreSQL half")
    psycopg = pytest.importorskip("psycopg", reason="the PostgreSQL half needs the postgres extra")

    server = request.getfixturevalue("postgres_server")
    name = f"test_{next(_databases)}"  # a schema: a database would take a second to make
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {name}")
    return f"{server}?options=-csearch_path%3D{name}"


def stored_moves(db: Any, table: str) -> int:
    """How many moves of ``table`` another connection to ``db`` sees."""
    if isinstance(db, Path):
        import sqlite3

        with sqlite3.connect(db) as other:
            return int(
                other.execute("SELECT count(*) FROM moves WHERE table_id = ?", (table,)).fetchone()[
                    0
                ]
            )
    import psycopg

    with psycopg.connect(db) as other:
        row = other.execute("SELECT count(*) FROM moves WHERE table_id = %s", (table,)).fetchone()
        assert row is not None
        return int(row[0])


class Clock:
    """A clock the tests move by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def client(db: Any, clock: Clock) -> Iterator[TestClient]:
    with TestClient(create_app(db=db, clock=clock, limits=LOOSE)) as client:
        yield client


def http(**options: Any) -> httpx2.Client:
    """An HTTP client for a server of the tests, on loopback.

    ``verify=False``: the servers speak plain HTTP, and a client that loads the
    certificates it would never use takes half a second to make on a busy machine.
    """
    return httpx2.Client(**{"verify": False, "timeout": 30, **options})


def get(url: str, **options: Any) -> httpx2.Response:
    """``GET url`` with a client of :func:`http`."""
    with http() as client:
        answer: httpx2.Response = client.get(url, **options)
        return answer


def post(url: str, **options: Any) -> httpx2.Response:
    """``POST url`` with a client of :func:`http`."""
    with http() as client:
        answer: httpx2.Response = client.post(url, **options)
        return answer


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def make_table(client: TestClient, **request: Any) -> tuple[str, dict[str, str]]:
    response = client.post("/api/tables", json=request)
    assert response.status_code == 201, response.text
    body = response.json()
    return body["id"], body["tokens"]


def play_seat(
    client: TestClient, table: str, token: str, *, prefer: str | None = None, moves: int = 500
) -> list[dict[str, Any]]:
    """Play one seat's moves (``prefer`` where legal, else the first) until the table is over; every view.

    ``moves`` bounds the seat's moves (a series takes more than a deal).
    """
    view = client.get(f"/api/tables/{table}", headers=auth(token)).json()
    views = [view]
    for _ in range(moves):
        if view["over"]:
            return views
        legal = view["legal_moves"]
        move = prefer if prefer in legal else legal[0]
        response = client.post(
            f"/api/tables/{table}/moves",
            json={"move": move, "version": view["version"]},
            headers=auth(token),
        )
        assert response.status_code == 200, response.text
        view = response.json()
        views.append(view)
    raise AssertionError(f"the table was not over after {moves} moves of the seat")
