"""Matches between Durak bots: duplicate deals, parallel processes, results with 95 % intervals.

:func:`play_match` is :func:`sevens_ru.tournament.play_match` for old Durak, with the
same arguments and the same machinery: with ``duplicate=True`` (the default) every deal
is played once per seat rotation, so every bot plays every hand from that hand's seat
and the luck of the cards cancels out; the deal numbered ``k`` is dealt by seat
``k mod players``, so every seat deals as often. The games are played by
:func:`sevens_ru.durak.play.play_game`. Everything random comes from ``seed``, so a
match gives the same result however many processes (``jobs``), or Ray tasks
(``backend="ray"``), play it. Each deal (all
its rotations together) is one sample of the 95 % intervals: the Wilson score interval
for the fool and draw rates, Student's t for the mean place and payoff (see
:mod:`sevens_ru.tournament`). A bot that fails, or chooses an illegal move, ends the
match with a :class:`~sevens_ru.errors.MatchError` naming it, its seat and the deal.

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

from collections.abc import Callable, Sequence
from functools import partial

import attrs

from ...common import _match
from ...common._match import Backend, Estimate, MatchError
from ...common._results import BotFigures, MatchFigures, figures_last
from .bots import Bot
from .deal import MAX_PLAYERS, MIN_PLAYERS, check_players
from .options import Options
from .play import play_game
from .scoring import payoffs, ranking

__all__ = ["BotResult", "Estimate", "MatchError", "MatchResult", "play_match"]


@attrs.frozen(field_transformer=figures_last)
class BotResult(BotFigures):
    """How one entry of the lineup did over a Durak match.

    Each figure is an :class:`~sevens_ru.tournament.Estimate` over the entry's games,
    with a 95 % interval that takes each deal (all its rotations) as one sample: the
    Wilson score interval for the fool and draw rates, Student's t for the means.

    >>> from sevens_ru.durak.bots import RandomBot
    >>> from sevens_ru.durak.tournament import play_match
    >>> bot = play_match([RandomBot(), RandomBot()], 4, seed=2).bots[0]
    >>> bot.games, bot.losses + bot.draws <= bot.games, -1 <= bot.mean_payoff.mean <= 1
    (8, True, True)
    """

    losses: int
    """The games it ended as the fool (D12)."""
    draws: int
    """The games that ended without a fool (D12, D13)."""
    fool_rate: Estimate
    """The share of its games it lost, with a Wilson interval; a fair share is ``1 / players`` (less the draws)."""
    draw_rate: Estimate
    """The share of its games that were drawn, with a Wilson interval."""
    mean_place: Estimate
    """Its mean place (1 is best, D14)."""
    mean_payoff: Estimate
    """Its mean payoff per game at a stake of 1 (D15): ``players - 1`` lost by the fool."""


@attrs.frozen
class MatchResult(MatchFigures):
    """The outcome of a Durak match: one :class:`~sevens_ru.durak.tournament.BotResult` per entry.

    Made by :func:`~sevens_ru.durak.tournament.play_match`.

    >>> from sevens_ru.durak.bots import RandomBot
    >>> from sevens_ru.durak.tournament import play_match
    >>> result = play_match([RandomBot()], 3, seed=5, players=2, duplicate=False)
    >>> result.to_dict()["game"], result.games, result.bots[0].games
    ('durak', 3, 6)
    >>> print(result.table().splitlines()[0])
    bot        games  fool rate             draws                 mean place            payoff                 ms/move
    """

    _game = "durak"
    _columns = (
        ("fool rate", "fool_rate"),
        ("draws", "draw_rate"),
        ("mean place", "mean_place"),
        ("payoff", "mean_payoff"),
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
    loser: bool
    draw: bool
    payoff: int
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
    state, table = _match.play_seated(
        lineup,
        names,
        entries,
        f"deal {number}, rotation {rotation}",
        lambda seats: play_game(
            seats,
            seed=_match.derive("sevens-ru durak match v1", seed, number),
            dealer=number % len(entries),
            options=options,
        ),
    )
    money = payoffs(state)
    return [
        _Seat(
            entries[standing.seat],
            standing.place,
            standing.loser,
            state.is_draw,
            money[standing.seat],
            table.seats[standing.seat].moves,
            table.seats[standing.seat].seconds,
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
    move_timeout: float | None = None,
    backend: Backend = "processes",
) -> MatchResult:
    """Play ``games`` Durak deals between ``bots`` and measure each bot.

    The arguments are those of :func:`sevens_ru.tournament.play_match`: ``bots`` is the
    lineup, repeated to fill ``players`` seats (default: one per bot); ``games`` counts
    deals, each played in every rotation with ``duplicate`` (else once, in the rotation
    of its number); ``jobs`` processes give the same result as one (the bots must
    pickle); ``progress`` is called with (deals done, deals in all). ``names`` names the
    entries in the results (default: the class names); ``options`` holds the Durak rule
    options (:class:`sevens_ru.durak.Options`). ``move_timeout`` (seconds; default None, no
    limit) ends the match with a ``MatchError`` naming the bot, its seat, the deal and the
    limit when a bot's ``choose`` takes longer, with any ``jobs`` (SIGALRM in the process
    playing the deal; with ``jobs=1`` it needs the main thread). With ``jobs`` > 1 the
    first failure or Ctrl-C stops every worker at once, and no worker outlives this process.
    ``backend="ray"`` plays the deals as Ray tasks, with the same result as ``jobs=1``
    (``jobs`` left at 1; the extra ``ray``), as in the main game's ``play_match``.

    >>> from sevens_ru import durak
    >>> from sevens_ru.durak.bots import HeuristicBot, RandomBot
    >>> result = play_match([HeuristicBot(), RandomBot()], 8, seed=2,
    ...                     options=durak.Options(short_deck=True), names=["h", "r"])
    >>> [(bot.name, bot.games) for bot in result.bots]
    [('h', 16), ('r', 16)]
    >>> result.to_dict()["options"]
    {'short_deck': True, 'take_limit': 100}
    >>> play_match([RandomBot()], 10, seed=1)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.MatchError: a match needs at least 2 seats, and one bot alone fills one: pass players=2 to 4 (D2) to seat the bot in every seat

    Raises:
        MatchError: bad settings (a player count that Durak does not allow, D1, D2,
            included), or a bot that raised an error, chose an illegal move or overran
            ``move_timeout`` (the message names the bot, its seat and the deal; the bot's
            own exception is the ``__cause__``).
        MissingExtraError: ``backend="ray"`` without Ray installed.
    """
    return _match.play_match(
        _DURAK,
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
        losses=entry.count(lambda seat: seat.loser),
        draws=entry.count(lambda seat: seat.draw),
        fool_rate=entry.rate(lambda seat: seat.loser),
        draw_rate=entry.rate(lambda seat: seat.draw),
        mean_place=entry.mean(lambda seat: float(seat.place), 1.0, float(players)),
        mean_payoff=entry.mean(lambda seat: float(seat.payoff), 1.0 - players, 1.0),
    )


def _deal(
    lineup: tuple[Bot, ...], names: list[str], options: Options, seed: int
) -> _match.Game[_Seat]:
    return partial(_play_game, lineup, names, options, seed)


_DURAK = _match.MatchGame(
    options=Options,
    options_name="durak.Options",
    least=MIN_PLAYERS,
    most=MAX_PLAYERS,
    rule="D2",
    deal=_deal,
    summarize=_summarize,
    result=MatchResult,
    check=lambda players, options: check_players(players, options.short_deck),
)
