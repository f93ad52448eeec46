"""The registry's entry for ``"sevens-52"``: its :class:`~sevens_ru.games.Game`."""

from __future__ import annotations

from ..definition import SEVENS_52 as GAME

__all__ = ["GAME"]
