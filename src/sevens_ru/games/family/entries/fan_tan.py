"""The registry's entry for ``"fan-tan"``: its :class:`~sevens_ru.games.Game`."""

from __future__ import annotations

from ..definition import FAN_TAN as GAME

__all__ = ["GAME"]
