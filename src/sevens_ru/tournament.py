"""Matches between bots: duplicate deals, parallel processes, results with 95 % intervals.

:func:`play_match` seats a lineup of bots and plays many deals. With ``duplicate=True``
(the default) every deal is played once per seat rotation: the same hands, with the
bots moved one seat on each time, so every bot plays every hand from that hand's seat
and the luck of the cards cancels out. Everything random comes from ``seed``: the deals
and every bot's :class:`random.Random` are derived from it per deal, rotation and
seat, so a match gives the same result for the same seed however many processes
(``jobs``) play it.

>>> from sevens_ru.bots import HeuristicBot, RandomBot
>>> from sevens_ru.tournament import play_match
>>> result = play_match([HeuristicBot(), RandomBot(), RandomBot()], 20, seed=1)
>>> result.deals, result.games  # 20 deals, each played in 3 rotations
(20, 60)
>>> heuristic = result.bots[0]
>>> heuristic.name, heuristic.games, 0 <= heuristic.win_rate.low <= heuristic.win_rate.high <= 1
('heuristic', 60, True)
>>> play_match([HeuristicBot(), RandomBot(), RandomBot()], 20, seed=1, jobs=2) == result
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import attrs

from ._match import (
    Entry,
    Estimate,
    MatchError,
    check_bots,
    check_int,
    check_seats,
    derive,
    play_deals,
)
from .bots import Bot, bot_name
from .cards import Card
from .deal import MAX_PLAYERS, MIN_PLAYERS
from .errors import SevensError
from .observation import PlayerView
from .options import Options
from .play import play_game
from .scoring import ranking

__all__ = ["BotResult", "Estimate", "MatchError", "MatchResult", "play_match"]


@attrs.frozen
class BotResult:
    """How one entry of the lineup did over the match.

    Each rate is an :class:`Estimate`: the mean over every game the entry played, with a
    95 % interval that treats each deal (all its rotations together) as one sample,
    since the games of one deal share their cards and are not independent.
    """

    name: str
    """The bot's name (see :func:`~sevens_ru.bots.bot_name`)."""
    entry: int
    """The bot's position in the lineup given to :func:`play_match`."""
    games: int
    """The games it played (a seat in each)."""
    wins: int
    """The games it won (R14)."""
    win_rate: Estimate
    """The share of its games it won; a fair share is ``1 / players``."""
    mean_place: Estimate
    """Its mean place (1 is best, R18)."""
    mean_cards_left: Estimate
    """The mean number of cards it held at the end (R16)."""
    mean_passes: Estimate
    """The mean number of times it passed in a game (R11)."""
    moves: int
    """The cards it chose (its decisions)."""
    seconds: float = attrs.field(eq=False)
    """Total time spent in its ``choose`` (not part of equality: it varies by machine)."""

    @property
    def ms_per_move(self) -> float:
        """Mean time per decision in milliseconds."""
        return 1000 * self.seconds / self.moves if self.moves else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The result as a JSON-ready dict."""
        return {
            "name": self.name,
            "entry": self.entry,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate.to_dict(),
            "mean_place": self.mean_place.to_dict(),
            "mean_cards_left": self.mean_cards_left.to_dict(),
            "mean_passes": self.mean_passes.to_dict(),
            "moves": self.moves,
            "ms_per_move": self.ms_per_move,
        }


@attrs.frozen
class MatchResult:
    """The outcome of a match: the settings, and the results of each lineup entry.

    Made by :func:`play_match`; :attr:`bots` holds one :class:`BotResult` per entry.
    """

    players: int
    """Seats at the table."""
    deals: int
    """Different deals played (the ``games`` argument of :func:`play_match`)."""
    games: int
    """Games played: ``deals * players`` with duplicate deals, else ``deals``."""
    seed: int
    """The seed every deal and every bot's random choices came from."""
    duplicate: bool
    """Whether every deal was played in every seat rotation."""
    bots: tuple[BotResult, ...]
    """The results, in lineup order."""

    def to_dict(self) -> dict[str, Any]:
        """The result as a JSON-ready dict (see also :meth:`to_json`)."""
        return {
            "players": self.players,
            "deals": self.deals,
            "games": self.games,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "interval": "95% Student t over per-deal means",
            "bots": [bot.to_dict() for bot in self.bots],
        }

    def table(self) -> str:
        """A plain-text table of the results.

        >>> from sevens_ru.bots import RandomBot
        >>> from sevens_ru.tournament import play_match
        >>> lines = play_match([RandomBot(), RandomBot()], 4, seed=3).table().splitlines()
        >>> print(lines[0])
        bot     games  win rate              mean place            cards left            passes                ms/move
        >>> print(lines[1][:58])
        random      8  0.625 [0.227, 1.000]  1.375 [1.000, 1.773]
        """
        header = ("bot", "games", "win rate", "mean place", "cards left", "passes", "ms/move")
        rows = [
            (
                bot.name,
                str(bot.games),
                str(bot.win_rate),
                str(bot.mean_place),
                str(bot.mean_cards_left),
                str(bot.mean_passes),
                f"{bot.ms_per_move:.2f}",
            )
            for bot in self.bots
        ]
        widths = [max(len(row[column]) for row in (header, *rows)) for column in range(7)]
        lines = []
        for row in (header, *rows):
            cells = [
                cell.rjust(width) if column in (1, 6) and row is not header else cell.ljust(width)
                for column, (cell, width) in enumerate(zip(row, widths, strict=True))
            ]
            lines.append("  ".join(cells).rstrip())
        return "\n".join(lines)


