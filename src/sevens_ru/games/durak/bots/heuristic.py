"""A bot that follows the strategy notes of the source, read as costs."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ....common.cards import Card, Rank
from ..deal import PACK
from ..moves import Cover, Lead, Move, Take
from ..observation import PlayerView
from ..state import BEATEN_BY
from ._base import legal_moves_of

__all__ = ["HeuristicBot"]


class HeuristicBot:
    """Plays by the strategy notes of the source (:doc:`/durak`), read as costs.

    - Lead the lowest rank first, with every card of that rank it holds, so that equal
      cards stay together and leave the hand together.
    - Do not lead trumps while other cards remain, except small trumps (below 9) when
      holding at most two trumps: those are shed early, as the source advises.
    - Defend whenever every attacking card can be covered, with the cheapest set of
      covers; else take at once. A card's cost is its rank, plus a premium for a trump
      (smaller when holding three or more trumps: then trumps cover even where a card
      of the suit could, as the source advises), plus a penalty for breaking a group of
      equal cards, larger for low ranks (split the higher ranks first).

    Equal choices are broken with ``rng``.

    >>> import random
    >>> from sevens_ru import durak
    >>> from sevens_ru.durak.bots import HeuristicBot
    >>> state = durak.new_game(2, hands=[
    ...     ["7♣", "8♣", "9♣", "10♦", "J♦", "Q♦", "K♦", "A♦", "8♠"],
    ...     ["6♣", "6♦", "8♦", "9♥", "10♥", "J♥", "Q♥", "K♥", "A♥"]], trump="7♠")
    >>> bot = HeuristicBot()
    >>> bot.choose(durak.view(state, 1), random.Random(0))  # the lowest rank, both cards
    Lead(['6♣', '6♦'])
    >>> state = durak.apply(state, "lead 6♣ 6♦")
    >>> bot.choose(durak.view(state, 0), random.Random(0))  # cheapest covers: 7♣ and 10♦
    Cover('6♣', '7♣')
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The lead or cover these notes prefer, or the take when covering all is impossible."""
        moves = legal_moves_of(view, rng)
        if isinstance(moves[0], Lead):
            return self._lead(view, moves, rng)  # type: ignore[arg-type]  # all leads
        return self._defend(view, moves, rng)

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def _lead(self, view: PlayerView, moves: Sequence[Lead], rng: random.Random) -> Move:
        trump = view.trump.suit
        trumps = [card for card in view.hand if card.suit == trump]
        shed_small = len(trumps) <= 2

        def cost(lead: Lead) -> tuple[int, int, int]:
            held = sum(card.rank == lead.rank for card in view.hand)
            led_trumps = sum(card.suit == trump for card in lead.cards)
            small = shed_small and lead.rank < Rank.NINE
            avoid = 0 if small else led_trumps  # D-notes: no trumps without need
            return (avoid, lead.rank, held - len(lead.cards))  # keep equal cards together

        return _cheapest(moves, cost, rng)

    def _defend(self, view: PlayerView, moves: Sequence[Move], rng: random.Random) -> Move:
        plan = self._cheapest_covers(view)
        if plan is None:
            return next(move for move in moves if isinstance(move, Take))
        covers = [Cover(attack, card) for attack, card in plan]
        return _cheapest(covers, lambda move: (-move.attack.rank, move.attack.index), rng)

    def _cheapest_covers(self, view: PlayerView) -> list[tuple[Card, Card]] | None:
        """The cheapest way to cover every uncovered card, or ``None`` if there is none."""
        trump = view.trump.suit
        beaten_by = BEATEN_BY[trump]
        hand = view.hand
        trumps = sum(card.suit == trump for card in hand)
        counts = {rank: sum(card.rank == rank for card in hand) for rank in PACK.ranks}

        def cost(card: Card) -> int:
            price = int(card.rank)
            if card.suit == trump:
                small = trumps <= 2 and card.rank < Rank.NINE
                price += 2 if small else 6 if trumps >= 3 else 12
            elif counts[card.rank] >= 2:
                price += 20 - int(card.rank)  # keep groups; split the high ones first
            return price

        attacks = [attack for attack, cover in view.table if cover is None]
        best: tuple[int, list[tuple[Card, Card]]] | None = None

        def search(index: int, used: int, total: int, plan: list[tuple[Card, Card]]) -> None:
            nonlocal best
            if best is not None and total >= best[0]:
                return
            if index == len(attacks):
                best = (total, list(plan))
                return
            attack = attacks[index]
            for card in hand:
                if beaten_by[attack.index] >> card.index & 1 and not used >> card.index & 1:
                    plan.append((attack, card))
                    search(index + 1, used | card.bit, total + cost(card), plan)
                    plan.pop()

        search(0, 0, 0, [])
        return None if best is None else best[1]


def _cheapest(moves: Sequence[Move], key: object, rng: random.Random) -> Move:
    scores = [key(move) for move in moves]  # type: ignore[operator]
    low = min(scores)
    return rng.choice([move for move, score in zip(moves, scores, strict=True) if score == low])
