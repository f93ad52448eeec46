"""Old Durak's games in lockstep for the vector environments: in C, or a state per game in Python.

:func:`lockstep` gives Durak's :class:`~sevens_ru.games.Lockstep`. Where the compiled core
is built it is a :class:`DurakLockstep`: every game a numpy record (:data:`LAYOUT`), and
one C call makes a move in every game (its joins, D7, and the settling of its bout,
D9-D13), and writes every game's next observation and action mask in the same pass
(``batch/_lockstep.c``). Elsewhere it is a
:class:`~sevens_ru.games.lockstep.StateLockstep` of the engine's own states, dealt the
same games from the same generator: the two give the same observations, masks,
rewards and returns.

A new game (:func:`draw_deals`) has a dealer drawn uniformly, and the pack dealt from a
uniformly random permutation one card at a time from the dealer's left (D3); the trump
card is the card after the deal, or with the whole pack dealt the dealer's last (D4).
Both are drawn from random 64-bit words of numpy's generator, exactly uniformly, the
same in C and in Python.

>>> import numpy as np
>>> from sevens_ru.games.lockstep import Outputs
>>> games = lockstep(2, 3, None)
>>> games.deal(np.arange(2), np.random.default_rng(1))
>>> out = Outputs.new(2, 3, 301, 1252, np.float32)
>>> games.observe(out)
>>> [games.dealt_state(game).current_player for game in range(2)] == out.seats.tolist()
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from ....common._core import speedups
from ....common.cards import cards_from_mask
from ....errors import IllegalMoveError, InvalidMoveError, InvalidOptionsError
from ...lockstep import (
    Outputs,
    StateLockstep,
    bounded_draws,
    shuffle_bounds,
    shuffled,
    with_words,
)
from ..actions import NUM_ACTIONS, move_of
from ..deal import HAND_SIZE, PACK, check_players, pack
from ..game import legal_actions as durak_legal_actions
from ..game import new_game
from ..options import Options
from ..state import GameState

__all__ = ["LAYOUT", "DurakLockstep", "draw_deals", "lockstep"]

IntArray = npt.NDArray[np.int64]

LAYOUT = np.dtype(
    [
        ("hands", np.uint64, 4),
        ("dealt", np.uint64, 4),
        ("attack", np.uint64),
        ("uncovered", np.uint64),
        ("covers", np.uint64),
        ("aside", np.uint64),
        ("shown", np.uint64),
        ("take_limit", np.int64),
        ("bouts", np.int64),
        ("takes", np.int64),
        ("out", np.int64, 4),
        ("players", np.int32),
        ("trump", np.int32),
        ("dealer", np.int32),
        ("whole", np.int32),
        ("attacker", np.int32),
        ("defender", np.int32),
        ("mover", np.int32),
        ("spare", np.int32),
    ]
)
"""A game of :class:`DurakLockstep` as a numpy record: the C struct ``Durak`` of ``_durak.h``.

