"""A game server for every game: tables with bots and people, in the browser or over JSON.

``sevens-ru serve`` runs :func:`create_app` with uvicorn; embed the same ASGI app in
your own server with ``create_app(db=...)``. Needs the ``web`` extra
(``pip install "sevens-ru[web]"``): Starlette and uvicorn; a PostgreSQL database (for
several server processes) needs the ``postgres`` extra too.

The API (``docs/howto/server-run.md`` tells it all):

- ``POST /api/tables`` ``{"game": "sevens", "seats": ["human", "heuristic"], "seed": 7}``
  deals a table: ``201 {"id": ..., "tokens": {"0": ...}}``, one secret token per human seat;
  with ``"series": {"deals": 3}`` (:class:`~sevens_ru.series.SeriesOptions`' fields) the
  table plays a series of deals (:mod:`sevens_ru.web.series`);
- ``GET /api/tables/{id}`` with ``Authorization: Bearer TOKEN``: that seat's view;
- ``POST /api/tables/{id}/moves`` ``{"move": "9♦"}``: play; the bots answer at once;
- ``GET /api/tables/{id}/events``: the seat's view again after every change
  (server-sent events); ``GET /api/tables/{id}/record``: the game (or series) record once over.

What one client may do, and the whole server hold, is :class:`Limits`; what a
connection may take, :class:`ConnectionLimits` (``docs/howto/safe-server.md``).
"""

from __future__ import annotations

import importlib.util

_MISSING = [name for name in ("starlette", "uvicorn") if importlib.util.find_spec(name) is None]
if _MISSING:  # pragma: no cover - the tests run with the extra
    raise ImportError(
        f"sevens_ru.web needs the web extra ({', '.join(_MISSING)} missing): "
        'pip install "sevens-ru[web]"'
    )

from .app import (  # noqa: E402  # after the check above
    IDLE_SECONDS,
    KEEP_ALIVE_SECONDS,
    MAX_BODY_BYTES,
    MAX_DISCARD_BYTES,
    MAX_ERROR_CHARS,
    MAX_TABLES,
    create_app,
)
from .limits import Limits  # noqa: E402
from .protocol import ConnectionLimits  # noqa: E402
from .tables import MAX_MOVE_CHARS  # noqa: E402

__all__ = [
    "IDLE_SECONDS",
    "KEEP_ALIVE_SECONDS",
    "MAX_BODY_BYTES",
    "MAX_DISCARD_BYTES",
    "MAX_ERROR_CHARS",
    "MAX_MOVE_CHARS",
    "MAX_TABLES",
    "ConnectionLimits",
    "Limits",
    "create_app",
]
