"""The results of a match, whatever the game: what a game measures, and the result types.

A game says what a match measures of each entry in its :class:`MatchRules` (the
``match`` of its :class:`~sevens_ru.games.Game`): a tuple of :class:`Figure` values,
rates (a share of games, with a count of them) and means (a value in a range), and how
each deal is set up. A game that says nothing gets ``FIGURES``: its wins, its win
rate, its mean place and its mean return (:attr:`~sevens_ru.games.Game.returns`).

The results are one :class:`MatchResult` holding one :class:`BotResult` per entry, for
every game; a game's own names (``sevens_ru.tournament.BotResult``,
``sevens_ru.durak.tournament.BotResult``) are thin subclasses that read its figures
as attributes (:func:`figure`, :func:`count`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Generic, TypeVar, overload

import attrs

from ._intervals import INTERVALS, Estimate

__all__ = [
    "FIGURES",
    "BotResult",
    "Figure",
    "MatchResult",
    "MatchRules",
    "count",
    "figure",
    "text_table",
]


def _whole(players: int) -> tuple[float, float]:
    return 0.0, 1.0


@attrs.frozen
class Figure:
    """One figure a match measures of every entry, over the seats it played.

    ``of(state, standing)`` is the value of one seat in a finished game (``standing``
    is that seat's entry of the game's ``ranking``). A **rate** (``count`` given) is the
    share of games in which ``of`` is true, with the Wilson interval, and the number of
    those games under the name ``count``; a **mean** is the mean of ``of``, with
    Student's t over the per-deal means, in the range ``bounds(players)`` (``None``:
    the range of the values the match saw).

    >>> Figure("win_rate", "win rate", lambda state, standing: standing.place == 1, count="wins").rate
    True
    """

    name: str
    """Its name in the results (``"win_rate"``, ``"mean_place"``)."""
    heading: str
    """Its heading in the table of results (``"win rate"``)."""
    of: Callable[[Any, Any], float]
    """The value of one seat of a finished game, from the state and the seat's standing."""
    count: str | None = None
    """For a rate, the name of the count of games in which :attr:`of` holds (``"wins"``)."""
    bounds: Callable[[int], tuple[float, float]] | None = _whole
    """For a mean, the range of :attr:`of` at a number of seats; ``None``: the values seen."""

    @property
    def rate(self) -> bool:
        """Whether it is a rate (a share of games), not a mean."""
        return self.count is not None


def _won(state: object, standing: Any) -> bool:
    return bool(standing.place == 1)


def _place(state: object, standing: Any) -> float:
    return float(standing.place)


def places(players: int) -> tuple[float, float]:
    """The range of a place at ``players`` seats: 1 to ``players``."""
    return 1.0, float(players)


WIN_RATE = Figure("win_rate", "win rate", _won, count="wins")
"""The share of its games an entry won (placed first), and the count ``wins``."""
MEAN_PLACE = Figure("mean_place", "mean place", _place, bounds=places)
"""An entry's mean place (1 is best)."""


@attrs.frozen
class MatchRules:
    """What a game brings to a match beyond the rules: what it measures, and how it deals.

    A game's :attr:`~sevens_ru.games.Game.match` gives one (imported when a match is
    played); a game without one gets the default, ``FIGURES`` and the deal of
    ``new_game(players, seed=...)``.
    """

    figures: tuple[Figure, ...] | None = None
    """The figures of each entry, in the order of the results; ``None``: ``FIGURES``
    and the mean of the game's ``returns``."""
    setup: Callable[[int, int], Mapping[str, Any]] = lambda number, players: {}
    """The setup keywords of ``new_game`` for deal ``number`` at ``players`` seats (a
    dealer that moves on with the deals, say), beside the seed and the options."""
    salt: str | None = None
    """The text the seeds of the deals and the bots are derived with; ``None``:
    ``"sevens-ru NAME match v1"``. Another salt gives other deals from the same seed."""
    shared_rng: bool = False
    """Whether the bots of a deal draw from one generator (seeded by a one-way step
    from the deal's seed, as ``play_game`` seeds it), not one each per seat and rotation."""
    rule: str = ""
    """The rule that gives the seat counts, for messages (``"R4"``)."""
    options_name: str | None = None
    """How messages name the options class (``"sevens_ru.Options"``); ``None``: its name."""
    result: type[MatchResult[Any, Any]] | None = None
    """The class of the results (a thin subclass of :class:`MatchResult`); ``None``: that one."""
    bot: type[BotResult] | None = None
    """The class of an entry's results (a subclass of :class:`BotResult`); ``None``: that one."""


FIGURES: tuple[Figure, ...] = (WIN_RATE, MEAN_PLACE)
"""The figures of a game that names none, before its mean return: wins and win rate, mean place.

A match adds ``mean_return``, the mean of the game's ``returns(state)`` in the seat,
in the range of the returns it saw.
"""


