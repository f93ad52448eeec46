"""A match between bots in any game of the registry: :func:`play_match`, written once.

It takes a :class:`~sevens_ru.games.Game` (public as :func:`sevens_ru.tournament.match`;
each game's ``play_match``, :func:`sevens_ru.tournament.play_match` and
:func:`sevens_ru.durak.tournament.play_match`, is it with the game given): the checks of
the settings, the bots seated for one game (timed, and named when they fail), the seat
rotations of duplicate deals, the seeds derived from the match seed, playing the deals
in chunks in one process or many or as Ray tasks (:mod:`sevens_ru.common._ray`), and the
per-entry figures with their 95 % intervals (:mod:`sevens_ru.common._intervals`). The
games are played through the game's functions (``new_game``, ``view``, ``apply``,
``ranking``); what a game measures, and how its deals are set up, is its
:class:`~sevens_ru.common._results.MatchRules`, and the results are one
:class:`~sevens_ru.common._results.MatchResult` type for every game.

:class:`Estimate` is documented as a name of :mod:`sevens_ru.tournament`, which
re-exports it; :class:`~sevens_ru.errors.MatchError` lives in :mod:`sevens_ru.errors`.
"""

from __future__ import annotations

import ctypes
import datetime
import hashlib
import math
import multiprocessing
import os
import random
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from contextvars import ContextVar
from functools import partial
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from statistics import fmean, variance
from typing import Any, Generic, Literal, Protocol, TypeVar, cast

import attrs
from typing_extensions import Required, TypedDict

from ..errors import MatchError, SevensError
from ..games import get as registered_game
from ..games._game import Game as GameValue
from ._bots import bot_steps, rngs_for
from ._intervals import Estimate, mean_estimate, rate_estimate
from ._numbers import plain_int, plain_number
from ._quote import excerpt
from ._ray import play_on_ray
from ._results import FIGURES, BotResult, Figure, MatchResult, MatchRules
from ._tags import BotTag, Tags

__all__ = [
    "BACKENDS",
    "Backend",
    "Entry",
    "Estimate",
    "MatchError",
    "MatchSettings",
    "Table",
    "bot_name",
    "check_backend",
    "check_bots",
    "check_int",
    "check_move_timeout",
    "check_names",
    "check_options",
    "derive",
    "figures_of",
    "match_rules",
    "play_deals",
    "play_match",
    "play_seated",
    "seat_count",
]


# The settings


def bot_name(bot: object) -> str:
    """A short name for ``bot``: its ``name`` attribute if it has one, else its class name.

    >>> from sevens_ru.bots import HeuristicBot, bot_name
    >>> bot_name(HeuristicBot()), bot_name(object())
    ('heuristic', 'object')
    """
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) else type(bot).__name__


def _shown(value: object) -> str:
    """``value`` for a message: its type and a short ``repr``, or the ``repr`` alone for None and bools."""
    text = repr(value)
    text = text if len(text) <= 40 else text[:37] + "..."
    return text if value is None or isinstance(value, bool) else f"{type(value).__name__} {text}"


def check_int(name: str, value: object, least: int | None) -> None:
    """Refuse ``value`` unless it is an int (not a bool) of at least ``least``.

    >>> check_int("games", None, 1)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.MatchError: games must be an int, got None
    """
    # A Python int only, numpy's refused: the callers keep the value as given, and it
    # goes on to the worker processes, the seeds of the deals and the results' JSON.
    number = plain_int(value)
    if number is None:
        raise MatchError(f"{name} must be an int, got {_shown(value)}")
    if least is not None and number < least:
        raise MatchError(f"{name} must be at least {least}, got {value}")


B = TypeVar("B")


def check_bots(bots: Sequence[B], games: object, seed: object, jobs: object) -> tuple[B, ...]:
    """Check the settings every match has; return the lineup ``bots`` as a tuple."""
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise MatchError(f"bots must be a list of bots, got {_shown(bots)}")
    lineup = tuple(bots)
    check_int("games", games, 1)
    check_int("seed", seed, None)
    check_int("jobs", jobs, 1)
    if not lineup:
        raise MatchError("a match needs at least one bot")
    for number, bot in enumerate(lineup):
        if not callable(getattr(bot, "choose", None)):
            raise MatchError(f"bots[{number}] has no choose(view, rng) method: {excerpt(bot)}")
    return lineup


