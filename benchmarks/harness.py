"""Shared parts of the benchmarks: the naive baseline, interleaved rounds and medians.

Each workload is a function ``run(games) -> games played`` that plays whole random
games (deal, random legal cards to the end, ranking), the work that
``../shared/bench/naive.py`` measures. :func:`interleave` runs the workloads one after
the other in every round (A B C A B C ...), so that a noisy machine slows all of them
alike, and reports for each the median rate over the rounds and the median of its
per-round ratio to the baseline.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

DEFAULT_NAIVE = Path(__file__).resolve().parents[2] / "shared" / "bench" / "naive.py"
BASELINE = "naive"

Workload = Callable[[int], int]
"""Plays about the given number of games and returns how many it played."""


def load_naive(path: Path) -> ModuleType:
    """Import the baseline from its file (it is not part of the package)."""
    spec = importlib.util.spec_from_file_location("naive_baseline", path)
    if spec is None or spec.loader is None or not path.is_file():
        raise SystemExit(f"cannot load the naive baseline from {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def naive_workload(naive: ModuleType, players: int, seed: int) -> Workload:
    """The baseline's own benchmark loop, a new seed for every call."""
    seeds = iter(range(seed, seed + 1_000_000_000))

    def run(games: int) -> int:
        result = naive.benchmark(players, games=games, seed=next(seeds))
        return int(result["games"])

    return run


@dataclasses.dataclass
class Figure:
    """The rounds of one workload: games and seconds per round."""

    name: str
    games: list[int] = dataclasses.field(default_factory=list)
    seconds: list[float] = dataclasses.field(default_factory=list)

    def rates(self) -> list[float]:
        return [games / seconds for games, seconds in zip(self.games, self.seconds, strict=True)]

    def median_rate(self) -> float:
        return statistics.median(self.rates())


def calibrate(run: Workload, seconds: float, minimum: int) -> int:
    """How many games ``run`` plays in about ``seconds`` (at least ``minimum``)."""
    games = minimum
    while True:
        start = time.perf_counter()
        played = run(games)
        elapsed = time.perf_counter() - start
        if elapsed >= 0.05 or games >= 1 << 24:
            return max(minimum, int(played / elapsed * seconds))
        games *= 4


def interleave(
    workloads: dict[str, Workload],
    rounds: int,
    seconds_per_run: float,
    minimum_games: dict[str, int],
) -> dict[str, Figure]:
    """Run every workload once per round, in a rotating order; ``BASELINE`` must be one."""
    sizes = {
        name: calibrate(run, seconds_per_run, minimum_games.get(name, 1))
        for name, run in workloads.items()
    }
    figures = {name: Figure(name) for name in workloads}
    names = list(workloads)
    for round_number in range(rounds):
        shift = round_number % len(names)
        for name in names[shift:] + names[:shift]:
            start = time.perf_counter()
            played = workloads[name](sizes[name])
            figures[name].seconds.append(time.perf_counter() - start)
            figures[name].games.append(played)
    return figures


def ratios(figure: Figure, baseline: Figure) -> list[float]:
    """The figure's rate over the baseline's, round by round."""
    return [mine / theirs for mine, theirs in zip(figure.rates(), baseline.rates(), strict=True)]


def median_ratio(figure: Figure, baseline: Figure) -> float:
    """The median over the rounds of the figure's rate over the baseline's."""
    return statistics.median(ratios(figure, baseline))


def report(
    figures: dict[str, Figure],
    players: int,
    labels: dict[str, str],
    targets: dict[str, float],
    quick: bool,
) -> list[str]:
    """One RESULT line per workload: median games/s and median ratio to the baseline."""
    baseline = figures[BASELINE]
    lines = []
    for name, figure in figures.items():
        rates = figure.rates()
        per_round = ratios(figure, baseline)
        ratio = median_ratio(figure, baseline)
        line = (
            f"RESULT impl={name} players={players} rounds={len(rates)} "
            f"games={sum(figure.games)} games_per_s={statistics.median(rates):.0f} "
            f"(min {min(rates):.0f}, max {max(rates):.0f}) "
            f"ratio={ratio:.2f} (min {min(per_round):.2f}, max {max(per_round):.2f})"
        )
        if name in targets and not quick:
            verdict = "met" if ratio >= targets[name] else "NOT met"
            line += f" target>={targets[name]:g}x {verdict}"
        if name in labels:
            line += f"  # {labels[name]}"
        lines.append(line)
    return lines


def summary_table(
    figures: dict[str, Figure], labels: dict[str, str], order: Sequence[str]
) -> list[str]:
    """A small table of the medians, for humans."""
    baseline = figures[BASELINE]
    rows = [f"{'workload':<10} {'games/s':>12} {'x naive':>8}  what"]
    for name in order:
        if name not in figures:
            continue
        figure = figures[name]
        ratio = median_ratio(figure, baseline)
        rows.append(f"{name:<10} {figure.median_rate():>12,.0f} {ratio:>8.2f}  {labels[name]}")
    return rows
