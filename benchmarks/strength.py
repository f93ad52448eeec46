"""How strong the bots are: win or fool rates with 95 % intervals and ms per move, over duplicate deals.

Each entry of ``--lineup`` is a bot as the game's ``make_bot`` names it (``search``,
``heuristic``, ``search:rollouts=600,temperature=none,endgame=0``, ...). The match is
the game's ``play_match`` with ``duplicate=True``: each deal is played once per seat,
the lineup moved one seat on each time, so every entry plays every hand. With fewer
entries than ``--players`` the lineup repeats (``a b`` at 4 seats sits as ``a b a b``)
and an entry's figures are the means over its seats.

``--game sevens`` (the default) gives win rates, against a fair share of ``1 / players``;
``--game durak`` gives fool rates (lower is better), draw rates and payoffs, then the
Durak search bot's targets: the first entry's fool-rate interval wholly below 1/3 and
below every other entry's, at most 100 ms per move; it exits with 1 when one is missed
(the claim needs at least 2,000 deals, so a shorter run says it is a screen).

``--seeing-all`` measures the bound of the first entry, a ``SearchBot``: the same search
shown every hand (:meth:`~sevens_ru.bots.SearchBot.choose_seeing_all`, for measurement
only), against the other entries playing on their views. ``play_match`` gives bots
views only, so this mode plays its own duplicate games (same seating and rotations,
its own deal seeds) and gives the same figures with the same kind of interval (Wilson,
each deal one sample).

    python benchmarks/strength.py                                   # search vs 3 heuristic
    python benchmarks/strength.py --deals 2000 --jobs 2
    python benchmarks/strength.py --players 4 --lineup search search:rollouts=600,temperature=none,endgame=0
    python benchmarks/strength.py --seeing-all --deals 500
    python benchmarks/strength.py --quick                           # a smoke run
    nice -n 10 python benchmarks/strength.py --game durak --deals 2000 --jobs 2
    python benchmarks/strength.py --game durak --lineup search:rollouts=10 heuristic heuristic
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import sevens_ru as s7
from sevens_ru.common._intervals import rate_estimate
from sevens_ru.games.durak.bots import make_bot as make_durak_bot
from sevens_ru.games.durak.tournament import MatchResult as DurakResult
from sevens_ru.games.durak.tournament import play_match as play_durak_match
from sevens_ru.games.sevens.bots import Bot, SearchBot, bot_name, make_bot
from sevens_ru.games.sevens.tournament import play_match

LINEUPS = {
    "sevens": ["search", "heuristic", "heuristic", "heuristic"],
    "durak": ["search", "heuristic", "heuristic"],
}
QUICK = {"sevens": None, "durak": ["search:rollouts=10", "heuristic", "heuristic"]}
MS_PER_MOVE = 100.0  # the targets' time per move
CLAIM_DEALS = 2000  # the targets' number of duplicate deals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=tuple(LINEUPS), default="sevens")
    parser.add_argument("--lineup", nargs="+", default=None, metavar="BOT")
    parser.add_argument(
        "--players", "-n", type=int, default=None, help="seats (default: one per bot)"
    )
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seeing-all", action="store_true", help="the first bot sees every hand")
    parser.add_argument("--quick", action="store_true", help="a few deals only, for CI")
    args = parser.parse_args(argv)
    deals = 2 if args.quick else args.deals
    lineup = args.lineup or (args.quick and QUICK[args.game]) or LINEUPS[args.game]
    if args.game == "durak":
        if args.seeing_all:
            parser.error("--seeing-all is for the main game's SearchBot")
        return durak(lineup, args.players, deals, args.seed, args.jobs, quick=args.quick)
    bots = [make_bot(description) for description in lineup]
    players = args.players or len(bots)
    start = time.perf_counter()
    if args.seeing_all:
        if not isinstance(bots[0], SearchBot):
            parser.error("--seeing-all needs a search bot first in the lineup")
        rows = seeing_all(bots, players, deals, args.seed, args.jobs)
    else:
        result = play_match(bots, deals, seed=args.seed, players=players, jobs=args.jobs)
        rows = [
            (
                bot.name,
                bot.games,
                bot.win_rate.mean,
                bot.win_rate.low,
                bot.win_rate.high,
                bot.ms_per_move,
            )
            for bot in result.bots
        ]
    print(
        f"{players} players, {deals} duplicate deals, seed {args.seed}"
        + (", the first bot sees every hand (measurement only)" if args.seeing_all else "")
    )
    width = max(len(row[0]) for row in rows)
    print(f"{'bot':{width}}  {'games':>6}  {'win rate':21}  ms/move")
    for name, games, rate, low, high, ms in rows:
        print(f"{name:{width}}  {games:6}  {rate:.3f} [{low:.3f}, {high:.3f}]  {ms:7.2f}")
    print(f"fair share {1 / players:.3f}; {time.perf_counter() - start:.0f} s")
    return 0


def durak(
    lineup: Sequence[str], players: int | None, deals: int, seed: int, jobs: int, *, quick: bool
) -> int:
    """The Durak match: fool rates, draws and payoffs, then the search bot's targets."""
    started = time.perf_counter()
    result: DurakResult = play_durak_match(
        [make_durak_bot(description) for description in lineup],
        deals,
        seed=seed,
        players=players or len(lineup),
        jobs=jobs,
        names=[f"{description} ({entry})" for entry, description in enumerate(lineup)],
    )
    print(
        f"{result.players} players, {deals} duplicate deals, seed {seed}, jobs {jobs}: "
        f"{time.perf_counter() - started:.0f} s"
    )
    for entry in result.bots:
        print(
            f"{entry.name:<28} fool {entry.fool_rate}  draws {entry.draw_rate}  "
            f"payoff {entry.mean_payoff}  {entry.ms_per_move:6.2f} ms/move ({entry.moves} moves)"
        )
    first, *others = result.bots
    checks = {
        f"fool-rate interval below 1/{result.players}": first.fool_rate.high < 1 / result.players,
        "below every other entry's interval": all(
            first.fool_rate.high < other.fool_rate.low for other in others
        ),
        f"at most {MS_PER_MOVE:.0f} ms per move": first.ms_per_move <= MS_PER_MOVE,
    }
    for what, met in checks.items():
        print(f"{'met   ' if met else 'MISSED'} {what}")
    if deals < CLAIM_DEALS:
        print(f"(fewer than {CLAIM_DEALS:,} deals: a screening run, not the claim)")
    return 0 if quick or all(checks.values()) else 1


