"""How messages name old Durak: its key, title and the package of its functions."""

from __future__ import annotations

from ...common._games import Game, named

__all__ = ["DURAK"]

DURAK = named(Game("durak", "Durak", "sevens_ru.durak", "durak."))
"""The names of Durak in messages (``durak.apply()``, ``use sevens_ru.durak.apply``)."""