Backend = Literal["processes", "ray"]
"""Where a match plays its deals: in this process or ``jobs`` processes, or as Ray tasks."""
BACKENDS: tuple[Backend, ...] = ("processes", "ray")


def check_backend(backend: object, jobs: int) -> Backend:
    """``backend`` if it is one of :data:`BACKENDS` that goes with ``jobs``.

    With ``"ray"`` the cluster's CPUs play the deals, so ``jobs`` (local processes) must
    stay at its default of 1.

    >>> check_backend("ray", 1)
    'ray'
    >>> check_backend("threads", 1)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.MatchError: backend must be 'processes' or 'ray', got str 'threads'
    >>> check_backend("ray", 4)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.MatchError: jobs counts the processes of backend='processes'; with backend='ray' the cluster's CPUs play the deals, so leave jobs at 1 (got 4)
    """
    if not isinstance(backend, str) or backend not in BACKENDS:
        raise MatchError(f"backend must be 'processes' or 'ray', got {_shown(backend)}")
    if backend == "processes":
        return "processes"
    if jobs != 1:
        raise MatchError(
            "jobs counts the processes of backend='processes'; with backend='ray' the "
            f"cluster's CPUs play the deals, so leave jobs at 1 (got {jobs})"
        )
    return "ray"


def check_move_timeout(value: object) -> float | None:
    """``value`` as a time limit per move in seconds: None (no limit), or a positive number.

    >>> check_move_timeout(2), check_move_timeout(None)
    (2.0, None)
    >>> check_move_timeout(0)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.MatchError: move_timeout must be a positive number of seconds or None, got int 0
    """
    if value is None:
        return None
    number = plain_number(value)
    if number is None or not math.isfinite(number) or number <= 0:
        raise MatchError(
            f"move_timeout must be a positive number of seconds or None, got {_shown(value)}"
        )
    return float(number)


def seat_count(bots: int, players: object, *, least: int, most: int, rule: str) -> int:
    """The seats of a match of ``bots`` entries: ``players``, or one per bot if it is None.

    >>> seat_count(1, None, least=2, most=6, rule="R4")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.MatchError: a match needs at least 2 seats, and one bot alone fills one: pass players=2 to 6 (R4) to seat the bot in every seat
    """
    cited = f" ({rule})" if rule else ""
    if players is None:
        if bots < least:
            raise MatchError(
                f"a match needs at least {least} seats, and one bot alone fills one: pass "
                f"players={least} to {most}{cited} to seat the bot in every seat"
            )
        players = bots
    check_int("players", players, least)
    assert isinstance(players, int)  # checked
    if players > most:
        raise MatchError(f"players must be {least} to {most}{cited}, got {players}")
    if bots > players:
        raise MatchError(f"{bots} bots cannot sit at {players} seats")
    return players


OptionsT = TypeVar("OptionsT")


def check_options(options: object, cls: type[OptionsT], label: str) -> OptionsT:
    """``options``, or the default ``cls()`` for None; anything else is refused."""
    if options is None:
        return cls()
    if not isinstance(options, cls):
        raise MatchError(f"options must be a {label}, got {type(options).__name__}")
    return options


def check_names(names: Sequence[str] | None, lineup: Sequence[object]) -> list[str]:
    """The names of the entries of ``lineup``: ``names``, or each bot's :func:`bot_name`."""
    if names is None:
        return [bot_name(bot) for bot in lineup]
    if isinstance(names, str) or not all(isinstance(name, str) for name in names):
        raise MatchError(f"names must be a list of strings, got {_shown(names)}")
    if len(names) != len(lineup):
        raise MatchError(f"{len(names)} names for {len(lineup)} bots")
    return list(names)


