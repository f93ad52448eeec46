"""``sevens_ru.cards``: the names of ``sevens_ru.common.cards`` and ``sevens_ru.common.packs``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .common import cards as _cards
from .common import packs as _packs
from .common.cards import *  # noqa: F403  (the names of __all__)
from .common.packs import *  # noqa: F403  (the names of __all__)

__all__ = [*_cards.__all__, *_packs.__all__]
