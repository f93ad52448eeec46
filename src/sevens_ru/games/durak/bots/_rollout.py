"""Fast playouts of Durak on card sets, with the heuristic's policy, for :class:`SearchBot`.

A position here is plain integers: every seat's current hand as a 36-bit card set (bit
``i`` is ``DECK[i]``), the attacker and the defender, the attacking cards of the bout,
those not yet covered, the covers, and the bouts in a row that ended with a take. A
move is a card set too: a lead is its cards, a cover is the attacking card and the card
laid on it (one bit in the uncovered cards, one in the defender's hand), and the take
is the empty set. The rules are those of :func:`sevens_ru.durak.apply` (D5–D13).

:func:`heuristic_lead` and :func:`heuristic_defence` choose as
:class:`~sevens_ru.durak.bots.HeuristicBot` chooses (its ties never happen), on card
sets; :func:`play_out` plays a game to its end with every seat choosing so.

>>> from sevens_ru import DECK, Card, Suit, mask_of
>>> hand = mask_of([Card.parse(text) for text in ["7♣", "7♦", "9♠", "6♥"]])
>>> [str(card) for card in DECK if heuristic_lead(hand, Suit.HEARTS) >> card.index & 1]
['6♥']
"""

from __future__ import annotations

from ....common.cards import Suit
from ..deal import PACK
from ..state import BEATEN_BY

__all__ = ["MoveMask", "Rules", "heuristic_defence", "heuristic_lead", "move_value", "play_out"]

MoveMask = int
"""A move as a card set: a lead's cards, an attacking card with its cover, or 0 to take."""

_RANK_CARDS = tuple(sum(1 << (suit * 9 + offset) for suit in range(4)) for offset in range(9))
_RANK_OF = tuple(card.index % 9 + 6 for card in PACK.cards)  # the rank of PACK.cards[i], 6 to 14
_SMALL = sum(_RANK_CARDS[:3])  # the sixes, sevens and eights: small below nine
_SUIT_CARDS = tuple(0x1FF << (9 * suit) for suit in range(4))


def heuristic_lead(hand: int, trump: Suit) -> MoveMask:
    """The lead :class:`~sevens_ru.durak.bots.HeuristicBot` makes from ``hand`` (not empty).

    The lowest rank that can be led without a trump, with every card of it but the
    trump; small trumps (below nine) count as plain cards when at most two trumps are
    held; with only trumps left, the lowest one.
    """
    trumps = hand & _SUIT_CARDS[trump]
    shed_small = trumps.bit_count() <= 2
    plain = hand & ~trumps
    for offset in range(9):
        cards = hand & _RANK_CARDS[offset]
        if cards:
            if shed_small and offset < 3:
                return cards
            if cards & plain:
                return cards & plain
    return hand & -hand  # only trumps: the lowest


def heuristic_defence(hand: int, uncovered: int, trump: Suit) -> MoveMask:
    """The cover :class:`~sevens_ru.durak.bots.HeuristicBot` lays, or 0 when it takes.

    It takes unless every uncovered card can be covered; then it plans the cheapest
    covers and lays the one on the highest attacking card first. A card costs its
    rank, plus a premium for a trump (2 for a small one when holding at most two
    trumps, else 6 when holding three or more, else 12); a plain card of a rank held
    twice or more costs 20 (keep the groups).
    """
    beaten_by = BEATEN_BY[trump]
    attacks = []
    options = []
    rest = uncovered
    while rest:
        low = rest & -rest
        index = low.bit_length() - 1
        covers = hand & beaten_by[index]
        if not covers:
            return 0  # something cannot be covered: take at once
        attacks.append(index)
        options.append(covers)
        rest ^= low
    trump_cards = _SUIT_CARDS[trump]
    trumps = (hand & trump_cards).bit_count()
    premium = 6 if trumps >= 3 else 12
    small_premium = 2 if trumps <= 2 else premium
    cost = {}
    for card in _cards(hand & _any(options)):
        bit = 1 << card
        rank = _RANK_OF[card]
        if bit & trump_cards:
            cost[card] = rank + (small_premium if bit & _SMALL else premium)
        elif (hand & _RANK_CARDS[rank - 6]).bit_count() >= 2:
            cost[card] = 20
        else:
            cost[card] = rank
    if len(attacks) == 1:
        cards = _cards(options[0])
        best = min(cards, key=cost.__getitem__)  # the first cheapest, as the plan finds it
        return uncovered | 1 << best
    plan = _cheapest_plan(attacks, [_cards(covers) for covers in options], cost)
    if plan is None:
        return 0
    first = max(range(len(attacks)), key=lambda number: (_RANK_OF[attacks[number]], -number))
    return 1 << attacks[first] | 1 << plan[first]


