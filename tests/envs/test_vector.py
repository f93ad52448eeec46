"""The vector environments play every game by its rules, as single environments would (R7-R19, D5-D13).

Every game of a :class:`CardGameVectorEnv` is followed by the engine itself, move by move
(its deal from :meth:`~CardGameVectorEnv.dealt_state`): the observations, masks, seats,
rewards, ends and returns must be the engine's, with each of Gymnasium's auto-reset
modes, each observation type, and both engines (the compiled core's games in lockstep and
the pure-Python ones, which must give the same bytes from the same seed). The auto-reset
is also compared with Gymnasium's own ``SyncVectorEnv`` over single-game environments.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, SyncVectorEnv

import sevens_ru as s7
from sevens_ru import durak, games
from sevens_ru.envs.gymnasium import CardGameVectorEnv, SevensVectorEnv
from sevens_ru.errors import BatchError, IllegalMoveError, InvalidOptionsError, NoGameError
from sevens_ru.games.lockstep import quantized

MODES = list(AutoresetMode)
SETUPS = [
    ("sevens", 2, None),
    ("sevens", 4, s7.Options(rank_by_passes=True)),
    ("sevens", 6, None),
    ("durak", 2, durak.Options(take_limit=3)),
    ("durak", 3, durak.Options(short_deck=True)),
    ("durak", 4, None),
]


@contextlib.contextmanager
def pure_python() -> Iterator[None]:
    """Every hook of the compiled core off in this process (as SEVENS_RU_PURE_PYTHON=1 does)."""
    saved = []
    for name, module in list(sys.modules.items()):
        if name.startswith("sevens_ru."):
            for attribute, value in list(vars(module).items()):
                if attribute == "speedups" or attribute.startswith("_fast_"):
                    saved.append((module, attribute, value))
                    setattr(module, attribute, None)
    try:
        yield
    finally:
        for module, attribute, value in saved:
            setattr(module, attribute, value)


def engine_observation(game: games.Game[Any, Any, Any], state: Any, seat: int) -> Any:
    tensors = game.tensors()  # type: ignore[misc]
    return tensors.observation_of(state, seat)


def play_along(
    name: str, players: int, options: Any, mode: AutoresetMode, dtype: Any, steps: int, seed: int
) -> int:
    """Step a vector environment with random legal actions, checking every game against the engine."""
    game: Any = games.get(name)
    envs = CardGameVectorEnv(name, 5, players, options, dtype=dtype, autoreset_mode=mode)
    observations, info = envs.reset(seed=seed)
    states = [envs.dealt_state(g) for g in range(envs.num_envs)]
    ended_before = np.zeros(envs.num_envs, dtype=bool)  # NEXT_STEP: to be dealt again
    finished = 0
    for _ in range(steps):
        for g, state in enumerate(states):
            seat = game.turn(state)
            if seat is None:  # NEXT_STEP and DISABLED: the last observation, of the mover
                assert ended_before[g] and not info["action_mask"][g].any()
                continue
            assert info["seat"][g] == seat
            expected = quantized(engine_observation(game, state, seat), np.dtype(dtype))
            assert observations[g].tobytes() == expected.tobytes(), (g, seat)
            assert np.flatnonzero(info["action_mask"][g]).tolist() == list(
                game.legal_actions(state)
            )
        assert envs.observation_space.contains(observations)
        if mode == AutoresetMode.DISABLED and ended_before.any():
            with pytest.raises(NoGameError, match="which is over"):
                envs.step(np.zeros(envs.num_envs, dtype=np.int64))
            observations, info = envs.reset(options={"reset_mask": ended_before.copy()})
            for g in np.flatnonzero(ended_before).tolist():
                states[g] = envs.dealt_state(g)
            ended_before[:] = False
            continue
        actions = envs.random_actions()
        observations, rewards, terminations, truncations, info = envs.step(actions)
        assert not truncations.any()
        for g, state in enumerate(states):
            if ended_before[g]:  # NEXT_STEP: the action ignored, a new game dealt
                assert rewards[g] == 0 and not terminations[g] and not info["returns"][g].any()
                states[g] = envs.dealt_state(g)
                continue
            mover = game.turn(state)
            after = game.apply(state, int(actions[g]))
            over = game.is_over(after)
            assert terminations[g] == over
            if not over:
                assert rewards[g] == 0 and not info["returns"][g].any()
                states[g] = after
                continue
            finished += 1
            returns = game.returns(after)
            assert info["returns"][g].tolist() == list(returns)
            assert rewards[g] == returns[mover]
            last = quantized(engine_observation(game, after, mover), np.dtype(dtype)).tobytes()
            if mode == AutoresetMode.SAME_STEP:  # dealt again in the same step
                assert info["_final_obs"][g] and info["final_obs"][g].tobytes() == last
                states[g] = envs.dealt_state(g)
            else:
                assert observations[g].tobytes() == last and info["seat"][g] == mover
                states[g] = after
        ended_before = terminations.copy() if mode != AutoresetMode.SAME_STEP else ended_before
    return finished


@pytest.mark.parametrize("mode", MODES, ids=[mode.name for mode in MODES])
@pytest.mark.parametrize(("name", "players", "options"), SETUPS)
def test_every_game_follows_the_engine(
    name: str, players: int, options: Any, mode: AutoresetMode
) -> None:
    steps = 90 if name == "sevens" else 160
    assert play_along(name, players, options, mode, np.float32, steps, seed=players) > 0


@pytest.mark.parametrize("dtype", [np.uint8, np.bool_])
@pytest.mark.parametrize("name", ["sevens", "durak"])
def test_the_observation_types_follow_the_engine(name: str, dtype: Any) -> None:
    assert play_along(name, 3, None, AutoresetMode.NEXT_STEP, dtype, 80, seed=9) > 0


@pytest.mark.parametrize("dtype", [np.float32, np.uint8, np.bool_])
@pytest.mark.parametrize("mode", MODES, ids=[mode.name for mode in MODES])
@pytest.mark.parametrize(("name", "players", "options"), SETUPS[1::2])
def test_the_compiled_and_the_python_engines_agree(
    name: str, players: int, options: Any, mode: AutoresetMode, dtype: Any
) -> None:
    def run() -> list[bytes]:
        envs = CardGameVectorEnv(name, 6, players, options, dtype=dtype, autoreset_mode=mode)
        answers = []
        observations, info = envs.reset(seed=11)
        for _ in range(70):
            answers += [
                observations.tobytes(),
                info["action_mask"].tobytes(),
                info["seat"].tobytes(),
            ]
            step = envs.step(envs.random_actions())
            observations, info = step[0], step[-1]
            answers += [step[1].tobytes(), step[2].tobytes(), info["returns"].tobytes()]
            if "final_obs" in info:
                answers += [row.tobytes() for row in info["final_obs"][info["_final_obs"]]]
            if mode == AutoresetMode.DISABLED and step[2].any():
                observations, info = envs.reset(options={"reset_mask": step[2].copy()})
        return answers

    compiled = run()
    with pure_python():
        python = run()
    assert compiled == python


def test_the_engines_are_the_compiled_ones_where_built() -> None:
    from sevens_ru.games.durak.batch import DurakLockstep, compiled_layout

    envs = CardGameVectorEnv("durak", 2)
    envs.reset(seed=1)
    built = s7.IMPLEMENTATION == "c"
    assert compiled_layout() == built  # the numpy records match the C struct
    assert isinstance(envs.batch, DurakLockstep) == built
    with pure_python():
        envs = CardGameVectorEnv("durak", 2)
        envs.reset(seed=1)
        assert not isinstance(envs.batch, DurakLockstep)


class SelfPlay(gymnasium.Env[Any, int]):
    """One game of self-play as a single Gymnasium environment, dealt the games it is given."""

    def __init__(self, name: str, deals: list[Any]) -> None:
        self.game: Any = games.get(name)
        self.deals = deals  # the states it deals, in order
        tensors = self.game.tensors()  # type: ignore[misc]
        self.observation_of = tensors.observation_of
        self.observation_space = gymnasium.spaces.Box(0, 1, (tensors.observation_size(3),))
        self.action_space = gymnasium.spaces.Discrete(self.game.num_actions(3))  # type: ignore[assignment]
        self.state: Any = None

    def reset(self, *, seed: int | None = None, options: Any = None) -> tuple[Any, dict[str, Any]]:
        self.state = self.deals.pop(0)
        seat = self.game.turn(self.state)
        return self._seen(seat)

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        mover = self.game.turn(self.state)
        self.state = self.game.apply(self.state, int(action))
        if self.game.is_over(self.state):
            observation, info = self._seen(mover)
            return observation, self.game.returns(self.state)[mover], True, False, info
        seat = self.game.turn(self.state)
        observation, info = self._seen(seat)
        return observation, 0.0, False, False, info

    def _seen(self, seat: int) -> tuple[Any, dict[str, Any]]:
        return self.observation_of(self.state, seat), {"seat": seat}


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
@pytest.mark.parametrize("name", ["sevens", "durak"])
def test_the_auto_reset_is_gymnasiums(name: str, mode: AutoresetMode) -> None:
    # Gymnasium's SyncVectorEnv of single games, dealt the same games, given the same actions.
    envs = CardGameVectorEnv(name, 4, 3, autoreset_mode=mode)
    observations, info = envs.reset(seed=5)
    deals: list[list[Any]] = [[envs.dealt_state(g)] for g in range(4)]

    def single(g: int) -> Any:
        return lambda: SelfPlay(name, deals[g])

    reference = SyncVectorEnv([single(g) for g in range(4)], autoreset_mode=mode)
    theirs, their_info = reference.reset()
    dealt_again = 0
    previous = np.zeros(4, dtype=bool)  # the games that ended at the last step
    for _ in range(150):
        assert (observations == theirs).all() and (info["seat"] == their_info["seat"]).all()
        actions = envs.random_actions()
        observations, rewards, terminations, _, info = envs.step(actions)
        new = terminations if mode == AutoresetMode.SAME_STEP else previous
        for g in np.flatnonzero(new).tolist():  # the vector env's new games, for the single ones
            deals[g].append(envs.dealt_state(g))
            dealt_again += 1
        previous = terminations.copy()
        theirs, their_rewards, their_ends, _, their_info = reference.step(actions)
        assert (rewards == their_rewards).all() and (terminations == their_ends).all()
        if "final_obs" in info:
            for g in np.flatnonzero(info["_final_obs"]).tolist():
                assert (info["final_obs"][g] == their_info["final_obs"][g]).all()
    assert dealt_again > 0


def test_disabled_auto_reset_deals_where_asked() -> None:
    envs = SevensVectorEnv(3, players=2, autoreset_mode="Disabled")
    assert envs.metadata["autoreset_mode"] == envs.autoreset_mode == AutoresetMode.DISABLED
    envs.reset(seed=2)
    ended = np.zeros(3, dtype=bool)
    while not ended.any():
        *_, terminations, _, _ = envs.step(envs.random_actions())
        ended |= terminations
    with pytest.raises(NoGameError, match=r"reset\(options=\{'reset_mask'"):
        envs.step(envs.random_actions())
    game = int(np.argmax(ended))
    before = [envs.dealt_state(g) for g in range(3)]
    _, info = envs.reset(options={"reset_mask": ended})
    assert envs.dealt_state(game) is not before[game]
    assert all(envs.dealt_state(g) == before[g] for g in range(3) if not ended[g])
    assert info["action_mask"][game].any()
    envs.step(envs.random_actions())


def test_illegal_actions_and_bad_arguments() -> None:
    envs = SevensVectorEnv(4)
    with pytest.raises(NoGameError, match="reset"):
        envs.random_actions()
    envs.reset(seed=0)
    batch = envs.batch
    actions = envs.random_actions()
    actions[2] = s7.Card.parse("A♠").index
    with pytest.raises(
        IllegalMoveError, match=r"^game 2: seat \d cannot play card A♠ \(action 35\)"
    ):
        envs.step(actions)
    assert (envs.batch.table == batch.table).all()  # nothing changed
    actions[2] = 99
    with pytest.raises(IllegalMoveError, match="action 99, which is no card"):
        envs.step(actions)
    with pytest.raises(BatchError, match="one integer per game"):
        envs.step(actions[:3])
    with pytest.raises(BatchError, match="one integer per game"):
        envs.step(actions.astype(float))
    with pytest.raises(BatchError, match="reset_mask must be a bool array"):
        envs.reset(options={"reset_mask": [True]})
    with pytest.raises(BatchError, match="before the first reset"):
        SevensVectorEnv(2).reset(options={"reset_mask": np.ones(2, dtype=bool)})
    with pytest.raises(BatchError, match="game number"):
        envs.dealt_state(4)
    with pytest.raises(InvalidOptionsError, match="a seed is an int or None"):
        envs.reset(seed=[1, 2, 3, 4])  # type: ignore[arg-type]
    envs.reset(seed=np.int64(3))
    with pytest.raises(InvalidOptionsError, match="dtype is float32, uint8 or bool"):
        SevensVectorEnv(2, dtype=np.float64)
    with pytest.raises(InvalidOptionsError, match="autoreset_mode must be"):
        SevensVectorEnv(2, autoreset_mode="Sometimes")
    duraks = CardGameVectorEnv("durak", 3)
    duraks.reset(seed=1)
    actions = duraks.random_actions()
    actions[1] = durak.actions.TAKE_ACTION  # no bout to take yet
    with pytest.raises(
        IllegalMoveError,
        match=r"^game 1: seat \d cannot make take \(action 1251\); legal actions: \d",
    ):
        duraks.step(actions)


def test_random_actions_are_uniform_over_the_legal_ones() -> None:
    envs = CardGameVectorEnv("durak", 1, 2)
    envs.reset(seed=3)
    legal = np.flatnonzero(envs.reset(seed=3)[1]["action_mask"][0])
    rng = np.random.default_rng(4)
    counts = np.bincount([envs.random_actions(rng)[0] for _ in range(3000)], minlength=1252)
    assert set(np.flatnonzero(counts)) == set(legal)
    expected = 3000 / len(legal)
    assert ((counts[legal] - expected) ** 2 / expected).sum() < 3 * len(
        legal
    )  # chi-square, loosely


@pytest.mark.parametrize("dtype", [np.float32, np.uint8, np.bool_])
def test_the_spaces_hold_the_observations(dtype: Any) -> None:
    envs = CardGameVectorEnv("durak", 3, dtype=dtype)
    observations, _ = envs.reset(seed=1)
    assert envs.single_observation_space.dtype == dtype
    assert envs.observation_space.contains(observations)
    assert envs.action_space.contains(envs.random_actions())
    high = {np.float32: 1.0, np.uint8: 255, np.bool_: True}[dtype]
    space: Any = envs.single_observation_space
    assert space.high.max() == high


class Words:
    """A stand-in for a numpy generator whose random words are given: for the rare draws."""

    def __init__(self, seed: int, zeros: int) -> None:
        self.source = np.random.default_rng(seed)
        self.zeros = zeros  # every zeros-th word is 0, which Lemire's draw rejects
        self.bit_generator = self

    def random_raw(self, count: int) -> Any:
        words = self.source.bit_generator.random_raw(count)
        words[:: self.zeros] = 0
        return words


@pytest.mark.parametrize("name", ["sevens", "durak"])
def test_a_draw_that_takes_two_words_deals_alike_in_both_engines(name: str) -> None:
    # A word whose product falls low is drawn again (about once in 2**58 draws, here one
    # word in 7): the compiled deal and numpy's take the same words, and run out alike.
    tensors: Any = games.get(name).tensors()  # type: ignore[misc]

    def deals() -> list[Any]:
        engine = tensors.lockstep(40, 3, None)
        engine.deal(np.arange(40), Words(seed=6, zeros=7))
        return [engine.dealt_state(g) for g in range(40)]

    compiled = deals()
    with pure_python():
        python = deals()
    assert compiled == python
    assert len({state.deal for state in compiled}) == 40
