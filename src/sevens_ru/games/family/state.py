"""The state of a family game: an immutable value, made by ``new_game`` and ``apply``.

A state holds its setup (the preset's rules, the seats, the dealer, the options and
the deal) and its history, and beside them what the history comes to: the hands, the
table, the seat to move and its legal cards, the passes, the seats out and burst.
Card sets are ints in the order of the game's pack (bit ``i`` is ``game.pack.cards[i]``,
the card of action ``i``). Two states are equal when their setups and histories are.

Each preset has its own class (:class:`Sevens52State` ...), so that a state of one
preset is never taken for another's; the Russian configuration has
:class:`RussianState`. None can be made by calling the class.

>>> from sevens_ru import games
>>> fan_tan = games.get("fan-tan")
>>> state = fan_tan.new_game(3, dealer=2, seed=1)
>>> type(state).__name__, state.dealer, state.hand_sizes, state.pool
('FanTanState', 2, (18, 17, 17), 5)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, NoReturn

from ...common._linked import SlotView
from ...common._numbers import as_int
from ...common._quote import got
from ...common.cards import Card, Rank, Suit
from ...errors import InvalidCardError, InvalidSeatError, NotAGameStateError
from .events import Event
from .presets import Rules
from .rows import row_span

__all__ = [
    "CinquilloState",
    "DominoState",
    "FamilyState",
    "FanTanState",
    "RussianState",
    "Setup",
    "Sevens52State",
    "ShichinarabeState",
]


class Setup:
    """What stays the same during a game: the rules, the seats, the dealer, the options, the deal."""

    __slots__ = ("_key", "deal", "dealer", "options", "players", "rules")

    rules: Rules
    players: int
    dealer: int
    options: Any
    deal: tuple[int, ...]  # the dealt hands as card sets

    def __init__(
        self, rules: Rules, players: int, dealer: int, options: Any, deal: tuple[int, ...]
    ):
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.options = options
        self.deal = deal
        self._key = (rules.name, players, dealer, options, deal)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Setup) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def cards(self, mask: int) -> tuple[Card, ...]:
        """The cards of ``mask`` in the preset's canonical order (F5)."""
        cards = self.rules.pack.cards_of(mask)
        listing = self.rules.listing
        return cards if listing is self.rules.pack else listing.sorted(cards)


_SLOTS = (
    "_setup",
    "_events",
    "_held",
    "_table",
    "_seat",
    "_cards",
    "_may_pass",
    "_passes",
    "_finished",
    "_burst",
    "_centre",
    "_streak",
    "_faults",
    "_hash",
)


class FamilyState:
    """A position of a family game, from the deal to the end. Immutable and hashable."""

    __slots__ = _SLOTS

    game_name: ClassVar[str] = ""
    """The preset's name, given as the class keyword ``game_name`` of each preset's class."""

    _setup: Setup
    _events: tuple[Event, ...]
    _held: tuple[int, ...]  # the hands now
    _table: int
    _seat: int | None  # the seat to move, None once over
    _cards: int  # the cards the seat to move may play
    _may_pass: bool  # whether PASS is a legal move now
    _passes: tuple[int, ...]
    _finished: tuple[int, ...]  # the seats out, in the order they went out
    _burst: tuple[int, ...]  # the burst seats, in the order they burst
    _centre: int  # the centre's place in a row, -1 until the first card (DO2)
    _streak: int  # the passes that end the history
    _faults: tuple[tuple[int, tuple[int, ...]], ...]  # T5: passes made holding a playable card
    _hash: int  # set on the first hash()

    def __init_subclass__(cls, game_name: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.game_name = game_name

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise NotAGameStateError(
            f"a {type(self).__name__} is made by its game's new_game(), apply() or from_json(), "
            "not directly"
        )

    if not TYPE_CHECKING:

        def __setattr__(self, name, value):
            raise AttributeError(
                f"a {type(self).__name__} cannot be changed: a move makes a new state"
            )

        def __delattr__(self, name):
            raise AttributeError(f"a {type(self).__name__} cannot be changed")

    # The public facts, every one derived from the slots.

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._setup.players

    dealer = SlotView[int](
        "_setup.dealer", "The dealer (F7): the deal and the first turn start at its left."
    )
    options = SlotView[Any]("_setup.options", "The preset's options.")

    @property
    def deal(self) -> tuple[tuple[Card, ...], ...]:
        """The hands as dealt, one tuple per seat in canonical order (F5)."""
        return tuple(self._setup.cards(hand) for hand in self._setup.deal)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat holds now, in canonical order (F5)."""
        return tuple(self._setup.cards(hand) for hand in self._held)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now, in canonical order (F5).

        Raises:
            InvalidSeatError: ``seat`` is not a seat of this game.
        """
        return self._setup.cards(self._held[self._check_seat(seat)])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds now."""
        return tuple(hand.bit_count() for hand in self._held)

    @property
    def table(self) -> frozenset[Card]:
        """The cards on the table."""
        return frozenset(self._setup.rules.pack.cards_of(self._table))

    def row(self, suit: Suit) -> tuple[Rank, Rank] | None:
        """The lowest and highest rank of ``suit``'s row (F10), or ``None`` while it is not open.

        Raises:
            InvalidCardError: ``suit`` is not a :class:`~sevens_ru.Suit`.
        """
        return row_of(self._setup.rules, self._table, self._centre, suit)

    @property
    def current_player(self) -> int | None:
        """The seat to move, or ``None`` once the game is over."""
        return self._seat

    passes = SlotView[tuple[int, ...]]("_passes", "How many times each seat has passed.")

    @property
    def history(self) -> tuple[Event, ...]:
        """Every play, pass and burst so far, oldest first."""
        return self._events

    finished = SlotView[tuple[int, ...]](
        "_finished", "The seats that went out (played their last card), in that order."
    )
    burst = SlotView[tuple[int, ...]](
        "_burst", "The seats that burst (N5), in that order; always empty but in shichinarabe."
    )

    @property
    def winner(self) -> int | None:
        """The first seat out once the game is over, else ``None``."""
        if self._seat is not None or not self._finished:
            return None
        return self._finished[0]

    def in_play(self, seat: int) -> bool:
        """Whether ``seat`` is still in play (F9): it holds cards and has not burst."""
        seat = self._check_seat(seat)
        return bool(self._held[seat]) and seat not in self._burst

    # Card sets, in the order of the game's pack.

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a card set of the game's pack."""
        return self._held[self._check_seat(seat)]

    table_mask = SlotView[int](
        "_table", "The cards on the table, as a card set of the game's pack."
    )

    # Values

    def _check_seat(self, seat: object) -> int:
        number = as_int(seat)
        if number is None:
            raise InvalidSeatError(f"a seat is an int, got {got(seat)}")
        if not 0 <= number < self._setup.players:
            raise InvalidSeatError(
                f"seat {number} does not exist: this game has seats 0 to {self._setup.players - 1}"
            )
        return number

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FamilyState):
            return NotImplemented
        return self is other or (
            type(self) is type(other)
            and self._setup == other._setup
            and self._events == other._events
        )

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            value = hash((type(self).__name__, self._setup, self._events))
            object.__setattr__(self, "_hash", value)
            return value

    def __copy__(self) -> FamilyState:
        return self

    def __deepcopy__(self, memo: object) -> FamilyState:
        return self

    def __reduce__(self) -> tuple[object, ...]:
        from .game import moves_of  # a cycle: the rules build on this module

        setup = self._setup
        deal = tuple(tuple(map(str, hand)) for hand in self.deal)
        return (
            _rebuild,
            (
                type(self).game_name,
                setup.players,
                setup.dealer,
                setup.options,
                deal,
                moves_of(self),
            ),
        )

    def __setstate__(self, state: object) -> NoReturn:
        raise NotAGameStateError(
            f"a {type(self).__name__} is unpickled only through its game's rules"
        )

    def __repr__(self) -> str:
        where = f"seat {self._seat} to move" if self._seat is not None else "over"
        return (
            f"<{type(self).__name__} {self.players} players, {len(self._events)} events, {where}>"
        )


