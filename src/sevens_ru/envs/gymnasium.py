"""Gymnasium environments of every game: one learner against bots, and many games in lockstep (``pip install "sevens-ru[gymnasium]"``).

- :class:`CardGameEnv` (and its names for the library's games, :class:`SevensEnv` and
  :class:`DurakEnv`): a ``gymnasium.Env`` of any registered game with tensors, for one
  learner at ``seat`` against the given bots (``len(opponents) + 1`` players; any bot
  with ``choose(view, rng)``, such as :class:`sevens_ru.bots.HeuristicBot`). The bots
  move inside :meth:`~CardGameEnv.reset` and :meth:`~CardGameEnv.step` until it is the
  learner's turn again. The observation is the learner's observation tensor
  (:func:`sevens_ru.encode.observation`, or the game's), the legal actions are in
  ``info["action_mask"]`` (int8, 1 for each legal action), and the reward is 0 until
  the end, then the learner's return (:func:`sevens_ru.returns`). An illegal action
  ends the episode at once with the reward −1 and ``info["illegal_action"] = True``:
  Gymnasium sends any action of the action space, so it must be a result, not an error.
- :class:`CardGameVectorEnv` (and :class:`SevensVectorEnv`, the main game's): a
  ``gymnasium.vector.VectorEnv`` of ``num_envs`` games of a game, every seat played by
  the same policy: each step makes one move in every game, the move of whoever is to
  play. A game that deals batches in lockstep (the main game's
  :class:`sevens_ru.batch.GameBatch`) plays them; any other is played game by game.

Importing this module registers ``sevens_ru/<Name>-v0`` with ``gymnasium.make`` for
every registered game with tensors (``sevens_ru/Sevens-v0`` against three
:class:`~sevens_ru.bots.HeuristicBot`, ``sevens_ru/Durak-v0`` against two Durak
``HeuristicBot``: the game's usual seats, its ``"heuristic"`` bots or else its first
kind); give ``opponents=[...]`` to change them. :func:`register_env` registers a game
added later.

>>> from sevens_ru.bots import RandomBot
>>> from sevens_ru.envs.gymnasium import SevensEnv
>>> env = SevensEnv([RandomBot(), RandomBot(), RandomBot()], seat=1)
>>> observation, info = env.reset(seed=7)
>>> observation.shape, info["action_mask"].shape
((120,), (36,))
>>> terminated = False
>>> while not terminated:
...     action = int(info["action_mask"].nonzero()[0][0])
...     observation, reward, terminated, truncated, info = env.step(action)
>>> reward in (1.0, 1 / 3, 0.0, -1 / 3, -1.0)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Generic

from ..common._extras import needs
from ..common._quote import excerpt

with needs("sevens_ru.envs.gymnasium", "Gymnasium", "gymnasium"):
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium.vector import AutoresetMode, VectorEnv

from .. import games
from ..common._numbers import as_int
from ..common._planes import mask_array
from ..errors import BatchError, InvalidOptionsError, InvalidSeatError, NoGameError
from ..games import durak
from ..games.durak import bots as durak_bots
from ..games.sevens.batch import GameBatch
from ..games.sevens.bots import Bot
from ..games.sevens.observation import PlayerView
from ..games.sevens.options import Options
from ..games.sevens.state import GameState
from ._tables import (
    Game,
    OptionsT,
    StateT,
    ViewT,
    check_opponents,
    dealt,
    env_game,
    no_game,
    render,
)

__all__ = [
    "CardGameEnv",
    "CardGameVectorEnv",
    "DurakEnv",
    "SevensEnv",
    "SevensVectorEnv",
    "env_id",
    "register_env",
]

Tensor = npt.NDArray[np.float32]


class CardGameEnv(gymnasium.Env[Tensor, int], Generic[StateT, ViewT, OptionsT]):
    """Any registered game with tensors (by name, or the game) for one learner at ``seat`` against ``opponents``.

    >>> from sevens_ru import games
    >>> from sevens_ru.envs.gymnasium import CardGameEnv
    >>> durak = games.get("durak")
    >>> env = CardGameEnv("durak", [durak.bots.make("random")], seat=1)
    >>> observation, info = env.reset(seed=2)
    >>> observation.shape, env.game_state.current_player
    ((261,), 1)

    Raises:
        UnknownGameError: no game has that name.
        InvalidDealError: the game is not for ``len(opponents) + 1`` players.
        InvalidSeatError: ``seat`` is not a seat of the game.
        InvalidOptionsError: an opponent without ``choose``, options that are not the
            game's, a bad ``render_mode``, or a game without tensors for learners.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012  # the frameworks read it from the class
        "render_modes": ["ansi"],
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str | games.Game[Any, Any, Any],
        opponents: Sequence[Any],  # the game's bots
        seat: int = 0,
        options: OptionsT | None = None,
        render_mode: str | None = None,
    ) -> None:
        table: Game[StateT, ViewT, OptionsT] = env_game(game)
        players = check_opponents(table, opponents)
        number = as_int(seat)
        if number is None or not 0 <= number < players:
            raise InvalidSeatError(
                f"the learner's seat must be one of 0 to {players - 1}, got {seat!r}"
            )
        seat = number
        if render_mode not in (None, "ansi"):
            raise InvalidOptionsError(
                f"render_mode must be None or 'ansi', got {excerpt(render_mode)}"
            )
        self._game = table
        self._rules = rules = table.game
        self._options = table.options(options)
        self._players = players
        self._seat = seat
        # The bots by seat; the learner's seat has none.
        self._bots: list[Any] = [*opponents[:seat], None, *opponents[seat:]]
        self.render_mode = render_mode
        self.observation_space = gymnasium.spaces.Box(
            0.0, 1.0, (table.tensors.observation_size(players),), np.float32
        )
        # Discrete spaces sample numpy integers; step() takes any integral number.
        self.action_space = gymnasium.spaces.Discrete(table.num_actions)  # type: ignore[assignment]
        self._state: StateT | None = None
        self._ended = False  # by the end of the game, or by an illegal action
        self._bot_rng = random.Random()
        # What every step uses, looked up once.
        self._apply = rules.apply
        self._is_over = rules.is_over
        self._legal_mask = rules.legal_mask
        self._view = rules.view
        self._turn = rules.turn
        self._observation_of = table.tensors.observation_of

    @property
    def game_state(self) -> StateT:
        """The game as it stands, a state of the library like any other."""
        return dealt(self._state, "game_state")

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Tensor, dict[str, Any]]:
        """Deal a new game and let the bots move up to the learner's first turn.

        A deal in which the learner would never move (the game ends before its turn)
        is dealt again, since it has no decision to learn from. ``options`` are ignored.
        """
        super().reset(seed=seed)
        while True:
            rng = random.Random(int(self.np_random.integers(2**63)))
            self._bot_rng = random.Random(int(self.np_random.integers(2**63)))
            state = self._play_bots(self._game.deal(self._players, rng, self._options))
            if not self._is_over(state):
                break
        self._state = state
        self._ended = False
        return self._observe(state), self._info(state)

    def step(self, action: int) -> tuple[Tensor, float, bool, bool, dict[str, Any]]:
        """The learner makes ``action``, then the bots move up to its next turn or the end.

        Raises:
            NoGameError: before the first :meth:`reset`, or after the episode ended.
        """
        state = self._state
        if state is None or self._ended:
            raise no_game("step") if state is None else _episode_over()
        number = as_int(action)
        if (
            number is None
            or not 0 <= number < self._game.num_actions
            or not self._legal_mask(state) >> number & 1
        ):
            self._ended = True  # Gymnasium's convention: a result, not an error
            info = self._info(state)
            info["illegal_action"] = True
            return self._observe(state), -1.0, True, False, info
        state = self._play_bots(self._apply(state, number))
        self._state = state
        self._ended = self._is_over(state)
        reward = self._rules.returns(state)[self._seat] if self._ended else 0.0
        return self._observe(state), reward, self._ended, False, self._info(state)

    def render(self) -> str | None:
        """The table and every hand as text with ``render_mode="ansi"``, else ``None``."""
        return render(self.render_mode, self._game, self._state)

    def _play_bots(self, state: StateT) -> StateT:
        apply, view, bots, rng = self._apply, self._view, self._bots, self._bot_rng
        while not self._is_over(state):
            seat = self._turn(state)
            bot = bots[seat]  # type: ignore[index]  # a seat while playing
            if bot is None:
                break
            state = apply(state, bot.choose(view(state, seat), rng))  # type: ignore[arg-type]
        return state

    def _observe(self, state: StateT) -> Tensor:
        return self._observation_of(state, self._seat)

    def _info(self, state: StateT) -> dict[str, Any]:
        mine = not self._ended and self._turn(state) == self._seat
        legal = self._legal_mask(state) if mine else 0
        return {"action_mask": mask_array(legal, self._game.num_actions)}


