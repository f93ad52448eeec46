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
  play, and writes every game's observation and action mask in the same pass (in C for
  the main game and Durak, where the compiled core is built; any other game is played
  game by game). Its observations are float32, uint8 or bool (``dtype``), and it resets
  games that end as Gymnasium's ``autoreset_mode`` says (next step by default).

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
from ..common._quote import excerpt, got

with needs("sevens_ru.envs.gymnasium", "Gymnasium", "gymnasium"):
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium.vector import AutoresetMode, VectorEnv

from .. import games
from ..common._numbers import as_int
from ..common._planes import mask_array
from ..errors import BatchError, InvalidOptionsError, InvalidSeatError, NoGameError
from ..games import Lockstep, durak
from ..games.durak import bots as durak_bots
from ..games.lockstep import Outputs, StateLockstep, observation_type, seeded_deals
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


class CardGameVectorEnv(VectorEnv[npt.NDArray[Any], npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` games of any registered game with tensors in lockstep, every seat played by one policy.

    Every game moves at every step: ``actions[g]`` is the action number of the seat to
    move in game ``g``, and the same policy plays every seat (self-play).

    - ``observations[g]`` is the observation of the seat to move in game ``g`` (or, at
      the step that ends it, of the seat that ended it); ``info["seat"][g]`` names that
      seat and ``info["action_mask"]`` holds its legal actions, one row per game (int8:
      1 for each legal action; all 0 for a game that has just ended).
    - ``rewards[g]`` is the return of the seat that made the move: it is not 0 only at
      the step that ends the game. Every seat's return of the games that ended at the
      step are in ``info["returns"]`` (a row per game, zeros for the others). There is
      no truncation.
    - ``dtype`` is the observations' type: ``np.float32`` (the game's tensors, as
      :func:`sevens_ru.encode.observation`), ``np.uint8`` (each entry × 255, rounded half
      up: 1.0 is 255) or ``np.bool_`` (whether each entry is not 0: every card plane and
      mark exactly, a count only as not 0), for learners who want fewer bytes.
    - ``autoreset_mode`` is Gymnasium's (``gymnasium.vector.AutoresetMode``), all three
      supported. ``NEXT_STEP`` (the default, as in Gymnasium 1.x): the step that ends a
      game returns its last observation; the next step ignores that game's action and
      returns a new game's first observation, with reward 0. ``SAME_STEP``: a game that
      ends is dealt again in the same step, which returns the new game's observation,
      and the last one in ``info["final_obs"]`` where ``info["_final_obs"]`` is true.
      ``DISABLED``: a game that ends stays over until ``reset(options={"reset_mask":
      mask})`` deals new games where ``mask`` is true.

    The arrays a step returns are new at every step: the environment never changes them
    later. A game whose tensors step games in lockstep (``Tensors.lockstep``: the main
    game's and Durak's, in C where the compiled core is built) moves them all at once and
    writes each observation and action mask in the same pass; any other game is played a
    state per game, with the compiled core's steps where it has them.
    :meth:`random_actions` draws a random legal action for every game, and
    :meth:`dealt_state` gives a game as it was dealt, a state of the library.

    >>> import numpy as np
    >>> from sevens_ru.envs.gymnasium import CardGameVectorEnv
    >>> envs = CardGameVectorEnv("durak", 4, players=2, dtype=np.uint8)
    >>> observations, info = envs.reset(seed=1)  # each game's dealer drawn at random
    >>> observations.shape, observations.dtype, info["action_mask"].shape, info["seat"].tolist()
    ((4, 261), dtype('uint8'), (4, 1252), [0, 1, 0, 0])
    >>> observations, rewards, terminations, truncations, info = envs.step(envs.random_actions())
    >>> bool(observations[0, :36].max() == 255)  # a card of the hand: 1.0 as uint8
    True

    Raises:
        UnknownGameError: no game has that name.
        BatchError: ``num_envs`` is not a positive integer.
        InvalidDealError: the game is not for ``players`` seats.
        InvalidOptionsError: ``options`` are not the game's, a game without tensors, a
            ``dtype`` other than float32, uint8 and bool, or an unknown ``autoreset_mode``.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012  # the frameworks read it from the class
        "autoreset_mode": AutoresetMode.NEXT_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        game: str | games.Game[Any, Any, Any],
        num_envs: int,
        players: int | None = None,
        options: Any = None,
        *,
        dtype: Any = np.float32,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
    ) -> None:
        table = env_game(game)
        number = as_int(num_envs)
        if number is None or number < 1:
            raise BatchError(f"num_envs must be a positive int, got {excerpt(num_envs)}")
        self.num_envs = number
        self._game = table
        rules = table.game
        self._players = players = rules.seats(rules.default_players if players is None else players)
        self._options = table.options(options)
        self._dtype = observation_type(dtype)
        self._mode = _autoreset_mode(autoreset_mode)
        self.metadata = {**self.metadata, "autoreset_mode": self._mode}
        tensors = table.tensors
        self._observation_size = size = tensors.observation_size(players)
        self._engine: Lockstep
        if tensors.lockstep is not None:
            self._engine = tensors.lockstep(number, players, self._options)
        else:
            kernels = rules.kernels() if rules.kernels is not None else None
            deal = seeded_deals(rules, players, self._options)
            self._engine = StateLockstep(rules, tensors, kernels, number, players, deal)
        high = 255 if self._dtype == np.uint8 else 1
        self.single_observation_space = gymnasium.spaces.Box(0, high, (size,), self._dtype)
        self.single_action_space = gymnasium.spaces.Discrete(table.num_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, self.num_envs
        )
        self.action_space = gymnasium.vector.utils.batch_space(
            self.single_action_space, self.num_envs
        )
        self._dealt = False
        self._pending = np.zeros(number, dtype=np.bool_)  # over, to be dealt again (NEXT_STEP)

    @property
    def autoreset_mode(self) -> AutoresetMode:
        """The environment's :class:`gymnasium.vector.AutoresetMode`."""
        return self._mode

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[Any], dict[str, Any]]:
        """Deal ``num_envs`` new games (from ``seed`` if given).

        ``options={"reset_mask": mask}`` (a bool per game) deals new games only where
        ``mask`` is true, after a first reset; other options are ignored.

        Raises:
            InvalidOptionsError: ``seed`` is not an int (or ``None``): one generator deals
                every game.
            BatchError: a ``reset_mask`` that is not one bool per game, or that is given
                before the first reset.
        """
        if seed is not None:
            number = as_int(seed)
            if number is None:
                raise InvalidOptionsError(
                    f"a seed is an int or None (one generator deals every game), got {got(seed)}"
                )
            seed = number
        super().reset(seed=seed)
        if self._np_random is None:
            self._np_random, self._np_random_seed = gymnasium.utils.seeding.np_random(seed)
        chosen = np.arange(self.num_envs)
        if options is not None and "reset_mask" in options:
            mask = np.asarray(options["reset_mask"])
            if mask.shape != (self.num_envs,) or mask.dtype != np.bool_:
                raise BatchError(
                    f"reset_mask must be a bool array of shape ({self.num_envs},), got shape "
                    f"{mask.shape} of {mask.dtype}"
                )
            if not self._dealt:
                raise BatchError("reset_mask before the first reset(): call reset() first")
            chosen = np.flatnonzero(mask)
        self._engine.deal(chosen, self._np_random)
        self._dealt = True
        self._pending[chosen] = False
        out = self._outputs()
        self._engine.observe(out)
        return out.observations, {"action_mask": out.masks, "seat": out.seats}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[Any],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """One move in every game: ``actions[g]`` for the seat to move in game ``g``.

        Raises:
            NoGameError: before the first :meth:`reset`, or, with ``AutoresetMode.DISABLED``,
                in a game that is over and has not been reset.
            BatchError: ``actions`` is not one integer per game.
            IllegalMoveError: some action is not legal in its game (nothing is changed).
        """
        if not self._dealt:
            raise no_game("step")
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or not np.issubdtype(chosen.dtype, np.integer):
            raise BatchError(
                f"actions must be one integer per game, shape ({self.num_envs},), got shape "
                f"{chosen.shape} of {chosen.dtype}"
            )
        engine, pending, mode = self._engine, self._pending, self._mode
        if mode == AutoresetMode.DISABLED and pending.any():
            raise NoGameError(
                f"step() in game {int(np.argmax(pending))}, which is over: deal it again with "
                "reset(options={'reset_mask': mask}) (autoreset_mode is DISABLED)"
            )
        out = self._outputs()
        engine.step(chosen, out)  # the games over before the step are left as they are
        info: dict[str, Any] = {"action_mask": out.masks, "seat": out.seats, "returns": out.returns}
        if mode == AutoresetMode.NEXT_STEP:
            if pending.any():  # the games that ended at the last step: new ones
                games = np.flatnonzero(pending)
                engine.deal(games, self.np_random)
                engine.observe(out, games)
            self._pending = out.terminated.copy()
        elif mode == AutoresetMode.SAME_STEP:
            ended = out.terminated
            if ended.any():
                games = np.flatnonzero(ended)
                final = np.full(self.num_envs, None, dtype=object)
                for game in games.tolist():
                    final[game] = out.observations[game].copy()
                engine.deal(games, self.np_random)
                engine.observe(out, games)
                info["final_obs"] = final
                info["_final_obs"] = ended.copy()
        else:
            self._pending = out.terminated.copy()
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        return out.observations, out.rewards, out.terminated, truncated, info

    def random_actions(self, rng: np.random.Generator | None = None) -> npt.NDArray[np.int64]:
        """A uniformly random legal action for the seat to move in every game (drawn in C where built).

        Drawn from ``rng``, or the environment's own generator (``np_random``); 0 for a
        game that has just ended, whose action is ignored.

        Raises:
            NoGameError: before the first :meth:`reset`.
        """
        if not self._dealt:
            raise no_game("random_actions")
        generator = self.np_random if rng is None else rng
        return self._engine.random_actions(generator.random(self.num_envs))

    def dealt_state(self, game: int) -> Any:
        """Game ``game`` as it was dealt, a state of the library: its moves since are the actions sent to it.

        Raises:
            NoGameError: before the first :meth:`reset`.
            BatchError: ``game`` is not a game number of the environment.
        """
        if not self._dealt:
            raise no_game("dealt_state")
        number = as_int(game)
        if number is None or not 0 <= number < self.num_envs:
            raise BatchError(
                f"a game number is an int from 0 to {self.num_envs - 1}, got {excerpt(game)}"
            )
        return self._engine.dealt_state(number)

    @property
    def batch(self) -> Any:
        """The games as they stand: the game's :class:`~sevens_ru.games.Lockstep`.

        For the main game a :class:`~sevens_ru.batch.GameBatch` (see
        :attr:`SevensVectorEnv.batch`).
        """
        if not self._dealt:
            raise no_game("batch")
        engine = self._engine
        return engine.batch if hasattr(engine, "batch") else engine

    def _outputs(self) -> Outputs:
        return Outputs.new(
            self.num_envs,
            self._players,
            self._observation_size,
            self._game.num_actions,
            self._dtype,
        )


def _autoreset_mode(mode: object) -> AutoresetMode:
    """``mode`` as an :class:`~gymnasium.vector.AutoresetMode` (or its value, such as ``"NextStep"``)."""
    try:
        return AutoresetMode(mode)
    except ValueError:
        names = ", ".join(f"{member.name} ({member.value!r})" for member in AutoresetMode)
        raise InvalidOptionsError(
            f"autoreset_mode must be a gymnasium.vector.AutoresetMode: {names}; got {excerpt(mode)}"
        ) from None


class SevensVectorEnv(CardGameVectorEnv):
    """``num_envs`` games of Russian Sevens in lockstep, stepped in C where the compiled core is built.

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
    >>> ended = 0
    >>> while ended < 8:
    ...     observations, rewards, terminations, truncations, info = envs.step(envs.random_actions())
    ...     ended += int(terminations.sum())
    ...     assert (rewards[terminations] == 1).all()  # the winner made the last move
    >>> bool(np.allclose(info["returns"].sum(axis=1), 0))
    True

    Raises:
        BatchError: ``num_envs`` is not a positive integer.
        InvalidDealError: ``players`` is not 2 to 6 (R4).
        InvalidOptionsError: ``options`` is not a :class:`sevens_ru.Options`, a bad
            ``dtype`` or ``autoreset_mode``.
    """

    def __init__(
        self,
        num_envs: int,
        players: int = 4,
        options: Options | None = None,
        *,
        dtype: Any = np.float32,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
    ) -> None:
        super().__init__(
            "sevens", num_envs, players, options, dtype=dtype, autoreset_mode=autoreset_mode
        )

    @property
    def batch(self) -> GameBatch:
        """The games as they stand, a :class:`~sevens_ru.batch.GameBatch` (of copies)."""
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
