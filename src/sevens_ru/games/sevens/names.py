"""How messages name the main game: its key, title and the package of its functions."""

from __future__ import annotations

from ...common._games import Game, named

__all__ = ["SEVENS"]

SEVENS = named(Game("sevens", "Sevens", "sevens_ru", ""))
"""The names of Sevens in messages (``apply()``, ``use sevens_ru.apply``)."""
