"""The bots think in worker processes, never in the server's own interpreter.

A bot's move can take a search bot tens of milliseconds of CPU, and Python threads
share one interpreter lock: bots thinking in the server's threads hold up every other
request. So :class:`Thinkers` hands each "let the bots move up to the next human turn"
to a pool of worker processes (:class:`~concurrent.futures.ProcessPoolExecutor`), which answers with the moves as record text.

The pool is fair: at most one job per process runs at a time, and the waiting jobs are
taken from each client in turn, so that thirty tables of search bots from one client
delay another client's bots by one job, not thirty.

>>> from sevens_ru.web.games import GAMES
>>> state = GAMES["sevens"].deal(["human", "random"], seed=1, options={})
>>> think("sevens", GAMES["sevens"].to_json(state), ["human", "random"], "key")
['9♦']
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import lru_cache, partial
from typing import Any

from ..common._match import _start_worker  # a match's workers': they die with their parent
from ..errors import SevensError

__all__ = ["BotsFailedError", "Thinkers", "think"]


class BotsFailedError(SevensError):
    """A worker process of the bots died (the pool is made anew for the next job)."""


@lru_cache(maxsize=64)
def _bots(game: str, seats: tuple[str, ...]) -> dict[int, Any]:
    from .games import GAMES, HUMAN

    return {seat: GAMES[game].bot(kind) for seat, kind in enumerate(seats) if kind != HUMAN}


def think(game: str, record: str, seats: list[str], rng_key: str) -> list[str]:
    """The moves of the bots from the state of ``record`` up to the next human turn.

    Each bot draws from a generator keyed by ``rng_key`` and the number of the move:
    the same deal and the same human moves give the same game, before and after a
    restart. Runs in a worker process (it is what the pool runs).
    """
    from .games import GAMES

    server_game = GAMES[game]
    state = server_game.from_json(record)
    bots = _bots(game, tuple(seats))
    first = len(server_game.move_texts(state))
    while state.current_player in bots:
        rng = random.Random(f"{rng_key}:{len(server_game.move_texts(state))}")
        move = server_game.bot_move(state, bots[state.current_player], rng)
        state = server_game.apply(state, move)
    return server_game.move_texts(state)[first:]


def _context() -> Any:
    """The default context, as a match's workers use.

    Each worker ends with the server, however it ends (``PR_SET_PDEATHSIG`` on Linux,
    and a thread that watches the parent); it needs no ``if __name__ == "__main__"`` in
    a script that embeds the app.
    """
    return multiprocessing.get_context()


_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(processes: int, *, fresh: bool = False) -> ProcessPoolExecutor:
    """The process-wide pool of ``processes`` workers (shared by the apps of a process)."""
    pool = _POOLS.get(processes)
    if pool is None or fresh:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        pool = _POOLS[processes] = ProcessPoolExecutor(
            processes, mp_context=_context(), initializer=_start_worker, initargs=(os.getpid(),)
        )
    return pool


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
