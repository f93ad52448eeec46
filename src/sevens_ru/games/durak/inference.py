"""What one seat can infer about the hidden cards of Durak (D17, D7), and exact sampling of them.

A seat sees its own hand, the trump card, the bout, the cards set aside and the
history (D17). So it knows where most cards are: a card taken is in the taker's hand
until it is played again (:attr:`~sevens_ru.durak.PlayerView.known_cards`). The rest,
:attr:`~sevens_ru.durak.PlayerView.unseen`, are in the other hands or among the cards
left over after the deal (:data:`UNDEALT`), and the hand sizes say how many each holds.

Joining tells more (D7): right after a lead, no seat but the attacker holds a card of
the led rank, for each had to join with all of them. A card a seat holds without it
being known has been in its hand since the deal (cards enter a hand only by the deal or
by a take, and a take is public), so it held that card at every lead since: **a seat
holds no hidden card of a rank that another seat has led.**

:func:`infer` turns a :class:`~sevens_ru.durak.PlayerView` into an :class:`Inference`,
which counts the consistent deals of the hidden cards exactly and draws from them
exactly uniformly, and builds whole game states from the draws
(:meth:`Inference.sample_state`) without replaying the game for each.

>>> import random
>>> from sevens_ru import Card, durak
>>> from sevens_ru.durak.inference import UNDEALT, infer
>>> state = durak.apply(durak.new_game(3, dealer=0, seed=7), "lead 6♣")
>>> print(*state.history, sep="; ")  # now only seat 1 may hold a six
seat 1 leads 6♣; seat 2 joins 6♦; seat 0 joins 6♥
>>> inference = infer(durak.view(state, 0))
>>> sorted(inference.holders[Card.parse("6♠")]), sorted(inference.holders[Card.parse("7♠")])
([-1, 1], [-1, 1, 2])
>>> hands = inference.sample(random.Random(1))
>>> hands[0] == state.hand(0), [len(hand) for hand in hands]
(True, [8, 8, 8])
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from operator import xor
from types import MappingProxyType

from ...common._deals import Deals, check_hand_size, seats_of
from ...common._games import not_a_view
from ...common._linked import lineage
from ...common._numbers import as_int
from ...common.cards import Card, cards_from_mask, mask_of
from ...errors import (
    InconsistentViewError,
    InvalidSeatError,
    SevensError,
    WrongTypeError,
)
from .deal import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, PACK, pack_mask
from .events import Covered, Joined, Led, Took
from .game import apply, new_game
from .moves import Cover, Lead, Move, Take
from .names import DURAK
from .observation import PlayerView, view
from .state import GameState, Setup, build_state

__all__ = [
    "UNDEALT",
    "Inference",
    "infer",
    "possible_holders",
    "sample_hands",
    "sample_state",
]

UNDEALT = -1
"""The place of the cards left over after the deal (D4), among the holders of a card."""

_RANK_CARDS = {
    rank: PACK.mask_of(card for card in PACK if card.rank == rank) for rank in PACK.ranks
}


class Inference:
    """Everything one Durak view proves about the hidden cards, with exact counts.

    Build it with :func:`infer`; draw many samples from one inference, since its tables
    are filled as they are needed and then reused.

    >>> import random
    >>> from math import factorial
    >>> from sevens_ru import durak
    >>> from sevens_ru.durak.inference import infer
    >>> inference = infer(durak.view(durak.new_game(4, dealer=0, seed=3), 2))
    >>> len(inference.unseen)  # the dealer's trump card is known (D4)
    26
    >>> inference.count == factorial(26) // (factorial(8) * factorial(9) * factorial(9))
    True
    >>> sampled = inference.sample_state(random.Random(5))
    >>> durak.view(sampled, 2) == inference.view
    True
    """

    __slots__ = (
        "_allowed",
        "_deals",
        "_holders",
        "_known",
        "_places",
        "_template",
        "_undealt",
        "_view",
    )

    def __init__(self, seen: PlayerView) -> None:
        places, room, allowed, hidden, known, undealt = _facts(seen)
        self._view = seen
        self._places = places
        self._known = known
        self._undealt = undealt
        self._allowed = dict(zip(places, allowed, strict=True))
        self._deals = Deals(allowed, room, hidden)
        self._holders: Mapping[Card, frozenset[int]] | None = None
        if not self._deals.count:
            raise InconsistentViewError(
                "no deal of the hidden cards fits the view: the hand sizes and the joins "
                "contradict each other (D7)"
            )
        self._template = _template(self, seen)

    @property
    def view(self) -> PlayerView:
        """The view this inference was drawn from."""
        return self._view

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The hidden cards, in canonical order: in other hands, not known to be there, or left over."""
        return tuple(sorted(self._view.unseen))

    @property
    def count(self) -> int:
        """The exact number of ways to place the hidden cards consistently with the view."""
        return self._deals.count

    def allowed(self, seat: int) -> tuple[Card, ...]:
        """The hidden cards ``seat`` may hold by the joins alone (D7), hand sizes aside.

        ``seat`` is another seat, or :data:`UNDEALT` (which may hold any hidden card).

        >>> from sevens_ru import Card, durak
        >>> from sevens_ru.durak.inference import infer
        >>> state = durak.apply(durak.new_game(3, dealer=0, seed=7), "lead 6♣")
        >>> Card.parse("6♠") in infer(durak.view(state, 0)).allowed(2)  # seat 2 joined
        False

        Raises:
            InvalidSeatError: ``seat`` is the viewer's own seat, or no seat at all.
        """
        number = as_int(seat)
        if number is None or number not in self._allowed:
            raise InvalidSeatError(
                f"seat {seat!r} is not one of the other places {list(self._allowed)}"
            )
        return cards_from_mask(self._allowed[number])

    @property
    def holders(self) -> Mapping[Card, frozenset[int]]:
        """For each hidden card, the seats (and :data:`UNDEALT`) holding it in some consistent deal."""
        if self._holders is None:
            places = self._places
            self._holders = MappingProxyType(
                {
                    PACK.cards[index]: frozenset(places[place] for place in found)
                    for index, found in self._deals.holders().items()
                }
            )
        return self._holders

    def sample(self, rng: random.Random) -> tuple[tuple[Card, ...], ...]:
        """The current hands of one consistent deal, exactly uniform: a tuple per seat, in canonical order.

        The viewer's own hand is as it is, and every seat holds the cards known to be
        in its hand.
        """
        return tuple(cards_from_mask(hand) for hand in self.sample_masks(rng))

    def sample_masks(self, rng: random.Random) -> tuple[int, ...]:
        """:meth:`sample` as card sets (bit ``i`` is ``DECK[i]``): faster, for search."""
        return self._draw(rng)[0]

    def sample_state(self, rng: random.Random) -> GameState:
        """A whole game state whose hidden cards are one exactly uniform consistent deal.

        It has the view's history, so ``durak.view(state, seat)`` is the view again;
        the hidden hands and the cards left over are drawn as :meth:`sample` draws
        them. The state is built directly, without replaying the game.
        """
        hands, undealt = self._draw(rng)
        template = self._template
        deal = tuple(map(xor, hands, template.changes[0]))
        first = template.states[0]._setup
        setup = Setup(first.players, first.dealer, first.options, deal, first.trump, undealt)
        state: GameState | None = None
        for model, changes in zip(template.states, template.changes, strict=True):
            state = build_state(
                setup=setup,
                hands=tuple(map(xor, hands, changes)),
                attacker=model._attacker,
                defender=model._defender,
                attack=model._attack,
                uncovered=model._uncovered,
                covers=model._covers,
                aside=model._aside,
                out=model._out,
                bouts=model._bouts,
                takes=model._takes,
                parent=state,
                move=model._move,
            )
        return state  # type: ignore[return-value]  # the chain holds at least the new game

    def _draw(self, rng: random.Random) -> tuple[tuple[int, ...], int]:
        """The current hands and the cards left over (the trump card among them) of one deal."""
        if not isinstance(rng, random.Random):
            raise WrongTypeError(f"expected a random.Random, got {type(rng).__name__}")
        drawn = self._deals.sample(rng)
        hands = list(self._known)
        undealt = self._undealt
        for place, cards in zip(self._places, drawn, strict=True):
            if place == UNDEALT:
                undealt |= cards
            else:
                hands[place] |= cards
        return tuple(hands), undealt

    def __repr__(self) -> str:
        return f"<durak.Inference for seat {self._view.seat}: {self.count} consistent deals>"


