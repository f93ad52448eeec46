"""The ASGI app: the JSON API, the live updates and the page, over one :class:`~sevens_ru.web.store.Store`.

Tables live in the database; the app keeps the states of the tables in use in memory,
rebuilt from the database on first use (so a restarted server continues every table).
A move is checked by the engine, then the bots play up to the next human turn, then
all of these moves are committed in one transaction, and only then is the move
answered and every seat's live stream told.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import random
import secrets
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import partial
from typing import Any, TypeVar

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from .. import svg
from ..common._numbers import as_int
from ..common._tags import BotTag, Tags
from ..common.cards import LANGUAGES
from ..errors import NotAGameStateError, SevensError
from ..games import get as registered
from .games import GAMES, HUMAN, Game
from .store import Store

__all__ = ["create_app"]  # and the limits below, exported by sevens_ru.web

MAX_BODY_BYTES = 4096
"""The largest request body the API reads; a larger one is answered 413."""
MAX_MOVE_CHARS = 64
"""The longest move text (``"lead 10♣ 10♦ 10♥ 10♠"`` has 20 characters); a longer one is 413."""
IDLE_SECONDS = 24 * 3600
"""A table with no move for this long (a day) is deleted, finished or not."""
MAX_TABLES = 10_000
"""The most tables a server holds at once; a request for one more is answered 503."""
KEEP_ALIVE_SECONDS = 15.0
"""How often a live stream with nothing new sends a comment, so that proxies keep it open."""
_SWEEP_SECONDS = 60.0

_STATIC = os.path.join(os.path.dirname(__file__), "static")
_HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
_PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class ApiError(Exception):
    """An answer other than success: its HTTP status and what to tell the client."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


T = TypeVar("T")


