"""Our learners' environments beside their peers, in pairs in one run (``learners.py --peers``).

Every workload is timed in a pair with our PettingZoo ``sevens_env(4)``: each round
runs the workload, then ``sevens_env(4)``, for about the same time, and the figure is
the median over the rounds of the workload's rate and of its ratio to ``sevens_env``'s
rate in the same round, so that a machine whose load changes (this one is shared)
slows both sides of a ratio alike.

A *step* is one player's action, chosen at random among the legal ones, with the
observation that player would act on made by the framework's fastest route:

- PettingZoo (ours and the classic games): ``last()`` (the observation and its action
  mask), a random legal action from the mask, ``step``; the steps of agents already
  done are not counted.
- OpenSpiel (its C++ games and ours): ``make_observation(game).set_from(state,
  player)``, ``legal_actions()``, ``apply_action``; chance nodes are drawn from
  ``chance_outcomes()`` and not counted.
- Vector environments (ours, pgx): one step of every game of the batch counts the
  batch's size; pgx runs on JAX's CPU backend, one jitted function drawing a random
  legal action per game and stepping (with pgx's auto-reset).

Our Durak environment is also timed with its legal actions read from ``mask.view(bool)``
and our vector environment with its own ``random_actions()``, each on a row of its own.

A peer that is not installed gets a line saying so: OpenSpiel comes with the extra
``openspiel``; PettingZoo's classic games need ``pip install rlcard pygame`` (and
``shimmy`` for Hanabi); pgx needs ``pip install pgx jax``.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import random
import statistics
import time
from typing import Any

import harness
import numpy as np

Workload = harness.Workload
"""Makes about the given number of steps and returns how many it made."""

BATCH = 4096


def aec_workload(env: Any, rng: random.Random, as_bool: bool = False) -> Workload:
    """A PettingZoo AEC loop: ``last()``, a random legal action from the mask, ``step``.

    ``as_bool``: the legal actions from ``mask.view(bool)`` (the same bytes, which numpy
    scans about ten times as fast as an int8 array) instead of the int8 mask itself.
    """
    env.reset(seed=rng.getrandbits(31))  # a C int for the peers that need one (Hanabi)
    boolean = np.dtype(np.bool_) if as_bool else None

    def run(steps: int) -> int:
        done = 0
        draw = rng.random
        while done < steps:
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                if not env.agents:
                    env.reset()
                continue
            mask = observation["action_mask"]
            legal = (mask if boolean is None else mask.view(boolean)).nonzero()[0]
            env.step(int(legal[int(draw() * len(legal))]))
            done += 1
        return done

    return run


def openspiel_workload(name: str, params: dict[str, Any], seed: int) -> Workload:
    """OpenSpiel's own loop on a game, each decision with ``make_observation``'s observation."""
    import pyspiel
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game(name, params)
    observer = make_observation(game)
    rng = random.Random(seed)
    box = [game.new_initial_state()]

    def run(steps: int) -> int:
        state = box[0]
        done = 0
        draw = rng.random
        set_from = observer.set_from
        while done < steps:
            if state.is_terminal():
                state = game.new_initial_state()
            elif state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(draw() * len(outcomes))][0])
            else:
                set_from(state, state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[int(draw() * len(legal))])
                done += 1
        box[0] = state
        return done

    return run


def vector_workload(envs: Any, seed: int, own_draw: bool = False) -> Workload:
    """A vector environment: a random legal action per game from ``info["action_mask"]``.

    ``own_draw``: from the environment's ``random_actions()`` instead, its own draw of a
    random legal action per game (in C), as pgx draws its actions inside its jitted step.
    """
    _, info = envs.reset(seed=seed)
    generator = np.random.default_rng(seed)
    size = envs.num_envs

    def run(steps: int) -> int:
        nonlocal info
        done = 0
        while done < steps:
            if own_draw:
                actions = envs.random_actions(generator)
            else:
                mask = info["action_mask"]
                # A random legal action per game: the legal one with the largest random key.
                actions = np.argmax(mask * generator.random(mask.shape, dtype=np.float32), axis=1)
            _, _, _, _, info = envs.step(actions)
            done += size
        return done

    return run


def pgx_workload(name: str, seed: int) -> Workload:
    """A pgx game at batch :data:`BATCH` on JAX's CPU backend: a random legal action per game, stepped, auto-reset."""
    # Imported as untyped values: the same check with or without them installed.
    jax: Any = importlib.import_module("jax")
    jnp: Any = importlib.import_module("jax.numpy")
    pgx: Any = importlib.import_module("pgx")
    auto_reset = importlib.import_module("pgx.experimental").auto_reset

    env = pgx.make(name)
    step = jax.vmap(auto_reset(env.step, env.init))

    def random_step(state: Any, key: Any) -> Any:
        pick, reset = jax.random.split(key)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        action = jax.random.categorical(pick, logits, axis=1)
        return step(state, action, jax.random.split(reset, BATCH))

    play = jax.jit(random_step)

    key = jax.random.PRNGKey(seed)
    key, start = jax.random.split(key)
    box = [jax.jit(jax.vmap(env.init))(jax.random.split(start, BATCH)), key]
    jax.block_until_ready(play(box[0], key))  # compiled before the clock starts

    def run(steps: int) -> int:
        state, key = box
        done = 0
        while done < steps:
            key, now = jax.random.split(key)
            state = play(state, now)
            done += BATCH
        jax.block_until_ready(state.observation)
        box[:] = [state, key]
        return done

    return run


@dataclasses.dataclass
class Pair:
    """The rounds of one workload beside the reference: its rates and its per-round ratios."""

    name: str
    players: int
    rates: list[float] = dataclasses.field(default_factory=list)
    ratios: list[float] = dataclasses.field(default_factory=list)

    @property
    def rate(self) -> float:
        return statistics.median(self.rates)

    @property
    def ratio(self) -> float:
        return statistics.median(self.ratios)


def timed(run: Workload, steps: int) -> float:
    """The steps per second of one call."""
    start = time.perf_counter()
    done = run(steps)
    return done / (time.perf_counter() - start)


def pairs(
    reference: Workload,
    workloads: dict[str, tuple[int, Workload, int]],
    rounds: int,
    seconds: float,
    against: str = "sevens_env(4)",
) -> dict[str, Pair]:
    """Each workload ``(players, run, minimum steps)`` in ``rounds`` rounds beside ``reference`` (named ``against``)."""
    reference_size = harness.calibrate(reference, seconds, 1)
    found = {}
    for name, (players, run, minimum) in workloads.items():
        size = harness.calibrate(run, seconds, minimum)
        pair = Pair(name, players)
        for number in range(rounds):
            first, second = (run, reference) if number % 2 == 0 else (reference, run)
            a = timed(first, size if first is run else reference_size)
            b = timed(second, size if second is run else reference_size)
            rate, mine = (a, b) if first is run else (b, a)
            pair.rates.append(rate)
            pair.ratios.append(rate / mine)
        found[name] = pair
        print(f"  {name}: {pair.rate:,.0f} steps/s, {pair.ratio:.3g} x {against}", flush=True)
    return found


def installed(*modules: str) -> str | None:
    """``None`` if every module can be imported, else the first one missing."""
    for module in modules:
        try:
            if importlib.util.find_spec(module) is None:
                return module
        except ImportError:
            return module
    return None
