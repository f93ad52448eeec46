"""``sevens_ru.record``: the names of ``sevens_ru.games.sevens.record``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .games.sevens.record import (
    FORMAT,
    LARGEST_RECORD,
    MAX_BYTES,
    from_json,
    to_json,
)

__all__ = [
    "FORMAT",
    "LARGEST_RECORD",
    "MAX_BYTES",
    "from_json",
    "to_json",
]
