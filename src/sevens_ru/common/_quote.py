r"""How messages quote what a caller gave: a short, escaped excerpt, never the value whole.

Errors of the library often come from values a game server read from a client: a
move of fifty megabytes, a list nested a thousand deep, a lone surrogate. A message
quotes such a value through :func:`excerpt` (Python's notation) or :func:`kind`
(JSON's, for records): at most about :data:`LONGEST` characters however large the
value, with its length when it was cut, computed without reading more of it than
that, without recursion beyond :data:`DEPTH` levels, and always encodable as UTF-8
(a lone surrogate is written as its escape).

>>> excerpt("x" * 10**6)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (1,000,000 characters)"
>>> excerpt([[[[[[1]]]]]]), excerpt(10**100), excerpt("\ud800")
('[[[[...]]]]', 'an int of 333 bits', "'\\ud800'")
>>> kind({"moves": ["9♦", None]}), kind(True)
('an object {"moves": ["9♦", null]}', 'a boolean true')
"""

from __future__ import annotations

import json
from itertools import islice

__all__ = ["DEPTH", "LONGEST", "excerpt", "got", "kind", "printable"]

LONGEST = 80
"""About the most characters a message spends on one quoted value."""
DEPTH = 3
"""The deepest nesting of lists and objects a quote shows (deeper: ``[...]``)."""

_TEXT = 32  # the most characters of a string that are quoted
_ITEMS = 4  # the most items of a list or object that are quoted


def printable(text: str) -> str:
    r"""``text`` with every lone surrogate written as its escape, so that it encodes as UTF-8.

    >>> printable("a\udc80b")
    'a\\udc80b'
    """
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def excerpt(value: object) -> str:
    """``value`` in Python's notation, cut short: a string's first characters, a list's first items.

    >>> excerpt(list(range(100)))
    '[0, 1, 2, 3, ... (100 items)]'
    """
    return _cut(_render(value, DEPTH, python=True))


def got(value: object) -> str:
    """What a message says after "got": ``None``, ``True``, or the type and :func:`excerpt`.

    ``None`` and the booleans name themselves (never "NoneType None").

    >>> got(None), got(True), got("9♦"), got([1, 2]), got(1.5)
    ('None', 'True', "str '9♦'", 'list [1, 2]', 'float 1.5')
    >>> got(10**30)  # an excerpt that names its type already
    'an int of 100 bits'
    """
    if value is None or isinstance(value, bool):
        return repr(value)
    if type(value) is int and value.bit_length() > 64:
        return excerpt(value)
    return f"{type(value).__name__} {excerpt(value)}"


def kind(value: object) -> str:
    """A JSON value for a message: its kind (``a list``, ``null``...) and an excerpt in JSON.

    >>> kind(None), kind([1, 2]), kind("a" * 60)
    ('null', 'a list [1, 2]', 'a string "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"... (60 characters)')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"a boolean {'true' if value else 'false'}"
    names: dict[type, str] = {dict: "an object", list: "a list", str: "a string"}
    name = names.get(type(value), "a number" if isinstance(value, (int, float)) else "a value")
    return f"{name} {_cut(_render(value, DEPTH, python=False))}"


def _render(value: object, depth: int, *, python: bool) -> str:
    """``value`` written out, ``depth`` levels of lists and objects at most, each cut short."""
    if isinstance(value, str):
        return _string(value, python=python)
    if isinstance(value, (bytes, bytearray)):
        return _long(repr(bytes(value[:_TEXT])), len(value), "bytes")
    if isinstance(value, bool) or value is None:
        return repr(value) if python else json.dumps(value)
    if isinstance(value, int):
        return repr(value) if value.bit_length() <= 64 else f"an int of {value.bit_length()} bits"
    if isinstance(value, float):
        return repr(value) if python else json.dumps(value)
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        return _container(value, depth, python=python)
    try:
        text = repr(value)
    except Exception:  # a repr that fails says nothing: the type does
        return f"<{type(value).__name__} object>"
    return printable(text if len(text) <= LONGEST else text[: LONGEST - 3] + "...")


def _string(text: str, *, python: bool) -> str:
    part = text[:_TEXT]
    written = repr(part) if python else printable(json.dumps(part, ensure_ascii=False))
    return _long(written, len(text), "characters")


def _long(written: str, length: int, unit: str) -> str:
    return written if length <= _TEXT else f"{written}... ({length:,} {unit})"


def _container(
    value: list[object]
    | tuple[object, ...]
    | dict[object, object]
    | set[object]
    | frozenset[object],
    depth: int,
    *,
    python: bool,
) -> str:
    if isinstance(value, dict):
        opening, closing = "{", "}"
    elif isinstance(value, list):
        opening, closing = "[", "]"
    elif isinstance(value, tuple):
        opening, closing = "(", ",)" if len(value) == 1 else ")"
    else:
        opening, closing = "{", "}"
    if not value:
        empty = {"[": "[]", "(": "()", "{": "{}"}[opening]
        return "set()" if isinstance(value, (set, frozenset)) else empty
    if depth == 0:
        return f"{opening}...{closing}"
    items: list[str] = []
    if isinstance(value, dict):
        for key, member in islice(value.items(), _ITEMS):
            written = _render(key, depth - 1, python=python)
            items.append(f"{written}: {_render(member, depth - 1, python=python)}")
    else:
        items.extend(_render(item, depth - 1, python=python) for item in islice(value, _ITEMS))
    if len(value) > _ITEMS:
        items.append(f"... ({len(value):,} items)")
    return opening + ", ".join(items) + closing


def _cut(text: str) -> str:
    """``text`` cut to about :data:`LONGEST` characters."""
    return text if len(text) <= LONGEST + 24 else text[: LONGEST - 3] + "..."
