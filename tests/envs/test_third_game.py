"""A game registered at run time plays in every framework's generic environment.

The third game is Durak under another name (``attrs.evolve``), registered with
:func:`sevens_ru.games.register` after the adapters were imported: each framework takes
it by name, and passes the framework's own checks.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
import gymnasium
import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import sevens_ru as s7
from sevens_ru import durak, games
from sevens_ru.envs import gymnasium as gym_envs
from sevens_ru.envs import openspiel
from sevens_ru.envs.pettingzoo import env
from sevens_ru.games.durak import encode as durak_encode

NAME = "durak-copy"


@pytest.fixture
def third() -> Iterator[games.Game[Any, Any, Any]]:
    durak_game = games.get("durak")
    assert durak_game.tensors is not None
    tensors = attrs.evolve(durak_game.tensors(), lockstep=None)  # no games in lockstep of its own
    copy = attrs.evolve(durak_game, name=NAME, tensors=lambda: tensors)
    game = games.register(copy, replace=True)
    try:
        yield game
    finally:
        games._unregister(NAME)


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be:UserWarning"
)
def test_pettingzoo_takes_the_third_game_by_name(third: games.Game[Any, Any, Any]) -> None:
    table = env(NAME, players=2)
    assert table.metadata["name"] == "durak-copy_ru_v0"
    api_test(table, num_cycles=200)


def test_gymnasium_registers_the_third_game(third: games.Game[Any, Any, Any]) -> None:
    name = gym_envs.register_env(NAME)
    assert name == "sevens_ru/Durak-Copy-v0"
    made = gymnasium.make(name).unwrapped
    assert isinstance(made, gym_envs.CardGameEnv)
    assert made.observation_space.shape == (durak_encode.observation_size(3),)
    check_env(made)
    learner: gym_envs.CardGameEnv[Any, Any, Any]
    learner = gym_envs.CardGameEnv(NAME, [third.bots.make("random")], seat=1)
    observation, _ = learner.reset(seed=5)
    assert learner.game_state.current_player == 1
    assert (observation == durak_encode.observation_of(learner.game_state, 1)).all()


def test_the_generic_vector_env_plays_the_third_game_by_the_rules(
    third: games.Game[Any, Any, Any],
) -> None:
    # The game steps no games in lockstep of its own: the vector environment plays a state
    # per game, each game that ends dealt again in the same step.
    assert third.tensors is not None and third.tensors().lockstep is None
    envs = gym_envs.CardGameVectorEnv(NAME, 6, players=3, autoreset_mode="SameStep")
    observations, info = envs.reset(seed=2)
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(400):
        states = list(envs.batch.states)
        for game, state in enumerate(states):
            seat = state.current_player
            legal = third.legal_actions(state)
            assert (
                info["seat"][game],
                tuple(np.flatnonzero(info["action_mask"][game]).tolist()),
            ) == (
                seat,
                legal,
            )
            assert (observations[game] == durak_encode.observation_of(state, seat)).all()
        actions = np.array([rng.choice(row.nonzero()[0]) for row in info["action_mask"]])
        observations, rewards, terminations, truncations, info = envs.step(actions)
        assert not truncations.any()
        for game, state in enumerate(states):
            after = durak.apply(state, int(actions[game]))
            assert terminations[game] == durak.is_over(after)
            if terminations[game]:
                ended += 1
                returns = durak.returns(after)
                assert info["returns"][game].tolist() == list(returns)
                assert rewards[game] == returns[state.current_player]
                final = durak_encode.observation_of(after, state.current_player)
                assert (info["final_obs"][game] == final).all()
            else:
                assert rewards[game] == 0 and envs.batch.states[game] == after
    assert ended > 0


def test_openspiel_registers_the_third_game(third: games.Game[Any, Any, Any]) -> None:
    kind = openspiel.register_game(NAME)
    assert kind.short_name == "python_durak_copy_ru"
    assert kind.parameter_specification == openspiel.DURAK_GAME_TYPE.parameter_specification
    game = pyspiel.load_game("python_durak_copy_ru", {"players": 2, "take_limit": 6})
    assert isinstance(game, openspiel.OpenSpielGame) and game.num_players() == 2
    assert game.max_game_length() == durak.max_moves(2, 6)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    # Its states resample as Durak's do: the same information state, drawn anew.
    rng = random.Random(1)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    for _ in range(6):
        state.apply_action(rng.choice(state.legal_actions()))
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    other = state.resample_from_infostate(0, sampler)
    assert other.information_state_string(0) == state.information_state_string(0)
    assert other.observation_tensor(0) == state.observation_tensor(0)


def test_openspiel_refuses_a_game_without_a_chance_model() -> None:
    durak_game = games.get("durak")
    assert durak_game.tensors is not None
    tensors = attrs.evolve(durak_game.tensors(), chances=None)
    bare = attrs.evolve(durak_game, name="no-chances", tensors=lambda: tensors)
    with pytest.raises(s7.InvalidOptionsError, match="no-chances has no chance model"):
        openspiel.register_game(bare)
    with pytest.raises(s7.InvalidOptionsError, match="no chance model"):
        openspiel.OpenSpielGame(bare)
