"""The registry's entry for ``"cinquillo"``: its :class:`~sevens_ru.games.Game`."""

from __future__ import annotations

from ..definition import CINQUILLO as GAME

__all__ = ["GAME"]