@attrs.frozen
class _Seat:
    """One seat's outcome in one game."""

    entry: int
    place: int
    cards_left: int
    passes: int
    won: bool
    moves: int
    seconds: float


class _Seated:
    """A bot of the lineup in one seat of one game: it times its choices and names its failures."""

    def __init__(self, bot: Bot, seat: int) -> None:
        self.bot = bot
        self.seat = seat
        self.moves = 0
        self.seconds = 0.0

    def choose(self, view: PlayerView, rng: random.Random) -> Card:
        started = time.perf_counter()
        try:
            card = self.bot.choose(view, rng)
        except Exception as error:
            raise MatchError(
                f"bot {bot_name(self.bot)!r} in seat {self.seat} failed: "
                f"{type(error).__name__}: {error}"
            ) from error
        self.seconds += time.perf_counter() - started
        self.moves += 1
        return card


def _play_game(
    lineup: Sequence[Bot],
    options: Options,
    seed: int,
    number: int,
    rotation: int,
    entries: Sequence[int],
) -> list[_Seat]:
    """Play deal ``number`` in ``rotation``: seat ``s`` is ``lineup[entries[s]]``."""
    players = len(entries)
    seats = [_Seated(lineup[entry], seat) for seat, entry in enumerate(entries)]
    rngs = [random.Random(_derive(seed, number, rotation, seat)) for seat in range(players)]
    states = play_game(seats, seed=_derive(seed, number), options=options, rngs=rngs)
    state = next(states)  # the deal
    try:
        for after in states:
            state = after
    except MatchError:  # a bot that failed, named by _Seated
        raise
    except SevensError as error:  # a card apply() refused, with the bot named
        seat: int = state.current_player  # type: ignore[assignment]  # not over
        raise MatchError(
            f"bot {bot_name(seats[seat].bot)!r} in seat {seat}: {error.__cause__}"
        ) from error
    return [
        _Seat(
            entries[standing.seat],
            standing.place,
            standing.cards_left,
            standing.passes,
            standing.place == 1,
            seats[standing.seat].moves,
            seats[standing.seat].seconds,
        )
        for standing in ranking(state)
    ]


def _derive(*parts: int) -> int:
    """A 64-bit seed from ``parts``, the same on every platform and Python version."""
    return derive("sevens-ru match v1", *parts)


def play_match(
    bots: Sequence[Bot],
    games: int,
    *,
    seed: int,
    players: int | None = None,
    duplicate: bool = True,
    jobs: int = 1,
    options: Options | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> MatchResult:
    """Play ``games`` deals between ``bots`` and measure each bot.

    ``bots`` is the lineup, one bot per seat (``players`` defaults to ``len(bots)``); with
    more seats than bots, the lineup is repeated to fill them (``[a, b]`` at 4 seats sits
    as ``a b a b``), and each entry's figures are the means over its seats.

    ``games`` counts *deals*. With ``duplicate=True`` each deal is played ``players``
    times, the lineup moved one seat further each time, so ``players * games`` games are
    played and each hand is played by every entry; with ``duplicate=False`` each deal is
    played once (the lineup rotated by the deal number, so no entry keeps a seat).

    The 95 % intervals treat each deal as one sample: the games of one deal share their
    cards and are not independent, so the sample for an entry is its mean over the
    deal's games, and the interval is that mean of means plus or minus Student's t (at
    ``deals - 1`` degrees of freedom) times the standard error, clamped to the possible
    range. With a single deal the interval is that whole range.

    ``jobs`` > 1 plays the deals in that many processes (the bots must pickle); the
    result is the same as with one. ``progress``, if given, is called in this process
    with (deals done, deals in all) as deals finish.

    Raises:
        MatchError: bad settings, or a bot that raised an error or chose an illegal card.
    """
    lineup = check_bots(bots, games, seed, jobs)
    if players is None:
        players = len(lineup)
    check_int("players", players, MIN_PLAYERS)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise MatchError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS} (R4), got {players}")
    check_seats(len(lineup), players)
    if options is None:
        options = Options()
    elif not isinstance(options, Options):
        raise MatchError(f"options must be a sevens_ru.Options, got {type(options).__name__}")
    duplicate = bool(duplicate)
    outcomes = play_deals(
        partial(_play_game, lineup, options, seed),
        players=players,
        bots=len(lineup),
        duplicate=duplicate,
        games=games,
        jobs=jobs,
        progress=progress,
    )
    return MatchResult(
        players=players,
        deals=games,
        games=games * (players if duplicate else 1),
        seed=seed,
        duplicate=duplicate,
        bots=tuple(
            _summarize(bot_name(bot), Entry(outcomes, entry), players)
            for entry, bot in enumerate(lineup)
        ),
    )


def _summarize(name: str, entry: Entry[_Seat], players: int) -> BotResult:
    return BotResult(
        name=name,
        entry=entry.entry,
        games=entry.games,
        wins=entry.count(lambda seat: seat.won),
        win_rate=entry.estimate(lambda seat: float(seat.won), 0.0, 1.0),
        mean_place=entry.estimate(lambda seat: float(seat.place), 1.0, float(players)),
        mean_cards_left=entry.estimate(lambda seat: float(seat.cards_left), 0.0, 36.0),
        mean_passes=entry.estimate(lambda seat: float(seat.passes), 0.0, 36.0),
        moves=entry.moves,
        seconds=entry.seconds,
    )
