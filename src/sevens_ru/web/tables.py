"""The tables in use: their states in memory over a :class:`~sevens_ru.web.store.Store`.

The app keeps the state of each table in use, rebuilt from the database on first use
(so a restarted server continues every table). A move is checked by the engine, then
the bots play up to the next human turn (in worker processes,
:mod:`sevens_ru.web.thinking`), then all of these moves are committed in one
transaction, and only then is the move answered and every live stream told.

Nothing here holds up the event loop: each call of the store (one transaction per
request) and each replay of a record is made in a worker thread, and each seat's view
of a change is made once (:meth:`Table.view`) however many streams and requests ask
for it: a picture, or the view of a long game, in a worker thread; the JSON view of a
game of a usual length, a fraction of a millisecond, on the loop, where a thread's
hand-off would cost more. What the engine does for one move (read it, check it, apply
it: microseconds) is done on the loop too.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import secrets
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

import anyio

from ..common._numbers import as_int
from ..common._quote import excerpt
from ..errors import SevensError
from .games import GAMES, HUMAN
from .limits import Limits
from .series import SeriesGame, TableGame, table_game
from .store import StaleMoveError, Store, StoredTable, StoreFullError, StoreUnavailableError
from .thinking import BotsFailedError, Thinkers, think

__all__ = [
    "FANOUT_BATCH",
    "INLINE_VIEW_MOVES",
    "MAX_MOVE_CHARS",
    "SWEEP_BATCH",
    "SWEEP_SECONDS",
    "THREADS",
    "ApiError",
    "Table",
    "Tables",
    "off_loop",
    "token_hash",
]

SWEEP_SECONDS = 60.0
"""How often the idle tables are looked for (each sweep deletes them in batches)."""
SWEEP_BATCH = 500
"""The most tables one transaction of the sweep deletes."""
MAX_MOVE_CHARS = 64
"""The longest move text (``"lead 10♣ 10♦ 10♥ 10♠"`` has 20 characters); a longer one is 413."""
FANOUT_BATCH = 64
"""How many live streams a change wakes at once; the loop serves other requests between two batches."""
INLINE_VIEW_MOVES = 256
"""Up to this many moves, a view without a picture is made on the loop (it takes well under 1 ms)."""
_log = logging.getLogger("sevens_ru.web")
T = TypeVar("T")
Build = Callable[["Table", Any, int, "str | None"], dict[str, Any]]


class ApiError(Exception):
    """An answer other than success: its HTTP status, what to tell the client, for how long."""

    def __init__(
        self, status: int, message: str, *, retry_after: float | None = None, close: bool = False
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after
        self.close = close


def token_hash(token: str) -> str:
    """The SHA-256 of a token, as the database keeps it."""
    return hashlib.sha256(token.encode()).hexdigest()


THREADS = 4
"""The worker threads of a process's apps: the store's calls, replays, pictures.

Few, on purpose: the work they do holds the interpreter's lock (or waits for the one
database connection of SQLite), and each more thread is one more that the event loop
waits behind for that lock, so that forty threads busy with a flood of new tables
would hold up every other request by a multiple of the interpreter's switch interval.
"""
_THREADS = ThreadPoolExecutor(THREADS, thread_name_prefix="sevens-ru web")


async def off_loop(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``function(*args, **kwargs)`` run in a worker thread, awaited without holding up the loop.

    Every call of the store goes through here (the database waits on the disk and the
    other writers), and so do replays and pictures; the :data:`THREADS` threads are the
    process's, shared by its apps.
    """
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_THREADS, partial(function, *args, **kwargs))


