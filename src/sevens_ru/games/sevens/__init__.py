"""Russian Sevens, the game of nines (R1–R21): the main game of the library.

Its five functions and values are the top level of :mod:`sevens_ru`; this folder holds
the code, one module per room: the deal, the state, the rules, the view, the ranking,
the records, the action numbers, the tensors, the inference, the bots and the matches.

>>> from sevens_ru.games import sevens
>>> sevens.PACK, len(sevens.PACK)
(Pack.RUSSIAN_36, 36)
"""

from __future__ import annotations

from .deal import PACK

__all__ = ["PACK"]
