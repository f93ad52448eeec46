"""The state of a game of Durak: an immutable value made by ``new_game`` and ``apply``.

Internally a state is a few integers and a link to the state it came from. Every card
set is a 36-bit int (bit ``i`` is ``DECK[i]``): the hands, the attacking cards of the
bout, those not yet covered, the covers, and the cards set aside. The history, the
moves and which card covers which are read back from the chain of earlier states (each
link holds the move that made it). The public attributes are derived from these facts
on demand; nothing is stored twice.

>>> from sevens_ru import durak
>>> state = durak.new_game(3, dealer=0, seed=7)
>>> state.players, state.dealer, state.attacker, state.defender, state.hand_sizes
(3, 0, 1, 2, (9, 9, 9))
>>> state.trump, len(state.undealt)
(Card.parse('Q♣'), 9)
"""

from __future__ import annotations

from collections.abc import Callable

from ...common._linked import GameSetup, LinkedState, SlotView, builder
from ...common._numbers import as_int
from ...common.cards import Card, Suit, cards_from_mask
from ...errors import RecordError, SevensError
from .deal import PACK
from .events import Covered, Event, Joined, Led, Took
from .moves import Cover, Lead, Move
from .options import Options

_CARDS = PACK.cards  # card i of every card set

__all__ = ["BEATEN_BY", "GameState"]

# The seats after each seat in turn order, ending with that seat: _SEATS_AFTER[players][seat].
_SEATS_AFTER = tuple(
    tuple(
        tuple((seat + step) % players for step in range(1, players + 1)) for seat in range(players)
    )
    for players in range(5)
)


def _beaten_by(card: Card, trump: Suit) -> int:
    """The cards that cover ``card`` when ``trump`` is trump (D8)."""
    suit_top = 1 << (card.suit * 9 + 9)
    higher = suit_top - (card.bit << 1)  # the higher cards of the same suit
    return higher if card.suit == trump else higher | 0x1FF << (trump * 9)


BEATEN_BY = tuple(tuple(_beaten_by(card, trump) for card in PACK.cards) for trump in Suit)
"""``BEATEN_BY[trump][i]``: the card set that covers ``DECK[i]`` when ``trump`` is trump (D8)."""


class Setup(GameSetup[Options]):
    """What stays the same during one game: players, dealer, options and the deal."""

    __slots__ = ("beaten_by", "dealer", "seats_after", "take_limit", "trump", "undealt")

    def __init__(
        self,
        players: int,
        dealer: int,
        options: Options,
        deal: tuple[int, ...],
        trump: int,
        undealt: int,
    ) -> None:
        super().__init__(players, options, deal)
        self.dealer = dealer
        self.trump = trump
        self.undealt = undealt
        self.take_limit = options.take_limit
        self.seats_after = _SEATS_AFTER[players]
        self.beaten_by = BEATEN_BY[_CARDS[trump].suit]

    def key(self) -> tuple[int, int, Options, tuple[int, ...], int]:
        return (self.players, self.dealer, self.options, self.deal, self.trump)


