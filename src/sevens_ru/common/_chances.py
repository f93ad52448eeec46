"""A game's deal as chance nodes, one per card, and what else OpenSpiel reads of a game.

:class:`Chances` is the honest chance model of a card deal: one chance node per card
of :attr:`~Chances.cards`, in that order, whose outcome is the *place* that receives the
card (a seat, or after the seats the cards left over), with the probability ``room /
cards left`` of the room each place still has: every deal is then exactly as likely as
any other, as a shuffled pack makes them. A game may add one last chance node (Durak's
trump card) that draws a card among those :attr:`~Chances.last` names, uniformly; its
outcome is the card's number in the game's pack.

A game's ``encode.chances(players, options)`` fills one in (``Tensors.chances``), and
the OpenSpiel adapter (:mod:`sevens_ru.envs.openspiel`) is written once against it.
Nothing here needs OpenSpiel or numpy.

>>> import random
>>> from sevens_ru.games.sevens.encode import chances
>>> model = chances(3, None)
>>> model.outcomes([]), model.length
([(0, 0.3333333333333333), (1, 0.3333333333333333), (2, 0.3333333333333333)], 36)
>>> state = model.state([0] * 12 + [1] * 12 + [2] * 12)
>>> model.outcomes_of(state) == [0] * 12 + [1] * 12 + [2] * 12
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from .cards import Card
from .packs import Pack

__all__ = ["Chances"]


@attrs.frozen(kw_only=True)
class Chances:
    """The chance model of one game's deal for a seat count and options, and its texts."""

    cards: tuple[Card, ...]
    """The cards dealt, in this order: one chance node each."""
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

    @property
    def length(self) -> int:
        """The number of chance nodes of a deal."""
        return len(self.cards) + (self.last is not None)

    @property
    def max_outcomes(self) -> int:
        """The most outcomes one chance node has."""
        return max(len(self.room), len(self.pack) if self.last is not None else 0)

    def places(self, dealt: Sequence[int]) -> list[list[Card]]:
        """Each place's cards after the card outcomes ``dealt`` (the first ones, if more)."""
        places: list[list[Card]] = [[] for _ in self.room]
        for card, place in zip(self.cards, dealt, strict=False):
            places[place].append(card)
        return places

    def outcomes(self, dealt: Sequence[int]) -> list[tuple[int, float]]:
        """The chance outcomes after the outcomes ``dealt``, with their probabilities."""
        if len(dealt) == len(self.cards):  # the last card, uniformly among its candidates
            candidates = self._candidates(dealt)
            return [(index, 1 / len(candidates)) for index in candidates]
        left = [room - dealt.count(place) for place, room in enumerate(self.room)]
        remaining = len(self.cards) - len(dealt)
        return [(place, left[place] / remaining) for place in range(len(left)) if left[place]]

    def text(self, dealt: Sequence[int], outcome: int) -> str:
        """The text of chance outcome ``outcome`` after the outcomes ``dealt``."""
        if len(dealt) == len(self.cards):
            return f"{self.last_name} {self.pack.cards[outcome]}"
        place = f"seat {outcome}" if outcome < self.players else "the cards left over"
        return f"{self.cards[len(dealt)]} to {place}"

    def state(self, dealt: Sequence[int]) -> Any:
        """The game state of a complete deal: the outcomes of every chance node."""
        last = self.pack.cards[dealt[-1]] if self.last is not None else None
        return self.build(self.places(dealt), last)

    def outcomes_of(self, state: Any) -> list[int]:
        """The chance outcomes that deal ``state``'s deal."""
        hands, last = self.dealt(state)
        owner = {card: seat for seat, hand in enumerate(hands) for card in hand}
        rest = len(self.room) - 1  # the place of the cards left over, if any
        outcomes = [owner.get(card, rest) for card in self.cards]
        if last is not None:
            outcomes.append(self.pack.index(last))
        return outcomes

    def resample(self, dealt: Sequence[int], player: int, rng: random.Random) -> list[int]:
        """Outcomes like ``dealt`` that ``player`` cannot tell from it, exactly uniformly.

        The player knows which of the cards dealt so far are its own; the others may
        have gone to any other place. A uniform deal given that: the player's missing
        cards among the cards still to come, the other cards shared among the others.
        """
        count = min(len(dealt), len(self.cards))
        mine = [position for position in range(count) if dealt[position] == player]
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
        outcomes = owners[:count]
        if len(dealt) > len(self.cards):  # the last card is public
            outcomes.append(dealt[-1])
        return outcomes

    def _candidates(self, dealt: Sequence[int]) -> list[int]:
        assert self.last is not None  # only asked after the cards, with a last node
        return [self.pack.index(card) for card in self.last(self.places(dealt))]
