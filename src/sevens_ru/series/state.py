"""A series as a value: :class:`Series`, made by ``new_series``, ``apply`` and ``from_json``.

A series holds its game and setup, every deal dealt so far (the last is the deal in
play, or the last deal once the series is over), each finished deal's result, the
stacks or totals settled after the finished deals, and what the bank carries. Its
stacks and bank during a deal are read off the deal's passes (M4, M5). Two series are
equal when their game, setup, seed and deals are.

>>> from sevens_ru import series
>>> table = series.new_series("sevens", 3, seed=5)
>>> table.deal_number, table.dealer, table.totals, table.bank
(0, 2, (90, 90, 90), 30)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..common._numbers import as_int
from ..common._quote import got
from ..errors import InvalidSeatError, NotAGameStateError
from ..games._game import Game
from .options import SeriesOptions
from .rules import SeriesRules
from .scoring import fines_paid

__all__ = ["DealResult", "Series", "Standing"]


@attrs.frozen
class DealResult:
    """A finished deal of a series: who dealt, its ranking, and what it did to the totals (M8)."""

    number: int
    """The deal's number in the series, from 0."""
    dealer: int
    """Its dealer (M2)."""
    ranking: tuple[Any, ...]
    """Its ranking: the game's standings, best first (public once a deal is over, F17)."""
    change: tuple[int, ...]
    """What it added to each seat's stack or total: antes, fines and the bank taken
    for the bank; payoffs, penalties, places or scores for the others."""
    totals: tuple[int, ...]
    """The stacks or totals after it."""


@attrs.frozen
class Standing:
    """One seat's result in a finished series (M7).

    >>> from sevens_ru.series import Standing
    >>> print(Standing(seat=2, place=1, total=170))
    1. seat 2: 170
    """

    seat: int
    """The seat."""
    place: int
    """1 for the best total; equal totals share a place (M7), numbered as the game's
    ``place_numbering`` says (competition, 1, 2, 2, 4, by default)."""
    total: int
    """Its final stack or total."""

    def __str__(self) -> str:
        return f"{self.place}. seat {self.seat}: {self.total}"


_FIELDS = (
    "_game",
    "_rules",
    "_players",
    "_first_dealer",
    "_options",
    "_series_options",
    "_seed",
    "_deals",
    "_results",
    "_totals",
    "_carry",
    "_over",
)


_NAMES = tuple((slot, slot.removeprefix("_")) for slot in _FIELDS)
_SET = object.__setattr__  # a Series refuses its own __setattr__: it is built through this


