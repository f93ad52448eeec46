"""Every way to deal hidden cards to places, counted exactly and drawn exactly uniformly.

Both games' inference ask the same question: some cards are hidden, each *place* (a
seat, or the cards left over after the deal) holds a known number of them, and each
card may go only to some places. :class:`Deals` counts the ways to deal the hidden cards
so, and draws one of them uniformly, with no rejection loop. Optionally one place must
receive at least one card of a given set (the main game's seat to play holds a
playable card, R11).

The count is a dynamic programme over groups of interchangeable cards (those allowed
to the same places): a group of ``m`` cards split among its places as
``x1 + x2 + … = m`` can be dealt in ``m! / (x1! x2! …)`` ways, and the programme runs
over the room the places still have, in exact integers.

>>> import random
>>> from sevens_ru.common._deals import Deals
>>> deals = Deals(allowed=(0b0111, 0b1110), room=(2, 2), hidden=0b1111)
>>> deals.count  # card 0 to place 0, card 3 to place 1, cards 1 and 2 one each
2
>>> deals.holders()
{0: frozenset({0}), 1: frozenset({0, 1}), 2: frozenset({0, 1}), 3: frozenset({1})}
>>> deals.sample(random.Random(1)) in [(0b0011, 0b1100), (0b0101, 0b1010)]
True
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from math import factorial
from typing import Any

from ..errors import InconsistentViewError
from ._numbers import as_int
from .cards import Card

__all__ = ["Deals", "check_hand_size", "deal_again", "multinomial", "seats_of", "shares"]

_Room = tuple[tuple[int, ...], bool]  # the room each place has left; the "must" constraint met


class _Group:
    """Interchangeable hidden cards: the same places may hold each of them."""

    __slots__ = ("cards", "counts", "places")

    def __init__(self, cards: tuple[int, ...], places: tuple[int, ...], counts: bool) -> None:
        self.cards = cards  # card indexes
        self.places = places  # the places that may hold them
        self.counts = counts  # whether these cards meet the "must" constraint

    @property
    def seats(self) -> tuple[int, ...]:
        """The places, by the name the compiled sampler reads (the main game's are seats)."""
        return self.places


class Deals:
    """The deals of the ``hidden`` cards (a card set) with ``room[p]`` cards to place ``p``.

    ``allowed[p]`` is the card set place ``p`` may receive. With ``must = (p, cards)``,
    only the deals that give place ``p`` at least one card of ``cards`` count. The
    tables are filled as they are needed and then reused: draw many samples from one
    :class:`Deals`.

    ``sampler``, where given, is the compiled core's ``sample(groups, splits,
    split_table, start, must, rng)``, which makes the draws of :meth:`sample` from the
    same numbers of ``rng`` (at most 5 places, the cards of a 36-card pack).
    """

    __slots__ = ("_complete", "_groups", "_must", "_room", "_sampler", "_splits")

    def __init__(
        self,
        allowed: tuple[int, ...],
        room: tuple[int, ...],
        hidden: int,
        must: tuple[int, int] | None = None,
        sampler: Callable[..., Any] | None = None,
    ) -> None:
        self._room = room
        self._must = must
        self._sampler = sampler
        self._groups = _groups(allowed, hidden, must)
        self._complete: dict[tuple[int, _Room], int] = {}
        self._splits: dict[tuple[int, _Room], tuple[list[tuple[int, ...]], list[int]]] = {}

    @property
    def count(self) -> int:
        """The exact number of deals."""
        return self._ways(0, self._start())

    def holders(self) -> dict[int, frozenset[int]]:
        """For each hidden card (by index), the places holding it in at least one deal."""
        found: list[set[int]] = [set() for _ in self._groups]
        frontier = {self._start()}
        for number, group in enumerate(self._groups):
            following = set()
            for room in frontier:
                splits, _ = self._split_table(number, room)
                for split in splits:
                    for place, amount in zip(group.places, split, strict=True):
                        if amount:
                            found[number].add(place)
                    following.add(self._after(group, room, split))
            frontier = following
        return {
            index: frozenset(found[number])
            for number, group in enumerate(self._groups)
            for index in sorted(group.cards)
        }

    def sample(self, rng: random.Random) -> tuple[int, ...]:
        """One deal, exactly uniform among them all: the card set of each place.

        There must be at least one deal (:attr:`count` above 0).
        """
        if self._sampler is not None:
            first = self._start()
            return tuple(
                self._sampler(self._groups, self._splits, self._split_table, first, self._must, rng)
            )
        masks = [0] * len(self._room)
        room = self._start()
        for number, group in enumerate(self._groups):
            splits, cumulative = self._split_table(number, room)
            split = splits[bisect_right(cumulative, rng.randrange(cumulative[-1]))]
            cards = list(group.cards)
            rng.shuffle(cards)
            start = 0
            for place, amount in zip(group.places, split, strict=True):
                for index in cards[start : start + amount]:
                    masks[place] |= 1 << index
                start += amount
            room = self._after(group, room, split)
        return tuple(masks)

    # The dynamic programme: the groups are dealt in order, from the room left.

    def _start(self) -> _Room:
        return (self._room, self._must is None)

    def _after(self, group: _Group, room: _Room, split: tuple[int, ...]) -> _Room:
        left = list(room[0])
        met = room[1]
        for place, amount in zip(group.places, split, strict=True):
            left[place] -= amount
            if amount and group.counts and self._must is not None:
                met = met or place == self._must[0]
        return (tuple(left), met)

    def _ways(self, number: int, room: _Room) -> int:
        """The ways to deal groups ``number`` onwards from ``room``."""
        if number == len(self._groups):
            return int(room[1] and not any(room[0]))
        key = (number, room)
        ways = self._complete.get(key)
        if ways is None:
            group = self._groups[number]
            ways = sum(
                multinomial(split) * self._ways(number + 1, self._after(group, room, split))
                for split in shares(len(group.cards), [room[0][place] for place in group.places])
            )
            self._complete[key] = ways
        return ways

    def _split_table(self, number: int, room: _Room) -> tuple[list[tuple[int, ...]], list[int]]:
        """The possible splits of group ``number`` from ``room``, with cumulative weights."""
        key = (number, room)
        table = self._splits.get(key)
        if table is None:
            group = self._groups[number]
            splits: list[tuple[int, ...]] = []
            cumulative: list[int] = []
            total = 0
            for split in shares(len(group.cards), [room[0][place] for place in group.places]):
                weight = multinomial(split) * self._ways(
                    number + 1, self._after(group, room, split)
                )
                if weight:
                    total += weight
                    splits.append(split)
                    cumulative.append(total)
            table = self._splits[key] = (splits, cumulative)
        return table


def _groups(
    allowed: tuple[int, ...], hidden: int, must: tuple[int, int] | None
) -> tuple[_Group, ...]:
    """The hidden cards grouped by the places that may hold them, in card order."""
    by_key: dict[tuple[tuple[int, ...], bool], list[int]] = {}
    rest = hidden
    while rest:
        low = rest & -rest
        rest ^= low
        places = tuple(place for place, cards in enumerate(allowed) if cards & low)
        counts = must is not None and bool(must[1] & low)
        by_key.setdefault((places, counts), []).append(low.bit_length() - 1)
    return tuple(_Group(tuple(cards), places, counts) for (places, counts), cards in by_key.items())


def shares(cards: int, room: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to share ``cards`` cards among places with ``room`` free places each.

    >>> list(shares(2, [1, 2]))
    [(1, 1), (0, 2)]
    """
    if not room:
        if cards == 0:
            yield ()
        return
    if sum(room) < cards:
        return
    first, rest = room[0], room[1:]
    for amount in range(min(first, cards), -1, -1):
        for tail in shares(cards - amount, rest):
            yield (amount, *tail)


def multinomial(split: tuple[int, ...]) -> int:
    """The ways to deal ``sum(split)`` distinct cards into places of those sizes.

    >>> multinomial((1, 2))
    3
    """
    result = factorial(sum(split))
    for amount in split:
        result //= factorial(amount)
    return result


def seats_of(view: Any, least: int, most: int, rule: str) -> tuple[int, int]:
    """A view's number of seats (``least`` to ``most``, by ``rule``) and its seat, checked.

    What both games' inference check first of a view, which may be built by hand.

    >>> from types import SimpleNamespace
    >>> seats_of(SimpleNamespace(players=3, seat=2), 2, 4, "D2")
    (3, 2)
    >>> seats_of(SimpleNamespace(players=3, seat=3), 2, 4, "D2")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InconsistentViewError: view.seat must be a seat 0 to 2, got 3

    Raises:
        InconsistentViewError: ``view.players`` or ``view.seat`` is not such a number.
    """
    players = as_int(view.players)
    if players is None:
        raise InconsistentViewError(f"view.players must be an int, got {view.players!r}")
    if not least <= players <= most:
        raise InconsistentViewError(
            f"view.players must be {least} to {most} ({rule}), got {players}"
        )
    seat = as_int(view.seat)
    if seat is None or not 0 <= seat < players:
        raise InconsistentViewError(
            f"view.seat must be a seat 0 to {players - 1}, got {view.seat!r}"
        )
    return players, seat


def check_hand_size(view: Any, seat: int) -> None:
    """Raise :class:`~sevens_ru.InconsistentViewError` unless ``view.hand_sizes[seat]`` counts ``view.hand``."""
    if view.hand_sizes[seat] != len(view.hand):
        raise InconsistentViewError(
            f"view.hand_sizes[{seat}] is {view.hand_sizes[seat]} but the hand holds "
            f"{len(view.hand)} cards"
        )


def deal_again(
    deal: Sequence[Sequence[Card]],
    viewer: int,
    fixed: Card,
    rng: random.Random,
    undealt: Iterable[Card] = (),
) -> list[list[Card]]:
    """``deal``'s hands with the cards ``viewer`` cannot see dealt again to the other seats.

    The other seats' cards and the ``undealt`` ones are shuffled together and dealt
    to the other seats, each as many as it had; ``fixed``, a card whose holder
    everyone knows (the main game's 9♦, Durak's trump card), stays with its holder.
    The games' ``hide_others`` deal a new game from these hands.

    >>> import random
    >>> from sevens_ru import Card
    >>> nine, six, seven, eight = map(Card.parse, ["9♦", "6♠", "7♠", "8♠"])
    >>> hands = deal_again([[six], [seven, nine], [eight]], 0, nine, random.Random(1))
    >>> hands[0] == [six], hands[1][-1] == nine, sorted(hands[1][:1] + hands[2]) == [seven, eight]
    (True, True, True)
    """
    others = [seat for seat in range(len(deal)) if seat != viewer]
    pool = [card for seat in others for card in deal[seat] if card != fixed]
    pool += [card for card in undealt if card != fixed]
    rng.shuffle(pool)
    hands = [list(hand) for hand in deal]
    for seat in others:
        holds_fixed = fixed in deal[seat]
        size = len(deal[seat]) - holds_fixed
        hands[seat] = pool[:size] + ([fixed] if holds_fixed else [])
        pool = pool[size:]
    return hands
