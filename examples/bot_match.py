"""Measure bots against each other over duplicate deals, with 95 % intervals.

    python examples/bot_match.py                                   # heuristic vs 3 random
    python examples/bot_match.py --bots search heuristic heuristic heuristic --games 2000 --jobs 2

Every deal is played once per seat rotation (duplicate), so the luck of the cards
cancels; the intervals take each deal as one sample. The same seed gives the same
figures with any number of jobs (only the timings differ).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from sevens_ru.bots import make_bot
from sevens_ru.tournament import play_match


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="A duplicate match between bots.")
    parser.add_argument("--bots", nargs="+", default=["heuristic", "random", "random", "random"])
    parser.add_argument("--games", type=int, default=200, help="deals (each in all rotations)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)

    bots = [make_bot(name) for name in args.bots]
    started = time.perf_counter()

    def progress(done: int, total: int) -> None:
        print(f"\r{done}/{total} deals", end="", file=sys.stderr, flush=True)

    result = play_match(bots, args.games, seed=args.seed, jobs=args.jobs, progress=progress)
    print(file=sys.stderr)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(result.table())
        print(f"{result.games} games in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
