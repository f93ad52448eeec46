"""Russian Sevens (R1–R21) played by the family's engine: a configuration, not a registered game.

The registry's ``"sevens"`` stays the library's own engine (``sevens_ru.new_game`` ...).
This module plays the same rules on the family's engine, with the same deal from the
same seed, the same events and the same :class:`~sevens_ru.Standing` values, so that
the two can be compared move by move (``tests/family/test_family_russian.py``) and the
family's engine may one day take the Russian game's place. It also takes ``dealer=``
(M2: the deal starts at the dealer's left; the default ``n − 1`` is R5).

>>> import sevens_ru as s7
>>> from sevens_ru.games.family import russian
>>> mine, theirs = russian.new_game(4, seed=7), s7.new_game(4, seed=7)
>>> mine.deal == theirs.deal, russian.legal_moves(mine) == s7.legal_moves(theirs)
(True, True)
"""

from __future__ import annotations

from typing import Any

from ...common.packs import RUSSIAN_36
from ..sevens.names import SEVENS
from ..sevens.options import Options
from . import game
from .definition import bound
from .observation import RussianView
from .state import RussianState

__all__ = [  # in the order of the functions of a game (design.md)
    "apply",
    "from_json",
    "is_over",
    "legal_actions",
    "legal_mask",
    "legal_moves",
    "new_game",
    "ranking",
    "returns",
    "to_json",
    "view",
]

PRESET = game.preset("sevens", Options, RussianState, SEVENS)
"""The Russian configuration of the engine."""

_FUNCTIONS: dict[str, Any] = bound(PRESET, RussianView, RUSSIAN_36)

new_game = _FUNCTIONS["new_game"]
"""``new_game(players=4, *, dealer=None, seed=None, hands=None, options=None)``: a deal (R4–R7, F7)."""
legal_moves = _FUNCTIONS["legal_moves"]
"""The cards the seat to move may play (R7, R9), in canonical order."""
apply = _FUNCTIONS["apply"]
"""The state after a card (R9–R14), the automatic passes (R11) inside."""
is_over = _FUNCTIONS["is_over"]
"""Whether a seat has played its last card (R14)."""
ranking = _FUNCTIONS["ranking"]
"""The standings (R15–R18)."""
returns = _FUNCTIONS["returns"]
"""The zero-sum values of the ranking."""
view = _FUNCTIONS["view"]
"""What one seat may see (R20)."""
to_json = _FUNCTIONS["to_json"]
"""The record, as :func:`sevens_ru.to_json` writes it for the default dealer."""
from_json = _FUNCTIONS["from_json"]
"""A state from its record."""
legal_actions = _FUNCTIONS["legal_actions"]
"""The legal actions: a card's place in :data:`~sevens_ru.DECK` (its index)."""
legal_mask = _FUNCTIONS["legal_mask"]
"""The legal actions as an int."""
