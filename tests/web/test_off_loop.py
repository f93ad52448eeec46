"""The app never calls its store on the event loop: every route waits for SQLite in a thread."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from sevens_ru.web import IDLE_SECONDS, create_app
from sevens_ru.web.store import open_store

from .conftest import LOOSE, STORE_METHODS, Clock, OffLoopStore, auth, make_table
from .test_api import play_out


def test_the_guard_refuses_a_call_on_the_loop(tmp_path: Path) -> None:
    store = OffLoopStore(open_store(tmp_path / "db.sqlite3"))  # type: ignore[abstract]

    async def on_the_loop() -> int:
        return store.count()

    with pytest.raises(AssertionError, match=r"Store.count\(\) was called on the event loop"):
        asyncio.run(on_the_loop())
    assert store.count() == 0  # off the loop, it answers
    store.close()


def test_every_route_calls_the_store_off_the_loop(
    db: Path, clock: Clock, off_loop_store: list[OffLoopStore]
) -> None:
    with TestClient(create_app(db=db, clock=clock, limits=LOOSE)) as client:
        assert client.get("/api/games").status_code == 200
        table, tokens = make_table(client, game="sevens", seats=["random", "human"], seed=3)
        assert client.get(f"/api/tables/{table}", headers=auth(tokens["1"])).status_code == 200
        final = play_out(client, table, tokens)  # the moves, and the bot's answers
        assert final["over"]
        record = client.get(f"/api/tables/{table}/record", headers=auth(tokens["1"]))
        assert record.status_code == 200
        with client.stream(
            "GET", f"/api/tables/{table}/events", headers=auth(tokens["1"])
        ) as events:
            assert events.status_code == 200
            assert "event: view" in "".join(events.iter_text())
    with TestClient(
        create_app(db=db, clock=clock, limits=LOOSE)
    ) as client:  # a restart: the table loaded
        assert client.get(f"/api/tables/{table}", headers=auth(tokens["1"])).status_code == 200
        clock.now += IDLE_SECONDS + 61
        gone = client.get(f"/api/tables/{table}", headers=auth(tokens["1"]))
        assert gone.status_code == 404
    called = {name for store in off_loop_store for name in store.calls}
    expected = set(STORE_METHODS) - {"count"}  # the count is the create's, in its transaction
    if not off_loop_store[0].shared:
        expected.discard("version")  # asked only where other processes may move
    assert called == expected
