"""The game state: an immutable value, created by :func:`new_game` and :func:`apply`.

Internally a state is a handful of integers and a link to the state it came from.
Every card set is a 36-bit int (bit ``i`` is ``DECK[i]``). Cards only ever move from a
hand to the table, so each current hand is the dealt hand minus the table; and the
history is read back from the chain of earlier states (each step's card is the new
card on the table, the passes are the seats skipped before the next player). Every
public attribute is derived from those facts on demand: nothing is stored twice.

The playable cards, the table and the pass counts share one int, the *board*, so that
a play changes them with a single addition; its layout is drawn in ``sevens_ru.games.sevens._board``.

>>> import sevens_ru as s7
>>> state = s7.new_game(4, seed=7)
>>> state.players, state.current_player, len(state.hands[0]), state.table
(4, 3, 9, frozenset())
>>> state.row(s7.Suit.DIAMONDS) is None
True
"""

from __future__ import annotations

from collections.abc import Callable

from ...common._linked import GameSetup, LinkedState, blank, builder
from ...common._quote import got
from ...common.cards import Card, Rank, Suit, cards_from_mask
from ...errors import InvalidCardError, RecordError, SevensError
from ._board import (
    NINE_OF_DIAMONDS,
    TABLE_SHIFT,
    pass_counts,
    passes_of,
    playable_of,
    row_of,
    table_of,
)
from .deal import PACK
from .events import Event, Pass, Play
from .options import Options

_WHOLE = PACK.full_mask  # the whole pack as a card set

__all__ = ["GameState"]

_RANKS = PACK.ranks  # a row's bit i is the rank _RANKS[i] (R1: 6 to A)
_PLAYS = tuple(tuple(Play(seat, card) for card in PACK.cards) for seat in range(6))
_PASSES = tuple(Pass(seat) for seat in range(6))


# The seats after each seat, in turn order, ending with that seat: _SEATS_AFTER[players][seat].
_SEATS_AFTER = tuple(
    tuple(
        tuple((seat + step) % players for step in range(1, players + 1)) for seat in range(players)
    )
    for players in range(7)
)
# The seat after each seat: _NEXT_SEAT[players][seat].
_NEXT_SEAT = tuple(tuple((seat + 1) % players for seat in range(players)) for players in range(7))


class Setup(GameSetup[Options]):
    """What stays the same during one game: players, options, the deal and the dealer."""

    __slots__ = ("dealer", "next_seat")

    dealer: int  # the dealer (M2): seat dealer + 1 received the first card
    next_seat: tuple[int, ...]  # the seat after each seat

    def __init__(
        self, players: int, options: Options, deal: tuple[int, ...], dealer: int | None = None
    ) -> None:
        # GameSetup's fields set here, not by super().__init__(): a call less in every
        # new_game, 1.05x faster new_game in the compiled core (2026-12-02).
        self.players = players
        self.options = options
        self.deal = deal
        self.dealer = players - 1 if dealer is None else dealer  # M2: n − 1 by default
        self.next_seat = _NEXT_SEAT[players]

    def key(self) -> tuple[object, ...]:
        """What makes two setups equal: players, options, the deal and the dealer."""
        return (self.players, self.options, self.deal, self.dealer)

    @property
    def seats_after(self) -> tuple[tuple[int, ...], ...]:
        """The seats after each seat, in turn order, ending with that seat."""
        return _SEATS_AFTER[self.players]


