"""A game's deal as chance nodes, one per card, and what else OpenSpiel reads of a game.

:class:`Chances` is the honest chance model of a card deal: one chance node per card
of :attr:`~Chances.cards`, in that order, whose outcome is the *place* that receives the
card (a seat, or after the seats the cards left over), with the probability ``room /
cards left`` of the room each place still has: every deal is then exactly as likely as
any other, as a shuffled pack makes them. A game may add one last chance node (Durak's
trump card) that draws a card among those :attr:`~Chances.last` names, uniformly; its
outcome is the card's number in the game's pack. :class:`DealerChances` puts a chance
node before them that draws the dealer, each seat equally likely, for a game whose hand
sizes depend on who deals (the layout family's, F7).

The nodes are walked cheaply: :meth:`Chances.first` gives the first :class:`Node`, and
each node its outcomes and, by :meth:`Node.after`, the node after an outcome. Nodes are
made once per room left and kept, so a deal's chance nodes cost a lookup each.

A game's ``encode.chances(players, options)`` fills one in (``Tensors.chances``), and
the OpenSpiel adapter (:mod:`sevens_ru.envs.openspiel`) is written once against it.
Nothing here needs OpenSpiel or numpy.

>>> from sevens_ru.games.sevens.encode import chances
>>> model = chances(3, None)
>>> model.group, model.length, len(model.outcomes([]))  # 3 cards a node, 27 ways to give them
(3, 12, 27)
>>> model.outcomes([])[0], model.text([], 0)  # all three to seat 0: 12/36 × 11/35 × 10/34
((0, 0.0308...), '6♣ to seat 0, 7♣ to seat 0, 8♣ to seat 0')
>>> state = model.state(model._grouped([0] * 12 + [1] * 12 + [2] * 12))
>>> [len(hand) for hand in state.hands], model.outcomes_of(state) == [0] * 4 + [13] * 4 + [26] * 4
([12, 12, 12], True)
>>> node = model.first()
>>> node.outcomes == model.outcomes([]), node.after(26).outcomes == model.outcomes([26])
(True, True)
"""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import attrs

from ..errors import IllegalMoveError
from ._quote import excerpt
from .cards import Card
from .packs import Pack

__all__ = ["LOST", "Chances", "Deal", "DealerChances", "Node"]

_KEPT = 1 << 18
"""The most outcomes a model keeps in its nodes: past that it forgets them and makes them again."""
_MOST_OUTCOMES = 64
"""The most outcomes of a chance node that deals cards: the cards of one are as many as fit."""
_LANE = 64
"""The bits of one place's card set in :meth:`Chances.sets`'s sums: the largest pack."""
_LANE_MASK = (1 << _LANE) - 1