async def _off_loop(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``function(*args, **kwargs)`` run in a worker thread, awaited without holding up the loop.

    Every call of the store goes through here (SQLite waits on the disk, and on the
    other writers up to its ``busy_timeout``), and so do the bots' moves; the store
    itself lets one call at a time use its connection.
    """
    return await anyio.to_thread.run_sync(partial(function, *args, **kwargs))


class Table:
    """A table in use: its game, seat kinds, bots, current state and who waits for news."""

    def __init__(self, table_id: str, game: Game, seats: list[str], deal: str, state: Any) -> None:
        self.id = table_id
        self.game = game
        self.seats = seats
        self.state = state
        # The bots draw from a generator keyed by the deal and the move number: the same
        # deal and the same human moves give the same game, before and after a restart.
        self.rng_key = hashlib.sha256(deal.encode()).hexdigest()
        self.bots = {seat: game.bot(kind) for seat, kind in enumerate(seats) if kind != HUMAN}
        self.lock = anyio.Lock()
        self.changed = anyio.Event()
        self.gone = False

    @property
    def version(self) -> int:
        """How many moves have been made."""
        return len(self.game.move_texts(self.state))

    def publish(self, state: Any) -> None:
        """Make ``state`` the table's state and wake every live stream."""
        self.state = state
        changed, self.changed = self.changed, anyio.Event()
        changed.set()


class Server:
    """The tables of one app, over its store."""

    def __init__(
        self, store: Store, *, idle_seconds: float, max_tables: int, clock: Callable[[], float]
    ) -> None:
        self.store = store
        self.idle_seconds = idle_seconds
        self.max_tables = max_tables
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self._seats: dict[str, tuple[str, int]] = {}  # token hash -> table, seat
        self._swept = -float("inf")
        self._loading = anyio.Lock()

    async def seat_of(self, token: str) -> tuple[str, int] | None:
        """The table and seat a token opens, or ``None``."""
        token_hash = _hash(token)
        found = self._seats.get(token_hash)
        if found is None:
            found = await _off_loop(self.store.seat_of, token_hash)
            if found is not None and len(self._seats) < 4 * self.max_tables:
                self._seats[token_hash] = found
        return found

    async def sweep(self) -> None:
        """Delete the idle tables, at most once a minute."""
        now = self.clock()
        if now - self._swept < _SWEEP_SECONDS:
            return
        self._swept = now
        expired = await _off_loop(self.store.expire, before=now - self.idle_seconds)
        if expired:
            self._seats.clear()
        for table_id in expired:
            table = self.tables.pop(table_id, None)
            if table is not None:
                table.gone = True
                table.publish(table.state)

    async def table(self, table_id: str) -> Table:
        """The table ``table_id``, loaded from the database if not in use; 404 if none."""
        await self.sweep()
        table = self.tables.get(table_id)
        if table is not None:
            return table
        async with self._loading:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            stored = await _off_loop(self.store.load, table_id) if len(table_id) <= 64 else None
            if stored is None:
                raise ApiError(404, f"no table {table_id[:64]!r} (it may have expired)")
            game = GAMES[stored.game]
            state = game.from_json(stored.record())
            table = Table(table_id, game, stored.seats, stored.deal, state)
            self.tables[table_id] = table
        async with table.lock:
            await self._play_bots(table, table.state)  # a table stored before its bots moved
        return table

    async def create(self, body: dict[str, Any]) -> tuple[str, dict[str, str]]:
        """Deal a new table; its id and its human seats' tokens."""
        await self.sweep()
        _check_fields(body, ("game", "seats", "seed", "options"), required=("game", "seats"))
        game = GAMES.get(body["game"]) if isinstance(body["game"], str) else None
        if game is None:
            raise ApiError(422, f"'game' is one of {', '.join(map(repr, GAMES))}")
        seats, seed, options = body["seats"], body.get("seed"), body.get("options", {})
        if not isinstance(seats, list) or not all(isinstance(kind, str) for kind in seats):
            raise ApiError(422, '\'seats\' is a list such as ["human", "heuristic"]')
        if HUMAN not in seats:
            raise ApiError(422, "a table needs at least one 'human' seat")
        if seed is not None and as_int(seed) is None:
            raise ApiError(422, "'seed' is an integer")
        if not isinstance(options, dict):
            raise ApiError(422, "'options' is an object")
        try:
            dealt = game.deal(seats, seed=seed, options=options)
        except SevensError as error:
            raise ApiError(422, str(error)) from None
        if await _off_loop(self.store.count) >= self.max_tables:
            raise ApiError(503, f"this server holds {self.max_tables} tables already")
        table_id = secrets.token_urlsafe(9)
        tokens = {
            seat: secrets.token_urlsafe(24) for seat, kind in enumerate(seats) if kind == HUMAN
        }
        deal = game.to_json(dealt)
        table = Table(table_id, game, seats, deal, dealt)

        def work() -> Any:
            state = _advance(table, dealt)
            hashes = {seat: _hash(token) for seat, token in tokens.items()}
            moves = game.move_texts(state)
            self.store.create(table_id, game.name, seats, deal, hashes, moves, now=self.clock())
            return state

        table.state = await _off_loop(work)
        self.tables[table_id] = table
        return table_id, {str(seat): token for seat, token in tokens.items()}

    async def move(self, table: Table, seat: int, body: dict[str, Any]) -> None:
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
                raise ApiError(404, f"no table {table.id!r} (it has expired)")
            if state.current_player != seat:
                whose = (
                    "the game is over"
                    if state.current_player is None
                    else f"seat {state.current_player} is to move"
                )
                raise ApiError(409, f"it is not seat {seat}'s turn: {whose}")
            if version is not None and version != table.version:
                raise ApiError(
                    409, f"the view is out of date: version {table.version}, not {version}"
                )
            try:
                move = table.game.read_move(state, move)
                state = table.game.apply(state, move)
            except SevensError as error:
                raise ApiError(422, table.game.refusal(state, move, error)) from None
            await self._play_bots(table, state)

    async def _play_bots(self, table: Table, state: Any) -> None:
        """Let the bots move from ``state`` on, commit every new move, publish the result.

        The bots think and the database commits in a worker thread, so that neither
        holds up the other tables.
        """
        first = table.version

        def work() -> tuple[Any, bool]:
            final = _advance(table, state)
            moves = table.game.move_texts(final)[first:]
            if moves:
                self.store.add_moves(table.id, first, moves, now=self.clock())
            return final, bool(moves)

        final, moved = await _off_loop(work)
        if moved:
            table.publish(final)


def _advance(table: Table, state: Any) -> Any:
    """The state once the bots have moved up to the next human turn or the end."""
    game, bots = table.game, table.bots
    while state.current_player in bots:
        rng = random.Random(f"{table.rng_key}:{len(game.move_texts(state))}")
        state = game.apply(state, game.bot_move(state, bots[state.current_player], rng))
    return state


def _check_fields(
    body: dict[str, Any], allowed: tuple[str, ...], required: tuple[str, ...]
) -> None:
    for field in required:
        if field not in body:
            raise ApiError(422, f"the request lacks {field!r}")
    for field in body:
        if field not in allowed:
            raise ApiError(422, f"unknown field {str(field)[:40]!r}: expected {', '.join(allowed)}")


async def _read_json(request: Request) -> dict[str, Any]:
    """The body as a JSON object, refused with 413 past :data:`MAX_BODY_BYTES`."""
    length = request.headers.get("content-length", "")
    if length and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
        raise ApiError(413, f"the body is over {MAX_BODY_BYTES} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY_BYTES:
            raise ApiError(413, f"the body is over {MAX_BODY_BYTES} bytes")
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):
        raise ApiError(422, "the body is not JSON") from None
    if not isinstance(value, dict):
        raise ApiError(422, "the body is a JSON object")
    return value


async def _token_seat(request: Request, server: Server, table: Table) -> int:
    """The seat the request's token opens at ``table``: 401 without one, 403 for another."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "send the seat's token: 'Authorization: Bearer TOKEN'")
    found = await server.seat_of(token.strip())
    if found is None:
        raise ApiError(401, "this token opens no seat")
    table_id, seat = found
    if table_id != table.id:
        raise ApiError(403, "this token is for another table")
    named = request.query_params.get("seat")
    if named is not None and named != str(seat):
        raise ApiError(403, f"this token is for seat {seat}, not seat {named[:8]}")
    return seat


def _view(request: Request, table: Table, seat: int) -> dict[str, Any]:
    """The seat's view as JSON; with ``?svg=1`` also its picture (``&lang=`` its words)."""
    message = table.game.view_json(table.state, seat)
    message["id"] = table.id
    message["seats"] = table.seats
    if request.query_params.get("svg") == "1":
        lang = request.query_params.get("lang", "en")
        if lang not in LANGUAGES:
            raise ApiError(422, f"'lang' is one of {', '.join(LANGUAGES)}")
        try:
            message["svg"] = svg.position(table.game.seat_view(table.state, seat), lang=lang)
        except NotAGameStateError:  # a game that does not draw itself (Game.draw is None)
            raise ApiError(422, f"{table.game.name} has no picture: ask without ?svg=1") from None
    return message


def _json(content: object, status: int = 200) -> JSONResponse:
    return JSONResponse(content, status_code=status, headers=_HEADERS)


def create_app(
    db: str | os.PathLike[str] = "sevens-ru.sqlite3",
    *,
    idle_seconds: float = IDLE_SECONDS,
    max_tables: int = MAX_TABLES,
    clock: Callable[[], float] = time.time,
) -> Starlette:
    """The ASGI app of ``sevens-ru serve``: the page at ``/`` and the JSON API at ``/api``.

    ``db`` is the SQLite file (made if missing; ``":memory:"`` keeps nothing after the
    process). Tables with no move for ``idle_seconds`` are deleted; at most
    ``max_tables`` are held at once. ``clock`` tells the time (seconds), for tests.

    >>> from starlette.testclient import TestClient
    >>> from sevens_ru.web import create_app
    >>> client = TestClient(create_app(db=":memory:"))
    >>> made = client.post("/api/tables", json={"game": "sevens", "seats": ["human", "random"], "seed": 1})
    >>> made.status_code, list(made.json()["tokens"])
    (201, ['0'])
    >>> table, token = made.json()["id"], made.json()["tokens"]["0"]
    >>> seen = client.get(f"/api/tables/{table}", headers={"Authorization": f"Bearer {token}"})
    >>> seen.json()["seat"], seen.json()["version"], seen.json()["history"][0]  # the bot opened
    (0, 1, {'event': 'play', 'seat': 1, 'card': '9♦'})
    """
    store = Store(db)
    server = Server(store, idle_seconds=idle_seconds, max_tables=max_tables, clock=clock)

    async def games(request: Request) -> Response:
        return _json({name: game.describe() for name, game in GAMES.items()})

    async def create_table(request: Request) -> Response:
        table_id, tokens = await server.create(await _read_json(request))
        return _json({"id": table_id, "tokens": tokens}, 201)

    async def read_table(request: Request) -> Response:
        table = await server.table(request.path_params["table"])
        seat = await _token_seat(request, server, table)
        return _json(_view(request, table, seat))

    async def make_move(request: Request) -> Response:
        table = await server.table(request.path_params["table"])
        seat = await _token_seat(request, server, table)
        await server.move(table, seat, await _read_json(request))
        return _json(_view(request, table, seat))

    async def record(request: Request) -> Response:
        table = await server.table(request.path_params["table"])
        await _token_seat(request, server, table)
        state = table.state
        if state.current_player is not None:
            raise ApiError(409, "the record is given once the game is over")
        name = f"{table.game.name}-{table.id}.json"
        game = registered(table.game.name)
        tags = Tags(  # who sat where ("human" or the bot), the day (UTC) and the result
            date=datetime.datetime.fromtimestamp(server.clock(), datetime.timezone.utc).date(),
            players=table.seats,
            bots=[
                None if kind == HUMAN else BotTag.of(table.bots[seat])
                for seat, kind in enumerate(table.seats)
            ],
            result=Tags.result_of(game.ranking(state)),
        )
        return Response(
            game.to_json(state, tags=tags),
            media_type="application/json",
            headers={**_HEADERS, "Content-Disposition": f'attachment; filename="{name}"'},
        )

    async def events(request: Request) -> Response:
        table = await server.table(request.path_params["table"])
        seat = await _token_seat(request, server, table)
        _view(request, table, seat)  # refuse a bad ?lang= before the stream starts

        async def stream() -> AsyncIterator[str]:
            sent = -1
            while not table.gone:
                changed = table.changed  # taken before the state, so no change is missed
                if table.version != sent:
                    message = _view(request, table, seat)
                    sent = message["version"]
                    yield f"event: view\ndata: {json.dumps(message, ensure_ascii=False)}\n\n"
                    if message["over"]:
                        return
                with anyio.move_on_after(KEEP_ALIVE_SECONDS) as waited:
                    await changed.wait()
                if waited.cancelled_caught:
                    yield ": still here\n\n"

        return StreamingResponse(
            stream(),
            media_type="text/event-stream",
            headers={**_HEADERS, "X-Accel-Buffering": "no"},
        )

    async def page(request: Request) -> Response:
        return FileResponse(os.path.join(_STATIC, "index.html"), headers=_PAGE_HEADERS)

    async def api_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, ApiError)
        return _json({"error": error.message}, error.status)

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        return _json({"error": error.detail}, error.status_code)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await _off_loop(store.close)

    routes = [
        Route("/", page),
        Route("/api/games", games),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table}", read_table),
        Route("/api/tables/{table}/moves", make_move, methods=["POST"]),
        Route("/api/tables/{table}/record", record),
        Route("/api/tables/{table}/events", events),
        Mount("/static", app=_Headers(StaticFiles(directory=_STATIC), _PAGE_HEADERS)),
    ]
    return Starlette(
        routes=routes,
        exception_handlers={ApiError: api_error, HTTPException: http_error},
        lifespan=lifespan,
    )


class _Headers:
    """An ASGI app that adds ``headers`` to every response of ``app``."""

    def __init__(self, app: ASGIApp, headers: dict[str, str]) -> None:
        self.app = app
        self.headers = [(name.lower().encode(), value.encode()) for name, value in headers.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def add(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *self.headers]}
            await send(message)

        await self.app(scope, receive, add)
