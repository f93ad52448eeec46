"""PettingZoo AEC environments of both games: every seat an agent (``pip install "sevens-ru[pettingzoo]"``).

:func:`sevens_env` (2 to 6 players) and :func:`durak_env` (2 to 4) return a
:class:`CardGameEnv`, a ``pettingzoo.AECEnv`` in the manner of PettingZoo's classic
games. The agents are ``player_0`` … ``player_{n−1}``, one per seat; the agent to act
is the seat to move (the main game's automatic passes, R11, and Durak's joins, D7,
happen inside a step).

- **Actions**: ``Discrete(NUM_ACTIONS)`` of the game (:mod:`sevens_ru.actions`: 36,
  :mod:`sevens_ru.durak.actions`: 1,252). An action that is not legal raises the
  engine's :class:`~sevens_ru.IllegalMoveError`; wrap the environment in
  ``pettingzoo.utils.wrappers.TerminateIllegalWrapper`` for PettingZoo's convention
  (the game ends, the offender gets a penalty) instead.
- **Observations**: ``{"observation": float32 array, "action_mask": int8 array}``; the
  observation is the agent's :func:`sevens_ru.encode.observation` (or
  :func:`sevens_ru.durak.encode.observation`), the mask is 1 for its legal actions
  and all 0 when it is not the agent's turn. Both are new arrays at every call, which
  the environment never changes (with the compiled core, one C call fills them).
- **Rewards**: 0 until the end, then :func:`sevens_ru.returns` (or
  :func:`sevens_ru.durak.returns`): zero-sum, from 1 down to −1.
- **Seeds**: ``reset(seed=s)`` deals the same games again; Durak's dealer is drawn
  from the same seed. ``reset(options=...)`` takes no options: any given are ignored.
- ``render_mode="ansi"``: :meth:`CardGameEnv.render` returns the table and every hand
  as text.

>>> from sevens_ru.envs.pettingzoo import sevens_env
>>> env = sevens_env(players=4)
>>> env.reset(seed=42)
>>> for agent in env.agent_iter():
...     observation, reward, termination, truncation, info = env.last()
...     action = None if termination else int(observation["action_mask"].nonzero()[0][0])
...     env.step(action)
>>> sorted(env.rewards) == [], env.agents
(True, [])
"""

from __future__ import annotations

import random
from typing import Any, Generic, Literal, overload

from ..common._extras import needs
from ..common._quote import excerpt

with needs("sevens_ru.envs.pettingzoo", "PettingZoo", "pettingzoo"):
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from pettingzoo import AECEnv

from .. import games
from ..common._planes import mask_array
from ..errors import InvalidOptionsError
from ..games import durak
from ..games.sevens.options import Options
from ._tables import (
    Game,
    OptionsT,
    StateT,
    ViewT,
    agent_names,
    dealt,
    env_game,
    no_game,
    render,
    seat_rng,
)

__all__ = ["CardGameEnv", "durak_env", "env", "sevens_env"]

Observation = dict[str, npt.NDArray[Any]]
_empty = np.empty
_FLOAT32 = np.dtype(np.float32)
_INT8 = np.dtype(np.int8)


