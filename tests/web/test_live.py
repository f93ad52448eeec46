"""Live updates over a real server on loopback: each seat's stream tells every change."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

from sevens_ru.web import create_app
from sevens_ru.web.serve import in_thread

from .conftest import LOOSE, auth, http


def read_stream(url: str, token: str, into: list[dict[str, Any]]) -> None:
    """Read a seat's server-sent events until the stream ends (at the end of the game)."""
    with (
        http(timeout=30) as client,
        client.stream("GET", url, headers=auth(token)) as response,
    ):
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        for line in response.iter_lines():
            if line.startswith("data: "):
                into.append(json.loads(line[len("data: ") :]))


def wait_for(heard: dict[str, list[dict[str, Any]]], version: int) -> None:
    deadline = time.monotonic() + 10
    while not all(views and views[-1]["version"] >= version for views in heard.values()):
        assert time.monotonic() < deadline, f"version {version} was not streamed to every seat"
        time.sleep(0.005)


def test_every_seat_hears_of_every_move_as_it_happens(db: Path) -> None:
    with (
        in_thread(create_app(db=db, limits=LOOSE)) as url,
        http(base_url=url, timeout=30) as client,
    ):
        made = client.post(
            "/api/tables", json={"game": "durak", "seats": ["human", "human", "random"], "seed": 3}
        )
        table, tokens = made.json()["id"], made.json()["tokens"]
        heard: dict[str, list[dict[str, Any]]] = {"0": [], "1": []}
        readers = [
            threading.Thread(
                target=read_stream,
                args=(f"{url}/api/tables/{table}/events", tokens[seat], heard[seat]),
            )
            for seat in heard
        ]
        for reader in readers:
            reader.start()
        wait_for(heard, 0)
        answers = []
        for _ in range(2000):
            views = {
                seat: client.get(f"/api/tables/{table}", headers=auth(token)).json()
                for seat, token in tokens.items()
            }
            if views["0"]["over"]:
                break
            seat = str(views["0"]["current_player"])
            answer = client.post(
                f"/api/tables/{table}/moves",
                json={"move": views[seat]["legal_moves"][0]},
                headers=auth(tokens[seat]),
            )
            assert answer.status_code == 200
            answers.append(answer.json()["version"])
            wait_for(heard, answers[-1])  # each seat hears of it before anyone moves again
        for reader in readers:
            reader.join(timeout=60)
            assert not reader.is_alive(), "the stream did not end with the game"
    for seat, streamed in heard.items():
        assert all(view["seat"] == int(seat) for view in streamed)
        versions = [view["version"] for view in streamed]
        assert versions == sorted(set(versions))  # each view once, in order
        assert set(answers) <= set(versions)  # every answered move was streamed to every seat
        assert streamed[-1]["over"] and streamed[-1]["ranking"]
        joins = [
            event for view in streamed for event in view["history"] if event["event"] == "join"
        ]
        assert joins  # joins (D7) are seen as they happen, in the history of the stream


def test_a_stream_asks_for_the_token_first(db: Path) -> None:
    with (
        in_thread(create_app(db=db, limits=LOOSE)) as url,
        http(base_url=url, timeout=10) as client,
    ):
        made = client.post("/api/tables", json={"game": "sevens", "seats": ["human", "random"]})
        table = made.json()["id"]
        assert client.get(f"/api/tables/{table}/events").status_code == 401
        assert client.get(f"/api/tables/{table}/events", headers=auth("x")).status_code == 401
