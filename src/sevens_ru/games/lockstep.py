"""Games in lockstep, changed in place: what a vector environment steps, for any game (numpy).

A :class:`~sevens_ru.games.Lockstep` holds ``size`` games of one game and seat count. The
vector environments (:class:`sevens_ru.envs.gymnasium.CardGameVectorEnv`) deal games into
its slots (:meth:`~sevens_ru.games.Lockstep.deal`), make one move in every game at a time
(:meth:`~sevens_ru.games.Lockstep.step`), and read each game's observation, action mask
and seat (:meth:`~sevens_ru.games.Lockstep.observe`); each writes into :class:`Outputs`
the environment made, so that a step writes every game's observation and mask in the
same pass as its move.

A game gives its own through ``Tensors.lockstep(size, players, options)``: the main
game's (:func:`sevens_ru.encode.lockstep`) and Durak's
(:func:`sevens_ru.durak.encode.lockstep`) step their games in C where the compiled core
is built. Any other game is stepped a state at a time by :class:`StateLockstep`.

An observation is written in one of three types (:data:`OBSERVATION_TYPES`): float32, as
the game's tensors are; uint8, each entry × 255 rounded half up (:func:`quantized`); or
bool, whether each entry is not 0.

New games are dealt from random 64-bit words of numpy's generator: :func:`with_words`
draws them, :func:`bounded_draws` turns them into exactly uniform numbers (Lemire's
method, as the compiled core does) and :func:`shuffled` into permutations of a pack.

>>> import numpy as np
>>> from sevens_ru import games
>>> sevens = games.get("sevens")
>>> engine = sevens.tensors().lockstep(3, 4, None)
>>> engine.deal(np.arange(3), np.random.default_rng(1))
>>> out = Outputs.new(3, 4, 120, 36, np.uint8)
>>> engine.observe(out)
>>> out.observations.shape, out.observations.dtype, out.masks.sum(axis=1).tolist()
((3, 120), dtype('uint8'), [1, 1, 1])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..common._quote import excerpt
from ..errors import IllegalMoveError, InvalidOptionsError
from ._game import Game, Kernels, Lockstep, Tensors

__all__ = [
    "OBSERVATION_TYPES",
    "Lockstep",  # sevens_ru.games.Lockstep: defined with the game protocol, without numpy
    "Outputs",
    "StateLockstep",
    "bounded_draws",
    "observation_type",
    "quantized",
    "seeded_deals",
    "shuffled",
    "with_words",
]

IntArray = npt.NDArray[np.int64]

OBSERVATION_TYPES = (np.dtype(np.float32), np.dtype(np.uint8), np.dtype(np.bool_))
"""The types an observation can be written in: float32 (the tensors), uint8 and bool."""


def observation_type(dtype: object) -> np.dtype[Any]:
    """``dtype`` as one of :data:`OBSERVATION_TYPES`, else an :class:`~sevens_ru.InvalidOptionsError`.

    >>> observation_type("uint8"), observation_type(bool)
    (dtype('uint8'), dtype('bool'))
    """
    try:
        found: np.dtype[Any] | None = np.dtype(dtype)  # type: ignore[call-overload]
    except TypeError:
        found = None
    if found is None or found not in OBSERVATION_TYPES:
        raise InvalidOptionsError(
            "an observation's dtype is float32, uint8 or bool (numpy's or their names), "
            f"got {excerpt(dtype)}"
        )
    return found


def quantized(observations: npt.NDArray[np.float32], dtype: np.dtype[Any]) -> npt.NDArray[Any]:
    """Float32 observations as ``dtype``: uint8 entries are ``floor(entry × 255 + 1/2)``, bool ones ``entry != 0``.

    The uint8 entry is computed in float64 from the float32 one, exactly: 0.0 is 0, 1.0
    is 255, and every fraction of the tensors falls on one value.

    >>> import numpy as np
    >>> quantized(np.array([0.0, 1 / 18, 0.5, 1.0], np.float32), np.dtype(np.uint8)).tolist()
    [0, 14, 128, 255]
    """
    if dtype == np.float32:
        return observations
    converted: npt.NDArray[Any]
    if dtype == np.bool_:
        converted = observations != 0
    else:
        converted = np.floor(observations.astype(np.float64) * 255 + 0.5).astype(np.uint8)
    return converted


class Outputs:
    """What a step of games in lockstep writes, a row per game: new arrays from :meth:`new`.

    ``observations`` (games × observation size, float32, uint8 or bool), ``masks`` (games ×
    actions, int8: 1 for each legal action of the seat observed), ``seats`` (int64: the
    seat observed, the seat to move or the one that ended the game), ``rewards``
    (float64: the return of the seat that moved, at the move that ends a game),
    ``terminated`` (bool: the game ended at this step) and ``returns`` (games × seats,
    float64: every seat's return of a game that ended at this step, else 0).
    """

    __slots__ = ("masks", "observations", "returns", "rewards", "seats", "terminated")

    def __init__(
        self,
        observations: npt.NDArray[Any],
        masks: npt.NDArray[np.int8],
        seats: IntArray,
        rewards: npt.NDArray[np.float64],
        terminated: npt.NDArray[np.bool_],
        returns: npt.NDArray[np.float64],
    ) -> None:
        self.observations = observations
        self.masks = masks
        self.seats = seats
        self.rewards = rewards
        self.terminated = terminated
        self.returns = returns

    @classmethod
    def new(
        cls, size: int, players: int, observation_size: int, num_actions: int, dtype: Any
    ) -> Outputs:
        """New arrays for ``size`` games, to be written (their entries are not set)."""
        return cls(
            np.empty((size, observation_size), dtype=dtype),
            np.empty((size, num_actions), dtype=np.int8),
            np.empty(size, dtype=np.int64),
            np.empty(size, dtype=np.float64),
            np.empty(size, dtype=np.bool_),
            np.empty((size, players), dtype=np.float64),
        )

    def arrays(self) -> tuple[npt.NDArray[Any], ...]:
        """The six arrays, in the order above (what the compiled core reads)."""
        return (
            self.observations,
            self.masks,
            self.seats,
            self.rewards,
            self.terminated,
            self.returns,
        )


# -- deals from random words, the same in C and with numpy -----------------------------

SPARE_WORDS = 16
"""The random words drawn beyond one per draw, for the rare draw that takes two (Lemire)."""

_LOW = np.uint64(0xFFFFFFFF)


def with_words(rng: np.random.Generator, needed: int, use: Callable[[Any], Any]) -> Any:
    """``use(words)`` with ``needed`` + :data:`SPARE_WORDS` random 64-bit words from ``rng``.

    ``use`` gives ``None`` where the words ran out (a draw takes another word about once in
    2**58 draws); it is then called again with as many words more, appended.

    >>> import numpy as np
    >>> with_words(np.random.default_rng(1), 3, lambda words: len(words))
    19
    """
    words = rng.bit_generator.random_raw(needed + SPARE_WORDS)
    while (result := use(words)) is None:
        words = np.concatenate((words, rng.bit_generator.random_raw(needed + SPARE_WORDS)))
    return result


def bounded_draws(
    words: npt.NDArray[np.uint64], count: int, bounds: Sequence[int]
) -> IntArray | None:
    """A uniformly random number below each of ``bounds`` for each of ``count`` deals, from the words in order.

    Lemire's method, as ``word_below()`` in the compiled core (``_native/common.h``):
    the high word of ``word × bound``, unless its low word falls below ``2**64 mod
    bound``, when the next word is drawn instead. ``None`` where the words run out.

    >>> import numpy as np
    >>> words = np.array([2**63 + 5, 2**64 - 1], dtype=np.uint64)
    >>> bounded_draws(words, 1, [36, 36]).tolist()
    [[18, 35]]
    >>> words = np.array([0, 2**63 + 5], dtype=np.uint64)  # 0 × 36 falls low: a second word
    >>> bounded_draws(words, 1, [36]).tolist(), bounded_draws(words, 2, [36])
    ([[18]], None)
    """
    per = len(bounds)
    needed = count * per
    if len(words) < needed:
        return None
    limits = np.array(bounds, dtype=np.uint64)
    block = words[:needed].reshape(count, per)
    low_part = (block & _LOW) * limits
    high_part = (block >> np.uint64(32)) * limits + (low_part >> np.uint64(32))
    low = high_part << np.uint64(32) | (low_part & _LOW)
    if not (low < (np.uint64(0) - limits) % limits).any():  # a word a draw: numpy's way
        drawn: IntArray = (high_part >> np.uint64(32)).astype(np.int64)
        return drawn
    return _draws_one_by_one(words.tolist(), count, bounds)


def _draws_one_by_one(words: list[int], count: int, bounds: Sequence[int]) -> IntArray | None:
    """:func:`bounded_draws` a word at a time, where some draw takes more than one."""
    drawn = np.empty((count, len(bounds)), dtype=np.int64)
    place = 0
    for deal in range(count):
        for number, bound in enumerate(bounds):
            threshold = (1 << 64) % bound
            while True:
                if place == len(words):
                    return None
                product = words[place] * bound
                place += 1
                if product & ((1 << 64) - 1) >= threshold:
                    break
            drawn[deal, number] = product >> 64
    return drawn


def shuffle_bounds(cards: int) -> list[int]:
    """The bounds of the draws of :func:`shuffled`: ``cards``, ``cards - 1``, … 2."""
    return list(range(cards, 1, -1))


def shuffled(draws: IntArray, cards: int) -> npt.NDArray[np.int8]:
    """The permutations of ``range(cards)`` that the draws make, a row each (Fisher and Yates).

    For ``i`` from ``cards - 1`` down to 1, place ``i`` is swapped with the draw below
    ``i + 1`` (the columns of ``draws``, in that order), as ``shuffle_words()`` does in
    the compiled core.

    >>> import numpy as np
    >>> shuffled(np.array([[0, 0]]), 3).tolist()  # 2 <-> 0, then 1 <-> 0
    [[1, 2, 0]]
    """
    count = len(draws)
    order = np.tile(np.arange(cards, dtype=np.int8), (count, 1))
    rows = np.arange(count)
    for step, last in enumerate(range(cards - 1, 0, -1)):
        other = draws[:, step]
        kept = order[rows, last].copy()
        order[rows, last] = order[rows, other]
        order[rows, other] = kept
    return order


Deal = Callable[[int, np.random.Generator], list[Any]]
"""New states of a game from a numpy generator: ``deal(count, rng)``."""


class StateLockstep:
    """A :class:`~sevens_ru.games.Lockstep` of any game, a state per game, moved by the game's own rules.

    It makes each move with the compiled core's ``Kernels.act`` where the game has one,
    else ``apply``, and writes each observation with ``Kernels.fill`` where there is one,
    else ``Tensors.observe_into``. ``deal(count, rng)`` makes the new games.
    """

    def __init__(
        self,
        game: Game[Any, Any, Any],
        tensors: Tensors,
        kernels: Kernels | None,
        size: int,
        players: int,
        deal: Deal,
    ) -> None:
        self.game = game
        self.size = size
        self.players = players
        self.states: list[Any] = [None] * size
        """Each slot's game as it stands, a state of the game's engine (``None``: no game yet)."""
        self.dealt: list[Any] = [None] * size
        """Each slot's game as it was dealt."""
        self.movers = [-1] * size  # the seat that made each game's last move
        self._deal = deal
        self._turn = game.turn
        self._act = None if kernels is None else kernels.act
        self._fill = None if kernels is None else kernels.fill
        self._observe_into = tensors.observe_into
        self._width = tensors.observation_size(players)
        self._actions = game.num_actions(players)

    @property
    def over(self) -> npt.NDArray[np.bool_]:
        """Whether each game is over (a slot with no game counts as over)."""
        turn = self._turn
        return np.array([state is None or turn(state) is None for state in self.states])

    def deal(self, games: IntArray, rng: np.random.Generator) -> None:
        """Deal new games into the slots ``games``."""
        slots = np.asarray(games).tolist()
        for slot, state in zip(slots, self._deal(len(slots), rng), strict=True):
            self.states[slot] = self.dealt[slot] = state
            self.movers[slot] = -1

    def step(self, actions: IntArray, outputs: Outputs) -> None:
        """One move in every game that is not over (see :meth:`sevens_ru.games.Lockstep.step`)."""
        game, turn, states = self.game, self._turn, self.states
        chosen = np.asarray(actions).tolist()
        playing = [
            g for g, state in enumerate(states) if state is not None and turn(state) is not None
        ]
        legal_mask = game.legal_mask
        for g in playing:  # every action checked before any is made
            action = chosen[g]
            if (
                type(action) is not int
                or not 0 <= action < self._actions
                or not (legal_mask(states[g]) >> action & 1)
            ):
                raise self._illegal(g, action)
        outputs.rewards[:] = 0.0
        outputs.terminated[:] = False
        outputs.returns[:] = 0.0
        act, apply, returns = self._act, game.apply, game.returns
        for g in playing:
            state, action = states[g], chosen[g]
            mover: int = turn(state)  # type: ignore[assignment]  # not None: it goes on
            new = None if act is None else act(state, action)
            states[g] = state = apply(state, action) if new is None else new
            self.movers[g] = mover
            if turn(state) is None:
                values = returns(state)
                outputs.returns[g] = values
                outputs.rewards[g] = values[mover]
                outputs.terminated[g] = True
            self._observe_one(g, outputs)

    def _illegal(self, g: int, action: int) -> IllegalMoveError:
        """The error for ``action`` in game ``g``: the engine's own explanation, with the game."""
        try:
            self.game.apply(self.states[g], action)
        except Exception as error:
            return IllegalMoveError(f"game {g}: {error}")
        return IllegalMoveError(f"game {g}: action {action} is not legal")  # pragma: no cover

    def observe(self, outputs: Outputs, games: IntArray | None = None) -> None:
        """Write the observation, action mask and seat of the ``games`` (all if ``None``)."""
        for g in range(self.size) if games is None else np.asarray(games).tolist():
            self._observe_one(g, outputs)

    def _observe_one(self, g: int, outputs: Outputs) -> None:
        state = self.states[g]
        seat = self._turn(state)
        if seat is None:
            seat = max(self.movers[g], 0)
        row = outputs.observations[g]
        tensor = row if row.dtype == np.float32 else np.empty(self._width, dtype=np.float32)
        mask = outputs.masks[g]
        fill = self._fill
        if fill is None or not fill(state, seat, tensor, mask):
            self._observe_into(state, seat, tensor, mask)
        if tensor is not row:
            row[:] = quantized(tensor, row.dtype)
        outputs.seats[g] = seat

    def random_actions(self, draws: npt.NDArray[np.float64]) -> IntArray:
        """A legal action of every game (see :meth:`sevens_ru.games.Lockstep.random_actions`)."""
        chosen = np.zeros(self.size, dtype=np.int64)
        legal_actions = self.game.legal_actions
        for g, (state, draw) in enumerate(zip(self.states, draws.tolist(), strict=True)):
            actions = () if state is None else legal_actions(state)
            if actions:
                number = int(draw * len(actions))
                chosen[g] = actions[number if 0 <= number < len(actions) else 0]
        return chosen

    def dealt_state(self, game: int) -> Any:
        """Game ``game`` as it was dealt."""
        return self.dealt[game]


def seeded_deals(game: Game[Any, Any, Any], players: int, options: Any) -> Deal:
    """The deal of :class:`StateLockstep` for any game: ``new_game`` of a 63-bit seed drawn for each.

    Setup keywords the game draws at random (``Game.random_setup``, a dealer) come from a
    ``random.Random`` of the same seed, as an environment's deals do.
    """
    takes_options = "options" in game.setup

    def deal(count: int, rng: np.random.Generator) -> list[Any]:
        states = []
        for seed in rng.integers(2**63, size=count).tolist():
            seeded = random.Random(seed)
            keywords = dict(game.random_setup(players, seeded))
            if takes_options:
                keywords["options"] = options
            states.append(game.new_game(players, seed=seeded.getrandbits(64), **keywords))
        return states

    return deal
