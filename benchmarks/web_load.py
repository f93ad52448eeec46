"""A load and attack benchmark of the game server over loopback.

The script starts ``sevens-ru serve`` in a process of its own (with ``--workers N``
processes, over a fresh SQLite file or the PostgreSQL database of ``--db``) on
127.0.0.1 and a free port, its descriptor limit set to ``--nofile``, its log kept.

**The load run** (the default): ``--tables`` scripted players, all at once, each from a
loopback address of its own (127.1.x.y), deal a table (a person and bots; half Sevens,
half Durak, each from its own seed), play the person's seat to the end with the first
legal move of every view, and fetch the record. The seeds fix every game, so a run makes
the same number of requests every time; a player stops at ``--max-requests`` requests,
the whole run at ``--seconds``. It prints the latency of a request (p50, p99, max), the
requests per second and the errors (an answer but the expected one, a failed
connection), and exits 1 on any error.

**The attacks** (``--attack NAME`` or ``--attack all``): a hostile client on 127.0.0.2
does one thing for ``--attack-seconds`` while a well-behaved one on 127.0.0.3 plays
tables of its own (deals, views, moves: a request every 50 ms, within every default limit
of a client) and times every answer:

- ``none``: no attack, the well-behaved client alone (the baseline of the run);
- ``create-flood``: ``POST /api/tables`` as fast as 50 connections go;
- ``streams``: 1,000 live streams with pictures (``?svg=1``) on one six-seat table whose
  seats the attacker plays, a move every half second (each move fans out to every
  stream); ``--stream-limits`` raises the server's limits of streams and connections
  per client so that all 1,000 are let in, and the fan-out itself is measured;
- ``bots``: 30 tables of search bots, their human seats played as fast as they answer;
- ``slow``: 200 connections sending headers, and 200 sending a 4 KB body, a byte a
  second; how long the server keeps each;
- ``aborted``: 200 requests that promise a 4 KB body and hang up after 100 bytes; how
  many bytes of log each adds;
- ``echoes``: requests whose errors could quote their input (a 4,000-digit ``version``,
  a list as a move, long fields) and a 500 KB body sent whole before the answer is read,
  as ``urllib`` does; the longest error body and whether the 413 was read.

For each it prints the well-behaved client's p50, p95 and max latency and its refused
requests (any answer but the expected one), and the attack's own figure.

    python benchmarks/web_load.py                      # 200 tables, SQLite, one process
    python benchmarks/web_load.py --quick              # 20 tables, for CI
    python benchmarks/web_load.py --tables 1000 --db postgresql://... --workers 4
    python benchmarks/web_load.py --attack all         # every attack, about 3 minutes
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import httpx2

SEVENS_SEATS = ["human", "heuristic", "heuristic", "random"]
DURAK_SEATS = ["human", "heuristic", "random"]
ATTACKER = "127.0.0.2"
GOOD = "127.0.0.3"
ATTACKS = ("none", "create-flood", "streams", "bots", "slow", "aborted", "echoes")
PACE = 0.05  # the well-behaved client's pause before each request: under 10 moves a second
STREAM_LIMITS = [
    "--streams-per-client", "1100", "--streams-per-seat", "1100", "--streams-per-table", "1100",
    "--connections-per-client", "1100",
]  # fmt: skip


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def player_address(number: int) -> str:
    """A loopback address of its own for the player of table ``number``."""
    return f"127.1.{number // 250}.{number % 250 + 1}"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


class Tally:
    """The latencies of the requests made and the errors met."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []

    async def request(
        self, client: httpx2.AsyncClient, method: str, path: str, expect: int, **kwargs: Any
    ) -> dict[str, Any] | None:
        start = time.perf_counter()
        try:
            response = await client.request(method, path, **kwargs)
        except httpx2.HTTPError as error:
            self.errors.append(f"{method} {path}: {type(error).__name__} {error}")
            return None
        self.latencies.append(time.perf_counter() - start)
        if response.status_code != expect:
            self.errors.append(f"{method} {path}: {response.status_code} {response.text[:100]}")
            return None
        answer: dict[str, Any] = response.json()
        return answer

    def summary(self) -> str:
        if not self.latencies:
            return "no answer"
        ms = [latency * 1000 for latency in self.latencies]
        return (
            f"p50 {statistics.median(ms):.0f} ms, p95 {percentile(ms, 0.95):.0f} ms, "
            f"max {max(ms):.0f} ms over {len(ms)} requests, refused {len(self.errors)}"
        )


