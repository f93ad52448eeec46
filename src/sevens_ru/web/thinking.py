"""The bots think in worker processes, never in the server's own interpreter.

A bot's move can take a search bot tens of milliseconds of CPU, and Python threads
share one interpreter lock: bots thinking in the server's threads hold up every other
request. So :class:`Thinkers` hands each "let the bots move up to the next human turn"
to a pool of worker processes (:class:`~concurrent.futures.ProcessPoolExecutor`), which answers with the moves as record text.

The pool is fair: at most one job per process runs at a time, the waiting jobs are
taken from each client in turn, and a job stops after :data:`SLICE_SECONDS` of thinking
(its table's next bots' moves are a new job, queued behind the other clients'), so that
thirty tables of search bots from one client delay another client's bots by a slice,
not by thirty tables' games. The workers run at a lower priority than the server
(:data:`NICENESS`), so that their thinking never starves the server's event loop.

>>> from sevens_ru.web.games import GAMES
>>> state = GAMES["sevens"].deal(["human", "random"], seed=1, options={})
>>> think("sevens", GAMES["sevens"].to_json(state), ["human", "random"], "key")
['9♦']
"""

from __future__ import annotations

import asyncio
import multiprocessing
import multiprocessing.connection
import os
import random
import signal
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import lru_cache, partial
from typing import Any

from ..errors import SevensError

__all__ = ["NICENESS", "SLICE_SECONDS", "BotsFailedError", "Thinkers", "start", "stop", "think"]


class BotsFailedError(SevensError):
    """A worker process of the bots died (the pool is made anew for the next job)."""


@lru_cache(maxsize=64)
def _bots(game: str, seats: tuple[str, ...]) -> dict[int, Any]:
    from .games import GAMES, HUMAN

    return {seat: GAMES[game].bot(kind) for seat, kind in enumerate(seats) if kind != HUMAN}


SLICE_SECONDS = 0.05
"""A job of the bots stops at the first move that ends past this many seconds (one move at least)."""
NICENESS = 10
"""How much lower the bots' worker processes run than the server (``os.nice``, where there is one)."""


def think(
    game: str, record: str, seats: list[str], rng_key: str, slice_seconds: float = SLICE_SECONDS
) -> list[str]:
    """The moves of the bots from the state of ``record`` up to the next human turn.

    It stops early at the first move that ends ``slice_seconds`` after the start (a
    slice): the caller asks again for the rest. Each bot draws from a generator
    keyed by ``rng_key`` and the number of the move: the same deal and the same
    human moves give the same game, before and after a restart, however the moves
    are sliced. Runs in a worker process (it is what the pool runs).
    """
    from .games import GAMES

    started = time.perf_counter()
    server_game = GAMES[game]
    state = server_game.from_json(record)
    bots = _bots(game, tuple(seats))
    first = len(server_game.move_texts(state))
    while state.current_player in bots:
        rng = random.Random(f"{rng_key}:{len(server_game.move_texts(state))}")
        move = server_game.bot_move(state, bots[state.current_player], rng)
        state = server_game.apply(state, move)
        if time.perf_counter() - started > slice_seconds:
            break
    return server_game.move_texts(state)[first:]


def _context() -> Any:
    """The context the workers start in: ``forkserver`` where there is one, else the default.

    A forkserver is a clean process started once, from which each worker is forked:
    nothing of the server's threads (its event loop's, its database's) is copied into
    a worker, and a worker does not depend on the thread that happened to start it. As
    with any ``multiprocessing`` start method but ``fork``, a script that starts the
    app itself needs an ``if __name__ == "__main__":`` guard.
    """
    if "forkserver" not in multiprocessing.get_all_start_methods():  # pragma: no cover
        return multiprocessing.get_context()  # Windows: spawn
    context = multiprocessing.get_context("forkserver")
    # The forkserver imports the bots once (and the main module, as by default), so that
    # a worker, forked from it, starts at once: also one made anew after a crash.
    context.set_forkserver_preload(["__main__", __name__])
    return context


def _start_thinker() -> None:
    """Set up a worker process of the bots: it ignores Ctrl-C and ends with the server.

    A thread waits on the sentinel of the process that started the worker (a pipe
    that the kernel closes when that process ends, however it ends) and ends the
    worker at once: a forkserver outlives the server as long as a worker does, so
    the worker watches the server itself, not its parent.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    server = multiprocessing.parent_process()
    if server is not None:
        threading.Thread(
            target=_end_with, args=(server.sentinel,), name="server watch", daemon=True
        ).start()


def _end_with(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(1)


_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(processes: int, *, fresh: bool = False) -> ProcessPoolExecutor:
    """The process-wide pool of ``processes`` workers (shared by the apps of a process)."""
    pool = _POOLS.get(processes)
    if pool is None or fresh:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        pool = _POOLS[processes] = ProcessPoolExecutor(
            processes, mp_context=_context(), initializer=_start_thinker
        )
    return pool


_USERS = [0]  # the apps of this process between their start and their end


def start(processes: int) -> None:
    """An app starts: start its ``processes`` workers now, so that its first bots' move does not wait."""
    _USERS[0] += 1
    pool = _pool(processes)
    for _ in range(processes):
        pool.submit(int)


def stop() -> None:
    """An app ends: once the last app of the process has ended, stop every worker.

    (A server stopped by ``SIGTERM`` then leaves no worker, and no semaphore, behind.)
    """
    _USERS[0] = max(0, _USERS[0] - 1)
    while not _USERS[0] and _POOLS:
        _POOLS.popitem()[1].shutdown(wait=True, cancel_futures=True)


Job = tuple[Callable[..., Any], tuple[Any, ...], "asyncio.Future[Any]"]


class Thinkers:
    """A fair queue in front of a pool of ``processes`` worker processes."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._waiting: OrderedDict[str, deque[Job]] = OrderedDict()
        self._running = 0

    async def run(self, client: str, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` in a worker process, in turn with the other clients' jobs."""
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(client, deque()).append((function, args, done))
        self._start()
        return await done

    def _start(self) -> None:
        while self._running < self.processes and self._waiting:
            client, jobs = next(iter(self._waiting.items()))
            function, args, done = jobs.popleft()
            if jobs:
                self._waiting.move_to_end(client)
            else:
                del self._waiting[client]
            if done.done():  # its request went away meanwhile
                continue
            try:
                future = _pool(self.processes).submit(function, *args)
            except (BrokenProcessPool, RuntimeError):
                future = _pool(self.processes, fresh=True).submit(function, *args)
            self._running += 1
            future.add_done_callback(partial(self._finished, done))

    def _finished(self, done: asyncio.Future[Any], finished: Future[Any]) -> None:
        """In the pool's thread: hand ``finished`` to the loop of its request."""
        try:
            done.get_loop().call_soon_threadsafe(self._finish, finished, done)
        except RuntimeError:  # that loop is closed (a test client's, between requests)
            self._running -= 1

    def _finish(self, finished: Future[Any], done: asyncio.Future[Any]) -> None:
        self._running -= 1
        if not done.done():
            error = finished.exception()
            if isinstance(error, BrokenProcessPool):
                _pool(self.processes, fresh=True)
                done.set_exception(BotsFailedError("a worker process of the bots stopped"))
            elif error is not None:
                done.set_exception(error)
            else:
                done.set_result(finished.result())
        self._start()