def _episode_over() -> NoGameError:
    return NoGameError("step() after the end of the episode: call reset() for a new game")


class SevensEnv(CardGameEnv[GameState, PlayerView, Options]):
    """Russian Sevens for one learner at ``seat`` against ``opponents`` (2 to 6 players in all).

    ``SevensEnv(opponents, ...)`` is ``CardGameEnv("sevens", opponents, ...)``.

    >>> from sevens_ru.bots import HeuristicBot
    >>> from sevens_ru.envs.gymnasium import SevensEnv
    >>> env = SevensEnv([HeuristicBot()] * 3, render_mode="ansi")
    >>> observation, info = env.reset(seed=1)
    >>> print(env.render().splitlines()[0])
    Russian Sevens, 4 players: seat 0 to play

    Raises:
        InvalidDealError: not 2 to 6 players in all (R4).
        InvalidSeatError: ``seat`` is not a seat of the game.
        InvalidOptionsError: an opponent without ``choose``, options that are not a
            :class:`sevens_ru.Options`, or a bad ``render_mode``.
    """

    def __init__(
        self,
        opponents: Sequence[Bot],
        seat: int = 0,
        options: Options | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__("sevens", opponents, seat, options, render_mode)


class DurakEnv(CardGameEnv[durak.GameState, durak.PlayerView, durak.Options]):
    """Old Durak for one learner at ``seat`` against ``opponents`` (2 to 4 players in all).

    ``DurakEnv(opponents, ...)`` is ``CardGameEnv("durak", opponents, ...)``. Each reset
    draws the dealer at random, so the learner sits everywhere at the table.

    >>> from sevens_ru.durak.bots import HeuristicBot
    >>> from sevens_ru.envs.gymnasium import DurakEnv
    >>> env = DurakEnv([HeuristicBot(), HeuristicBot()], seat=2)
    >>> observation, info = env.reset(seed=4)
    >>> observation.shape, int(info["action_mask"].sum()) > 0
    ((301,), True)

    Raises:
        InvalidDealError: not 2 to 4 players in all (D2).
        InvalidSeatError: ``seat`` is not a seat of the game.
        InvalidOptionsError: an opponent without ``choose``, options that are not a
            :class:`sevens_ru.durak.Options`, or a bad ``render_mode``.
    """

    def __init__(
        self,
        opponents: Sequence[durak_bots.Bot],
        seat: int = 0,
        options: durak.Options | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__("durak", opponents, seat, options, render_mode)


class _Games(Generic[StateT]):
    """Games of any game in lockstep, a state each, for a game that deals no batches.

    A vector environment plays them when its game has no ``Tensors.deal_batch``.

    It has the part of :class:`~sevens_ru.batch.GameBatch` that the vector environment
    reads: ``size``, ``done``, ``current_player``, ``step()``, ``returns()`` and
    ``replace()``; :func:`_observation_games` is its ``observation_batch``.
    """

    def __init__(
        self, table: Game[StateT, Any, Any], states: list[StateT], movers: list[int]
    ) -> None:
        self.table = table
        self.states = states
        self.movers = movers  # the seat that made each game's last move (-1: none yet)
        self.size = len(states)
        self.observation_size = table.tensors.observation_size(states[0].players) if states else 0
        turn = table.game.turn
        seats = [turn(state) for state in states]
        self.done = np.array([seat is None for seat in seats], dtype=np.bool_)
        self.current_player = np.array([-1 if s is None else s for s in seats], dtype=np.int64)

    def step(self, actions: npt.NDArray[Any]) -> _Games[StateT]:
        table = self.table
        apply, act = table.game.apply, table.act
        moved = []
        for state, action in zip(self.states, actions.tolist(), strict=True):
            new = None if act is None else act(state, action)
            moved.append(apply(state, action) if new is None else new)
        return _Games(table, moved, self.current_player.tolist())

    def returns(self, games: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        values = self.table.game.returns
        return np.array([values(self.states[game]) for game in games.tolist()], np.float64)

    def replace(self, condition: npt.NDArray[np.bool_], other: _Games[StateT]) -> _Games[StateT]:
        states, movers = list(self.states), list(self.movers)
        for new, game in enumerate(np.flatnonzero(condition).tolist()):
            states[game], movers[game] = other.states[new], other.movers[new]
        return _Games(self.table, states, movers)


def _deal_games(table: Game[StateT, Any, Any]) -> Any:
    """The ``deal_batch`` of a game that deals no batches: :class:`_Games` of new deals."""

    def deal(size: int, players: int, rng: np.random.Generator, options: Any) -> _Games[StateT]:
        seeds = rng.integers(2**63, size=size).tolist()
        states = [table.deal(players, random.Random(seed), options) for seed in seeds]
        return _Games(table, states, [-1] * size)

    return deal


def _observation_games(
    batch: _Games[Any], games: npt.NDArray[np.int64] | None = None, masks: bool = True
) -> tuple[Tensor, npt.NDArray[np.int8]]:
    """The ``observation_batch`` of :class:`_Games`: each game's seat to play (or that ended it) and its mask."""
    table = batch.table
    legal_mask, observation_of = table.game.legal_mask, table.tensors.observation_of
    chosen = range(batch.size) if games is None else games.tolist()
    observations = np.empty((len(chosen), batch.observation_size), dtype=np.float32)
    mask = np.zeros((len(chosen) if masks else 0, table.num_actions), dtype=np.int8)
    for row, game in enumerate(chosen):
        state, seat = batch.states[game], int(batch.current_player[game])
        observations[row] = observation_of(state, batch.movers[game] if seat < 0 else seat)
        if masks and seat >= 0:
            mask[row] = mask_array(legal_mask(state), table.num_actions)
    return observations, mask


class CardGameVectorEnv(VectorEnv[Tensor, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` games of any registered game with tensors in lockstep, every seat played by one policy.

    Every game moves at every step: ``actions[g]`` is the action number of the seat to
    play in game ``g``, and the same policy plays every seat (self-play).

    - ``observations[g]`` is the observation tensor of the seat to play in game ``g``;
      ``info["seat"][g]`` names that seat and ``info["action_mask"]`` holds its legal
      actions, one row per game (int8, never all 0).
    - ``rewards[g]`` is the return of the seat that made the move: it is not 0 only at
      the step that ends the game. Every seat's return of the games that ended at the
      step are in ``info["returns"]`` (a row per game, zeros for the others).
    - A game that ends is dealt again at once (Gymnasium's ``AutoresetMode.SAME_STEP``):
      the step returns the new game's observation, and the last observation of the
      seat that ended it in ``info["final_obs"]`` (for the games where
      ``info["_final_obs"]`` is true). There is no truncation.

    A game whose tensors deal batches (``Tensors.deal_batch``, the main game's
    :class:`~sevens_ru.batch.GameBatch`) plays them; any other game is played a state
    per game, with the compiled core's steps where it has them.

    >>> import numpy as np
    >>> from sevens_ru.envs.gymnasium import CardGameVectorEnv
    >>> envs = CardGameVectorEnv("durak", 4, players=2)
    >>> observations, info = envs.reset(seed=1)  # each game's dealer drawn at random
    >>> observations.shape, info["action_mask"].shape, info["seat"].tolist()
    ((4, 261), (4, 1252), [1, 0, 0, 1])

    Raises:
        UnknownGameError: no game has that name.
        BatchError: ``num_envs`` is not a positive integer.
        InvalidDealError: the game is not for ``players`` seats.
        InvalidOptionsError: ``options`` are not the game's, or a game without tensors.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012  # the frameworks read it from the class
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        game: str | games.Game[Any, Any, Any],
        num_envs: int,
        players: int | None = None,
        options: Any = None,
    ) -> None:
        table = env_game(game)
        number = as_int(num_envs)
        if number is None or number < 1:
            raise BatchError(f"num_envs must be a positive int, got {excerpt(num_envs)}")
        self.num_envs = number
        self._game = table
        self._players = table.game.seats(table.game.default_players if players is None else players)
        self._options = table.options(options)
        tensors = table.tensors
        if tensors.deal_batch is not None and tensors.observation_batch is not None:
            self._deal_batch: Any = tensors.deal_batch
            self._observe: Any = tensors.observation_batch
        else:
            self._deal_batch, self._observe = _deal_games(table), _observation_games
        size = tensors.observation_size(self._players)
        self.single_observation_space = gymnasium.spaces.Box(0.0, 1.0, (size,), np.float32)
        self.single_action_space = gymnasium.spaces.Discrete(table.num_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, self.num_envs
        )
        self.action_space = gymnasium.vector.utils.batch_space(
            self.single_action_space, self.num_envs
        )
        self._batch: Any = None
        self._seats: npt.NDArray[np.int64] | None = None  # the seat to play in each game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Tensor, dict[str, Any]]:
        """Deal ``num_envs`` new games (from ``seed`` if given). ``options`` are ignored."""
        super().reset(seed=seed)
        if self._np_random is None:
            self._np_random, self._np_random_seed = gymnasium.utils.seeding.np_random(seed)
        batch = self._deal(self.num_envs)
        self._batch = batch
        observations, mask = self._observe(batch)
        self._seats = batch.current_player.copy()
        return observations, {"action_mask": mask, "seat": self._seats}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        Tensor,
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """One move in every game: ``actions[g]`` for the seat to play in game ``g``.

        Raises:
            NoGameError: before the first :meth:`reset`.
            IllegalMoveError: some action is not legal in its game.
        """
        batch, movers = self._batch, self._seats
        if batch is None or movers is None:
            raise no_game("step")
        size = self.num_envs
        batch = batch.step(np.asarray(actions))
        ended = batch.done.copy()
        returns = np.zeros((size, self._players), dtype=np.float64)
        rewards = np.zeros(size, dtype=np.float64)
        final: npt.NDArray[Any] | None = None
        if ended.any():
            games = np.flatnonzero(ended)
            returns[games] = batch.returns(games)
            rewards[games] = returns[games, movers[games]]
            final = np.full(size, None, dtype=object)
            last, _ = self._observe(batch, games, False)
            for row, game in enumerate(games.tolist()):
                final[game] = last[row]
            batch = batch.replace(ended, self._deal(len(games)))  # SAME_STEP: dealt again
        self._batch = batch
        observations, mask = self._observe(batch)
        self._seats = batch.current_player.copy()  # no game is over after the new deals
        info: dict[str, Any] = {"action_mask": mask, "seat": self._seats, "returns": returns}
        if final is not None:
            info["final_obs"] = final
            info["_final_obs"] = ended.copy()
        return observations, rewards, ended, np.zeros(size, dtype=np.bool_), info

    @property
    def batch(self) -> Any:
        """The games as they stand (a :class:`~sevens_ru.batch.GameBatch` for the main game)."""
        return dealt(self._batch, "batch")

    def _deal(self, games: int) -> Any:
        return self._deal_batch(games, self._players, self._np_random, self._options)


class SevensVectorEnv(CardGameVectorEnv):
    """``num_envs`` games of Russian Sevens in lockstep over :class:`~sevens_ru.batch.GameBatch`.

    ``SevensVectorEnv(num_envs, players)`` is ``CardGameVectorEnv("sevens", num_envs,
    players)``: ``actions[g]`` is the card (action number) of the seat to play in game
    ``g``, and the reward of a game that ends is the winner's, who made the last move
    (R14).

    >>> import numpy as np
    >>> from sevens_ru.envs.gymnasium import SevensVectorEnv
    >>> envs = SevensVectorEnv(8, players=4)
    >>> observations, info = envs.reset(seed=1)
    >>> observations.shape, info["action_mask"].shape
    ((8, 120), (8, 36))
    >>> rng = np.random.default_rng(2)
    >>> ended = 0
    >>> while ended < 8:
    ...     actions = [rng.choice(row.nonzero()[0]) for row in info["action_mask"]]
    ...     observations, rewards, terminations, truncations, info = envs.step(np.array(actions))
    ...     ended += int(terminations.sum())
    ...     assert (rewards[terminations] == 1).all()  # the winner made the last move
    >>> bool(np.allclose(info["returns"].sum(axis=1), 0))
    True

    Raises:
        BatchError: ``num_envs`` is not a positive integer.
        InvalidDealError: ``players`` is not 2 to 6 (R4).
        InvalidOptionsError: ``options`` is not a :class:`sevens_ru.Options`.
    """

    def __init__(self, num_envs: int, players: int = 4, options: Options | None = None) -> None:
        super().__init__("sevens", num_envs, players, options)

    @property
    def batch(self) -> GameBatch:
        """The games as they stand."""
        batch: GameBatch = super().batch
        return batch


def env_id(game: games.Game[Any, Any, Any]) -> str:
    """The ``gymnasium.make`` id of a game: ``sevens_ru/`` and its name in title case, ``-v0``.

    >>> from sevens_ru import games
    >>> env_id(games.get("durak"))
    'sevens_ru/Durak-v0'
    """
    return f"sevens_ru/{game.name.title()}-v0"


def register_env(game: str | games.Game[Any, Any, Any]) -> str:
    """Register a game with tensors with ``gymnasium.make``, under :func:`env_id`; return the id.

    Its environment is a :class:`CardGameEnv` for the learner at ``seat`` (default 0),
    against ``opponents`` or else bots of the game's ``"heuristic"`` kind (or its first
    kind), one for each other seat of its usual count.

    Raises:
        UnknownGameError: no game has that name.
        InvalidOptionsError: the game has no tensors for learners.
    """
    rules = env_game(game).game

    def make(opponents: Sequence[Any] | None = None, **kwargs: Any) -> CardGameEnv[Any, Any, Any]:
        if opponents is None:
            kind = "heuristic" if "heuristic" in rules.bots.names else rules.bots.names[0]
            opponents = [rules.bots.make(kind) for _ in range(rules.default_players - 1)]
        return CardGameEnv(rules, opponents, **kwargs)

    name = env_id(rules)
    gymnasium.register(name, entry_point=make)
    return name


for _game in games.offering("tensors").values():
    register_env(_game)
