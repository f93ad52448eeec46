"""Terminal output through ``rich`` when it is installed, plain text otherwise.

Messages are written in rich's markup (``[bold]...[/]``); without rich, or with
``--plain``, the tags are dropped and tables are drawn with spaces.

>>> import io
>>> from sevens_ru.cli.output import Output
>>> out = Output(io.StringIO(), plain=True)
>>> out.line("[bold]9♦[/] opens")
>>> out.table(["seat", "cards"], [["0", "3"], ["12", "0"]])
>>> print(out.stream.getvalue(), end="")
9♦ opens
seat  cards
0     3
12    0
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol, TextIO

try:
    import rich.box
    import rich.console
    import rich.markup
    import rich.progress
    import rich.table
except ImportError:  # pragma: no cover - the plain fallback is tested by --plain
    rich = None  # type: ignore[assignment]

__all__ = ["HAS_RICH", "Output", "Progress", "escape", "listed", "strip_markup"]

HAS_RICH = rich is not None
"""Whether ``rich`` is installed (``pip install "sevens-ru[cli]"``)."""

if HAS_RICH:

    class _Console(rich.console.Console):
        """rich's console, leaving a closed pipe to the command, which ends quietly with 0."""

        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError


_TAG = re.compile(r"\[/?(?:[a-z]+(?: [a-z]+)*)?\]")


def strip_markup(text: str) -> str:
    """``text`` without rich markup tags.

    >>> strip_markup("[bold green]9♦[/] and [dim]Q♠[/dim] [0.1, 0.2]")
    '9♦ and Q♠ [0.1, 0.2]'
    """
    return _TAG.sub("", text)


def escape(text: str) -> str:
    """``text`` with anything that looks like a markup tag made literal."""
    return text.replace("[", r"\[") if HAS_RICH else text


def listed(head: str, items: Sequence[str], width: int = 80) -> str:
    """``head`` then ``items`` two spaces apart, in lines of at most ``width`` characters.

    An item is never split; the lines after the first start under the first item (two
    spaces in, when ``head`` takes more than half the width). Widths are counted
    without markup.

    >>> print(listed("Your moves: ", ["1) lead 6♣", "2) lead 7♣", "3) lead 8♠ 8♣"], 36))
    Your moves: 1) lead 6♣  2) lead 7♣
                3) lead 8♠ 8♣
    """
    start = len(strip_markup(head))
    indent = start if start <= width // 2 else 2
    lines, line, used = [], head, start
    for number, item in enumerate(items):
        size = len(strip_markup(item))
        if number and used + 2 + size > width:
            lines.append(line.rstrip())
            line, used = " " * indent + item, indent + size
        else:
            line, used = (
                (line + "  " + item, used + 2 + size) if number else (line + item, used + size)
            )
    lines.append(line)
    return "\n".join(lines)


class Progress(Protocol):
    """Something to report progress to."""

    def __call__(self, done: int, total: int) -> None:
        """Report that ``done`` of ``total`` are done."""


class Output:
    """Where the command writes: a stream, with or without rich."""

    def __init__(
        self, stream: TextIO | None = None, *, plain: bool = False, stdin: TextIO | None = None
    ) -> None:
        self.stream: Any = sys.stdout if stream is None else stream
        self.stdin = stdin
        """Where :meth:`ask` reads from; ``None`` for standard input."""
        self.rich = HAS_RICH and not plain
        self._console: Any = (
            _Console(file=self.stream, highlight=False, emoji=False) if self.rich else None
        )

    def line(self, markup: str = "") -> None:
        """Write one line of markup."""
        if self._console is not None:
            self._console.print(markup, soft_wrap=True)
        else:
            print(strip_markup(markup).replace("\\[", "["), file=self.stream, flush=True)

    def rule(self, title: str = "") -> None:
        """A horizontal rule with a title."""
        if self._console is not None:
            self._console.rule(title)
        else:
            self.line(f"--- {title} ---" if title else "---")

    def table(
        self,
        headers: Sequence[str],
        rows: Sequence[Sequence[str]],
        *,
        title: str | None = None,
        right: Sequence[int] = (),
    ) -> None:
        r"""A table; columns numbered in ``right`` are right-aligned.

        A cell may hold several lines (``"0.388\\n0.288–0.497"``): its row takes as many.
        Only the first column wraps, and only when the table would not fit the width.
        """
        if self._console is not None:
            table = rich.table.Table(
                title=title,
                box=rich.box.SIMPLE_HEAD,
                show_edge=False,
                pad_edge=False,
                collapse_padding=True,
            )
            for number, header in enumerate(headers):
                table.add_column(
                    header,
                    justify="right" if number in right else "left",
                    no_wrap=number > 0,
                    overflow="fold",
                )
            for row in rows:
                table.add_row(*row)
            self._console.print(table)
            return
        if title:
            self.line(title)
        plain = [
            [strip_markup(cell).replace("\\[", "[").split("\n") for cell in row] for row in rows
        ]
        cells = [[[header] for header in headers], *plain]
        widths = [
            max(len(line) for each in cells for line in each[column])
            for column in range(len(headers))
        ]
        for place, each in enumerate(cells):
            for line in range(max(len(cell) for cell in each)):
                texts = [cell[line] if line < len(cell) else "" for cell in each]
                aligned = [
                    text.rjust(width) if number in right and place else text.ljust(width)
                    for number, (text, width) in enumerate(zip(texts, widths, strict=True))
                ]
                print("  ".join(aligned).rstrip(), file=self.stream, flush=True)

    @property
    def width(self) -> int:
        """The width of the output in columns: the terminal's with rich, else 80."""
        return int(self._console.width) if self._console is not None else 80

    def ask(self, prompt: str) -> str:
        """Read one line after ``prompt`` from :attr:`stdin`; raises EOFError at its end."""
        if self._console is not None and self.stdin is None:
            return str(self._console.input(prompt))  # input(): line editing on a terminal
        if self._console is not None:
            line = str(self._console.input(prompt, stream=self.stdin))
        else:
            print(strip_markup(prompt), end="", file=self.stream, flush=True)
            line = (sys.stdin if self.stdin is None else self.stdin).readline()
        if not line:
            raise EOFError
        return line.rstrip("\n")

    @contextmanager
    def progress(self, description: str, total: int, *, enabled: bool = True) -> Iterator[Progress]:
        """A progress bar on standard error while the block runs; yields the reporter.

        With rich on a terminal, a live bar; otherwise a line every 5 %.
        """
        if not enabled:
            yield lambda done, total: None
            return
        if self.rich and sys.stderr.isatty():
            columns = (
                *rich.progress.Progress.get_default_columns(),
                rich.progress.MofNCompleteColumn(),
            )
            console = rich.console.Console(stderr=True)
            with rich.progress.Progress(*columns, console=console, transient=True) as bar:
                task = bar.add_task(description, total=total)
                yield lambda done, total: bar.update(task, completed=done)
            return
        step = max(1, total // 20)
        last = [0]

        def report(done: int, total: int) -> None:
            if done - last[0] >= step or done == total:
                last[0] = done
                print(f"{description}: {done}/{total}", file=sys.stderr, flush=True)

        yield report
