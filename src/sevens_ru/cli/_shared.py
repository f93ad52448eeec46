"""What the commands of both games share: showing a match, stepping through a record, saving it.

Each game's command module (:mod:`sevens_ru.cli.commands`, :mod:`sevens_ru.cli.durak`)
brings what is its own (the match to play, its columns, how to draw one step of a
game) and leaves the rest to these functions.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

from ..cards import Language
from .output import Output, Progress, escape
from .texts import say

__all__ = ["browse", "save_record", "show_match", "timed_match"]


class _Match(Protocol):
    """What :func:`show_match` reads of a match result."""

    @property
    def deals(self) -> int: ...

    @property
    def games(self) -> int: ...

    @property
    def seed(self) -> int: ...

    @property
    def duplicate(self) -> bool: ...

    def to_dict(self) -> dict[str, Any]: ...


M = TypeVar("M", bound=_Match)


def timed_match(
    out: Output, play: Callable[[Progress], M], *, games: int, show_progress: bool
) -> tuple[M, float]:
    """Play a match of ``games`` deals with a progress bar; the result and the seconds it took."""
    started = time.perf_counter()
    with out.progress("deals", games, enabled=show_progress) as progress:
        result = play(progress)
    return result, time.perf_counter() - started


def show_match(
    out: Output,
    result: _Match,
    seconds: float,
    *,
    as_json: bool,
    title: str,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    note: str,
) -> None:
    """The result as JSON (with the ``seconds``), or as a table under ``title`` and a ``note``."""
    if as_json:
        record = result.to_dict()
        record["seconds"] = round(seconds, 3)
        out.stream.write(json.dumps(record, indent=2) + "\n")
        return
    kind = "duplicate deals" if result.duplicate else "deals"
    title = f"{title}, {result.deals} {kind}, {result.games} games, seed {result.seed}"
    out.table(headers, rows, title=title, right=(1, 6))
    out.line(f"[dim]95% intervals: Student t over per-deal means; {note}; {seconds:.1f} s[/]")


def browse(
    out: Output, lang: Language, total: int, show: Callable[[int], None], *, step: bool
) -> int:
    """Show the positions 0 to ``total`` of a game, each under a rule, by ``show(number)``.

    With ``step``, wait after each for Enter (next), ``b`` (back) or ``q`` (quit).
    Returns the number of the position shown last: ``total``, unless the person quit.
    """
    number = 0
    while True:
        out.rule(say(lang, "ply", number=number, total=total) if number else say(lang, "start"))
        show(number)
        if number == total:
            return number
        if step:
            try:
                answer = out.ask(say(lang, "step")).strip().lower()
            except EOFError:
                answer = "q"
            if answer == "q":
                return number
            if answer == "b":
                number = max(0, number - 1)
                continue
        number += 1


def save_record(out: Output, record: str, path: Path, lang: Language) -> None:
    """Write the game ``record`` (JSON text) to ``path`` and say so."""
    path.write_text(record + "\n", encoding="utf-8")
    out.line(f"[dim]{escape(say(lang, 'saved', path=path))}[/]")
