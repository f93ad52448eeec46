"""Every registered game with tensors passes each framework's own checks, with no code of its own.

PettingZoo's ``api_test``, Gymnasium's ``check_env`` (through ``gymnasium.make``) and
OpenSpiel's ``random_sim_test`` run on each game of ``games.offering("tensors")``: the
library's two games and the layout family's five presets (F1). The OpenSpiel states
answer pyspiel's questions from Python; they must give what pyspiel's C++ side gives.
"""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from typing import Any

import gymnasium
import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from open_spiel.python.observation import make_observation
from pettingzoo.test import api_test

from sevens_ru import games
from sevens_ru.envs import gymnasium as gym_envs
from sevens_ru.envs import openspiel
from sevens_ru.envs.pettingzoo import env
from sevens_ru.errors import IllegalMoveError

NAMES = list(games.offering("tensors"))
FAMILY = ["sevens-52", "fan-tan", "shichinarabe", "domino", "cinquillo"]


def test_every_game_of_the_library_has_tensors() -> None:
    assert NAMES[:2] == ["sevens", "durak"] and set(FAMILY) <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be:UserWarning"
)
def test_pettingzoo_api_test(name: str) -> None:
    game = games.get(name)
    for players in sorted({game.min_players, game.default_players}):
        api_test(env(name, players=players), num_cycles=200)


@pytest.mark.parametrize("name", NAMES)
def test_gymnasium_check_env_through_make(name: str) -> None:
    made = gymnasium.make(gym_envs.env_id(games.get(name)))
    check_env(made.unwrapped)
    observation, info = made.reset(seed=3)
    assert observation.shape == made.observation_space.shape
    assert info["action_mask"].any()


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_random_sim_test(name: str) -> None:
    game = games.get(name)
    for players in sorted({game.min_players, game.default_players}):
        loaded = pyspiel.load_game(openspiel.short_name(game), {"players": players})
        pyspiel.random_sim_test(loaded, num_sims=3, serialize=True, verbose=False)


def cpp(state: pyspiel.State, method: str, *arguments: Any) -> Any:
    """pyspiel's own ``method`` of ``state``, through C++ (and its calls back to Python)."""
    return getattr(pyspiel.State, method)(state, *arguments)


@pytest.mark.parametrize("name", ["sevens", "durak", "fan-tan", "shichinarabe"])
def test_the_python_answers_are_pyspiels(name: str) -> None:
    game = games.get(name)
    loaded = pyspiel.load_game(openspiel.short_name(game), {"players": 3})
    rng = random.Random(4)
    observer = make_observation(loaded)
    for _ in range(3):
        state = loaded.new_initial_state()
        while True:
            assert state.current_player() == cpp(state, "current_player")
            assert state.is_chance_node() == cpp(state, "is_chance_node")
            assert state.is_terminal() == cpp(state, "is_terminal")
            assert state.is_player_node() == cpp(state, "is_player_node")
            assert state.legal_actions() == cpp(state, "legal_actions")
            for player in range(3):
                assert state.legal_actions(player) == cpp(state, "legal_actions", player)
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert outcomes == cpp(state, "chance_outcomes")
                assert [action for action, _ in outcomes] == state.legal_actions()
                action = rng.choice(outcomes)[0]
            else:
                player = state.current_player()
                observer.set_from(state, player)
                assert observer.tensor.tolist() == state.observation_tensor(player)
                action = rng.choice(state.legal_actions())
            if rng.random() < 0.1:  # a copy, a pickle and a record continue as the state does
                copies = [
                    state.clone(),
                    pickle.loads(pickle.dumps(state)),
                    loaded.deserialize_state(state.serialize()),
                ]
                for copy in copies:
                    copy.apply_action(action)
                    assert copy.history() == [*state.history(), action]
                    assert copy.legal_actions() == cpp(copy, "legal_actions")
            state.apply_action(action)
        assert np.isclose(sum(state.returns()), 0.0)


def test_a_chance_outcome_that_is_not_one_is_refused() -> None:
    loaded = pyspiel.load_game("python_sevens_ru", {"players": 4})
    state = loaded.new_initial_state()
    with pytest.raises(IllegalMoveError, match="10000 is not an outcome of this chance node"):
        state.apply_action(10_000)
    family = pyspiel.load_game("python_fan_tan_ru", {"players": 3})
    state = family.new_initial_state()
    with pytest.raises(IllegalMoveError, match="dealer's chance node: the seats are 0 to 2"):
        state.apply_action(3)


@pytest.mark.parametrize("name", ["sevens-52", "shichinarabe", "domino"])
def test_a_family_state_resamples_to_the_same_information_state(name: str) -> None:
    game = games.get(name)
    loaded = pyspiel.load_game(openspiel.short_name(game), {"players": 3})
    rng = random.Random(6)
    sampler = pyspiel.UniformProbabilitySampler(2, 0.0, 1.0)
    state = loaded.new_initial_state()
    step = 0
    while not state.is_terminal():
        if step % 7 == 0:
            for player in range(3):
                other = state.resample_from_infostate(player, sampler)
                assert other.information_state_string(player) == state.information_state_string(
                    player
                )
                assert other.information_state_tensor(player) == state.information_state_tensor(
                    player
                )
                assert other.current_player() == state.current_player()
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        step += 1


def test_gymnasium_makes_every_game_in_a_fresh_process_with_the_module_in_the_id() -> None:
    # Gymnasium 1.x loads no plugins (its v1.0.0 notes: "Removing the plugin system"):
    # after pip install alone, "module:id" imports the module that registers the ids.
    code = f"""
import sys
import gymnasium
assert "sevens_ru" not in sys.modules
for name in {NAMES!r}:
    env_id = "sevens_ru/" + name.title() + "-v0"
    env = gymnasium.make("sevens_ru.envs.gymnasium:" + env_id)
    observation, info = env.reset(seed=1)
    assert observation.shape == env.observation_space.shape and info["action_mask"].any()
    assert gymnasium.make(env_id).spec.id == env_id  # registered from then on
print("made", len({NAMES!r}))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == f"made {len(NAMES)}"


@pytest.mark.parametrize("name", FAMILY)
def test_the_environments_render_a_preset_as_its_text(name: str) -> None:
    game = games.get(name)
    env: gym_envs.CardGameEnv[Any, Any, Any] = gym_envs.CardGameEnv(
        name, [game.bots.make("random")] * 3, render_mode="ansi"
    )
    env.reset(seed=1)
    shown = env.render()
    assert isinstance(shown, str)
    assert shown.startswith(f"{game.title('en')}, 4 players: seat 0 to play")
    assert len([line for line in shown.splitlines() if line.startswith("seat ")]) == 4
