"""Fast playouts on card sets, with the heuristic's policy, for :class:`SearchBot`.

A position here is plain integers: every seat's current hand as a 36-bit card set,
the table, the playable cards, the passes (seat ``s`` in bits ``8s`` to ``8s + 7``; the
fields of the engine's board, drawn in ``sevens_ru.games.sevens._board``) and the seat to play. The
rules are those of :func:`sevens_ru.apply` (R9–R14).
"""

from __future__ import annotations

import random

from ....common._core import speedups
from .._board import BEYOND, NINES, ONE_PASS, OPENED_BY
from ..deal import PACK
from ..options import Options
from ..scoring import Standing, standings

_WHOLE = PACK.full_mask  # the whole pack as a card set

__all__ = ["greedy_playout"]

_IS_NINE = tuple(bool(NINES >> index & 1) for index in range(len(PACK)))


def greedy_playout(
    hands: list[int],
    table: int,
    playable: int,
    passes: int,
    turn: int,
    first: int,
    rng: random.Random,
    options: Options,
) -> tuple[Standing, ...]:
    """Play ``first`` for seat ``turn``, then play the game out; return the ranking.

    Every seat plays as :class:`~sevens_ru.bots.HeuristicBot` does with its default
    weights, on what it would know in the sampled deal: its own cards against all the
    cards in other hands; ties are broken at random. ``hands`` is changed in place.
    """
    if speedups is not None:  # the compiled core: the same game and draws in C
        return speedups.greedy_playout(hands, table, playable, passes, turn, first, rng, options)
    players = len(hands)
    bit = 1 << first
    opened_by = OPENED_BY
    beyond = BEYOND
    nines = _IS_NINE
    one_pass = ONE_PASS
    while True:
        hands[turn] ^= bit
        table |= bit
        playable = (playable ^ bit) | opened_by[bit.bit_length() - 1]
        if not hands[turn]:
            break  # the player's last card (R14)
        seat = turn
        for _ in range(players):  # R11, R13: someone can play, at worst `turn`
            seat = seat + 1 if seat + 1 < players else 0
            moves = hands[seat] & playable
            if moves:
                break
            passes += one_pass[seat]
        turn = seat
        if moves & (moves - 1):  # a choice: score every card (doubled weights, in ints)
            own = hands[turn]
            theirs = _WHOLE & ~table & ~own
            best = -(1 << 30)
            bit = 0
            while moves:
                low = moves & -moves
                moves ^= low
                index = low.bit_length() - 1
                released = opened_by[index]
                waiting = beyond[index]
                own_released = (released & own).bit_count()
                score = (
                    6 * (own_released - (released & theirs).bit_count())
                    + 2 * ((waiting & own).bit_count() - (waiting & theirs).bit_count())
                    + (0 if released else 1)
                    - (4 if nines[index] and not own_released else 0)
                ) * 8 + rng.getrandbits(3)
                if score > best:
                    best, bit = score, low
        else:
            bit = moves
    return standings(tuple(hands), table, passes, options)
