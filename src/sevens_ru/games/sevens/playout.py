"""A fast path for search: play random legal cards from a state to the end.

:func:`playout` plays the same game as repeated :func:`~sevens_ru.legal_moves` and
:func:`~sevens_ru.apply` calls with a uniformly random choice, but works on card sets
only and builds no intermediate states, so it suits the many simulated games of a
search bot. Its choices follow a fixed procedure, so a test can replay them through
the public API: at each turn with ``k`` legal cards (in canonical order), it plays
card number ``int(rng.random() * k)`` (and draws nothing when ``k`` is 1).

>>> import random
>>> import sevens_ru as s7
>>> from sevens_ru.playout import playout
>>> state = s7.new_game(4, seed=7)
>>> standings = playout(state, random.Random(1))
>>> standings[0].place, standings[0].cards_left
(1, 0)
>>> standings == playout(state, random.Random(1))  # the same draws, the same game
True

:func:`playout_state` plays the same game but returns the final
:class:`~sevens_ru.GameState`, with its history, for when the moves matter too.
"""

from __future__ import annotations

import random

from ...common._core import speedups
from ...common._games import not_a_state
from ._board import PASS, PASSES_SHIFT, PLAY, TABLE_SHIFT
from .deal import PACK
from .names import SEVENS
from .scoring import Standing, standings
from .state import GameState, build_state

_WHOLE = PACK.full_mask  # the whole pack as a card set

__all__ = ["playout", "playout_state"]

# What playing each legal card adds to a state's board (see apply()), in canonical order,
# by card set of the legal cards. Like the legal-move tuples of legal_moves(), fewer than
# 400,000 keys are possible (at most two cards per suit), and the cache is bounded.
_CHOICES: dict[int, tuple[int, ...]] = {}
_MAX_CHOICES = 1 << 17


def _choices(moves: int) -> tuple[int, ...]:
    """The board changes of the cards in ``moves``, in canonical order (cached)."""
    steps = []
    rest = moves
    while rest:
        lowest = rest & -rest
        steps.append(PLAY[lowest.bit_length() - 1])
        rest ^= lowest
    if len(_CHOICES) >= _MAX_CHOICES:  # bounded, for very long runs
        _CHOICES.clear()
    choices = _CHOICES[moves] = tuple(steps)
    return choices


def playout(state: GameState, rng: random.Random) -> tuple[Standing, ...]:
    """Play uniformly random legal cards from ``state`` to the end; return the ranking.

    ``state`` is not changed; a finished state gives its ranking. The result equals
    ``ranking()`` of the state reached by making the same choices through
    :func:`~sevens_ru.apply`: at each turn with ``k`` legal cards, card number
    ``int(rng.random() * k)``, drawing nothing when ``k`` is 1.

    Raises:
        NotAGameStateError: ``state`` is not a :class:`~sevens_ru.GameState`.
    """
    if not isinstance(state, GameState):
        raise not_a_state("playout", state, game=SEVENS)
    if speedups is not None:  # the compiled core, called in line: a search's hottest path
        result = speedups.playout(state, rng)
        if result is not None:
            return result
    board, _ = _play_out(state, rng, keep=False)
    setup = state._setup
    return standings(
        setup.deal, board >> TABLE_SHIFT & _WHOLE, board >> PASSES_SHIFT, setup.options
    )


def playout_state(state: GameState, rng: random.Random) -> GameState:
    """Like :func:`playout`, but return the final state (with its whole history).

    The states on the way are built as :func:`~sevens_ru.apply` builds them, without
    checking the cards the engine picks itself, so this is slower than
    :func:`playout` but faster than calling :func:`~sevens_ru.apply` in a loop.

    >>> import random
    >>> import sevens_ru as s7
    >>> from sevens_ru.playout import playout, playout_state
    >>> state = s7.new_game(3, seed=4)
    >>> final = playout_state(state, random.Random(2))
    >>> s7.is_over(final), s7.ranking(final) == playout(state, random.Random(2))
    (True, True)

    Raises:
        NotAGameStateError: ``state`` is not a :class:`~sevens_ru.GameState`.
    """
    if not isinstance(state, GameState):
        raise not_a_state("playout_state", state, game=SEVENS)
    final = speedups.playout_state(state, rng) if speedups is not None else None
    if final is not None:  # the compiled core played it: the same game and draws in C
        return final
    return _play_out(state, rng, keep=True)[1]


def _play_out(state: GameState, rng: random.Random, *, keep: bool) -> tuple[int, GameState]:
    """The final board of the game played out from ``state``, and its final state.

    The choices are those of :func:`playout`. With ``keep``, the states on the way are
    built as :func:`~sevens_ru.apply` builds them; without, the state returned is
    ``state`` itself.
    """
    setup = state._setup
    deal = setup.deal
    next_seat = setup.next_seat
    board = state._board
    moves = state._moves
    turn = state._turn
    if turn is None:  # the game is over already
        return board, state
    draw = rng.random
    choices = _CHOICES
    while True:
        try:
            options = choices[moves]
        except KeyError:
            options = _choices(moves)
        count = len(options)
        if count > 1:  # the player keeps a card: the game goes on
            board += options[int(draw() * count)]
        else:
            board += options[0]
            if deal[turn] << TABLE_SHIFT | board == board:  # the player's last card (R14)
                break
        turn = next_seat[turn]
        moves = deal[turn] & board
        while not moves:  # R11, R13
            board += PASS[turn]
            turn = next_seat[turn]
            moves = deal[turn] & board
        if keep:
            state = build_state(setup=setup, board=board, turn=turn, moves=moves, parent=state)
    if keep:  # R14: the game is over
        state = build_state(setup=setup, board=board, turn=None, moves=0, parent=state)
    return board, state