@attrs.frozen(kw_only=True)
class Chances:
    """The chance model of one game's deal for a seat count and options, and its texts.

    The cards are dealt :attr:`group` at a time, in the order of :attr:`cards`: one
    chance node per group, whose outcome names the place of each of its cards (the
    place of its ``j``-th card is digit ``j`` of the outcome in base ``len(room)``),
    with the probability of drawing them one after the other. Fewer, larger nodes cost
    OpenSpiel less than a node per card, and the deals stay exactly as likely.
    """

    cards: tuple[Card, ...]
    """The cards dealt, in this order, :attr:`group` to a chance node."""
    room: tuple[int, ...]
    """How many cards each place receives: the seats, then perhaps the cards left over."""
    players: int
    """The seats."""
    pack: Pack
    """The game's pack: the last chance node's outcomes are its card numbers."""
    build: Callable[[list[list[Card]], Card | None], Any]
    """The game state of a deal: each place's cards, and the last chance node's card."""
    dealt: Callable[[Any], tuple[Sequence[Sequence[Card]], Card | None]]
    """A state's deal, the other way round: the seats' hands, and the last node's card."""
    actions: Callable[[Any], list[int]]
    """The action numbers of the moves made in a state, oldest first."""
    max_moves: int
    """The most moves a game can last."""
    infer: Callable[[Any], Any]
    """The inference of a view (what ``sample_state(rng)`` draws from, exactly uniformly)."""
    observation_text: Callable[[Any], str]
    """A view as OpenSpiel's observation string."""
    dealt_text: Callable[[Any], str]
    """The cards a view's seat was dealt, as text (for the information-state string)."""
    last: Callable[[list[list[Card]]], Sequence[Card]] | None = None
    """The cards the last chance node draws from, given each place's cards; ``None``: no
    such node."""
    last_name: str = "trump"
    """The last chance node's card, in its outcomes' texts."""
    build_sets: Callable[[list[int], int | None], Any] | None = None
    """Where the game has it, :attr:`build` from card sets: each place's cards as a card
    set of :attr:`pack` (bit ``i`` is ``pack.cards[i]``) and the last chance node's
    outcome (a card's number). The nodes have checked the deal, so nothing is read
    card by card: a deal costs a few lookups instead of a card's parse and hash each."""
    last_set: Callable[[list[int]], int] | None = None
    """:attr:`last` from card sets, for :attr:`build_sets`: the card set the last node
    draws from, given each place's card set."""
    group: int = attrs.field()
    """The cards of one chance node: as many as keep its outcomes to at most 64."""
    _nodes: dict[tuple[int, ...], Node] = attrs.field(
        factory=dict, init=False, eq=False, repr=False
    )
    _spread: list[list[int]] = attrs.field(factory=list, init=False, eq=False, repr=False)

    @group.default
    def _group(self) -> int:
        group = 1
        while len(self.room) ** (group + 1) <= _MOST_OUTCOMES:
            group += 1
        return group

    @property
    def card_nodes(self) -> int:
        """The number of chance nodes that deal the cards."""
        return -(-len(self.cards) // self.group)

    @property
    def length(self) -> int:
        """The number of chance nodes of a deal."""
        return self.card_nodes + (self.last is not None)

    @property
    def max_outcomes(self) -> int:
        """The most outcomes one chance node has."""
        cards: int = len(self.room) ** min(self.group, len(self.cards))
        return max(cards, len(self.pack) if self.last is not None else 0)

    # The outcomes of the card nodes, one per group, and the places of the cards.

    def _places_of(self, dealt: Sequence[int]) -> list[int]:
        """The place of each card dealt by the card nodes' outcomes ``dealt`` (the first ones)."""
        base, group, count = len(self.room), self.group, len(self.cards)
        places: list[int] = []
        for outcome in dealt[: self.card_nodes]:
            for _ in range(min(group, count - len(places))):
                outcome, place = divmod(outcome, base)
                places.append(place)
        return places

    def _grouped(self, places: Sequence[int]) -> list[int]:
        """The card nodes' outcomes that deal each card to its place in ``places``."""
        base, group = len(self.room), self.group
        outcomes = []
        for start in range(0, len(places), group):
            outcome = 0
            for place in reversed(places[start : start + group]):
                outcome = outcome * base + place
            outcomes.append(outcome)
        return outcomes

    def places(self, dealt: Sequence[int]) -> list[list[Card]]:
        """Each place's cards after the chance outcomes ``dealt``."""
        places: list[list[Card]] = [[] for _ in self.room]
        for card, place in zip(self.cards, self._places_of(dealt), strict=False):
            places[place].append(card)
        return places

    def sets(self, dealt: Sequence[int]) -> list[int]:
        """Each place's cards after the chance outcomes ``dealt``, as card sets of :attr:`pack`.

        One lookup per card node: each outcome's cards, place by place, in lanes of 64
        bits of one int (made once per model), summed and split.

        >>> from sevens_ru.games.sevens.encode import chances
        >>> model = chances(3, None)
        >>> model.text([], 0), model.text([0], 13)
        ('6♣ to seat 0, 7♣ to seat 0, 8♣ to seat 0', '9♣ to seat 1, 10♣ to seat 1, J♣ to seat 1')
        >>> [model.pack.cards_of(cards) for cards in model.sets([0, 13])]
        [(Card.parse('6♣'), Card.parse('7♣'), Card.parse('8♣')), (Card.parse('9♣'), Card.parse('10♣'), Card.parse('J♣')), ()]
        """
        spread = self._spread or self._make_spread()
        lanes = 0
        for table, outcome in zip(spread, dealt, strict=False):  # the card nodes' outcomes
            lanes += table[outcome]
        return [lanes >> (_LANE * place) & _LANE_MASK for place in range(len(self.room))]

    def _make_spread(self) -> list[list[int]]:
        """For each card node, the lanes of each outcome: place ``p``'s cards at bit ``64 p``."""
        if len(self.pack) > _LANE:
            raise ValueError(f"card sets of a pack of {len(self.pack)} cards: at most {_LANE}")
        base, group = len(self.room), self.group
        spread = []
        for start in range(0, len(self.cards), group):
            cards = self.cards[start : start + group]
            table = []
            for outcome in range(base ** len(cards)):
                lanes, rest = 0, outcome
                for card in cards:
                    rest, place = divmod(rest, base)
                    lanes |= 1 << (self.pack.index(card) + _LANE * place)
                table.append(lanes)
            spread.append(table)
        self._spread[:] = spread
        return spread

    def hand(self, dealt: Sequence[int], player: int) -> list[Card]:
        """The cards ``player`` has received by the outcomes ``dealt``."""
        places = self._places_of(dealt)
        return [card for card, place in zip(self.cards, places, strict=False) if place == player]

    def outcomes(self, dealt: Sequence[int]) -> list[tuple[int, float]]:
        """The chance outcomes after the outcomes ``dealt``, with their probabilities."""
        if len(dealt) == self.card_nodes:  # the last card, uniformly among its candidates
            candidates = self._candidates(dealt)
            return [(index, 1 / len(candidates)) for index in candidates]
        places = self._places_of(dealt)
        left = [room - places.count(place) for place, room in enumerate(self.room)]
        return list(self._node(tuple(left)).outcomes)

    def text(self, dealt: Sequence[int], outcome: int) -> str:
        """The text of chance outcome ``outcome`` after the outcomes ``dealt``."""
        if len(dealt) == self.card_nodes:
            return f"{self.last_name} {self.pack.cards[outcome]}"
        start = len(dealt) * self.group
        cards = self.cards[start : start + self.group]
        parts = []
        for card, place in zip(cards, self._places_of([outcome]), strict=False):
            parts.append(f"{card} to {f'seat {place}' if place < self.players else 'the rest'}")
        return ", ".join(parts)

    def state(self, dealt: Sequence[int]) -> Any:
        """The game state of a complete deal: the outcomes of every chance node."""
        if self.build_sets is not None:
            return self.build_sets(self.sets(dealt), dealt[-1] if self.last is not None else None)
        last = self.pack.cards[dealt[-1]] if self.last is not None else None
        return self.build(self.places(dealt), last)

    def outcomes_of(self, state: Any) -> list[int]:
        """The chance outcomes that deal ``state``'s deal."""
        hands, last = self.dealt(state)
        owner = {card: seat for seat, hand in enumerate(hands) for card in hand}
        rest = len(self.room) - 1  # the place of the cards left over, if any
        outcomes = self._grouped([owner.get(card, rest) for card in self.cards])
        if last is not None:
            outcomes.append(self.pack.index(last))
        return outcomes

    def resample(self, dealt: Sequence[int], player: int, rng: random.Random) -> list[int]:
        """Outcomes like ``dealt`` that ``player`` cannot tell from it, exactly uniformly.

        The player knows which of the cards dealt so far are its own; the others may
        have gone to any other place. A uniform deal given that: the player's missing
        cards among the cards still to come, the other cards shared among the others.
        """
        dealt_places = self._places_of(dealt)
        count = len(dealt_places)
        mine = [position for position in range(count) if dealt_places[position] == player]
        later = list(range(count, len(self.cards)))
        mine += rng.sample(later, self.room[player] - len(mine))
        taken = set(mine)
        others = [position for position in range(len(self.cards)) if position not in taken]
        rng.shuffle(others)
        owners = [player] * len(self.cards)
        start = 0
        for place, room in enumerate(self.room):
            if place != player:
                for position in others[start : start + room]:
                    owners[position] = place
                start += room
        outcomes = self._grouped(owners[:count])
        if len(dealt) > self.card_nodes:  # the last card is public
            outcomes.append(dealt[-1])
        return outcomes

    def _candidates(self, dealt: Sequence[int]) -> list[int]:
        assert self.last is not None  # only asked after the cards, with a last node
        if self.last_set is not None:
            cards = self.last_set(self.sets(dealt))
            return [index for index in range(cards.bit_length()) if cards >> index & 1]
        return [self.pack.index(card) for card in self.last(self.places(dealt))]

    # The nodes, kept by the room each place has left.

    def first(self) -> Node:
        """The deal's first chance node."""
        return self._node(self.room)

    def _node(self, left: tuple[int, ...]) -> Node:
        """The node of the cards after those dealt when each place has ``left`` room."""
        found = self._nodes.get(left)
        if found is None:
            if len(self._nodes) * self.max_outcomes >= _KEPT:
                self._nodes.clear()
            outcomes = _draws(left, min(self.group, sum(left)))
            found = self._nodes[left] = Node(outcomes, functools.partial(self._after, left))
        return found

    def _after(self, left: tuple[int, ...], outcome: int) -> Node | None:
        given = outcome
        splits = _splits(len(left), min(self.group, sum(left)))  # each outcome's cards a place
        rest = list(left)
        try:
            number = operator.index(outcome)
        except TypeError:
            number = -1
        if 0 <= number < len(splits):
            for place, count in splits[number][1]:
                rest[place] -= count
        else:
            rest[0] = -1  # not an outcome at all
        if min(rest) < 0:
            raise IllegalMoveError(
                f"{excerpt(given)} is not an outcome of this chance node: its outcomes are "
                f"{', '.join(str(action) for action, _ in self._node(left).outcomes[:8])}"
                f"{', ...' if len(self._node(left).outcomes) > 8 else ''}"
            )
        if sum(rest):
            return self._node(tuple(rest))
        if self.last is None:
            return None
        return _LAST  # the last card: its outcomes depend on the whole deal


_SPLITS: dict[tuple[int, int], list[tuple[int, tuple[tuple[int, int], ...]]]] = {}
"""For ``(places, cards)``: every outcome of a node that deals ``cards`` cards among
``places`` places, with how many of its cards each place it names receives."""


def _splits(places: int, cards: int) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
    found = _SPLITS.get((places, cards))
    if found is None:
        found = []
        for outcome in range(places**cards):
            counts: dict[int, int] = {}
            rest = outcome
            for _ in range(cards):
                rest, place = divmod(rest, places)
                counts[place] = counts.get(place, 0) + 1
            found.append((outcome, tuple(counts.items())))
        _SPLITS[(places, cards)] = found
    return found


def _draws(left: tuple[int, ...], cards: int) -> list[tuple[int, float]]:
    """Every way to give the next ``cards`` cards to places with ``left`` room, with its probability.

    Each card goes in turn to a place as likely as the room it has left, so an outcome
    that gives ``c_p`` cards to each place ``p`` has the probability
    ``Π_p left_p (left_p − 1) … (left_p − c_p + 1)`` over ``R (R − 1) … (R − cards + 1)``
    for ``R`` cards left in all.
    """
    # falling[p][c]: left_p (left_p - 1) ... (left_p - c + 1)
    falling = []
    for room in left:
        products = [1]
        for taken in range(cards):
            products.append(products[-1] * max(room - taken, 0))
        falling.append(products)
    total = 1
    remaining = sum(left)
    for taken in range(cards):
        total *= remaining - taken
    draws = []
    for outcome, counts in _splits(len(left), cards):
        ways = 1
        for place, count in counts:
            ways *= falling[place][count]
        if ways:
            draws.append((outcome, ways / total))
    return draws


class Node:
    """One chance node of a deal: its outcomes with their probabilities, and what follows each.

    :meth:`after` gives the next node of the deal after ``outcome``, ``None`` once the
    deal is complete; nodes are shared (a model keeps them), and never change.
    """

    __slots__ = ("_make", "_next", "outcomes")

    def __init__(
        self,
        outcomes: list[tuple[int, float]],
        make: Callable[[int], Node | None],
    ) -> None:
        self.outcomes = outcomes
        """The outcomes and their probabilities, as OpenSpiel's ``chance_outcomes()``."""
        self._make = make
        self._next: dict[int, Node | None] = {}

    def after(self, outcome: int) -> Node | None:
        """The node after ``outcome``, or ``None`` once the deal is complete.

        Raises:
            IllegalMoveError: ``outcome`` is not an outcome of this node.
        """
        try:
            return self._next[outcome]
        except KeyError:
            found = self._next[outcome] = self._make(outcome)
            return found

    def __deepcopy__(self, memo: object) -> Node:
        return self  # shared and never changed: OpenSpiel's clone() keeps it

    def __reduce__(self) -> tuple[Any, ...]:
        # A node is its model's: pickled, it stands for "walk the deal again" (LOST).
        return (_lost, ())


def _lost() -> Node:
    return LOST


_LAST = Node([], lambda outcome: None)
"""Where a deal with a last card node stands after its cards: ask the model for the outcomes."""

LOST = Node([], lambda outcome: None)
"""What a pickled :class:`Node` comes back as: its holder walks the deal again from its model's first node."""


class Deal(Protocol):
    """What the OpenSpiel adapter reads of a chance model: :class:`Chances` or :class:`DealerChances`."""

    @property
    def players(self) -> int: ...
    @property
    def pack(self) -> Pack: ...
    @property
    def length(self) -> int: ...
    @property
    def max_outcomes(self) -> int: ...
    @property
    def max_moves(self) -> int: ...
    def first(self) -> Node: ...
    def outcomes(self, dealt: Sequence[int]) -> list[tuple[int, float]]: ...
    def text(self, dealt: Sequence[int], outcome: int) -> str: ...
    def state(self, dealt: Sequence[int]) -> Any: ...
    def outcomes_of(self, state: Any) -> list[int]: ...
    def resample(self, dealt: Sequence[int], player: int, rng: random.Random) -> list[int]: ...
    def hand(self, dealt: Sequence[int], player: int) -> list[Card]: ...
    def actions(self, state: Any) -> list[int]: ...
    def infer(self, view: Any) -> Any: ...
    def observation_text(self, view: Any) -> str: ...
    def dealt_text(self, view: Any) -> str: ...


@attrs.frozen(kw_only=True)
class DealerChances:
    """A deal whose first chance node draws the dealer, each seat equally likely, then :class:`Chances`.

    ``deal(dealer)`` is the :class:`Chances` of the cards when ``dealer`` deals (the
    hand sizes depend on it, F7), and ``dealer(state)`` a state's dealer. The outcomes
    after the first are the dealer's model's, so every dealer and deal is exactly as
    likely as a random dealer and a shuffled pack make them.

    >>> from sevens_ru.games.family.encode import chances
    >>> model = chances("fan-tan", 3, None)
    >>> model.outcomes([]), model.length, model.max_outcomes  # 52 cards, 3 a node: 18 nodes
    ([(0, 0.333...), (1, 0.333...), (2, 0.333...)], 19, 27)
    >>> model.room_of(1)  # seat 2 deals first, so it holds the longest hand (F7)
    (17, 17, 18)
    """

    players: int
    """The seats."""
    deal: Callable[[int], Chances]
    """The chance model of the cards when seat ``dealer`` deals."""
    dealer: Callable[[Any], int]
    """A state's dealer."""
    _models: dict[int, Chances] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    _first: list[Node] = attrs.field(factory=list, init=False, eq=False, repr=False)

    def model(self, dealer: int) -> Chances:
        """The chance model of the cards when seat ``dealer`` deals, made once."""
        found = self._models.get(dealer)
        if found is None:
            if not 0 <= dealer < self.players:
                raise IllegalMoveError(
                    f"{excerpt(dealer)} is not an outcome of the dealer's chance node: "
                    f"the seats are 0 to {self.players - 1}"
                )
            found = self._models[dealer] = self.deal(dealer)
        return found

    def room_of(self, dealer: int) -> tuple[int, ...]:
        """How many cards each place receives when seat ``dealer`` deals."""
        return self.model(dealer).room

    @property
    def _any(self) -> Chances:
        return self.model(self.players - 1)

    @property
    def pack(self) -> Pack:
        """The game's pack."""
        return self._any.pack

    @property
    def length(self) -> int:
        """The number of chance nodes of a deal: the dealer's, then the cards'."""
        return 1 + self._any.length

    @property
    def max_outcomes(self) -> int:
        """The most outcomes one chance node has."""
        return max(self.players, self._any.max_outcomes)

    @property
    def max_moves(self) -> int:
        """The most moves a game can last."""
        return max(self.model(dealer).max_moves for dealer in range(self.players))

    def first(self) -> Node:
        """The deal's first chance node: the dealer's."""
        if not self._first:
            share = 1 / self.players
            self._first.append(
                Node(
                    [(seat, share) for seat in range(self.players)],
                    lambda dealer: self.model(dealer).first(),
                )
            )
        return self._first[0]

    def outcomes(self, dealt: Sequence[int]) -> list[tuple[int, float]]:
        """The chance outcomes after the outcomes ``dealt``, with their probabilities."""
        if not dealt:
            return list(self.first().outcomes)
        return self.model(dealt[0]).outcomes(dealt[1:])

    def text(self, dealt: Sequence[int], outcome: int) -> str:
        """The text of chance outcome ``outcome`` after the outcomes ``dealt``."""
        if not dealt:
            return f"seat {outcome} deals"
        return self.model(dealt[0]).text(dealt[1:], outcome)

    def state(self, dealt: Sequence[int]) -> Any:
        """The game state of a complete deal: the outcomes of every chance node."""
        return self.model(dealt[0]).state(dealt[1:])

    def outcomes_of(self, state: Any) -> list[int]:
        """The chance outcomes that deal ``state``'s deal, its dealer first."""
        dealer = self.dealer(state)
        return [dealer, *self.model(dealer).outcomes_of(state)]

    def resample(self, dealt: Sequence[int], player: int, rng: random.Random) -> list[int]:
        """Outcomes like ``dealt`` that ``player`` cannot tell from it: the dealer is public."""
        if not dealt:
            return []
        return [dealt[0], *self.model(dealt[0]).resample(dealt[1:], player, rng)]

    def hand(self, dealt: Sequence[int], player: int) -> list[Card]:
        """The cards ``player`` has received by the outcomes ``dealt``."""
        return self.model(dealt[0]).hand(dealt[1:], player) if dealt else []

    def actions(self, state: Any) -> list[int]:
        """The action numbers of the moves made in a state, oldest first."""
        return self.model(self.dealer(state)).actions(state)

    def infer(self, view: Any) -> Any:
        """The inference of a view."""
        return self._any.infer(view)

    def observation_text(self, view: Any) -> str:
        """A view as OpenSpiel's observation string."""
        return self._any.observation_text(view)

    def dealt_text(self, view: Any) -> str:
        """The cards a view's seat was dealt, as text."""
        return self._any.dealt_text(view)
