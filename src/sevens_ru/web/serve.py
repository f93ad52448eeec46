"""Running the app: in the foreground with uvicorn (``sevens-ru serve``), or in a thread.

>>> from sevens_ru.web import create_app
>>> from sevens_ru.web.serve import in_thread
>>> import json, urllib.request
>>> with in_thread(create_app(db=":memory:")) as url:
...     with urllib.request.urlopen(url + "/api/games") as answer:
...         list(json.load(answer))[:2]
['sevens', 'durak']
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from starlette.applications import Starlette

from .app import create_app

__all__ = ["DEFAULT_DB", "in_thread", "serve"]

DEFAULT_DB = "sevens-ru.sqlite3"
"""The database file ``sevens-ru serve`` uses unless told otherwise, in the current folder."""


def serve(
    *, host: str = "127.0.0.1", port: int = 8000, db: str | os.PathLike[str] = DEFAULT_DB
) -> None:
    """Serve the page and the API on ``host:port`` until interrupted (Ctrl-C)."""
    uvicorn.run(create_app(db=db), host=host, port=port, proxy_headers=True)


@contextmanager
def in_thread(app: Starlette, *, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """Serve ``app`` from a thread while the block runs; yields its address, ``http://...``.

    ``port=0`` takes a free port. For tests and scripts on this machine.
    """
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning"))
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
