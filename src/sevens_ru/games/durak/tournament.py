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

from collections.abc import Mapping, Sequence
from typing import Any, cast

import attrs
from typing_extensions import Unpack

from ...common import _match
from ...common._match import Estimate, MatchError, MatchSettings
from ...common._results import MEAN_PLACE, Figure, MatchRules, count, figure
from ...common._results import BotResult as _BotResult
from ...common._results import MatchResult as _MatchResult
from .bots import Bot
from .definition import GAME
from .options import Options
from .scoring import payoffs

__all__ = ["RULES", "BotResult", "Estimate", "MatchError", "MatchResult", "play_match"]


@attrs.frozen
class BotResult(_BotResult):
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

    losses = count("The games it ended as the fool (D12).")
    draws = count("The games that ended without a fool (D12, D13).")
    fool_rate = figure(
        "The share of its games it lost, with a Wilson interval; a fair share is "
        "``1 / players`` (less the draws)."
    )
    draw_rate = figure("The share of its games that were drawn, with a Wilson interval.")
    mean_place = figure("Its mean place (1 is best, D14).")
    mean_payoff = figure(
        "Its mean payoff per game at a stake of 1 (D15): ``players - 1`` lost by the fool."
    )


@attrs.frozen
class MatchResult(_MatchResult[Options, BotResult]):
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


def _loser(state: object, standing: Any) -> bool:
    return bool(standing.loser)


def _draw(state: Any, standing: object) -> bool:
    return bool(state.is_draw)


def _payoff(state: Any, standing: Any) -> int:
    payoff: int = payoffs(state)[standing.seat]
    return payoff


def _stakes(players: int) -> tuple[float, float]:
    return 1.0 - players, 1.0


def _dealer(number: int, players: int) -> Mapping[str, Any]:
    """The dealer of deal ``number``: every seat deals as often."""
    return {"dealer": number % players}


RULES = MatchRules(
    figures=(
        Figure("fool_rate", "fool rate", _loser, count="losses"),
        Figure("draw_rate", "draws", _draw, count="draws"),
        MEAN_PLACE,
        Figure("mean_payoff", "payoff", _payoff, bounds=_stakes),
    ),
    setup=_dealer,
    shared_rng=True,  # the bots' generator of play_game, as in every earlier version
    rule="D2",
    options_name="durak.Options",
    result=MatchResult,
    bot=BotResult,
)
"""What a match measures of old Durak: the fool, the draws, the place and the payoff (the game's ``match``)."""


def play_match(bots: Sequence[Bot], games: int, **settings: Unpack[MatchSettings]) -> MatchResult:
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
    (``jobs`` left at 1; the extra ``ray``), as in the main game's ``play_match``, and
    ``records=True`` keeps every game's record, tagged, in the result's ``records``.

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
    return cast(MatchResult, _match.play_match(GAME, bots, games, **settings))
