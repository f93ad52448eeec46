"""The Durak SearchBot's strength: its fool rate against two HeuristicBots, 3 players.

One duplicate match (``sevens_ru.durak.tournament.play_match(..., duplicate=True)``:
each deal played in all 3 rotations, so every bot plays every hand from every seat)
between the bot named by ``--bot`` (a description for
``sevens_ru.durak.bots.make_bot``, default ``search``) and two ``HeuristicBot``. It
prints each entry's fool rate, draw rate and payoff with their 95 % intervals, and its
milliseconds per move, then the targets: the bot's fool-rate interval wholly below 1/3
and below both heuristic bots' intervals, at most 100 ms per move on average.

    nice -n 10 python benchmarks/durak_strength.py --deals 2000 --jobs 2   # ~10 minutes
    python benchmarks/durak_strength.py --deals 30 --bot search:rollouts=60  # a short run
    python benchmarks/durak_strength.py --quick  # a smoke run for CI: no claims

Exits with 1 when a target is missed (only a run of at least 2,000 deals makes the
claim), except with ``--quick``: 10 deals, ``search:rollouts=10``, and exit 0.
"""

from __future__ import annotations

import argparse
import sys
import time

from sevens_ru.durak.bots import HeuristicBot, make_bot
from sevens_ru.durak.tournament import play_match

PLAYERS = 3
MS_PER_MOVE = 100.0
CLAIM_DEALS = 2000


def main(argv: list[str] | None = None) -> int:
    """Play the match, print the table and the targets; 0 when they are met."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=CLAIM_DEALS, help="duplicate deals")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--seed", type=int, default=2026, help="the match seed")
    parser.add_argument("--bot", default="search", help="the Durak bot to measure")
    parser.add_argument("--quick", action="store_true", help="a smoke run: no claims")
    args = parser.parse_args(argv)
    if args.quick:
        args.deals, args.bot = 10, "search:rollouts=10"
    bot = make_bot(args.bot)
    started = time.perf_counter()
    result = play_match(
        [bot, HeuristicBot(), HeuristicBot()],
        args.deals,
        seed=args.seed,
        players=PLAYERS,
        duplicate=True,
        jobs=args.jobs,
        names=[args.bot, "heuristic 1", "heuristic 2"],
    )
    seconds = time.perf_counter() - started
    print(
        f"{args.deals} deals x {PLAYERS} rotations, seed {args.seed}, jobs {args.jobs}: {seconds:.0f} s"
    )
    for entry in result.bots:
        print(
            f"{entry.name:<28} fool {entry.fool_rate}  draws {entry.draw_rate}  "
            f"payoff {entry.mean_payoff}  {entry.ms_per_move:6.2f} ms/move ({entry.moves} moves)"
        )
    searcher, *heuristics = result.bots
    checks = {
        "fool-rate interval below 1/3": searcher.fool_rate.high < 1 / PLAYERS,
        "below both heuristic intervals": all(
            searcher.fool_rate.high < other.fool_rate.low for other in heuristics
        ),
        f"at most {MS_PER_MOVE:.0f} ms per move": searcher.ms_per_move <= MS_PER_MOVE,
    }
    for what, met in checks.items():
        print(f"{'met   ' if met else 'MISSED'} {what}")
    if args.deals < CLAIM_DEALS:
        print(f"(fewer than {CLAIM_DEALS:,} deals: a screening run, not the claim)")
    return 0 if args.quick or all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
