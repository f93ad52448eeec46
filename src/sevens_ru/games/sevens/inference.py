"""What one seat can infer about the hidden hands (R20, R21), and exact sampling of them.

A seat sees its own hand, the table, everyone's hand size and the history. From that
it knows which cards the other seats hold between them (the *unseen* cards), and a
pass tells it more (R21): at the moment a seat passed, it held no card that was
playable then. The cards it played later were in its hand at that moment too, so they
are known; every card it holds *now* was in its hand then, so none of them was
playable at that moment. And when another seat is to play, it holds at least one card
that is playable now (otherwise it would have passed, R11).

:func:`infer` turns a :class:`~sevens_ru.PlayerView` into an :class:`Inference`, which
counts the consistent deals exactly (a dynamic programme over groups of
interchangeable cards and the remaining hand sizes, in exact integers) and can draw
from them **exactly uniformly**, with no rejection loop. :func:`possible_holders` and
:func:`sample_hands` are shortcuts for one question each.

>>> import random
>>> import sevens_ru as s7
>>> from sevens_ru.inference import infer
>>> state = s7.apply(s7.new_game(4, seed=1), "9♦")
>>> state.history  # seat 2 held no 8♦, 10♦ or 9 (R21)
(Play(seat=1, card=Card.parse('9♦')), Pass(seat=2))
>>> inference = infer(s7.view(state, 0))
>>> sorted(inference.holders[s7.Card.parse("8♦")]), sorted(inference.holders[s7.Card.parse("6♠")])
([1, 3], [1, 2, 3])
>>> inference.count  # deals of the 26 unseen cards that fit what seat 0 saw
11736624900
>>> hands = inference.sample(random.Random(1))
>>> hands[0] == state.hand(0), [len(hand) for hand in hands]
(True, [9, 8, 9, 9])
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType

import attrs

from ...common._core import speedups
from ...common._deals import Deals, check_hand_size, seats_of
from ...common._games import not_a_view
from ...common._linked import lineage
from ...common._numbers import as_int
from ...common._quote import got
from ...common.cards import Card, cards_from_mask
from ...errors import (
    InconsistentViewError,
    InvalidSeatError,
    WrongTypeError,
)
from ._board import NINE_OF_DIAMONDS, playable_mask
from .deal import MAX_PLAYERS, MIN_PLAYERS, PACK, hand_sizes
from .events import Pass, Play
from .game import apply, new_game
from .names import SEVENS
from .observation import PlayerView
from .state import GameState, Setup, build_state

_WHOLE = PACK.full_mask  # the whole pack as a card set

__all__ = [
    "InconsistentViewError",
    "Inference",
    "WrongTypeError",
    "infer",
    "possible_holders",
    "sample_hands",
    "sample_state",
]


@attrs.frozen
class _Facts:
    """What a view proves about the hidden cards, as card sets."""

    seats: tuple[int, ...]  # the other seats, in seat order
    sizes: tuple[int, ...]  # their hand sizes, in the same order
    unseen: int  # the cards they hold between them
    allowed: tuple[int, ...]  # per other seat: the unseen cards it may hold (R21)
    must_play: tuple[int, int] | None  # (position in seats, card set): holds one of them (R11)


def _facts(view: PlayerView) -> _Facts:
    """Check ``view`` against the rules and read off what it proves."""
    if not isinstance(view, PlayerView):
        raise not_a_view("sevens_ru.inference", view, game=SEVENS)
    players, seat = seats_of(view, MIN_PLAYERS, MAX_PLAYERS, "R4")
    if (
        not isinstance(view.hand_sizes, tuple)
        or not isinstance(view.passes, tuple)
        or len(view.hand_sizes) != players
        or len(view.passes) != players
    ):
        raise InconsistentViewError(
            f"view.hand_sizes and view.passes need one entry per seat ({players})"
        )
    if type(view.dealer) is not int or not 0 <= view.dealer < players:
        raise InconsistentViewError(
            f"view.dealer must be a seat from 0 to {players - 1} (M2), got {got(view.dealer)}"
        )
    hand = _mask(view.hand, "view.hand")
    table = _mask(view.table, "view.table")
    if len(view.hand) != hand.bit_count():
        raise InconsistentViewError("view.hand holds a card twice")
    if hand & table:
        cards = " ".join(map(str, cards_from_mask(hand & table)))
        raise InconsistentViewError(f"view.hand and view.table share {cards}")
    check_hand_size(view, seat)
    excluded, to_play = _replay(view, hand, table)
    seats = tuple(other for other in range(players) if other != seat)
    unseen = _WHOLE & ~hand & ~table
    sizes = tuple(view.hand_sizes[other] for other in seats)
    allowed = tuple(unseen & ~excluded[other] for other in seats)
    must_play = None
    if to_play is not None and to_play != seat:
        must_play = (seats.index(to_play), playable_mask(table) & unseen)
    return _Facts(seats, sizes, unseen, allowed, must_play)


def _mask(cards: object, name: str) -> int:
    if not isinstance(cards, (tuple, frozenset, set, list)) or not all(
        isinstance(card, Card) for card in cards
    ):
        raise InconsistentViewError(f"{name} must be a collection of Card")
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def _replay(view: PlayerView, hand: int, table: int) -> tuple[list[int], int | None]:
    """Replay the history: per seat the cards it cannot hold, and who must hold a move.

    Checks the turn order on the way (R7, R10, R11, R14). A pass excludes the cards
    playable at that moment (R21); the seat to play holds a playable card (R11), and
    before the first move it holds 9♦ (R7).
    """
    players = view.players
    dealt = hand_sizes(players, view.dealer)
    excluded = [0] * players
    passes = [0] * players
    played = [0] * players
    now = 0  # the table as the history unfolds
    expected: int | None = None  # whose turn it is; unknown before the first play
    winner: int | None = None
    for number, event in enumerate(view.history):
        if winner is not None:
            raise InconsistentViewError(f"history[{number}]: the game was already over (R14)")
        if not isinstance(event, (Play, Pass)):
            raise InconsistentViewError(f"history[{number}] is not a Play or a Pass: {event!r}")
        who = as_int(event.seat)
        if who is None or not 0 <= who < players:
            raise InconsistentViewError(f"history[{number}]: there is no seat {event.seat!r}")
        if expected is not None and who != expected:
            raise InconsistentViewError(
                f"history[{number}]: seat {who} acts, but it is seat {expected}'s turn (R10)"
            )
        if isinstance(event, Pass):
            if not now:
                raise InconsistentViewError(
                    f"history[{number}]: nobody passes before the first move (R7)"
                )
            excluded[who] |= playable_mask(now)
            passes[who] += 1
        else:
            card = event.card
            if not isinstance(card, Card):
                raise InconsistentViewError(f"history[{number}]: {card!r} is not a Card")
            if now & card.bit or not playable_mask(now) & card.bit:
                raise InconsistentViewError(
                    f"history[{number}]: {card} was not playable then (R7, R9)"
                )
            if excluded[who] & card.bit:
                raise InconsistentViewError(
                    f"history[{number}]: seat {who} plays {card}, but it passed when that "
                    "card was playable (R11)"
                )
            now |= card.bit
            played[who] += 1
            if played[who] > dealt[who]:
                raise InconsistentViewError(
                    f"history[{number}]: seat {who} was dealt only {dealt[who]} cards (R5)"
                )
            if played[who] == dealt[who]:
                winner = who
        expected = (who + 1) % players
    if now != table:
        raise InconsistentViewError("view.table is not the set of cards played in view.history")
    if tuple(passes) != tuple(view.passes):
        raise InconsistentViewError(f"view.passes is {view.passes}, the history has {passes}")
    for seat in range(players):
        if view.hand_sizes[seat] != dealt[seat] - played[seat]:
            raise InconsistentViewError(
                f"seat {seat} was dealt {dealt[seat]} cards (R5) and played {played[seat]}, "
                f"but view.hand_sizes says it holds {view.hand_sizes[seat]}"
            )
    if hand & excluded[view.seat]:
        raise InconsistentViewError(
            f"seat {view.seat} passed while it held a card playable then (R11, R21)"
        )
    if view.winner != winner:
        raise InconsistentViewError(f"view.winner is {view.winner}, the history says {winner}")
    if winner is not None:
        if view.current_player is not None:
            raise InconsistentViewError("the game is over, so view.current_player must be None")
        return excluded, None
    if expected is None:  # before the first move: the holder of 9♦ is to play (R7)
        holds_nine = bool(hand & NINE_OF_DIAMONDS)
        if holds_nine != (view.current_player == view.seat):
            raise InconsistentViewError(
                f"before the first move the holder of 9♦ is to play (R7), not "
                f"seat {view.current_player}"
            )
    elif view.current_player != expected:
        raise InconsistentViewError(
            f"view.current_player is {view.current_player}, but it is seat {expected}'s turn"
        )
    if not isinstance(view.current_player, int) or not 0 <= view.current_player < players:
        raise InconsistentViewError(f"view.current_player {view.current_player!r} is not a seat")
    return excluded, view.current_player


class Inference:
    """Everything one view proves about the hidden hands, with exact counts.

    Build it with :func:`infer`. It is immutable; its tables are filled as they are
    needed and then reused, so draw many samples from one :class:`Inference`.

    >>> import random
    >>> import sevens_ru as s7
    >>> from sevens_ru.inference import infer
    >>> inference = infer(s7.view(s7.new_game(2, seed=3), 0))
    >>> inference.count  # 2 players: the other seat holds all 18 unseen cards
    1
    >>> inference.sample(random.Random(0))[1] == s7.new_game(2, seed=3).hands[1]
    True
    """

    __slots__ = ("_deals", "_facts", "_holders", "_own", "_template", "_view")

    def __init__(self, view: PlayerView) -> None:
        facts = self._facts = _facts(view)
        self._view = view
        # The other seats are the places; the seat to play must get a playable card (R11).
        sampler = speedups.sample if speedups is not None else None
        self._deals = Deals(facts.allowed, facts.sizes, facts.unseen, facts.must_play, sampler)
        self._holders: Mapping[Card, frozenset[int]] | None = None
        self._own = _WHOLE & ~self._facts.unseen & ~_table_mask(view)  # the viewer's hand
        self._template: _Template | None = None
        if not self.count:
            raise InconsistentViewError(
                "no deal of the unseen cards fits the view: the hand sizes and the passes "
                "contradict each other (R21)"
            )

    @property
    def view(self) -> PlayerView:
        """The view this inference was drawn from."""
        return self._view

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards the other seats hold between them, in canonical order."""
        return cards_from_mask(self._facts.unseen)

    @property
    def count(self) -> int:
        """The exact number of ways to deal the unseen cards consistently with the view."""
        return self._deals.count

    def allowed(self, seat: int) -> tuple[Card, ...]:
        """The unseen cards ``seat`` may hold by its passes alone (R21), sizes aside.

        Raises :class:`~sevens_ru.InvalidSeatError` for the viewer's own seat or a seat
        that does not exist.

        >>> import sevens_ru as s7
        >>> from sevens_ru.inference import infer
        >>> state = s7.apply(s7.new_game(4, seed=1), "9♦")  # seat 2 passes
        >>> s7.Card.parse("8♦") in infer(s7.view(state, 0)).allowed(2)
        False
        """
        number = as_int(seat)
        if number is None or number not in self._facts.seats:
            raise InvalidSeatError(
                f"seat {seat!r} is not one of the other seats {list(self._facts.seats)}"
            )
        return cards_from_mask(self._facts.allowed[self._facts.seats.index(number)])

    @property
    def holders(self) -> Mapping[Card, frozenset[int]]:
        """For each unseen card, the other seats holding it in at least one consistent deal.

        This takes the hand sizes into account: a seat whose passes leave it exactly as
        many possible cards as it holds must hold all of them, so no one else can.
        """
        if self._holders is None:
            seats = self._facts.seats
            self._holders = MappingProxyType(
                {
                    PACK.cards[index]: frozenset(seats[position] for position in positions)
                    for index, positions in self._deals.holders().items()
                }
            )
        return self._holders

    def sample(self, rng: random.Random) -> tuple[tuple[Card, ...], ...]:
        """One deal of the current hands, exactly uniform among the consistent ones.

        A tuple per seat, each in canonical order; the viewer's own hand as it is.
        """
        hands = self.sample_masks(rng)
        return tuple(cards_from_mask(hand) for hand in hands)

    def sample_masks(self, rng: random.Random) -> tuple[int, ...]:
        """:meth:`sample` as card sets (bit ``i`` is ``DECK[i]``): faster, for search."""
        if not isinstance(rng, random.Random):
            raise WrongTypeError(f"expected a random.Random, got {type(rng).__name__}")
        masks = self._deals.sample(rng)  # in C where the compiled core is built
        hands = [0] * self._view.players
        hands[self._view.seat] = self._own
        for position, other in enumerate(self._facts.seats):
            hands[other] = masks[position]
        return tuple(hands)

    def sample_state(self, rng: random.Random) -> GameState:
        """A whole game state whose hidden hands are one exactly uniform consistent deal.

        It has the view's history, so ``s7.view(state, seat)`` is the view again; the
        hidden hands are drawn as :meth:`sample` draws them. The state is built
        directly, without replaying the game: every state of its history takes the
        public facts (the board, the seat to play) of one replay made the first time.

        >>> import random
        >>> import sevens_ru as s7
        >>> from sevens_ru.inference import infer
        >>> state = s7.apply(s7.apply(s7.new_game(4, seed=1), "9♦"), "9♣")
        >>> sampled = infer(s7.view(state, 0)).sample_state(random.Random(2))
        >>> sampled.history == state.history, s7.view(sampled, 0) == s7.view(state, 0)
        (True, True)
        """
        hands = self.sample_masks(rng)
        template = self._template
        if template is None:
            template = self._template = _Template(self._view, hands)
        deal = tuple(hand | played for hand, played in zip(hands, template.played, strict=True))
        setup = Setup(self._view.players, self._view.options, deal, self._view.dealer)
        state: GameState | None = None
        for board, turn in template.steps:
            # R7 before the first play; R14 once over; else the seat's playable cards.
            moves = NINE_OF_DIAMONDS if state is None else 0 if turn is None else deal[turn] & board
            state = build_state(setup=setup, board=board, turn=turn, moves=moves, parent=state)
        return state  # type: ignore[return-value]  # the chain holds at least the new game

    def __repr__(self) -> str:
        return f"<Inference for seat {self._view.seat}: {self.count} consistent deals>"


