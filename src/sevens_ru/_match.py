"""The machinery of a match between bots, whatever the game.

Both :func:`sevens_ru.tournament.play_match` and :func:`sevens_ru.durak.tournament.play_match`
are built on it: the checks of the settings, the seat rotations of duplicate deals, the
seeds derived from the match seed, playing the deals in chunks in one process or many,
and the per-entry means with their 95 % intervals. A game brings only what is its own:
how to play one game with a given seating, and what to measure in each seat.

:class:`Estimate` is documented as a name of
:mod:`sevens_ru.tournament`, which re-exports it; :class:`~sevens_ru.errors.MatchError` lives in :mod:`sevens_ru.errors`.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import partial
from statistics import NormalDist, fmean, stdev
from typing import Generic, Protocol, TypeVar

import attrs

from .errors import MatchError

__all__ = [
    "Entry",
    "Estimate",
    "MatchError",
    "bot_name",
    "check_bots",
    "check_int",
    "check_seats",
    "derive",
    "estimate",
    "play_deals",
    "t_quantile",
]


@attrs.frozen
class Estimate:
    """A mean with its 95 % confidence interval ``[low, high]`` over ``samples`` deals.

    >>> from sevens_ru.tournament import Estimate
    >>> str(Estimate(0.3125, 0.2901, 0.3349, 2000))
    '0.312 [0.290, 0.335]'
    """

    mean: float
    """The mean over all games."""
    low: float
    """The lower end of the 95 % confidence interval."""
    high: float
    """The upper end of the 95 % confidence interval."""
    samples: int
    """The number of independent samples (deals) the interval rests on."""

    def __str__(self) -> str:
        return f"{self.mean:.3f} [{self.low:.3f}, {self.high:.3f}]"

    def to_dict(self) -> dict[str, float | int]:
        """The estimate as a JSON-ready dict."""
        return {"mean": self.mean, "low": self.low, "high": self.high, "samples": self.samples}


# The settings


def bot_name(bot: object) -> str:
    """A short name for ``bot``: its ``name`` attribute if it has one, else its class name.

    >>> from sevens_ru.bots import HeuristicBot, bot_name
    >>> bot_name(HeuristicBot()), bot_name(object())
    ('heuristic', 'object')
    """
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) else type(bot).__name__


def check_int(name: str, value: object, least: int | None) -> None:
    """Refuse ``value`` unless it is an int (not a bool) of at least ``least``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise MatchError(f"{name} must be an int, got {type(value).__name__} {value!r}")
    if least is not None and value < least:
        raise MatchError(f"{name} must be at least {least}, got {value}")


B = TypeVar("B")


def check_bots(bots: Sequence[B], games: object, seed: object, jobs: object) -> tuple[B, ...]:
    """Check the settings every match has; return the lineup ``bots`` as a tuple."""
    lineup = tuple(bots)
    check_int("games", games, 1)
    check_int("seed", seed, None)
    check_int("jobs", jobs, 1)
    if not lineup:
        raise MatchError("a match needs at least one bot")
    for number, bot in enumerate(lineup):
        if not callable(getattr(bot, "choose", None)):
            raise MatchError(f"bots[{number}] has no choose(view, rng) method: {bot!r}")
    return lineup


def check_seats(bots: int, players: int) -> None:
    """Refuse a lineup of more ``bots`` than seats."""
    if bots > players:
        raise MatchError(f"{bots} bots cannot sit at {players} seats")


