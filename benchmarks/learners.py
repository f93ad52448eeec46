"""The learning environments' speed, as ratios measured in one run (issue: numbers for learners).

The workloads, run in rotating order in every round (see ``harness.interleave``), each
figure the median over the rounds:

- ``raw``: the main game's engine, ``legal_moves`` + ``apply`` with a random legal card,
  4 players, a new seeded game whenever one ends: plays per second.
- ``aec``: ``sevens_ru.envs.pettingzoo.sevens_env(4)``, the PettingZoo loop
  (``agent_iter``, ``last()``: the observation and its action mask, a random legal
  action from the mask, ``step``): steps per second (the steps of agents that are done
  not counted).
- ``vector``: ``SevensVectorEnv(4096, players=4)``, a random legal action per game from
  ``info["action_mask"]``: moves (games × steps) per second.
- ``durak_raw`` and ``durak_aec``: the same two for Durak, 3 players.
- ``sample_state``: ``Inference.sample_state`` on a 4-player view in mid-game (after 14
  plays), the inference made before the clock starts: states per second.

Then the ratios, with the targets: the AEC environment at least 40 % of ``raw``, the
vector environment at least 20× the AEC environment, Durak's AEC environment at least
30 % of ``durak_raw``, ``sample_state`` at least 20,000 a second. Needs the extras
pettingzoo and gymnasium.

    python benchmarks/learners.py            # about a minute
    python benchmarks/learners.py --quick    # a smoke run for CI: no timing claims
"""

from __future__ import annotations

import argparse
import random
import sys
from types import ModuleType

import harness
import numpy as np

import sevens_ru as s7
from sevens_ru import durak
from sevens_ru.envs.gymnasium import SevensVectorEnv
from sevens_ru.envs.pettingzoo import durak_env, sevens_env
from sevens_ru.inference import infer

PLAYERS = 4
DURAK_PLAYERS = 3
VECTOR = 4096
LABELS = {
    "raw": "legal_moves + apply, a random card (plays/s)",
    "aec": "PettingZoo sevens_env(4): last() + step (steps/s)",
    "vector": f"SevensVectorEnv({VECTOR}): moves/s",
    "durak_raw": "durak legal_moves + apply, 3 players (moves/s)",
    "durak_aec": "PettingZoo durak_env(3): last() + step (steps/s)",
    "sample_state": "Inference.sample_state, 4 players, 14 plays in (states/s)",
}


def raw_workload(game: ModuleType, players: int, rng: random.Random) -> harness.Workload:
    """A game's engine: ``legal_moves`` + ``apply`` with a random legal move, game after game."""
    state = game.new_game(players, seed=rng.getrandbits(64))

    def run(moves_wanted: int) -> int:
        nonlocal state
        legal_moves, apply, draw = game.legal_moves, game.apply, rng.random
        for _ in range(moves_wanted):
            moves = legal_moves(state)
            if not moves:
                state = game.new_game(players, seed=rng.getrandbits(64))
                moves = legal_moves(state)
            state = apply(state, moves[int(draw() * len(moves))])
        return moves_wanted

    return run


def aec_workload(env: object, rng: random.Random) -> harness.Workload:
    """The PettingZoo loop; every step of an agent still playing counts."""
    aec = env  # a CardGameEnv
    aec.reset(seed=rng.getrandbits(32))  # type: ignore[attr-defined]

    def run(steps: int) -> int:
        done = 0
        draw = rng.random
        while done < steps:
            observation, _, termination, truncation, _ = aec.last()  # type: ignore[attr-defined]
            if termination or truncation:
                aec.step(None)  # type: ignore[attr-defined]
                if not aec.agents:  # type: ignore[attr-defined]
                    aec.reset()  # type: ignore[attr-defined]
                continue
            legal = observation["action_mask"].nonzero()[0]
            aec.step(int(legal[int(draw() * len(legal))]))  # type: ignore[attr-defined]
            done += 1
        return done

    return run


def vector_workload(seed: int) -> harness.Workload:
    envs = SevensVectorEnv(VECTOR, players=PLAYERS)
    _, info = envs.reset(seed=seed)
    generator = np.random.default_rng(seed)

    def run(moves: int) -> int:
        nonlocal info
        done = 0
        while done < moves:
            mask = info["action_mask"]
            # A random legal card per game: the legal card with the largest random key.
            actions = np.argmax(mask * generator.random(mask.shape), axis=1)
            _, _, _, _, info = envs.step(actions)
            done += VECTOR
        return done

    return run


def sample_workload(seed: int) -> harness.Workload:
    rng = random.Random(seed)
    state = s7.new_game(PLAYERS, seed=seed)
    for _ in range(14):
        state = s7.apply(state, rng.choice(s7.legal_moves(state)))
    inference = infer(s7.view(state, 0))
    inference.sample_state(rng)  # the template of the public history, made once

    def run(samples: int) -> int:
        sample = inference.sample_state
        for _ in range(samples):
            sample(rng)
        return samples

    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds")
    parser.add_argument("--seconds", type=float, default=1.0, help="per workload per round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a few steps only, for CI")
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.seconds = 2, 0.01

    rng = random.Random(args.seed)
    workloads = {
        "raw": raw_workload(s7, PLAYERS, rng),
        "aec": aec_workload(sevens_env(players=PLAYERS), rng),
        "vector": vector_workload(args.seed),
        "durak_raw": raw_workload(durak, DURAK_PLAYERS, rng),
        "durak_aec": aec_workload(durak_env(players=DURAK_PLAYERS), rng),
        "sample_state": sample_workload(args.seed),
    }
    print(
        f"sevens-ru {s7.__version__}, Python {sys.version.split()[0]}, numpy {np.__version__}; "
        f"{args.rounds} rounds of about {args.seconds:g} s each"
    )
    figures = harness.interleave(workloads, args.rounds, args.seconds, {"vector": VECTOR})
    for name, figure in figures.items():
        rates = figure.rates()
        print(
            f"RESULT workload={name} per_s={figure.median_rate():.0f} "
            f"(min {min(rates):.0f}, max {max(rates):.0f})  # {LABELS[name]}"
        )
    checks = [
        ("aec / raw", harness.median_ratio(figures["aec"], figures["raw"]), 0.40),
        ("vector / aec", harness.median_ratio(figures["vector"], figures["aec"]), 20.0),
        (
            "durak_aec / durak_raw",
            harness.median_ratio(figures["durak_aec"], figures["durak_raw"]),
            0.30,
        ),
    ]
    for name, ratio, target in checks:
        verdict = "" if args.quick else (" met" if ratio >= target else " NOT met")
        print(f"RATIO {name} = {ratio:.2f} (target >= {target:g}){verdict}")
    samples = figures["sample_state"].median_rate()
    verdict = "" if args.quick else (" met" if samples >= 20_000 else " NOT met")
    print(f"RATE sample_state = {samples:,.0f}/s (target >= 20,000/s){verdict}")
    if args.quick:
        print("(quick run: too short for meaningful figures)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
