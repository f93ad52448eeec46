"""The rules of a series (M1–M7): deal, move, settle each deal, deal the next, end, rank.

A series plays deals of one game at one table. Deal ``k`` is shuffled from the
``k``-th ``getrandbits(64)`` of ``random.Random(seed)`` (M1) and dealt by the next seat
after the last deal's dealer (M2; Durak: the fool, D16). When a move ends a deal, the
same :func:`apply` settles it (M3–M5), decides whether the series is over (M6) and, if
not, deals the next deal, so a series is never between two deals.

>>> from sevens_ru import series
>>> table = series.new_series("durak", 3, seed=2)
>>> while not series.is_over(table):
...     table = series.apply(table, series.legal_moves(table)[0])
>>> table.deal_number + 1, table.scoring, sum(table.totals)  # 3 deals (M6), stakes (D15)
(3, 'chips', 0)
>>> [standing.seat for standing in series.ranking(table)]
[0, 2, 1]
"""

from __future__ import annotations

import random
from typing import Any

from .. import games
from ..common._hands import check_dealer
from ..common._numbers import as_int
from ..common._quote import excerpt, got
from ..common.shuffle import fresh_seed
from ..errors import (
    GameNotOverError,
    IllegalMoveError,
    InvalidDealError,
    InvalidOptionsError,
    NotAGameStateError,
    WrongTypeError,
)
from ..games._game import Game as GameValue
from .options import SeriesOptions
from .rules import SeriesRules
from .scoring import LOWER_IS_BETTER, ended, settle
from .state import DealResult, Series, Standing

__all__ = [
    "apply",
    "deal_seed",
    "is_over",
    "legal_moves",
    "new_series",
    "ranking",
    "resolve",
    "rules_of",
]

_BANK_START = 100  # M4: the "Девятка" app's stack


def new_series(
    game: GameValue[Any, Any, Any] | str,
    players: int,
    *,
    first_dealer: int | None = None,
    seed: int | None = None,
    options: Any = None,
    series_options: SeriesOptions | None = None,
) -> Series:
    """A new series of ``game`` (a registered name or a :class:`~sevens_ru.games.Game`) for ``players`` seats, its first deal dealt (M1).

    ``first_dealer`` deals the first deal (default: the game's own, ``players − 1``, so
    that deal 0 is the stand-alone game of the same seed; Durak's is seat 0, as its
    ``new_game``'s). ``seed`` makes every deal reproducible (default: fresh entropy);
    ``options`` are the game's options for every deal; ``series_options`` how the
    series is scored and ends (:class:`~sevens_ru.series.SeriesOptions`, default: the game's own).

    >>> from sevens_ru import series
    >>> table = series.new_series("fan-tan", 4, seed=1)
    >>> table.scoring, table.series_options.deals, table.totals
    ('chips', 4, (0, 0, 0, 0))
    >>> series.new_series("fan-tan", 4, series_options=series.SeriesOptions(scoring="bank"))
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidOptionsError: Fan Tan offers the scoring kinds 'chips', 'penalty', 'places' (M3), got 'bank'

    Raises:
        UnknownGameError: ``game`` is a name no game has.
        InvalidOptionsError: ``game`` has no series rules, ``options`` are not the
            game's, ``series_options`` is not a :class:`~sevens_ru.series.SeriesOptions` or names what
            the game does not offer (a scoring kind, a stake), or a bank whose
            ``start`` cannot pay the first ante.
        InvalidDealError: a bad player count, first dealer or seed.
    """
    game = _game_of(game)
    rules = rules_of(game)
    count = game.seats(players)
    if first_dealer is None:
        first_dealer = rules.first_dealer(count)
    dealer = check_dealer(count, first_dealer, rule="M2", name="first_dealer")
    if seed is None:
        seed = fresh_seed()
    elif as_int(seed) is None:
        raise InvalidDealError(f"the seed must be an int, got {got(seed)}")
    seed = int(seed)
    resolved = resolve(game, rules, count, series_options)
    setup = {"options": options} if "options" in game.setup else {}
    if options is not None and not setup:
        raise InvalidOptionsError(f"{game.title()} takes no options, got {got(options)}")
    first = game.new_game(count, seed=deal_seed(seed, 0), dealer=dealer, **setup)
    series = Series._make(
        game=game,
        rules=rules,
        players=count,
        first_dealer=dealer,
        options=getattr(first, "options", None),
        series_options=resolved,
        seed=seed,
        deals=(first,),
        results=(),
        totals=(resolved.start,) * count,
        carry=0,
        over=False,
    )
    return _settle_finished(series)


