"""Gymnasium environments: one learner against bots, and the main game in lockstep (``pip install "sevens-ru[gymnasium]"``).

- :class:`SevensEnv` and :class:`DurakEnv`: a ``gymnasium.Env`` for one learner at
  ``seat`` against the given bots (``len(opponents) + 1`` players; any bot with
  ``choose(view, rng)``, such as :class:`sevens_ru.bots.HeuristicBot`). The bots move
  inside :meth:`~SevensEnv.reset` and :meth:`~SevensEnv.step` until it is the
  learner's turn again. The observation is the learner's
  :func:`sevens_ru.encode.observation` (or Durak's), the legal actions are in
  ``info["action_mask"]`` (int8, 1 for each legal action), and the reward is 0 until
  the end, then the learner's :func:`sevens_ru.returns`. An illegal action ends the
  episode at once with the reward −1 and ``info["illegal_action"] = True``: Gymnasium
  sends any action of the action space, so it must be a result, not an error.
- :class:`SevensVectorEnv`: a ``gymnasium.vector.VectorEnv`` of ``num_envs`` games of
  the main game over :class:`sevens_ru.batch.GameBatch`, every seat played by the
  same policy: each step makes one move in every game, the move of whoever is to play.

Importing this module registers ``sevens_ru/Sevens-v0`` (against three
:class:`~sevens_ru.bots.HeuristicBot`) and ``sevens_ru/Durak-v0`` (against two Durak
``HeuristicBot``) with ``gymnasium.make``; give ``opponents=[...]`` to change them.

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
from typing import Any, Generic, cast

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium.vector import AutoresetMode, VectorEnv
except ImportError as error:  # pragma: no cover - only without the extra
    raise ImportError(
        'sevens_ru.envs.gymnasium needs Gymnasium: pip install "sevens-ru[gymnasium]"'
    ) from error

from ..common._core import speedups
from ..common._numbers import as_int
from ..common._planes import mask_array
from ..common.cards import DECK
from ..errors import BatchError, InvalidOptionsError, InvalidSeatError, NoGameError
from ..games import durak
from ..games.durak import bots as durak_bots
from ..games.sevens._board import NINE_OF_DIAMONDS
from ..games.sevens.batch import GameBatch
from ..games.sevens.batch._kernels import popcount
from ..games.sevens.bots import Bot, HeuristicBot
from ..games.sevens.deal import check_players
from ..games.sevens.encode import HAND_SCALE, PASS_SCALE, observation_size
from ..games.sevens.observation import PlayerView
from ..games.sevens.options import Options
from ..games.sevens.state import GameState
from ._tables import Game, OptionsT, StateT, ViewT, check_opponents, env_game, no_game

__all__ = ["DurakEnv", "SevensEnv", "SevensVectorEnv"]

# The compiled core's twin of SevensVectorEnv._observe(), None with the pure-Python engine.
_fast_batch_observation: Any = None if speedups is None else cast(Any, speedups).batch_observation

Tensor = npt.NDArray[np.float32]


class _LearnerEnv(gymnasium.Env[Tensor, int], Generic[StateT, ViewT, OptionsT]):
    """One learner against bots: the part both games share."""

    metadata: dict[str, Any] = {  # noqa: RUF012  # the frameworks read it from the class
        "render_modes": ["ansi"],
        "render_fps": 1,
    }

    def __init__(
        self,
        game: Game[StateT, ViewT, OptionsT],
        opponents: Sequence[Any],  # the game's bots
        seat: int,
        options: OptionsT | None,
        render_mode: str | None,
    ) -> None:
        players = check_opponents(game, opponents)
        number = as_int(seat)
        if number is None or not 0 <= number < players:
            raise InvalidSeatError(
                f"the learner's seat must be one of 0 to {players - 1}, got {seat!r}"
            )
        seat = number
        if render_mode not in (None, "ansi"):
            raise InvalidOptionsError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self._game = game
        self._options = game.options(options)
        self._players = players
        self._seat = seat
        # The bots by seat; the learner's seat has none.
        self._bots: list[Any] = [*opponents[:seat], None, *opponents[seat:]]
        self.render_mode = render_mode
        self.observation_space = gymnasium.spaces.Box(
            0.0, 1.0, (game.observation_size(players),), np.float32
        )
        # Discrete spaces sample numpy integers; step() takes any integral number.
        self.action_space = gymnasium.spaces.Discrete(game.num_actions)  # type: ignore[assignment]
        self._state: StateT | None = None
        self._ended = False  # by the end of the game, or by an illegal action
        self._bot_rng = random.Random()

    @property
    def game_state(self) -> StateT:
        """The game as it stands, a state of the library like any other."""
        if self._state is None:
            raise no_game("game_state")
        return self._state

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
            if not self._game.is_over(state):
                break
        self._state = state
        self._ended = False
        return self._observe(state), self._info(state)

    def step(self, action: int) -> tuple[Tensor, float, bool, bool, dict[str, Any]]:
        """The learner makes ``action``, then the bots move up to its next turn or the end.

        Raises:
            NoGameError: before the first :meth:`reset`, or after the episode ended.
        """
        game = self._game
        state = self._state
        if state is None or self._ended:
            raise no_game("step") if state is None else _episode_over()
        number = as_int(action)
        if (
            number is None
            or not 0 <= number < game.num_actions
            or not game.legal_mask(state) >> number & 1
        ):
            self._ended = True  # Gymnasium's convention: a result, not an error
            info = self._info(state)
            info["illegal_action"] = True
            return self._observe(state), -1.0, True, False, info
        state = self._play_bots(game.apply(state, number))
        self._state = state
        self._ended = game.is_over(state)
        reward = game.returns(state)[self._seat] if self._ended else 0.0
        return self._observe(state), reward, self._ended, False, self._info(state)

    def render(self) -> str | None:
        """The table and every hand as text with ``render_mode="ansi"``, else ``None``."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode: give render_mode='ansi'"
            )
            return None
        if self._state is None:
            raise no_game("render")
        return self._game.render(self._state)

    def _play_bots(self, state: StateT) -> StateT:
        game = self._game
        while not game.is_over(state):
            seat = state.current_player
            bot = self._bots[seat]  # type: ignore[index]  # a seat while playing
            if bot is None:
                break
            state = game.apply(state, bot.choose(game.view(state, seat), self._bot_rng))  # type: ignore[arg-type]
        return state

    def _observe(self, state: StateT) -> Tensor:
        return self._game.observation_of(state, self._seat)

    def _info(self, state: StateT) -> dict[str, Any]:
        game = self._game
        mine = not self._ended and state.current_player == self._seat
        return {"action_mask": mask_array(game.legal_mask(state) if mine else 0, game.num_actions)}