# --seeing-all: duplicate games in which the first entry is shown the state


Row = tuple[str, int, float, float, float, float]


def seeing_all(bots: Sequence[Bot], players: int, deals: int, seed: int, jobs: int) -> list[Row]:
    """The figures of each entry when the first one is shown every hand."""
    chunks = [range(start, min(deals, start + 10)) for start in range(0, deals, 10)]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            parts = list(pool.map(_play_deals, [(bots, players, seed, chunk) for chunk in chunks]))
    else:
        parts = [_play_deals((bots, players, seed, chunk)) for chunk in chunks]
    outcomes = [deal for part in parts for deal in part]  # per deal: (entry, won, moves, s)
    rows: list[Row] = []
    for entry, bot in enumerate(bots):
        per_deal = [[seat for seat in deal if seat[0] == entry] for deal in outcomes]
        games = sum(len(seats) for seats in per_deal)
        wins = sum(seat[1] for seats in per_deal for seat in seats)
        rates = [sum(seat[1] for seat in seats) / len(seats) for seats in per_deal]
        spread = statistics.variance(rates) if len(rates) > 1 else None
        # The interval of sevens_ru.tournament's results: Wilson's, each deal one sample.
        estimate = rate_estimate(wins / games, games=games, deals=len(rates), spread=spread)
        low, high = estimate.low, estimate.high
        moves = sum(seat[2] for seats in per_deal for seat in seats)
        seconds = sum(seat[3] for seats in per_deal for seat in seats)
        name = bot_name(bot) + (" (sees every hand)" if entry == 0 else "")
        rows.append((name, games, wins / games, low, high, 1000 * seconds / max(moves, 1)))
    return rows


def _play_deals(
    task: tuple[Sequence[Bot], int, int, range],
) -> list[list[tuple[int, bool, int, float]]]:
    bots, players, seed, numbers = task
    seeing = bots[0]
    assert isinstance(seeing, SearchBot)
    found = []
    for number in numbers:
        deal = s7.new_game(players, seed=seed * 1_000_003 + number)
        seats: list[tuple[int, bool, int, float]] = []
        for rotation in range(players):
            entries = [(seat + rotation) % players % len(bots) for seat in range(players)]
            rngs = [random.Random(f"{seed} {number} {rotation} {seat}") for seat in range(players)]
            moves = [0] * players
            seconds = [0.0] * players
            state = deal
            while not s7.is_over(state):
                seat = state.current_player
                assert seat is not None
                begun = time.perf_counter()
                if entries[seat] == 0:
                    card = seeing.choose_seeing_all(state, rngs[seat])
                else:
                    card = bots[entries[seat]].choose(s7.view(state, seat), rngs[seat])
                seconds[seat] += time.perf_counter() - begun
                moves[seat] += 1
                state = s7.apply(state, card)
            seats += [
                (entries[seat], state.winner == seat, moves[seat], seconds[seat])
                for seat in range(players)
            ]
        found.append(seats)
    return found


if __name__ == "__main__":
    sys.exit(main())
