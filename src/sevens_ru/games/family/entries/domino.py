"""The registry's entry for ``"domino"``: its :class:`~sevens_ru.games.Game`."""

from __future__ import annotations

from ..definition import DOMINO as GAME

__all__ = ["GAME"]
