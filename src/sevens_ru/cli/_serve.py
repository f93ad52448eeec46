"""``sevens-ru serve``: the game server of :mod:`sevens_ru.web`, in the foreground.

It needs the ``web`` extra; without it the command says so and exits with 2.
"""

from __future__ import annotations

import argparse
import importlib.util

from .output import Output
from .texts import say

__all__ = ["serve"]


def serve(args: argparse.Namespace, out: Output) -> int:
    """Serve the page and the API on ``--host:--port`` over ``--db`` until Ctrl-C."""
    missing = [name for name in ("starlette", "uvicorn") if importlib.util.find_spec(name) is None]
    if missing:
        raise argparse.ArgumentError(
            None,
            f"serve needs the web extra ({', '.join(missing)} missing): "
            'pip install "sevens-ru[web]"',
        )
    from ..web.serve import DEFAULT_DB  # the extra is there
    from ..web.serve import serve as run

    db = DEFAULT_DB if args.db is None else args.db
    out.line(say(args.lang, "serving", url=f"http://{args.host}:{args.port}", db=db))
    run(host=args.host, port=args.port, db=db)
    return 0
