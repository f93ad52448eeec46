"""The ranking at the end of a game (R3, R15–R19).

>>> import sevens_ru as s7
>>> state = s7.new_game(3, seed=11)
>>> while not s7.is_over(state):
...     state = s7.apply(state, s7.legal_moves(state)[0])
>>> for standing in s7.ranking(state):
...     print(standing)
1. seat 0: 0 cards, 0 points, 0 passes
2. seat 1: 2 cards, 10 points, 2 passes
3. seat 2: 2 cards, 14 points, 2 passes
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .cards import DECK, Card, Rank
from .errors import GameNotOverError, NotAGameStateError
from .options import Options
from .state import GameState

__all__ = ["POINTS", "Standing", "card_points", "ranking"]

POINTS: dict[Rank, int] = {
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.EIGHT: 8,
    Rank.NINE: 9,
    Rank.TEN: 10,
    Rank.JACK: 2,
    Rank.QUEEN: 3,
    Rank.KING: 4,
    Rank.ACE: 11,
}
"""The points of each rank (R3), used only to rank players left holding cards."""

_POINTS_BY_INDEX = tuple(POINTS[card.rank] for card in DECK)
# The points of every set of cards of one suit, by its 9-bit mask (bit 0 = the six).
_POINTS_BY_SUIT_MASK = tuple(
    sum(POINTS[rank] for rank in Rank if suit_mask >> (rank - 6) & 1) for suit_mask in range(512)
)


def card_points(cards: Card | Iterable[Card]) -> int:
    """The points (R3) of a card, or the total of several.

    >>> import sevens_ru as s7
    >>> s7.card_points(s7.Card.parse("A♠")), s7.card_points(s7.DECK)
    (11, 240)
    """
    if isinstance(cards, Card):
        return _POINTS_BY_INDEX[cards.index]
    return sum(_POINTS_BY_INDEX[card.index] for card in cards)


@attrs.frozen
class Standing:
    """One seat's result: its place (1 = best) and what decided it.

    >>> import sevens_ru as s7
    >>> standing = s7.Standing(seat=2, place=2, cards_left=3, points=17, passes=1)
    >>> str(standing)
    '2. seat 2: 3 cards, 17 points, 1 pass'
    """

    seat: int
    """The seat."""
    place: int
    """1 for the winner; shared places per :attr:`Options.place_numbering` (R18)."""
    cards_left: int
    """Cards still in hand at the end (R16)."""
    points: int
    """Points (R3) of those cards (R16)."""
    passes: int
    """Times this seat passed (R11); part of the ranking only with ``rank_by_passes`` (R17)."""

    def __str__(self) -> str:
        def count(number: int, word: str) -> str:
            plural = word + ("es" if word.endswith("s") else "s")
            return f"{number} {word if number == 1 else plural}"

        return (
            f"{self.place}. seat {self.seat}: {count(self.cards_left, 'card')}, "
            f"{count(self.points, 'point')}, {count(self.passes, 'pass')}"
        )


def ranking(state: GameState) -> tuple[Standing, ...]:
    """The final standings, best first (R15–R18); seats sharing a place by seat number.

    The winner is first, alone (R15). The others are ordered by cards left, then, with
    ``rank_by_passes``, by passes, then by points (R16, R17); seats equal on all of
    these share a place (R18).

    Raises:
        GameNotOverError: the game is not over yet (R19).
    """
    if not isinstance(state, GameState):
        raise NotAGameStateError(f"ranking() takes a GameState, got {type(state).__name__}")
    if state._turn is not None:
        raise GameNotOverError(
            f"the ranking exists only once the game is over (R19); seat {state.current_player} "
            "is still to play"
        )
    setup = state._setup
    return standings(setup.deal, state._table, state._passes, setup.options)


def standings(
    deal: tuple[int, ...], table: int, passes: int, options: Options
) -> tuple[Standing, ...]:
    """The ranking of a finished game given as card sets (for the engine's own use).

    ``deal`` holds the dealt hands, ``table`` the cards played and ``passes`` the pass
    counts, seat ``s`` in bits ``8s`` to ``8s + 7``.
    """
    by_passes = options.rank_by_passes
    by_suit = _POINTS_BY_SUIT_MASK
    # One int per seat orders the seats: cards left, then (with the option) passes, then
    # points, then the seat itself. The winner has no cards and sorts first (R15-R18).
    rows = sorted(
        [
            (
                (hand := dealt & ~table).bit_count() << 20
                | (passes >> (seat << 3) & 255 if by_passes else 0) << 12
                | by_suit[hand & 511]
                + by_suit[hand >> 9 & 511]
                + by_suit[hand >> 18 & 511]
                + by_suit[hand >> 27]
            )
            << 3
            | seat
            for seat, dealt in enumerate(deal)
        ]
    )
    dense = options.place_numbering == "dense"
    standings = []
    place = 0
    previous = -1
    for position, row in enumerate(rows, 1):
        if row >> 3 != previous:
            previous = row >> 3
            place = place + 1 if dense else position
        seat = row & 7
        seat_passes = passes >> (seat << 3) & 255
        key = (row << 8 | seat_passes) << 3 | place
        standing = _STANDINGS.get(key)
        if standing is None:
            if len(_STANDINGS) >= _MAX_STANDINGS:
                _STANDINGS.clear()
            standing = _STANDINGS[key] = Standing(
                seat, place, row >> 23, row >> 3 & 4095, seat_passes
            )
        standings.append(standing)
    return tuple(standings)


# Standings are immutable values, so equal ones are shared: most results recur.
_STANDINGS: dict[int, Standing] = {}
_MAX_STANDINGS = 1 << 16
