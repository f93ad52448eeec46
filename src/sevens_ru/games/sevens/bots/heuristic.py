"""A bot that follows the strategy notes of the rules, and reads the passes (R21)."""

from __future__ import annotations

import random

import attrs

from ....common.cards import Card, mask_of
from ..deal import PACK
from ..inference import infer
from ..observation import PlayerView
from ..scoring import card_points
from ._base import legal_moves_of

_WHOLE = PACK.full_mask  # the whole pack as a card set

__all__ = ["HeuristicBot"]

_NINE = 3  # the position of the 9 in a suit's nine bits


def _beyond(card: Card) -> int:
    """The cards of ``card``'s suit that it keeps from being played: further from the 9."""
    position = card.rank - 6
    suit = card.suit * 9
    if position == _NINE:
        return (0x1FF & ~(1 << _NINE)) << suit
    if position < _NINE:
        return ((1 << position) - 1) << suit
    return (0x1FF & ~((1 << (position + 1)) - 1)) << suit


def _next(card: Card) -> int:
    """The cards that become playable once ``card`` is played (R9)."""
    position = card.rank - 6
    suit = card.suit * 9
    if position == _NINE:
        return (1 << (suit + _NINE - 1)) | (1 << (suit + _NINE + 1))
    if 0 < position < _NINE:
        return 1 << (suit + position - 1)
    if _NINE < position < 8:
        return 1 << (suit + position + 1)
    return 0  # a six or an ace ends its row


@attrs.frozen
class HeuristicBot:
    """Scores each legal card by the strategy notes of the rules and plays the best.

    For a card, the cards it *releases* are those it makes playable (R9): the next rank
    outwards, or the 8 and 10 for a 9; the cards *beyond* it are all of its suit further
    out, which wait for it. The score of playing it is

    - ``follow`` for each released card in the bot's own hand (a follow-up: "open a new
      suit only if you can follow it up"), and ``follow`` less for each released card an
      opponent holds; a 9 with no follow-up at all costs ``lonely_nine`` more;
    - ``beyond`` for each own card beyond it, less for each opponent's card beyond it
      ("holding the card others wait for blocks them");
    - ``tempo`` for a six or an ace, which release nothing ("safe moves to play for time");
    - opponents' cards count more when the seats that may hold them (by their passes,
      R21, see :func:`~sevens_ru.inference.possible_holders`) are close to going out:
      ``danger`` times ``1 / cards left`` of the most dangerous holder.

    Ties go to the card with more points (they weigh on the ranking if the game is
    lost, R16), then to a random one.

    >>> import random
    >>> import sevens_ru as s7
    >>> from sevens_ru.bots import HeuristicBot
    >>> state = s7.apply(s7.new_game(4, seed=1), "9♦")
    >>> seen = s7.view(state, 3)  # 9♣, 8♦ or 9♠; it holds 8♠ 10♠ K♠ after 9♠
    >>> seen.legal_moves(), HeuristicBot().choose(seen, random.Random(0))
    ((Card.parse('9♣'), Card.parse('8♦'), Card.parse('9♠')), Card.parse('9♠'))
    """

    name: str = "heuristic"
    """The name shown in results."""
    follow: float = 3.0
    """Weight of a released card: plus if it is the bot's own, minus if an opponent's."""
    lonely_nine: float = 2.0
    """Extra cost of opening a row with no card of one's own next to the 9."""
    beyond: float = 1.0
    """Weight of a card further out in the row: plus if the bot's own, minus if not."""
    tempo: float = 0.5
    """Bonus for a six or an ace, which release nothing."""
    danger: float = 2.0
    """Extra weight of an opponent's card by how close its possible holders are to going out."""

    def choose(self, view: PlayerView, rng: random.Random) -> Card:
        """The legal card with the best score (see the class documentation)."""
        moves = legal_moves_of(view, rng)
        if len(moves) == 1:
            return moves[0]
        hand = mask_of(view.hand)
        unseen = _WHOLE & ~hand & ~mask_of(view.table)
        holders = infer(view).holders
        weight = {
            card.index: 1.0
            + self.danger
            * max(
                (1.0 / view.hand_sizes[seat] for seat in seats if view.hand_sizes[seat] <= 2),
                default=0.0,
            )
            for card, seats in holders.items()
        }

        def theirs(cards: int) -> float:
            total = 0.0
            cards &= unseen
            while cards:
                low = cards & -cards
                total += weight[low.bit_length() - 1]
                cards ^= low
            return total

        best: list[Card] = []
        best_score = float("-inf")
        for card in moves:
            released = _next(card)
            beyond = _beyond(card)
            own_released = (released & hand).bit_count()
            score = (
                self.follow * (own_released - theirs(released))
                + self.beyond * ((beyond & hand).bit_count() - theirs(beyond))
                + (self.tempo if not released else 0.0)
                - (self.lonely_nine if card.rank == 9 and not own_released else 0.0)
                + card_points(card) / 1000
            )
            if score > best_score + 1e-9:
                best, best_score = [card], score
            elif score > best_score - 1e-9:
                best.append(card)
        return best[0] if len(best) == 1 else rng.choice(best)
