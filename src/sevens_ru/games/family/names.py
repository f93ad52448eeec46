"""How messages and records name the family's presets: a key, a title and where their functions are.

>>> from sevens_ru.games.family.names import NAMES
>>> NAMES["fan-tan"].title, NAMES["fan-tan"].prefix
('Fan Tan', "games.get('fan-tan').")
"""

from __future__ import annotations

from ...common._games import Game, named

__all__ = ["NAMES"]

_TITLES = {
    "sevens-52": "Sevens-52",
    "fan-tan": "Fan Tan",
    "shichinarabe": "Shichinarabe",
    "domino": "Domino",
    "cinquillo": "Cinquillo",
}

NAMES: dict[str, Game] = {
    key: named(Game(key, title, f"sevens_ru.games.get({key!r})", f"games.get({key!r})."))
    for key, title in _TITLES.items()
}
"""The names of each preset in messages (``games.get('fan-tan').apply()``) and records."""
