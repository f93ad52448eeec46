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

With ``--peers``, the issue's table instead: every environment beside its peers, each
timed in a pair with our PettingZoo ``sevens_env(4)`` (see ``peers.py``): OpenSpiel's
C++ crazy_eights, skat, spades and bridge with ``make_observation``, PettingZoo's
classic card games and pgx on CPU at batch 4,096 when they are installed (a line says
so when not), our AEC, OpenSpiel and vector environments; then the issue's targets,
and the action-number path against the move path of each engine. Two rows more show
our faster routes beside the targets' loops: Durak's legal actions read from
``mask.view(bool)`` (numpy scans its 1,252-entry int8 mask entry by entry, a bool view
about ten times as fast) and the vector environment's own ``random_actions()`` (a draw
in C, as pgx draws inside its jitted step); the targets stay on the loops above.

    python benchmarks/learners.py            # about a minute
    python benchmarks/learners.py --quick    # a smoke run for CI: no timing claims
    python benchmarks/learners.py --peers    # the table with the peers: a few minutes
"""

from __future__ import annotations

import argparse
import random
import sys
from types import ModuleType

import harness
import numpy as np
import peers
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


def raw_workload(
    game: ModuleType, players: int, rng: random.Random, by_actions: bool = False
) -> harness.Workload:
    """A game's engine: ``legal_moves`` + ``apply`` with a random legal move, game after game.

    ``by_actions``: by action numbers instead, ``legal_actions`` + ``apply`` of an int.
    """
    state = game.new_game(players, seed=rng.getrandbits(64))
    legal = game.legal_actions if by_actions else game.legal_moves

    def run(moves_wanted: int) -> int:
        nonlocal state
        apply, draw = game.apply, rng.random
        for _ in range(moves_wanted):
            moves = legal(state)
            if not moves:
                state = game.new_game(players, seed=rng.getrandbits(64))
                moves = legal(state)
            state = apply(state, moves[int(draw() * len(moves))])
        return moves_wanted

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
    parser.add_argument("--peers", action="store_true", help="the table with the peers")
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.seconds = 2, 0.01
    if args.peers:
        return peers_main(args)

    rng = random.Random(args.seed)
    workloads = {
        "raw": raw_workload(s7, PLAYERS, rng),
        "aec": peers.aec_workload(sevens_env(players=PLAYERS), rng),
        "vector": peers.vector_workload(SevensVectorEnv(VECTOR, players=PLAYERS), args.seed),
        "durak_raw": raw_workload(durak, DURAK_PLAYERS, rng),
        "durak_aec": peers.aec_workload(durak_env(players=DURAK_PLAYERS), rng),
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


BOOL_VIEW = "mask.view(bool)"

MISSING = {
    "rlcard": "PettingZoo's classic card games need rlcard and pygame: pip install rlcard pygame",
    "pygame": "PettingZoo's classic card games need rlcard and pygame: pip install rlcard pygame",
    "shimmy": "PettingZoo's Hanabi needs shimmy (and OpenSpiel): pip install shimmy",
    "pgx": "pgx needs pgx and jax: pip install pgx jax",
    "jax": "pgx needs pgx and jax: pip install pgx jax",
}


def peers_main(args: argparse.Namespace) -> int:
    """The issue's table: every environment beside its peers, in pairs with sevens_env(4)."""
    from sevens_ru.envs.gymnasium import CardGameVectorEnv
    from sevens_ru.envs.pettingzoo import env

    rng = random.Random(args.seed)
    seed = args.seed
    workloads: dict[str, tuple[int, harness.Workload, int]] = {}
    notes: list[str] = []

    def ours_aec(name: str, players: int) -> harness.Workload:
        return peers.aec_workload(env(name, players=players), rng)

    workloads["our sevens_env(4) (a second one)"] = (4, ours_aec("sevens", 4), 1)
    workloads["our durak_env(3)"] = (3, ours_aec("durak", 3), 1)
    workloads[f"our durak_env(3), legal actions from {BOOL_VIEW}"] = (
        3,
        peers.aec_workload(env("durak", players=3), rng, as_bool=True),
        1,
    )
    workloads["our sevens-52 env(4) (the layout family's engine)"] = (
        4,
        ours_aec("sevens-52", 4),
        1,
    )
    openspiel_games = [
        ("crazy_eights", {}, 5),
        ("skat", {}, 3),
        ("spades", {}, 4),
        ("bridge", {"use_double_dummy_result": False}, 4),
    ]
    for name, params, players in openspiel_games:
        label = f"OpenSpiel C++ {name}, make_observation"
        workloads[label] = (players, peers.openspiel_workload(name, params, seed), 1)
    for name, players in [("sevens", 4), ("durak", 3), ("sevens_52", 4)]:
        label = f"our OpenSpiel python_{name}_ru({players}), make_observation"
        workloads[label] = (
            players,
            peers.openspiel_workload(f"python_{name}_ru", {"players": players}, seed),
            1,
        )
    missing = peers.installed("rlcard", "pygame")
    if missing is None:
        from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4

        for label, module in [("leduc", leduc_holdem_v4), ("texas", texas_holdem_v4)]:
            workloads[f"PettingZoo classic (rlcard) {label}"] = (
                2,
                peers.aec_workload(module.env(), rng),
                1,
            )
    else:
        notes.append(f"PettingZoo classic leduc, texas: not installed ({MISSING[missing]})")
    missing = peers.installed("shimmy", "pyspiel")
    if missing is None:
        from pettingzoo.classic import hanabi_v5

        workloads["PettingZoo classic hanabi (OpenSpiel's, through shimmy)"] = (
            2,
            peers.aec_workload(hanabi_v5.env(), rng),
            1,
        )
    else:
        notes.append(f"PettingZoo classic hanabi: not installed ({MISSING[missing]})")
    if peers.installed("pettingzoo.classic.gin_rummy_v4") is not None:
        import pettingzoo

        notes.append(
            f"PettingZoo classic gin rummy: not in PettingZoo {pettingzoo.__version__} "
            "(it was removed from the classic games)"
        )
    workloads[f"our SevensVectorEnv({peers.BATCH})"] = (
        4,
        peers.vector_workload(CardGameVectorEnv("sevens", peers.BATCH, players=4), seed),
        peers.BATCH,
    )
    workloads[f"our SevensVectorEnv({peers.BATCH}), its own random_actions()"] = (
        4,
        peers.vector_workload(
            CardGameVectorEnv("sevens", peers.BATCH, players=4), seed, own_draw=True
        ),
        peers.BATCH,
    )
    missing = peers.installed("pgx", "jax")
    if missing is None and not args.quick:
        for name in ("kuhn_poker", "leduc_holdem"):
            label = f"pgx {name} on CPU, batch {peers.BATCH}"
            workloads[label] = (2, peers.pgx_workload(name, seed), peers.BATCH)
    elif missing is None:
        notes.append("pgx: installed, left out of a quick run (its compiling takes seconds)")
    else:
        notes.append(f"pgx kuhn_poker, leduc_holdem: not installed ({MISSING[missing]})")

    print(
        f"sevens-ru {s7.__version__} ({s7.IMPLEMENTATION}), Python {sys.version.split()[0]}, "
        f"numpy {np.__version__}; {args.rounds} rounds of about {args.seconds:g} s per side"
    )
    reference = ours_aec("sevens", 4)
    found = peers.pairs(reference, workloads, args.rounds, args.seconds)
    print()
    print("| environment | players | steps/s | × our AEC env |")
    print("|---|---|---|---|")
    ours = found["our sevens_env(4) (a second one)"]
    for name, pair in found.items():
        shown = "our sevens_env(4) (PettingZoo AEC)" if pair is ours else name
        print(f"| {shown} | {pair.players} | {pair.rate:,.0f} | {pair.ratio:.3g} |")
    for note in notes:
        print(f"| {note} | | | |")

    def ratio(name: str) -> float | None:
        pair = found.get(name)
        return None if pair is None else pair.ratio

    def fastest(*names: str) -> float | None:
        ratios = [r for r in map(ratio, names) if r is not None]
        return max(ratios) if ratios else None

    os_peer = "OpenSpiel C++ {}, make_observation"
    checks = [
        (
            "sevens_env(4) / fastest of crazy_eights, skat, spades",
            1.0,
            fastest(*(os_peer.format(game) for game in ("crazy_eights", "skat", "spades"))),
            1.2,
        ),
        ("durak_env(3) / skat", ratio("our durak_env(3)"), ratio(os_peer.format("skat")), 1.0),
        (
            "python_sevens_ru / bridge",
            ratio("our OpenSpiel python_sevens_ru(4), make_observation"),
            ratio(os_peer.format("bridge")),
            0.5,
        ),
        (
            f"SevensVectorEnv({peers.BATCH}) / pgx leduc_holdem",
            ratio(f"our SevensVectorEnv({peers.BATCH})"),
            ratio(f"pgx leduc_holdem on CPU, batch {peers.BATCH}"),
            10.0,
        ),
    ]
    # The same ratios with each of our environments' faster route, for the reader (the
    # targets stay on the loops above): Durak's legal actions from a bool view of its
    # 1,252-entry int8 mask, the vector environment's own draw of random legal actions.
    variants = {
        "durak_env(3) / skat": ratio(f"our durak_env(3), legal actions from {BOOL_VIEW}"),
        f"SevensVectorEnv({peers.BATCH}) / pgx leduc_holdem": ratio(
            f"our SevensVectorEnv({peers.BATCH}), its own random_actions()"
        ),
    }
    routes = {
        "durak_env(3) / skat": f"the legal actions from {BOOL_VIEW}",
        f"SevensVectorEnv({peers.BATCH}) / pgx leduc_holdem": "the env's own random_actions()",
    }
    print()
    for name, mine, theirs, target in checks:
        if mine is None or theirs is None:
            print(f"TARGET {name}: not measured (a side is not installed)")
            continue
        verdict = "" if args.quick else (" met" if mine / theirs >= target else " NOT met")
        print(f"TARGET {name} = {mine / theirs:.2f} (target >= {target:g}){verdict}")
        faster = variants.get(name)
        if faster is not None:
            print(f"  the same with {routes[name]}: {faster / theirs:.2f}")
    paths = peers.pairs(
        raw_workload(s7, PLAYERS, rng),
        {"sevens action path": (PLAYERS, raw_workload(s7, PLAYERS, rng, by_actions=True), 1)},
        args.rounds,
        args.seconds,
        "the move path",
    )
    paths.update(
        peers.pairs(
            raw_workload(durak, DURAK_PLAYERS, rng),
            {
                "durak action path": (
                    DURAK_PLAYERS,
                    raw_workload(durak, DURAK_PLAYERS, rng, by_actions=True),
                    1,
                )
            },
            args.rounds,
            args.seconds,
            "the move path",
        )
    )
    for name, pair in paths.items():
        verdict = "" if args.quick else (" met" if pair.ratio >= 0.9 else " NOT met")
        print(
            f"TARGET {name} / move path = {pair.ratio:.2f} (target >= 0.9){verdict}"
            "  # legal_actions + apply(int) against legal_moves + apply(move)"
        )
    if args.quick:
        print("(quick run: too short for meaningful figures)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
