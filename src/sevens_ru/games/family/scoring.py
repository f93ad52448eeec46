"""The outcome of a family game: the ranking (F16), returns, fan-tan's chips (T7), cinquillo's scores (C5).

Places follow the order of going out (with ``play_to_end`` and in shichinarabe),
then the seats still in play ranked by what they hold, then the burst seats, the
latest burst first (N8). What ranks the seats left holding cards is the preset's:
cards left then pips (S8, T9), with ``rank_by_passes`` the passes between (R17); pips
then cards (DO6); cards alone (C4). Seats equal on all of it share a place, listed in
seat order (F16); ``place_numbering`` numbers shared places (R18).

>>> from sevens_ru import games
>>> game = games.get("cinquillo")
>>> state = game.new_game(4, seed=2)
>>> while not game.is_over(state):
...     state = game.apply(state, game.legal_moves(state)[0])
>>> [standing.place for standing in game.ranking(state)], round(sum(game.returns(state)), 12)  # C4: 1 card each
([1, 2, 2, 2], 0.0)
"""

from __future__ import annotations

from ...common.cards import Card, Rank
from ...errors import GameNotOverError
from ..sevens.scoring import Standing
from .events import Play
from .game import Preset
from .kernels import core
from .state import FamilyState

__all__ = ["Standing", "antes", "payoffs", "pips", "ranking", "returns", "scores", "standings"]

# The compiled core's ranking (games/family/_kernels.c): None for a game not over, and
# None with the pure-Python engine.
_fast_family_ranking = None if core is None else core.family_ranking


def pips(cards: tuple[Card, ...], points: dict[Rank, int]) -> int:
    """The points of ``cards`` in the table ``points`` (S7 pips, or R3 in the Russian game)."""
    return sum(points[card.rank] for card in cards)


def _over(preset: Preset, state: object, function: str) -> FamilyState:
    checked = preset.check(state, function)
    if checked._seat is not None:
        raise GameNotOverError(
            f"the outcome exists only once the game is over (F16); seat {checked._seat} is to move"
        )
    return checked


def _held(state: FamilyState) -> list[int]:
    """The card set each seat holds: its dealt cards not on the table."""
    table = state._table
    return [hand & ~table for hand in state._setup.deal]


def ranking(preset: Preset, state: FamilyState) -> tuple[Standing, ...]:
    """The final standings, best first (F16).

    Raises:
        GameNotOverError: the game is not over.
        NotAGameStateError: ``state`` is not a state of this preset.
    """
    if _fast_family_ranking is not None and type(state) is preset.state_type:
        found = _fast_family_ranking(state)  # the compiled core; None: not over
        if found is not None:
            return found
    return standings(_over(preset, state, "ranking"))


def standings(state: FamilyState) -> tuple[Standing, ...]:
    """The standings of ``state``, a finished game of any preset, best first (F16)."""
    rules = state._setup.rules
    setup = state._setup
    left = [setup.cards(hand) for hand in _held(state)]

    def criteria(seat: int) -> tuple[int, ...]:
        cards, points = len(left[seat]), pips(left[seat], rules.points)
        if rules.ranking == "pips":
            return (points, cards)
        passes = state._passes[seat] if rules.by_passes else 0
        return (cards, passes, 0 if rules.ranking == "count" else points)  # C4: no pips

    out = set(state._finished) | set(state._burst)
    holding = sorted((seat for seat in range(state.players) if seat not in out), key=criteria)
    groups = [[seat] for seat in state._finished]
    for seat in holding:
        if (
            groups
            and len(groups) > len(state._finished)
            and criteria(groups[-1][0]) == criteria(seat)
        ):
            groups[-1].append(seat)
        else:
            groups.append([seat])
    groups += [[seat] for seat in reversed(state._burst)]
    standings = []
    position = 1
    for number, group in enumerate(groups, 1):
        place = number if rules.dense else position
        for seat in sorted(group):
            standings.append(
                Standing(
                    seat,
                    place,
                    len(left[seat]),
                    pips(left[seat], rules.points),
                    state._passes[seat],
                )
            )
        position += len(group)
    return tuple(standings)


def returns(preset: Preset, state: FamilyState) -> tuple[float, ...]:
    """Each seat's zero-sum value from the ranking, as in every game of the library: ``1 − 2(p − 1)/(n − 1)`` for position ``p``.

    Seats sharing a place share equally the values of the positions they take.
    """
    standings = ranking(preset, state)
    players = len(standings)
    places = [standing.place for standing in standings]
    values = [0.0] * players
    for standing in standings:
        first = places.index(standing.place)
        shared = places.count(standing.place)
        # the mean of the positions first … first + shared − 1, as one whole-number fraction
        values[standing.seat] = (players - 2 * first - shared) / (players - 1)
    return tuple(values)


def antes(state: FamilyState) -> tuple[int, ...]:
    """T2: each seat's ante, ``short_ante`` more for a seat dealt fewer cards than the longest hands."""
    options = state._setup.options
    sizes = [hand.bit_count() for hand in state._setup.deal]
    longest = max(sizes)
    return tuple(options.ante + (options.short_ante if size < longest else 0) for size in sizes)


def payoffs(preset: Preset, state: FamilyState) -> tuple[int, ...]:
    """Fan-tan: each seat's net chips for the deal (T6, T7); they sum to 0.

    Raises:
        GameNotOverError: the game is not over.
        NotAGameStateError: ``state`` is not a fan-tan state.
    """
    state = _over(preset, state, "payoffs")
    options = state._setup.options
    winner = state._finished[0]
    paid = [
        ante + options.pass_cost * passes
        for ante, passes in zip(antes(state), state._passes, strict=True)
    ]
    net = [-chips for chips in paid]
    pool = sum(paid)
    for seat, hand in enumerate(_held(state)):  # T6: a chip a card, into the pool
        net[seat] -= hand.bit_count()
        pool += hand.bit_count()
    for seat, payees in state._faults:  # T5: the fines of passes made while able to play
        net[seat] -= 3 + 5 * len(payees)
        pool += 3
        for payee in payees:
            net[payee] += 5
    net[winner] += pool
    return tuple(net)


def scores(preset: Preset, state: FamilyState) -> tuple[int, ...]:
    """Cinquillo: 5 points and the cards the others held when the winner went out; 0 for the others (C5).

    Raises:
        GameNotOverError: the game is not over.
        NotAGameStateError: ``state`` is not a cinquillo state.
    """
    state = _over(preset, state, "scores")
    winner = state._finished[0]
    sizes = [hand.bit_count() for hand in _held(state)]
    if state._setup.rules.to_end:  # the hands as they were when the winner went out
        sizes = [hand.bit_count() for hand in state._setup.deal]
        for event in state.history:
            if type(event) is Play:
                sizes[event.seat] -= 1
                if event.seat == winner and not sizes[winner]:
                    break
    result = [0] * state.players
    result[winner] = 5 + sum(sizes)
    return tuple(result)
