"""The attacks of issue 20, small: one client cannot take the server from the others.

Each test is one attack at a bounded size, over each store: a creation flood, a race
past the global cap, streams past their limits, two processes racing on one seat,
slow and aborted requests, long echoes, a 413 for a client that sends its body first.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import threading
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from sevens_ru.web import MAX_BODY_BYTES, ConnectionLimits, Limits, create_app
from sevens_ru.web.protocol import _quiet_accept
from sevens_ru.web.serve import in_thread
from sevens_ru.web.tables import Table
from sevens_ru.web.thinking import Thinkers

from .conftest import LOOSE, auth, get, http, make_table, post, stored_moves

TABLE = {"game": "sevens", "seats": ["human", "random"]}


def test_a_creation_flood_is_429_for_its_client_only(db: Any) -> None:
    limits = Limits(create_burst=3, creates_per_minute=1, slow_down_seconds=0.2)
    app = create_app(db=db, limits=limits)
    with TestClient(app, client=("192.0.2.1", 1)) as flood:
        answers = []
        for _ in range(5):
            started = time.monotonic()
            answers.append(flood.post("/api/tables", json=TABLE))
            if answers[-1].status_code == 429:  # held back: a client that keeps asking slows
                assert time.monotonic() - started >= 0.2
        assert [a.status_code for a in answers] == [201, 201, 201, 429, 429]
        assert int(answers[-1].headers["retry-after"]) >= 1
        assert "too many new tables from this client" in answers[-1].json()["error"]
        other = TestClient(app, client=("192.0.2.2", 1))
        assert other.post("/api/tables", json=TABLE).status_code == 201  # still dealt


def test_a_client_holds_its_most_tables_and_the_server_its_most(db: Any) -> None:
    loose = {**{f: getattr(LOOSE, f) for f in ("creates_per_minute", "create_burst")}}
    app = create_app(
        db=db, limits=Limits(tables_per_client=2, max_tables=3, slow_down_seconds=0, **loose)
    )
    with TestClient(app, client=("192.0.2.1", 1)) as one:
        assert [one.post("/api/tables", json=TABLE).status_code for _ in range(3)] == [
            201,
            201,
            429,
        ]
        two = TestClient(app, client=("192.0.2.2", 1))
        assert two.post("/api/tables", json=TABLE).status_code == 201
        full = two.post("/api/tables", json=TABLE)
        assert full.status_code == 503 and "holds 3 tables" in full.json()["error"]


def test_the_global_cap_holds_for_creates_racing_over_two_servers(db: Any) -> None:
    limits = Limits(
        max_tables=5,
        **{
            f: getattr(LOOSE, f)
            for f in ("creates_per_minute", "create_burst", "tables_per_client")
        },
    )
    with (
        in_thread(create_app(db=db, limits=limits)) as one,
        in_thread(create_app(db=db, limits=limits)) as two,
    ):
        statuses: list[int] = []

        def create(url: str) -> None:
            statuses.append(post(url + "/api/tables", json=TABLE, timeout=30).status_code)

        racers = [threading.Thread(target=create, args=(url,)) for url in [one, two] * 12]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join()
    assert sorted(statuses) == [201] * 5 + [503] * 19  # the count is in the insert's transaction


def test_x_forwarded_for_names_the_client_only_from_a_trusted_proxy(db: Any) -> None:
    limits = Limits(
        create_burst=1, creates_per_minute=1, slow_down_seconds=0, trusted_proxies=("192.0.2.0/24",)
    )
    app = create_app(db=db, limits=limits)
    with TestClient(app, client=("192.0.2.9", 1)) as proxy:
        for address in ("203.0.113.1", "203.0.113.2"):  # two clients behind the proxy
            headers = {"X-Forwarded-For": f"{address}, 192.0.2.9"}
            assert proxy.post("/api/tables", json=TABLE, headers=headers).status_code == 201
        stranger = TestClient(app, client=("198.51.100.7", 1))
        for address in ("203.0.113.3", "203.0.113.4"):  # posing as many: one client all the same
            headers = {"X-Forwarded-For": address}
            stranger.post("/api/tables", json=TABLE, headers=headers)
        assert stranger.post("/api/tables", json=TABLE).status_code == 429


def test_moves_past_the_rate_are_429(db: Any) -> None:
    app = create_app(db=db, limits=Limits(move_burst=2, moves_per_second=0.01, slow_down_seconds=0))
    with TestClient(app) as client:
        table, tokens = make_table(client, game="durak", seats=["human", "human"], seed=1)
        token = tokens["0"]
        statuses = [
            client.post(
                f"/api/tables/{table}/moves", json={"move": "x"}, headers=auth(token)
            ).status_code
            for _ in range(3)
        ]
        assert statuses[2] == 429


def test_streams_past_a_seats_limit_are_429(db: Any) -> None:
    limits = Limits(streams_per_seat=2, stream_idle_seconds=1, slow_down_seconds=0)
    with in_thread(create_app(db=db, limits=limits)) as url:
        made = post(
            url + "/api/tables", json={"game": "sevens", "seats": ["human", "human"]}
        ).json()
        path = f"{url}/api/tables/{made['id']}/events"
        with contextlib.ExitStack() as held, http(timeout=10) as client:
            seat0 = [
                held.enter_context(client.stream("GET", path, headers=auth(made["tokens"]["0"])))
                for _ in range(2)
            ]
            third = get(path, headers=auth(made["tokens"]["0"]), timeout=10)
            other = held.enter_context(
                client.stream("GET", path, headers=auth(made["tokens"]["1"]))
            )
            assert [stream.status_code for stream in seat0] == [
                200,
                200,
            ] and third.status_code == 429
            assert "seat 0 has 2 live streams open already" in third.json()["error"]
            assert other.status_code == 200  # another seat's stream is let in


def _two_humans(url: str) -> tuple[str, dict[str, str]]:
    """A table of Sevens for two people (seed 1) dealt by the server at ``url``: its id and tokens."""
    made = post(
        url + "/api/tables", json={"game": "sevens", "seats": ["human", "human"], "seed": 1}
    )
    return made.json()["id"], made.json()["tokens"]


def test_two_servers_racing_on_one_seat_apply_exactly_one_move(db: Any) -> None:
    with (
        in_thread(create_app(db=db, limits=LOOSE)) as one,
        in_thread(create_app(db=db, limits=LOOSE)) as two,
    ):
        table, tokens = _two_humans(one)
        view = get(f"{two}/api/tables/{table}", headers=auth(tokens["0"])).json()
        token = tokens[str(view["current_player"])]
        answers: list[int] = []

        def move(url: str) -> None:
            answers.append(
                post(
                    f"{url}/api/tables/{table}/moves",
                    json={"move": "9♦"},
                    headers=auth(token),
                    timeout=30,
                ).status_code
            )

        racers = [threading.Thread(target=move, args=(url,)) for url in (one, two) * 3]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join()
        assert sorted(answers) == [200] + [409] * 5
        assert stored_moves(db, table) == 1
        for url in (one, two):  # both serve the move that won
            assert get(f"{url}/api/tables/{table}", headers=auth(token)).json()["version"] == 1


@pytest.mark.parametrize("db", ["postgresql"], indirect=True)  # a SQLite file has one process
def test_a_stream_hears_of_a_move_made_through_another_process(db: Any) -> None:
    with (
        in_thread(create_app(db=db, limits=LOOSE)) as one,
        in_thread(create_app(db=db, limits=LOOSE)) as two,
    ):
        table, tokens = _two_humans(one)
        heard: list[int] = []

        def listen() -> None:
            with (
                http() as client,
                client.stream(
                    "GET", f"{two}/api/tables/{table}/events", headers=auth(tokens["0"]), timeout=30
                ) as events,
            ):
                for line in events.iter_lines():
                    if line.startswith("data: "):
                        heard.append(json.loads(line[6:])["version"])
                        if heard[-1] == 1:
                            return

        listener = threading.Thread(target=listen)
        listener.start()
        while not heard:
            time.sleep(0.01)
        view = get(f"{one}/api/tables/{table}", headers=auth(tokens["0"])).json()
        token = tokens[str(view["current_player"])]
        assert (
            post(
                f"{one}/api/tables/{table}/moves", json={"move": "9♦"}, headers=auth(token)
            ).status_code
            == 200
        )
        listener.join(timeout=20)
        assert heard == [0, 1]  # through LISTEN/NOTIFY


def _connect(url: str) -> socket.socket:
    host, port = url.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=10)


def _read_all(connection: socket.socket) -> bytes:
    answer = b""
    while chunk := connection.recv(65536):
        answer += chunk
    return answer


def test_slow_headers_and_bodies_are_closed_with_408() -> None:
    limits = ConnectionLimits(header_timeout=0.5, body_timeout=0.5)
    with in_thread(create_app(db=":memory:"), connections=limits) as url:
        started = time.monotonic()
        slow_head, slow_body = _connect(url), _connect(url)
        slow_head.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        slow_body.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        for connection, what in ((slow_head, "headers"), (slow_body, "body")):
            answer = _read_all(connection)
            assert answer.startswith(b"HTTP/1.1 408 ") and what.encode() in answer
            connection.close()
        assert time.monotonic() - started < 5
        assert get(url + "/api/games").status_code == 200  # the others are served


def test_connections_past_a_clients_limit_are_refused() -> None:
    limits = ConnectionLimits(connections_per_client=2)
    with in_thread(create_app(db=":memory:"), connections=limits) as url:
        held = [_connect(url) for _ in range(2)]
        time.sleep(0.2)
        third = _connect(url)
        assert _read_all(third).startswith(b"HTTP/1.1 429 ")
        for connection in (*held, third):
            connection.close()


def test_an_aborted_body_is_one_log_line(capfd: pytest.CaptureFixture[str]) -> None:
    # The server logs to its stderr (uvicorn's handlers), which the test reads whole.
    with in_thread(create_app(db=":memory:")) as url:
        for _ in range(5):
            connection = _connect(url)
            connection.sendall(
                b'POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 4000\r\n\r\n{"game"'
            )
            time.sleep(0.05)
            connection.close()
        time.sleep(0.5)
    text = capfd.readouterr().err
    assert "Traceback" not in text and "ClientDisconnect" not in text and "ERROR" not in text
    assert len(text) <= 200 * 5


def test_error_bodies_quote_short_excerpts(client: TestClient) -> None:
    table, tokens = make_table(client, game="sevens", seats=["human", "human"], seed=1)
    path = f"/api/tables/{table}/moves"
    for token in tokens.values():
        for body in (
            b'{"move": "9\\u2666", "version": ' + b"7" * 4000 + b"}",
            json.dumps({"move": ["9♦"] * 600}).encode(),
            json.dumps({"move": 10**1000}).encode(),
        ):
            answer = client.post(path, content=body, headers=auth(token))
            assert answer.status_code in (409, 413, 422) and len(answer.content) <= 600, (
                answer.text[:100]
            )
    for request in (
        {"game": "x" * 3000, "seats": []},
        {"game": "sevens", "seats": ["y" * 3000]},
        {"z" * 3000: 1},
    ):
        answer = client.post("/api/tables", content=json.dumps(request)[:MAX_BODY_BYTES])
        assert len(answer.content) <= 600


def test_a_413_is_read_by_a_client_that_sends_its_whole_body_first() -> None:
    body = b'{"game": "sevens", "x": "' + b"y" * 300_000 + b'"}'
    with in_thread(create_app(db=":memory:")) as url:
        connection = _connect(url)
        connection.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body
        )
        answer = _read_all(connection)
        connection.close()
    assert answer.startswith(b"HTTP/1.1 413 ") and b"over 4096 bytes" in answer


def test_descriptor_exhaustion_is_logged_once_a_minute(caplog: pytest.LogCaptureFixture) -> None:
    loop = asyncio.new_event_loop()
    try:
        with caplog.at_level(logging.WARNING, logger="sevens_ru.web"):
            for _ in range(50):
                _quiet_accept(
                    loop,
                    {
                        "message": "socket.accept() out of system resource",
                        "exception": OSError(24, "Too many open files"),
                    },
                )
    finally:
        loop.close()
    assert len(caplog.records) == 1 and "Too many open files" in caplog.records[0].getMessage()
    assert "Traceback" not in caplog.text


def test_the_bots_think_in_another_process() -> None:
    import os

    async def run() -> int:
        pid: int = await Thinkers(os.cpu_count() or 1).run("a client", os.getpid)  # the apps' pool
        return pid

    assert asyncio.run(run()) != os.getpid()


def test_a_seats_view_is_made_once_per_change() -> None:
    from sevens_ru.web.games import GAMES

    game = GAMES["sevens"]
    state = game.deal(["human", "human"], seed=1, options={})
    made: list[tuple[int, str | None]] = []

    def build(table: Table, state: Any, seat: int, lang: str | None) -> dict[str, Any]:
        made.append((seat, lang))
        time.sleep(0.01)
        return {"seat": seat}

    table = Table("t", game, ["human", "human"], "{}", state, 0.0, build=build)

    async def many() -> set[bytes]:
        answers = await asyncio.gather(
            *(table.view(seat % 2, lang) for seat in range(200) for lang in (None, "en"))
        )
        return {body for body, _ in answers}

    assert len(asyncio.run(many())) == 2
    assert len(made) == 4 and set(made) == {(0, None), (0, "en"), (1, None), (1, "en")}  # 400 asked


def test_a_change_wakes_its_streams_a_batch_at_a_time_with_their_views_made() -> None:
    from sevens_ru.web.games import GAMES
    from sevens_ru.web.tables import FANOUT_BATCH

    game = GAMES["sevens"]
    state = game.deal(["human", "human"], seed=1, options={})
    built: list[int] = []

    def build(table: Table, state: Any, seat: int, lang: str | None) -> dict[str, Any]:
        built.append(seat)
        return {"seat": seat, "version": table.version}

    table = Table("t", game, ["human", "human"], "{}", state, 0.0, build=build)
    moved = game.apply(state, game.legal_moves(state)[0])

    async def streams() -> tuple[list[bool], list[int]]:
        woken: list[int] = []  # the loop's turn at which each stream woke
        turn = 0

        async def count_turns() -> None:
            nonlocal turn
            while True:
                await asyncio.sleep(0)
                turn += 1

        async def stream(seat: int) -> bool:
            changed = await table.wait(0, seat, "en", timeout=30)
            woken.append(turn)
            assert built.count(seat) == 1  # made before the stream woke, for every stream
            return changed

        counter = asyncio.ensure_future(count_turns())
        waiting = [asyncio.ensure_future(stream(seat % 2)) for seat in range(5 * FANOUT_BATCH)]
        await asyncio.sleep(0.01)
        table.publish(moved)
        changed = await asyncio.gather(*waiting)
        counter.cancel()
        quiet = await table.wait(1, 0, None, timeout=0.01)
        return [*changed, quiet], woken

    changed, woken = asyncio.run(streams())
    assert changed == [True] * (5 * FANOUT_BATCH) + [False]  # the last: no change, timed out
    assert max(woken.count(turn) for turn in set(woken)) <= FANOUT_BATCH
    assert len(set(woken)) >= 5  # other work ran between the batches


def test_each_clients_requests_wait_their_turn_and_no_other_clients() -> None:
    from sevens_ru.web.limits import Turns

    async def run() -> list[str]:
        turns, order = Turns(1), []

        async def request(client: str, name: str, seconds: float) -> None:
            await turns.take(client)
            order.append(name)
            await asyncio.sleep(seconds)
            turns.give(client)

        first = asyncio.ensure_future(request("a", "a1", 0.05))
        await asyncio.sleep(0)
        waiting = asyncio.ensure_future(request("a", "a2", 0))  # waits for a1
        left = asyncio.ensure_future(request("a", "a3", 0))  # gives up while waiting
        other = asyncio.ensure_future(request("b", "b1", 0))  # another client: at once
        await asyncio.sleep(0.01)
        left.cancel()
        await asyncio.gather(first, waiting, other, return_exceptions=True)
        assert turns.held("a") == 0 and turns.held("b") == 0  # both forgotten
        return order

    assert asyncio.run(run()) == ["a1", "b1", "a2"]


def test_a_client_that_reads_nothing_is_cut_off(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    import sevens_ru.web.serve
    from sevens_ru.web.protocol import Protocol

    class SmallBuffers(Protocol):  # the buffers of a busy server, full after a few views
        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
            transport.set_write_buffer_limits(high=1024)
            super().connection_made(transport)

    monkeypatch.setattr(sevens_ru.web.serve, "Protocol", SmallBuffers)
    limits = ConnectionLimits(send_timeout=0.3)
    with in_thread(create_app(db=":memory:", limits=LOOSE), connections=limits) as url:
        made = post(url + "/api/tables", json={"game": "sevens", "seats": ["human", "human"]})
        table, tokens = made.json()["id"], made.json()["tokens"]
        host, port = url.removeprefix("http://").split(":")
        reader = socket.socket()
        reader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        reader.connect((host, int(port)))
        reader.sendall(
            f"GET /api/tables/{table}/events?svg=1 HTTP/1.1\r\nHost: x\r\n"
            f"Authorization: Bearer {tokens['0']}\r\n\r\n".encode()
        )
        for _ in range(8):  # views of about 17 KB each, streamed to a client that reads none
            view = get(f"{url}/api/tables/{table}", headers=auth(tokens["0"])).json()
            seat = str(view["current_player"])
            moves = get(f"{url}/api/tables/{table}", headers=auth(tokens[seat])).json()
            post(
                f"{url}/api/tables/{table}/moves",
                json={"move": moves["legal_moves"][0]},
                headers=auth(tokens[seat]),
            )
        time.sleep(0.8)  # the send timeout, and a margin
        reader.settimeout(5)
        with contextlib.suppress(ConnectionResetError):
            while reader.recv(65536):  # what was buffered, then the end: it was cut off
                pass
        reader.close()
    assert "read nothing for 0.3 s" in capfd.readouterr().err  # one line, no traceback


def test_a_database_away_is_503_and_the_server_recovers(db: Any) -> None:
    if isinstance(db, str):  # PostgreSQL: the server's connections are cut (as by a restart)
        import psycopg

        app = create_app(db=db, limits=LOOSE)
    else:  # SQLite: another program holds the file's write lock
        import sqlite3

        from sevens_ru.web.sqlite import SQLiteStore

        app = create_app(db=SQLiteStore(db, timeout=0.05), limits=LOOSE)
    with TestClient(app) as client:
        table, tokens = make_table(client, game="sevens", seats=["human", "human"], seed=1)
        view = client.get(f"/api/tables/{table}", headers=auth(tokens["0"])).json()
        token = tokens[str(view["current_player"])]
        if isinstance(db, str):
            with psycopg.connect(db, autocommit=True) as admin:
                admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE pid <> pg_backend_pid() AND datname = current_database()"
                )
        else:
            blocker = sqlite3.connect(db, isolation_level=None)
            blocker.execute("BEGIN EXCLUSIVE")
        path = f"/api/tables/{table}/moves"
        answers = [client.post(path, json={"move": "9♦", "version": 0}, headers=auth(token))]
        away = answers[0]
        assert away.status_code == 503 and away.headers["retry-after"] == "5"
        assert away.json() == {"error": "the database is unavailable for now: try again later"}
        if not isinstance(db, str):
            blocker.execute("ROLLBACK")
            blocker.close()
        while answers[-1].status_code == 503 and len(answers) < 10:  # back: the same move
            answers.append(
                client.post(path, json={"move": "9♦", "version": 0}, headers=auth(token))
            )
        assert answers[-1].status_code == 200
    assert stored_moves(db, table) == 1  # stored once, after the database came back
