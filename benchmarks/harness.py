"""Shared parts of the benchmarks: the naive baseline, interleaved rounds and medians.

Each workload is a function ``run(games) -> games played`` that plays whole random
games (deal, random legal cards to the end, ranking), the work that
``../shared/bench/naive.py`` measures. :func:`interleave` runs the workloads one after
the other in every round (A B C A B C ...), so that a noisy machine slows all of them
alike, and reports for each the median rate over the rounds and the median of its
per-round ratio to the baseline.

The pure-Python engine runs beside the compiled core in the same rounds: a
:class:`PurePython` subprocess (``SEVENS_RU_PURE_PYTHON=1``) runs the same workloads
on request, one at a time, while this process waits, so its figures and ratios come
from the same interleaved run.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import os
import statistics
import subprocess
import sys
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


class PurePython:
    """The workloads of ``script --serve`` run by the pure-Python engine in a subprocess."""

    def __init__(self, script: Path, arguments: Sequence[str]) -> None:
        environment = {**os.environ, "SEVENS_RU_PURE_PYTHON": "1"}
        self.process = subprocess.Popen(
            [sys.executable, str(script), "--serve", *arguments],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=environment,
        )
        if self._reply() != "ready python":
            raise SystemExit("the pure-Python benchmark process did not start")

    def _reply(self) -> str:
        assert self.process.stdout is not None
        return self.process.stdout.readline().strip()

    def workload(self, name: str) -> Workload:
        """The subprocess's workload ``name``: it plays, this process waits."""

        def run(games: int) -> int:
            assert self.process.stdin is not None
            self.process.stdin.write(f"{name} {games}\n")
            self.process.stdin.flush()
            return int(self._reply())

        return run

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def serve(workloads: dict[str, Workload], implementation: str) -> int:
    """The subprocess side of :class:`PurePython`: run ``name games`` lines, reply games."""
    print(f"ready {implementation}", flush=True)
    for line in sys.stdin:
        name, games = line.split()
        print(workloads[name](int(games)), flush=True)
    return 0


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
    seconds: dict[str, float] | None = None,
) -> dict[str, Figure]:
    """Run every workload once per round, in a rotating order; ``BASELINE`` must be one.

    Each run takes about ``seconds_per_run``, or ``seconds[name]`` for the workloads named there.
    """
    seconds = seconds or {}
    sizes = {
        name: calibrate(run, seconds.get(name, seconds_per_run), minimum_games.get(name, 1))
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


PYTHON = "-python"
"""The suffix of a workload's name when the pure-Python subprocess runs it."""


def speedups(
    figures: dict[str, Figure], implementation: str, targets: dict[str, float], quick: bool
) -> list[str]:
    """One SPEEDUP line per workload run by both engines: the median per-round ratio."""
    lines = []
    for name, figure in figures.items():
        pure = figures.get(name + PYTHON)
        if pure is None:
            continue
        per_round = ratios(figure, pure)
        ratio = statistics.median(per_round)
        line = (
            f"SPEEDUP workload={name} {implementation}/python={ratio:.2f} "
            f"(min {min(per_round):.2f}, max {max(per_round):.2f})"
        )
        if name in targets and not quick:
            verdict = "met" if ratio >= targets[name] else "NOT met"
            line += f" target>={targets[name]:g}x {verdict}"
        lines.append(line)
    return lines


def summary_table(
    figures: dict[str, Figure], labels: dict[str, str], order: Sequence[str], implementation: str
) -> list[str]:
    """A small table of the medians, for humans: each workload with both engines."""
    baseline = figures[BASELINE]
    both = implementation != "python" and any(name.endswith(PYTHON) for name in figures)
    head = f"{'workload':<10} {implementation + ' games/s':>13} {'x naive':>8}"
    if both:
        head += f" {'python games/s':>15} {'x naive':>8} {implementation + '/python':>9}"
    rows = [head + "  what"]
    for name in order:
        if name not in figures:
            continue
        figure = figures[name]
        row = f"{name:<10} {figure.median_rate():>13,.0f} {median_ratio(figure, baseline):>8.2f}"
        if both:
            pure = figures.get(name + PYTHON)
            row += (
                f" {pure.median_rate():>15,.0f} {median_ratio(pure, baseline):>8.2f}"
                f" {statistics.median(ratios(figure, pure)):>9.2f}"
                if pure is not None
                else f" {'':>15} {'':>8} {'':>9}"
            )
        rows.append(f"{row}  {labels[name]}")
    return rows
