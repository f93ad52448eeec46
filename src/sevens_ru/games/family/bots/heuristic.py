"""A bot that reads the rules: keep the cards the others wait for, play towards its own.

For each playable card it counts its own cards beyond it in the direction the row
would then grow (both directions for a centre card that opens a suit), and plays the
card whose play it can follow up best: first the card whose next card it holds, then
the one with most of its own cards beyond. A card that opens the way only to cards
that others hold is played last. Where a pass is a move, it passes rather than play
such a card, unless the pass costs chips (fan-tan's "play or pay", T5) or it is its
last pass (N4). Domino's first card is of the rank it holds most of (DO2).
"""

from __future__ import annotations

import random

import attrs

from ....common.cards import Card
from ..moves import PASS, Move
from ..observation import FamilyView
from ..presets import rules_for
from ._base import FamilyBot, legal_moves_of, pick

__all__ = ["HeuristicBot"]


@attrs.frozen
class HeuristicBot(FamilyBot):
    """Plays towards its own cards and holds back the cards that only help the others.

    >>> from random import Random
    >>> from sevens_ru.games import get
    >>> fan_tan, bot = get("fan-tan"), HeuristicBot("fan-tan")
    >>> start = fan_tan.new_game(4, seed=1)
    >>> bot.choose(fan_tan.view(start, start.current_player), Random(0)) in fan_tan.legal_moves(start)
    True
    """

    name: str = "heuristic"

    def choose(self, view: FamilyView, rng: random.Random) -> Move:
        """The card that best follows up its own cards, or a pass where that is wiser (see the module)."""
        moves = legal_moves_of(self.game, view, rng)
        cards = [move for move in moves if move is not PASS]
        if not cards:
            return PASS
        scored = [(self._score(view, card), card) for card in cards]
        best = max(score for score, _ in scored)
        if PASS in moves and best < 0 and self._may_pass_freely(view):
            return PASS
        return pick(tuple(card for score, card in scored if score == best), rng)

    def _may_pass_freely(self, view: FamilyView) -> bool:
        if self.game == "fan-tan":
            return False  # T4, T5: a pass costs a chip, and a pass while able a fine
        passes_left = getattr(view, "passes_left", None)
        return passes_left is None or passes_left[view.seat] > 1

    def _score(self, view: FamilyView, card: Card) -> float:
        rules = rules_for(self.game, view.options)
        pack = rules.pack
        own = pack.mask_of(view.hand)
        line = rules.lines[pack.suits.index(card.suit)]
        place = rules.place(card.rank)
        if view._centre < 0:  # DO2: the first card chooses the centre of every suit
            same = sum(1 for other in view.hand if other.rank == card.rank)
            return same + self._beyond(line, own, place, 0) / 10
        centre = view._centre
        directions = (-1, 1) if place == centre else ((1,) if place > centre else (-1,))
        score = 0.0
        for direction in directions:
            score += self._beyond(line, own, place, direction)
        return score if score > 0 else -0.5

    @staticmethod
    def _beyond(line: tuple[int, ...], own: int, place: int, direction: int) -> float:
        """Own cards beyond ``place`` in ``direction`` (both for 0), the next one counting double."""
        steps = (-1, 1) if direction == 0 else (direction,)
        total = 0.0
        for step in steps:
            nearest = place + step
            if 0 <= nearest < len(line) and own & line[nearest]:
                total += 2
            total += sum(
                1 for far in range(nearest, -1 if step < 0 else len(line), step) if own & line[far]
            )
        return total