def client_from(address: str, url: str, connections: int = 4) -> httpx2.AsyncClient:
    transport = httpx2.AsyncHTTPTransport(
        local_address=address,
        verify=False,  # plain HTTP: loading the certificates would cost the client 0.4 s a table
        limits=httpx2.Limits(max_connections=connections, max_keepalive_connections=connections),
    )
    return httpx2.AsyncClient(base_url=url, transport=transport, timeout=60, verify=False)


async def play_table(
    url: str, tally: Tally, number: int, max_requests: int, address: str | None = None
) -> None:
    """Deal one table and play its human seat to the end."""
    game, seats = ("sevens", SEVENS_SEATS) if number % 2 == 0 else ("durak", DURAK_SEATS)
    async with client_from(address or player_address(number), url, 1) as client:
        made = await tally.request(
            client, "POST", "/api/tables", 201, json={"game": game, "seats": seats, "seed": number}
        )
        if made is None:
            return
        table, token = made["id"], made["tokens"]["0"]
        headers = {"Authorization": f"Bearer {token}"}
        view = await tally.request(client, "GET", f"/api/tables/{table}", 200, headers=headers)
        requests = 2
        while view is not None and not view["over"] and requests < max_requests:
            view = await tally.request(
                client,
                "POST",
                f"/api/tables/{table}/moves",
                200,
                headers=headers,
                json={"move": view["legal_moves"][0], "version": view["version"]},
            )
            requests += 1
        if view is not None and view["over"]:
            await tally.request(client, "GET", f"/api/tables/{table}/record", 200, headers=headers)
        elif view is not None:
            tally.errors.append(f"table {number}: not over after {max_requests} requests")


async def load(url: str, tables: int, max_requests: int, seconds: float) -> Tally:
    tally = Tally()
    games = [play_table(url, tally, number, max_requests) for number in range(tables)]
    try:
        await asyncio.wait_for(asyncio.gather(*games), timeout=seconds)
    except asyncio.TimeoutError:
        tally.errors.append(f"the run was stopped after {seconds:g} s")
    return tally


async def well_behaved(url: str, tally: Tally, stop: asyncio.Event) -> None:
    """Play tables of one's own, a request every 50 ms, timing each, until ``stop``."""
    number = 0
    async with client_from(GOOD, url) as client:
        while not stop.is_set():
            seats = ["human", "random"]
            made = await tally.request(
                client, "POST", "/api/tables", 201, json={"game": "sevens", "seats": seats}
            )
            number += 1
            if made is None:
                await asyncio.sleep(0.2)
                continue
            path, headers = (
                f"/api/tables/{made['id']}",
                {"Authorization": f"Bearer {made['tokens']['0']}"},
            )
            view: dict[str, Any] | None = {"over": False}
            while view is not None and not view["over"] and not stop.is_set():
                await asyncio.sleep(PACE)
                view = await tally.request(client, "GET", path, 200, headers=headers)
                if view is None or view["over"]:
                    break
                await asyncio.sleep(PACE)
                view = await tally.request(
                    client,
                    "POST",
                    path + "/moves",
                    200,
                    headers=headers,
                    json={"move": view["legal_moves"][0], "version": view["version"]},
                )


