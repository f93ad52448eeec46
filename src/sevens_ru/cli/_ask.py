"""Asking the person at the terminal for one of the legal moves, in either game.

:func:`sevens_ru.cli.play.ask_card` (Sevens) and
:class:`sevens_ru.cli.durak_play.HumanPlayer` (Durak) show the position and the
numbered moves their own way, then read the answer here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from ..cards import Language
from .output import Output, escape
from .texts import say

__all__ = ["QUIT", "ask_move"]

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
) -> T | None:
    """Ask until one of ``moves`` comes; ``None`` if the person quits (or the input ends).

    Accepted: the number of a move in the list, an empty line when there is only one
    move, or text that ``read`` turns into one of ``moves``; ``?`` shows the help.
    Text that ``read`` refuses with one of ``unreadable`` is said to be unreadable; a
    move read but not legal is refused with ``refusal(move)``, then ``listing`` (the
    numbered moves) again. The messages are the texts whose keys start with ``texts``
    (``prompt``, ``help``, ``no_number``, ``unreadable``).
    """
    while True:
        try:
            text = out.ask(say(lang, f"{texts}prompt")).strip()
        except EOFError:
            return None
        if text.lower() in QUIT:
            return None
        if text in ("?", "help", "h"):
            out.line(say(lang, f"{texts}help"))
            continue
        if not text and len(moves) == 1:
            return moves[0]
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(moves):
                return moves[number - 1]
            out.line(f"[red]{say(lang, f'{texts}no_number', number=number)}[/]")
            continue
        try:
            move = read(text)
        except unreadable:
            out.line(f"[red]{escape(say(lang, f'{texts}unreadable', text=text))}[/]")
            continue
        if move in moves:
            return move
        out.line(f"[red]{refusal(move)}[/]")
        out.line(listing)
