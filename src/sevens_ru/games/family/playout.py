"""A fast path for search: play a family state to the end, at random or as the heuristic would.

:func:`playout` plays the game that repeated ``game.legal_moves`` and ``game.apply``
calls with a uniformly random choice would play, for a state of any preset, but builds
no state on the way. Its choices follow a fixed procedure, so a test can replay them
through the public API: at each turn with ``k`` legal moves (in the order of
``legal_moves``: the cards in action order, then ``PASS``), it makes move number
``int(rng.random() * k)``, and draws nothing when ``k`` is 1. The compiled core plays
the same game and draws the same numbers.

>>> import random
>>> from sevens_ru import games
>>> from sevens_ru.games.family.playout import playout
>>> fan_tan = games.get("fan-tan")
>>> state = fan_tan.new_game(4, seed=7)
>>> standings = playout(state, random.Random(1))
>>> standings[0].place, standings[0].cards_left
(1, 0)
>>> standings == playout(state, random.Random(1))  # the same draws, the same game
True

:func:`playout_state` plays the same game but gives the final state, with its history,
for when the moves matter too. :func:`greedy_playout` and :func:`greedy_playout_state`
play every seat as the heuristic bot would if it saw the whole deal, the search bot's
playouts (:mod:`sevens_ru.games.family.policy`).
"""

from __future__ import annotations

import random

from ...errors import NotAGameStateError
from ..sevens.scoring import Standing
from .game import _Work
from .kernels import core
from .policy import greedy_move
from .scoring import standings
from .state import FamilyState

__all__ = ["greedy_playout", "greedy_playout_state", "playout", "playout_state"]

# The compiled core's playouts (games/family/_kernels.c), None with the pure-Python engine.
_fast_family_playout = None if core is None else core.family_playout
_fast_family_playout_state = None if core is None else core.family_playout_state
_fast_family_greedy_playout = None if core is None else core.family_greedy_playout
_fast_family_greedy_playout_state = None if core is None else core.family_greedy_playout_state


def playout(state: FamilyState, rng: random.Random) -> tuple[Standing, ...]:
    """Play uniformly random legal moves from ``state`` to the end; return the ranking.

    ``state`` is not changed; a finished state gives its ranking. The result equals the
    ranking of the state reached by making the same choices through ``game.apply`` (see
    the module).

    Raises:
        NotAGameStateError: ``state`` is not a state of a family preset.
    """
    if _fast_family_playout is not None:  # the compiled core; None: the Python path
        result = _fast_family_playout(state, rng)
        if result is not None:
            return result
    return standings(_play_out(_checked(state, "playout"), rng, keep=False))


def playout_state(state: FamilyState, rng: random.Random) -> FamilyState:
    """Like :func:`playout`, but give the final state, with its whole history.

    The states on the way are built as ``game.apply`` builds them.

    >>> import random
    >>> from sevens_ru import games
    >>> from sevens_ru.games.family.playout import playout, playout_state
    >>> domino = games.get("domino")
    >>> state = domino.new_game(3, seed=4)
    >>> final = playout_state(state, random.Random(2))
    >>> domino.is_over(final), domino.ranking(final) == playout(state, random.Random(2))
    (True, True)

    Raises:
        NotAGameStateError: ``state`` is not a state of a family preset.
    """
    if _fast_family_playout_state is not None:  # the compiled core; None: the Python path
        final = _fast_family_playout_state(state, rng)
        if final is not None:
            return final
    return _play_out(_checked(state, "playout_state"), rng, keep=True)


def greedy_playout(state: FamilyState, rng: random.Random) -> tuple[Standing, ...]:
    """Play ``state`` to the end with every seat moving as the heuristic bot would on the whole deal; the ranking.

    Each seat makes :func:`~sevens_ru.games.family.policy.greedy_move`'s move with the
    default weights, counting every card in the other hands as the others' (what a
    determinized search plays its deals by). ``rng.random()`` is called only to break a
    tie, and the compiled core plays the same game with the same draws.

    >>> import random
    >>> from sevens_ru import games
    >>> from sevens_ru.games.family.playout import greedy_playout, greedy_playout_state
    >>> shichinarabe = games.get("shichinarabe")
    >>> state = shichinarabe.new_game(4, seed=3)
    >>> final = greedy_playout_state(state, random.Random(1))
    >>> greedy_playout(state, random.Random(1)) == shichinarabe.ranking(final)
    True

    Raises:
        NotAGameStateError: ``state`` is not a state of a family preset.
    """
    if _fast_family_greedy_playout is not None:  # the compiled core; None: the Python path
        result = _fast_family_greedy_playout(state, rng)
        if result is not None:
            return result
    return standings(_play_out(_checked(state, "greedy_playout"), rng, keep=False, greedy=True))


def greedy_playout_state(state: FamilyState, rng: random.Random) -> FamilyState:
    """Like :func:`greedy_playout`, but give the final state, with its whole history.

    Raises:
        NotAGameStateError: ``state`` is not a state of a family preset.
    """
    if _fast_family_greedy_playout_state is not None:  # the compiled core; None: Python
        final = _fast_family_greedy_playout_state(state, rng)
        if final is not None:
            return final
    return _play_out(_checked(state, "greedy_playout_state"), rng, keep=True, greedy=True)


def _checked(state: object, function: str) -> FamilyState:
    if not isinstance(state, FamilyState):
        raise NotAGameStateError(
            f"{function}() takes a state of a game of the layout family, got {type(state).__name__}"
        )
    return state


def _play_out(
    state: FamilyState, rng: random.Random, *, keep: bool, greedy: bool = False
) -> FamilyState:
    """The final state of the game played out from ``state`` (see :func:`playout`).

    With ``keep``, every state on the way is built, each the parent of the next;
    without, the final state's parent is ``state`` itself. With ``greedy``, every seat
    makes the heuristic's move (:func:`greedy_playout`), else a random one.
    """
    if state._seat is None:  # the game is over already
        return state
    kind = type(state)
    work = _Work.of(state)
    draw = rng.random
    rules = work.rules
    while work.turn is not None:
        moves = work.moves
        if greedy:
            turn = work.turn
            action = greedy_move(
                rules, work.hand(turn), work.table, work.centre, moves, work.passes[turn], draw
            )
            chosen = 1 << action
        elif moves & (moves - 1):  # a choice: the moves in order, cards then PASS
            choices = tuple(1 << index for index in range(moves.bit_length()) if moves >> index & 1)
            chosen = choices[int(draw() * len(choices))]
        else:
            chosen = moves
        if chosen >> len(work.rules.pack):
            work.pass_turn()
        else:
            work.play(chosen)
        if keep:
            state = work.freeze(kind, state)
    return state if keep else work.freeze(kind, state)
