"""Matches between Durak bots for ``sevens-ru simulate --game durak``, with 95 % intervals.

Like :func:`sevens_ru.tournament.play_match` for Sevens: with ``duplicate=True`` every
deal is played once per seat rotation, so every bot plays every hand from that hand's
seat and the luck of the cards cancels out; the deal numbered ``k`` is dealt by seat
``k mod players``, so every seat deals as often. The games are played by
:func:`sevens_ru.durak.play.play_game`. Everything random comes from ``seed``, so a
match gives the same result however many processes (``jobs``) play it. Each deal
(all its rotations together) is one sample of the 95 % intervals.

>>> from sevens_ru.cli.durak_match import play_durak_match
>>> from sevens_ru.durak.bots import HeuristicBot, RandomBot
>>> result = play_durak_match([HeuristicBot(), RandomBot(), RandomBot()], 10, seed=1)
>>> result.deals, result.games, [bot.games for bot in result.bots]
(10, 30, [30, 30, 30])
>>> heuristic = result.bots[0]
>>> heuristic.name, heuristic.fool_rate.mean < result.bots[1].fool_rate.mean
('HeuristicBot', True)
"""

from __future__ import annotations

import hashlib
import random
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from statistics import fmean
from typing import Any

import attrs

from .._match import Estimate, MatchError
from .._match import estimate as _estimate  # the same intervals as for Sevens
from ..bots import bot_name
from ..durak.bots import Bot
from ..durak.deal import check_players
from ..durak.moves import Move
from ..durak.observation import PlayerView
from ..durak.options import Options
from ..durak.outcome import payoffs, ranking
from ..durak.play import play_game
from ..errors import SevensError

__all__ = ["DurakBotResult", "DurakMatchResult", "play_durak_match"]


@attrs.frozen
class DurakBotResult:
    """How one entry of the lineup did over a Durak match.

    Each rate is an :class:`~sevens_ru.tournament.Estimate` over the entry's games, with
    a 95 % interval that takes each deal (all its rotations) as one sample.

    >>> from sevens_ru.cli.durak_match import play_durak_match
    >>> from sevens_ru.durak.bots import RandomBot
    >>> bot = play_durak_match([RandomBot(), RandomBot()], 4, seed=2).bots[0]
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
class DurakMatchResult:
    """The outcome of :func:`play_durak_match`: one :class:`DurakBotResult` per entry.

    >>> from sevens_ru.cli.durak_match import play_durak_match
    >>> from sevens_ru.durak.bots import RandomBot
    >>> result = play_durak_match([RandomBot()], 3, seed=5, players=2, duplicate=False)
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
    bots: tuple[DurakBotResult, ...]
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


