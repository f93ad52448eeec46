"""The ASGI app: the JSON API, the live updates and the page, over one :class:`~sevens_ru.web.store.Store`.

The tables in use, the moves and the bots are :mod:`sevens_ru.web.tables`'; the limits
each client and the whole server are held to, :mod:`sevens_ru.web.limits`. This
module reads the requests and writes the answers: every error is ``{"error": ...}``
of at most :data:`~sevens_ru.web.MAX_ERROR_CHARS` characters, quoting the request only in short
excerpts; a client over one of its limits gets ``429`` with ``Retry-After``.
"""

from __future__ import annotations

import asyncio
import datetime
import json
import logging
import math
import os
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from ..common._tags import BotTag, Tags
from ..common.cards import LANGUAGES
from ..errors import NotAGameStateError
from ..games import get as registered
from . import thinking
from .games import GAMES, HUMAN
from .limits import Limits, Rates, Turns
from .series import SeriesGame
from .store import Store, StoreUnavailableError, open_store
from .tables import ApiError, Table, Tables, off_loop

__all__ = ["create_app"]  # and the limits below, exported by sevens_ru.web

MAX_BODY_BYTES = 4096
"""The largest request body the API reads; a larger one is answered 413."""
MAX_DISCARD_BYTES = 1 << 20
"""How much of a body over :data:`MAX_BODY_BYTES` is read and thrown away before the 413.

A client that sends its whole body before it reads the answer (Python's ``urllib``)
then reads the 413 rather than a reset connection, as with nginx's lingering close.
"""
MAX_ERROR_CHARS = 500
"""The longest error message an answer holds (its body stays under 600 bytes)."""
IDLE_SECONDS = 24 * 3600
"""A table with no move for this long (a day) is deleted, finished or not."""
MAX_TABLES = Limits().max_tables
"""The most tables a server holds at once by default; a request for one more is answered 503."""
UNAVAILABLE_RETRY_SECONDS = 5
"""The ``Retry-After`` of a ``503`` answered while the database cannot be reached."""
KEEP_ALIVE_SECONDS = 15.0
"""How often a live stream with nothing new sends a comment, so that proxies keep it open."""

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
_log = logging.getLogger("sevens_ru.web")


class _DisconnectedError(Exception):
    """The client hung up before its request's body was read."""


async def _read_json(request: Request) -> dict[str, Any]:
    """The body as a JSON object, refused with 413 past :data:`MAX_BODY_BYTES`.

    The rest of a larger body is read and thrown away, up to :data:`MAX_DISCARD_BYTES`,
    so that the client reads the 413; the connection is closed after it.
    """
    length = request.headers.get("content-length", "")
    too_long = ApiError(413, f"the body is over {MAX_BODY_BYTES} bytes", close=True)
    if length and (not length.isdigit() or len(length) > 12):
        raise too_long
    if length and int(length) > MAX_DISCARD_BYTES:
        raise too_long
    body, read = bytearray(), 0
    try:
        async for chunk in request.stream():
            read += len(chunk)
            if read > MAX_DISCARD_BYTES:
                break
            if read <= MAX_BODY_BYTES:
                body += chunk
    except ClientDisconnect:
        raise _DisconnectedError from None
    if read > MAX_BODY_BYTES:
        raise too_long
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):
        raise ApiError(422, "the body is not JSON") from None
    if not isinstance(value, dict):
        raise ApiError(422, "the body is a JSON object")
    return value