def derive(salt: str, *parts: int) -> int:
    """A 64-bit seed from ``salt`` and ``parts``, the same on every platform and Python version."""
    text = salt + "|" + "|".join(map(str, parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


# The bots at the table

V = TypeVar("V", contravariant=True)
M = TypeVar("M", covariant=True)


class _Bot(Protocol[V, M]):
    def choose(self, view: V, rng: random.Random) -> M: ...


class Table(Generic[V, M]):
    """The bots of one game, seated: each counts its moves and the time it takes.

    A bot's own failure (any exception from its ``choose``) is a
    :class:`~sevens_ru.errors.MatchError` naming the bot, its seat and ``where``
    (the deal), with the bot's exception as ``__cause__``; :meth:`refused` words the
    error for a move of the last bot that the rules refused.

    >>> import random
    >>> class Broken:
    ...     def choose(self, view: object, rng: random.Random) -> object:
    ...         raise RuntimeError("out of ideas")
    >>> table = Table([Broken()], ["broken"], "deal 4, rotation 1")
    >>> table.seats[0].choose(None, random.Random())
    Traceback (most recent call last):
    ...
    sevens_ru.errors.MatchError: deal 4, rotation 1: bot 'broken' in seat 0 failed: RuntimeError: out of ideas
    """

    def __init__(
        self,
        bots: Sequence[_Bot[V, M]],
        names: Sequence[str],
        where: str,
        move_timeout: float | None = None,
    ) -> None:
        self.where = where
        self.move_timeout = move_timeout
        self.seats = [
            _Seated(self, bot, name, seat)
            for seat, (bot, name) in enumerate(zip(bots, names, strict=True))
        ]
        self.moving: _Seated[V, M] | None = None

    def refused(self, error: SevensError) -> MatchError:
        """The error for ``error`` from the rules, naming the bot that chose the last move."""
        cause = error.__cause__ if isinstance(error.__cause__, SevensError) else error
        if self.moving is None:
            return MatchError(f"{self.where}: {cause}")
        return MatchError(f"{self.where}: {self.moving.label}: {cause}")


G = TypeVar("G")  # a state of either game


def play_seated(
    lineup: Sequence[_Bot[V, M]],
    names: Sequence[str],
    entries: Sequence[int],
    where: str,
    play: Callable[[list[_Seated[V, M]]], Iterable[G]],
) -> tuple[G, Table[V, M]]:
    """The last state of ``play(seats)``, one game with seat ``s`` held by ``lineup[entries[s]]``.

    ``play`` is the game's ``play_game`` given the seated bots; a bot's failure and a
    move the rules refused both end as a :class:`~sevens_ru.errors.MatchError`
    naming the bot, its seat and ``where``. The table is returned too, for its counts.
    """
    table: Table[V, M] = Table(
        [lineup[entry] for entry in entries],
        [names[entry] for entry in entries],
        where,
        _MOVE_TIMEOUT.get(),
    )
    try:
        state = deque(play(table.seats), maxlen=1)[0]  # play to the end, keep the last state
    except MatchError:  # a bot that failed, named by the table
        raise
    except SevensError as error:  # a move the rules refused, with the bot named
        raise table.refused(error) from error
    return state, table


class _Seated(Generic[V, M]):
    """One bot of a :class:`Table`."""

    def __init__(self, table: Table[V, M], bot: _Bot[V, M], name: str, seat: int) -> None:
        self.table = table
        self.bot = bot
        self.label = f"bot {name!r} in seat {seat}"
        self.moves = 0
        self.seconds = 0.0

    def choose(self, view: V, rng: random.Random) -> M:
        limit = self.table.move_timeout
        started = time.perf_counter()
        try:
            move = self.bot.choose(view, rng) if limit is None else self._timed(view, rng, limit)
        except _Overran:
            signal.setitimer(signal.ITIMER_REAL, 0)  # in case the alarm came as it was disarmed
            raise self._overran(limit) from None
        except (Exception, SystemExit) as error:  # sys.exit in a bot ends the match, not Python
            raise MatchError(
                f"{self.table.where}: {self.label} failed: {type(error).__name__}: {error}"
            ) from error
        seconds = time.perf_counter() - started
        if limit is not None and seconds > limit:  # a bot that caught the alarm and went on
            raise self._overran(limit)
        self.seconds += seconds
        self.moves += 1
        self.table.moving = self
        return move

    def _timed(self, view: V, rng: random.Random, limit: float) -> M:
        """The bot's move, with SIGALRM armed to raise :class:`_Overran` in it after ``limit`` s."""
        _alarm.armed = True
        signal.setitimer(signal.ITIMER_REAL, limit, _AGAIN)
        try:
            return self.bot.choose(view, rng)
        finally:
            _alarm.armed = False
            signal.setitimer(signal.ITIMER_REAL, 0)

    def _overran(self, limit: float | None) -> MatchError:
        return MatchError(
            f"{self.table.where}: {self.label} took more than the move_timeout of {limit:g} s "
            f"(its move {self.moves + 1})"
        )

    def __repr__(self) -> str:
        return self.label


# The time limit per move

_MOVE_TIMEOUT: ContextVar[float | None] = ContextVar("move_timeout", default=None)
"""The ``move_timeout`` of the deals being played in this process (set by :func:`_move_limit`)."""

_AGAIN = 0.05
"""Seconds between further alarms, while a bot that caught the first one keeps going."""


class _Overran(BaseException):
    """Raised by SIGALRM inside a bot's ``choose`` that overran its time.

    Not an ``Exception``, so that a bot's own ``except Exception`` does not swallow it.
    """


class _Alarm:
    armed = False
    """Whether a bot's move is being timed: an alarm that comes after is ignored."""


_alarm = _Alarm()


def _on_alarm(signum: int, frame: object) -> None:
    if _alarm.armed:
        raise _Overran


@contextmanager
def _move_limit(limit: float | None) -> Iterator[None]:
    """Time each move of the deals played inside at ``limit`` seconds (None: no limit).

    The limit is SIGALRM from ``signal.setitimer``, so it needs a POSIX system and the
    main thread of the process that plays the deals (with ``jobs`` > 1 the workers' own);
    elsewhere it is refused with a :class:`~sevens_ru.errors.MatchError` before any deal.
    """
    if limit is None:
        yield
        return
    if not hasattr(signal, "setitimer") or not hasattr(signal, "SIGALRM"):
        raise MatchError(
            f"move_timeout needs SIGALRM and signal.setitimer, which {sys.platform} lacks"
        )
    if threading.current_thread() is not threading.main_thread():
        raise MatchError(
            "move_timeout with jobs=1 works only in the main thread (it uses SIGALRM); "
            "pass jobs=2 or more to play the deals in processes of their own"
        )
    if signal.getitimer(signal.ITIMER_REAL) != (0.0, 0.0):
        raise MatchError("move_timeout needs the process's ITIMER_REAL, which is already running")
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    token = _MOVE_TIMEOUT.set(limit)
    try:
        yield
    except _Overran:  # an alarm that came outside a bot's move, as it was being disarmed
        raise MatchError(f"a bot took more than the move_timeout of {limit:g} s") from None
    finally:
        _alarm.armed = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        _MOVE_TIMEOUT.reset(token)


# The worker processes


_PR_SET_PDEATHSIG = 1  # the option of prctl(2) on Linux


def _die_with_parent() -> bool:
    """On Linux, have the kernel SIGKILL this process when its parent ends; whether it could."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int, every: float = 0.25) -> None:
    """End this process as soon as ``parent`` is no longer its parent (it ended)."""
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(1)


def _start_worker(parent: int) -> None:
    """Set up a worker process of a match: it never outlives ``parent``, and ignores Ctrl-C.

    Ctrl-C is the parent's to handle (it stops every worker); the worker dies with its
    parent by ``PR_SET_PDEATHSIG`` on Linux, and everywhere by a thread that watches
    ``os.getppid()``; a parent that is gone already ends the worker at once.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent()
    if os.getppid() != parent:
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), name="parent watch", daemon=True).start()


