"""``sevens_ru.shuffle``: the names of ``sevens_ru.common.shuffle``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .common.shuffle import *  # noqa: F403  (the names of __all__)
from .common.shuffle import __all__ as __all__
