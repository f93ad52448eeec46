"""The PettingZoo environments pass PettingZoo's own tests and agree with the rules at every step."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils.wrappers import TerminateIllegalWrapper

import sevens_ru as s7
import sevens_ru.encode
from sevens_ru import durak
from sevens_ru.envs.pettingzoo import durak_env, sevens_env
from sevens_ru.games.durak import encode as durak_encode

GAMES = [("sevens", players) for players in range(2, 7)] + [
    ("durak", players) for players in range(2, 5)
]


def make(game: str, players: int) -> Any:
    return (sevens_env if game == "sevens" else durak_env)(players=players)


# PettingZoo's api_test knows its own classic games by name as those with dictionary
# observations holding an action mask, and warns about any other game that has them.
@pytest.mark.parametrize(("game", "players"), GAMES)
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be:UserWarning"
)
def test_pettingzoo_api_test(game: str, players: int) -> None:
    api_test(make(game, players), num_cycles=1000)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_pettingzoo_seed_test(game: str, players: int) -> None:
    seed_test(lambda: make(game, players), num_cycles=500)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_observations_masks_and_rewards_follow_the_rules(game: str, players: int) -> None:
    env = make(game, players)
    rng = random.Random(players)
    for episode in range(3):
        env.reset(seed=episode)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            state = env.game_state
            seat = env.possible_agents.index(agent)
            seen: Any = (s7.view if game == "sevens" else durak.view)(state, seat)
            encode: Any = s7.encode if game == "sevens" else durak_encode
            tensor = encode.observation(seen)
            assert (observation["observation"] == tensor).all()
            legal = seen.legal_actions()
            assert np.flatnonzero(observation["action_mask"]).tolist() == list(legal)
            assert not truncation
            if termination:
                returns: Any = (s7.returns if game == "sevens" else durak.returns)(state)
                assert reward == returns[seat]
                env.step(None)
                continue
            assert reward == 0 and state.current_player == seat
            env.step(rng.choice(legal))


def test_an_illegal_action_is_refused_by_the_rules() -> None:
    env = sevens_env()
    env.reset(seed=1)
    with pytest.raises(s7.IllegalMoveError, match="cannot play"):
        env.step(s7.Card.parse("A♠").index)  # the first card must be 9♦ (R7)
    with pytest.raises(s7.InvalidMoveError, match="actions of the main game are 0 to 35"):
        env.step(36)


def test_pettingzoos_illegal_move_convention_is_a_wrapper_away() -> None:
    env = TerminateIllegalWrapper(durak_env(players=2), illegal_reward=-1)
    env.reset(seed=2)
    observation, *_ = env.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    offender = env.agent_selection
    env.step(illegal)  # PettingZoo logs the illegal move and ends the game
    assert all(env.terminations.values())
    assert env.rewards[offender] == -1


def test_nothing_before_reset() -> None:
    env = durak_env()
    with pytest.raises(s7.NoGameError, match="reset"):
        env.observe("player_0")
    with pytest.raises(s7.NoGameError, match="reset"):
        env.step(0)


def test_render_ansi_and_bad_arguments() -> None:
    env = durak_env(players=4, render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert text is not None and text.startswith("Durak, 4 players, trump ")
    assert len(text.splitlines()) == 6
    with pytest.raises(s7.InvalidOptionsError, match="render_mode"):
        sevens_env(render_mode="human")
    with pytest.raises(s7.InvalidDealError, match="2 to 4 players"):
        durak_env(players=5)
    with pytest.raises(s7.InvalidOptionsError, match=r"short_deck\) is for 2 or 3 players"):
        durak_env(players=4, options=durak.Options(short_deck=True))
    with pytest.raises(s7.InvalidOptionsError, match="Options"):
        sevens_env(options=durak.Options())  # type: ignore[arg-type]


def test_numpy_seeds_deal_the_same_games() -> None:
    one, two = sevens_env(), sevens_env()
    one.reset(seed=np.int64(5))
    two.reset(seed=5)
    assert one.game_state == two.game_state


@pytest.mark.parametrize(("game", "players"), [("sevens", 4), ("durak", 3)])
def test_an_observation_kept_does_not_change_later(game: str, players: int) -> None:
    env = make(game, players)
    env.reset(seed=5)
    kept = []
    for _agent in env.agent_iter(200):
        observation, _, termination, _, _ = env.last()
        kept.append(
            (observation, observation["observation"].copy(), observation["action_mask"].copy())
        )
        assert observation["observation"].flags.writeable  # the learner's own arrays
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if termination else int(legal[-1]))
    env.reset(seed=6)
    for observation, tensor, mask in kept:
        assert (observation["observation"] == tensor).all()
        assert (observation["action_mask"] == mask).all()


@pytest.mark.parametrize(("game", "players"), [("sevens", 2), ("sevens", 5), ("durak", 4)])
def test_the_compiled_steps_are_the_python_ones(game: str, players: int) -> None:
    from sevens_ru.common import _planes
    from sevens_ru.games.durak import game as durak_game
    from sevens_ru.games.durak import kernels as durak_kernels
    from sevens_ru.games.sevens import encode, scoring
    from sevens_ru.games.sevens import kernels as sevens_kernels

    hooks = [
        (encode, "_fast_sevens_observation"),
        (durak_encode, "_fast_durak_fill"),
        (durak_kernels, "_fast_durak_fill"),
        (durak_kernels, "_fast_durak_act"),
        (durak_game, "_fast_durak_act"),
        (durak_game, "_fast_durak_legal_mask"),
        (_planes, "_fast_action_mask"),
        (sevens_kernels, "_fast_apply"),
        (scoring, "_fast_sevens_returns"),
    ]
    compiled_hooks = [getattr(module, name) for module, name in hooks]
    if all(hook is None for hook in compiled_hooks):
        pytest.skip("the compiled core is not built: only the Python path runs")

    def engine(compiled: bool) -> None:
        for (module, name), hook in zip(hooks, compiled_hooks, strict=True):
            setattr(module, name, hook if compiled else None)

    try:
        engine(compiled=False)
        python = make(game, players)  # every step in Python
        engine(compiled=True)
        compiled = make(game, players)
        compiled.reset(seed=8)
        python.reset(seed=8)
        rng = random.Random(8)
        for agent in python.agent_iter():
            assert compiled.agent_selection == agent
            ours = compiled.last()
            engine(compiled=False)
            theirs = python.last()
            for key in ("observation", "action_mask"):
                assert ours[0][key].tobytes() == theirs[0][key].tobytes()
            assert ours[1:] == theirs[1:]
            legal = np.flatnonzero(theirs[0]["action_mask"]).tolist()
            action = None if theirs[2] else rng.choice(legal)
            python.step(action)
            engine(compiled=True)
            compiled.step(action)
            assert compiled.game_state == python.game_state
        assert not compiled.agents
    finally:
        engine(compiled=True)


@pytest.mark.parametrize("name", ["sevens", "durak"])
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be:UserWarning"
)
def test_env_takes_any_registered_game_by_name(name: str) -> None:
    from sevens_ru import games
    from sevens_ru.envs.pettingzoo import env

    game = games.get(name)
    made, thin = env(name), (sevens_env() if name == "sevens" else durak_env())
    assert made.possible_agents == thin.possible_agents
    assert len(made.possible_agents) == game.default_players
    made.reset(seed=4)
    thin.reset(seed=4)
    assert made.game_state == thin.game_state
    assert env(game, players=game.min_players).possible_agents == ["player_0", "player_1"]
    api_test(env(name, players=game.max_players), num_cycles=50)


def test_env_refuses_an_unknown_game_and_a_game_without_tensors() -> None:
    import attrs

    from sevens_ru import games
    from sevens_ru.envs.pettingzoo import env

    with pytest.raises(s7.UnknownGameError, match="unknown game 'whist'"):
        env("whist")
    bare = attrs.evolve(games.get("sevens"), name="bare", tensors=None)
    with pytest.raises(s7.InvalidOptionsError, match="bare has no tensors"):
        env(bare)
    with pytest.raises(s7.InvalidOptionsError):
        env("durak", players=4, options=durak.Options(short_deck=True))
