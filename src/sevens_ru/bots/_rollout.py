"""Fast playouts on card sets, with the heuristic's policy, for :class:`SearchBot`.

A position here is plain integers: every seat's current hand as a 36-bit card set,
the table, the passes (seat ``s`` in bits ``8s`` to ``8s + 7``, as the engine keeps
them) and the seat to play. The rules are those of :func:`sevens_ru.apply` (R9–R14).
"""

from __future__ import annotations

import random

from .._core import speedups
from ..cards import DECK
from ..options import Options
from ..scoring import Standing, standings

__all__ = ["BEYOND", "RELEASES", "greedy_playout"]

_ALL = (1 << len(DECK)) - 1


def _releases(index: int) -> int:
    """The cards that become playable once card ``index`` is played (R9)."""
    suit, position = divmod(index, 9)
    if position == 3:  # a 9 opens its row at both ends
        return (1 << (suit * 9 + 2)) | (1 << (suit * 9 + 4))
    if 0 < position < 3:
        return 1 << (index - 1)
    if 3 < position < 8:
        return 1 << (index + 1)
    return 0  # a six or an ace ends its row


def _beyond(index: int) -> int:
    """The cards of the same suit that wait for card ``index``: further from the 9."""
    suit, position = divmod(index, 9)
    if position == 3:
        return (0x1FF & ~(1 << 3)) << (suit * 9)
    if position < 3:
        return ((1 << position) - 1) << (suit * 9)
    return (0x1FF & ~((1 << (position + 1)) - 1)) << (suit * 9)


RELEASES: tuple[int, ...] = tuple(_releases(index) for index in range(len(DECK)))
"""Per card index, the cards its play makes playable (R9)."""
BEYOND: tuple[int, ...] = tuple(_beyond(index) for index in range(len(DECK)))
"""Per card index, the cards of its suit further from the 9, which wait for it."""
_NINES = tuple(index % 9 == 3 for index in range(len(DECK)))


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
    releases = RELEASES
    beyond = BEYOND
    nines = _NINES
    while True:
        hands[turn] ^= bit
        table |= bit
        playable = (playable ^ bit) | releases[bit.bit_length() - 1]
        if not hands[turn]:
            break  # the player's last card (R14)
        seat = turn
        for _ in range(players):  # R11, R13: someone can play, at worst `turn`
            seat = seat + 1 if seat + 1 < players else 0
            moves = hands[seat] & playable
            if moves:
                break
            passes += 1 << (seat << 3)
        turn = seat
        if moves & (moves - 1):  # a choice: score every card (doubled weights, in ints)
            own = hands[turn]
            theirs = _ALL & ~table & ~own
            best = -(1 << 30)
            bit = 0
            while moves:
                low = moves & -moves
                moves ^= low
                index = low.bit_length() - 1
                released = releases[index]
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