def _card_bits(card_sets: npt.NDArray[np.int64]) -> npt.NDArray[np.int8]:
    """The 36 bits (0 or 1) of each card set of a 2-D array: one more axis of 36."""
    # The first five of each int's eight little-endian bytes hold its 36 bits.
    data = np.ascontiguousarray(card_sets, dtype="<i8").view(np.uint8)
    data = data.reshape(*card_sets.shape, 8)[..., :5]
    return np.unpackbits(data, axis=-1, bitorder="little")[..., : len(DECK)].view(np.int8)


def _episode_over() -> NoGameError:
    return NoGameError("step() after the end of the episode: call reset() for a new game")


class SevensEnv(_LearnerEnv[GameState, PlayerView, Options]):
    """Russian Sevens for one learner at ``seat`` against ``opponents`` (2 to 6 players in all).

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
        super().__init__(env_game("sevens"), opponents, seat, options, render_mode)


class DurakEnv(_LearnerEnv[durak.GameState, durak.PlayerView, durak.Options]):
    """Old Durak for one learner at ``seat`` against ``opponents`` (2 to 4 players in all).

    Each reset draws the dealer at random, so the learner sits everywhere at the table.

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
        super().__init__(env_game("durak"), opponents, seat, options, render_mode)


class SevensVectorEnv(VectorEnv[Tensor, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` games of Russian Sevens in lockstep over :class:`~sevens_ru.batch.GameBatch`.

    Every game moves at every step: ``actions[g]`` is the card (action number) of the
    seat to play in game ``g``, and the same policy plays every seat (self-play).

    - ``observations[g]`` is :func:`sevens_ru.encode.observation` of the seat to play
      in game ``g``; ``info["seat"][g]`` names that seat and ``info["action_mask"]``
      holds its legal actions, one row per game (int8, never all 0).
    - ``rewards[g]`` is the return of the seat that made the move: it is not 0 only
      at the step that ends the game, which the winner made (R14). Every seat's
      :func:`sevens_ru.returns` of the games that ended at the step are in
      ``info["returns"]`` (a row per game, zeros for the others).
    - A game that ends is dealt again at once (Gymnasium's ``AutoresetMode.SAME_STEP``):
      the step returns the new game's observation, and the winner's last observation
      in ``info["final_obs"]`` (for the games where ``info["_final_obs"]`` is true).
      There is no truncation.

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

    metadata: dict[str, Any] = {  # noqa: RUF012  # the frameworks read it from the class
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "render_modes": [],
    }

    def __init__(self, num_envs: int, players: int = 4, options: Options | None = None) -> None:
        number = as_int(num_envs)
        if number is None or number < 1:
            raise BatchError(f"num_envs must be a positive int, got {num_envs!r}")
        self.num_envs = number
        self._players = check_players(players)
        self._options = env_game("sevens").options(options)
        size = observation_size(self._players)
        self.single_observation_space = gymnasium.spaces.Box(0.0, 1.0, (size,), np.float32)
        self.single_action_space = gymnasium.spaces.Discrete(len(DECK))
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, self.num_envs
        )
        self.action_space = gymnasium.vector.utils.batch_space(
            self.single_action_space, self.num_envs
        )
        self._batch: GameBatch | None = None

    @property
    def batch(self) -> GameBatch:
        """The games as they stand."""
        if self._batch is None:
            raise no_game("batch")
        return self._batch

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Tensor, dict[str, Any]]:
        """Deal ``num_envs`` new games (from ``seed`` if given). ``options`` are ignored."""
        super().reset(seed=seed)
        if self._np_random is None:
            self._np_random, self._np_random_seed = gymnasium.utils.seeding.np_random(seed)
        batch = self._deal()
        self._batch = batch
        observations, mask = self._observe(batch)
        return observations, {"action_mask": mask, "seat": batch.current_player.copy()}

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
        batch = self._batch
        if batch is None:
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
            # The winner made the move that ended the game (R14): its cursor stays on it.
            rewards[games] = returns[games, batch._cursor[games] // size]
            final = np.full(size, None, dtype=object)
            last, _ = self._observe(batch, games, masks=False)
            for row, game in enumerate(games.tolist()):
                final[game] = last[row]
            batch = batch.replace(ended, self._deal(len(games)))  # SAME_STEP: dealt again
        self._batch = batch
        observations, mask = self._observe(batch)
        info: dict[str, Any] = {
            "action_mask": mask,
            "seat": batch._cursor // size,  # no game is over after the new deals
            "returns": returns,
        }
        if final is not None:
            info["final_obs"] = final
            info["_final_obs"] = ended.copy()
        return observations, rewards, ended, np.zeros(size, dtype=np.bool_), info

    def _deal(self, games: int | None = None) -> GameBatch:
        return GameBatch.deal(
            self.num_envs if games is None else games,
            self._players,
            rng=self._np_random,
            options=self._options,
        )

    def _observe(
        self, batch: GameBatch, games: npt.NDArray[np.int64] | None = None, masks: bool = True
    ) -> tuple[Tensor, npt.NDArray[np.int8]]:
        """Each game's :func:`sevens_ru.encode.observation` and legal actions, new arrays.

        The seat of game ``g`` is the one to play, or its winner once over; with
        ``games``, only those games, in that order (and ``masks=False``: no masks).
        """
        count = batch.size if games is None else len(games)
        observations = np.empty((count, observation_size(self._players)), dtype=np.float32)
        mask = np.empty((count if masks else 0, len(DECK)), dtype=np.int8)
        if _fast_batch_observation is not None:  # the compiled core: the same entries
            _fast_batch_observation(
                observations,
                mask if masks else None,
                batch._hands,
                batch._table,
                batch._playable,
                batch._moves,
                batch._cursor,
                batch._done,
                batch._passes,
                games,
            )
            return observations, mask
        # The same entries with numpy: the card planes by 12-card chunks from a table,
        # the counts of relative seat k gathered from the seat-major arrays.
        n, size = self._players, batch.size
        chosen: Any = slice(None) if games is None else games
        cursor = batch._cursor[chosen]
        table = batch._table[chosen]
        hands = batch._hands.reshape(-1)
        passes = batch._passes.reshape(-1)
        planes = np.stack(
            (
                hands[cursor] & ~table,
                table,
                np.where(table == 0, NINE_OF_DIAMONDS, batch._playable[chosen]),
            ),
            axis=1,
        )
        cards = 3 * len(DECK)
        observations[:, :cards] = _card_bits(planes).reshape(count, cards)
        observations[:, cards : cards + n] = 0.0
        observations[:, cards] = ~batch._done[chosen]
        # where[r, k]: relative seat k of row r's seat in the seat-major arrays.
        where = (cursor[:, None] + np.arange(n) * size) % (n * size)
        sizes = popcount(hands[where] & ~table[:, None])
        observations[:, cards + n : cards + 2 * n] = sizes / HAND_SCALE
        observations[:, cards + 2 * n :] = passes[where] / PASS_SCALE
        if masks:
            mask[:] = _card_bits(batch._moves[chosen][:, None])[:, 0]
        return observations, mask


def _make_sevens(opponents: Sequence[Bot] | None = None, **kwargs: Any) -> SevensEnv:
    return SevensEnv([HeuristicBot()] * 3 if opponents is None else opponents, **kwargs)


def _make_durak(opponents: Sequence[durak_bots.Bot] | None = None, **kwargs: Any) -> DurakEnv:
    return DurakEnv([durak_bots.HeuristicBot()] * 2 if opponents is None else opponents, **kwargs)


gymnasium.register("sevens_ru/Sevens-v0", entry_point=_make_sevens)
gymnasium.register("sevens_ru/Durak-v0", entry_point=_make_durak)