class _Template:
    """A replay of the view's moves from one consistent deal, to build other states from.

    Every field of a state but the hands is public, and the hands of any consistent
    deal differ from the template's at every step by the same public cards: a hidden
    card stays in its hand from the deal to now. ``changes[t]`` holds, per seat, the
    cards to toggle in the current hands to get the hands of ``states[t]``.
    """

    __slots__ = ("changes", "states")

    def __init__(self, states: list[GameState]) -> None:
        last = states[-1]._hands
        self.states = states
        self.changes = [
            tuple(hand ^ now for hand, now in zip(state._hands, last, strict=True))
            for state in states
        ]


def _template(inference: Inference, seen: PlayerView) -> _Template:
    """Replay the view's moves from one consistent deal, and check that it gives the view."""
    hands, _ = inference._draw(random.Random(0))  # any consistent deal will do
    dealt = list(hands)
    moves: list[Move] = []
    for event in reversed(seen.history):  # undo each event on the current hands
        if isinstance(event, Took):
            dealt[event.seat] &= ~mask_of(event.cards)
            moves.append(Take())
        elif isinstance(event, Covered):
            dealt[event.seat] |= event.card.bit
            moves.append(Cover(event.attack, event.card))
        else:
            dealt[event.seat] |= mask_of(event.cards)
            if isinstance(event, Led):
                moves.append(Lead(event.cards))
    try:
        state = new_game(
            seen.players,
            dealer=seen.dealer,
            hands=[cards_from_mask(hand) for hand in dealt],
            trump=seen.trump,
            options=seen.options,
        )
        for move in reversed(moves):
            state = apply(state, move)
    except SevensError as error:
        raise InconsistentViewError(f"the view's history does not replay: {error}") from error
    if view(state, seen.seat) != seen:
        raise InconsistentViewError(
            "the view is not what its history gives: some field contradicts the moves"
        )
    return _Template(lineage(state))


