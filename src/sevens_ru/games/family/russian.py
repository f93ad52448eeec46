"""Russian Sevens (R1–R21) played by the family's engine: a configuration, not a registered game.

The registry's ``"sevens"`` stays the library's own engine (``sevens_ru.new_game`` ...).
:data:`RUSSIAN` is a :class:`~sevens_ru.games.Game` of the same rules on the family's
engine, with the same deal from the same seed, the same events and the same
:class:`~sevens_ru.Standing` values, so that the two can be compared move by move
(``tests/family/test_family_russian.py``) and the family's engine may one day take the
Russian game's place. It also takes ``dealer=`` (M2: the deal starts at the dealer's
left; the default ``n − 1`` is R5).

>>> import sevens_ru as s7
>>> from sevens_ru.games.family.russian import RUSSIAN
>>> mine, theirs = RUSSIAN.new_game(4, seed=7), s7.new_game(4, seed=7)
>>> mine.deal == theirs.deal, RUSSIAN.legal_moves(mine) == s7.legal_moves(theirs)
(True, True)
"""

from __future__ import annotations

from ..sevens.names import SEVENS
from .definition import FamilyGame, make
from .game import PRESETS
from .observation import RussianView

__all__ = ["PRESET", "RUSSIAN"]

RUSSIAN: FamilyGame = make(RussianView, SEVENS)
"""Russian Sevens on the family's engine: its record and move functions as the library's."""

PRESET = PRESETS["sevens"]
"""The Russian configuration of the engine."""
