"""The Gymnasium environments pass Gymnasium's checker and agree with the rules at every step."""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import sevens_ru as s7
import sevens_ru.encode
from sevens_ru import durak
from sevens_ru.envs.gymnasium import DurakEnv, SevensEnv, SevensVectorEnv
from sevens_ru.games.durak import bots as durak_bots
from sevens_ru.games.durak import encode as durak_encode
from sevens_ru.games.sevens.bots import HeuristicBot, RandomBot


@pytest.mark.parametrize(
    ("name", "kwargs"),
    [
        ("sevens_ru/Sevens-v0", {}),
        ("sevens_ru/Sevens-v0", {"opponents": [RandomBot()], "seat": 1}),
        ("sevens_ru/Sevens-v0", {"opponents": [RandomBot()] * 5, "seat": 3}),
        ("sevens_ru/Durak-v0", {}),
        ("sevens_ru/Durak-v0", {"opponents": [durak_bots.RandomBot()], "seat": 1}),
        ("sevens_ru/Durak-v0", {"opponents": [durak_bots.HeuristicBot()] * 3, "seat": 2}),
    ],
)
def test_gymnasium_check_env(name: str, kwargs: dict[str, Any]) -> None:
    # Made through the registry, so that the checker also tries every render mode.
    check_env(gymnasium.make(name, **kwargs).unwrapped)


@pytest.mark.parametrize("seat", [0, 2])
def test_sevens_env_follows_the_rules(seat: int) -> None:
    env = SevensEnv([HeuristicBot(), RandomBot(), HeuristicBot()], seat=seat)
    rng = random.Random(seat)
    for episode in range(5):
        observation, info = env.reset(seed=episode)
        terminated = False
        while not terminated:
            state = env.game_state
            assert state.current_player == seat  # the bots have moved up to the learner's turn
            seen = s7.view(state, seat)
            assert (observation == s7.encode.observation(seen)).all()
            assert np.flatnonzero(info["action_mask"]).tolist() == list(seen.legal_actions())
            action = rng.choice(seen.legal_actions())
            observation, reward, terminated, truncated, info = env.step(action)
            assert not truncated
        assert reward == s7.returns(env.game_state)[seat]
        assert not info["action_mask"].any()


def test_durak_env_follows_the_rules() -> None:
    env = DurakEnv([durak_bots.HeuristicBot(), durak_bots.RandomBot()], seat=1)
    rng = random.Random(4)
    for episode in range(5):
        observation, info = env.reset(seed=episode)
        terminated = False
        while not terminated:
            state = env.game_state
            assert state.current_player == 1
            seen = durak.view(state, 1)
            assert (observation == durak_encode.observation(seen)).all()
            assert np.flatnonzero(info["action_mask"]).tolist() == list(seen.legal_actions())
            observation, reward, terminated, _, info = env.step(rng.choice(seen.legal_actions()))
        assert reward == durak.returns(env.game_state)[1]


def test_an_illegal_action_ends_the_episode() -> None:
    env = SevensEnv([RandomBot()] * 3)
    _, info = env.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(s7.NoGameError, match="after the end of the episode"):
        env.step(0)
    env.reset()
    _, reward, terminated, *_ = env.step(99)  # outside the action space too
    assert (reward, terminated) == (-1.0, True)


def test_bad_arguments() -> None:
    with pytest.raises(s7.NoGameError, match="reset"):
        SevensEnv([RandomBot()]).step(0)
    with pytest.raises(s7.InvalidSeatError, match="0 to 1"):
        SevensEnv([RandomBot()], seat=2)
    with pytest.raises(s7.InvalidDealError, match="2 to 6"):
        SevensEnv([RandomBot()] * 6)
    with pytest.raises(s7.InvalidOptionsError, match="choose"):
        DurakEnv(["random"])  # type: ignore[list-item]
    with pytest.raises(s7.InvalidOptionsError, match="render_mode"):
        DurakEnv([durak_bots.RandomBot()], render_mode="rgb_array")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_vector_env_plays_every_game_by_the_rules(players: int) -> None:
    # Each game of the batch is followed by the engine itself, move by move (R7-R19);
    # each game that ends is dealt again in the same step.
    envs = SevensVectorEnv(16, players=players, autoreset_mode="SameStep")
    observations, info = envs.reset(seed=players)
    rng = np.random.default_rng(players)

    def engine_game(game: int) -> s7.GameState:
        """The engine's game of the batch's new deal ``game``, from the batch's hands."""
        hands = envs.batch.hands[game]
        state = s7.new_game(players, hands=[s7.cards_from_mask(int(hand)) for hand in hands])
        assert state == envs.dealt_state(game)
        return state

    states = [engine_game(game) for game in range(envs.num_envs)]
    ended = 0
    while ended < 40:
        for game, state in enumerate(states):
            seat = state.current_player
            assert info["seat"][game] == seat
            assert (observations[game] == s7.encode.observation_of(state, seat)).all()  # type: ignore[arg-type]
            assert np.flatnonzero(info["action_mask"][game]).tolist() == list(
                s7.legal_actions(state)
            )
        actions = np.array([rng.choice(row.nonzero()[0]) for row in info["action_mask"]])
        observations, rewards, terminations, truncations, info = envs.step(actions)
        assert not truncations.any()
        for game, state in enumerate(states):
            mover = state.current_player
            after = s7.apply(state, int(actions[game]))
            assert terminations[game] == s7.is_over(after)
            if s7.is_over(after):
                ended += 1
                returns = s7.returns(after)
                assert info["returns"][game].tolist() == list(returns)
                assert rewards[game] == returns[mover] == 1.0  # type: ignore[index]
                assert info["_final_obs"][game]
                assert (info["final_obs"][game] == s7.encode.observation_of(after, mover)).all()  # type: ignore[arg-type]
                states[game] = engine_game(game)  # dealt again in the same step
            else:
                assert rewards[game] == 0 and not info["returns"][game].any()
                states[game] = after


