"""Observation and information-state tensors of the main game, for learners (numpy).

Each tensor is a flat ``float32`` array of a fixed length for a player count, every
entry between 0 and 1. Seats are counted **from the viewer**: relative seat ``k`` is
seat ``(viewer + k) % players``, so the viewer is always relative seat 0 and the seat
that plays after it is 1. A card plane is 36 entries, entry ``i`` for ``DECK[i]``
(6♣ … A♠, see :attr:`~sevens_ru.Card.index`).

The observation (:func:`observation`, ``108 + 3n`` entries for ``n`` players):

====================  ===========  =====================================================
field                 size         entries
====================  ===========  =====================================================
``hand``              36           the viewer's cards
``table``             36           the cards on the table (R8)
``playable``          36           the cards that whoever holds them may play now (R7, R9)
``to_play``           n            1 at the relative seat to play; all 0 once over
``hand_sizes``        n            each relative seat's number of cards / 18
``passes``            n            each relative seat's passes so far / 36
====================  ===========  =====================================================

The information state (:func:`information_state`, ``108 + 75n`` entries) is the
observation followed by what the history adds, which makes it perfect recall: the
order of the plays, with the viewer's hand, gives back the whole history (the passes
are the seats skipped between two plays, R11).

=================  ============  ==========================================================
field              size          entries
=================  ============  ==========================================================
``played``         36 n          per relative seat, the cards it has played
``play_order``     36            per card on the table, its play's number (1 = first) / 36
``ruled_out``      36 (n − 1)    per other relative seat (1 … n − 1), the unseen cards its
                                 passes prove it does not hold (R21)
=================  ============  ==========================================================

:func:`observation_fields` and :func:`information_state_fields` give each field's
place, to slice the arrays.

>>> import sevens_ru as s7
>>> from sevens_ru import encode
>>> state = s7.apply(s7.new_game(4, seed=1), "9♦")  # seat 2 passes
>>> tensor = encode.observation(s7.view(state, 0))
>>> tensor.shape, tensor.dtype, encode.observation_size(4)
((120,), dtype('float32'), 120)
>>> fields = encode.observation_fields(4)
>>> [(field.name, field.start, field.size) for field in fields]
[('hand', 0, 36), ('table', 36, 36), ('playable', 72, 36), ('to_play', 108, 4), ('hand_sizes', 112, 4), ('passes', 116, 4)]
>>> tensor[fields[3].slice].tolist()  # seat 3 is to play: relative seat 3 of seat 0
[0.0, 0.0, 0.0, 1.0]
>>> tensor[fields[5].slice].tolist()  # relative seat 2 is seat 2, which passed once
[0.0, 0.0, 0.027777777..., 0.0]
"""

from __future__ import annotations

from typing import Any, cast

from ...common._extras import needs

with needs("sevens_ru.encode", "numpy", "numpy"):
    import numpy as np
    import numpy.typing as npt

from ...common import _planes
from ...common._chances import Chances
from ...common._core import speedups
from ...common._games import not_a_state, not_a_view
from ...common._planes import CHUNKS, Field, card_planes, layout, mask_into, tensor
from ...common.cards import mask_of
from . import inference
from ._board import _WHOLE, NINE_OF_DIAMONDS, PASSES_SHIFT, TABLE_SHIFT
from .batch import GameBatch
from .batch._kernels import popcount
from .deal import MAX_PLAYERS, MIN_PLAYERS, PACK, check_players, hand_sizes
from .events import Play
from .game import dealt_game, new_game, playable_mask
from .names import SEVENS
from .observation import PlayerView
from .options import Options
from .state import GameState

__all__ = [
    "HAND_SCALE",
    "PASS_SCALE",
    "Field",
    "chances",
    "deal_batch",
    "information_state",
    "information_state_fields",
    "information_state_size",
    "lockstep",
    "observation",
    "observation_batch",
    "observation_fields",
    "observation_of",
    "observation_size",
    "observe_into",
]

Tensor = npt.NDArray[np.float32]

HAND_SCALE = 18
"""The hand sizes are divided by this: the most cards a hand holds (2 players, R5)."""
PASS_SCALE = len(PACK)
"""The pass counts are divided by this: a seat passes at most once per play (R11)."""