def _derive(*parts: int) -> int:
    """A 64-bit seed from ``parts``, the same on every platform and Python version."""
    text = "sevens-ru durak match v1|" + "|".join(map(str, parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def _play_deals(
    lineup: Sequence[Bot],
    players: int,
    options: Options,
    seed: int,
    duplicate: bool,
    deals: Sequence[int],
) -> list[list[_Seat]]:
    """Play the deals numbered ``deals``; per deal, the seats of all its games."""
    results = []
    for number in deals:
        rotations = range(players) if duplicate else (number % players,)
        seats: list[_Seat] = []
        for rotation in rotations:
            entries = [(seat + rotation) % players % len(lineup) for seat in range(players)]
            timed = [_Timed(lineup[entry]) for entry in entries]
            try:
                game = play_game(
                    timed, seed=_derive(seed, number), dealer=number % players, options=options
                )
                state = deque(game, maxlen=1)[0]  # play to the end, keep the last state
            except SevensError as error:
                raise MatchError(f"deal {number}, rotation {rotation}: {error}") from error
            money = payoffs(state)
            seats.extend(
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
            )
        results.append(seats)
    return results


def _chunks(count: int, size: int) -> Iterator[range]:
    for start in range(0, count, size):
        yield range(start, min(start + size, count))


def play_durak_match(
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
) -> DurakMatchResult:
    """Play ``games`` Durak deals between ``bots`` and measure each bot.

    The arguments are those of :func:`sevens_ru.tournament.play_match`: ``bots`` is the
    lineup, repeated to fill ``players`` seats (default: one per bot); ``games`` counts
    deals, each played in every rotation with ``duplicate``; ``jobs`` processes give the
    same result as one. ``names`` names the entries in the results (default: the class
    names); ``options`` holds the Durak rule options.

    Raises:
        MatchError: bad settings, or a bot that chose an illegal move.
        InvalidDealError: a player count that Durak does not allow (D2).
        InvalidOptionsError: the short pack with four players (D1).
    """
    lineup = tuple(bots)
    for name, value, least in (("games", games, 1), ("seed", seed, None), ("jobs", jobs, 1)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise MatchError(f"{name} must be an int, got {type(value).__name__} {value!r}")
        if least is not None and value < least:
            raise MatchError(f"{name} must be at least {least}, got {value}")
    if not lineup:
        raise MatchError("a match needs at least one bot")
    for number, bot in enumerate(lineup):
        if not callable(getattr(bot, "choose", None)):
            raise MatchError(f"bots[{number}] has no choose(view, rng) method: {bot!r}")
    options = Options() if options is None else options
    if not isinstance(options, Options):
        raise MatchError(f"options must be a durak.Options, got {type(options).__name__}")
    players = check_players(len(lineup) if players is None else players, options.short_deck)
    if len(lineup) > players:
        raise MatchError(f"{len(lineup)} bots cannot sit at {players} seats")
    labels = [bot_name(bot) for bot in lineup] if names is None else list(names)
    if len(labels) != len(lineup):
        raise MatchError(f"{len(labels)} names for {len(lineup)} bots")

    outcomes: list[list[_Seat]] = [[] for _ in range(games)]
    done = 0
    chunk = max(1, min(16, games // (8 * jobs) or 1))
    arguments = (lineup, players, options, seed, bool(duplicate))
    if jobs == 1:
        for deals in _chunks(games, chunk):
            for number, seats in zip(deals, _play_deals(*arguments, deals), strict=True):
                outcomes[number] = seats
            done += len(deals)
            if progress is not None:
                progress(done, games)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {
                pool.submit(_play_deals, *arguments, deals): deals
                for deals in _chunks(games, chunk)
            }
            for future in as_completed(futures):
                deals = futures[future]
                for number, seats in zip(deals, future.result(), strict=True):
                    outcomes[number] = seats
                done += len(deals)
                if progress is not None:
                    progress(done, games)
    return DurakMatchResult(
        players=players,
        deals=games,
        games=games * (players if duplicate else 1),
        seed=seed,
        duplicate=bool(duplicate),
        options=options,
        bots=tuple(
            _summarize(labels[entry], entry, players, outcomes) for entry in range(len(lineup))
        ),
    )


def _summarize(name: str, entry: int, players: int, outcomes: list[list[_Seat]]) -> DurakBotResult:
    mine = [[seat for seat in seats if seat.entry == entry] for seats in outcomes]

    def estimate(value: Callable[[_Seat], float], low: float, high: float) -> Estimate:
        return _estimate([fmean(value(seat) for seat in seats) for seats in mine], low, high)

    played = [seat for seats in mine for seat in seats]
    return DurakBotResult(
        name=name,
        entry=entry,
        games=len(played),
        losses=sum(seat.loser for seat in played),
        draws=sum(seat.draw for seat in played),
        fool_rate=estimate(lambda seat: float(seat.loser), 0.0, 1.0),
        draw_rate=estimate(lambda seat: float(seat.draw), 0.0, 1.0),
        mean_place=estimate(lambda seat: float(seat.place), 1.0, float(players)),
        mean_payoff=estimate(lambda seat: float(seat.payoff), 1.0 - players, 1.0),
        moves=sum(seat.moves for seat in played),
        seconds=sum(seat.seconds for seat in played),
    )
