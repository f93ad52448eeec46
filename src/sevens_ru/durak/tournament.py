"""Matches between Durak bots: duplicate deals, parallel processes, results with 95 % intervals.

:func:`play_match` is :func:`sevens_ru.tournament.play_match` for old Durak, with the
same arguments and the same machinery: with ``duplicate=True`` (the default) every deal
is played once per seat rotation, so every bot plays every hand from that hand's seat
and the luck of the cards cancels out; the deal numbered ``k`` is dealt by seat
``k mod players``, so every seat deals as often. The games are played by
:func:`sevens_ru.durak.play.play_game`. Everything random comes from ``seed``, so a
match gives the same result however many processes (``jobs``) play it. Each deal (all
its rotations together) is one sample of the 95 % intervals.

>>> from sevens_ru.durak.bots import HeuristicBot, RandomBot
>>> from sevens_ru.durak.tournament import play_match
>>> result = play_match([HeuristicBot(), RandomBot(), RandomBot()], 10, seed=1)
>>> result.deals, result.games, [bot.games for bot in result.bots]
(10, 30, [30, 30, 30])
>>> heuristic = result.bots[0]
>>> heuristic.name, heuristic.fool_rate.mean < result.bots[1].fool_rate.mean
('HeuristicBot', True)
>>> play_match([HeuristicBot(), RandomBot(), RandomBot()], 10, seed=1, jobs=2) == result
True
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import attrs

from .._match import (
    Entry,
    Estimate,
    MatchError,
    bot_name,
    check_bots,
    check_seats,
    derive,
    play_deals,
)
from ..errors import SevensError
from .bots import Bot
from .deal import check_players
from .moves import Move
from .observation import PlayerView
from .options import Options
from .play import play_game
from .scoring import payoffs, ranking

__all__ = ["BotResult", "Estimate", "MatchError", "MatchResult", "play_match"]


@attrs.frozen
class BotResult:
    """How one entry of the lineup did over a Durak match.

    Each rate is an :class:`~sevens_ru.tournament.Estimate` over the entry's games, with
    a 95 % interval that takes each deal (all its rotations) as one sample.

    >>> from sevens_ru.durak.bots import RandomBot
    >>> from sevens_ru.durak.tournament import play_match
    >>> bot = play_match([RandomBot(), RandomBot()], 4, seed=2).bots[0]
    >>> bot.games, bot.losses + bot.draws <= bot.games, -1 <= bot.mean_payoff.mean <= 1
    (8, True, True)
    """

    name: str
    """The bot's name."""
    entry: int
    """The bot's position in the lineup."""
    games: int
    """The games it played (a seat in each)."""
    losses: int
    """The games it ended as the fool (D12)."""
    draws: int
    """The games that ended without a fool (D12, D13)."""
    fool_rate: Estimate
    """The share of its games it lost; a fair share is ``1 / players`` (less the draws)."""
    draw_rate: Estimate
    """The share of its games that were drawn."""
    mean_place: Estimate
    """Its mean place (1 is best, D14)."""
    mean_payoff: Estimate
    """Its mean payoff per game at a stake of 1 (D15): ``players - 1`` lost by the fool."""
    moves: int
    """The moves it chose."""
    seconds: float = attrs.field(eq=False)
    """Total time spent in its ``choose`` (not part of equality: it varies by machine)."""

    @property
    def ms_per_move(self) -> float:
        """Mean time per move in milliseconds."""
        return 1000 * self.seconds / self.moves if self.moves else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The result as a JSON-ready dict."""
        return {
            "name": self.name,
            "entry": self.entry,
            "games": self.games,
            "losses": self.losses,
            "draws": self.draws,
            "fool_rate": self.fool_rate.to_dict(),
            "draw_rate": self.draw_rate.to_dict(),
            "mean_place": self.mean_place.to_dict(),
            "mean_payoff": self.mean_payoff.to_dict(),
            "moves": self.moves,
            "ms_per_move": self.ms_per_move,
        }


@attrs.frozen
class MatchResult:
    """The outcome of a Durak match: one :class:`~sevens_ru.durak.tournament.BotResult` per entry.

    Made by :func:`~sevens_ru.durak.tournament.play_match`.

    >>> from sevens_ru.durak.bots import RandomBot
    >>> from sevens_ru.durak.tournament import play_match
    >>> result = play_match([RandomBot()], 3, seed=5, players=2, duplicate=False)
    >>> result.to_dict()["game"], result.games, result.bots[0].games
    ('durak', 3, 6)
    """

    players: int
    """Seats at the table."""
    deals: int
    """Different deals played."""
    games: int
    """Games played: ``deals * players`` with duplicate deals, else ``deals``."""
    seed: int
    """The seed every deal and every bot's choices came from."""
    duplicate: bool
    """Whether every deal was played in every seat rotation."""
    options: Options
    """The rule options of every game."""
    bots: tuple[BotResult, ...]
    """The results, in lineup order."""

    def to_dict(self) -> dict[str, Any]:
        """The result as a JSON-ready dict."""
        return {
            "game": "durak",
            "players": self.players,
            "deals": self.deals,
            "games": self.games,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "options": {
                "short_deck": self.options.short_deck,
                "take_limit": self.options.take_limit,
            },
            "interval": "95% Student t over per-deal means",
            "bots": [bot.to_dict() for bot in self.bots],
        }


