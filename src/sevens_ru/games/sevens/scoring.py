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

from ...common._core import speedups
from ...common._games import not_a_state
from ...common.cards import Card, Rank, as_cards
from ...errors import GameNotOverError
from ._board import PASS_BITS, PASS_COUNT, passes_of, table_of
from .deal import PACK
from .names import SEVENS
from .options import Options
from .state import GameState

# The compiled core's returns(), None for a case it leaves to the Python path.
_fast_sevens_returns = None if speedups is None else speedups.sevens_returns

_SIZE = len(PACK)  # the cards of the pack, 36

_WHOLE = PACK.full_mask  # the whole pack as a card set

__all__ = ["POINTS", "Standing", "card_points", "ranking", "returns"]

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

_POINTS_BY_INDEX = tuple(POINTS[card.rank] for card in PACK.cards)


def card_points(cards: Card | str | Iterable[Card | str]) -> int:
    """The points (R3) of a card, or the total of several (cards or card texts).

    >>> import sevens_ru as s7
    >>> s7.card_points(s7.Card.parse("A♠")), s7.card_points("9♦"), s7.card_points(s7.DECK)
    (11, 9, 240)
    >>> s7.card_points(["J♦", "qh"])
    5

    Raises:
        CardParseError: a text that is not a card, or an item that is neither.
        WrongTypeError: ``cards`` is neither a card, nor text, nor iterable.
    """
    if isinstance(cards, Card):
        return _POINTS_BY_INDEX[cards.index]
    return sum(_POINTS_BY_INDEX[card.index] for card in as_cards(cards))


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
        NotAGameStateError: ``state`` is not a :class:`GameState`.
    """
    if speedups is not None:  # the compiled core; None: a case for the Python path
        result = speedups.ranking(state)
        if result is not None:
            return result
    if not isinstance(state, GameState):
        raise not_a_state("ranking", state, game=SEVENS)
    if state._turn is not None:
        raise GameNotOverError(
            f"the ranking exists only once the game is over (R19); seat {state.current_player} "
            "is still to play"
        )
    setup = state._setup
    board = state._board
    return standings(setup.deal, table_of(board), passes_of(board), setup.options)


def returns(state: GameState) -> tuple[float, ...]:
    """Each seat's zero-sum result for learners, by seat: from 1 for the winner down to −1.

    The seat in position ``p`` of the :func:`ranking` (1 = first) is worth
    ``1 − 2(p − 1)/(n − 1)`` with ``n`` players; seats sharing a place (R18) share
    equally the values of the positions they take, so the results always sum to zero.

    >>> import sevens_ru as s7
    >>> state = s7.new_game(3, seed=11)
    >>> while not s7.is_over(state):
    ...     state = s7.apply(state, s7.legal_moves(state)[0])
    >>> [standing.seat for standing in s7.ranking(state)], s7.returns(state)
    ([0, 1, 2], (1.0, 0.0, -1.0))

    Raises:
        GameNotOverError: the game is not over yet (R19).
        NotAGameStateError: ``state`` is not a :class:`GameState`.
    """
    if _fast_sevens_returns is not None:  # the compiled core; None: a case for the Python path
        found: tuple[float, ...] | None = _fast_sevens_returns(state)
        if found is not None:
            return found
    standings = ranking(state)
    players = len(standings)
    values = [0.0] * players
    first = 0
    while first < players:  # standings sharing a place are next to each other
        last = first + 1
        while last < players and standings[last].place == standings[first].place:
            last += 1
        # Position p (from 0) is worth (n - 1 - 2p) / (n - 1); the mean over the positions
        # first ... last - 1 is (n - 2 first - shared) / (n - 1). Whole numerators: places
        # mirrored about the middle get exactly opposite values.
        share = (players - 2 * first - (last - first)) / (players - 1)
        for position in range(first, last):
            values[standings[position].seat] = share
        first = last
    return tuple(values)


def standings(
    deal: tuple[int, ...], table: int, passes: int, options: Options
) -> tuple[Standing, ...]:
    """The ranking of a finished game given as card sets (for the engine's own use).

    ``deal`` holds the dealt hands, ``table`` the cards played and ``passes`` the pass
    counts, seat ``s`` in bits ``8s`` to ``8s + 7`` (the passes of a board, see
    ``sevens_ru.games.sevens._board``).
    """
    if speedups is not None:  # the compiled core: the same ranking in C
        return speedups.standings(deal, table, passes, options)
    # One int per seat orders the seats (see _ROW): cards left, then (with the option)
    # passes, then points, then the seat. The winner has no cards and sorts first (R15).
    left = _WHOLE ^ table
    low, middle, high = _CHUNK_ROWS
    by_passes = options.rank_by_passes
    rows = []
    for seat, dealt in enumerate(deal):
        hand = dealt & left
        seat_passes = passes >> _PASS_SHIFT[seat] & PASS_COUNT
        rows.append(
            low[hand & 4095]
            + middle[hand >> 12 & 4095]
            + high[hand >> 24]
            + _SEAT_ROW[seat]
            + (seat_passes * _PASSES_KEY if by_passes else 0)
            + seat_passes
        )
    rows.sort()
    dense = options.place_numbering == "dense"
    cache = _STANDINGS
    result = []
    place = 0
    previous = -1
    for position, row in enumerate(rows, 1):
        if row >> _CRITERIA_SHIFT != previous:  # else a shared place (R18)
            previous = row >> _CRITERIA_SHIFT
            place = place + 1 if dense else position
        key = row << 3 | place
        standing = cache.get(key)
        if standing is None:
            if len(cache) >= _MAX_STANDINGS:
                cache.clear()
            standing = cache[key] = Standing(
                row >> 6 & 7, place, row >> 23, row >> 9 & 255, row & 63
            )
        result.append(standing)
    return tuple(result)


# The rows that standings() sorts, one small int per seat (below 2**30, the fastest
# ints), from the most significant bits down: cards left (5 bits: at most 18), passes
# if they count (6 bits: a seat passes at most once per play, at most 35 times), points
# (8 bits: at most 240), then the seat (3 bits) and its passes (6 bits), which only
# identify the row. Seats equal on the bits from _CRITERIA_SHIFT up share a place.
_CRITERIA_SHIFT = 9
_PASSES_KEY = 1 << 17
_SEAT_ROW = tuple(seat << 6 for seat in range(8))
_PASS_SHIFT = tuple(PASS_BITS * seat for seat in range(8))


def _chunk_rows(first: int) -> tuple[int, ...]:
    """Cards left and points as row bits, for every subset of the 12 cards from ``first``."""
    rows = [0] * 4096
    for subset in range(1, 4096):
        lowest = (subset & -subset).bit_length() - 1
        card_points = _POINTS_BY_INDEX[first + lowest] if first + lowest < _SIZE else 0
        rows[subset] = rows[subset & (subset - 1)] + (1 << 23) + (card_points << 9)
    return tuple(rows)


# The rows of the three 12-card chunks of the pack (cards 0-11, 12-23, 24-35).
_CHUNK_ROWS = (_chunk_rows(0), _chunk_rows(12), _chunk_rows(24))
# Standings are immutable values, so equal ones are shared: most results recur.
_STANDINGS: dict[int, Standing] = {}
_MAX_STANDINGS = 1 << 16