class _Launcher:
    """A multiprocessing context that keeps every process it makes: a pool's workers.

    A :class:`~concurrent.futures.ProcessPoolExecutor` starts its workers with the
    ``Process`` of the context it is given (``mp_context``); this one hands all else to
    the default context, so the pool works as with it, and :func:`_stop` can end
    exactly the pool's own workers (no other child of this process).
    """

    def __init__(self) -> None:
        self._context = multiprocessing.get_context()
        self.processes: list[BaseProcess] = []
        """Every process made, in order, whether started yet or not."""

    def __getattr__(self, name: str) -> Any:
        return getattr(self._context, name)

    def Process(self, *args: Any, **kwargs: Any) -> BaseProcess:  # noqa: N802  # a context's name
        """A process of the default context, kept in :attr:`processes`."""
        process: BaseProcess = self._context.Process(*args, **kwargs)
        self.processes.append(process)
        return process


def _stop(pool: ProcessPoolExecutor, launcher: _Launcher) -> None:
    """End ``pool`` at once: its workers terminated (killed if they linger), its work dropped."""
    processes = [process for process in launcher.processes if process.pid is not None]
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(1.0)
        if process.is_alive():
            process.kill()
            process.join()
    pool.shutdown(wait=True, cancel_futures=True)


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
    game: Game[S],
    players: int,
    bots: int,
    duplicate: bool,
    move_timeout: float | None,
    deals: Sequence[int],
) -> list[list[S]]:
    """Play the deals numbered ``deals``; per deal, the seats of all its games."""
    results = []
    with _move_limit(move_timeout):
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
    players: int,
    bots: int,
    duplicate: bool,
    games: int,
    *,
    jobs: int,
    progress: Callable[[int, int], None] | None,
    move_timeout: float | None = None,
    backend: Backend = "processes",
) -> list[Entry[S]]:
    """Play ``games`` deals of ``game`` between ``bots`` entries at ``players`` seats.

    With ``duplicate`` each deal is played in every seat rotation, else in the rotation
    of its number. ``jobs`` > 1 plays chunks of deals in that many processes (``game``
    must pickle), and ``backend="ray"`` plays them as Ray tasks (:mod:`sevens_ru.common._ray`);
    the outcomes are the same. Each bot's move is limited to ``move_timeout`` seconds
    (see :func:`_move_limit`). Returns the seats of each entry.

    With processes, the first failure (a bot's, a dying worker, Ctrl-C in this process)
    terminates every worker and drops the deals not played, so the error comes at once;
    the workers ignore Ctrl-C themselves and never outlive this process.
    """
    play = partial(_play_chunk, game, players, bots, duplicate, move_timeout)
    if backend == "ray":
        outcomes = play_on_ray(play, games, progress)
    elif jobs == 1:
        outcomes = _play_here(play, games, progress)
    else:
        outcomes = _play_in_processes(play, games, jobs, progress)
    return [Entry(outcomes, entry) for entry in range(bots)]


