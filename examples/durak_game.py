"""Deal a game of old Russian Durak and let bots play it, move by move.

python examples/durak_game.py                      # 3 players, heuristic bots, a fresh deal
python examples/durak_game.py --players 4 --seed 42 --bots heuristic,random
python examples/durak_game.py --players 2 --short-deck --take-limit 20
"""

from __future__ import annotations

import argparse
from itertools import pairwise

from sevens_ru import durak
from sevens_ru.durak.bots import BOT_NAMES, Bot, make_bot
from sevens_ru.durak.play import narrate, play_game
from sevens_ru.errors import UnknownBotError
from sevens_ru.shuffle import fresh_seed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="A game of old Durak between bots.")
    parser.add_argument("--players", type=int, default=3, help="2 to 4 (default 3)")
    parser.add_argument("--seed", type=int, default=None, help="a seed for a reproducible game")
    parser.add_argument("--dealer", type=int, default=0, help="the dealer's seat (default 0)")
    parser.add_argument("--short-deck", action="store_true", help="32 cards, 7 to A (2-3 players)")
    parser.add_argument("--take-limit", type=int, default=durak.Options().take_limit)
    parser.add_argument(
        "--bots",
        default="heuristic",
        help=f"bots by seat, cycled, from {', '.join(BOT_NAMES)}: e.g. heuristic,random",
    )
    args = parser.parse_args(argv)

    names = args.bots.split(",")
    try:
        bots: list[Bot] = [make_bot(names[seat % len(names)]) for seat in range(args.players)]
    except UnknownBotError as error:
        parser.error(str(error))
    options = durak.Options(short_deck=args.short_deck, take_limit=args.take_limit)
    seed = fresh_seed() if args.seed is None else args.seed
    states = list(play_game(bots, seed=seed, dealer=args.dealer, options=options))

    print(f"seed {seed}, dealer seat {args.dealer}, trump card {states[0].trump}")
    for seat, hand in enumerate(states[0].hands):
        print(f"seat {seat} ({bots[seat]!r}): {' '.join(map(str, hand))}")
    print()
    for before, after in pairwise(states):
        for line in narrate(before, after):
            print(line)
    print()
    state = states[-1]
    for standing in durak.ranking(state):
        print(standing)
    print("payoffs:", " ".join(f"{payoff:+d}" for payoff in durak.payoffs(state)))


if __name__ == "__main__":
    main()
