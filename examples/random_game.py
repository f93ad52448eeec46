"""Deal a game and let every seat play a random legal card until someone goes out.

python examples/random_game.py              # 4 players, a fresh deal
python examples/random_game.py --players 5 --seed 42
"""

from __future__ import annotations

import argparse
import random

import sevens_ru as s7


def describe(event: s7.Event) -> str:
    """One line for a history event."""
    if isinstance(event, s7.Play):
        return f"seat {event.seat} plays {event.card}"
    return f"seat {event.seat} passes"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="A random game of Russian Sevens.")
    parser.add_argument("--players", type=int, default=4, help="2 to 6 (default 4)")
    parser.add_argument("--seed", type=int, default=None, help="a seed for a reproducible deal")
    args = parser.parse_args(argv)

    state = s7.new_game(args.players, seed=args.seed)
    rng = random.Random(args.seed)
    for seat, hand in enumerate(state.hands):
        print(f"seat {seat}: {' '.join(map(str, hand))}")
    print()

    seen = 0
    while not s7.is_over(state):
        state = s7.apply(state, rng.choice(s7.legal_moves(state)))
        for event in state.history[seen:]:  # the play, then any automatic passes (R11)
            print(describe(event))
        seen = len(state.history)

    print()
    for suit in s7.Suit:
        row = state.row(suit)
        print(f"{suit}: " + (f"{row[0].label()}–{row[1].label()}" if row else "not opened"))
    print()
    for standing in s7.ranking(state):
        print(standing)


if __name__ == "__main__":
    main()
