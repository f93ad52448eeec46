"""Exact play of the end of one deal, for :class:`~sevens_ru.bots.SearchBot`.

Positions are plain integers, as in :mod:`sevens_ru.games.sevens.bots._rollout`. The seat to play
searches every line of its own: at each of its turns with a choice it takes the card
that is best for it, while every other seat plays as the playouts' heuristic would
(:func:`sevens_ru.games.sevens.bots._weights.score`), with ties to the card with more points (R3),
then to the lowest in deck order; no randomness. The values of the positions where the
searching seat chooses are kept in a table, so each is searched once.
"""

from __future__ import annotations

from ....common._core import speedups
from .._board import ONE_PASS, OPENED_BY
from ..deal import PACK
from ..options import Options
from ..scoring import standings
from ._weights import danger_weight, score

_WHOLE = PACK.full_mask  # the whole pack as a card set

__all__ = ["endgame"]


def endgame(
    hands: tuple[int, ...],
    table: int,
    playable: int,
    passes: int,
    turn: int,
    first: int,
    place_weight: float,
    options: Options,
) -> float:
    """The value for seat ``turn`` of playing ``DECK[first]``, then the end played exactly.

    The value of a finished game is 1 for a win plus ``place_weight`` times the share of
    the other seats the searching seat finished ahead of (as ``SearchBot`` counts it).
    """
    if speedups is not None:  # the compiled core: the same search in C
        return float(
            speedups.endgame(hands, table, playable, passes, turn, first, place_weight, options)
        )
    if not hands[turn] >> first & 1:
        raise ValueError("the first card is not in the hand of the seat to play")
    players = len(hands)
    seat = turn
    memo: dict[tuple[int, int], float] = {}

    def value(table: int, passes: int) -> float:
        ranked = standings(tuple(hand & ~table for hand in hands), table, passes, options)
        mine = next(standing.place for standing in ranked if standing.seat == seat)
        beaten = sum(1 for standing in ranked if standing.place > mine)
        return (not hands[seat] & ~table) + place_weight * beaten / (players - 1)

    def after(table: int, playable: int, passes: int, turn: int, index: int) -> float:
        while True:
            bit = 1 << index
            table |= bit
            playable = (playable ^ bit) | OPENED_BY[index]
            if not hands[turn] & ~table:
                return value(table, passes)  # the player's last card (R14)
            moves = 0
            for _ in range(players):  # R11, R13
                turn = turn + 1 if turn + 1 < players else 0
                moves = hands[turn] & ~table & playable
                if moves:
                    break
                passes += ONE_PASS[turn]
            if turn == seat and moves & (moves - 1):
                key = (table, passes)
                if key not in memo:
                    best = -1.0
                    while moves:
                        low = moves & -moves
                        moves ^= low
                        best = max(best, after(table, playable, passes, turn, low.bit_length() - 1))
                    memo[key] = best
                return memo[key]
            if moves & (moves - 1):  # another seat's choice, as the heuristic scores it
                own = hands[turn] & ~table
                theirs = _WHOLE & ~table & ~own
                weight = danger_weight([(hand & ~table).bit_count() for hand in hands], turn)
                best_score = None
                while moves:
                    low = moves & -moves
                    moves ^= low
                    card = low.bit_length() - 1
                    rank = score(card, own, theirs, weight)
                    if best_score is None or rank > best_score:
                        best_score, index = rank, card
            else:
                index = moves.bit_length() - 1

    return after(table, playable, passes, turn, first)