def derive(salt: str, *parts: int) -> int:
    """A 64-bit seed from ``salt`` and ``parts``, the same on every platform and Python version."""
    text = salt + "|" + "|".join(map(str, parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


# Playing the deals


class Seat(Protocol):
    """One seat's outcome in one game: at least which entry sat there, and its timing."""

    @property
    def entry(self) -> int:
        """The entry of the lineup in the seat."""

    @property
    def moves(self) -> int:
        """The moves it chose."""

    @property
    def seconds(self) -> float:
        """The time it took to choose them."""


S = TypeVar("S", bound=Seat)

Game = Callable[[int, int, list[int]], list[S]]
"""Play the game of deal ``number`` in ``rotation`` with ``entries[seat]`` in each seat."""


def _play_chunk(
    game: Game[S], players: int, bots: int, duplicate: bool, deals: Sequence[int]
) -> list[list[S]]:
    """Play the deals numbered ``deals``; per deal, the seats of all its games."""
    results = []
    for number in deals:
        rotations = range(players) if duplicate else (number % players,)
        seats: list[S] = []
        for rotation in rotations:
            entries = [(seat + rotation) % players % bots for seat in range(players)]
            seats.extend(game(number, rotation, entries))
        results.append(seats)
    return results


def _chunks(count: int, size: int) -> Iterator[range]:
    for start in range(0, count, size):
        yield range(start, min(start + size, count))


def play_deals(
    game: Game[S],
    *,
    players: int,
    bots: int,
    duplicate: bool,
    games: int,
    jobs: int,
    progress: Callable[[int, int], None] | None,
) -> list[list[S]]:
    """Play ``games`` deals of ``game`` between ``bots`` entries at ``players`` seats.

    With ``duplicate`` each deal is played in every seat rotation, else in the rotation
    of its number. ``jobs`` > 1 plays chunks of deals in that many processes (``game``
    must pickle); the outcomes are the same. Returns, per deal, the seats of its games.
    """
    play = partial(_play_chunk, game, players, bots, duplicate)
    outcomes: list[list[S]] = [[] for _ in range(games)]
    done = 0
    chunk = max(1, min(16, games // (8 * jobs) or 1))
    if jobs == 1:
        for deals in _chunks(games, chunk):
            for number, seats in zip(deals, play(deals), strict=True):
                outcomes[number] = seats
            done += len(deals)
            if progress is not None:
                progress(done, games)
        return outcomes
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(play, deals): deals for deals in _chunks(games, chunk)}
        for future in as_completed(futures):
            deals = futures[future]
            for number, seats in zip(deals, future.result(), strict=True):
                outcomes[number] = seats
            done += len(deals)
            if progress is not None:
                progress(done, games)
    return outcomes


# The figures


class Entry(Generic[S]):
    """The seats one entry of the lineup played: per deal, and all together."""

    def __init__(self, outcomes: Sequence[Sequence[S]], entry: int) -> None:
        self.entry = entry
        self.per_deal = [[seat for seat in seats if seat.entry == entry] for seats in outcomes]
        self.played = [seat for seats in self.per_deal for seat in seats]

    @property
    def games(self) -> int:
        """The games it played."""
        return len(self.played)

    @property
    def moves(self) -> int:
        """The moves it chose in all."""
        return sum(seat.moves for seat in self.played)

    @property
    def seconds(self) -> float:
        """The time it took to choose them."""
        return sum(seat.seconds for seat in self.played)

    def count(self, value: Callable[[S], bool]) -> int:
        """The games in which ``value`` holds."""
        return sum(value(seat) for seat in self.played)

    def estimate(self, value: Callable[[S], float], low: float, high: float) -> Estimate:
        """The mean of ``value`` with a 95 % interval, each deal one sample."""
        return estimate(
            [fmean(value(seat) for seat in seats) for seats in self.per_deal], low, high
        )


def estimate(samples: list[float], low: float, high: float) -> Estimate:
    """Mean and 95 % Student-t interval of independent ``samples``, clamped to [low, high]."""
    mean = fmean(samples)
    if len(samples) < 2:
        return Estimate(mean, low, high, len(samples))
    half = t_quantile(0.975, len(samples) - 1) * stdev(samples, mean) / math.sqrt(len(samples))
    return Estimate(mean, max(low, mean - half), min(high, mean + half), len(samples))


def t_quantile(p: float, degrees: int) -> float:
    """The ``p`` quantile (``p`` > 0.5) of Student's t with ``degrees`` degrees of freedom.

    Exact for 1 and 2 degrees, by bisection on the closed-form distribution for 3;
    beyond, the Cornish–Fisher expansion in ``1 / degrees`` (Abramowitz and Stegun
    26.7.5), within 0.001 of the true value from 4 degrees up.
    """
    if degrees == 1:
        return math.tan(math.pi * (p - 0.5))
    if degrees == 2:
        return (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    if degrees == 3:  # F(t) = 1/2 + (θ + sin θ cos θ) / π with θ = atan(t / √3)
        low, high = 0.0, 100.0
        for _ in range(60):
            middle = (low + high) / 2
            angle = math.atan(middle / math.sqrt(3))
            if 0.5 + (angle + math.sin(angle) * math.cos(angle)) / math.pi < p:
                low = middle
            else:
                high = middle
        return (low + high) / 2
    z = NormalDist().inv_cdf(p)
    terms = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
        (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
    )
    return float(z + sum(term / degrees ** (power + 1) for power, term in enumerate(terms)))
