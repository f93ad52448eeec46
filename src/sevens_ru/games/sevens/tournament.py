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

from collections.abc import Sequence
from typing import Any, cast

import attrs
from typing_extensions import Unpack

from ...common import _match
from ...common._match import Estimate, MatchError, MatchSettings
from ...common._results import MEAN_PLACE, WIN_RATE, Figure, MatchRules, count, figure
from ...common._results import BotResult as _BotResult
from ...common._results import MatchResult as _MatchResult
from .bots import Bot
from .deal import PACK
from .definition import GAME
from .options import Options

__all__ = ["RULES", "BotResult", "Estimate", "MatchError", "MatchResult", "play_match"]


@attrs.frozen
class BotResult(_BotResult):
    """How one entry of the lineup did over the match.

    Each figure is an :class:`Estimate`: the mean over every game the entry played,
    with a 95 % interval that treats each deal (all its rotations together) as one
    sample, since the games of one deal share their cards and are not independent.
    The win rate's interval is the Wilson score interval; the means' intervals are
    Student's t (see :mod:`sevens_ru.tournament`). They are its :attr:`figures` and
    :attr:`counts` by name.
    """

    wins = count("The games it won (R14).")
    win_rate = figure(
        "The share of its games it won, with a Wilson interval; a fair share is ``1 / players``."
    )
    mean_place = figure("Its mean place (1 is best, R18).")
    mean_cards_left = figure("The mean number of cards it held at the end (R16).")
    mean_passes = figure("The mean number of times it passed in a game (R11).")


@attrs.frozen
class MatchResult(_MatchResult[Options, BotResult]):
    """The outcome of a match: the settings, and the results of each lineup entry.

    Made by :func:`play_match`: the settings, the rule options of every game in
    :attr:`options`, and in :attr:`bots` one :class:`BotResult` per entry.

    >>> from sevens_ru.bots import RandomBot
    >>> from sevens_ru.tournament import play_match
    >>> lines = play_match([RandomBot(), RandomBot()], 4, seed=3).table().splitlines()
    >>> print(lines[0])
    bot     games  win rate              mean place            cards left            passes                ms/move
    >>> print(lines[1][:58])
    random      8  0.625 [0.306, 0.863]  1.375 [1.000, 1.773]
    """


def _cards(players: int) -> tuple[float, float]:
    return 0.0, float(len(PACK))


def _cards_left(state: object, standing: Any) -> int:
    return int(standing.cards_left)


def _passes(state: object, standing: Any) -> int:
    return int(standing.passes)


RULES = MatchRules(
    figures=(
        WIN_RATE,
        MEAN_PLACE,
        Figure("mean_cards_left", "cards left", _cards_left, bounds=_cards),
        Figure("mean_passes", "passes", _passes, bounds=_cards),
    ),
    salt="sevens-ru match v1",  # the seeds of every earlier version's matches
    rule="R4",
    options_name="sevens_ru.Options",
    result=MatchResult,
    bot=BotResult,
)
"""What a match measures of Russian Sevens: wins, place, cards left and passes (the game's ``match``)."""


def _derive(*parts: int) -> int:
    """A seed of this game's matches from ``parts`` (the match seed, the deal...)."""
    return _match.derive("sevens-ru match v1", *parts)


def play_match(bots: Sequence[Bot], games: int, **settings: Unpack[MatchSettings]) -> MatchResult:
    """Play ``games`` deals between ``bots`` and measure each bot.

    The settings are keywords: ``seed`` (required), ``players=None``,
    ``duplicate=True``, ``jobs=1``, ``options=None`` (a :class:`sevens_ru.Options`),
    ``names=None``, ``progress=None``, ``move_timeout=None``, ``backend="processes"`` and
    ``records=False``.
    It is :func:`sevens_ru.tournament.match` (any game's match) for Russian Sevens.

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

    ``records=True`` keeps the record of every game in the result's ``records`` (JSON
    text, deal by deal and rotation by rotation), each tagged with the event (the match
    and its seed), the date, the round (``"deal.rotation"``), each seat's entry by name
    and its bot's settings, and the result (:class:`~sevens_ru.Tags`); read one back
    with :func:`sevens_ru.read_record`. The figures are the same with or without them.

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
    return cast(MatchResult, _match.play_match(GAME, bots, games, **settings))