def _facts(
    seen: PlayerView,
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, tuple[int, ...], int]:
    """Check ``seen`` and read off the places, their room, what each may hold and the known cards.

    Returns the places (other seats, then :data:`UNDEALT` if cards were left over),
    the hidden cards each place holds, the hidden cards each may hold (D7), all the
    hidden cards, the cards known per seat (the viewer's whole hand), and the cards
    left over that are known (the trump card, with 2 or 3 players).
    """
    if not isinstance(seen, PlayerView):
        raise not_a_view(
            "durak.inference.infer()", seen, game=DURAK, instead="sevens_ru.inference.infer"
        )
    players, seat = seats_of(seen, MIN_PLAYERS, MAX_PLAYERS, "D2")
    if not isinstance(seen.hand_sizes, tuple) or len(seen.hand_sizes) != players:
        raise InconsistentViewError(f"view.hand_sizes needs one entry per seat ({players})")
    check_hand_size(seen, seat)
    excluded = [0] * players
    for event in seen.history:
        if isinstance(event, Led):  # D7: after it, only the attacker holds that rank
            for other in range(players):
                if other != event.seat:
                    excluded[other] |= _RANK_CARDS[event.cards[0].rank]
        elif not isinstance(event, (Joined, Covered, Took)):
            raise InconsistentViewError(f"{event!r} is not an event of Durak")
    pack = pack_mask(seen.options.short_deck)
    known = [mask_of(cards) for cards in seen.known_cards]
    known[seat] = mask_of(seen.hand)
    hidden = mask_of(seen.unseen)
    left_over = pack.bit_count() - players * HAND_SIZE  # D4: the trump card among them
    undealt = seen.trump.bit if left_over else 0
    places: list[int] = []
    room: list[int] = []
    for other in range(players):
        if other != seat:
            places.append(other)
            room.append(seen.hand_sizes[other] - known[other].bit_count())
    if left_over:
        places.append(UNDEALT)
        room.append(left_over - 1)
    if min(room) < 0 or sum(room) != hidden.bit_count():
        raise InconsistentViewError(
            "the hand sizes do not fit the cards the view cannot place: "
            f"{hidden.bit_count()} hidden cards for room {room}"
        )
    allowed = tuple(hidden if place == UNDEALT else hidden & ~excluded[place] for place in places)
    return tuple(places), tuple(room), allowed, hidden, tuple(known), undealt


