"""Connections that one client cannot hold forever: uvicorn's HTTP/1.1 protocol, with deadlines.

uvicorn has a keep-alive timeout (``timeout_keep_alive``, the idle time between two
requests), a bound on the size of the headers (h11's), and ``limit_concurrency``
(which answers ``503`` to everyone once the connections *and* requests in progress
reach it). It has no deadline for a request's headers or its body: a client that sends
them a byte at a time holds a connection, and a descriptor, for as long as it likes.
:class:`Protocol` adds what is missing, as a subclass of its h11 protocol (so the HTTP
parsing stays uvicorn's):

- the headers of a request must be complete within ``header_timeout`` seconds of its
  first byte (of the connection, for the first request), and its body within
  ``body_timeout`` of its headers; past either, ``408`` and the connection is closed;
- a client that reads nothing of what it is sent (a live stream it never reads) while
  the connection's buffers are full for ``send_timeout`` seconds is cut off, its
  stream ended: it holds no descriptor, no stream and no memory of the server's;
- at most ``max_connections`` connections at once (by default, below the process's
  descriptor limit: :func:`default_max_connections`), and ``connections_per_client``
  from one address (trusted proxies apart); a connection past either is answered
  ``503`` (the server is full) or ``429`` (this client is) and closed at once.

:func:`new_event_loop` makes the loop ``sevens-ru serve`` runs on: asyncio's, which
logs a failed ``accept()`` (out of descriptors) as one line per minute, not a
traceback per attempt.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import resource
import time
from collections import Counter
from typing import Any

import attrs
import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from .limits import Limits

__all__ = ["ConnectionLimits", "Protocol", "default_max_connections", "new_event_loop"]

_log = logging.getLogger("sevens_ru.web")
_RESERVE = 64  # descriptors kept for the database, the bots' pipes, the log files
_LOG_EVERY = 60.0  # seconds between two lines about the same shortage


def default_max_connections() -> int:
    """The connections a server takes at once by default: the descriptor limit less a reserve.

    >>> default_max_connections() >= 16
    True
    """
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        soft = 65_536
    return max(16, min(soft, 65_536) - _RESERVE)


@attrs.frozen(kw_only=True)
class ConnectionLimits:
    """The deadlines and the counts of :class:`Protocol`, set by ``sevens-ru serve``'s options."""

    header_timeout: float = 10.0
    """Seconds for a request's headers to arrive whole (from its first byte)."""
    body_timeout: float = 20.0
    """Seconds for a request's body to arrive whole (from the end of its headers)."""
    send_timeout: float = 30.0
    """Seconds a connection may keep the server waiting to write (its buffers full) before it is cut off."""
    keep_alive: int = 20
    """Seconds an idle connection is kept between two requests (uvicorn's ``timeout_keep_alive``).

    Longer than uvicorn's 5 s: a client, or a proxy's pool of connections, that sends
    its next request just as the server closes the connection loses that request
    (a move cannot be resent blindly); a busy client often waits seconds between two
    requests. A reverse proxy should keep its idle connections a little shorter.
    """
    max_connections: int | None = None
    """The most connections at once; ``None``: :func:`~sevens_ru.web.protocol.default_max_connections`."""
    connections_per_client: int = 128
    """The most connections from one address at once (a trusted proxy's are not counted)."""
    trusted_proxies: tuple[str, ...] = ()
    """The reverse proxies, as in :attr:`sevens_ru.web.Limits.trusted_proxies`."""


class Config_(Config):  # noqa: N801  # uvicorn's Config with ours beside it
    """uvicorn's configuration, with the :class:`ConnectionLimits` its connections keep."""

    def __init__(self, app: Any, *, connections: ConnectionLimits, **options: Any) -> None:
        super().__init__(app, **options)
        self.connections = connections


_DEFAULT = ConnectionLimits()


def _answer(status: int, reason: str, message: str) -> bytes:
    body = ('{"error": "' + message + '"}').encode()
    return (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n"
        + ("retry-after: 10\r\n" if status in (429, 503) else "")
        + "\r\n"
    ).encode() + body


class _Shared:
    """What the connections of one server count together."""

    def __init__(self, limits: ConnectionLimits) -> None:
        self.most = limits.max_connections or default_max_connections()
        self.per_client: Counter[str] = Counter()
        self.limits = Limits(trusted_proxies=limits.trusted_proxies)
        self.logged: dict[str, float] = {}

    def log(self, what: str, message: str, *args: object) -> None:
        """Log ``message`` unless a line about ``what`` was logged in the last minute."""
        now = time.monotonic()
        if now - self.logged.get(what, -_LOG_EVERY) >= _LOG_EVERY:
            self.logged[what] = now
            _log.warning(message, *args)


_SHARED: dict[int, _Shared] = {}


