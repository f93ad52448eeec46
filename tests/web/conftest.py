"""Fixtures of the server's tests: an app over a real SQLite file, and helpers to play.

In every test of the server, the app's store refuses a call made on the event loop's
thread (:class:`OffLoopStore`): SQLite waits on the disk, and the loop serves every table.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from sevens_ru.web import app as web_app
from sevens_ru.web import create_app
from sevens_ru.web.store import Store

STORE_METHODS = ("create", "add_moves", "load", "seat_of", "count", "expire", "close")
"""Every public method of the store."""


class OffLoopStore(Store):
    """The store, failing any call made in a thread that runs an event loop.

    The app runs on asyncio under the test client, so ``asyncio.get_running_loop()``
    tells the loop's thread from the worker threads. ``calls`` names the calls made.
    """

    calls: list[str]

    def __init__(self, path: Any) -> None:
        self.calls = []
        super().__init__(path)


def _off_the_loop(name: str) -> Callable[..., Any]:
    method = getattr(Store, name)

    @functools.wraps(method)
    def checked(self: OffLoopStore, *args: Any, **kwargs: Any) -> Any:
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no loop runs in this thread
            self.calls.append(name)
            return method(self, *args, **kwargs)
        raise AssertionError(f"Store.{name}() was called on the event loop's thread")

    return checked


for _name in STORE_METHODS:
    setattr(OffLoopStore, _name, _off_the_loop(_name))


@pytest.fixture(autouse=True)
def off_loop_store(monkeypatch: pytest.MonkeyPatch) -> list[OffLoopStore]:
    """Every app of the test over an :class:`OffLoopStore`; the stores made."""
    made: list[OffLoopStore] = []

    def make(path: Any) -> OffLoopStore:
        store = OffLoopStore(path)
        made.append(store)
        return store

    monkeypatch.setattr(web_app, "Store", make)
    return made


class Clock:
    """A clock the tests move by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "tables.sqlite3"


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def client(db: Path, clock: Clock) -> Iterator[TestClient]:
    with TestClient(create_app(db=db, clock=clock)) as client:
        yield client


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def make_table(client: TestClient, **request: Any) -> tuple[str, dict[str, str]]:
    response = client.post("/api/tables", json=request)
    assert response.status_code == 201, response.text
    body = response.json()
    return body["id"], body["tokens"]