The hands and the dealt hands by seat, the bout's cards, the cards set aside and those
that have been on the table (D17), as card sets (bit ``i`` for ``DECK[i]``); the take
limit, the bouts settled, the takes in a row and when each seat went out (D11, D13); the
seat count, the trump card's index, the dealer, whether the whole pack was dealt (D4),
the attacker and defender (-1 once over) and the seat that made the last move.
"""

_CARD_BITS = np.array([1 << index for index in range(len(PACK))], dtype=np.uint64)

# The compiled core's functions (None with the pure-Python engine).
_core: Any = cast(Any, speedups)
_fast_durak_lockstep_step = None if speedups is None else _core.durak_lockstep_step
_fast_durak_lockstep_observe = None if speedups is None else _core.durak_lockstep_observe
_fast_durak_lockstep_random = None if speedups is None else _core.durak_lockstep_random
_fast_durak_lockstep_legal = None if speedups is None else _core.durak_lockstep_legal
_fast_durak_lockstep_deal = None if speedups is None else _core.durak_lockstep_deal


def compiled_layout() -> bool:
    """Whether the compiled core is built, with the record layout of :data:`LAYOUT`."""
    if speedups is None:
        return False
    layout = _core.durak_lockstep_layout()
    fields: Mapping[str, Any] = LAYOUT.fields or {}
    return layout.pop("size") == LAYOUT.itemsize and all(
        fields[name][1] == offset for name, offset in layout.items() if name in fields
    )


def draw_deals(
    words: npt.NDArray[np.uint64], count: int, players: int, short_deck: bool
) -> tuple[IntArray, npt.NDArray[np.int8]] | None:
    """The dealers and the shuffled packs of ``count`` new games, from random 64-bit words.

    For each game a dealer below ``players``, then the pack shuffled (Fisher and Yates,
    :func:`~sevens_ru.games.lockstep.shuffled`), every draw Lemire's (exactly uniform):
    ``order[g][p]`` is the place in :func:`~sevens_ru.durak.pack` of the card dealt at
    position ``p`` of game ``g``. ``None`` where the words run out.

    >>> import numpy as np
    >>> words = np.random.default_rng(3).bit_generator.random_raw(100)
    >>> dealers, orders = draw_deals(words, 2, 3, short_deck=True)
    >>> dealers.shape, orders.shape, sorted(orders[0].tolist()) == list(range(32))
    ((2,), (2, 32), True)
    """
    cards = len(pack(short_deck))
    draws = bounded_draws(words, count, [players, *shuffle_bounds(cards)])
    if draws is None:
        return None
    return draws[:, 0], shuffled(draws[:, 1:], cards)


def _words(count: int, players: int, short_deck: bool) -> int:
    """The random words the deals of ``count`` games take (but for Lemire's rare second draws)."""
    return count * (1 + len(shuffle_bounds(len(pack(short_deck)))))


def _hands_and_trumps(
    dealers: IntArray, orders: npt.NDArray[np.int8], players: int, short_deck: bool
) -> tuple[npt.NDArray[np.uint64], IntArray]:
    """Each game's hands by seat (D3) and its trump card's index (D4)."""
    indexes = np.array([card.index for card in pack(short_deck)], dtype=np.int64)[orders]
    bits = _CARD_BITS[indexes]
    dealt = players * HAND_SIZE
    hands = np.zeros((len(dealers), players), dtype=np.uint64)
    games = np.arange(len(dealers))
    for offset in range(players):  # position p goes to seat (dealer + 1 + p) % players
        seats = (dealers + 1 + offset) % players
        hands[games, seats] = np.bitwise_or.reduce(bits[:, offset:dealt:players], axis=1)
    trumps = indexes[:, dealt if dealt < indexes.shape[1] else dealt - 1]
    return hands, trumps


def deal_states(players: int, options: Options) -> Any:
    """The deal of the Python engine's games in lockstep: the states of :func:`draw_deals`."""
    short = options.short_deck

    def deal(count: int, rng: np.random.Generator) -> list[GameState]:
        dealers, orders = with_words(
            rng,
            _words(count, players, short),
            lambda words: draw_deals(words, count, players, short),
        )
        hands, trumps = _hands_and_trumps(dealers, orders, players, short)
        return [
            new_game(
                players,
                dealer=int(dealer),
                hands=[cards_from_mask(int(hand)) for hand in row],
                trump=PACK.cards[int(trump)],
                options=options,
            )
            for dealer, row, trump in zip(dealers.tolist(), hands, trumps.tolist(), strict=True)
        ]

    return deal


class DurakLockstep:
    """``size`` games of old Durak for ``players`` seats in lockstep, stepped in C (see the module documentation).

    Made by :func:`lockstep` where the compiled core is built.
    """

    def __init__(self, size: int, players: int, options: Options) -> None:
        self.size = size
        self.players = players
        self.options = options
        self.games = np.zeros(size, dtype=LAYOUT)
        """The games as they stand, a record each (:data:`LAYOUT`)."""
        self.games["players"] = players
        self.games["take_limit"] = options.take_limit
        self.games["attacker"] = self.games["defender"] = -1  # no game yet: over
        self.games["mover"] = -1
        self._bytes = self.games.view(np.uint8)

    @property
    def over(self) -> npt.NDArray[np.bool_]:
        """Whether each game is over (D12, D13)."""
        over: npt.NDArray[np.bool_] = self.games["attacker"] < 0
        return over

    def deal(self, games: IntArray, rng: np.random.Generator) -> None:
        """Deal new games into the slots ``games`` (:func:`draw_deals`, in C)."""
        slots = np.ascontiguousarray(games, dtype=np.int64)
        if not len(slots):
            return
        options = self.options
        with_words(
            rng,
            _words(len(slots), self.players, options.short_deck),
            lambda words: _fast_durak_lockstep_deal(  # type: ignore[misc]
                self._bytes, slots, words, options.short_deck, options.take_limit
            ),
        )

    def step(self, actions: IntArray, outputs: Outputs) -> None:
        """One move in every game that is not over (see :meth:`sevens_ru.games.Lockstep.step`).

        Raises:
            IllegalMoveError: some action is not legal in its game (nothing is changed).
        """
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        refused = _fast_durak_lockstep_step(self._bytes, actions, outputs.arrays())  # type: ignore[misc]
        if refused is not None:
            raise self._illegal(int(refused), int(actions[refused]))

    def observe(self, outputs: Outputs, games: IntArray | None = None) -> None:
        """Write the observation, action mask and seat of the ``games`` (all if ``None``) into their rows."""
        chosen = None if games is None else np.ascontiguousarray(games, dtype=np.int64)
        _fast_durak_lockstep_observe(self._bytes, chosen, outputs.arrays())  # type: ignore[misc]

    def random_actions(self, draws: npt.NDArray[np.float64]) -> IntArray:
        """A legal action of every game: number ``floor(draws[g] × k)`` of its ``k``, ascending; 0 if over."""
        chosen = np.zeros(self.size, dtype=np.int64)
        draws = np.ascontiguousarray(draws, dtype=np.float64)
        _fast_durak_lockstep_random(self._bytes, draws, chosen)  # type: ignore[misc]
        return chosen

    def dealt_state(self, game: int) -> GameState:
        """Game ``game`` as it was dealt: :func:`sevens_ru.durak.new_game` of its hands, dealer and trump card."""
        record = self.games[game]
        return new_game(
            self.players,
            dealer=int(record["dealer"]),
            hands=[cards_from_mask(int(hand)) for hand in record["dealt"][: self.players]],
            trump=PACK.cards[int(record["trump"])],
            options=self.options,
        )

    def _illegal(self, game: int, action: int) -> IllegalMoveError:
        record = self.games[game]
        seat = int(record["defender"] if record["attack"] else record["attacker"])
        legal = _fast_durak_lockstep_legal(self._bytes, game)  # type: ignore[misc]
        return refusal(game, seat, action, legal)


class _StateLockstep(StateLockstep):
    """The Python engine's games in lockstep, refusing an illegal action as :class:`DurakLockstep` does."""

    def _illegal(self, g: int, action: int) -> IllegalMoveError:
        state = self.states[g]
        return refusal(g, state.current_player, action, durak_legal_actions(state))


def refusal(game: int, seat: int, action: int, legal: Sequence[int]) -> IllegalMoveError:
    """The error for an action that is not legal in game ``game`` of a batch, with both engines."""
    try:
        what = f"{move_of(action)} (action {action})"
    except InvalidMoveError:  # not an action number
        what = f"action {action}, which is no action (0 to {NUM_ACTIONS - 1})"
    shown = " ".join(map(str, legal))
    return IllegalMoveError(f"game {game}: seat {seat} cannot make {what}; legal actions: {shown}")


def lockstep(size: int, players: int, options: Options | None) -> Any:
    """Durak's games in lockstep: a :class:`DurakLockstep` in C where the core is built, else the engine's states.

    Raises:
        InvalidDealError: ``players`` is not 2 to 4 (D2).
        InvalidOptionsError: ``options`` is not a :class:`sevens_ru.durak.Options`, or
            asks for the short pack with 4 players (D1).
    """
    if options is None:
        options = Options()
    elif not isinstance(options, Options):
        raise InvalidOptionsError(
            f"options must be a sevens_ru.durak.Options, got {type(options).__name__}"
        )
    players = check_players(players, options.short_deck)
    if _fast_durak_lockstep_step is not None and options.take_limit < 1 << 63 and compiled_layout():
        return DurakLockstep(size, players, options)
    from ... import get  # the registry's Durak: its rules, tensors and compiled steps

    game = get("durak")
    tensors = game.tensors()  # type: ignore[misc]
    kernels = game.kernels() if game.kernels is not None else None
    return _StateLockstep(game, tensors, kernels, size, players, deal_states(players, options))
