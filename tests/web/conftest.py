"""Fixtures of the server's tests: an app over a real SQLite file, and helpers to play."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from sevens_ru.web import create_app


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
