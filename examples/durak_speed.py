"""Whole random games of old Durak through the public API, and how many run per second.

A game is: deal from a seed (``new_game``), make uniformly random legal moves until the
end (``legal_moves`` and ``apply``; joining happens inside ``apply``), then compute the
``ranking`` and ``payoffs``.

    python examples/durak_speed.py                      # 2, 3 and 4 players, 36 cards
    python examples/durak_speed.py --players 3 --short-deck --games 20000
"""

from __future__ import annotations

import argparse
import random
import time

from sevens_ru import durak


def play_random_games(players: int, games: int, options: durak.Options, rng: random.Random) -> int:
    """Play ``games`` random games; return the number of moves made."""
    new_game, legal_moves, apply = durak.new_game, durak.legal_moves, durak.apply
    draw, seed_bits = rng.random, rng.getrandbits
    moves_made = 0
    for game in range(games):
        state = new_game(players, dealer=game % players, seed=seed_bits(64), options=options)
        while moves := legal_moves(state):
            state = apply(state, moves[int(draw() * len(moves))])
            moves_made += 1
        durak.ranking(state)
        durak.payoffs(state)
    return moves_made


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--games", type=int, default=5000, help="games per player count")
    parser.add_argument("--short-deck", action="store_true", help="32 cards (2-3 players)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    options = durak.Options(short_deck=args.short_deck)
    rng = random.Random(args.seed)
    for players in args.players:
        start = time.perf_counter()
        moves = play_random_games(players, args.games, options, rng)
        seconds = time.perf_counter() - start
        print(
            f"players={players} deck={32 if args.short_deck else 36} games={args.games} "
            f"seconds={seconds:.2f} games/s={args.games / seconds:.0f} "
            f"moves/game={moves / args.games:.1f}"
        )


if __name__ == "__main__":
    main()