def test_the_vector_env_refuses_illegal_moves_and_bad_sizes() -> None:
    envs = SevensVectorEnv(4)
    envs.reset(seed=0)
    with pytest.raises(s7.IllegalMoveError, match="cannot play"):
        envs.step(np.full(4, s7.Card.parse("A♠").index))
    with pytest.raises(s7.BatchError, match="num_envs"):
        SevensVectorEnv(0)
    with pytest.raises(s7.NoGameError):
        SevensVectorEnv(2).step(np.zeros(2, dtype=np.int64))


def test_the_vector_env_is_reproducible() -> None:
    one, two = SevensVectorEnv(32), SevensVectorEnv(32)
    first, _ = one.reset(seed=9)
    second, info = two.reset(seed=9)
    assert (first == second).all()
    actions = np.array([row.nonzero()[0][0] for row in info["action_mask"]])
    assert (one.step(actions)[0] == two.step(actions)[0]).all()


def test_the_vector_envs_compiled_observations_are_the_python_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from sevens_ru.games.sevens import encode as module  # the batches' observations
    from sevens_ru.games.sevens.batch import _lockstep

    hooks = [
        (module, "_fast_batch_observation"),
        (_lockstep, "_fast_sevens_lockstep_step"),
        (_lockstep, "_fast_sevens_lockstep_observe"),
        (_lockstep, "_fast_sevens_lockstep_random"),
    ]
    fast = [getattr(owner, name) for owner, name in hooks]
    if None in fast:
        pytest.skip("the compiled core is not built: only the Python path runs")

    def engine(compiled: bool) -> None:
        for (owner, name), hook in zip(hooks, fast, strict=True):
            monkeypatch.setattr(owner, name, hook if compiled else None)

    compiled = SevensVectorEnv(64, players=3, autoreset_mode="SameStep")
    python = SevensVectorEnv(64, players=3, autoreset_mode="SameStep")
    first: tuple[Any, ...] = compiled.reset(seed=4)
    second: tuple[Any, ...]
    engine(compiled=False)
    second = python.reset(seed=4)
    rng = np.random.default_rng(4)
    finals = 0
    for _ in range(60):
        assert first[0].tobytes() == second[0].tobytes()
        assert first[-1]["action_mask"].tobytes() == second[-1]["action_mask"].tobytes()
        mask = first[-1]["action_mask"]
        actions = np.argmax(mask * rng.random(mask.shape), axis=1)
        engine(compiled=True)
        first = compiled.step(actions)
        engine(compiled=False)
        second = python.step(actions)
        if "final_obs" in first[-1]:
            for game in np.flatnonzero(first[-1]["_final_obs"]):
                finals += 1
                assert first[-1]["final_obs"][game].tobytes() == (
                    second[-1]["final_obs"][game].tobytes()
                )
    assert finals > 0


def test_the_vector_envs_arrays_are_new_at_every_step() -> None:
    envs = SevensVectorEnv(8)
    observations, info = envs.reset(seed=3)
    kept = observations.copy(), info["action_mask"].copy()
    for _ in range(5):
        mask = info["action_mask"]
        observations_after, _, _, _, info = envs.step(np.argmax(mask, axis=1))
        assert observations_after is not observations
    assert (observations == kept[0]).all() and (kept[1] == kept[1]).all()