def row_of(rules: Rules, table: int, centre: int, suit: object) -> tuple[Rank, Rank] | None:
    """``suit``'s row on ``table`` as its lowest and highest rank, or ``None`` (F10)."""
    if not isinstance(suit, Suit):
        raise InvalidCardError(f"row() takes a Suit, got {got(suit)}")
    span = row_span(rules.lines[rules.pack.suits.index(suit)], table, centre)
    if span is None:
        return None
    return rules.order[span[0]], rules.order[span[1]]


def _rebuild(
    name: str, players: int, dealer: int, options: object, deal: object, moves: object
) -> Any:
    """Unpickle a state by replaying its moves from its deal, through the rules."""
    from .game import replay  # a cycle: the rules build on this module

    return replay(name, players, dealer, options, deal, moves)


class Sevens52State(FamilyState, game_name="sevens-52"):
    """A state of sevens-52 (S)."""

    __slots__ = ()


class FanTanState(FamilyState, game_name="fan-tan"):
    """A state of fan-tan (T), with its pool."""

    __slots__ = ()

    @property
    def paid(self) -> tuple[int, ...]:
        """Each seat's chips paid so far (T9): its ante and its passes."""
        from .scoring import antes

        cost = self._setup.options.pass_cost
        return tuple(
            ante + cost * passes for ante, passes in zip(antes(self), self._passes, strict=True)
        )

    @property
    def pool(self) -> int:
        """The chips in the pool (T2, T4): the antes and ``pass_cost`` for every pass."""
        return sum(self.paid)


class ShichinarabeState(FamilyState, game_name="shichinarabe"):
    """A state of shichinarabe (N), with the sevens laid out."""

    __slots__ = ()

    @property
    def laid(self) -> tuple[tuple[Card, ...], ...]:
        """The sevens each seat laid out before play (N2), one tuple per seat."""
        rules = self._setup.rules
        centres = sum(line[rules.place(Rank.SEVEN)] for line in rules.lines)
        return tuple(self._setup.cards(hand & centres) for hand in self._setup.deal)

    @property
    def passes_left(self) -> tuple[int, ...]:
        """The passes each seat may still make (N4)."""
        return tuple(self._setup.rules.limit - passes for passes in self._passes)


class DominoState(FamilyState, game_name="domino"):
    """A state of domino (DO), with its start rank."""

    __slots__ = ()

    @property
    def start_rank(self) -> Rank | None:
        """The rank of the first card (DO2), the centre rank of every suit; ``None`` before it."""
        return None if self._centre < 0 else self._setup.rules.order[self._centre]


class CinquilloState(FamilyState, game_name="cinquillo"):
    """A state of cinquillo (C)."""

    __slots__ = ()


class RussianState(FamilyState, game_name="sevens"):
    """A state of Russian Sevens (R1–R21) played by the family's engine (not registered)."""

    __slots__ = ()
