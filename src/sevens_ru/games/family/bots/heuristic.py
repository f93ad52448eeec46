"""A bot that reads each preset's rules: play towards its own cards, hold the cards the others wait for.

For each playable card it looks at what playing it would change on the table (F11,
with shichinarabe's islands, N6): the cards it *releases*, that become playable, and
the cards *beyond* it in the direction its row would grow (both ways for a centre card
that opens a suit), which wait for it. Its score is

- ``follow`` for each released card in the bot's own hand (a follow-up), and ``follow``
  less for each released card an opponent holds (a gift);
- ``beyond`` for each own card beyond it, and ``beyond`` less for each opponent's card
  beyond it (a card that others wait for blocks them while it is held);
- ``tempo`` for a card that releases nothing (an end of the pack's order, or next to an
  island): a safe card to play for time;
- ``lonely`` less for a centre card (a seven, Cinquillo's five) that releases no card
  of its own: opening a suit one cannot follow up opens it for the others.

Ties go to the card with more pips (they weigh on the ranking if the deal is lost, S8,
DO6), then to a random one. Domino's first card (DO2) sets the centre of every suit:
it is of the rank the bot holds most of (each other card of that rank is a centre card
it can play at any time later), then the one with more of its own cards next to it.

**Passing.** Where a pass is a move, the bot passes when every card it could play
scores below zero (each helps the others more than itself), unless the pass costs more
than that card: under fan-tan's "play or pay" (T5) a pass while able to play costs a
chip and a 3-chip fine, and 5 chips to each holder of a six or an eight of every seven
held, so it never passes there while it can play; in shichinarabe (N4, N5) it keeps its
last pass, since a seat with no pass left and no playable card bursts and comes last.
Under the guard of F13 the engine offers no pass, and the bot plays.
"""

from __future__ import annotations

import random

import attrs
from attrs.validators import and_, gt, lt

from ....common._bots import A_NUMBER, bot_setting
from ..moves import PASS, Move
from ..observation import FamilyView
from ..presets import Rules, rules_for
from ..rows import playable
from ._base import FamilyBot, legal_moves_of

__all__ = ["HeuristicBot"]

_check_weight = bot_setting(
    "must be a number from -1000 to 1000", and_(A_NUMBER, gt(-1000), lt(1000))
)


@attrs.frozen
class HeuristicBot(FamilyBot):
    """Plays towards its own cards, holds back the cards that only help the others, passes where that is cheap.

    >>> from random import Random
    >>> from sevens_ru.games import get
    >>> sevens = get("sevens-52")
    >>> state = sevens.apply(sevens.new_game(4, seed=2), "7♦")
    >>> seen = sevens.view(state, 0)  # it holds 8♦ 9♦ 10♦ beyond the 8, no other spade
    >>> seen.legal_moves()
    (Card.parse('6♦'), Card.parse('8♦'), Card.parse('7♠'))
    >>> HeuristicBot("sevens-52").choose(seen, Random(0))
    Card.parse('8♦')
    """

    name: str = "heuristic"
    follow: float = attrs.field(default=3.0, validator=_check_weight)
    """Weight of a released card: plus if it is the bot's own, minus if an opponent's."""
    beyond: float = attrs.field(default=1.0, validator=_check_weight)
    """Weight of a card further out in the row: plus if the bot's own, minus if not."""
    tempo: float = attrs.field(default=0.5, validator=_check_weight)
    """Bonus for a card that releases nothing."""
    lonely: float = attrs.field(default=2.0, validator=_check_weight)
    """Cost of a centre card that releases no card of the bot's own."""

    def choose(self, view: FamilyView, rng: random.Random) -> Move:
        """The card with the best score, or a pass where that is wiser (see the module)."""
        moves = legal_moves_of(self.game, view, rng)
        if len(moves) == 1:
            return moves[0]
        rules = rules_for(self.game, view.options)
        cards = [move for move in moves if move is not PASS]
        if not cards:
            return PASS
        scored = [(self._score(rules, view, card), card) for card in cards]
        best = max(score for score, _ in scored)
        if PASS in moves and best < 0 and self._may_pass(rules, view):
            return PASS
        return _pick(tuple(card for score, card in scored if score == best), rng)

    @staticmethod
    def _may_pass(rules: Rules, view: FamilyView) -> bool:
        if rules.chips:
            return False  # T5: a pass while able costs a chip, a fine, and more
        if rules.policy == "limited":
            return bool(view.passes[view.seat] < rules.limit - 1)  # N5: keep the last one
        return True  # F13: a free pass; the guard stops the passes going round for ever

    def _score(self, rules: Rules, view: FamilyView, card: Move) -> float:
        pack = rules.pack
        own = pack.mask_of(view.hand)
        table = pack.mask_of(view.table)
        theirs = rules.cards_mask & ~own & ~table
        bit = 1 << pack.index(card)  # type: ignore[arg-type]  # a card, not PASS
        place = rules.place(card.rank)  # type: ignore[union-attr]
        centre = view._centre
        if centre < 0:  # DO2: this card's rank becomes the centre of every suit
            same = sum(1 for other in view.hand if other.rank == card.rank)  # type: ignore[union-attr]
            line = rules.lines[pack.suits.index(card.suit)]  # type: ignore[union-attr]
            near = sum(
                1 for step in (-1, 1) if 0 <= place + step < len(line) and own & line[place + step]
            )
            return same + near / 10 + rules.points[card.rank] / 1000  # type: ignore[union-attr]
        released = playable(rules, table | bit, centre) & ~playable(rules, table, centre) & ~bit
        line = rules.lines[pack.suits.index(card.suit)]  # type: ignore[union-attr]
        if place == centre:
            waiting = sum(line) & ~bit
        elif place > centre:
            waiting = sum(line[place + 1 :])
        else:
            waiting = sum(line[:place])
        waiting &= ~table
        own_released = (released & own).bit_count()
        score = (
            self.follow * (own_released - (released & theirs).bit_count())
            + self.beyond * ((waiting & own).bit_count() - (waiting & theirs).bit_count())
            + (self.tempo if not released else 0.0)
            - (self.lonely if place == centre and not own_released else 0.0)
        )
        return score + rules.points[card.rank] / 1000  # type: ignore[union-attr]


def _pick(cards: tuple[Move, ...], rng: random.Random) -> Move:
    return cards[0] if len(cards) == 1 else rng.choice(cards)