class Table:
    """A table in use: its game, seat kinds, current state, the views of it, who waits for news.

    ``build(table, state, seat, lang)`` makes a seat's view as JSON (the app's one
    function for it, ``_view`` in :mod:`sevens_ru.web.app`).
    """

    def __init__(
        self,
        table_id: str,
        game: TableGame,
        seats: list[str],
        deal: str,
        state: Any,
        touched: float,
        *,
        build: Build,
    ) -> None:
        self.id = table_id
        self.game = game
        self.seats = seats
        self.deal = deal
        self.state = state
        self.version = len(game.move_texts(state))
        """How many moves have been made (the state's, kept with it)."""
        self.touched = touched
        self.build = build
        # The bots draw from a generator keyed by the deal and the move number.
        self.rng_key = hashlib.sha256(deal.encode()).hexdigest()
        self.lock = anyio.Lock()
        self.gone = False
        self.streams: dict[int, int] = {}  # seat -> open streams
        self._views: dict[tuple[int, str | None], tuple[bytes, bytes]] = {}
        self._making: dict[tuple[int, str | None], asyncio.Task[tuple[bytes, bytes]]] = {}
        self._waiting: dict[asyncio.Future[bool], tuple[int, str | None]] = {}

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.state.current_player is None

    def publish(self, state: Any, touched: float | None = None) -> None:
        """Make ``state`` the table's state and tell every live stream (:meth:`wait`)."""
        self.state = state
        self.version = len(self.game.move_texts(state))
        if touched is not None:
            self.touched = touched
        self._views = {}
        self._making = {}
        waiting, self._waiting = self._waiting, {}
        if waiting:
            task = asyncio.ensure_future(self._tell(waiting))
            _TELLING.add(task)
            task.add_done_callback(_TELLING.discard)

    async def _tell(self, waiting: dict[asyncio.Future[bool], tuple[int, str | None]]) -> None:
        """Make the views the waiting streams will send, then wake them a batch at a time.

        A change seen by a thousand streams is a thousand writes: woken at once, they
        would hold up every other request for all of them; a batch of
        :data:`FANOUT_BATCH` at a time lets the loop serve the others in between. The
        views are made first, once each, so that no stream waits for one.
        """
        if not self.gone:
            await asyncio.gather(
                *(self.view(seat, lang) for seat, lang in set(waiting.values())),
                return_exceptions=True,  # a stream that finds no view makes it, and fails
            )
        futures = list(waiting)
        running = asyncio.get_running_loop()
        for start in range(0, len(futures), FANOUT_BATCH):
            for future in futures[start : start + FANOUT_BATCH]:
                if future.get_loop() is running:
                    _wake(future, True)
                else:  # a stream served by another loop (a test client's)
                    future.get_loop().call_soon_threadsafe(_wake, future, True)
            await asyncio.sleep(0)

    async def wait(self, version: int, seat: int, lang: str | None, timeout: float) -> bool:
        """Wait until the table changes from ``version`` (or is gone): ``True``, or ``False`` after ``timeout`` s.

        The live stream of ``seat`` (pictures in ``lang``) waits here between two views.
        """
        if self.version != version or self.gone:
            return True
        loop = asyncio.get_running_loop()
        future: asyncio.Future[bool] = loop.create_future()
        self._waiting[future] = (seat, lang)
        timer = loop.call_later(timeout, _wake, future, False)
        try:
            return await future
        finally:
            timer.cancel()
            self._waiting.pop(future, None)

    async def view(self, seat: int, lang: str | None) -> tuple[bytes, bytes]:
        """``seat``'s view of the state now (its picture in ``lang`` if given): as JSON, and as an event.

        Made once per change and seat by ``build``; every request and stream of
        that seat gets the same bytes. A picture, or the view of a game longer than
        :data:`INLINE_VIEW_MOVES`, is made in a worker thread.
        """
        key = (seat, lang)
        made = self._views.get(key)
        if made is not None:
            return made
        if lang is None and self.version <= INLINE_VIEW_MOVES:
            made = self._views[key] = _encode(self.build, self, self.state, seat, lang)
            return made
        task = self._making.get(key)
        if task is None or task.get_loop() is not asyncio.get_running_loop():
            views = self._views
            task = asyncio.ensure_future(
                off_loop(_encode, self.build, self, self.state, seat, lang)
            )
            task.add_done_callback(partial(_keep, views, key))
            self._making[key] = task
        return await asyncio.shield(task)


_TELLING: set[asyncio.Task[None]] = set()  # the fan-outs under way (a task needs a reference)


def _wake(future: asyncio.Future[bool], changed: bool) -> None:
    if not future.done():
        future.set_result(changed)


def _encode(
    build: Build, table: Table, state: Any, seat: int, lang: str | None
) -> tuple[bytes, bytes]:
    body = json.dumps(build(table, state, seat, lang), ensure_ascii=False).encode()
    return body, b"event: view\ndata: " + body + b"\n\n"