@attrs.frozen
class _Seat:
    """One seat's outcome in one game."""

    entry: int
    place: int
    loser: bool
    draw: bool
    payoff: int
    moves: int
    seconds: float


class _Timed:
    """A bot that counts its moves and the time it takes to choose them."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.moves = 0
        self.seconds = 0.0

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        started = time.perf_counter()
        move = self.bot.choose(view, rng)
        self.seconds += time.perf_counter() - started
        self.moves += 1
        return move

    def __repr__(self) -> str:
        return repr(self.bot)


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
    timed = [_Timed(lineup[entry]) for entry in entries]
    try:
        game = play_game(
            timed,
            seed=derive("sevens-ru durak match v1", seed, number),
            dealer=number % players,
            options=options,
        )
        state = deque(game, maxlen=1)[0]  # play to the end, keep the last state
    except SevensError as error:
        raise MatchError(f"deal {number}, rotation {rotation}: {error}") from error
    money = payoffs(state)
    return [
        _Seat(
            entries[standing.seat],
            standing.place,
            standing.loser,
            state.is_draw,
            money[standing.seat],
            timed[standing.seat].moves,
            timed[standing.seat].seconds,
        )
        for standing in ranking(state)
    ]


def play_match(
    bots: Sequence[Bot],
    games: int,
    *,
    seed: int,
    players: int | None = None,
    duplicate: bool = True,
    jobs: int = 1,
    options: Options | None = None,
    names: Sequence[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> MatchResult:
    """Play ``games`` Durak deals between ``bots`` and measure each bot.

    The arguments are those of :func:`sevens_ru.tournament.play_match`: ``bots`` is the
    lineup, repeated to fill ``players`` seats (default: one per bot); ``games`` counts
    deals, each played in every rotation with ``duplicate`` (else once, in the rotation
    of its number); ``jobs`` processes give the same result as one (the bots must
    pickle); ``progress`` is called with (deals done, deals in all). ``names`` names the
    entries in the results (default: the class names); ``options`` holds the Durak rule
    options (:class:`sevens_ru.durak.Options`).

    >>> from sevens_ru import durak
    >>> from sevens_ru.durak.bots import HeuristicBot, RandomBot
    >>> result = play_match([HeuristicBot(), RandomBot()], 8, seed=2,
    ...                     options=durak.Options(short_deck=True), names=["h", "r"])
    >>> [(bot.name, bot.games) for bot in result.bots]
    [('h', 16), ('r', 16)]
    >>> result.to_dict()["options"]
    {'short_deck': True, 'take_limit': 100}

    Raises:
        MatchError: bad settings, or a bot that chose an illegal move.
        InvalidDealError: a player count that Durak does not allow (D2).
        InvalidOptionsError: the short pack with four players (D1).
    """
    lineup = check_bots(bots, games, seed, jobs)
    options = Options() if options is None else options
    if not isinstance(options, Options):
        raise MatchError(f"options must be a durak.Options, got {type(options).__name__}")
    players = check_players(len(lineup) if players is None else players, options.short_deck)
    check_seats(len(lineup), players)
    labels = [bot_name(bot) for bot in lineup] if names is None else list(names)
    if len(labels) != len(lineup):
        raise MatchError(f"{len(labels)} names for {len(lineup)} bots")
    outcomes = play_deals(
        partial(_play_game, lineup, options, seed),
        players=players,
        bots=len(lineup),
        duplicate=bool(duplicate),
        games=games,
        jobs=jobs,
        progress=progress,
    )
    return MatchResult(
        players=players,
        deals=games,
        games=games * (players if duplicate else 1),
        seed=seed,
        duplicate=bool(duplicate),
        options=options,
        bots=tuple(
            _summarize(labels[entry], Entry(outcomes, entry), players)
            for entry in range(len(lineup))
        ),
    )


def _summarize(name: str, entry: Entry[_Seat], players: int) -> BotResult:
    return BotResult(
        name=name,
        entry=entry.entry,
        games=entry.games,
        losses=entry.count(lambda seat: seat.loser),
        draws=entry.count(lambda seat: seat.draw),
        fool_rate=entry.estimate(lambda seat: float(seat.loser), 0.0, 1.0),
        draw_rate=entry.estimate(lambda seat: float(seat.draw), 0.0, 1.0),
        mean_place=entry.estimate(lambda seat: float(seat.place), 1.0, float(players)),
        mean_payoff=entry.estimate(lambda seat: float(seat.payoff), 1.0 - players, 1.0),
        moves=entry.moves,
        seconds=entry.seconds,
    )