def _any(masks: list[int]) -> int:
    union = 0
    for mask in masks:
        union |= mask
    return union


def _cards(mask: int) -> list[int]:
    """The card indexes of ``mask``, ascending (canonical order)."""
    indexes = []
    while mask:
        low = mask & -mask
        indexes.append(low.bit_length() - 1)
        mask ^= low
    return indexes


def _cheapest_plan(
    attacks: list[int], options: list[list[int]], cost: dict[int, int]
) -> list[int] | None:
    """The first cheapest set of different covers, one per attack, in depth-first order."""
    best_total = -1
    best: list[int] | None = None
    plan: list[int] = []
    last = len(attacks)

    def search(number: int, used: int, total: int) -> None:
        nonlocal best_total, best
        if best is not None and total >= best_total:
            return
        if number == last:
            best_total, best = total, list(plan)
            return
        for card in options[number]:
            if not used >> card & 1:
                plan.append(card)
                search(number + 1, used | 1 << card, total + cost[card])
                plan.pop()

    search(0, 0, 0)
    return best


class Rules:
    """What stays the same during one game, for :func:`play_out`: players, trump and take limit."""

    __slots__ = ("after", "beaten_by", "players", "take_limit", "trump")

    def __init__(self, players: int, trump: Suit, take_limit: int) -> None:
        self.players = players
        self.trump = trump
        self.take_limit = take_limit
        self.beaten_by = BEATEN_BY[trump]
        self.after = tuple(  # the seats after each seat, in turn order, ending with it
            tuple((seat + step) % players for step in range(1, players + 1))
            for seat in range(players)
        )


def play_out(
    hands: list[int],
    attacker: int,
    defender: int,
    attack: int,
    uncovered: int,
    covers: int,
    takes: int,
    first: MoveMask,
    rules: Rules,
) -> int:
    """Make the move ``first``, then play the game out with the heuristic; return the fool.

    The position is that of the bout (``attack`` is 0 before the lead); ``hands`` is
    changed in place. Returns the seat of the fool (D12), or -1 for a draw (D13).
    """
    trump = rules.trump
    after = rules.after
    limit = rules.take_limit
    move = first
    while True:
        if not attack:  # the lead (D6), then the joins (D7)
            if move < 0:
                move = heuristic_lead(hands[attacker], trump)
            hands[attacker] ^= move
            attack = move
            same = _RANK_CARDS[(_RANK_OF[(move & -move).bit_length() - 1]) - 6]
            for seat in after[attacker][:-1]:
                joined = hands[seat] & same
                if joined:
                    hands[seat] ^= joined
                    attack |= joined
            uncovered = attack
            covers = 0
            move = -1
        if move < 0:
            move = heuristic_defence(hands[defender], uncovered, trump)
        if move:  # a cover (D8)
            card = move & ~uncovered
            hands[defender] ^= card
            uncovered ^= move ^ card
            covers |= card
            move = -1
            if uncovered:
                continue
            took = False
            takes = 0
        else:  # the take (D9)
            hands[defender] |= attack | covers
            took = True
            takes += 1
            move = -1
        attack = 0  # the bout is settled (D9-D11)
        holders = 0
        holder = -1
        for seat, hand in enumerate(hands):
            if hand:
                holders += 1
                holder = seat
        if holders < 2 or takes >= limit:  # D12, D13
            return holder if holders == 1 else -1
        beaten = defender
        attacker = beaten
        if took or not hands[beaten]:
            for attacker in after[beaten]:
                if hands[attacker]:
                    break
        for defender in after[attacker]:
            if hands[defender]:
                break


def move_value(fool: int, seat: int, players: int) -> int:
    """The payoff to ``seat`` at a stake of 1 (D15) when ``fool`` lost (-1: a draw)."""
    if fool < 0:
        return 0
    return 1 - players if fool == seat else 1
