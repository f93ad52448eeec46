"""The layout family ("Sevens" games): one engine with five presets (the rules F, S, T, N, DO and C).

The registry gives each preset as a :class:`~sevens_ru.games.Game`: ``"sevens-52"``
(S), ``"fan-tan"`` (T), ``"shichinarabe"`` (N), ``"domino"`` (DO) and ``"cinquillo"``
(C). The same engine also plays Russian Sevens (R1–R21) as a configuration,
:mod:`sevens_ru.games.family.russian`, which is not registered: ``"sevens"`` stays the
library's own engine.

>>> from sevens_ru import games
>>> shichinarabe = games.get("shichinarabe")
>>> state = shichinarabe.new_game(4, seed=1)
>>> len(state.table), shichinarabe.legal_moves(state)[-1]  # N2: the sevens laid out; N4
(4, PASS)
"""

from __future__ import annotations

from .events import Burst, Pass, Play
from .moves import PASS, PassMove, parse_move
from .options import (
    CinquilloOptions,
    DominoOptions,
    FanTanOptions,
    Sevens52Options,
    ShichinarabeOptions,
)

__all__ = [
    "PASS",
    "Burst",
    "CinquilloOptions",
    "DominoOptions",
    "FanTanOptions",
    "Pass",
    "PassMove",
    "Play",
    "Sevens52Options",
    "ShichinarabeOptions",
    "parse_move",
]
