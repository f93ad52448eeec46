r"""The outcome of a finished game: the ranking (D14), the stakes (D15) and the next dealer (D16).

>>> from sevens_ru import durak
>>> state = durak.new_game(3, seed=11)
>>> while not durak.is_over(state):
...     state = durak.apply(state, durak.legal_moves(state)[0])
>>> print(*durak.ranking(state), sep="\n")
1. seat 0: out after bout 6
2. seat 2: out after bout 8
3. seat 1: 3 cards, the fool
>>> durak.payoffs(state, stake=5), durak.next_dealer(state)
((5, -10, 5), 1)
"""

from __future__ import annotations

import attrs

from ...common._games import not_a_state
from ...common._numbers import as_int
from ...common._quote import got
from ...errors import GameNotOverError, InvalidOptionsError
from .names import DURAK
from .state import GameState

__all__ = ["Standing", "next_dealer", "payoffs", "ranking", "returns"]


@attrs.frozen
class Standing:
    """One seat's result: its place (1 = best) and when it went out.

    >>> from sevens_ru import durak
    >>> print(durak.Standing(seat=2, place=1, out_after=4, cards_left=0, loser=False))
    1. seat 2: out after bout 4
    """

    seat: int
    """The seat."""
    place: int
    """1 for the first out; seats out after the same bout share a place, numbered 1, 2, 2, 4 (D14)."""
    out_after: int | None
    """The number of the bout (counting from 1) after which the seat was out (D11), or ``None``."""
    cards_left: int
    """Cards still in hand at the end: none for a seat that went out."""
    loser: bool
    """Whether this seat is the fool, left alone holding cards (D12)."""

    def __str__(self) -> str:
        if self.out_after is not None:
            result = f"out after bout {self.out_after}"
        else:
            result = f"{self.cards_left} card{'' if self.cards_left == 1 else 's'}"
            result += ", the fool" if self.loser else ", a draw"
        return f"{self.place}. seat {self.seat}: {result}"


def ranking(state: GameState) -> tuple[Standing, ...]:
    """The final standings, best first (D14); seats sharing a place by seat number.

    The seats that went out come first, in the order they went out; seats out after
    the same bout share a place. Then the seats still holding cards: the fool alone,
    or, in a draw by the repetition limit (D13), all of them sharing the last place.

    >>> from sevens_ru import durak
    >>> state = durak.new_game(2, seed=4, options=durak.Options(take_limit=1))
    >>> state = durak.apply(durak.apply(state, durak.legal_moves(state)[0]), "take")
    >>> [str(standing) for standing in durak.ranking(state)]  # D13: one take was the limit
    ['1. seat 0: 10 cards, a draw', '1. seat 1: 8 cards, a draw']

    Raises:
        GameNotOverError: the game is not over yet.
    """
    _check_over("ranking", state)
    out = state._out
    loser = state.loser
    # Sort by the bout after which each seat went out, those still in last (D14).
    order = sorted(range(state.players), key=lambda seat: (out[seat] or state._bouts + 1, seat))
    standings = []
    place = 0
    previous = -1
    for position, seat in enumerate(order, 1):
        if out[seat] != previous:
            previous = out[seat]
            place = position
        standings.append(
            Standing(
                seat=seat,
                place=place,
                out_after=out[seat] or None,
                cards_left=state._hands[seat].bit_count(),
                loser=seat == loser,
            )
        )
    return tuple(standings)


def payoffs(state: GameState, stake: int = 1) -> tuple[int, ...]:
    """What each seat wins (positive) or pays (negative) at ``stake`` per player (D15).

    The fool pays ``stake`` to every other player: ``-stake × (players − 1)`` for him,
    ``+stake`` for each of the others. In a draw nobody pays.

    >>> from sevens_ru import durak
    >>> durak.payoffs(durak.new_game(2, seed=0), stake=1)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.GameNotOverError: the payoffs exist only once the game is over (D12, D13); seat 1 is to lead
    """
    points = as_int(stake)
    if points is None or points < 0:
        raise InvalidOptionsError(f"the stake must be an int of 0 or more, got {got(stake)}")
    stake = points
    _check_over("payoffs", state)
    loser = state.loser
    if loser is None:
        return (0,) * state.players
    return tuple(
        -stake * (state.players - 1) if seat == loser else stake for seat in range(state.players)
    )


def returns(state: GameState) -> tuple[float, ...]:
    """Each seat's zero-sum result for learners, by seat: the fool −1, every other seat +1/(n − 1).

    In a draw (D12, D13) every seat gets 0.

    >>> from sevens_ru import durak
    >>> state = durak.new_game(3, seed=11)
    >>> while not durak.is_over(state):
    ...     state = durak.apply(state, durak.legal_moves(state)[0])
    >>> state.loser, durak.returns(state)
    (1, (0.5, -1.0, 0.5))

    Raises:
        GameNotOverError: the game is not over yet.
    """
    _check_over("returns", state)
    loser = state.loser
    if loser is None:
        return (0.0,) * state.players
    share = 1 / (state.players - 1)
    return tuple(-1.0 if seat == loser else share for seat in range(state.players))


def next_dealer(state: GameState) -> int:
    """Who deals the next game of a match (D16): the fool, or after a draw the same dealer.

    >>> from sevens_ru import durak
    >>> state = durak.new_game(2, dealer=1, seed=4, options=durak.Options(take_limit=1))
    >>> state = durak.apply(durak.apply(state, durak.legal_moves(state)[0]), "take")
    >>> state.is_draw, durak.next_dealer(state)
    (True, 1)

    Raises:
        GameNotOverError: the game is not over yet.
    """
    _check_over("next_dealer", state)
    loser = state.loser
    return state.dealer if loser is None else loser


_TOO_EARLY = {
    "ranking": "the ranking exists",
    "payoffs": "the payoffs exist",
    "returns": "the returns exist",
    "next_dealer": "the next dealer is known",
}


def _check_over(function: str, state: object) -> None:
    if not isinstance(state, GameState):
        raise not_a_state(function, state, game=DURAK)
    if state._attacker is not None:
        doing = "defend" if state._attack else "lead"
        raise GameNotOverError(
            f"{_TOO_EARLY[function]} only once the game is over (D12, D13); "
            f"seat {state.current_player} is to {doing}"
        )