class GameState(LinkedState[Options]):
    """A position of a game of Durak, from the deal to the end. Immutable and hashable.

    Two states are equal when they have the same players, dealer, options, deal, trump
    card and moves. Create one with :func:`~sevens_ru.durak.new_game` (or
    :func:`~sevens_ru.durak.from_json`) and advance it with
    :func:`~sevens_ru.durak.apply`, which returns a new state.

    >>> from sevens_ru import durak
    >>> state = durak.new_game(2, seed=3)
    >>> after = durak.apply(state, durak.legal_moves(state)[0])
    >>> after == state, after == durak.apply(state, durak.legal_moves(state)[0])
    (False, True)
    >>> len({state, after, durak.new_game(2, seed=3)})
    2
    """

    __slots__ = (
        "_aside",
        "_attack",
        "_attacker",
        "_bouts",
        "_covers",
        "_defender",
        "_hands",
        "_legal",
        "_move",
        "_out",
        "_parent",
        "_setup",
        "_shown",
        "_takes",
        "_uncovered",
    )

    _made_by = "a durak.GameState is made by durak.new_game(), apply() or from_json()"
    _setup: Setup
    _hands: tuple[int, ...]  # the cards each seat holds
    _attacker: int | None  # who leads, or led, the bout; None once the game is over
    _defender: int | None  # whom the bout is against; None once the game is over
    _attack: int  # the attacking cards of the bout (led and joined); 0 before the lead
    _uncovered: int  # the attacking cards not yet covered
    _covers: int  # the cards the defender has laid on attacking cards
    _aside: int  # the cards set aside after covered bouts (D10)
    _out: tuple[int, ...]  # per seat, the number of the bout after which it was out; 0 if in
    _bouts: int  # the bouts settled so far
    _takes: int  # the bouts in a row, up to now, that ended with a take (D13)
    _parent: GameState | None  # the state before the last move, None for a new game
    _move: Move | None  # the move that made this state from its parent
    _legal: tuple[Move, ...] | None  # the legal moves, once asked for
    _shown: int  # the cards that have been on the table once asked for, else -1 (_shown_cards)

    @property
    def dealer(self) -> int:
        """The seat that dealt (D2); its left neighbour led first (D5)."""
        return self._setup.dealer

    @property
    def trump(self) -> Card:
        """The trump card, shown to everyone (D4); its suit is trump."""
        return _CARDS[self._setup.trump]

    @property
    def trump_suit(self) -> Suit:
        """The trump suit (D4)."""
        return _CARDS[self._setup.trump].suit

    @property
    def deal(self) -> tuple[tuple[Card, ...], ...]:
        """The hands as they were dealt, one canonically ordered tuple per seat."""
        return self._setup.deal_cards

    @property
    def undealt(self) -> frozenset[Card]:
        """The cards left over after the deal, the trump card among them; they take no part (D4).

        Empty with 4 players and 36 cards, where the dealer holds the trump card.
        """
        return frozenset(cards_from_mask(self._setup.undealt))

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat holds now, one canonically ordered tuple per seat."""
        return tuple(cards_from_mask(hand) for hand in self._hands)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now, in canonical order.

        >>> from sevens_ru import durak
        >>> durak.new_game(2, seed=1).hand(1)[:3]
        (Card.parse('7♣'), Card.parse('10♣'), Card.parse('Q♣'))
        """
        return cards_from_mask(self._hands[self._check_seat(seat)])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds now."""
        return tuple(hand.bit_count() for hand in self._hands)

    attacker = SlotView[int | None](
        "_attacker",
        "The seat that leads, or has led, the current bout; ``None`` once the game is over (D5).",
    )

    defender = SlotView[int | None](
        "_defender", "The seat the current bout is against; ``None`` once the game is over (D5)."
    )

    @property
    def current_player(self) -> int | None:
        """The seat to move: the attacker before the lead, then the defender; ``None`` once over."""
        return self._defender if self._attack else self._attacker

    @property
    def table(self) -> tuple[tuple[Card, Card | None], ...]:
        """The attacking cards of the bout in canonical order, each with its cover or ``None``.

        >>> from sevens_ru import durak
        >>> state = durak.new_game(2, hands=[
        ...     ["6♣", "7♣", "8♣", "9♣", "10♣", "J♣", "Q♣", "K♣", "A♣"],
        ...     ["6♦", "7♦", "8♦", "9♦", "10♦", "J♦", "Q♦", "K♦", "A♦"]], trump="6♠")
        >>> state = durak.apply(state, "lead 7♦")  # seat 0 joins its 7♣ (D7)
        >>> state = durak.apply(state, "cover 7♣ 8♣")
        >>> state.table
        ((Card.parse('7♣'), Card.parse('8♣')), (Card.parse('7♦'), None))
        """
        covers: dict[Card, Card] = {}
        state: GameState = self
        while state._uncovered != state._attack:  # walk back to the lead, noting the covers
            move = state._move
            if isinstance(move, Cover):
                covers[move.attack] = move.card
            state = state._parent  # type: ignore[assignment]  # not None: a move was made
        return tuple((card, covers.get(card)) for card in cards_from_mask(self._attack))

    @property
    def set_aside(self) -> frozenset[Card]:
        """The cards of the covered bouts, out of the game (D10)."""
        return frozenset(cards_from_mask(self._aside))

    @property
    def out(self) -> tuple[int, ...]:
        """The seats that have gone out (D11), in the order they went out (then by seat)."""
        out = self._out
        return tuple(sorted((seat for seat in range(len(out)) if out[seat]), key=out.__getitem__))

    bouts = SlotView[int]("_bouts", "How many bouts have been settled (covered or taken) so far.")

    takes_in_a_row = SlotView[int](
        "_takes", "How many bouts in a row, up to now, ended with a take (D13)."
    )

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves made since the deal, oldest first (what a game record stores)."""
        return tuple(self._steps()[1:])  # type: ignore[arg-type]  # the steps are the moves

    @property
    def history(self) -> tuple[Led | Joined | Covered | Took, ...]:
        """Every lead, join, cover and take so far, oldest first (D17).

        >>> from sevens_ru import durak
        >>> state = durak.new_game(2, seed=5)
        >>> state = durak.apply(state, durak.legal_moves(state)[0])
        >>> state.history  # seat 0 had to join its six (D7)
        (Led(seat=1, cards=(Card.parse('6♣'),)), Joined(seat=0, cards=(Card.parse('6♦'),)))
        """
        return self._history()

    @property
    def loser(self) -> int | None:
        """The seat left holding cards at the end (D12, "the fool"); ``None`` while playing or in a draw."""
        if self._attacker is not None:
            return None
        holders = [seat for seat, hand in enumerate(self._hands) if hand]
        return holders[0] if len(holders) == 1 else None

    @property
    def is_draw(self) -> bool:
        """Whether the game ended without a loser (D12: every hand emptied at once; D13)."""
        return self._attacker is None and self.loser is None

    # Card sets, for learners and fast bots: bit ``i`` is ``DECK[i]`` (see sevens_ru.mask_of).

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a 36-bit card set.

        >>> from sevens_ru import cards_from_mask, durak
        >>> state = durak.new_game(3, seed=2)
        >>> cards_from_mask(state.hand_mask(1)) == state.hand(1)
        True

        Raises:
            InvalidSeatError: ``seat`` is not a seat of this game.
        """
        return self._hands[self._check_seat(seat)]

    @property
    def table_mask(self) -> int:
        """The cards of the bout, attacking cards and covers, as a 36-bit card set."""
        return self._attack | self._covers

    attack_mask = SlotView[int](
        "_attack", "The attacking cards of the bout, led and joined (D6, D7), as a card set."
    )

    uncovered_mask = SlotView[int](
        "_uncovered", "The attacking cards not yet covered, as a card set."
    )

    cover_mask = SlotView[int](
        "_covers",
        "The cards the defender has laid on attacking cards in this bout (D8), as a card set.",
    )

    set_aside_mask = SlotView[int]("_aside", "The cards of the covered bouts (D10), as a card set.")

    def known_mask(self, seat: int) -> int:
        """The cards everyone knows ``seat`` holds (D17), as :attr:`PlayerView.known_cards` has them.

        Those it took and has not played since, and with 4 players the trump card while
        the dealer still holds it (D4).

        >>> from sevens_ru import durak
        >>> state = durak.apply(durak.new_game(2, seed=1), "lead 6♦")
        >>> after = durak.apply(state, "take")
        >>> after.known_mask(0) == state.attack_mask
        True

        Raises:
            InvalidSeatError: ``seat`` is not a seat of this game.
        """
        hand = self._hands[self._check_seat(seat)]
        known = hand & self._shown_cards()  # a card back in a hand from the table was taken
        setup = self._setup
        if not setup.undealt and seat == setup.dealer:  # the whole pack dealt (D4)
            known |= hand & (1 << setup.trump)
        return known

    def _shown_cards(self) -> int:
        """The cards that have been on the table so far: one union per move, kept once found."""
        unknown = []
        state: GameState | None = self
        shown = 0
        while state is not None:
            if state._shown >= 0:
                shown = state._shown
                break
            unknown.append(state)  # not yet asked for
            state = state._parent
        for state in reversed(unknown):
            shown |= state._attack | state._covers
            _set_shown(state, shown)  # a cache: states are otherwise immutable
        return shown

    def _step(self) -> Move | None:
        return self._move

    def _events(self) -> tuple[Event, ...]:
        before: GameState = self._parent  # type: ignore[assignment]  # not a new game
        move = self._move
        if isinstance(move, Lead):
            seat: int = before._attacker  # type: ignore[assignment]  # not None: a move
            events: list[Event] = [Led(seat, move.cards)]
            for other in before._setup.seats_after[seat][:-1]:  # D7, from the left
                joined = before._hands[other] & ~self._hands[other]
                if joined:
                    events.append(Joined(other, cards_from_mask(joined)))
            return tuple(events)
        defender: int = before._defender  # type: ignore[assignment]  # not None: a move
        if isinstance(move, Cover):
            return (Covered(defender, move.attack, move.card),)
        return (Took(defender, cards_from_mask(before._attack | before._covers)),)

    def __repr__(self) -> str:
        if self._attacker is None:
            where = f"seat {self.loser} lost" if self.loser is not None else "a draw"
        else:
            where = f"seat {self._attacker} attacks seat {self._defender}"
        table = " ".join(
            f"{attack}/{cover}" if cover else str(attack) for attack, cover in self.table
        )
        return (
            f"<durak.GameState {self.players} players, trump {self.trump}, "
            f"{self._placed()[1]} moves, {where}, table: {table or 'empty'}>"
        )

    def __reduce__(self) -> tuple[object, ...]:
        setup = self._setup
        moves = [str(move) for move in self.moves]
        return (
            _rebuild,
            (setup.players, setup.dealer, setup.options, setup.deal, setup.trump, moves),
        )


build_state: Callable[..., GameState] = builder(GameState, legal=None, shown=-1)
_set_shown = GameState.__dict__["_shown"].__set__
"""A new state from its slots as keywords (``hands=``, ``attacker=``, ...; ``legal`` is ``None``, ``shown`` -1)."""


def _rebuild(
    players: object, dealer: object, options: object, deal: object, trump: object, moves: object
) -> GameState:
    """Unpickle a state by making its moves from its deal, through the rules.

    A pickle cannot smuggle in a state the rules would not make: anything that does
    not replay is a :class:`~sevens_ru.errors.RecordError`.
    """
    from .game import apply, new_game  # a cycle: the rules build on this module

    try:
        if not isinstance(deal, tuple) or not isinstance(moves, list):
            raise RecordError("the deal is not a tuple of card sets, or the moves not a list")
        index = as_int(trump)
        if index is None or not 0 <= index < len(PACK):
            raise RecordError("the trump card is not the index of a card")
        state = new_game(
            players,  # type: ignore[arg-type]  # new_game checks them
            dealer=dealer,  # type: ignore[arg-type]
            hands=[cards_from_mask(hand) for hand in deal],
            trump=PACK.cards[index],
            options=options,  # type: ignore[arg-type]
        )
        for move in moves:
            state = apply(state, move)
    except SevensError as error:
        raise RecordError(f"the pickled durak.GameState does not replay: {error}") from error
    return state
