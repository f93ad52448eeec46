"""Asking the person at the terminal for one of the legal moves, in either game.

:class:`sevens_ru.cli.sevens.play.HumanPlayer` and
:class:`sevens_ru.cli.durak.play.HumanPlayer` show the position and the numbered
moves their own way, then read the answer here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TypeVar

from ..common.cards import Language
from ..errors import GameAbandonedError
from .output import Output, escape
from .texts import say

__all__ = ["QUIT", "ask_move", "reason"]

QUIT = frozenset({"q", "quit", "exit", "выход", "quitter", "ende"})
"""What a person types to stop the game (in any of the languages)."""

T = TypeVar("T")


def ask_move(
    out: Output,
    lang: Language,
    moves: Sequence[T],
    *,
    texts: str,
    read: Callable[[str], T],
    unreadable: tuple[type[Exception], ...],
    refusal: Callable[[T], str],
    listing: str,
) -> T:
    """Ask until one of ``moves`` comes, and return it.

    Accepted: the number of a move in the list, an empty line when there is only one
    move, or text that ``read`` turns into one of ``moves``; ``?`` shows the help, and
    an empty line with several moves asks for one of their numbers. A whole number that
    is not one of theirs (``0``, ``-1``, ``12`` of 3) is refused, then ``listing`` (the
    numbered moves) is shown again. Text that ``read`` refuses with one of
    ``unreadable`` is said to be unreadable, with the library's reason; a move read but
    not legal is refused with ``refusal(move)``, then ``listing`` again. The messages
    are the texts whose keys start with ``texts`` (``prompt``, ``help``, ``no_number``,
    ``unreadable``). The end of the input (Ctrl-D) ends the prompt's line first.

    Raises:
        GameAbandonedError: the person quits (``q``), or the input ends.
    """
    while True:
        try:
            text = out.ask(say(lang, f"{texts}prompt")).strip()
        except EOFError:  # Ctrl-D: the cursor is still on the prompt's line
            out.line()
            raise GameAbandonedError from None
        if text.lower() in QUIT:
            raise GameAbandonedError
        if text in ("?", "help", "h"):
            out.line(say(lang, f"{texts}help"))
            continue
        if not text:
            if len(moves) == 1:
                return moves[0]
            out.line(say(lang, "choose", count=len(moves)))
            continue
        if _NUMBER.fullmatch(text):  # -1 and 0 too: a number, not a card
            number = int(text) if len(text) <= _LONGEST else 0
            if 1 <= number <= len(moves):
                return moves[number - 1]
            shown = text if len(text) <= _LONGEST else f"{text[:_LONGEST]}…"
            out.line(f"[red]{escape(say(lang, f'{texts}no_number', number=shown))}[/]")
            out.line(listing)
            continue
        try:
            move = read(text)
        except unreadable as error:
            message = say(lang, f"{texts}unreadable", text=text, reason=reason(error))
            out.line(f"[red]{escape(message)}[/]")
            continue
        if move in moves:
            return move
        out.line(f"[red]{refusal(move)}[/]")
        out.line(listing)


def reason(error: Exception) -> str:
    """What the library's ``error`` says is wrong, without its ``cannot read '...' as a ...:`` head.

    >>> from sevens_ru import Card, CardParseError
    >>> from sevens_ru.cli._ask import reason
    >>> try:
    ...     Card.parse("Q")
    ... except CardParseError as error:
    ...     print(reason(error))
    the suit is missing; expected one of ♣ ♦ ♥ ♠, C D H S, or Cyrillic т б ч п
    """
    message = str(error)
    head = _HEAD.match(message)
    return message[head.end() :] if head else message


_NUMBER = re.compile(r"[+-]?[0-9]+")
"""A whole number as typed: ASCII digits only (``str.isdigit`` takes ``²``, which ``int`` does not)."""

_LONGEST = 9
"""The most characters of a number that are read or repeated back (a longer one is no move's)."""

# "cannot read " then the text as repr() quotes it, then " as a card: " or " as a move: "
_HEAD = re.compile(r"""cannot read (?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*") as an? \w+: """)
