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
DO6), then to a random one. The scores are :mod:`sevens_ru.games.family.policy`'s,
which the search bot's greedy playouts play every seat by. Domino's first card (DO2) sets the centre of every suit:
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
from attrs.validators import and_, ge, le

from ....common._bots import A_NUMBER, bot_setting
from ..moves import PASS, Move
from ..observation import FamilyView
from ..policy import greedy_move
from ..presets import rules_for
from ._base import FamilyBot, legal_moves_of

__all__ = ["HeuristicBot"]

_check_weight = bot_setting(
    "must be a number from -1000 to 1000", and_(A_NUMBER, ge(-1000), le(1000))
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
        pack = rules.pack
        action = greedy_move(
            rules,
            pack.mask_of(view.hand),
            view.table_mask,
            view._centre,
            view.legal_mask(),
            view.passes[view.seat],
            rng.random,
            (self.follow, self.beyond, self.tempo, self.lonely),
        )
        return PASS if action == len(pack) else pack.cards[action]