async def raw_request(
    address: str, port: int, head: str, body: bytes = b"", timeout: float = 30
) -> tuple[int, bytes]:
    """Send one request on a fresh connection; the status and the body of the answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
    try:
        writer.write(head.encode() + body)
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(1 << 20), timeout)
        while not answer.count(b"\r\n\r\n"):
            more = await asyncio.wait_for(reader.read(1 << 20), timeout)
            if not more:
                break
            answer += more
        status = int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/") else 0
        header, _, rest = answer.partition(b"\r\n\r\n")
        for line in header.split(b"\r\n"):
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                while len(rest) < int(value):
                    more = await asyncio.wait_for(reader.read(1 << 20), timeout)
                    if not more:
                        break
                    rest += more
        return status, rest
    finally:
        writer.close()


def head(method: str, path: str, length: int | None = None, token: str | None = None) -> str:
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1"]
    if token:
        lines.append(f"Authorization: Bearer {token}")
    if length is not None:
        lines += ["Content-Type: application/json", f"Content-Length: {length}"]
    return "\r\n".join(lines) + "\r\n\r\n"


class Attack:
    """What an attack did, for its line of the report."""

    def __init__(self) -> None:
        self.statuses: Counter[int] = Counter()
        self.figure = ""


async def none(url: str, port: int, seconds: float, attack: Attack) -> None:
    await asyncio.sleep(seconds)
    attack.figure = "no attack"


async def create_flood(url: str, port: int, seconds: float, attack: Attack) -> None:
    deadline = time.monotonic() + seconds

    async def one(client: httpx2.AsyncClient) -> None:
        while time.monotonic() < deadline:
            try:
                answer = await client.post(
                    "/api/tables", json={"game": "sevens", "seats": ["human", "random"]}
                )
                attack.statuses[answer.status_code] += 1
                if answer.status_code == 429:
                    await asyncio.sleep(0.01)
            except httpx2.HTTPError:
                attack.statuses[0] += 1

    async with client_from(ATTACKER, url, 50) as client:
        await asyncio.gather(*(one(client) for _ in range(50)))
    attack.figure = f"{attack.statuses[201]} tables made"


async def streams(url: str, port: int, seconds: float, attack: Attack) -> None:
    async with client_from(ATTACKER, url, 4) as client:
        made = (
            await client.post("/api/tables", json={"game": "sevens", "seats": ["human"] * 6})
        ).json()
        table, tokens = made["id"], made["tokens"]
        opened: list[asyncio.StreamWriter] = []
        got = Counter[str]()

        async def listen(token: str) -> None:
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(ATTACKER, 0)
                )
            except OSError:
                got["refused"] += 1
                return
            opened.append(writer)
            writer.write(head("GET", f"/api/tables/{table}/events?svg=1", token=token).encode())
            first = True
            with contextlib.suppress(OSError, asyncio.IncompleteReadError):
                while chunk := await reader.read(65536):
                    if first:
                        got[chunk.split(b" ", 2)[1].decode()] += 1
                        first = False
                    got["bytes"] += len(chunk)

        listeners = [
            asyncio.ensure_future(listen(tokens[str(number % 6)])) for number in range(1000)
        ]
        await asyncio.sleep(3)
        deadline, moves = time.monotonic() + seconds, 0
        while time.monotonic() < deadline:
            view = (
                await client.get(
                    f"/api/tables/{table}", headers={"Authorization": f"Bearer {tokens['0']}"}
                )
            ).json()
            if view["over"]:
                break
            seat = str(view["current_player"])
            view = (
                await client.get(
                    f"/api/tables/{table}", headers={"Authorization": f"Bearer {tokens[seat]}"}
                )
            ).json()
            answer = await client.post(
                f"/api/tables/{table}/moves",
                json={"move": view["legal_moves"][0]},
                headers={"Authorization": f"Bearer {tokens[seat]}"},
            )
            moves += answer.status_code == 200
            await asyncio.sleep(0.5)
        for writer in opened:
            writer.close()
        for listener in listeners:
            listener.cancel()
        await asyncio.gather(*listeners, return_exceptions=True)
    attack.statuses.update({int(key): value for key, value in got.items() if key.isdigit()})
    attack.figure = (
        f"{got['200']} streams let in, {moves} moves fanned out, "
        f"{got['bytes'] / 1e6:.0f} MB streamed"
    )


async def bots(url: str, port: int, seconds: float, attack: Attack) -> None:
    deadline = time.monotonic() + seconds

    async def one(number: int) -> None:
        async with client_from(ATTACKER, url, 1) as client:
            while time.monotonic() < deadline:
                game = "sevens" if number % 2 else "durak"
                seats = ["human", "search", "search", "search"]
                answer = await client.post("/api/tables", json={"game": game, "seats": seats})
                attack.statuses[answer.status_code] += 1
                if answer.status_code != 201:
                    await asyncio.sleep(1)
                    continue
                made = answer.json()
                path = f"/api/tables/{made['id']}"
                headers = {"Authorization": f"Bearer {made['tokens']['0']}"}
                view = (await client.get(path, headers=headers)).json()
                while not view["over"] and time.monotonic() < deadline:
                    answer = await client.post(
                        path + "/moves", json={"move": view["legal_moves"][0]}, headers=headers
                    )
                    attack.statuses[answer.status_code] += 1
                    if answer.status_code != 200:
                        break
                    view = answer.json()

    await asyncio.gather(*(one(number) for number in range(30)))
    attack.figure = f"{attack.statuses[200]} human moves answered (each after 1-3 search bots)"


async def slow(url: str, port: int, seconds: float, attack: Attack) -> None:
    body = json.dumps({"game": "sevens", "seats": ["human", "random"], "x": "y" * 4000}).encode()
    kept: list[float] = []

    async def drip(prefix: bytes, drops: bytes) -> None:
        start = time.monotonic()
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(ATTACKER, 0)
            )
        except OSError:
            attack.statuses[0] += 1
            return
        try:
            writer.write(prefix)
            for byte in drops:
                if time.monotonic() - start > 75:
                    break
                writer.write(bytes([byte]))
                await writer.drain()
                with contextlib.suppress(asyncio.TimeoutError):
                    if await asyncio.wait_for(reader.read(4096), 1.0) == b"":
                        break
        except OSError:
            pass
        kept.append(time.monotonic() - start)
        writer.close()

    headers = (
        b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + b"a" * 4000 + b"\r\n\r\n"
    )
    posting = head("POST", "/api/tables", len(body)).encode()
    await asyncio.gather(
        *(drip(b"", headers) for _ in range(200)), *(drip(posting, body) for _ in range(200))
    )
    attack.figure = (
        f"{len(kept)} slow connections held {statistics.median(kept):.0f} s median, "
        f"{max(kept):.0f} s max"
    )


async def aborted(url: str, port: int, seconds: float, attack: Attack, log: str) -> None:
    before = os.path.getsize(log)
    for _ in range(200):
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(ATTACKER, 0))
        except OSError:
            attack.statuses[0] += 1
            continue
        writer.write(
            head("POST", "/api/tables", 4000).encode() + b'{"game": "sevens", ' + b" " * 80
        )
        await writer.drain()
        await asyncio.sleep(0.02)
        sock = writer.get_extra_info("socket")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        writer.close()
    await asyncio.sleep(2)
    grown = os.path.getsize(log) - before
    attack.figure = f"the log grew {grown} bytes, {grown / 200:.0f} per aborted request"


async def echoes(url: str, port: int, seconds: float, attack: Attack) -> None:
    async with client_from(ATTACKER, url, 4) as client:
        made = (
            await client.post("/api/tables", json={"game": "sevens", "seats": ["human", "human"]})
        ).json()
        table, tokens = made["id"], made["tokens"]
    longest, path = 0, f"/api/tables/{table}/moves"
    bodies: list[tuple[str, bytes]] = [
        ("/api/tables", json.dumps({"game": "x" * 3000, "seats": ["human"]}).encode()),
        ("/api/tables", json.dumps({"game": "sevens", "seats": ["y" * 3000, "human"]}).encode()),
        ("/api/tables", json.dumps({"game": "sevens", "seats": ["human"], "z" * 3000: 1}).encode()),
        (
            "/api/tables",
            json.dumps({"game": "sevens", "seats": ["human", "random"], "seed": 10**3000}).encode(),
        ),
    ]
    for _ in tokens:
        bodies += [
            (path, b'{"move": "9\\u2666", "version": ' + b"7" * 4000 + b"}"),
            (path, json.dumps({"move": ["9♦"] * 600}).encode()),
            (path, json.dumps({"move": "x" * 60}).encode()),
            (path, json.dumps({"move": 10**1000}).encode()),
        ]
    for target, body in bodies:
        token = next(iter(tokens.values())) if target == path else None
        for sender in [token] if token is None else list(tokens.values()):
            status, answer = await raw_request(
                ATTACKER, port, head("POST", target, len(body), sender), body
            )
            attack.statuses[status] += 1
            longest = max(longest, len(answer))
    whole = b'{"game": "sevens", "x": "' + b"y" * 500_000 + b'"}'
    try:
        status, answer = await raw_request(
            ATTACKER, port, head("POST", "/api/tables", len(whole)), whole
        )
        attack.statuses[status] += 1
        read = f"the 413 was read ({status})" if status == 413 else f"status {status}"
    except OSError as error:
        read = f"the 413 was lost: {type(error).__name__}"
    attack.figure = f"longest error body {longest} bytes; a 500 KB body sent whole: {read}"


RUNS: dict[str, Callable[..., Awaitable[None]]] = {
    "none": none,
    "create-flood": create_flood,
    "streams": streams,
    "bots": bots,
    "slow": slow,
    "aborted": aborted,
    "echoes": echoes,
}


async def under_attack(
    url: str, port: int, name: str, seconds: float, log: str
) -> tuple[Tally, Attack]:
    tally, attack, stop = Tally(), Attack(), asyncio.Event()
    good = asyncio.ensure_future(well_behaved(url, tally, stop))
    await asyncio.sleep(1)
    tally.latencies.clear()  # the good client's first table was dealt before the attack
    extra = {"log": log} if name == "aborted" else {}
    try:
        await RUNS[name](url, port, seconds, attack, **extra)
    finally:
        stop.set()
        await good
    return tally, attack


def wait_until_up(url: str, server: subprocess.Popen[bytes], log: str) -> None:
    deadline = time.monotonic() + 60
    with httpx2.Client(verify=False, timeout=1) as client:
        while time.monotonic() < deadline:
            if server.poll() is not None:
                with open(log, encoding="utf-8", errors="replace") as text:
                    said = text.read()[-1500:]
                raise SystemExit(
                    f"the server exited with status {server.returncode}; its log ends:\n{said}"
                )
            try:
                if client.get(url + "/api/games").status_code == 200:
                    return
            except httpx2.HTTPError:
                time.sleep(0.1)
    raise SystemExit("the server did not start in 60 s")


@contextlib.contextmanager
def server(
    db: str | None, workers: int, nofile: int, extra: list[str], log: str
) -> Iterator[tuple[str, int]]:
    """``sevens-ru serve`` in a process of its own; its address and port."""
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        command = [
            sys.executable, "-m", "sevens_ru.cli", "serve", "--host", "127.0.0.1",
            "--port", str(port), "--db", db or os.path.join(folder, "tables.sqlite3"), *extra,
        ]  # fmt: skip
        if workers > 1:
            command += ["--workers", str(workers)]

        def limit() -> None:
            hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(nofile, hard), hard))

        with open(log, "ab") as output:
            process = subprocess.Popen(
                command, cwd=folder, stdout=output, stderr=output, preexec_fn=limit,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )  # fmt: skip
        try:
            wait_until_up(f"http://127.0.0.1:{port}", process, log)
            yield f"http://127.0.0.1:{port}", port
        finally:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=200, help="tables played at once")
    parser.add_argument("--max-requests", type=int, default=400, help="per table, at most")
    parser.add_argument("--seconds", type=float, default=600, help="the whole run, at most")
    parser.add_argument("--quick", action="store_true", help="20 tables, for CI")
    parser.add_argument("--db", help="a postgresql:// URL (default: a fresh SQLite file)")
    parser.add_argument("--workers", type=int, default=1, help="server processes")
    parser.add_argument(
        "--attack", help=f"attack instead of load: all, or some of {','.join(ATTACKS)}"
    )
    parser.add_argument("--attack-seconds", type=float, default=20, help="each attack's length")
    parser.add_argument("--stream-limits", action="store_true", help="let 1,000 streams in")
    parser.add_argument("--nofile", type=int, default=4096, help="the server's descriptor limit")
    parser.add_argument("--server-arg", action="append", default=[], help="passed to serve")
    parser.add_argument("--log", help="keep the server's output in this file")
    args = parser.parse_args(argv)
    if args.quick:
        args.tables = 20
    with tempfile.TemporaryDirectory() as scratch:
        log = args.log or os.path.join(scratch, "server.log")
        open(log, "wb").close()
        if args.attack is None:
            with server(args.db, args.workers, args.nofile, args.server_arg, log) as (url, _):
                start = time.perf_counter()
                tally = asyncio.run(load(url, args.tables, args.max_requests, args.seconds))
                elapsed = time.perf_counter() - start
            return report_load(args, tally, elapsed, log)
        failed = False
        names = ATTACKS if args.attack == "all" else args.attack.split(",")
        unknown = set(names) - set(ATTACKS)
        if unknown:
            parser.error(
                f"unknown attack {sorted(unknown)[0]!r}: expected all or {', '.join(ATTACKS)}"
            )
        for name in names:
            extra = [
                *args.server_arg,
                *(STREAM_LIMITS if name == "streams" and args.stream_limits else []),
            ]
            with server(args.db, args.workers, args.nofile, extra, log) as (url, port):
                tally, attack = asyncio.run(under_attack(url, port, name, args.attack_seconds, log))
            statuses = ", ".join(
                f"{status}: {count}" for status, count in sorted(attack.statuses.items())
            )
            print(f"{name}: well-behaved client {tally.summary()}")
            print(f"    attack: {attack.figure}; answers {statuses}")
            for error in tally.errors[:3]:
                print(f"    refused: {error}")
            failed = failed or bool(tally.errors)
        print(f"server log: {os.path.getsize(log)} bytes")
        return 1 if failed else 0


def report_load(args: argparse.Namespace, tally: Tally, elapsed: float, log: str) -> int:
    latencies = sorted(tally.latencies)
    if not latencies:
        print("no request succeeded")
        return 1
    p50 = statistics.median(latencies)
    p99 = percentile(latencies, 0.99)
    store = "PostgreSQL" if args.db else "SQLite"
    processes = f"{args.workers} server process{'es' if args.workers > 1 else ''}"
    print(f"tables played at once: {args.tables} (half Sevens, half Durak), {store}, {processes}")
    print(
        f"requests: {len(latencies)} answered in {elapsed:.1f} s ({len(latencies) / elapsed:.0f}/s)"
    )
    print(
        f"latency per request: p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
        f"max {latencies[-1] * 1000:.1f} ms"
    )
    print(f"errors: {len(tally.errors)}")
    for error in tally.errors[:10]:
        print(f"  {error}")
    if tally.errors:
        with open(log, encoding="utf-8", errors="replace") as text:
            print("server log (the end):", text.read()[-2000:])
    return 1 if tally.errors else 0


if __name__ == "__main__":
    sys.exit(main())
