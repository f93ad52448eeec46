"""Matches between bots: duplicate deals, parallel processes, results with 95 % intervals.

:func:`play_match` seats a lineup of bots and plays many deals. With ``duplicate=True``
(the default) every deal is played once per seat rotation: the same hands, with the
bots moved one seat on each time, so every bot plays every hand from that hand's seat
and the luck of the cards cancels out. Everything random comes from ``seed``: the deals
and every bot's :class:`random.Random` are derived from it per deal, rotation and
seat, so a match gives the same result for the same seed however many processes
(``jobs``) play it, or the machines of a Ray cluster (``backend="ray"``).

Each figure is an :class:`Estimate` with a 95 % interval, each deal (all its rotations
together) one sample, since the games of one deal share their cards. The win rate, a
share of games, gets the Wilson score interval over the effective number of games
(the games played, fewer when the per-deal rates spread more than independent games
would), so that it stays in [0, 1] and never shrinks to a point; the means get
Student's t over the per-deal means, or, when every deal gave the same mean, the
Wilson interval on the value's range rather than a zero-width one. A single deal
gives a mean the whole range.

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
from collections.abc import Callable, Sequence
from functools import partial

import attrs

from ...common import _match
from ...common._match import Backend, Estimate, MatchError
from ...common._results import BotFigures, MatchFigures, figures_last
from .bots import Bot
from .deal import MAX_PLAYERS, MIN_PLAYERS, PACK
from .options import Options
from .play import play_game
from .scoring import ranking

__all__ = ["BotResult", "Estimate", "MatchError", "MatchResult", "play_match"]


@attrs.frozen(field_transformer=figures_last)
class BotResult(BotFigures):
    """How one entry of the lineup did over the match.

    Each figure is an :class:`Estimate`: the mean over every game the entry played,
    with a 95 % interval that treats each deal (all its rotations together) as one
    sample, since the games of one deal share their cards and are not independent.
    The win rate's interval is the Wilson score interval; the means' intervals are
    Student's t (see :mod:`sevens_ru.tournament`).
    """

    wins: int
    """The games it won (R14)."""
    win_rate: Estimate
    """The share of its games it won, with a Wilson interval; a fair share is ``1 / players``."""
    mean_place: Estimate
    """Its mean place (1 is best, R18)."""
    mean_cards_left: Estimate
    """The mean number of cards it held at the end (R16)."""
    mean_passes: Estimate
    """The mean number of times it passed in a game (R11)."""


@attrs.frozen
class MatchResult(MatchFigures):
    """The outcome of a match: the settings, and the results of each lineup entry.

    Made by :func:`play_match`: the settings, and in :attr:`bots` one :class:`BotResult`
    per entry.

    >>> from sevens_ru.bots import RandomBot
    >>> from sevens_ru.tournament import play_match
    >>> lines = play_match([RandomBot(), RandomBot()], 4, seed=3).table().splitlines()
    >>> print(lines[0])
    bot     games  win rate              mean place            cards left            passes                ms/move
    >>> print(lines[1][:58])
    random      8  0.625 [0.306, 0.863]  1.375 [1.000, 1.773]
    """

    _game = "sevens"
    _columns = (
        ("win rate", "win_rate"),
        ("mean place", "mean_place"),
        ("cards left", "mean_cards_left"),
        ("passes", "mean_passes"),
    )

    options: Options
    """The rule options of every game."""
    bots: tuple[BotResult, ...]
    """The results, in lineup order."""


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


def _play_game(
    lineup: Sequence[Bot],
    names: Sequence[str],
    options: Options,
    seed: int,
    number: int,
    rotation: int,
    entries: Sequence[int],
) -> list[_Seat]:
    """Play deal ``number`` in ``rotation``: seat ``s`` is ``lineup[entries[s]]``."""
    rngs = [random.Random(_derive(seed, number, rotation, seat)) for seat in range(len(entries))]
    state, table = _match.play_seated(
        lineup,
        names,
        entries,
        f"deal {number}, rotation {rotation}",
        lambda seats: play_game(seats, seed=_derive(seed, number), options=options, rngs=rngs),
    )
    return [
        _Seat(
            entries[standing.seat],
            standing.place,
            standing.cards_left,
            standing.passes,
            standing.place == 1,
            table.seats[standing.seat].moves,
            table.seats[standing.seat].seconds,
        )
        for standing in ranking(state)
    ]


def _derive(*parts: int) -> int:
    """A 64-bit seed from ``parts``, the same on every platform and Python version."""
    return _match.derive("sevens-ru match v1", *parts)


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
    move_timeout: float | None = None,
    backend: Backend = "processes",
) -> MatchResult:
    """Play ``games`` deals between ``bots`` and measure each bot.

    ``bots`` is the lineup, one bot per seat (``players`` defaults to ``len(bots)``); with
    more seats than bots, the lineup is repeated to fill them (``[a, b]`` at 4 seats sits
    as ``a b a b``, and one bot with ``players=4`` fills all four), and each entry's
    figures are the means over its seats. ``names`` names the entries in the results
    (default: each bot's :func:`~sevens_ru.bots.bot_name`).

    ``games`` counts *deals*. With ``duplicate=True`` each deal is played ``players``
    times, the lineup moved one seat further each time, so ``players * games`` games are
    played and each hand is played by every entry; with ``duplicate=False`` each deal is
    played once (the lineup rotated by the deal number, so no entry keeps a seat).

    The 95 % intervals treat each deal as one sample: the games of one deal share their
    cards and are not independent. The win rate gets the Wilson score interval over the
    effective number of games; the means get Student's t (at ``deals - 1`` degrees of
    freedom) over the per-deal means, clamped to the possible range, or the Wilson
    interval on that range when every deal gave the same mean (see
    :mod:`sevens_ru.tournament`). With a single deal a mean's interval is the whole range.

    ``jobs`` > 1 plays the deals in that many processes (the bots must pickle); the
    result is the same as with one. ``progress``, if given, is called in this process
    with (deals done, deals in all) as deals finish.

    ``move_timeout`` (seconds, a positive number; default None, no limit) ends the match
    with a :class:`~sevens_ru.errors.MatchError` naming the bot, its seat, the deal and
    the limit when a bot's ``choose`` takes longer, with ``jobs=1`` as with more. It is
    SIGALRM, raised inside the bot's code in the process playing the deal, so a bot that
    sleeps or loops in Python is stopped after about ``move_timeout``; it needs a POSIX
    system, and with ``jobs=1`` the main thread (elsewhere it is refused, a
    ``MatchError``, before any deal is played). A bot that catches the alarm and returns
    late fails all the same.

    With ``jobs`` > 1 the first failure (or Ctrl-C) stops every worker process at once,
    and the workers never outlive this process, even a killed one.

    ``backend="ray"`` (the extra ``ray``: ``pip install "sevens-ru[ray]"``) plays the deals
    as Ray tasks on the cluster that ``ray.init`` connects to: the one this process is
    connected to already, else the one ``RAY_ADDRESS`` names or ``ray start`` started on
    this machine, else a new local one. The result is the same as with ``jobs=1``; leave
    ``jobs`` at 1, as the cluster's CPUs play the deals. Each task plays several deals
    (about half a second of play), ``progress`` is called as tasks end, ``move_timeout``
    works as with processes (in the worker playing the deal), a bot's failure is the
    same ``MatchError`` with the bot's exception as its ``__cause__``, and the first
    failure or Ctrl-C cancels every task. The bots must pickle, and every machine of the
    cluster needs the same sevens-ru. See the how-to "A million-game tournament on a
    cluster".

    >>> from sevens_ru.bots import RandomBot
    >>> play_match([RandomBot()], 10, seed=1)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.MatchError: a match needs at least 2 seats, and one bot alone fills one: pass players=2 to 6 (R4) to seat the bot in every seat
    >>> play_match([RandomBot()], 10, seed=1, players=3).bots[0].games
    90

    Raises:
        MatchError: bad settings (``backend`` neither ``"processes"`` nor ``"ray"``
            included), or a bot that raised an error, chose an illegal card or overran
            ``move_timeout`` (the bot's own exception is the ``__cause__``).
        MissingExtraError: ``backend="ray"`` without Ray installed.
    """
    return _match.play_match(
        _SEVENS,
        bots,
        games,
        seed,
        players,
        duplicate,
        jobs,
        options,
        names,
        progress,
        move_timeout,
        backend,
    )


def _summarize(name: str, entry: _match.Entry[_Seat], players: int) -> BotResult:
    return BotResult(
        **entry.figures(name),
        wins=entry.count(lambda seat: seat.won),
        win_rate=entry.rate(lambda seat: seat.won),
        mean_place=entry.mean(lambda seat: float(seat.place), 1.0, float(players)),
        mean_cards_left=entry.mean(lambda seat: float(seat.cards_left), 0.0, float(len(PACK))),
        mean_passes=entry.mean(lambda seat: float(seat.passes), 0.0, float(len(PACK))),
    )


def _deal(
    lineup: tuple[Bot, ...], names: list[str], options: Options, seed: int
) -> _match.Game[_Seat]:
    return partial(_play_game, lineup, names, options, seed)


_SEVENS = _match.MatchGame(
    options=Options,
    options_name="sevens_ru.Options",
    least=MIN_PLAYERS,
    most=MAX_PLAYERS,
    rule="R4",
    deal=_deal,
    summarize=_summarize,
    result=MatchResult,
)
