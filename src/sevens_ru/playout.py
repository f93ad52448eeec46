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
"""

from __future__ import annotations

import random

from .errors import NotAGameStateError
from .game import _OPENED_BY
from .scoring import Standing, standings
from .state import GameState

__all__ = ["playout"]


def playout(state: GameState, rng: random.Random) -> tuple[Standing, ...]:
    """Play uniformly random legal cards from ``state`` to the end; return the ranking.

    ``state`` is not changed. The result equals ``ranking()`` of the state reached by
    making the same choices through :func:`~sevens_ru.apply`.
    """
    if not isinstance(state, GameState):
        raise NotAGameStateError(f"playout() takes a GameState, got {type(state).__name__}")
    setup = state._setup
    deal = setup.deal
    seats_after = setup.seats_after
    opened_by = _OPENED_BY
    draw = rng.random
    table = state._table
    playable = state._playable
    passes = state._passes
    turn = state._turn
    moves = state._moves
    while turn is not None:
        count = moves.bit_count()
        if count > 1:
            for _ in range(int(draw() * count)):
                moves &= moves - 1  # drop the lowest card
        bit = moves & -moves
        table |= bit
        playable = (playable ^ bit) | opened_by[bit.bit_length() - 1]
        if not deal[turn] & ~table:
            break  # the player's last card (R14)
        for seat in seats_after[turn]:  # R11, R13
            moves = deal[seat] & playable
            if moves:
                break
            passes += 1 << (seat << 3)
        turn = seat
    return standings(deal, table, passes, setup.options)