def infer(view: PlayerView) -> Inference:
    """Read everything ``view`` proves about the hidden cards (D17, D7).

    Raises:
        NotAGameStateError: ``view`` is not a :class:`~sevens_ru.durak.PlayerView`.
        InconsistentViewError: no game can produce ``view`` (only for hand-built views).
    """
    return Inference(view)


def possible_holders(view: PlayerView) -> Mapping[Card, frozenset[int]]:
    """For every card ``view``'s seat cannot place, the seats that may hold it, and :data:`UNDEALT`.

    A seat may hold a card when some deal consistent with the view (hand sizes, cards
    seen, cards taken, and joining, D7) gives it that card; :data:`UNDEALT` (``-1``)
    stands for the cards left over after the deal (2 or 3 players).

    >>> from sevens_ru import Card, durak
    >>> from sevens_ru.durak.inference import UNDEALT, possible_holders
    >>> state = durak.apply(durak.new_game(3, dealer=0, seed=7), "lead 6♣")
    >>> holders = possible_holders(durak.view(state, 2))  # seat 0 joined: it holds no six
    >>> sorted(holders[Card.parse("6♠")]) == [UNDEALT, 1], sorted(holders[Card.parse("7♠")])
    (True, [-1, 0, 1])
    """
    return infer(view).holders


def sample_hands(view: PlayerView, rng: random.Random) -> tuple[tuple[Card, ...], ...]:
    """One deal of the current hands, drawn exactly uniformly among those ``view`` allows.

    A tuple per seat in canonical order; the viewer's own hand as it is, every seat
    with the cards known to be in its hand. To draw many, build :func:`infer` once and
    call :meth:`Inference.sample`.

    >>> import random
    >>> from sevens_ru import durak
    >>> from sevens_ru.durak.inference import sample_hands
    >>> seen = durak.view(durak.new_game(2, dealer=0, seed=1), 0)
    >>> hands = sample_hands(seen, random.Random(5))
    >>> [len(hand) for hand in hands], hands[0] == seen.hand
    ([9, 9], True)

    Raises:
        InconsistentViewError: no deal fits the view (only for hand-built views).
    """
    return infer(view).sample(rng)


def sample_state(view: PlayerView, rng: random.Random) -> GameState:
    """A whole game state with ``view``'s history and the hidden cards drawn exactly uniformly.

    ``durak.view(state, view.seat) == view``; see :meth:`Inference.sample_state`.

    >>> import random
    >>> from sevens_ru import durak
    >>> from sevens_ru.durak.inference import sample_state
    >>> real = durak.apply(durak.new_game(3, dealer=0, seed=7), "lead 6♣")
    >>> state = sample_state(durak.view(real, 2), random.Random(1))
    >>> state.history == real.history, durak.view(state, 2) == durak.view(real, 2)
    (True, True)

    Raises:
        InconsistentViewError: no deal fits the view (only for hand-built views).
    """
    return infer(view).sample_state(rng)
