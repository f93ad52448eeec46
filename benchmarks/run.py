"""Every speed and memory figure of sevens-ru, against the naive baseline, in one run.

A game is what ``../shared/bench/naive.py`` measures: deal, play a uniformly random
legal card until someone goes out, compute the ranking. The workloads:

- ``naive``: the baseline's own loop (Card objects, lists, ``random.shuffle``).
- ``api``: the public immutable API: ``new_game(seed=...)``, ``legal_moves`` and
  ``apply`` to the end, ``ranking``. The random choice is ``moves[int(random() * k)]``.
- ``playout``: ``new_game(seed=...)`` then ``sevens_ru.playout.playout(state, rng)``.
- ``rollout``: ``playout(state, rng)`` alone, from dealt games made before the clock
  starts: the work of a search bot, which rolls out from states it already has.
- ``heuristic``: the playout :class:`~sevens_ru.bots.SearchBot` makes by default
  (every seat plays as the heuristic bot would), from dealt games after the 9♦.
- ``batch``: ``GameBatch.deal(4096)``, ``play_random``, ``places``: whole games with
  numpy in lockstep (needs ``pip install "sevens-ru[numpy]"``).
- ``api:NAME``, ``playout:NAME``, ``rollout:NAME``: the same three on each preset of the
  layout family, printed as µs per move beside the Russian game's, with their ratios
  (``benchmarks/presets.py``; ``--game NAME`` for some presets only, ``--no-family`` for none).

With the compiled core (``sevens_ru.IMPLEMENTATION == "c"``), the pure-Python engine
plays the same workloads in a subprocess (``SEVENS_RU_PURE_PYTHON=1``), named
``api-python`` and so on, in the same rounds; a SPEEDUP line gives each workload's
ratio of the two engines. All run in rotating order in every round (A B C ... B C A
...), and each figure is the median over the rounds, as games/s and as a ratio to the
baseline of the same round.
Then come the batch engine's throughput against batch size (each size measured between
two runs of the baseline) and the memory figures: the bytes a ``GameState`` adds per
move, and the peak memory of a 100,000-game batch.

    python benchmarks/run.py                 # 4 players, about five minutes
    python benchmarks/run.py --no-family     # the Russian game alone, about two minutes
    python benchmarks/run.py --players 6 --rounds 5
    python benchmarks/run.py --no-python     # the engine of this process only
    python benchmarks/run.py --game fan-tan  # of the family's presets, fan-tan only
    python benchmarks/run.py --quick         # a smoke run for CI: no timing claims
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path
from types import ModuleType

import harness
import presets

import sevens_ru as s7
from sevens_ru.games.sevens.bots._rollout import greedy_playout
from sevens_ru.games.sevens.game import playable_mask
from sevens_ru.games.sevens.playout import playout

try:
    import numpy as np

    from sevens_ru.games.sevens.batch import GameBatch
except ImportError:  # the numpy extra is not installed: no batch figures
    np = None  # type: ignore[assignment]

LABELS = {
    "naive": "the baseline, ../shared/bench/naive.py",
    "api": "new_game, legal_moves + apply to the end, ranking",
    "playout": "new_game, then playout(state, rng) to the end",
    "rollout": "playout(state, rng) from dealt states (search)",
    "heuristic": "SearchBot's heuristic playout from dealt states",
    "batch": "GameBatch of 4096: deal, play_random, places",
}
LABELS.update(
    {name + harness.PYTHON: label + ", pure Python" for name, label in list(LABELS.items())}
)
TARGETS = {"api": 8.0, "rollout": 60.0, "playout": 7.0, "batch": 50.0}
"""Ratios to the baseline that the compiled core is to reach (4 players)."""
SPEEDUP_TARGETS = {"heuristic": 10.0}
"""Ratios of the compiled core to the pure-Python engine that it is to reach."""
BOTH = ("api", "playout", "rollout", "heuristic")
"""The workloads that the pure-Python subprocess runs too."""
BATCH = 4096


def api_workload(players: int, rng: random.Random) -> harness.Workload:
    """Whole random games through the five public functions."""

    def run(games: int) -> int:
        new_game, legal_moves, apply, ranking = s7.new_game, s7.legal_moves, s7.apply, s7.ranking
        draw, seed_bits = rng.random, rng.getrandbits
        for _ in range(games):
            state = new_game(players, seed=seed_bits(64))
            while moves := legal_moves(state):
                count = len(moves)
                state = apply(state, moves[int(draw() * count)] if count > 1 else moves[0])
            ranking(state)
        return games

    return run


def playout_workload(players: int, rng: random.Random) -> harness.Workload:
    """A seeded deal, then the fast rollout to the ranking."""

    def run(games: int) -> int:
        new_game, seed_bits = s7.new_game, rng.getrandbits
        for _ in range(games):
            playout(new_game(players, seed=seed_bits(64)), rng)
        return games

    return run


def rollout_workload(players: int, rng: random.Random) -> harness.Workload:
    """The fast rollout alone, from 1,000 dealt games taken in turn."""
    states = [s7.new_game(players, seed=rng.getrandbits(64)) for _ in range(1000)]

    def run(games: int) -> int:
        count = len(states)
        for number in range(games):
            playout(states[number % count], rng)
        return games

    return run


def heuristic_workload(players: int, rng: random.Random) -> harness.Workload:
    """SearchBot's default playout (every seat as the heuristic bot), from dealt games."""
    starts = []
    for _ in range(1000):
        state = s7.apply(s7.new_game(players, seed=rng.getrandbits(64)), "9♦")
        table = s7.mask_of(state.table)
        hands = [s7.mask_of(hand) for hand in state.hands]
        passes = sum(count << (seat << 3) for seat, count in enumerate(state.passes))
        turn: int = state.current_player  # type: ignore[assignment]
        first = s7.legal_moves(state)[0].index
        starts.append((hands, table, playable_mask(table), passes, turn, first, state.options))

    def run(games: int) -> int:
        count = len(starts)
        for number in range(games):
            hands, table, playable, passes, turn, first, options = starts[number % count]
            greedy_playout(list(hands), table, playable, passes, turn, first, rng, options)
        return games

    return run