class GameState(LinkedState[Options]):
    """A position of the game, from the deal to the end. Immutable and hashable.

    Two states are equal when they have the same players, options, deal and history.
    Create one with :func:`sevens_ru.new_game` (or :func:`sevens_ru.from_json`) and
    advance it with :func:`sevens_ru.apply`, which returns a new state.

    >>> import sevens_ru as s7
    >>> state = s7.new_game(3, seed=1)
    >>> after = s7.apply(state, "9♦")
    >>> after == state, after.history[0] == s7.Play(state.current_player, s7.Card.parse("9♦"))
    (False, True)
    >>> after == s7.apply(state, "9♦") and hash(after) == hash(s7.apply(state, "9♦"))
    True
    """

    __slots__ = ("_board", "_moves", "_parent", "_setup", "_turn")

    _made_by = "a GameState is made by sevens_ru.new_game(), apply() or from_json()"
    _setup: Setup
    _board: (
        int  # the playable cards, the table and the passes (drawn in sevens_ru.games.sevens._board)
    )
    _turn: int | None  # the seat to play, None once over
    _moves: int  # what the seat to play may play: its hand & playable, but 9♦ first (R7)
    _parent: GameState | None  # the state before the last play, None for a new game

    @property
    def _table(self) -> int:
        """The cards on the table."""
        return table_of(self._board)

    @property
    def _playable(self) -> int:
        """The cards that may be played by whoever holds them (R9)."""
        return playable_of(self._board)

    @property
    def _passes(self) -> int:
        """The passes of every seat, seat ``s`` in bits ``8s`` to ``8s + 7``."""
        return passes_of(self._board)

    @property
    def deal(self) -> tuple[tuple[Card, ...], ...]:
        """The hands as they were dealt, one canonically ordered tuple per seat."""
        return self._setup.deal_cards

    @property
    def dealer(self) -> int:
        """The dealer (M2): seat ``dealer + 1`` received the first card; ``players − 1`` unless a game names another."""
        return self._setup.dealer

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat holds now, one canonically ordered tuple per seat."""
        table = self._table
        return tuple(cards_from_mask(hand & ~table) for hand in self._setup.deal)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now, in canonical order.

        >>> import sevens_ru as s7
        >>> s7.new_game(6, seed=2).hand(5)
        (Card.parse('9♣'), Card.parse('J♣'), Card.parse('9♦'), Card.parse('8♥'), Card.parse('J♥'), Card.parse('J♠'))

        Raises:
            InvalidSeatError: ``seat`` is not a seat of this game.
        """
        return cards_from_mask(self._setup.deal[self._check_seat(seat)] & ~self._table)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds now."""
        table = self._table
        return tuple((hand & ~table).bit_count() for hand in self._setup.deal)

    @property
    def table(self) -> frozenset[Card]:
        """The cards on the table."""
        return frozenset(cards_from_mask(self._table))

    def row(self, suit: Suit) -> tuple[Rank, Rank] | None:
        """The lowest and highest rank of ``suit``'s row, or ``None`` if it is not open (R8).

        >>> import sevens_ru as s7
        >>> state = s7.apply(s7.new_game(2, seed=5), "9♦")
        >>> state.row(s7.Suit.DIAMONDS), state.row(s7.Suit.HEARTS)
        ((<Rank.NINE: 9>, <Rank.NINE: 9>), None)
        """
        if not isinstance(suit, Suit):
            raise InvalidCardError(f"row() takes a Suit, got {got(suit)}")
        row = row_of(self._table, suit)
        if not row:
            return None
        return _RANKS[(row & -row).bit_length() - 1], _RANKS[row.bit_length() - 1]

    @property
    def current_player(self) -> int | None:
        """The seat to play, or ``None`` once the game is over."""
        return self._turn

    @property
    def passes(self) -> tuple[int, ...]:
        """How many times each seat has passed (R11)."""
        return pass_counts(self._passes, self._setup.players)

    @property
    def history(self) -> tuple[Play | Pass, ...]:
        """Every play and pass so far, oldest first."""
        return self._history()

    @property
    def winner(self) -> int | None:
        """The seat that played its last card (R14), or ``None`` while the game goes on."""
        if self._turn is not None or self._parent is None:
            return None
        return self._parent._turn

    # Card sets, for learners and fast bots: bit ``i`` is ``DECK[i]`` (see sevens_ru.mask_of).

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a 36-bit card set.

        >>> import sevens_ru as s7
        >>> state = s7.new_game(4, seed=1)
        >>> s7.cards_from_mask(state.hand_mask(2)) == state.hand(2)
        True

        Raises:
            InvalidSeatError: ``seat`` is not a seat of this game.
        """
        return self._setup.deal[self._check_seat(seat)] & ~self._table

    @property
    def table_mask(self) -> int:
        """The cards on the table, as a 36-bit card set."""
        return self._table

    @property
    def playable_mask(self) -> int:
        """The cards that whoever holds them may play now (R7, R9), as a 36-bit card set."""
        return self._playable if self._table else NINE_OF_DIAMONDS

    def _step(self) -> int:
        # A board holds the table, so equal boards along the chains are equal plays.
        return self._board

    def _events(self) -> tuple[Event, ...]:
        before: GameState = self._parent  # type: ignore[assignment]  # not a new game
        turn: int = before._turn  # type: ignore[assignment]  # not None: a card was played
        played = (self._board ^ before._board) >> TABLE_SHIFT & _WHOLE  # in line
        events: list[Event] = [_PLAYS[turn][played.bit_length() - 1]]
        if self._turn is not None:  # no pass after the winning card (R14)
            for seat in self._setup.seats_after[turn]:  # the seats skipped had to pass (R11)
                if seat == self._turn:
                    break
                events.append(_PASSES[seat])
        return tuple(events)

    def __repr__(self) -> str:
        plies = len(self.history)
        where = (
            f"seat {self._turn} to play" if self._turn is not None else f"seat {self.winner} won"
        )
        table = " ".join(str(card) for card in cards_from_mask(self._table)) or "empty"
        return f"<GameState {self.players} players, {plies} plies, {where}, table: {table}>"

    def __reduce__(self) -> tuple[object, ...]:
        setup = self._setup
        return (_rebuild, (setup.players, setup.options, setup.deal, self.history, setup.dealer))


build_state: Callable[..., GameState] = builder(GameState)
"""A new state from its slots as keywords: ``setup``, ``board``, ``turn``, ``moves``, ``parent``."""
blank_state: Callable[[], GameState] = blank(GameState)
"""A state with no slot set, for :func:`~sevens_ru.apply` to build one in line."""


def _rebuild(
    players: object, options: object, deal: object, history: object, dealer: object = None
) -> GameState:
    """Unpickle a state by replaying its history from its deal, through the rules.

    A pickle cannot smuggle in a state the rules would not make: a deal, a play or a
    pass that does not replay is a :class:`~sevens_ru.errors.RecordError`.
    """
    from .game import apply, new_game  # a cycle: game builds on this module

    try:
        if not isinstance(deal, tuple) or not isinstance(history, tuple):
            raise RecordError("the deal or the history is not a tuple")
        state = new_game(
            players,  # type: ignore[arg-type]  # new_game checks it
            hands=[cards_from_mask(hand) for hand in deal],
            options=options,  # type: ignore[arg-type]
            dealer=dealer,  # type: ignore[arg-type]
        )
        for event in history:
            if isinstance(event, Play):
                state = apply(state, event.card)
    except SevensError as error:
        raise RecordError(f"the pickled GameState does not replay: {error}") from error
    if state.history != history:
        raise RecordError("the pickled GameState does not replay: its passes differ (R11)")
    return state
