"""Whole random games through the public API, against the naive baseline.

A game is what ``../shared/bench/naive.py`` measures: deal (``new_game`` with a seed),
play a uniformly random legal card until someone goes out (``legal_moves`` and
``apply``; passes happen inside ``apply``), then compute the ``ranking``. The two
implementations run in alternating rounds (A B A B ...) so that a noisy machine
slows both alike, and the script prints the median games per second of each and the
median ratio. ``benchmarks/run.py`` prints this figure with all the others.

    python benchmarks/playout.py                 # 4 players, about 10 s
    python benchmarks/playout.py --players 6 --seconds 20
    python benchmarks/playout.py --quick         # a smoke run for CI (no timing claims)
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import harness
from run import LABELS, api_workload


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", "-n", type=int, default=4)
    parser.add_argument("--seconds", "-s", type=float, default=10.0, help="total time budget")
    parser.add_argument("--rounds", type=int, default=10, help="alternating rounds per side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--naive", type=Path, default=harness.DEFAULT_NAIVE, help="naive.py")
    parser.add_argument("--quick", action="store_true", help="a few games only, for CI")
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.seconds = 2, 0.04

    naive = harness.load_naive(args.naive)
    workloads = {
        "naive": harness.naive_workload(naive, args.players, args.seed),
        "api": api_workload(args.players, random.Random(args.seed)),
    }
    figures = harness.interleave(
        workloads, args.rounds, args.seconds / 2 / args.rounds, {"naive": 20}
    )
    for line in harness.report(figures, args.players, LABELS, {}, args.quick):
        print(line)
    print(f"RATIO sevens_ru/naive={harness.median_ratio(figures['api'], figures['naive']):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