def workloads_of(players: int, seed: int) -> dict[str, harness.Workload]:
    """The workloads that both engines run, for this process's engine."""
    rng = random.Random(seed)
    return {
        "api": api_workload(players, rng),
        "playout": playout_workload(players, rng),
        "rollout": rollout_workload(players, rng),
        "heuristic": heuristic_workload(players, rng),
    }


def batch_workload(players: int, size: int, seed: int) -> harness.Workload:
    """Whole games ``size`` at a time; rounds up to whole batches."""
    generator = np.random.default_rng(seed)

    def run(games: int) -> int:
        played = 0
        while played < games:
            GameBatch.deal(size, players, rng=generator).play_random(generator).places()
            played += size
        return played

    return run


def batch_sizes(
    players: int, naive: ModuleType, seed: int, seconds: float, quick: bool
) -> list[str]:
    """Batch throughput for several batch sizes, each between two baseline runs."""
    baseline = harness.naive_workload(naive, players, seed)
    naive_games = harness.calibrate(baseline, seconds / 2, 20)
    lines = []
    for size in (64, 256) if quick else (256, 1024, 4096, 16384, 65536):
        batch = batch_workload(players, size, seed)
        games = max(size, harness.calibrate(batch, seconds, size) // size * size)
        rates: list[float] = []
        naive_rates: list[float] = []
        for _ in range(1 if quick else 3):
            for run, count, out in ((baseline, naive_games, naive_rates), (batch, games, rates)):
                start = time.perf_counter()
                played = run(count)
                out.append(played / (time.perf_counter() - start))
        ratio = statistics.median(rates) / statistics.median(naive_rates)
        lines.append(
            f"BATCH size={size} players={players} games_per_s={statistics.median(rates):.0f} "
            f"ratio={ratio:.1f}"
        )
    return lines


def plies_per_game(players: int, games: int, seed: int) -> tuple[float, float]:
    """Plays and passes per random game through the API (a check that games are whole)."""
    rng = random.Random(seed)
    plays = passes = 0
    for _ in range(games):
        state = s7.new_game(players, seed=rng.getrandbits(64))
        while moves := s7.legal_moves(state):
            state = s7.apply(state, moves[int(rng.random() * len(moves))])
            plays += 1
        passes += sum(state.passes)
    return plays / games, passes / games


def bytes_per_move(players: int, games: int, seed: int) -> tuple[float, int]:
    """Bytes a GameState adds per move: every state of ``games`` games kept alive."""
    rng = random.Random(seed)
    starts = [s7.new_game(players, seed=rng.getrandbits(64)) for _ in range(games)]
    choices = random.Random(seed + 1)

    def play_all() -> list[s7.GameState]:
        finals = []
        for state in starts:
            while moves := s7.legal_moves(state):
                state = s7.apply(state, moves[int(choices.random() * len(moves))])
            finals.append(state)
        return finals

    choices.seed(seed + 1)
    play_all()  # fills the engine's caches of legal-move tuples first
    choices.seed(seed + 1)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    finals = play_all()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    moves = sum(len(final.history) - sum(final.passes) for final in finals)
    return (after - before) / moves, moves


def batch_peak(players: int, size: int, seed: int) -> tuple[int, int]:
    """Peak traced memory of a whole batch of ``size`` games, and its arrays' bytes."""
    GameBatch.deal(16, players, rng=seed).play_random(seed)  # builds the lookup tables
    gc.collect()
    tracemalloc.start()
    batch = GameBatch.deal(size, players, rng=seed)
    final = batch.play_random(seed)
    final.places()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak, final.nbytes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", "-n", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=9, help="interleaved rounds")
    parser.add_argument("--seconds", type=float, default=1.0, help="per workload per round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--naive", type=Path, default=harness.DEFAULT_NAIVE)
    parser.add_argument("--memory-games", type=int, default=100_000, help="batch peak size")
    parser.add_argument("--quick", action="store_true", help="a few games only, for CI")
    parser.add_argument(
        "--no-python", action="store_true", help="no pure-Python subprocess beside the core"
    )
    parser.add_argument(
        "--game",
        action="append",
        choices=presets.CHOICES,
        help="a preset of the layout family to measure (repeat it for more; default: all), "
        "or russian: the family's engine as Russian Sevens",
    )
    parser.add_argument("--no-family", action="store_true", help="no preset of the family")
    parser.add_argument(
        "--family-seconds",
        type=float,
        help="per workload of the family per round (default: as --seconds)",
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:  # the pure-Python side of an interleaved run, see harness.PurePython
        return harness.serve(workloads_of(args.players, args.seed), s7.IMPLEMENTATION)
    if args.quick:
        args.rounds, args.seconds, args.memory_games = 2, 0.01, 2_000
        args.family_seconds = 0.01
    if args.family_seconds is None:
        args.family_seconds = args.seconds

    naive = harness.load_naive(args.naive)
    workloads = {
        "naive": harness.naive_workload(naive, args.players, args.seed),
        **workloads_of(args.players, args.seed),
    }
    pure = None
    if s7.IMPLEMENTATION != "python" and not args.no_python:
        # The same players and seed: the subprocess plays the same games.
        arguments = ["--players", str(args.players), "--seed", str(args.seed)]
        pure = harness.PurePython(Path(__file__), arguments)
        for name in BOTH:
            workloads[name + harness.PYTHON] = pure.workload(name)
    if np is not None:
        workloads["batch"] = batch_workload(args.players, BATCH, args.seed)
        GameBatch.deal(16, args.players, rng=0).play_random(0)  # build the lookup tables
    chosen = () if args.no_family else tuple(args.game or presets.PRESETS)
    family_workloads = presets.workloads(chosen, args.players, args.seed)
    workloads.update(family_workloads)
    print(
        f"sevens-ru {s7.__version__} (engine: {s7.IMPLEMENTATION}), "
        f"Python {sys.version.split()[0]}, "
        f"numpy {np.__version__ if np is not None else 'absent (no batch figures)'}; "
        f"{args.players} players, {args.rounds} rounds of about {args.seconds:g} s each"
    )
    plays, passes = plies_per_game(args.players, 200 if args.quick else 2000, args.seed)
    print(f"GAMES plays_per_game={plays:.2f} passes_per_game={passes:.2f}")
    figures = harness.interleave(
        workloads,
        args.rounds,
        args.seconds,
        {"batch": BATCH, "naive": 20},
        dict.fromkeys(family_workloads, args.family_seconds),
    )
    if pure is not None:
        pure.close()
    targets = TARGETS if s7.IMPLEMENTATION == "c" else {}
    ours = {name: figure for name, figure in figures.items() if name not in family_workloads}
    for line in harness.report(ours, args.players, LABELS, targets, args.quick):
        print(line)
    for line in harness.speedups(figures, s7.IMPLEMENTATION, SPEEDUP_TARGETS, args.quick):
        print(line)

    if np is not None:
        for line in batch_sizes(args.players, naive, args.seed, args.seconds, args.quick):
            print(line)

    per_move, moves = bytes_per_move(args.players, 100 if args.quick else 1000, args.seed)
    print(f"MEMORY gamestate_bytes_per_move={per_move:.0f} moves={moves}")
    if np is not None:
        peak, arrays = batch_peak(args.players, args.memory_games, args.seed)
        print(
            f"MEMORY batch_games={args.memory_games} batch_peak_bytes={peak} "
            f"({peak / 2**20:.1f} MiB, {peak / args.memory_games:.0f} bytes/game) "
            f"final_batch_arrays_bytes={arrays}"
        )
    print()
    for row in harness.summary_table(figures, LABELS, ["naive", *BOTH, "batch"], s7.IMPLEMENTATION):
        print(row)
    if chosen:
        print()
        for line in presets.report(figures, chosen, args.players, args.seed, args.quick):
            print(line)
    if args.quick:
        print("(quick run: too short for meaningful figures)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