class Series:
    """A series of deals at one table (M1): an immutable, hashable value.

    Made by :func:`~sevens_ru.series.new_series`, :func:`~sevens_ru.series.apply` and
    :func:`~sevens_ru.series.from_json`, never by calling the class. It holds the seed
    of its deals: show players :func:`~sevens_ru.series.view`, never the series.
    """

    __slots__ = _FIELDS

    _game: Game[Any, Any, Any]
    _rules: SeriesRules
    _players: int
    _first_dealer: int
    _options: Any
    _series_options: SeriesOptions
    _seed: int
    _deals: tuple[Any, ...]  # every deal dealt so far; the last is the current one
    _results: tuple[DealResult, ...]  # one per finished deal
    _totals: tuple[int, ...]  # the stacks or totals after the finished deals
    _carry: int  # what the bank held before the current deal's antes
    _over: bool

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise NotAGameStateError(
            "a Series is made by sevens_ru.series.new_series(), apply() or from_json(), "
            "not directly"
        )

    @classmethod
    def _make(cls, **fields: Any) -> Series:
        """A series of these fields (one keyword per slot, named without its underscore)."""
        series = object.__new__(cls)
        for slot, name in _NAMES:
            _SET(series, slot, fields[name])
        return series

    def _with_current(self, state: Any) -> Series:
        """The series with ``state`` as its current deal.

        :meth:`_evolve` written out, for the move of every :func:`~sevens_ru.series.apply`:
        about 6 times faster.
        """
        series = object.__new__(Series)
        _SET(series, "_game", self._game)
        _SET(series, "_rules", self._rules)
        _SET(series, "_players", self._players)
        _SET(series, "_first_dealer", self._first_dealer)
        _SET(series, "_options", self._options)
        _SET(series, "_series_options", self._series_options)
        _SET(series, "_seed", self._seed)
        _SET(series, "_deals", (*self._deals[:-1], state))
        _SET(series, "_results", self._results)
        _SET(series, "_totals", self._totals)
        _SET(series, "_carry", self._carry)
        _SET(series, "_over", self._over)
        return series

    def _evolve(self, **changes: Any) -> Series:
        """The series with some fields changed (keywords as for :meth:`_make`)."""
        series = object.__new__(Series)
        for slot, name in _NAMES:
            _SET(series, slot, changes[name] if name in changes else getattr(self, slot))
        return series

    if not TYPE_CHECKING:

        def __setattr__(self, name, value):
            raise AttributeError("a Series cannot be changed: a move makes a new series")

        def __delattr__(self, name):
            raise AttributeError("a Series cannot be changed")

    # What it is

    @property
    def game(self) -> Game[Any, Any, Any]:
        """The game of its deals."""
        return self._game

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._players

    @property
    def first_dealer(self) -> int:
        """The dealer of the first deal (M2)."""
        return self._first_dealer

    @property
    def options(self) -> Any:
        """The game's options, the same in every deal (``None`` for a game without options)."""
        return self._options

    @property
    def series_options(self) -> SeriesOptions:
        """The series' options, resolved: the scoring kind, the start and M6's default deals filled in."""
        return self._series_options

    @property
    def scoring(self) -> str:
        """The scoring kind (M3): ``"bank"``, ``"chips"``, ``"penalty"``, ``"places"`` or ``"score"``."""
        return self._series_options.scoring  # type: ignore[return-value]  # resolved

    # Where it is

    @property
    def current(self) -> Any:
        """The deal in play (a state of the game), or the last deal once the series is over."""
        return self._deals[-1]

    @property
    def deal_number(self) -> int:
        """The number of the current deal, from 0."""
        return len(self._deals) - 1

    @property
    def dealer(self) -> int:
        """The current deal's dealer (M2)."""
        return int(self._deals[-1].dealer)

    @property
    def played(self) -> tuple[Any, ...]:
        """The finished deals' last states, oldest first (the last deal too once the series is over)."""
        return self._deals if self._over else self._deals[:-1]

    @property
    def results(self) -> tuple[DealResult, ...]:
        """Each finished deal's dealer, ranking and effect on the totals, oldest first (M8)."""
        return self._results

    @property
    def current_player(self) -> int | None:
        """The seat to move in the current deal, or ``None`` once the series is over."""
        if self._over:
            return None
        return self._game.turn(self._deals[-1])

    @property
    def over(self) -> bool:
        """Whether the series is over (M6)."""
        return self._over

    @property
    def totals(self) -> tuple[int, ...]:
        """Every seat's stack or total now (M3): with the bank, after this deal's ante and fines so far."""
        if self._over or self._series_options.scoring != "bank":
            return self._totals
        ante = self._series_options.ante
        stacks = [total - ante for total in self._totals]
        paid = self._fines(stacks)
        return tuple(stack - fine for stack, fine in zip(stacks, paid, strict=True))

    @property
    def bank(self) -> int | None:
        """The chips in the bank now (M4), ``None`` unless the series is scored by the bank."""
        options = self._series_options
        if options.scoring != "bank":
            return None
        if self._over:
            return self._carry
        stacks = [total - options.ante for total in self._totals]
        return self._carry + options.ante * self._players + sum(self._fines(stacks))

    def _fines(self, stacks: list[int]) -> tuple[int, ...]:
        """The fines paid so far in the current deal, from the stacks after its ante."""
        assert self._rules.passes is not None  # the bank needs passes (SeriesRules)
        options = self._series_options
        return fines_paid(
            stacks, self._rules.passes(self._deals[-1]), fine=options.fine, debt=options.debt
        )

    def check_seat(self, seat: object) -> int:
        """``seat`` as an ``int`` if it is a seat of the series.

        Raises:
            InvalidSeatError: ``seat`` is not a whole number from 0 to ``players − 1``.
        """
        number = as_int(seat)
        if number is None:
            raise InvalidSeatError(f"a seat is an int, got {got(seat)}")
        if not 0 <= number < self._players:
            raise InvalidSeatError(
                f"seat {number} does not exist: this series has seats 0 to {self._players - 1}"
            )
        return number

    # A value

    def _key(self) -> tuple[object, ...]:
        return (
            self._game.name,
            self._players,
            self._first_dealer,
            self._options,
            self._series_options,
            self._seed,
            self._deals,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Series):
            return NotImplemented
        return self is other or (self._game is other._game and self._key() == other._key())

    def __hash__(self) -> int:
        return hash(self._key())

    def __copy__(self) -> Series:
        return self

    def __deepcopy__(self, memo: object) -> Series:
        return self

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows (:func:`sevens_ru.svg.series_position`)."""
        from ..svg import series_position  # drawn on demand: the rules never need it

        return series_position(self)

    def __reduce__(self) -> tuple[object, ...]:
        from .record import to_json  # a cycle: the record is made of series

        return (_rebuild, (to_json(self),))

    def __repr__(self) -> str:
        where = "over" if self._over else f"deal {self.deal_number}, dealer {self.dealer}"
        totals = ", ".join(map(str, self.totals))
        bank = "" if self.bank is None else f", bank {self.bank}"
        return (
            f"<Series of {self._game.name}, {self._players} players, {self.scoring}: "
            f"{where}; totals {totals}{bank}>"
        )


def _rebuild(text: str) -> Series:
    """Unpickle a series from its record, every move replayed through the rules."""
    from .record import from_json

    return from_json(text, max_bytes=None)