async def _token_seat(request: Request, tables: Tables, table: Table) -> int:
    """The seat the request's token opens at ``table``: 401 without one, 403 for another."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "send the seat's token: 'Authorization: Bearer TOKEN'")
    found = await tables.seat_of(token.strip()[:200])
    if found is None:
        raise ApiError(401, "this token opens no seat")
    table_id, seat = found
    if table_id != table.id:
        raise ApiError(403, "this token is for another table")
    named = request.query_params.get("seat")
    if named is not None and named != str(seat):
        raise ApiError(403, f"this token is for seat {seat}, not seat {named[:8]}")
    return seat


def _lang(request: Request) -> str | None:
    """The language of the picture asked for with ``?svg=1&lang=``, or ``None`` for no picture."""
    if request.query_params.get("svg") != "1":
        return None
    lang = request.query_params.get("lang", "en")
    if lang not in LANGUAGES:
        raise ApiError(422, f"'lang' is one of {', '.join(LANGUAGES)}")
    return lang


def _view(table: Table, state: Any, seat: int, lang: str | None) -> dict[str, Any]:
    """The seat's view as JSON; with a ``lang`` also its picture in that language's words.

    The one place a seat's view JSON is made (each change, once per seat and language).
    """
    message = table.game.view_json(state, seat)
    message["id"] = table.id
    message["seats"] = table.seats
    if lang is not None:
        try:
            message["svg"] = table.game.picture(state, seat, lang)
        except NotAGameStateError:  # a game that does not draw itself (Game.draw is None)
            raise ApiError(422, f"{table.game.name} has no picture: ask without ?svg=1") from None
    return message


def _json(content: object, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return JSONResponse(content, status_code=status, headers={**_HEADERS, **(headers or {})})


def _bounded(message: str) -> str:
    """``message`` cut to :data:`MAX_ERROR_CHARS` characters."""
    if len(message) <= MAX_ERROR_CHARS:
        return message
    return message[: MAX_ERROR_CHARS - 30] + f"... ({len(message):,} characters)"


def create_app(
    db: str | os.PathLike[str] | Store = "sevens-ru.sqlite3",
    *,
    limits: Limits | None = None,
    idle_seconds: float = IDLE_SECONDS,
    max_tables: int | None = None,
    bot_processes: int | None = None,
    clock: Callable[[], float] = time.time,
) -> Starlette:
    """The ASGI app of ``sevens-ru serve``: the page at ``/`` and the JSON API at ``/api``.

    ``db`` is the SQLite file (made if missing; ``":memory:"`` keeps nothing after the
    process), a ``postgresql://`` URL (the ``postgres`` extra; several processes may
    serve one database), or a :class:`~sevens_ru.web.store.Store`. ``limits`` are what
    each client and the whole server may hold (:class:`~sevens_ru.web.Limits`; its
    defaults otherwise, and ``max_tables`` overrides its field of that name). Tables
    with no move for ``idle_seconds`` are deleted. The bots think in
    ``bot_processes`` worker processes (default: one per CPU). ``clock`` tells the
    time (seconds), for tests.

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
    limits = limits or Limits()
    if max_tables is not None:
        limits = Limits(**{**_fields(limits), "max_tables": max_tables})
    store = db if isinstance(db, Store) else open_store(db)
    tables = Tables(
        store,
        limits=limits,
        idle_seconds=idle_seconds,
        clock=clock,
        bot_processes=bot_processes or os.cpu_count() or 1,
        build=_view,
    )
    creates = Rates(
        rate=limits.creates_per_minute / 60, burst=limits.create_burst, clock=time.monotonic
    )
    moves = Rates(rate=limits.moves_per_second, burst=limits.move_burst, clock=time.monotonic)

    def within(rates: Rates, client: str, what: str) -> None:
        wait = rates.take(client)
        if wait > 0:
            raise ApiError(
                429, f"too many {what} from this client: wait {math.ceil(wait)} s", retry_after=wait
            )

    async def games(request: Request) -> Response:
        return _json({name: game.describe() for name, game in GAMES.items()})

    async def create_table(request: Request) -> Response:
        client = limits.client(request.scope)
        body = await _read_json(request)
        within(creates, client, "new tables")
        table_id, tokens = await tables.create(body, client)
        return _json({"id": table_id, "tokens": tokens}, 201)

    async def read_table(request: Request) -> Response:
        lang = _lang(request)
        table = await tables.table(request.path_params["table"])
        seat = await _token_seat(request, tables, table)
        body, _ = await table.view(seat, lang)
        return Response(body, media_type="application/json", headers=_HEADERS)

    async def make_move(request: Request) -> Response:
        client = limits.client(request.scope)
        lang = _lang(request)
        table = await tables.table(request.path_params["table"])
        seat = await _token_seat(request, tables, table)
        body = await _read_json(request)
        within(moves, client, "moves")
        if lang is not None:  # a game with no picture is refused before the move is made
            await table.view(seat, lang)
        await tables.move(table, seat, body, client)
        answer, _ = await table.view(seat, lang)
        return Response(answer, media_type="application/json", headers=_HEADERS)

    async def record(request: Request) -> Response:
        table = await tables.table(request.path_params["table"])
        await _token_seat(request, tables, table)
        state = table.state
        if state.current_player is not None:
            what = "series" if isinstance(table.game, SeriesGame) else "game"
            raise ApiError(409, f"the record is given once the {what} is over")
        if isinstance(table.game, SeriesGame):  # the series record: every deal's hands and moves
            return Response(
                await off_loop(table.game.record, state),
                media_type="application/json",
                headers={
                    **_HEADERS,
                    "Content-Disposition": f'attachment; filename="{table.game.name}-series-{table.id}.json"',
                },
            )
        name = f"{table.game.name}-{table.id}.json"
        game = registered(table.game.name)
        tags = Tags(  # who sat where ("human" or the bot), the day (UTC) and the result
            date=datetime.datetime.fromtimestamp(tables.clock(), datetime.timezone.utc).date(),
            players=table.seats,
            bots=[
                None if kind == HUMAN else BotTag.of(table.game.bot(kind)) for kind in table.seats
            ],
            result=Tags.result_of(game.ranking(state)),
        )
        return Response(
            await off_loop(game.to_json, state, tags=tags),
            media_type="application/json",
            headers={**_HEADERS, "Content-Disposition": f'attachment; filename="{name}"'},
        )

    async def events(request: Request) -> Response:
        client = limits.client(request.scope)
        lang = _lang(request)
        table = await tables.table(request.path_params["table"])
        seat = await _token_seat(request, tables, table)
        if lang is not None:  # a game with no picture is refused before the stream starts
            await table.view(seat, lang)
        tables.open_stream(table, seat, client)

        async def stream() -> AsyncIterator[bytes]:
            sent, quiet = -1, 0.0
            while not table.gone and quiet < limits.stream_idle_seconds:
                if table.version != sent:
                    sent, over = table.version, table.over
                    _, message = await table.view(seat, lang)
                    quiet = 0.0
                    yield message
                    if over:
                        return
                elif not await table.wait(sent, seat, lang, KEEP_ALIVE_SECONDS):
                    quiet += KEEP_ALIVE_SECONDS
                    yield b": still here\n\n"

        return _Stream(
            stream(),
            lambda: tables.close_stream(table, seat, client),
            media_type="text/event-stream",
            headers={**_HEADERS, "X-Accel-Buffering": "no"},
        )

    async def page(request: Request) -> Response:
        return FileResponse(os.path.join(_STATIC, "index.html"), headers=_PAGE_HEADERS)

    async def api_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, ApiError)
        headers = {}
        if error.retry_after is not None:
            headers["Retry-After"] = str(max(1, math.ceil(error.retry_after)))
        if error.status == 429:  # the client's turn is held meanwhile: it is slowed down
            await asyncio.sleep(min(limits.slow_down_seconds, error.retry_after or 0.0))
        if error.close:
            headers["Connection"] = "close"
        return _json({"error": _bounded(error.message)}, error.status, headers)

    unavailable_logged = [-float("inf")]

    async def store_unavailable(request: Request, error: Exception) -> Response:
        now = time.monotonic()
        if now - unavailable_logged[0] >= 60:  # one line a minute while it lasts
            unavailable_logged[0] = now
            _log.warning("%s (answered 503; logged once a minute)", error)
        return _json(
            {"error": "the database is unavailable for now: try again later"},
            503,
            {"Retry-After": str(UNAVAILABLE_RETRY_SECONDS)},
        )

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        return _json({"error": _bounded(str(error.detail))}, error.status_code)

    async def disconnected(request: Request, error: Exception) -> Response:
        client = limits.client(request.scope)
        _log.info(
            "%s hung up before sending the body of %s %s",
            client,
            request.method,
            request.url.path[:80],
        )
        return Response(status_code=400, headers={"Connection": "close"})

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()

        def heard(table_id: str, moves: int) -> None:
            loop.call_soon_threadsafe(tables.heard, table_id, moves)

        store.listen(heard)
        thinking.start(tables.thinkers.processes)  # the bots' processes start meanwhile
        try:
            yield
        finally:
            await tables.finish_sweeping()
            await off_loop(thinking.stop)
            await off_loop(store.close)

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
        middleware=[Middleware(_Turns, limits=limits)],
        exception_handlers={
            ApiError: api_error,
            StoreUnavailableError: store_unavailable,
            HTTPException: http_error,
            _DisconnectedError: disconnected,
        },
        lifespan=lifespan,
    )


def _fields(limits: Limits) -> dict[str, Any]:
    return {field.name: getattr(limits, field.name) for field in attrs.fields(Limits)}


class _Stream(StreamingResponse):
    """A live stream that calls ``closed()`` once it ends, however it ends."""

    def __init__(
        self, content: AsyncIterator[bytes], closed: Callable[[], None], **kwargs: Any
    ) -> None:
        super().__init__(content, **kwargs)
        self.closed = closed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        except OSError:  # the client went away as it was written to
            pass
        finally:
            self.closed()


class _Turns:
    """ASGI middleware: each client's requests wait their turn (:attr:`Limits.requests_per_client`).

    A request holds its turn until its answer starts.
    """

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.limits = limits
        self.turns = Turns(limits.requests_per_client)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = self.limits.client(scope)
        await self.turns.take(client)
        held = True

        async def answer(message: Any) -> None:
            nonlocal held
            if held and message["type"] == "http.response.start":
                held = False
                self.turns.give(client)
            await send(message)

        try:
            await self.app(scope, receive, answer)
        finally:
            if held:
                self.turns.give(client)


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