class Protocol(H11Protocol):
    """uvicorn's h11 protocol with header and body deadlines and bounded connections.

    ``uvicorn --http sevens_ru.web.protocol:Protocol`` uses it with the defaults of
    :class:`ConnectionLimits`; ``sevens-ru serve`` with its options.
    """

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.limits: ConnectionLimits = getattr(config, "connections", _DEFAULT)
        shared = _SHARED.get(id(server_state))
        if shared is None:
            shared = _SHARED[id(server_state)] = _Shared(self.limits)
        self.shared = shared
        self.counted: str | None = None
        self.deadline: asyncio.TimerHandle | None = None
        self.stalled: asyncio.TimerHandle | None = None  # the send deadline, while writing waits
        self.waiting_for: object = None  # h11.IDLE (the headers) or h11.SEND_BODY (the body)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Take the connection, or answer 503/429 and close it when over a limit."""
        super().connection_made(transport)
        shared = self.shared
        if len(self.connections) > shared.most:
            shared.log("full", "%d connections open, the most: new ones are refused", shared.most)
            self._refuse(503, "Service Unavailable", "the server is full: try again later")
            return
        client = shared.limits.client({"client": self.client, "headers": ()})
        if not shared.limits.trusts(self.client[0] if self.client else ""):
            if shared.per_client[client] >= self.limits.connections_per_client:
                most = self.limits.connections_per_client
                shared.log(
                    f"client {client}", "%s holds %d connections: more are refused", client, most
                )
                self._refuse(429, "Too Many Requests", "too many connections from this client")
                return
            shared.per_client[client] += 1
            self.counted = client
        self._phase()

    def _refuse(self, status: int, reason: str, message: str) -> None:
        self.transport.write(_answer(status, reason, message))
        self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        """Forget the connection (and its deadlines)."""
        self._cancel()
        if self.stalled is not None:
            self.stalled.cancel()
            self.stalled = None
        if self.counted is not None:
            self.shared.per_client[self.counted] -= 1
            if self.shared.per_client[self.counted] <= 0:
                del self.shared.per_client[self.counted]
            self.counted = None
        super().connection_lost(exc)

    def pause_writing(self) -> None:
        """The client reads too slowly for what it is sent: it has ``send_timeout`` s to catch up."""
        super().pause_writing()
        if self.stalled is None:
            self.stalled = self.loop.call_later(self.limits.send_timeout, self._cut_off)

    def resume_writing(self) -> None:
        """The client caught up."""
        super().resume_writing()
        if self.stalled is not None:
            self.stalled.cancel()
            self.stalled = None

    def _cut_off(self) -> None:
        self.stalled = None
        self.shared.log(
            "stalled",
            "cut off %s, which read nothing for %g s (logged once a minute)",
            f"{self.client[0]}:{self.client[1]}" if self.client else "a client",
            self.limits.send_timeout,
        )
        self.transport.abort()

    def data_received(self, data: bytes) -> None:
        """Read as uvicorn does, then set the deadline of what is awaited now."""
        super().data_received(data)
        self._phase()

    def on_response_complete(self) -> None:
        """Between two requests: uvicorn's keep-alive timeout applies."""
        super().on_response_complete()
        self._cancel()

    def _phase(self) -> None:
        """Arm the deadline of the headers, or of the body, or none, as the request stands."""
        state = self.conn.their_state
        waiting: object
        if state is h11.IDLE:
            waiting, seconds = h11.IDLE, self.limits.header_timeout
        elif state is h11.SEND_BODY:
            waiting, seconds = h11.SEND_BODY, self.limits.body_timeout
        else:
            self._cancel()
            return
        if self.waiting_for is not waiting or self.deadline is None:
            self._cancel()
            self.waiting_for = waiting
            self.deadline = self.loop.call_later(seconds, self._expire)

    def _cancel(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None
        self.waiting_for = None

    def _expire(self) -> None:
        what = "headers" if self.waiting_for is h11.IDLE else "body"
        self.deadline = None
        if self.transport.is_closing():
            return
        if self.cycle is None or not self.cycle.response_started:
            seconds = self.limits.header_timeout if what == "headers" else self.limits.body_timeout
            self.transport.write(
                _answer(
                    408, "Request Timeout", f"the request's {what} took more than {seconds:g} s"
                )
            )
        self.transport.close()


def _quiet_accept(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The loop's exception handler: a failed ``accept()`` is one line a minute, no traceback."""
    error = context.get("exception")
    if isinstance(error, OSError) and error.errno in (
        errno.EMFILE,
        errno.ENFILE,
        errno.ENOBUFS,
        errno.ENOMEM,
    ):
        now = time.monotonic()
        last = getattr(loop, "_sevens_ru_logged", -_LOG_EVERY)
        if now - last >= _LOG_EVERY:
            loop._sevens_ru_logged = now  # type: ignore[attr-defined]
            _log.warning(
                "cannot accept connections: %s (this is logged once a minute while it lasts)",
                error.strerror,
            )
        return
    loop.default_exception_handler(context)


def new_event_loop() -> asyncio.AbstractEventLoop:
    """A new asyncio event loop whose failed ``accept()`` calls are logged once a minute.

    >>> loop = new_event_loop()
    >>> loop.get_exception_handler() is _quiet_accept
    True
    >>> loop.close()
    """
    loop = asyncio.new_event_loop()
    loop.set_exception_handler(_quiet_accept)
    return loop
