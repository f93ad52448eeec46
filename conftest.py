"""pytest set-up for the whole repository: skip what needs an optional dependency.

``sevens_ru.batch`` needs numpy (the ``numpy`` extra); without it, its doctests are not
collected and ``tests/test_batch.py`` skips itself.
"""

from __future__ import annotations

import importlib.util

collect_ignore = [] if importlib.util.find_spec("numpy") else ["src/sevens_ru/batch"]
