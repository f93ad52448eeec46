"""A bounded load test of the game server over loopback: many tables played at once.

The script starts ``sevens_ru.web`` with uvicorn in a process of its own, on
127.0.0.1 and a free port, over a fresh SQLite file in a temporary folder. Then
``--tables`` scripted clients, all at once, each deal a table (a person and bots; half
the tables Sevens, half Durak, each from its own seed), play the person's seat to the
end with the first legal move of every view, and fetch the record. The seeds fix every
game, so a run makes the same number of requests every time; a client stops at
``--max-requests`` requests, and the whole run at ``--seconds``. It prints the
latency of one request (p50, p99, max), the requests per second, and the number of
errors (any answer but the expected status, or a failed connection), and exits 1 if
there was any error.

    python benchmarks/web_load.py              # 200 tables (about 30 s on 2 cores)
    python benchmarks/web_load.py --quick      # 20 tables, for CI
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import httpx2

SEVENS_SEATS = ["human", "heuristic", "heuristic", "random"]
DURAK_SEATS = ["human", "heuristic", "random"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


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


async def play_table(
    client: httpx2.AsyncClient, tally: Tally, number: int, max_requests: int
) -> None:
    """Deal one table and play its human seat to the end."""
    game, seats = ("sevens", SEVENS_SEATS) if number % 2 == 0 else ("durak", DURAK_SEATS)
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


async def run(url: str, tables: int, max_requests: int, seconds: float) -> Tally:
    tally = Tally()
    limits = httpx2.Limits(max_connections=tables, max_keepalive_connections=tables)
    async with httpx2.AsyncClient(base_url=url, limits=limits, timeout=60) as client:
        games = [play_table(client, tally, number, max_requests) for number in range(tables)]
        try:
            await asyncio.wait_for(asyncio.gather(*games), timeout=seconds)
        except asyncio.TimeoutError:
            tally.errors.append(f"the run was stopped after {seconds:g} s")
    return tally


def wait_until_up(url: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited with status {server.returncode}")
        try:
            if httpx2.get(url + "/api/games", timeout=1).status_code == 200:
                return
        except httpx2.HTTPError:
            time.sleep(0.1)
    raise SystemExit("the server did not start in 30 s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=200, help="tables played at once")
    parser.add_argument("--max-requests", type=int, default=400, help="per table, at most")
    parser.add_argument("--seconds", type=float, default=600, help="the whole run, at most")
    parser.add_argument("--quick", action="store_true", help="20 tables, for CI")
    args = parser.parse_args(argv)
    if args.quick:
        args.tables = 20
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        command = [
            sys.executable, "-m", "uvicorn", "--factory", "sevens_ru.web:create_app",
            "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning",
        ]  # fmt: skip
        server = subprocess.Popen(command, cwd=folder, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            wait_until_up(url, server)
            start = time.perf_counter()
            tally = asyncio.run(run(url, args.tables, args.max_requests, args.seconds))
            elapsed = time.perf_counter() - start
        finally:
            server.terminate()
            server.wait(timeout=30)
    latencies = sorted(tally.latencies)
    if not latencies:
        print("no request succeeded")
        return 1
    p50 = statistics.median(latencies)
    p99 = latencies[min(len(latencies) - 1, round(0.99 * (len(latencies) - 1)))]
    print(f"tables played at once: {args.tables} (half Sevens, half Durak), one server process")
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
    return 1 if tally.errors else 0


if __name__ == "__main__":
    sys.exit(main())
