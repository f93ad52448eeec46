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
- ``gym``, ``openspiel`` and ``resample``, without targets: a Gymnasium learner against
  three ``RandomBot`` (its steps per second, the bots' moves inside), OpenSpiel's own
  loop on ``python_sevens_ru`` (actions per second, the deal's chance nodes included),
  and ``resample_from_infostate`` in mid-game, as ISMCTS calls it.

Then the ratios, with the targets: the AEC environment at least 40 % of ``raw``, the
vector environment at least 20× the AEC environment, Durak's AEC environment at least
30 % of ``durak_raw``, ``sample_state`` at least 20,000 a second. Needs the extras
pettingzoo, gymnasium and openspiel.

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
import pyspiel

import sevens_ru as s7
import sevens_ru.envs.openspiel  # registers the games with pyspiel
from sevens_ru import durak
from sevens_ru.envs.gymnasium import SevensEnv, SevensVectorEnv
from sevens_ru.envs.pettingzoo import durak_env, sevens_env
from sevens_ru.games.sevens.bots import RandomBot
from sevens_ru.games.sevens.inference import infer

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
    "gym": "Gymnasium SevensEnv against 3 RandomBots (the learner's steps/s)",
    "openspiel": "OpenSpiel python_sevens_ru(4): chance outcomes and moves (actions/s)",
    "resample": "OpenSpiel resample_from_infostate, 14 plays in (states/s)",
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
            actions = np.argmax(mask * generator.random(mask.shape, dtype=np.float32), axis=1)
            _, _, _, _, info = envs.step(actions)
            done += VECTOR
        return done

    return run


def gym_workload(seed: int) -> harness.Workload:
    """One learner (a random legal action) against three RandomBots: the learner's steps."""
    env = SevensEnv([RandomBot(), RandomBot(), RandomBot()])
    rng = random.Random(seed)
    _, info = env.reset(seed=seed)

    def run(steps: int) -> int:
        nonlocal info
        for _ in range(steps):
            legal = info["action_mask"].nonzero()[0]
            _, _, terminated, _, info = env.step(int(legal[int(rng.random() * len(legal))]))
            if terminated:
                _, info = env.reset()
        return steps

    return run


def openspiel_workload(seed: int) -> harness.Workload:
    """OpenSpiel's own loop on python_sevens_ru, 4 players: chance outcomes and moves."""
    game = pyspiel.load_game("python_sevens_ru", {"players": PLAYERS})
    rng = random.Random(seed)
    state = game.new_initial_state()

    def run(actions: int) -> int:
        nonlocal state
        for _ in range(actions):
            if state.is_terminal():
                state = game.new_initial_state()
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
        return actions

    return run


def resample_workload(seed: int) -> harness.Workload:
    """``resample_from_infostate`` at a mid-game decision, as ISMCTS calls it."""
    game = pyspiel.load_game("python_sevens_ru", {"players": PLAYERS})
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.game_state.history) < 14:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    player = state.current_player()

    def run(samples: int) -> int:
        for _ in range(samples):
            state.resample_from_infostate(player, sampler)
        return samples

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
        "gym": gym_workload(args.seed),
        "openspiel": openspiel_workload(args.seed),
        "resample": resample_workload(args.seed),
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
