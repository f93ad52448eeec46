"""The optional extras of the package: a clear message where one is missing.

>>> from sevens_ru.common._extras import needs
>>> with needs("sevens_ru.envs.example", "an example", "example"):
...     import a_module_nobody_has
Traceback (most recent call last):
...
ImportError: sevens_ru.envs.example needs an example: pip install "sevens-ru[example]"
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

__all__ = ["needs"]


@contextlib.contextmanager
def needs(module: str, what: str, extra: str) -> Iterator[None]:
    """Turn an ``ImportError`` of the imports inside into one that names the extra to install."""
    try:
        yield
    except ImportError as error:  # pragma: no cover - only without the extra
        raise ImportError(f'{module} needs {what}: pip install "sevens-ru[{extra}]"') from error
