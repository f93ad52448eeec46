"""Whole random games through the public API, against the naive baseline.

A game is what ``../shared/bench/naive.py`` measures: deal (``new_game`` with a seed),
play a uniformly random legal card until someone goes out (``legal_moves`` and
``apply``; passes happen inside ``apply``), then compute the ``ranking``. With the
compiled core, the pure-Python engine plays the same games in a subprocess
(``SEVENS_RU_PURE_PYTHON=1``). They run in alternating rounds (A B C A B C ...) so
that a noisy machine slows all alike, and the script prints the median games per
second of each and the median ratios. ``benchmarks/run.py`` prints these figures with
all the others.

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

import sevens_ru as s7


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", "-n", type=int, default=4)
    parser.add_argument("--seconds", "-s", type=float, default=10.0, help="total time budget")
    parser.add_argument("--rounds", type=int, default=10, help="alternating rounds per side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--naive", type=Path, default=harness.DEFAULT_NAIVE, help="naive.py")
    parser.add_argument("--quick", action="store_true", help="a few games only, for CI")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:  # the pure-Python side, see harness.PurePython
        workload = api_workload(args.players, random.Random(args.seed))
        return harness.serve({"api": workload}, s7.IMPLEMENTATION)
    if args.quick:
        args.rounds, args.seconds = 2, 0.04

    naive = harness.load_naive(args.naive)
    workloads = {
        "naive": harness.naive_workload(naive, args.players, args.seed),
        "api": api_workload(args.players, random.Random(args.seed)),
    }
    pure = None
    if s7.IMPLEMENTATION != "python":
        arguments = ["--players", str(args.players), "--seed", str(args.seed)]
        pure = harness.PurePython(Path(__file__), arguments)
        workloads["api" + harness.PYTHON] = pure.workload("api")
    figures = harness.interleave(
        workloads, args.rounds, args.seconds / len(workloads) / args.rounds, {"naive": 20}
    )
    if pure is not None:
        pure.close()
    for line in harness.report(figures, args.players, LABELS, {}, args.quick):
        print(line)
    for line in harness.speedups(figures, s7.IMPLEMENTATION, {}, args.quick):
        print(line)
    print(f"RATIO sevens_ru/naive={harness.median_ratio(figures['api'], figures['naive']):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
