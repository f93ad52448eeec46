"""The main game's games in lockstep for the vector environments, in C or with numpy.

:class:`SevensLockstep` is the main game's :class:`~sevens_ru.games.Lockstep`: the arrays
of a :class:`~sevens_ru.batch.GameBatch`, changed in place. Where the compiled core is
built, one C call plays a card in every game (its passes, end and returns, R9-R18) and
writes every game's next observation and action mask in the same pass
(``batch/_lockstep.c``); elsewhere numpy computes the same entries, as
:meth:`GameBatch.step <sevens_ru.batch.GameBatch.step>` and
:func:`sevens_ru.encode.observation_batch` do.

A new game is dealt from a uniformly random permutation of the pack, shuffled from random
64-bit words of numpy's generator (Fisher and Yates, with Lemire's draws, which are exactly
uniform): the card at position ``p`` goes to seat ``p % players`` (R5). The deals are the
same in both engines.

>>> import numpy as np
>>> from sevens_ru.games.lockstep import Outputs
>>> games = SevensLockstep(2, 4, None)
>>> games.deal(np.arange(2), np.random.default_rng(5))
>>> out = Outputs.new(2, 4, 120, 36, np.float32)
>>> games.observe(out)
>>> games.step(np.full(2, 12), out)  # 9♦ opens both (R7)
>>> games.batch.table.tolist() == [1 << 12, 1 << 12]
True
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import numpy.typing as npt

from ....common._core import speedups
from ....common.cards import cards_from_mask
from ....errors import IllegalMoveError, InvalidOptionsError
from ...lockstep import Outputs, bounded_draws, quantized, shuffle_bounds, shuffled, with_words
from .._board import NINE_OF_DIAMONDS, NINES, ROW
from ..deal import PACK, check_players
from ..game import new_game
from ..options import Options
from ..state import GameState
from . import GameBatch
from ._kernels import CARD_BITS, OPENED, SUIT_POINTS, IntArray, popcount, read_only

__all__ = ["SevensLockstep"]

_CARDS = len(PACK)
_SHUFFLE = shuffle_bounds(_CARDS)  # the draws that shuffle a pack

# The compiled core's step, observation and random choice (None with the pure-Python engine).
_core: Any = cast(Any, speedups)
_fast_sevens_lockstep_step = None if speedups is None else _core.sevens_lockstep_step
_fast_sevens_lockstep_observe = None if speedups is None else _core.sevens_lockstep_observe
_fast_sevens_lockstep_random = None if speedups is None else _core.sevens_lockstep_random
_fast_sevens_lockstep_deal = None if speedups is None else _core.sevens_lockstep_deal


class SevensLockstep:
    """``size`` games of Russian Sevens for ``players`` seats in lockstep (see the module documentation).

    Raises:
        InvalidDealError: ``players`` is not 2 to 6 (R4).
        InvalidOptionsError: ``options`` is not a :class:`sevens_ru.Options`.
    """

    def __init__(self, size: int, players: int, options: Options | None) -> None:
        if options is None:
            options = Options()
        elif not isinstance(options, Options):
            raise InvalidOptionsError(
                f"options must be a sevens_ru.Options, got {type(options).__name__}"
            )
        players = check_players(players)
        self.size = size
        self.players = players
        self.options = options
        # GameBatch's arrays, writable (see GameBatch): a slot with no game yet is over.
        self._hands = np.zeros((players, size), dtype=np.int64)
        self._table = np.zeros(size, dtype=np.int64)
        self._playable = np.full(size, NINES, dtype=np.int64)
        self._moves = np.zeros(size, dtype=np.int64)
        self._cursor = np.arange(size, dtype=np.int64)
        self._done = np.ones(size, dtype=np.bool_)
        self._passes = np.zeros((players, size), dtype=np.int32)
        self._arrays = (
            self._hands,
            self._table,
            self._playable,
            self._moves,
            self._cursor,
            self._done,
            self._passes,
        )

    @property
    def over(self) -> npt.NDArray[np.bool_]:
        """Whether each game is over (R14)."""
        over: npt.NDArray[np.bool_] = self._done.copy()
        return over

    @property
    def batch(self) -> GameBatch:
        """The games as they stand, a :class:`~sevens_ru.batch.GameBatch` (of copies)."""
        batch = object.__new__(GameBatch)
        batch.players = self.players
        batch.size = self.size
        batch.options = self.options
        for name in ("_hands", "_table", "_playable", "_moves", "_cursor", "_done", "_passes"):
            setattr(batch, name, read_only(getattr(self, name).copy()))
        return batch

    def deal(self, games: IntArray, rng: np.random.Generator) -> None:
        """Deal new games into the slots ``games``: a random permutation of the pack each (R5, R7).

        The packs are shuffled from 64-bit words of ``rng`` (Fisher and Yates, with
        Lemire's exactly uniform draws), the same in C and with numpy.
        """
        slots = np.ascontiguousarray(games, dtype=np.int64)
        count = len(slots)
        if not count:
            return

        def use(words: npt.NDArray[np.uint64]) -> bool | None:
            if _fast_sevens_lockstep_deal is not None:
                dealt: bool | None = _fast_sevens_lockstep_deal(self._arrays, slots, words)
                return dealt
            draws = bounded_draws(words, count, _SHUFFLE)
            if draws is None:
                return None
            self._deal(slots, shuffled(draws, _CARDS))
            return True

        with_words(rng, count * len(_SHUFFLE), use)

    def _deal(self, slots: IntArray, order: npt.NDArray[np.int8]) -> None:
        """New games in ``slots`` from the permutations of the pack in ``order``, with numpy."""
        bits = CARD_BITS[order]
        players = self.players
        for seat in range(players):
            self._hands[seat, slots] = np.bitwise_or.reduce(bits[:, seat::players], axis=1)
        holds = (self._hands[:, slots] & NINE_OF_DIAMONDS) != 0  # R7: its holder opens
        self._cursor[slots] = np.argmax(holds, axis=0) * self.size + slots
        self._table[slots] = 0
        self._playable[slots] = NINES
        self._moves[slots] = NINE_OF_DIAMONDS
        self._done[slots] = False
        self._passes[:, slots] = 0

    def step(self, actions: IntArray, outputs: Outputs) -> None:
        """One card in every game that is not over (see :meth:`sevens_ru.games.Lockstep.step`).

        Raises:
            IllegalMoveError: some card is not legal in its game (nothing is changed).
        """
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        if _fast_sevens_lockstep_step is not None:
            refused = _fast_sevens_lockstep_step(
                self._arrays, actions, self.options.rank_by_passes, outputs.arrays()
            )
            if refused is not None:
                raise self._illegal(int(refused), int(actions[refused]))
            return
        playing = np.flatnonzero(~self._done)
        chosen = actions[playing]
        legal = (chosen >= 0) & (chosen < _CARDS)
        legal[legal] = (self._moves[playing[legal]] >> chosen[legal] & 1) == 1
        if not legal.all():
            game = int(playing[np.argmin(legal)])
            raise self._illegal(game, int(actions[game]))
        outputs.rewards[:] = 0.0
        outputs.terminated[:] = False
        outputs.returns[:] = 0.0
        movers = self._cursor[playing] // self.size
        ended = self._play(playing, chosen)
        if ended.any():
            games = playing[ended]
            values = self._returns(games)
            outputs.returns[games] = values
            outputs.rewards[games] = values[np.arange(len(games)), movers[ended]]
            outputs.terminated[games] = True
        self.observe(outputs, playing)

    def _play(self, games: IntArray, cards: IntArray) -> npt.NDArray[np.bool_]:
        """Play ``cards`` (legal) in ``games``, then the passes (R9-R14); whether each ended."""
        size = self.size
        span = self.players * size
        hands = self._hands.reshape(-1)
        passes = self._passes.reshape(-1)
        bits = CARD_BITS[cards]
        table = self._table[games] | bits
        playable = self._playable[games] - bits + OPENED[cards]
        self._table[games] = table
        self._playable[games] = playable
        cursor = self._cursor[games]
        ended: npt.NDArray[np.bool_] = (hands[cursor] & ~table) == 0  # the last card (R14)
        self._done[games[ended]] = True
        self._moves[games[ended]] = 0
        going = ~ended
        games, cursor, playable = games[going], cursor[going], playable[going]
        while len(games):  # R11, R13: someone can play, at worst the player itself
            cursor = cursor + size
            cursor -= (cursor >= span) * span
            moves = hands[cursor] & playable
            found = moves != 0
            self._moves[games[found]] = moves[found]
            self._cursor[games[found]] = cursor[found]
            waiting = ~found
            games, cursor, playable = games[waiting], cursor[waiting], playable[waiting]
            passes[cursor] += 1
        return ended

    def _returns(self, games: IntArray) -> npt.NDArray[np.float64]:
        """Every seat's return of the finished ``games`` (R15-R18), as GameBatch.returns gives them."""
        left = self._hands[:, games] & ~self._table[games]
        points = sum(SUIT_POINTS[(left >> (9 * suit)) & ROW] for suit in range(4))
        key = popcount(left) << 16 | points
        if self.options.rank_by_passes:
            key = key | self._passes[:, games].astype(np.int64) << 8
        key = key.T  # games × seats
        better = (key[:, None, :] < key[:, :, None]).sum(axis=2)
        equal = (key[:, None, :] == key[:, :, None]).sum(axis=2)
        values: npt.NDArray[np.float64] = (self.players - 2 * better - equal) / (self.players - 1)
        return values

    def observe(self, outputs: Outputs, games: IntArray | None = None) -> None:
        """Write the observation, action mask and seat of the ``games`` (all if ``None``) into their rows."""
        chosen = None if games is None else np.ascontiguousarray(games, dtype=np.int64)
        if _fast_sevens_lockstep_observe is not None:
            _fast_sevens_lockstep_observe(self._arrays, chosen, outputs.arrays())
            return
        from ..encode import observation_batch  # numpy's entries, as the compiled core's

        rows = np.arange(self.size) if chosen is None else chosen
        if not len(rows):
            return
        batch = object.__new__(GameBatch)  # the arrays themselves, for observation_batch()
        batch.players, batch.size, batch.options = self.players, self.size, self.options
        (
            batch._hands,
            batch._table,
            batch._playable,
            batch._moves,
            batch._cursor,
            batch._done,
            batch._passes,
        ) = self._arrays
        observations, masks = observation_batch(batch, rows)
        outputs.observations[rows] = quantized(observations, outputs.observations.dtype)
        outputs.masks[rows] = masks
        outputs.seats[rows] = self._cursor[rows] // self.size

    def random_actions(self, draws: npt.NDArray[np.float64]) -> IntArray:
        """A legal card of every game: card number ``floor(draws[g] × k)`` of its ``k``, in card order; 0 if over."""
        draws = np.ascontiguousarray(draws, dtype=np.float64)
        chosen = np.zeros(self.size, dtype=np.int64)
        if _fast_sevens_lockstep_random is not None:
            _fast_sevens_lockstep_random(self._moves, draws, chosen)
            return chosen
        moves = self._moves.copy()
        total = popcount(moves)
        number = (draws * total).astype(np.int64)
        number[(number >= total) | ~((draws >= 0) & (draws < 1))] = 0
        for _ in range(int(number.max(initial=0))):  # drop the lower legal cards
            moves = np.where(number > 0, moves & (moves - 1), moves)
            number -= 1
        lowest = moves & -moves
        found = moves != 0
        chosen[found] = np.searchsorted(CARD_BITS, lowest[found])
        return chosen

    def dealt_state(self, game: int) -> GameState:
        """Game ``game`` as it was dealt: :func:`sevens_ru.new_game` of its hands and options."""
        hands = [cards_from_mask(int(hand)) for hand in self._hands[:, game]]
        return new_game(self.players, hands=hands, options=self.options)

    def _illegal(self, game: int, action: int) -> IllegalMoveError:
        seat = int(self._cursor[game]) // self.size
        legal = [card.index for card in cards_from_mask(int(self._moves[game]))]
        what = (
            f"card {PACK.cards[action]} (action {action})"
            if 0 <= action < _CARDS
            else (f"action {action}, which is no card (0 to {_CARDS - 1})")
        )
        return IllegalMoveError(
            f"game {game}: seat {seat} cannot play {what}; legal actions: "
            + " ".join(map(str, legal))
        )