def _keep(
    views: dict[tuple[int, str | None], tuple[bytes, bytes]],
    key: tuple[int, str | None],
    task: asyncio.Task[tuple[bytes, bytes]],
) -> None:
    if not task.cancelled() and task.exception() is None:
        views[key] = task.result()


class Tables:
    """The tables of one app, over its store, with its limits and its bots' processes."""

    def __init__(
        self,
        store: Store,
        *,
        limits: Limits,
        idle_seconds: float,
        clock: Callable[[], float],
        bot_processes: int,
        build: Build,
    ) -> None:
        self.store = store
        self.build = build
        self.limits = limits
        self.idle_seconds = idle_seconds
        self.clock = clock
        self.thinkers = Thinkers(bot_processes)
        self.tables: dict[str, Table] = {}
        self.streams = 0
        self.client_streams: dict[str, int] = {}
        self._seats: dict[str, tuple[str, int]] = {}  # token hash -> table, seat
        self._swept = -float("inf")
        self._sweeping: set[asyncio.Task[None]] = set()
        self._loading: dict[str, asyncio.Future[Table]] = {}

    async def seat_of(self, token: str) -> tuple[str, int] | None:
        """The table and seat a token opens, or ``None``."""
        found_hash = token_hash(token)
        found = self._seats.get(found_hash)
        if found is None:
            found = await off_loop(self.store.seat_of, found_hash)
            if found is not None and len(self._seats) < 4 * self.limits.max_tables:
                self._seats[found_hash] = found
        return found

    def _expired(self, touched: float) -> bool:
        return touched < self.clock() - self.idle_seconds

    def sweep_soon(self) -> None:
        """Start deleting the idle tables in the background, at most once a minute."""
        now = self.clock()
        if now - self._swept < SWEEP_SECONDS:
            return
        self._swept = now
        self._in_background(self.sweep(before=now - self.idle_seconds))

    def _in_background(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a task kept until done; a database away is one log line."""
        task = asyncio.ensure_future(work)
        self._sweeping.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._sweeping.discard(task)
        error = None if task.cancelled() else task.exception()
        if isinstance(error, StoreUnavailableError):
            _log.warning("a background task of the tables failed: %s", error)
        elif error is not None:
            _log.error("a background task of the tables failed", exc_info=error)

    async def sweep(self, *, before: float) -> None:
        """Delete the tables idle since before ``before``, a batch per transaction."""
        while True:
            expired = await off_loop(self.store.expire, before=before, batch=SWEEP_BATCH)
            if expired:
                self._seats.clear()
            for table_id in expired:
                self._drop(table_id)
            if len(expired) < SWEEP_BATCH:
                return

    async def finish_sweeping(self) -> None:
        """Wait for a sweep under way (the app's shutdown)."""
        if self._sweeping:
            await asyncio.gather(*self._sweeping, return_exceptions=True)

    def _drop(self, table_id: str) -> None:
        table = self.tables.pop(table_id, None)
        if table is not None:
            table.gone = True
            table.publish(table.state)

    async def table(self, table_id: str) -> Table:
        """The table ``table_id``, loaded from the database if not in use; 404 if none."""
        self.sweep_soon()
        table = self.tables.get(table_id)
        if table is not None and self.store.shared:
            stored = await off_loop(self.store.version, table_id)
            if stored is None:
                self._drop(table_id)
                table = None
            elif stored != table.version:
                await self.refresh(table)
        if table is None:
            table = await self._load(table_id)
        if table.gone or self._expired(table.touched):
            self._drop(table_id)
            raise ApiError(404, f"no table {excerpt(table_id)} (it has expired)")
        return table

    async def _load(self, table_id: str) -> Table:
        loading = self._loading.get(table_id)
        if loading is None or loading.get_loop() is not asyncio.get_running_loop():
            loading = asyncio.ensure_future(self._read(table_id))
            self._loading[table_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(loading)

    async def _read(self, table_id: str) -> Table:
        loaded = await off_loop(self._stored, table_id) if len(table_id) <= 64 else None
        if loaded is None or self._expired(loaded[0].touched):
            raise ApiError(404, f"no table {excerpt(table_id)} (it may have expired)")
        stored, state = loaded
        game = table_game(stored.game)
        table = Table(
            table_id, game, stored.seats, stored.deal, state, stored.touched, build=self.build
        )
        self.tables[table_id] = table
        async with table.lock:
            await self._play_bots(table, table.state, "")  # a table stored before its bots moved
        return table

    def _stored(self, table_id: str) -> tuple[StoredTable, Any] | None:
        """The stored table and its state, replayed from its record (in a worker thread)."""
        stored = self.store.load(table_id)
        if stored is None:
            return None
        return stored, table_game(stored.game).from_json(stored.record())

    async def refresh(self, table: Table) -> None:
        """Bring ``table`` up to the moves stored by another process, and tell its streams."""
        async with table.lock:
            loaded = await off_loop(self._stored, table.id)
            if loaded is None:
                self._drop(table.id)
            elif len(loaded[0].moves) != table.version:
                table.publish(loaded[1], loaded[0].touched)

    def heard(self, table_id: str, moves: int) -> None:
        """Another process changed ``table_id`` (``moves`` -1: deleted; ``""``: anything)."""
        if table_id == "":
            for table in list(self.tables.values()):
                self._refresh_soon(table)
        elif moves < 0:
            self._drop(table_id)
        else:
            found = self.tables.get(table_id)
            if found is not None and found.version != moves:
                self._refresh_soon(found)

    def _refresh_soon(self, table: Table) -> None:
        self._in_background(self.refresh(table))

    async def create(self, body: dict[str, Any], client: str) -> tuple[str, dict[str, str]]:
        """Deal a new table for ``client``; its id and its human seats' tokens.

        With ``"series"`` (an object of :class:`~sevens_ru.series.SeriesOptions`'
        fields), the table plays a series of deals (:mod:`sevens_ru.web.series`).
        """
        self.sweep_soon()
        _check_fields(
            body, ("game", "seats", "seed", "options", "series"), required=("game", "seats")
        )
        found = GAMES.get(body["game"]) if isinstance(body["game"], str) else None
        if found is None:
            raise ApiError(422, f"'game' is one of {', '.join(map(repr, GAMES))}")
        seats, seed, options = body["seats"], body.get("seed"), body.get("options", {})
        chosen = body.get("series")
        if not isinstance(seats, list) or not all(isinstance(kind, str) for kind in seats):
            raise ApiError(422, '\'seats\' is a list such as ["human", "heuristic"]')
        if HUMAN not in seats:
            raise ApiError(422, "a table needs at least one 'human' seat")
        if seed is not None and as_int(seed) is None:
            raise ApiError(422, "'seed' is an integer")
        if not isinstance(options, dict):
            raise ApiError(422, "'options' is an object")
        if chosen is not None and not isinstance(chosen, dict):
            raise ApiError(422, "'series' is an object such as {\"deals\": 3}, or null")
        game: TableGame = found if chosen is None else SeriesGame.of(found)
        try:
            if isinstance(game, SeriesGame):
                dealt = game.deal(seats, seed=seed, options=options, series=chosen or {})
            else:
                dealt = game.deal(seats, seed=seed, options=options)
        except SevensError as error:
            raise ApiError(422, str(error)) from None
        table_id = secrets.token_urlsafe(9)
        tokens = {
            seat: secrets.token_urlsafe(24) for seat, kind in enumerate(seats) if kind == HUMAN
        }
        hashes = {seat: token_hash(token) for seat, token in tokens.items()}
        deal = game.to_json(dealt)
        table = Table(table_id, game, seats, deal, dealt, self.clock(), build=self.build)
        state = await self._think(table, dealt, client)
        now = self.clock()
        try:
            await off_loop(
                self.store.create,
                table_id,
                game.key,
                seats,
                deal,
                hashes,
                game.move_texts(state),
                now=now,
                client=client,
                max_tables=self.limits.max_tables,
                tables_per_client=self.limits.tables_per_client,
                live_after=now - self.idle_seconds,
            )
        except StoreFullError as error:
            raise ApiError(
                503 if error.whole else 429, f"{error}; try again later", retry_after=60
            ) from None
        table.publish(state, now)
        self.tables[table_id] = table
        return table_id, {str(seat): token for seat, token in tokens.items()}

    async def move(self, table: Table, seat: int, body: dict[str, Any], client: str) -> None:
        """Make ``seat``'s move, let the bots answer, commit it all, tell every seat."""
        _check_fields(body, ("move", "version"), required=("move",))
        move, version = body["move"], body.get("version")
        if isinstance(move, str) and len(move) > MAX_MOVE_CHARS:
            raise ApiError(413, f"a move is at most {MAX_MOVE_CHARS} characters")
        if version is not None and as_int(version) is None:
            raise ApiError(422, "'version' is an integer")
        async with table.lock:
            state = table.state
            if table.gone:
                raise ApiError(404, f"no table {excerpt(table.id)} (it has expired)")
            if state.current_player != seat:
                whose = (
                    "the game is over"
                    if state.current_player is None
                    else f"seat {state.current_player} is to move"
                )
                raise ApiError(409, f"it is not seat {seat}'s turn: {whose}")
            if version is not None and version != table.version:
                raise ApiError(
                    409,
                    f"the view is out of date: version {table.version}, not {excerpt(version)}",
                )
            try:  # one move of the engine: microseconds, made here
                move = table.game.read_move(state, move)
                state = table.game.apply(state, move)
            except SevensError as error:
                raise ApiError(422, table.game.refusal(state, move, error)) from None
            await self._play_bots(table, state, client)

    async def _think(self, table: Table, state: Any, client: str) -> Any:
        """The state once the bots have moved from ``state`` up to the next human turn.

        They think in the worker processes, a slice at a time (each slice a job of
        its own, in turn with the other clients'); their moves are applied here (an
        engine's move takes microseconds).
        """
        game = table.game
        while state.current_player is not None and table.seats[state.current_player] != HUMAN:
            name, record, rng_key = game.think_job(state, table.rng_key)
            try:
                moves: list[str] = await self.thinkers.run(
                    client, think, name, record, table.seats, rng_key
                )
            except BotsFailedError as error:
                raise ApiError(503, f"{error}; try again", retry_after=1) from None
            for move in moves:
                state = game.apply(state, move)
        return state

    async def _play_bots(self, table: Table, state: Any, client: str) -> None:
        """Let the bots move from ``state`` on, commit every new move, publish the result.

        Every new move is stored in one transaction, in a worker thread; the table is
        published once it is committed.
        """
        first = table.version
        final = await self._think(table, state, client)
        moves = table.game.move_texts(final)[first:]
        if not moves:
            return  # nothing new (a table loaded whose bots had moved)
        now = self.clock()
        try:
            await off_loop(self.store.add_moves, table.id, first, moves, now=now)
        except StaleMoveError:  # another process moved first: catch up, refuse this one
            loaded = await off_loop(self._stored, table.id)
            if loaded is None:
                self._drop(table.id)
                raise ApiError(404, f"no table {excerpt(table.id)} (it has expired)") from None
            table.publish(loaded[1], loaded[0].touched)
            raise ApiError(
                409,
                f"the view is out of date: another move was made first (version {table.version})",
            ) from None
        table.publish(final, now)

    def open_stream(self, table: Table, seat: int, client: str) -> None:
        """Count a new live stream of ``seat`` at ``table`` for ``client``, within the limits."""
        limits = self.limits
        if self.streams >= limits.max_streams:
            raise ApiError(
                503, f"this server holds {limits.max_streams} live streams already", retry_after=30
            )
        for held, most, whose in (
            (self.client_streams.get(client, 0), limits.streams_per_client, "this client"),
            (table.streams.get(seat, 0), limits.streams_per_seat, f"seat {seat}"),
            (sum(table.streams.values()), limits.streams_per_table, "this table"),
        ):
            if held >= most:
                raise ApiError(429, f"{whose} has {most} live streams open already", retry_after=10)
        self.streams += 1
        self.client_streams[client] = self.client_streams.get(client, 0) + 1
        table.streams[seat] = table.streams.get(seat, 0) + 1

    def close_stream(self, table: Table, seat: int, client: str) -> None:
        """Forget a live stream counted by :meth:`open_stream`."""
        self.streams -= 1
        left = self.client_streams.pop(client, 1) - 1
        if left:
            self.client_streams[client] = left
        table.streams[seat] -= 1


def _check_fields(
    body: dict[str, Any], allowed: tuple[str, ...], required: tuple[str, ...]
) -> None:
    for field in required:
        if field not in body:
            raise ApiError(422, f"the request lacks {field!r}")
    for field in body:
        if field not in allowed:
            raise ApiError(422, f"unknown field {excerpt(field)}: expected {', '.join(allowed)}")