Chunk = Callable[[Sequence[int]], list[list[S]]]
"""Play the deals of the given numbers; per deal, the seats of all its games."""


def _play_here(
    play: Chunk[S], games: int, progress: Callable[[int, int], None] | None
) -> list[list[S]]:
    """The outcomes of every deal, played in this process, in chunks between progress reports."""
    outcomes: list[list[S]] = []
    for deals in _chunks(games, max(1, min(16, games // 8))):
        outcomes.extend(play(deals))
        if progress is not None:
            progress(len(outcomes), games)
    return outcomes


def _play_in_processes(
    play: Chunk[S], games: int, jobs: int, progress: Callable[[int, int], None] | None
) -> list[list[S]]:
    """The outcomes of every deal, played in ``jobs`` worker processes, in deal order."""
    outcomes: list[list[S]] = [[] for _ in range(games)]
    done = 0
    chunk = max(1, min(16, games // (8 * jobs) or 1))
    launcher = _Launcher()
    pool = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=cast(BaseContext, launcher),  # a context in all but its class
        initializer=_start_worker,
        initargs=(os.getpid(),),
    )
    finished = False
    try:
        futures = {pool.submit(play, deals): deals for deals in _chunks(games, chunk)}
        for future in as_completed(futures):
            deals = futures[future]
            try:
                results = future.result()
            except BrokenProcessPool as error:  # a bot ended its worker (os._exit, a crash)
                raise MatchError(
                    f"deals {deals.start} to {deals.stop - 1}: a worker process died while "
                    "playing them (a bot ended it, or it crashed)"
                ) from error
            for number, seats in zip(deals, results, strict=True):
                outcomes[number] = seats
            done += len(deals)
            if progress is not None:
                progress(done, games)
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:  # the first failure, or Ctrl-C: the deals being played are stopped too
            _stop(pool, launcher)
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

    def count(self, value: Callable[[S], float]) -> int:
        """The games in which ``value`` holds (is true, or not zero)."""
        return sum(bool(value(seat)) for seat in self.played)

    def rate(self, value: Callable[[S], float]) -> Estimate:
        """The share of its games in which ``value`` holds, with its Wilson interval."""
        rates = [fmean(float(value(seat)) for seat in seats) for seats in self.per_deal]
        return rate_estimate(
            self.count(value) / self.games,
            games=self.games,
            deals=len(rates),
            spread=variance(rates) if len(rates) > 1 else None,
        )

    def mean(self, value: Callable[[S], float], low: float, high: float) -> Estimate:
        """The mean of ``value`` (in ``[low, high]``) with a 95 % interval, each deal one sample."""
        return mean_estimate(
            [fmean(value(seat) for seat in seats) for seats in self.per_deal], low, high
        )

    def figures(self, name: str) -> dict[str, Any]:
        """The fields every :class:`BotResult` has beside its figures, for the entry named ``name``."""
        return {
            "name": name,
            "entry": self.entry,
            "games": self.games,
            "moves": sum(seat.moves for seat in self.played),
            "seconds": sum(seat.seconds for seat in self.played),
        }


# Any game's match


@attrs.frozen
class _Seat:
    """One seat's outcome in one game: its entry, the value of each figure, its timing.

    Seat 0 of a game whose record is kept holds it too, with the game's rotation.
    """

    entry: int
    values: tuple[float, ...]
    moves: int
    seconds: float
    record: tuple[int, str] | None = None


@attrs.frozen
class _Records:
    """What the records of a match's games are tagged with: the event, the date, each entry."""

    event: str
    date: datetime.date
    names: tuple[str, ...]
    bots: tuple[BotTag, ...]

    def of(
        self,
        game: GameValue[Any, Any, Any],
        state: Any,
        number: int,
        rotation: int,
        entries: Sequence[int],
    ) -> str:
        """The record of the game of deal ``number`` in ``rotation``, ``entries[seat]`` in each seat."""
        tags = Tags(
            event=self.event,
            date=self.date,
            round=f"{number}.{rotation}",
            players=[self.names[entry] for entry in entries],
            bots=[self.bots[entry] for entry in entries],
            result=Tags.result_of(game.ranking(state)),
        )
        return game.to_json(state, tags=tags)


class _Played:
    """A game of the registry, as the deals of a match use it: its match rules and figures.

    Sent to worker processes by its name, which they look up in their own registry
    (forked from this process's, so a game registered at run time is there too); sent to
    Ray by value (``by_name=False``), for Ray's workers have only the registry of
    their imports.
    """

    def __init__(self, game: GameValue[Any, Any, Any], *, by_name: bool = True) -> None:
        self.game = game
        self.by_name = by_name
        self.rules = match_rules(game)
        self.figures = figures_of(game, self.rules)
        self.salt = self.rules.salt or f"sevens-ru {game.name} match v1"

    def __reduce__(self) -> tuple[Any, ...]:
        if self.by_name:
            return (_registered, (self.game.name,))
        return (_Played, (self.game,), {"by_name": False})

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.by_name = state["by_name"]


def _registered(name: str) -> _Played:
    return _Played(registered_game(name))


def match_rules(game: GameValue[Any, Any, Any]) -> MatchRules:
    """What ``game`` brings to a match (its :attr:`~sevens_ru.games.Game.match`), or the default."""
    return MatchRules() if game.match is None else game.match()


def figures_of(game: GameValue[Any, Any, Any], rules: MatchRules) -> tuple[Figure, ...]:
    """The figures of a match of ``game``: its own, or :data:`FIGURES` and the mean return."""
    if rules.figures is not None:
        return rules.figures

    def returned(state: Any, standing: Any) -> float:
        return float(game.returns(state)[standing.seat])

    return (*FIGURES, Figure("mean_return", "return", returned, bounds=None))


def _play_game(
    played: _Played,
    lineup: Sequence[Any],
    names: Sequence[str],
    options: object,
    seed: int,
    records: _Records | None,
    number: int,
    rotation: int,
    entries: Sequence[int],
) -> list[_Seat]:
    """Play deal ``number`` of ``played`` in ``rotation``: seat ``s`` is ``lineup[entries[s]]``.

    With ``records``, seat 0 holds the game's record, tagged.
    """
    game, rules, salt = played.game, played.rules, played.salt
    players = len(entries)
    dealt = derive(salt, seed, number)
    setup = dict(rules.setup(number, players))
    if "options" in game.setup:
        setup["options"] = options
    rngs = rngs_for(
        None
        if rules.shared_rng
        else [random.Random(derive(salt, seed, number, rotation, seat)) for seat in range(players)],
        dealt,
        players,
    )
    state, table = play_seated(
        lineup,
        names,
        entries,
        f"deal {number}, rotation {rotation}",
        lambda seats: bot_steps(
            game.new_game(players, seed=dealt, **setup),
            seats,
            rngs,
            view=game.view,
            apply=game.apply,
            is_over=game.is_over,
        ),
    )
    record = (
        None if records is None else (rotation, records.of(game, state, number, rotation, entries))
    )
    return [
        _Seat(
            entries[standing.seat],
            tuple(figure.of(state, standing) for figure in played.figures),
            table.seats[standing.seat].moves,
            table.seats[standing.seat].seconds,
            record if standing.seat == 0 else None,
        )
        for standing in game.ranking(state)
    ]


def _check_table(
    game: GameValue[Any, Any, Any], rules: MatchRules, players: int, options: object
) -> None:
    """Refuse a seat count that the game does not allow with ``options`` (a deal is tried)."""
    setup = dict(rules.setup(0, players))
    if "options" in game.setup:
        setup["options"] = options
    try:
        game.new_game(players, seed=0, **setup)
    except SevensError as error:
        raise MatchError(str(error)) from error


def _value(index: int, seat: _Seat) -> float:
    """The value of figure ``index`` in ``seat`` (a bool for a rate, which counts as a number)."""
    return seat.values[index]


def _summarize(
    name: str,
    entry: Entry[_Seat],
    players: int,
    figures: Sequence[Figure],
    seen: Sequence[tuple[float, float]],
    bot: type[BotResult],
) -> BotResult:
    """The results of ``entry``: each figure over its seats, ``seen`` the range of each value."""
    counts: dict[str, int] = {}
    estimates: dict[str, Estimate] = {}
    for index, figure in enumerate(figures):
        value = partial(_value, index)
        if figure.count is not None:
            counts[figure.count] = entry.count(value)
            estimates[figure.name] = entry.rate(value)
        else:
            low, high = seen[index] if figure.bounds is None else figure.bounds(players)
            estimates[figure.name] = entry.mean(value, low, high)
    return bot(**entry.figures(name), counts=counts, figures=estimates)


class MatchSettings(TypedDict, total=False):
    """The keywords of a game's ``play_match``: those of :func:`play_match` after the game."""

    seed: Required[int]
    players: int | None
    duplicate: bool
    jobs: int
    options: Any
    names: Sequence[str] | None
    progress: Callable[[int, int], None] | None
    move_timeout: float | None
    backend: Backend
    records: bool


def play_match(
    game: GameValue[Any, Any, Any] | str,
    bots: Sequence[Any],
    games: int,
    *,
    seed: int,
    players: int | None = None,
    duplicate: bool = True,
    jobs: int = 1,
    options: object = None,
    names: Sequence[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    move_timeout: float | None = None,
    backend: Backend = "processes",
    records: bool = False,
) -> MatchResult[Any, BotResult]:
    """Play ``games`` deals of ``game`` (a :class:`~sevens_ru.games.Game`, or its name) between ``bots``.

    The match of every game of the registry, with the arguments of
    :func:`sevens_ru.tournament.play_match` (see there): duplicate deals, ``jobs``
    processes or ``backend="ray"`` with the same result as one process, ``move_timeout``,
    and ``records=True`` to keep every game's record, tagged, in :attr:`MatchResult.records`.
    What it measures of each entry is the game's (:class:`MatchRules`, the ``match`` of
    the game), or else its wins, win rate, mean place and mean return; the result is a
    :class:`MatchResult`, the game's own subclass of it where it has one.

    >>> from sevens_ru import games
    >>> from sevens_ru.tournament import match
    >>> durak = games.get("durak")
    >>> bots = [durak.bots.make("heuristic"), durak.bots.make("random")]
    >>> result = match(durak, bots, 4, seed=2)
    >>> result.game, result.games, list(result.bots[0].figures)
    ('durak', 8, ['fool_rate', 'draw_rate', 'mean_place', 'mean_payoff'])

    Raises:
        UnknownGameError: no game of that name.
        MatchError: bad settings, or a bot that failed (see :func:`sevens_ru.tournament.play_match`).
        MissingExtraError: ``backend="ray"`` without Ray installed.
    """
    value = registered_game(game) if isinstance(game, str) else game
    lineup = check_bots(bots, games, seed, jobs)
    limit = check_move_timeout(move_timeout)
    where = check_backend(backend, jobs)
    played = _Played(value, by_name=where != "ray")
    rules = played.rules
    label = rules.options_name or value.options_type.__name__
    options = check_options(options, value.options_type, label)
    players = seat_count(
        len(lineup), players, least=value.min_players, most=value.max_players, rule=rules.rule
    )
    _check_table(value, rules, players, options)
    labels = check_names(names, lineup)
    duplicate = bool(duplicate)
    kept = _records_of(value, records, seed, labels, lineup)
    deal = partial(_play_game, played, lineup, labels, options, seed, kept)
    entries = play_deals(
        deal,
        players,
        len(lineup),
        duplicate,
        games,
        jobs=jobs,
        progress=progress,
        move_timeout=limit,
        backend=where,
    )
    figures = played.figures
    values = [seat.values for entry in entries for seat in entry.played]
    seen = [
        (min(float(row[index]) for row in values), max(float(row[index]) for row in values))
        for index in range(len(figures))
    ]
    result = rules.result or MatchResult
    written = [  # seat 0 of each game holds its record: deal by deal, rotation by rotation
        text
        for deal_seats in zip(*(entry.per_deal for entry in entries), strict=True)
        for _, text in sorted(
            seat.record for seats in deal_seats for seat in seats if seat.record is not None
        )
    ]
    return result(
        game=value.name,
        players=players,
        deals=games,
        games=games * (players if duplicate else 1),
        seed=seed,
        duplicate=duplicate,
        options=options,
        bots=tuple(
            _summarize(labels[entry.entry], entry, players, figures, seen, rules.bot or BotResult)
            for entry in entries
        ),
        headings={figure.name: figure.heading for figure in figures},
        records=tuple(written),
    )


def _records_of(
    game: GameValue[Any, Any, Any],
    wanted: object,
    seed: int,
    names: Sequence[str],
    lineup: Sequence[object],
) -> _Records | None:
    """What the records of a match are tagged with, if ``wanted`` (the ``records`` setting)."""
    if not isinstance(wanted, bool):
        raise MatchError(f"records must be True or False, got {_shown(wanted)}")
    if not wanted:
        return None
    try:
        Tags(players=names)
    except SevensError as error:
        raise MatchError(f"records=True writes the names in every record: {error}") from error
    return _Records(
        f"{game.title()} match, seed {seed}",
        datetime.date.today(),
        tuple(names),
        tuple(BotTag.of(bot) for bot in lineup),
    )
