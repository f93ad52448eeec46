"""Write your own bot and measure it against the library's.

    python examples/bot_vs_library.py --games 300

A bot is any object with ``choose(view, rng) -> Card``. This one plays its highest
legal card, keeps aces and sixes for last, and uses the inference module to avoid
releasing a card that a seat with one card left may hold (R21).
"""

from __future__ import annotations

import argparse
import random

import sevens_ru as s7
from sevens_ru.bots import Bot, HeuristicBot, RandomBot
from sevens_ru.inference import possible_holders
from sevens_ru.tournament import play_match


class CautiousBot:
    """Highest card first, but never the card that frees a nearly finished opponent."""

    name = "cautious"

    def choose(self, view: s7.PlayerView, rng: random.Random) -> s7.Card:
        moves = view.legal_moves()
        holders = possible_holders(view)
        close = {seat for seat, size in enumerate(view.hand_sizes) if size == 1}

        def risk(card: s7.Card) -> int:
            step = -1 if card.rank < s7.Rank.NINE else 1
            if card.rank in (s7.Rank.SIX, s7.Rank.ACE):
                return 0
            freed = [s7.Card(s7.Rank(card.rank + step), card.suit)]
            if card.rank == s7.Rank.NINE:
                freed = [s7.Card(s7.Rank(9 + side), card.suit) for side in (-1, 1)]
            return sum(1 for other in freed if holders.get(other, frozenset()) & close)

        return min(moves, key=lambda card: (risk(card), -card.rank, rng.random()))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="A home-made bot against the library's.")
    parser.add_argument("--games", type=int, default=300, help="duplicate deals")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    lineup: list[Bot] = [CautiousBot(), HeuristicBot(), RandomBot(), RandomBot()]
    print(play_match(lineup, args.games, seed=args.seed).table())


if __name__ == "__main__":
    main()
