"""Write a bot, then measure it against random play.

A bot is any object with a ``choose(view, rng)`` method: it gets what its seat may
see (a ``PlayerView``, rule R20) and a ``random.Random`` to break ties with, and
returns one of ``view.legal_moves()``. This file defines a random bot and a bot that
follows the strategy notes of the rules, and plays them against each other with
every seat taken by each bot in turn.

Run it:

python examples/custom_bot.py                 # 200 deals, 4 players
python examples/custom_bot.py --games 50 --players 3 --seed 1
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Protocol

import sevens_ru as s7
from sevens_ru.game import playable_mask


class Bot(Protocol):
    """What a bot is: anything with this method."""

    def choose(self, view: s7.PlayerView, rng: random.Random) -> s7.Card:
        """One of ``view.legal_moves()``."""
        ...


class RandomBot:
    """Plays a uniformly random legal card."""

    def choose(self, view: s7.PlayerView, rng: random.Random) -> s7.Card:
        return rng.choice(view.legal_moves())


class CarefulBot:
    """Follows the strategy notes of the rules: help yourself, not the others.

    Each legal card scores one point for every card of ours further out along its
    row (a 9 counts all our cards of its suit): playing it brings those closer to
    being playable. It loses one point for every card it makes playable that someone
    else holds. The best score wins; ties are broken at random.
    """

    def choose(self, view: s7.PlayerView, rng: random.Random) -> s7.Card:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        table = s7.mask_of(view.table)
        others = s7.mask_of(view.unseen)  # the cards in the other hands
        playable_now = playable_mask(table)
        scores = []
        for card in moves:
            # What this card makes playable that was not playable before (R9).
            opened = playable_mask(table | card.bit) & ~playable_now
            helps_them = (opened & others).bit_count()
            follow_ups = sum(1 for mine in view.hand if mine != card and _beyond(card, mine))
            scores.append((follow_ups - helps_them, rng.random(), card))
        return max(scores)[2]


def _beyond(card: s7.Card, other: s7.Card) -> bool:
    """Whether ``other`` lies further out than ``card`` along its row (away from the 9)."""
    if other.suit != card.suit:
        return False
    if card.rank == s7.Rank.NINE:
        return True
    if card.rank < s7.Rank.NINE:
        return other.rank < card.rank
    return other.rank > card.rank


def play_game(bots: Sequence[Bot], seed: int, rng: random.Random) -> s7.GameState:
    """Deal from ``seed`` and let ``bots[seat]`` play for each seat until the end."""
    state = s7.new_game(len(bots), seed=seed)
    while not s7.is_over(state):
        seat = state.current_player
        assert seat is not None  # the game is not over, so someone is to play
        card = bots[seat].choose(s7.view(state, seat), rng)
        state = s7.apply(state, card)  # apply() checks the bot's card
    return state


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="CarefulBot against RandomBot.")
    parser.add_argument("--players", type=int, default=4, help="2 to 6 (default 4)")
    parser.add_argument("--games", type=int, default=200, help="deals to play (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal")
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    wins = games = 0
    places = 0
    for seed in range(args.seed, args.seed + args.games):
        # One CarefulBot among random bots, in every seat in turn, on the same deal:
        # the luck of the deal then weighs alike on every seat.
        for careful_seat in range(args.players):
            bots: list[Bot] = [RandomBot() for _ in range(args.players)]
            bots[careful_seat] = CarefulBot()
            final = play_game(bots, seed, rng)
            standing = next(s for s in s7.ranking(final) if s.seat == careful_seat)
            wins += standing.place == 1
            places += standing.place
            games += 1

    print(f"{games} games, {args.players} players, one CarefulBot among RandomBots")
    print(f"CarefulBot won {wins / games:.1%} (a random bot would win {1 / args.players:.1%})")
    print(f"its mean place was {places / games:.2f} (random: {(args.players + 1) / 2:.2f})")


if __name__ == "__main__":
    main()