def _game_of(game: object) -> GameValue[Any, Any, Any]:
    """The game ``game`` names or is."""
    if isinstance(game, GameValue):
        return game
    if isinstance(game, str):
        return games.get(game)
    raise WrongTypeError(f"a series is of a game: its name or its Game, got {got(game)}")


def rules_of(game: GameValue[Any, Any, Any]) -> SeriesRules:
    """``game``'s series rules (:attr:`~sevens_ru.games.Game.series`).

    Raises:
        InvalidOptionsError: the game cannot be played in series.
    """
    if game.series is None or "dealer" not in game.setup:
        raise InvalidOptionsError(
            f"{game.title()} cannot be played in series: it has no series rules (Game.series)"
        )
    return game.series()


def resolve(
    game: GameValue[Any, Any, Any],
    rules: SeriesRules,
    players: int,
    options: SeriesOptions | None,
) -> SeriesOptions:
    """``options`` with the game's defaults filled in (M3, M6), checked against what the game offers.

    Raises:
        InvalidOptionsError: see :func:`new_series`.
    """
    if options is None:
        options = SeriesOptions()
    elif not isinstance(options, SeriesOptions):
        raise InvalidOptionsError(
            f"series_options must be a sevens_ru.series.SeriesOptions, got {got(options)}"
        )
    scoring = rules.scoring if options.scoring is None else options.scoring
    if scoring not in rules.kinds:
        kinds = ", ".join(map(repr, rules.kinds))
        raise InvalidOptionsError(
            f"{game.title()} offers the scoring kinds {kinds} (M3), got {scoring!r}"
        )
    start = options.start
    if start is None:
        start = _BANK_START if scoring == "bank" else 0
    if scoring == "bank" and start < options.ante:
        raise InvalidOptionsError(
            f"a bank series starts with stacks of at least the ante (M6, M10), "
            f"got start={start} and ante={options.ante}"
        )
    if options.stake is not None and not (scoring == "chips" and rules.stakes):
        raise InvalidOptionsError(
            f"SeriesOptions.stake is for the chips of a game played for stakes (Durak, D15); "
            f"{game.title()} scored by {scoring} has none"
        )
    deals = options.deals
    if deals is None and options.target is None and scoring != "bank":
        deals = players  # M6: every seat deals once
    return SeriesOptions(
        scoring=scoring,
        start=start,
        ante=options.ante,
        fine=options.fine,
        debt=options.debt,
        deals=deals,
        target=options.target,
        stake=options.stake,
    )


def deal_seed(seed: int, number: int) -> int:
    """The seed of deal ``number`` (from 0) of a series of ``seed``: its ``number``-th ``getrandbits(64)`` (M1).

    >>> import random
    >>> rng = random.Random(7)
    >>> [deal_seed(7, 0), deal_seed(7, 1)] == [rng.getrandbits(64), rng.getrandbits(64)]
    True
    """
    rng = random.Random(seed)
    for _ in range(number):
        rng.getrandbits(64)
    return rng.getrandbits(64)


def legal_moves(series: Series) -> tuple[Any, ...]:
    """The moves of the seat to move in the current deal; empty once the series is over.

    Raises:
        NotAGameStateError: ``series`` is not a :class:`~sevens_ru.series.Series`.
    """
    _check(series, "legal_moves")
    if series._over:
        return ()
    return series._game.legal_moves(series._deals[-1])


