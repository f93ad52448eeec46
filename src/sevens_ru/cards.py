"""``sevens_ru.cards``: the names of ``sevens_ru.common.cards``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .common.cards import *  # noqa: F403  (the names of __all__)
from .common.cards import __all__ as __all__
