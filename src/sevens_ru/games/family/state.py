"""The state of a family game: an immutable value, made by ``new_game`` and ``apply``.

A state is a handful of ints and tuples and a link to the state it came from (its
*parent*, the state before the last move), as the main game's is
(:mod:`sevens_ru.common._linked`). Card sets are ints in the order of the game's pack
(bit ``i`` is ``game.pack.cards[i]``, the card of action ``i``). Cards only ever go from
a hand to the table, so each hand now is the dealt hand minus the table (a burst seat's
cards are all on the table, N6), and the history is read back from the chain of states:
each step's events follow from what changed (see :func:`step_events`). Every public
attribute is derived from these slots on demand:

==============  ============================================================
``_setup``      what stays the same: the rules, seats, dealer, options, deal
``_parent``     the state before the last move, ``None`` for a new game
``_table``      the cards on the table
``_seat``       the seat to move, ``None`` once the game is over
``_actions``    the legal moves: bit ``i`` for card ``i``, bit ``len(pack)`` for PASS
``_passes``     each seat's passes, a tuple
``_finished``   the seats that went out, in that order (a tuple)
``_burst``      the seats that burst (N5), in that order (a tuple)
``_centre``     the centre's place in a row, -1 until domino's first card (DO2)
``_streak``     the passes that end the history (F13's guard)
``_faults``     fan-tan's passes made holding a playable card (T5): (seat, payees)
==============  ============================================================

The compiled core (``games/family/_kernels.c``) reads and writes the same slots, at
their offsets. Two states are equal when their setups and histories are.

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

from collections.abc import Callable
from typing import Any, ClassVar, NoReturn

from ...common._linked import GameSetup, LinkedState, SlotView, blank
from ...common._quote import got
from ...common.cards import Card, Rank, Suit
from ...errors import InvalidCardError, NotAGameStateError
from .events import Burst, Event, Pass, Play
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
    "first_seat",
    "step_events",
]


class Setup(GameSetup[Any]):
    """What stays the same during a game: the rules, the seats, the dealer, the options, the deal."""

    __slots__ = ("dealer", "kernel", "rules")

    rules: Rules
    dealer: int
    kernel: object  # the rules as the compiled core reads them (Rules.kernel), or None

    def __init__(
        self, rules: Rules, players: int, dealer: int, options: Any, deal: tuple[int, ...]
    ) -> None:
        # GameSetup's fields set here, not by super().__init__(): a call less per new_game.
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.options = options
        self.deal = deal  # the dealt hands as card sets
        self.kernel = rules.kernel

    def key(self) -> tuple[object, ...]:
        """What makes two setups equal: the preset, the seats, the dealer, the options, the deal."""
        return (self.rules.name, self.players, self.dealer, self.options, self.deal)

    @property
    def deal_cards(self) -> tuple[tuple[Card, ...], ...]:
        """The dealt hands, one tuple per seat in the preset's canonical order (F5)."""
        return tuple(self.cards(hand) for hand in self.deal)

    def cards(self, mask: int) -> tuple[Card, ...]:
        """The cards of ``mask`` in the preset's canonical order (F5)."""
        cards = self.rules.pack.cards_of(mask)
        listing = self.rules.listing
        return cards if listing is self.rules.pack else listing.sorted(cards)