@attrs.frozen
class BotResult:
    """How one entry of the lineup did over a match, in any game.

    Its :attr:`figures` are :class:`~sevens_ru.tournament.Estimate` values, means over
    every game the entry played with a 95 % interval that takes each deal (all its
    rotations together) as one sample, since the games of one deal share their cards;
    its :attr:`counts` count games (its wins, say).
    """

    name: str
    """The bot's name (its ``name`` attribute or class name), or the one given in ``names``."""
    entry: int
    """The bot's position in the lineup given to ``play_match``."""
    games: int
    """The games it played (a seat in each)."""
    counts: Mapping[str, int] = attrs.field(hash=False)
    """The games in which each rate's value held, by the rate's ``count`` (``"wins"``)."""
    figures: Mapping[str, Estimate] = attrs.field(hash=False)
    """Each figure by name (``"win_rate"``, ``"mean_place"``), in the game's order."""
    moves: int
    """The moves it chose (its decisions)."""
    seconds: float = attrs.field(eq=False)
    """Total time spent in its ``choose`` (not part of equality: it varies by machine)."""

    @property
    def ms_per_move(self) -> float:
        """Mean time per decision in milliseconds."""
        return 1000 * self.seconds / self.moves if self.moves else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The result as a JSON-ready dict, ``ms_per_move`` for ``seconds``.

        The name, entry and games, then the counts and the figures, then the moves.
        """
        return {
            "name": self.name,
            "entry": self.entry,
            "games": self.games,
            **self.counts,
            **{name: estimate.to_dict() for name, estimate in self.figures.items()},
            "moves": self.moves,
            "ms_per_move": self.ms_per_move,
        }


T = TypeVar("T")


class _Named(Generic[T]):
    """An attribute of a :class:`BotResult` subclass that reads one of its figures or counts."""

    def __init__(self, table: str, doc: str) -> None:
        self.table = table
        self.name = ""
        self.__doc__ = doc

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, result: None, owner: type) -> _Named[T]: ...

    @overload
    def __get__(self, result: BotResult, owner: type) -> T: ...

    def __get__(self, result: BotResult | None, owner: type) -> _Named[T] | T:
        if result is None:
            return self
        value: T = getattr(result, self.table)[self.name]
        return value


def figure(doc: str) -> _Named[Estimate]:
    """An attribute of a game's ``BotResult`` that reads the figure of its own name.

    >>> from sevens_ru.tournament import play_match
    >>> from sevens_ru.bots import RandomBot
    >>> bot = play_match([RandomBot(), RandomBot()], 2, seed=1).bots[0]
    >>> bot.win_rate is bot.figures["win_rate"]
    True
    """
    return _Named("figures", doc)


def count(doc: str) -> _Named[int]:
    """An attribute of a game's ``BotResult`` that reads the count of its own name."""
    return _Named("counts", doc)


Opts = TypeVar("Opts")
B = TypeVar("B", bound=BotResult)


@attrs.frozen
class MatchResult(Generic[Opts, B]):
    """The outcome of a match in any game: the settings, and a result per entry.

    In :attr:`bots`, one :class:`BotResult` per entry of the lineup.
    Made by :func:`sevens_ru.tournament.match` (any game) and by each game's
    ``play_match``, which gives the game's own subclass.
    """

    game: str
    """The game's name (``"sevens"``)."""
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
    options: Opts
    """The rule options of every game."""
    bots: tuple[B, ...]
    """The results, in lineup order."""
    headings: Mapping[str, str] = attrs.field(eq=False, hash=False, repr=False, factory=dict)
    """The table's heading of each figure, by name (not part of equality)."""
    records: tuple[str, ...] = attrs.field(default=(), eq=False, hash=False, repr=False)
    """With ``records=True``, the record of every game (JSON text, as the game's
    ``to_json`` writes it) in the order played: deal by deal, each deal's rotations in
    turn. Each is tagged (:class:`~sevens_ru.Tags`): the event (the game's title, the
    match and its seed), the date the match began, the round (``"deal.rotation"``, as
    errors name a game), each seat's entry by name and its bot's settings, and the
    result. Read one back with the game's ``read_record``. Not part of equality."""

    def to_dict(self) -> dict[str, Any]:
        """The result as a JSON-ready dict (see also :meth:`table`).

        Its ``"game"`` names the game, and its ``"interval"`` says how the 95 % intervals
        are made.
        """
        return {
            "game": self.game,
            "players": self.players,
            "deals": self.deals,
            "games": self.games,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "options": _fields(self.options),
            "interval": INTERVALS,
            "bots": [bot.to_dict() for bot in self.bots],
        }

    def table(self) -> str:
        """A plain-text table of the results: one row per entry, each figure with its interval."""
        names = list(self.bots[0].figures) if self.bots else []
        header = ("bot", "games", *(self.headings.get(name, name) for name in names), "ms/move")
        rows = [
            (
                bot.name,
                str(bot.games),
                *(str(bot.figures[name]) for name in names),
                f"{bot.ms_per_move:.2f}",
            )
            for bot in self.bots
        ]
        return text_table(header, rows, right={1, len(header) - 1})


def _fields(options: object) -> dict[str, Any] | None:
    """The options as a JSON-ready dict, or ``None`` for a game without options."""
    return attrs.asdict(options) if attrs.has(type(options)) else None  # type: ignore[arg-type]  # checked


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
