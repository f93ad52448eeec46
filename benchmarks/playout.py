"""Whole random games through the public API, against the naive baseline.

A game is what ``../shared/bench/naive.py`` measures: deal (``new_game`` with a seed),
play a uniformly random legal card until someone goes out (``legal_moves`` and
``apply``; passes happen inside ``apply``), then compute the ``ranking``. The two
implementations run in alternating rounds (A B A B ...) so that a noisy machine
slows both alike, and the script prints games per second for each and their ratio.

    python benchmarks/playout.py                 # 4 players, about 10 s
    python benchmarks/playout.py --players 6 --seconds 20
    python benchmarks/playout.py --quick         # a smoke run for CI (no timing claims)
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import random
import sys
import time
from pathlib import Path
from types import ModuleType

import sevens_ru as s7

DEFAULT_NAIVE = Path(__file__).resolve().parents[2] / "shared" / "bench" / "naive.py"


def play_random_games(players: int, games: int, rng: random.Random) -> int:
    """Play ``games`` random games through the public API; return the plies played."""
    new_game, legal_moves, apply, ranking = s7.new_game, s7.legal_moves, s7.apply, s7.ranking
    draw, seed_bits = rng.random, rng.getrandbits
    plies = 0
    for _ in range(games):
        state = new_game(players, seed=seed_bits(64))
        while moves := legal_moves(state):
            count = len(moves)
            state = apply(state, moves[int(draw() * count)] if count > 1 else moves[0])
            plies += 1
        ranking(state)
        plies += sum(state.passes)
    return plies


@dataclasses.dataclass
class Tally:
    """Games, seconds and plies summed over the rounds of one implementation."""

    games: int = 0
    seconds: float = 0.0
    plies: int = 0

    def add(self, games: int, seconds: float, plies: int) -> None:
        self.games += games
        self.seconds += seconds
        self.plies += plies


def load_naive(path: Path) -> ModuleType:
    """Import the baseline from its file (it is not part of the package)."""
    spec = importlib.util.spec_from_file_location("naive_baseline", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load the naive baseline from {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", "-n", type=int, default=4)
    parser.add_argument("--seconds", "-s", type=float, default=10.0, help="total time budget")
    parser.add_argument("--rounds", type=int, default=10, help="alternating rounds per side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--naive", type=Path, default=DEFAULT_NAIVE, help="path to naive.py")
    parser.add_argument("--quick", action="store_true", help="a few games only, for CI")
    args = parser.parse_args(argv)

    naive = load_naive(args.naive)
    rng = random.Random(args.seed)
    if args.quick:
        args.rounds, games_per_round = 2, 50
    else:
        # Size the rounds so that the whole run takes about args.seconds.
        start = time.perf_counter()
        play_random_games(args.players, 200, rng)
        per_game = (time.perf_counter() - start) / 200
        games_per_round = max(50, int(args.seconds / 2 / args.rounds / per_game))

    totals = {"sevens_ru": Tally(), "naive": Tally()}
    for round_number in range(args.rounds):
        start = time.perf_counter()
        plies = play_random_games(args.players, games_per_round, rng)
        totals["sevens_ru"].add(games_per_round, time.perf_counter() - start, plies)
        result = naive.benchmark(args.players, games=games_per_round, seed=args.seed + round_number)
        totals["naive"].add(result["games"], result["seconds"], result["turns"])

    rates = {}
    for name, tally in totals.items():
        rates[name] = tally.games / tally.seconds
        print(
            f"RESULT impl={name} players={args.players} games={tally.games} "
            f"seconds={tally.seconds:.3f} games_per_s={rates[name]:.1f} "
            f"plies={tally.plies / tally.games:.2f}"
        )
    print(f"RATIO sevens_ru/naive={rates['sevens_ru'] / rates['naive']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