class FamilyState(LinkedState[Any]):
    """A position of a family game, from the deal to the end. Immutable and hashable."""

    __slots__ = (
        "_actions",
        "_burst",
        "_centre",
        "_faults",
        "_finished",
        "_parent",
        "_passes",
        "_seat",
        "_setup",
        "_streak",
        "_table",
    )

    game_name: ClassVar[str] = ""
    """The preset's name, given as the class keyword ``game_name`` of each preset's class."""

    _made_by = "a FamilyState is made by its game's new_game(), apply() or from_json()"
    _setup: Setup
    _parent: FamilyState | None
    _table: int
    _seat: int | None
    _actions: int  # the legal cards, and bit len(pack) when PASS is legal
    _passes: tuple[int, ...]
    _finished: tuple[int, ...]
    _burst: tuple[int, ...]
    _centre: int
    _streak: int
    _faults: tuple[tuple[int, tuple[int, ...]], ...]

    def __init_subclass__(cls, game_name: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.game_name = game_name
        cls._made_by = f"a {cls.__name__} is made by its game's new_game(), apply() or from_json()"

    # The public facts, every one derived from the slots.

    dealer = SlotView[int](
        "_setup.dealer", "The dealer (F7): the deal and the first turn start at its left."
    )

    @property
    def deal(self) -> tuple[tuple[Card, ...], ...]:
        """The hands as dealt, one tuple per seat in canonical order (F5)."""
        return self._setup.deal_cards

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat holds now, in canonical order (F5)."""
        table, cards = self._table, self._setup.cards
        return tuple(cards(hand & ~table) for hand in self._setup.deal)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now, in canonical order (F5).

        Raises:
            InvalidSeatError: ``seat`` is not a seat of this game.
        """
        return self._setup.cards(self.hand_mask(seat))

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds now."""
        table = self._table
        return tuple((hand & ~table).bit_count() for hand in self._setup.deal)

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
        return self._history()

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
        return bool(self.hand_mask(seat))  # a burst seat's cards are all on the table (N6)

    # Card sets, in the order of the game's pack.

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a card set of the game's pack."""
        return self._setup.deal[self._check_seat(seat)] & ~self._table

    table_mask = SlotView[int](
        "_table", "The cards on the table, as a card set of the game's pack."
    )

    # The chain of states (sevens_ru.common._linked)

    def _step(self) -> int:
        # A play adds its card to the table, a pass of the mover adds only the cards of
        # the seats that burst after it (never the mover's): the table tells a state's
        # siblings apart.
        return self._table

    def _events(self) -> tuple[Event, ...]:
        parent: FamilyState = self._parent  # type: ignore[assignment]  # not a new game
        return step_events(parent, self)

    def _opening(self) -> tuple[Event, ...]:
        return step_events(None, self)

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
            f"<{type(self).__name__} {self.players} players, {len(self.history)} events, {where}>"
        )


def step_events(parent: FamilyState | None, state: FamilyState) -> tuple[Event, ...]:
    """What happened between ``parent`` and ``state`` (``None``: before a new game's first move).

    The mover (``parent``'s seat to move) played the card that reached the table, or
    passed if its passes grew. Then the engine's automations went round the table in
    turn order from the seat after it (from the first seat, in a new game) up to the
    seat to move: each seat that passed (its passes grew) or burst (it is a new burst
    seat, and its cards are the ones it held) did it once, in that order.
    """
    setup = state._setup
    players = setup.players
    passes, burst = state._passes, state._burst
    events: list[Event] = []
    if parent is None:
        table = setup.rules.centres if setup.rules.layout else 0  # N2
        before = (0,) * players
        new_bursts = burst
        seat = first_seat(setup)
        visit = players
    else:
        table = parent._table
        before = parent._passes
        new_bursts = burst[len(parent._burst) :]
        mover: int = parent._seat  # type: ignore[assignment]  # a move was made
        seat = mover + 1 if mover + 1 < players else 0
        visit = players - 1
    shown = {other: setup.deal[other] & ~table for other in new_bursts}  # N6: the whole hand
    if parent is not None:
        if passes[mover] != before[mover]:
            events.append(Pass(mover))
        else:
            played = state._table & ~table
            for cards in shown.values():
                played &= ~cards
            events.append(Play(mover, setup.rules.pack.cards[played.bit_length() - 1]))
    for _ in range(visit):
        if seat == state._seat:
            break
        if seat in shown:
            events.append(Burst(seat, setup.cards(shown[seat])))
        elif passes[seat] != before[seat]:
            events.append(Pass(seat))
        seat = seat + 1 if seat + 1 < players else 0
    return tuple(events)


def first_seat(setup: Setup) -> int:
    """The seat the automations of a new game start from (S3, T3, N3, DO2, C3, R7).

    The dealer's left neighbour, or the holder of the opening card, or (N3) the seat
    that laid 7♦.
    """
    rules = setup.rules
    if rules.first == "left":
        return (setup.dealer + 1) % setup.players
    bit = rules.opening_bit if rules.first == "holder" else rules.lines[1][rules.centre_place]
    return next(seat for seat, hand in enumerate(setup.deal) if hand & bit)


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
        centres = self._setup.rules.centres
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


STATE_TYPES: tuple[type[FamilyState], ...] = (
    Sevens52State,
    FanTanState,
    ShichinarabeState,
    DominoState,
    CinquilloState,
    RussianState,
)
"""Every preset's state class (the Russian configuration's too)."""

BLANK: dict[type[FamilyState], Callable[[], FamilyState]] = {
    kind: blank(kind) for kind in STATE_TYPES
}
"""Each state class's maker of a writable state with no slot set (see :func:`~sevens_ru.common._linked.blank`)."""