class _Template:
    """The public facts of every state of a view's history, from one replay of it.

    A state's board (table, playable cards, passes) and seat to play are public; only
    the deal differs from one consistent deal to another, and with it the legal moves.
    """

    __slots__ = ("played", "steps")

    def __init__(self, view: PlayerView, hands: tuple[int, ...]) -> None:
        played = [0] * view.players
        for event in view.history:
            if isinstance(event, Play):
                played[event.seat] |= event.card.bit
        dealt = [cards_from_mask(hand | cards) for hand, cards in zip(hands, played, strict=True)]
        state = new_game(view.players, hands=dealt, options=view.options, dealer=view.dealer)
        for event in view.history:
            if isinstance(event, Play):
                state = apply(state, event.card)
        self.played = tuple(played)
        self.steps = tuple((step._board, step._turn) for step in lineage(state))


def _table_mask(view: PlayerView) -> int:
    mask = 0
    for card in view.table:
        mask |= card.bit
    return mask


def infer(view: PlayerView) -> Inference:
    """Read everything ``view`` proves about the hidden hands (R20, R21).

    Raises:
        NotAGameStateError: ``view`` is not a :class:`~sevens_ru.PlayerView`.
        InconsistentViewError: no game can produce ``view`` (only for hand-built views).
    """
    return Inference(view)


