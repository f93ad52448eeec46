"""Running the app: in the foreground with uvicorn (``sevens-ru serve``), or in a thread.

:func:`serve` runs uvicorn with :class:`~sevens_ru.web.protocol.Protocol` (header and
body deadlines, bounded connections), on :func:`~sevens_ru.web.protocol.new_event_loop`
(descriptor exhaustion logged once a minute), its own logger ``sevens_ru.web`` beside
uvicorn's, and, with ``workers`` > 1, that many processes on one listening socket
(uvicorn's supervisor, which restarts a worker that dies), each with its app over the
same database.

>>> from sevens_ru.web import create_app
>>> from sevens_ru.web.serve import in_thread
>>> import json, urllib.request
>>> with in_thread(create_app(db=":memory:")) as url:
...     with urllib.request.urlopen(url + "/api/games") as answer:
...         list(json.load(answer))[:2]
['sevens', 'durak']
"""

from __future__ import annotations

import copy
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from starlette.applications import Starlette
from uvicorn.config import LOGGING_CONFIG
from uvicorn.supervisors import Multiprocess

from ..errors import InvalidOptionsError
from .app import create_app
from .limits import Limits
from .protocol import Config_, ConnectionLimits, Protocol

__all__ = ["DEFAULT_DB", "in_thread", "serve"]

WORKER_HEALTHCHECK_SECONDS = 30
"""With several workers, how long one may leave its supervisor's ping unanswered before it is restarted."""
DEFAULT_DB = "sevens-ru.sqlite3"
"""The database file ``sevens-ru serve`` uses unless told otherwise, in the current folder."""


class _Config(Config_):
    """A configuration whose app is made in the process that serves it (each worker's own)."""

    def __init__(self, app_options: dict[str, Any], **options: Any) -> None:
        super().__init__(None, **options)
        self.app_options = app_options

    def load(self) -> None:
        if not self.loaded and self.app is None:
            self.app = create_app(**self.app_options)
        super().load()


def _logging() -> dict[str, Any]:
    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["sevens_ru.web"] = {
        "handlers": ["default"],
        "level": "INFO",
        "propagate": False,
    }
    return config


def _config(
    app: Any,
    host: str,
    port: int,
    connections: ConnectionLimits,
    log_level: str | None,
    app_options: dict[str, Any] | None = None,
    workers: int = 1,
) -> Config_:
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "http": Protocol,
        "loop": "sevens_ru.web.protocol:new_event_loop",
        "lifespan": "on",
        "proxy_headers": False,  # the app reads X-Forwarded-For of trusted proxies only
        "timeout_keep_alive": connections.keep_alive,
        "log_config": _logging(),
        "log_level": log_level,
        "workers": workers,
        # A worker busy with a burst of requests on a loaded machine may take more than
        # uvicorn's 5 s to answer its supervisor's ping; killed, it would drop every
        # connection it holds. 30 s of silence is a worker that is really stuck.
        "timeout_worker_healthcheck": WORKER_HEALTHCHECK_SECONDS,
        "connections": connections,
    }
    if app_options is not None:
        return _Config(app_options, **options)
    return Config_(app, **options)


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | os.PathLike[str] = DEFAULT_DB,
    workers: int = 1,
    limits: Limits | None = None,
    connections: ConnectionLimits | None = None,
    bot_processes: int | None = None,
) -> None:
    """Serve the page and the API on ``host:port`` until interrupted (Ctrl-C).

    ``workers`` processes serve one listening socket; more than one needs a database
    they can share (a ``postgresql://`` URL). ``limits`` are the app's
    (:class:`~sevens_ru.web.Limits`), ``connections`` the connections'
    (:class:`~sevens_ru.web.ConnectionLimits`); their ``trusted_proxies`` should agree.
    The bots of each worker think in ``bot_processes`` processes (default: the CPUs
    shared among the workers).
    """
    text = os.fspath(db)
    shared = isinstance(text, str) and text.startswith(("postgresql://", "postgres://"))
    if workers < 1 or (workers > 1 and not shared):
        raise InvalidOptionsError(
            f"workers > 1 need a postgresql:// database that they share, got {workers} over a SQLite file"
            if workers > 1
            else f"workers is at least 1, got {workers}"
        )
    limits = limits or Limits()
    connections = connections or ConnectionLimits(trusted_proxies=limits.trusted_proxies)
    processes = bot_processes or max(1, (os.cpu_count() or 1) // workers)
    app_options = {"db": db, "limits": limits, "bot_processes": processes}
    config = _config(None, host, port, connections, "info", app_options, workers)
    server = uvicorn.Server(config)
    if workers > 1:
        Multiprocess(config, sockets=[config.bind_socket()]).run()
    else:
        server.run()


@contextmanager
def in_thread(
    app: Starlette,
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    connections: ConnectionLimits | None = None,
) -> Iterator[str]:
    """Serve ``app`` from a thread while the block runs; yields its address, ``http://...``.

    ``port=0`` takes a free port. The connections are :class:`~sevens_ru.web.protocol.Protocol`'s,
    with ``connections`` as their limits. For tests and scripts on this machine.
    """
    config = _config(app, host, port, connections or ConnectionLimits(), "warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="sevens-ru server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError(f"the server did not start on {host}:{port}")
        time.sleep(0.01)
    bound = server.servers[0].sockets[0].getsockname()
    try:
        yield f"http://{host}:{bound[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
