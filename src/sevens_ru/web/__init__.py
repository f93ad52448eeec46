"""A game server for both games: tables with bots and people, in the browser or over JSON.

``sevens-ru serve`` runs :func:`create_app` with uvicorn; embed the same ASGI app in
your own server with ``create_app(db=...)``. Needs the ``web`` extra
(``pip install "sevens-ru[web]"``): Starlette and uvicorn.

The API (``docs/howto/server-run.md`` tells it all):

- ``POST /api/tables`` ``{"game": "sevens", "seats": ["human", "heuristic"], "seed": 7}``
  deals a table: ``201 {"id": ..., "tokens": {"0": ...}}``, one secret token per human seat;
- ``GET /api/tables/{id}`` with ``Authorization: Bearer TOKEN``: that seat's view;
- ``POST /api/tables/{id}/moves`` ``{"move": "9♦"}``: play; the bots answer at once;
- ``GET /api/tables/{id}/events``: the seat's view again after every change
  (server-sent events); ``GET /api/tables/{id}/record``: the game record once over.
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
    MAX_MOVE_CHARS,
    MAX_TABLES,
    create_app,
)

__all__ = [
    "IDLE_SECONDS",
    "KEEP_ALIVE_SECONDS",
    "MAX_BODY_BYTES",
    "MAX_MOVE_CHARS",
    "MAX_TABLES",
    "create_app",
]