def apply(series: Series, move: Any) -> Series:
    """The series after ``move`` (a move of the game, its text or its action number) in the current deal.

    A move that ends the deal settles it (M3–M5) and, unless the series is then over
    (M6), deals the next deal (M1, M2) in the same call.

    Raises:
        IllegalMoveError: the move is not legal in the current deal, or the series is over.
        NotAGameStateError: ``series`` is not a :class:`~sevens_ru.series.Series`.

    What is not a move of the game at all is refused by the game's ``apply``, with its
    own error (a :class:`~sevens_ru.errors.CardParseError` for text that is not a card).
    """
    _check(series, "apply")
    if series._over:
        deals = len(series._deals)
        raise IllegalMoveError(
            f"cannot play {excerpt(move)}: the series is over after "
            f"{deals} deal{'' if deals == 1 else 's'} (M6)"
        )
    state = series._game.apply(series._deals[-1], move)
    series = series._with_current(state)
    if series._game.is_over(state):  # the deal is over: settle it, deal the next (M1)
        return _settle_finished(series)
    return series


def _settle_finished(series: Series) -> Series:
    """``series``, its current deal settled if it is over, and the next dealt, until one is in play or the series ends."""
    game, rules, options = series._game, series._rules, series._series_options
    while game.is_over(series._deals[-1]):
        state = series._deals[-1]
        standings = game.ranking(state)
        settled = settle(rules, options, state, standings, series._totals, series._carry)
        number = len(series._deals) - 1
        result = DealResult(number, int(state.dealer), standings, settled.change, settled.totals)
        over = ended(options, settled.totals, number + 1)
        series = series._evolve(
            results=(*series._results, result),
            totals=settled.totals,
            carry=settled.carry,
            over=over,
        )
        if over:
            break
        setup = {"options": series._options} if "options" in game.setup else {}
        following = game.new_game(
            series._players,
            seed=deal_seed(series._seed, number + 1),
            dealer=rules.next_dealer(state),
            **setup,
        )
        series = series._evolve(deals=(*series._deals, following))
    return series


def is_over(series: Series) -> bool:
    """Whether the series is over (M6).

    Raises:
        NotAGameStateError: ``series`` is not a :class:`~sevens_ru.series.Series`.
    """
    return _check(series, "is_over")._over


def ranking(series: Series) -> tuple[Standing, ...]:
    """The final standings by stack or total, best first (M7); equal totals share a place.

    Higher is better for the bank, chips and score, lower for penalty and places. Places
    are numbered as the game's ``place_numbering`` option says (competition by default:
    1, 2, 2, 4); seats sharing a place are listed in seat order.

    Raises:
        GameNotOverError: the series is not over.
        NotAGameStateError: ``series`` is not a :class:`~sevens_ru.series.Series`.
    """
    _check(series, "ranking")
    if not series._over:
        raise GameNotOverError(
            f"the ranking of a series exists only once it is over (M6, M7); "
            f"deal {series.deal_number} is in play"
        )
    lower = series.scoring in LOWER_IS_BETTER
    totals = series._totals
    order = sorted(
        range(series._players), key=lambda seat: (totals[seat] * (1 if lower else -1), seat)
    )
    dense = getattr(series._options, "place_numbering", "competition") == "dense"
    standings: list[Standing] = []
    for position, seat in enumerate(order):
        if standings and totals[standings[-1].seat] == totals[seat]:
            place = standings[-1].place
        else:
            place = standings[-1].place + 1 if dense and standings else position + 1
        standings.append(Standing(seat, place, totals[seat]))
    return tuple(standings)


def _check(series: object, function: str) -> Series:
    if not isinstance(series, Series):
        raise NotAGameStateError(
            f"sevens_ru.series.{function}() takes a Series (from new_series), got {got(series)}"
        )
    return series
