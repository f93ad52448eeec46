"""The action-number path against the move path of the engines, as ratios measured in one run.

For each game (Russian Sevens with 4 players, Durak with 3), two workloads play random
games to the end, a new seeded game whenever one ends:

- ``moves``: ``legal_moves(state)`` and ``apply(state, move)`` with a random legal move;
- ``actions``: ``legal_actions(state)`` and ``apply(state, action)`` with a random
  legal action number, as learners and search over action numbers play;
- ``mask``: ``legal_mask(state)`` and ``apply(state, action)``, the action drawn from the
  mask's bits, as a masked policy plays.

The workloads run in rotating order in every round, each timed by the CPU time of this
process (steadier than the wall clock on a shared machine), and each figure is the
median over the rounds. The RATIO lines give each action workload against the move
path of the same game; the target, for ``actions``: at least 0.9. (``mask`` also pays for
its Python loop that finds the chosen bit.)

    python benchmarks/actions.py             # about half a minute
    python benchmarks/actions.py --quick     # a smoke run for CI: no timing claims
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from types import ModuleType

import sevens_ru as s7
from sevens_ru import durak

Workload = Callable[[int], int]
"""Makes about the given number of moves and returns how many it made."""

TARGET = 0.9
GAMES = {"sevens": (s7, 4), "durak": (durak, 3)}


def moves_workload(game: ModuleType, players: int, rng: random.Random) -> Workload:
    """``legal_moves`` + ``apply`` of a random legal move, game after game."""
    state = game.new_game(players, seed=rng.getrandbits(64))

    def run(wanted: int) -> int:
        nonlocal state
        legal_moves, apply, draw = game.legal_moves, game.apply, rng.random
        for _ in range(wanted):
            moves = legal_moves(state)
            if not moves:
                state = game.new_game(players, seed=rng.getrandbits(64))
                moves = legal_moves(state)
            state = apply(state, moves[int(draw() * len(moves))])
        return wanted

    return run


def actions_workload(game: ModuleType, players: int, rng: random.Random) -> Workload:
    """``legal_actions`` + ``apply`` of a random legal action number, game after game."""
    state = game.new_game(players, seed=rng.getrandbits(64))

    def run(wanted: int) -> int:
        nonlocal state
        legal_actions, apply, draw = game.legal_actions, game.apply, rng.random
        for _ in range(wanted):
            actions = legal_actions(state)
            if not actions:
                state = game.new_game(players, seed=rng.getrandbits(64))
                actions = legal_actions(state)
            state = apply(state, actions[int(draw() * len(actions))])
        return wanted

    return run


def mask_workload(game: ModuleType, players: int, rng: random.Random) -> Workload:
    """``legal_mask`` + ``apply`` of an action drawn from the mask's bits, game after game."""
    state = game.new_game(players, seed=rng.getrandbits(64))

    def run(wanted: int) -> int:
        nonlocal state
        legal_mask, apply, draw = game.legal_mask, game.apply, rng.random
        for _ in range(wanted):
            mask = legal_mask(state)
            if not mask:
                state = game.new_game(players, seed=rng.getrandbits(64))
                mask = legal_mask(state)
            for _ in range(int(draw() * mask.bit_count())):  # the k-th legal action
                mask &= mask - 1
            state = apply(state, (mask & -mask).bit_length() - 1)
        return wanted

    return run


def measure(workloads: dict[str, Workload], rounds: int, seconds: float) -> dict[str, list[float]]:
    """Moves per CPU second of every workload in every round, in rotating order."""
    sizes = {}
    for name, run in workloads.items():
        wanted = 64
        while True:
            start = time.process_time()
            run(wanted)
            elapsed = time.process_time() - start
            if elapsed >= 0.05:
                sizes[name] = max(64, int(wanted / elapsed * seconds))
                break
            wanted *= 4
    rates: dict[str, list[float]] = {name: [] for name in workloads}
    names = list(workloads)
    for round_number in range(rounds):
        shift = round_number % len(names)
        for name in names[shift:] + names[:shift]:
            start = time.process_time()
            made = workloads[name](sizes[name])
            rates[name].append(made / max(time.process_time() - start, 1e-9))
    return rates


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=9, help="interleaved rounds")
    parser.add_argument("--seconds", type=float, default=0.5, help="per workload per round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a few moves only, for CI")
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.seconds = 2, 0.01
    rng = random.Random(args.seed)
    workloads = {}
    for name, (game, players) in GAMES.items():
        workloads[f"{name}_moves"] = moves_workload(game, players, rng)
        workloads[f"{name}_actions"] = actions_workload(game, players, rng)
        workloads[f"{name}_mask"] = mask_workload(game, players, rng)
    print(
        f"sevens-ru {s7.__version__} ({s7.IMPLEMENTATION}), Python {sys.version.split()[0]}; "
        f"{args.rounds} rounds of about {args.seconds:g} CPU s each"
    )
    rates = measure(workloads, args.rounds, args.seconds)
    for name, figures in rates.items():
        print(
            f"RESULT workload={name} per_s={statistics.median(figures):.0f} "
            f"(min {min(figures):.0f}, max {max(figures):.0f})"
        )
    for name in GAMES:
        moves = rates[f"{name}_moves"]
        for path in ("actions", "mask"):
            ratios = [
                mine / theirs for mine, theirs in zip(rates[f"{name}_{path}"], moves, strict=True)
            ]
            ratio = statistics.median(ratios)
            if path != "actions":
                print(f"RATIO {name} {path} / moves = {ratio:.2f}")
                continue
            verdict = "" if args.quick else (" met" if ratio >= TARGET else " NOT met")
            print(f"RATIO {name} {path} / moves = {ratio:.2f} (target >= {TARGET:g}){verdict}")
    if args.quick:
        print("(quick run: too short for meaningful figures)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