_CARDS = len(PACK)
_SIZES = _planes.scaled(HAND_SCALE)
_PASSES = _planes.scaled(PASS_SCALE)
_ORDER = _planes.scaled(_CARDS)
# _TO_PLAY[players][k]: relative seat k to play (k = players: nobody, the game is over).
_TO_PLAY = {players: _planes.one_hots(players) for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
# _RELATIVE[players][seat]: the seats from ``seat`` on, in turn order (relative seats 0, 1, ...).
_RELATIVE = {
    players: tuple(tuple((seat + k) % players for k in range(players)) for seat in range(players))
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}


def _check_view(view: object, function: str) -> None:
    if not isinstance(view, PlayerView):
        raise not_a_view(
            f"encode.{function}()", view, game=SEVENS, instead=f"sevens_ru.durak.encode.{function}"
        )


def observation_fields(players: int) -> tuple[Field, ...]:
    """The fields of :func:`observation` for ``players`` seats, in order.

    Raises:
        InvalidDealError: ``players`` is not 2 to 6 (R4).
    """
    n = check_players(players)
    return layout(
        ("hand", _CARDS),
        ("table", _CARDS),
        ("playable", _CARDS),
        ("to_play", n),
        ("hand_sizes", n),
        ("passes", n),
    )


def information_state_fields(players: int) -> tuple[Field, ...]:
    """The fields of :func:`information_state` for ``players`` seats, in order.

    >>> from sevens_ru import encode
    >>> [field.name for field in encode.information_state_fields(3)[-3:]]
    ['played', 'play_order', 'ruled_out']

    Raises:
        InvalidDealError: ``players`` is not 2 to 6 (R4).
    """
    n = check_players(players)
    return layout(
        *((field.name, field.size) for field in observation_fields(n)),
        ("played", _CARDS * n),
        ("play_order", _CARDS),
        ("ruled_out", _CARDS * (n - 1)),
    )


def observation_size(players: int) -> int:
    """The length of :func:`observation` for ``players`` seats: ``108 + 3 × players``.

    >>> from sevens_ru import encode
    >>> [encode.observation_size(players) for players in range(2, 7)]
    [114, 117, 120, 123, 126]
    """
    return 3 * _CARDS + 3 * check_players(players)


def information_state_size(players: int) -> int:
    """The length of :func:`information_state` for ``players`` seats: ``108 + 75 × players``.

    >>> from sevens_ru import encode
    >>> encode.information_state_size(4)
    408
    """
    n = check_players(players)
    return observation_size(n) + _CARDS * (2 * n)


def _observation(
    players: int,
    seat: int,
    hand: int,
    table: int,
    playable: int,
    to_play: int | None,
    sizes: list[int],
    passes: list[int],
) -> Tensor:
    """The observation from its facts: card sets, and per relative seat the counts."""
    chunks = CHUNKS
    return tensor(
        (
            chunks[hand & 4095],
            chunks[hand >> 12 & 4095],
            chunks[hand >> 24],
            chunks[table & 4095],
            chunks[table >> 12 & 4095],
            chunks[table >> 24],
            chunks[playable & 4095],
            chunks[playable >> 12 & 4095],
            chunks[playable >> 24],
            _TO_PLAY[players][players if to_play is None else (to_play - seat) % players],
            *[_SIZES[size] for size in sizes],
            *[_PASSES[count] for count in passes],
        )
    )


def observation(view: PlayerView) -> Tensor:
    """The observation tensor of ``view`` (see the module documentation for its fields).

    >>> import sevens_ru as s7
    >>> from sevens_ru import encode
    >>> state = s7.new_game(4, seed=1)
    >>> tensor = encode.observation(s7.view(state, 1))
    >>> int(tensor[:36].sum()), int(tensor[72:108].sum())  # 9 cards; only 9♦ playable (R7)
    (9, 1)

    Raises:
        NotAGameStateError: ``view`` is not a :class:`~sevens_ru.PlayerView`.
    """
    _check_view(view, "observation")
    table = mask_of(view.table)
    seats = _RELATIVE[view.players][view.seat]
    return _observation(
        view.players,
        view.seat,
        mask_of(view.hand),
        table,
        playable_mask(table),
        view.current_player,
        [view.hand_sizes[other] for other in seats],
        [view.passes[other] for other in seats],
    )


def observation_of(state: GameState, seat: int) -> Tensor:
    """``observation(view(state, seat))``, faster: straight from the state, without the view.

    Only what ``seat`` may see goes into it (R20), as for :func:`observation`.

    >>> import sevens_ru as s7
    >>> from sevens_ru import encode
    >>> state = s7.apply(s7.new_game(5, seed=3), s7.legal_moves(s7.new_game(5, seed=3))[0])
    >>> bool((encode.observation_of(state, 2) == encode.observation(s7.view(state, 2))).all())
    True

    Raises:
        NotAGameStateError: ``state`` is not a :class:`~sevens_ru.GameState`.
        InvalidSeatError: ``seat`` is not a seat of the game.
    """
    if not isinstance(state, GameState):
        raise not_a_state("encode.observation_of", state, game=SEVENS)
    # The fields read straight off the board (drawn in sevens_ru.games.sevens._board): this runs at
    # every step of an environment.
    setup = state._setup
    players = setup.players
    if type(seat) is not int or not 0 <= seat < players:
        seat = state._check_seat(seat)
    board = state._board
    table = board >> TABLE_SHIFT & _WHOLE
    deal = setup.deal
    passes = board >> PASSES_SHIFT
    seats = _RELATIVE[players][seat]
    return _observation(
        players,
        seat,
        deal[seat] & ~table,
        table,
        board & _WHOLE if table else NINE_OF_DIAMONDS,  # R7 before the first play
        state._turn,
        [(deal[other] & ~table).bit_count() for other in seats],
        [passes >> (other << 3) & 255 for other in seats],
    )


# The compiled core's twin of observe_into(), None with the pure-Python engine.
_fast_sevens_observation: Any = None if speedups is None else cast(Any, speedups).sevens_observation


def observe_into(
    state: GameState, seat: int, observation: Tensor, action_mask: npt.NDArray[np.int8]
) -> None:
    """Write :func:`observation_of` ``(state, seat)`` and ``seat``'s legal actions into arrays made beforehand.

    ``observation`` is a float32 array of :func:`observation_size` entries,
    ``action_mask`` an int8 array of 36: 1 for each legal action, all 0 unless
    ``seat`` is to play. The environments fill new arrays with it at every step; the
    compiled core writes the same entries as the Python code.

    >>> import numpy as np
    >>> import sevens_ru as s7
    >>> from sevens_ru import encode
    >>> state = s7.new_game(4, seed=1)
    >>> observation, mask = np.empty(120, np.float32), np.empty(36, np.int8)
    >>> encode.observe_into(state, 1, observation, mask)
    >>> bool((observation == encode.observation_of(state, 1)).all()), mask.nonzero()[0].tolist()
    (True, [12])

    Raises:
        NotAGameStateError: ``state`` is not a :class:`~sevens_ru.GameState`.
        InvalidSeatError: ``seat`` is not a seat of the game.
        ValueError: an array of the wrong type or size.
    """
    if _fast_sevens_observation is not None and _fast_sevens_observation(
        state, seat, observation, action_mask
    ):
        return
    tensor = observation_of(state, seat)  # checks the state and the seat
    if (
        observation.dtype != np.float32
        or observation.shape != tensor.shape
        or action_mask.dtype != np.int8
        or action_mask.shape != (_CARDS,)
    ):
        raise ValueError(
            f"observation must be a float32 array of {len(tensor)} entries and action_mask "
            f"an int8 array of {_CARDS}"
        )
    observation[:] = tensor
    mask_into(action_mask, state._moves if state._turn == seat else 0)


def information_state(view: PlayerView) -> Tensor:
    """The information-state tensor of ``view``: the observation, then the history's fields.

    >>> import sevens_ru as s7
    >>> from sevens_ru import encode
    >>> state = s7.apply(s7.new_game(4, seed=1), "9♦")  # seat 1 plays, seat 2 passes
    >>> tensor = encode.information_state(s7.view(state, 0))
    >>> fields = {field.name: field for field in encode.information_state_fields(4)}
    >>> played = tensor[fields["played"].slice].reshape(4, 36)
    >>> int(played[1, 12]), float(tensor[fields["play_order"].slice][12])  # 9♦: relative seat 1, first
    (1, 0.027777777...)
    >>> ruled_out = tensor[fields["ruled_out"].slice].reshape(3, 36)
    >>> [s7.DECK[i] for i in ruled_out[1].nonzero()[0]]  # seat 2 (relative 2) passed (R21)
    [Card.parse('9♣'), Card.parse('8♦'), Card.parse('9♥'), Card.parse('9♠')]

    Raises:
        NotAGameStateError: ``view`` is not a :class:`~sevens_ru.PlayerView`.
    """
    _check_view(view, "information_state")
    players, seat = view.players, view.seat
    played = [0] * players
    ruled_out = [0] * players
    order = [0] * _CARDS
    table = 0
    plays = 0
    for event in view.history:
        relative = (event.seat - seat) % players
        if isinstance(event, Play):
            plays += 1
            order[event.card.index] = plays
            played[relative] |= event.card.bit
            table |= event.card.bit
        else:  # R21: the passer held no card playable then
            ruled_out[relative] |= playable_mask(table)
    unseen = _WHOLE & ~mask_of(view.hand) & ~table
    return tensor(
        (
            observation(view).tobytes(),
            *card_planes(played),
            *[_ORDER[number] for number in order],
            *card_planes(ruled_out[1:], unseen),
        )
    )


# -- the frameworks' extras: OpenSpiel's chance nodes, the vector environment's games, batches --


def chances(players: int, options: Options | None) -> Chances:
    """The deal as OpenSpiel's chance nodes: the pack's cards in turn to the seats (R5), a few a node.

    >>> from sevens_ru import encode
    >>> model = encode.chances(4, None)
    >>> model.room, model.length, model.max_moves
    ((9, 9, 9, 9), 12, 33)

    Raises:
        InvalidDealError: ``players`` is not 2 to 6 (R4).
    """
    players = check_players(players)
    options = Options() if options is None else options
    return Chances(
        players=players,
        pack=PACK,
        cards=PACK.cards,
        room=hand_sizes(players),
        build=lambda places, _: new_game(players, hands=places, options=options),
        build_sets=lambda sets, _: dealt_game(players, tuple(sets), options, players - 1),
        dealt=lambda state: (state.deal, None),
        actions=_actions,
        max_moves=37 - players,
        infer=inference.infer,
        observation_text=_observation_text,
        dealt_text=_dealt_text,
    )


def _actions(state: GameState) -> list[int]:
    """The action numbers of the plays made in ``state`` (the passes are no moves, R11)."""
    return [event.card.index for event in state.history if isinstance(event, Play)]


def _dealt_text(seen: PlayerView) -> str:
    """The cards the viewer was dealt: its hand and the cards it has played."""
    played = {
        event.card for event in seen.history if event.seat == seen.seat and hasattr(event, "card")
    }
    return " ".join(map(str, sorted(set(seen.hand) | played)))


def _observation_text(seen: PlayerView) -> str:
    hand = " ".join(map(str, seen.hand))
    table = " ".join(map(str, sorted(seen.table)))
    return (
        f"seat {seen.seat}; hand: {hand}; table: {table}; sizes: {list(seen.hand_sizes)}; "
        f"passes: {list(seen.passes)}; to play: {seen.current_player}"
    )


def lockstep(size: int, players: int, options: Options | None) -> Any:
    """``size`` games in lockstep for a vector environment, stepped in C where the core is built.

    A :class:`sevens_ru.games.Lockstep` over the arrays of a
    :class:`~sevens_ru.batch.GameBatch`, changed in place: one C call per step plays a
    card in every game (its passes, end and returns, R9-R18) and writes each observation
    and action mask in the same pass; without the compiled core, numpy computes the
    same entries.

    Raises:
        InvalidDealError: ``players`` is not 2 to 6 (R4).
        InvalidOptionsError: ``options`` is not a :class:`sevens_ru.Options`.
    """
    from .batch._lockstep import SevensLockstep

    return SevensLockstep(size, players, options)


def deal_batch(size: int, players: int, rng: Any, options: Options | None) -> GameBatch:
    """``size`` new games in lockstep (:meth:`sevens_ru.batch.GameBatch.deal`), for a vector environment."""
    return GameBatch.deal(size, players, rng=rng, options=options)


# The compiled core's twin of observation_batch(), None with the pure-Python engine.
_fast_batch_observation: Any = None if speedups is None else cast(Any, speedups).batch_observation


def observation_batch(
    batch: GameBatch, games: npt.NDArray[np.int64] | None = None, masks: bool = True
) -> tuple[Tensor, npt.NDArray[np.int8]]:
    """Each game's :func:`observation` and legal actions in a batch, new arrays.

    The seat of game ``g`` is the one to play, or its winner once over; with
    ``games``, only those games, in that order (and ``masks=False``: no masks).

    >>> from sevens_ru import encode
    >>> observations, mask = encode.observation_batch(encode.deal_batch(3, 4, 1, None))
    >>> observations.shape, mask.shape, mask.sum(axis=1).tolist()
    ((3, 120), (3, 36), [1, 1, 1])
    """
    count = batch.size if games is None else len(games)
    n = batch.players
    observations = np.empty((count, observation_size(n)), dtype=np.float32)
    mask = np.empty((count if masks else 0, _CARDS), dtype=np.int8)
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
    size = batch.size
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
    cards = 3 * _CARDS
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


def _card_bits(card_sets: npt.NDArray[np.int64]) -> npt.NDArray[np.int8]:
    """The 36 bits (0 or 1) of each card set of a 2-D array: one more axis of 36."""
    # The first five of each int's eight little-endian bytes hold its 36 bits.
    data = np.ascontiguousarray(card_sets, dtype="<i8").view(np.uint8)
    data = data.reshape(*card_sets.shape, 8)[..., :5]
    return np.unpackbits(data, axis=-1, bitorder="little")[..., :_CARDS].view(np.int8)
