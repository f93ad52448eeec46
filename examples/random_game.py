"""Deal a game and let every seat play a random legal card until someone goes out.

Run it:

python examples/random_game.py                         # 4 players, a fresh deal
python examples/random_game.py --players 5 --seed 42   # the same game every time
python examples/random_game.py --lang ru               # Russian card names (В Д К Т)
"""

from __future__ import annotations

import argparse
import random

import sevens_ru as s7


def describe(event: s7.Event, lang: s7.Language) -> str:
    """One line for a history event: a play or an automatic pass."""
    if isinstance(event, s7.Play):
        return f"seat {event.seat} plays {event.card.label(lang)}"
    return f"seat {event.seat} passes"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="A random game of Russian Sevens.")
    parser.add_argument("--players", type=int, default=4, help="2 to 6 (default 4)")
    parser.add_argument("--seed", type=int, default=None, help="a seed for a reproducible game")
    parser.add_argument("--lang", choices=s7.LANGUAGES, default="en", help="card names")
    args = parser.parse_args(argv)
    lang: s7.Language = args.lang

    # The deal: from the seed if there is one, else from fresh OS entropy. The same
    # seed gives the same hands on every platform and Python version.
    state = s7.new_game(args.players, seed=args.seed)
    rng = random.Random(args.seed)  # the players' choices; the engine itself has no RNG
    for seat, hand in enumerate(state.hands):
        print(f"seat {seat}: {' '.join(card.label(lang) for card in hand)}")
    print()

    seen = 0
    while not s7.is_over(state):
        # apply() returns a new state; it also records the passes of the seats
        # after this one that cannot play (R11), so print every new history event.
        state = s7.apply(state, rng.choice(s7.legal_moves(state)))
        for event in state.history[seen:]:
            print(describe(event, lang))
        seen = len(state.history)

    print()
    for suit in s7.Suit:  # each row runs from its lowest to its highest card (R8)
        row = state.row(suit)
        span = f"{row[0].label(lang)}–{row[1].label(lang)}" if row else "not opened"
        print(f"{suit}: {span}")
    print()
    for standing in s7.ranking(state):  # the winner first, then by cards left and points
        print(standing)


if __name__ == "__main__":
    main()