def possible_holders(view: PlayerView) -> Mapping[Card, frozenset[int]]:
    """For every card ``view``'s seat has not seen, the other seats that may hold it.

    A seat may hold a card when some deal consistent with the view (hand sizes, cards
    seen, every pass, R21) gives it that card.

    >>> import sevens_ru as s7
    >>> from sevens_ru.inference import possible_holders
    >>> state = s7.apply(s7.new_game(4, seed=1), "9♦")  # seat 2 passes: no 8♦, 10♦, 9
    >>> holders = possible_holders(s7.view(state, 0))
    >>> sorted(holders[s7.Card.parse("8♦")]), sorted(holders[s7.Card.parse("6♠")])
    ([1, 3], [1, 2, 3])
    """
    return infer(view).holders


def sample_state(view: PlayerView, rng: random.Random) -> GameState:
    """A whole game state with ``view``'s history and the hidden hands drawn exactly uniformly.

    ``s7.view(state, view.seat) == view``; see :meth:`Inference.sample_state`. To draw
    many, build :func:`infer` once and call :meth:`Inference.sample_state`.

    >>> import random
    >>> import sevens_ru as s7
    >>> from sevens_ru.inference import sample_state
    >>> real = s7.apply(s7.new_game(4, seed=1), "9♦")
    >>> state = sample_state(s7.view(real, 3), random.Random(1))
    >>> state.history == real.history, state.hand(3) == real.hand(3)
    (True, True)

    Raises:
        InconsistentViewError: no deal fits the view (only for hand-built views).
    """
    return infer(view).sample_state(rng)


def sample_hands(view: PlayerView, rng: random.Random) -> tuple[tuple[Card, ...], ...]:
    """One deal of the current hands, drawn exactly uniformly among those ``view`` allows.

    A tuple per seat in canonical order; the viewer's own hand is as it is. Every
    consistent deal (hand sizes, cards seen, every pass, and the seat to play holding a
    playable card) is equally likely. To draw many, build :func:`infer` once and call
    :meth:`Inference.sample`.

    >>> import random
    >>> import sevens_ru as s7
    >>> from sevens_ru.inference import sample_hands
    >>> seen = s7.view(s7.new_game(4, seed=1), 0)
    >>> hands = sample_hands(seen, random.Random(5))
    >>> [len(hand) for hand in hands], hands[0] == seen.hand
    ([9, 9, 9, 9], True)

    Raises:
        InconsistentViewError: no deal fits the view (only for hand-built views).
    """
    return infer(view).sample(rng)