class CardGameEnv(AECEnv[str, Observation, int], Generic[StateT, ViewT, OptionsT]):  # type: ignore[misc]
    """A PettingZoo AEC environment of one of the games; make it with :func:`sevens_env` or :func:`durak_env`.

    After each :meth:`step` the game state is :attr:`game_state`, a state of the
    library like any other.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012  # the frameworks read it from the class
        "render_modes": ["ansi"],
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game: Game[StateT, ViewT, OptionsT],
        players: int,
        options: OptionsT | None,
        render_mode: str | None,
    ) -> None:
        super().__init__()
        players = game.game.seats(players)
        if render_mode not in (None, "ansi"):
            raise InvalidOptionsError(
                f"render_mode must be None or 'ansi', got {excerpt(render_mode)}"
            )
        self._game = game
        self._options = game.options(options)
        game.deal(
            players, random.Random(0), self._options
        )  # a bad setup is told now, not at reset()
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"{game.game.name}_ru_v0"}
        self.possible_agents = agent_names(players)
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    0.0, 1.0, (game.tensors.observation_size(players),), np.float32
                ),
                "action_mask": gymnasium.spaces.Box(0, 1, (game.num_actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        action_space = gymnasium.spaces.Discrete(game.num_actions)
        self.action_spaces = dict.fromkeys(self.possible_agents, action_space)
        self._rng = random.Random()
        self._state: StateT | None = None
        # What every step uses, looked up once.
        self._apply = game.game.apply
        self._act = game.act
        self._fill = game.fill
        self._current_player = game.game.turn
        self._returns = game.game.returns
        self._legal_mask = game.game.legal_mask
        self._observation_of = game.tensors.observation_of
        self._observation_size = game.tensors.observation_size(players)
        self._num_actions = game.num_actions

    @property
    def game_state(self) -> StateT:
        """The game as it stands: a :class:`~sevens_ru.GameState` (or a Durak one)."""
        return dealt(self._state, "game_state")

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent``: the same for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(NUM_ACTIONS)``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; with ``seed``, the same deals again as from that seed."""
        if seed is not None:
            self._rng = seat_rng(seed)
        state = self._game.deal(len(self.possible_agents), self._rng, self._options)
        self._state = state
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self._state.current_player]  # type: ignore[index]

    def step(self, action: int | None) -> None:
        """Make ``action`` for ``agent_selection``, the agent to act (``None`` for an agent that is done)."""
        state = self._state
        if state is None:
            raise no_game("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # Every action is checked by the rules. The rewards stay 0 (and so the acting
        # agent's cumulative reward) until the step that ends the game.
        act = self._act
        new = None if act is None else act(state, action)
        state = self._apply(state, action) if new is None else new
        self._state = state
        seat = self._current_player(state)
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
            return
        self._cumulative_rewards[agent] = 0.0
        for agent_seat, value in enumerate(self._returns(state)):
            name = self.possible_agents[agent_seat]
            self.rewards[name] = value
            self.terminations[name] = True
        self._accumulate_rewards()
        self.agent_selection = self.possible_agents[
            (self._seat_of[agent] + 1) % len(self.possible_agents)
        ]

    @overload
    def last(
        self, observe: Literal[True] = True
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]: ...

    @overload
    def last(
        self, observe: bool
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]: ...

    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """The observation (unless ``observe`` is false), cumulative reward, termination, truncation and info of ``agent_selection``.

        PettingZoo's own ``last()``, with the observation made in line: the same values.
        """
        agent = self.agent_selection
        observation: Observation | None = None
        if observe:
            state = self._state
            if state is None:
                raise no_game("last")
            fill = self._fill  # observe() in line: this runs at every step of a learner
            if fill is not None:
                tensor = _empty(self._observation_size, _FLOAT32)
                action_mask = _empty(self._num_actions, _INT8)
                if fill(state, self._seat_of[agent], tensor, action_mask):
                    observation = {"observation": tensor, "action_mask": action_mask}
            if observation is None:
                observation = self._observation(state, self._seat_of[agent])
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees: its observation tensor and its legal actions (0 unless its turn).

        Both arrays are new at every call: the environment never changes them later.
        """
        state = self._state
        if state is None:
            raise no_game("observe")
        return self._observation(state, self._seat_of[agent])

    def _observation(self, state: StateT, seat: int) -> Observation:
        """The observation of ``seat``: new arrays, filled by the compiled core where it is built."""
        fill = self._fill
        if fill is not None:
            tensor = _empty(self._observation_size, _FLOAT32)
            action_mask = _empty(self._num_actions, _INT8)
            if fill(state, seat, tensor, action_mask):
                return {"observation": tensor, "action_mask": action_mask}
        legal = self._legal_mask(state) if self._current_player(state) == seat else 0
        return {
            "observation": self._observation_of(state, seat),
            "action_mask": mask_array(legal, self._num_actions),
        }

    def render(self) -> str | None:
        """The table and every hand as text with ``render_mode="ansi"``, else ``None`` and a warning."""
        return render(self.render_mode, self._game, self._state)

    def close(self) -> None:
        """Nothing to release: the environment holds no window, file or process."""


def env(
    game: str | games.Game[Any, Any, Any],
    players: int | None = None,
    options: Any = None,
    render_mode: str | None = None,
) -> CardGameEnv[Any, Any, Any]:
    """A PettingZoo AEC environment of any registered game (by name, or the game itself).

    ``players`` defaults to the game's usual seat count; ``options`` are the game's own
    (``None``: its defaults).

    >>> from sevens_ru.envs.pettingzoo import env
    >>> table = env("durak")
    >>> table.possible_agents, table.metadata["name"]
    (['player_0', 'player_1', 'player_2'], 'durak_ru_v0')

    Raises:
        UnknownGameError: no game has that name.
        InvalidDealError: the game is not for ``players`` seats.
        InvalidOptionsError: ``options`` are not the game's, a bad ``render_mode``, or
            a game without tensors for learners.
    """
    table = env_game(game)
    count = table.game.default_players if players is None else players
    return CardGameEnv(table, count, options, render_mode)


def sevens_env(
    players: int = 4, options: Options | None = None, render_mode: str | None = None
) -> CardGameEnv[Any, Any, Options]:
    """A PettingZoo AEC environment of Russian Sevens for ``players`` seats (2 to 6).

    >>> from sevens_ru.envs.pettingzoo import sevens_env
    >>> env = sevens_env(players=3, render_mode="ansi")
    >>> env.reset(seed=1)
    >>> env.agent_selection, env.observe("player_0")["observation"].shape
    ('player_1', (117,))
    >>> print(env.render().splitlines()[0])
    Russian Sevens, 3 players: seat 1 to play

    Raises:
        InvalidDealError: ``players`` is not 2 to 6 (R4).
        InvalidOptionsError: ``options`` is not a :class:`sevens_ru.Options`, or a bad
            ``render_mode``.
    """
    return env("sevens", players, options, render_mode)


def durak_env(
    players: int = 3, options: durak.Options | None = None, render_mode: str | None = None
) -> CardGameEnv[Any, Any, durak.Options]:
    """A PettingZoo AEC environment of old Durak for ``players`` seats (2 to 4).

    >>> from sevens_ru.envs.pettingzoo import durak_env
    >>> env = durak_env(players=2)
    >>> env.reset(seed=3)
    >>> env.observe(env.agent_selection)["action_mask"].shape
    (1252,)

    Raises:
        InvalidDealError: ``players`` is not 2 to 4 (D2).
        InvalidOptionsError: ``options`` is not a :class:`sevens_ru.durak.Options`
            (or asks for the short pack with 4 players), or a bad ``render_mode``.
    """
    return env("durak", players, options, render_mode)
