"""The registry's entry for ``"shichinarabe"``: its :class:`~sevens_ru.games.Game`."""

from __future__ import annotations

from ..definition import SHICHINARABE as GAME

__all__ = ["GAME"]
