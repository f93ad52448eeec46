"""What the results of a match have in common in both games: the fields, a JSON dict, a table.

A game's ``BotResult`` derives from :class:`BotFigures` (made with
``field_transformer=figures_last``) and adds its figures; its ``MatchResult`` derives from
:class:`MatchFigures`, adds its ``options`` and ``bots``, and names its game and the
columns of its table.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, ClassVar

import attrs

from ._intervals import INTERVALS, Estimate

__all__ = ["BotFigures", "MatchFigures", "figures_last", "text_table"]


def figures_last(cls: type, fields: list[attrs.Attribute[Any]]) -> list[attrs.Attribute[Any]]:
    """The attrs field order of a ``BotResult``: the moves and their time after the game's figures."""
    last = ("moves", "seconds")
    return [f for f in fields if f.name not in last] + [f for f in fields if f.name in last]


@attrs.frozen
class BotFigures:
    """What the results of an entry have in both games; a game's ``BotResult`` adds its figures.

    Its subclasses are made with ``field_transformer=figures_last``, so that
    :attr:`moves` and :attr:`seconds` come after the game's own fields.
    """

    name: str
    """The bot's name (its ``name`` attribute or class name), or the one given in ``names``."""
    entry: int
    """The bot's position in the lineup given to ``play_match``."""
    games: int
    """The games it played (a seat in each)."""
    moves: int
    """The moves it chose (its decisions)."""
    seconds: float = attrs.field(eq=False)
    """Total time spent in its ``choose`` (not part of equality: it varies by machine)."""

    @property
    def ms_per_move(self) -> float:
        """Mean time per decision in milliseconds."""
        return 1000 * self.seconds / self.moves if self.moves else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The result as a JSON-ready dict: the fields in order, ``ms_per_move`` for ``seconds``."""
        record: dict[str, Any] = {}
        for field in attrs.fields(type(self)):
            value = getattr(self, field.name)
            if field.name == "seconds":
                record["ms_per_move"] = self.ms_per_move
            else:
                record[field.name] = value.to_dict() if isinstance(value, Estimate) else value
        return record


@attrs.frozen
class MatchFigures:
    """What the result of a match has in both games; a game's ``MatchResult`` adds the rest.

    That is its ``options`` and its ``bots`` (one ``BotResult`` per entry).
    """

    _game: ClassVar[str]  # the game's record key
    _columns: ClassVar[tuple[tuple[str, str], ...]]  # (heading, BotResult field) of the table

    players: int
    """Seats at the table."""
    deals: int
    """Different deals played (the ``games`` argument of ``play_match``)."""
    games: int
    """Games played: ``deals * players`` with duplicate deals, else ``deals``."""
    seed: int
    """The seed every deal and every bot's random choices came from."""
    duplicate: bool
    """Whether every deal was played in every seat rotation."""
    bots: tuple[BotFigures, ...]
    """The results, in lineup order."""

    def to_dict(self) -> dict[str, Any]:
        """The result as a JSON-ready dict (see also :meth:`table`).

        Its ``"game"`` names the game, and its ``"interval"`` says how the 95 % intervals
        are made.
        """
        record: dict[str, Any] = {"game": self._game}
        for field in attrs.fields(type(self)):
            value = getattr(self, field.name)
            if field.name == "bots":
                record["interval"] = INTERVALS
                record["bots"] = [bot.to_dict() for bot in value]
            elif attrs.has(type(value)):
                record[field.name] = attrs.asdict(value)
            else:
                record[field.name] = value
        return record

    def table(self) -> str:
        """A plain-text table of the results: one row per entry, each figure with its interval."""
        header = ("bot", "games", *(heading for heading, _ in self._columns), "ms/move")
        rows = [
            (
                bot.name,
                str(bot.games),
                *(str(getattr(bot, field)) for _, field in self._columns),
                f"{bot.ms_per_move:.2f}",
            )
            for bot in self.bots
        ]
        return text_table(header, rows, right={1, len(header) - 1})


def text_table(header: Sequence[str], rows: Sequence[Sequence[str]], right: Collection[int]) -> str:
    """``rows`` under ``header`` in aligned columns, those numbered in ``right`` flush right.

    >>> print(text_table(("bot", "games"), [("a", "8"), ("bb", "12")], right={1}))
    bot  games
    a        8
    bb      12
    """
    widths = [max(len(row[column]) for row in (header, *rows)) for column in range(len(header))]
    lines = []
    for row in (header, *rows):
        cells = [
            cell.rjust(width) if column in right and row is not header else cell.ljust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)
