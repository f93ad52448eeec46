"""How messages name a value that was refused: its type and a short excerpt, said once.

>>> got(None), got(True), got("x"), got(1.5)
('None', 'True', "str 'x'", 'float 1.5')
>>> got("9" * 1000)
"str '9999999999999999999999999999999999999999999999999… (1002 characters)"
"""

from __future__ import annotations

__all__ = ["got"]

_EXCERPT = 50  # characters of a value's repr that a message quotes at the most


def got(value: object) -> str:
    """What a message says after "got": ``None``, ``True``, or the type and the value.

    ``None`` and the booleans name themselves (never "NoneType None"); any other value
    is its type name and its ``repr``, cut to a short excerpt with its length when long.
    """
    if value is None or isinstance(value, bool):
        return repr(value)
    try:
        text = repr(value)
    except Exception:  # a repr that fails says nothing about the value
        return f"a {type(value).__name__}"
    if len(text) > _EXCERPT:
        text = f"{text[:_EXCERPT]}… ({len(text)} characters)"
    return f"{type(value).__name__} {text}"
