"""Durak's compiled action path plays exactly the games of the pure-Python engine (D5-D13, D17).

The compiled core (``games/durak/_kernels.c``) applies an action number, lists the legal
actions, moves and mask, and fills an observation with its action mask, each from the
engine's states. :func:`engine` switches its hooks off and on in this process, so these
tests compare the two engines in either mode (with ``SEVENS_RU_PURE_PYTHON`` set, only
the Python one runs, and they check it against itself).

``SEVENS_RU_DIFFERENTIAL_GAMES`` scales the number of random games, as for the main game
(``tests/test_speedups.py``; CI: 10,000).
"""

from __future__ import annotations

import contextlib
import os
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from sevens_ru import durak
from sevens_ru.errors import IllegalMoveError, InvalidMoveError, NotAGameStateError
from sevens_ru.games.durak import encode, game, kernels
from sevens_ru.games.durak.state import GameState

HOOKS = [
    (game, "_fast_durak_act"),
    (game, "_fast_durak_legal_actions"),
    (game, "_fast_durak_legal_moves"),
    (game, "_fast_durak_legal_mask"),
    (kernels, "_fast_durak_act"),
    (kernels, "_fast_durak_fill"),
    (encode, "_fast_durak_fill"),
]
COMPILED = [getattr(module, name) for module, name in HOOKS]
needs_core = pytest.mark.skipif(
    any(hook is None for hook in COMPILED), reason="the compiled core is not built"
)
GAMES = max(8, int(os.environ.get("SEVENS_RU_DIFFERENTIAL_GAMES", "100")) // 10)


@contextlib.contextmanager
def engine(compiled: bool) -> Iterator[None]:
    """The compiled action path (where built) or the pure-Python one, in this process."""
    try:
        for (module, name), hook in zip(HOOKS, COMPILED, strict=True):
            setattr(module, name, hook if compiled else None)
        yield
    finally:
        for (module, name), hook in zip(HOOKS, COMPILED, strict=True):
            setattr(module, name, hook)


def facts(state: GameState) -> tuple[object, ...]:
    """Every slot that the rules set: equal facts are the same position."""
    return (
        state._hands,
        state._attacker,
        state._defender,
        state._attack,
        state._uncovered,
        state._covers,
        state._aside,
        state._out,
        state._bouts,
        state._takes,
        state._move,
    )


def seen(state: GameState) -> list[tuple[bytes, bytes]]:
    """Every seat's observation and action mask, as bytes, through observe_into()."""
    size = encode.observation_size(state.players)
    written = []
    for seat in range(state.players):
        observation = np.full(size, 7, np.float32)
        mask = np.full(durak.NUM_ACTIONS, 7, np.int8)
        encode.observe_into(state, seat, observation, mask)
        written.append((observation.tobytes(), mask.tobytes()))
    return written


def random_game(seed: int, players: int, options: durak.Options, observe: bool) -> list[Any]:
    """A game of random actions through the action path: every step's facts and answers."""
    rng = random.Random(seed)
    state = durak.new_game(players, dealer=rng.randrange(players), seed=seed, options=options)
    steps: list[Any] = []
    while True:
        actions = durak.legal_actions(state)
        moves = durak.legal_moves(state)
        mask = durak.legal_mask(state)
        steps.append((facts(state), actions, moves, mask, seen(state) if observe else None))
        if not actions:
            return steps
        assert [durak.action_of(move) for move in moves] == list(actions)  # D6, D8, D9
        assert mask == sum(1 << action for action in actions)
        state = durak.apply(state, rng.choice(actions))


@needs_core
@pytest.mark.parametrize(
    ("players", "short"), [(2, False), (3, False), (4, False), (2, True), (3, True)]
)
@pytest.mark.parametrize("take_limit", [2, 100])
def test_random_games_agree_move_for_move(players: int, short: bool, take_limit: int) -> None:
    options = durak.Options(short_deck=short, take_limit=take_limit)
    for number in range(GAMES):
        seed = players * 1_000_003 + number * 7 + take_limit + short
        observe = number % 4 == 0  # the observations on a sample of the games
        with engine(compiled=True):
            compiled = random_game(seed, players, options, observe)
        with engine(compiled=False):
            pure = random_game(seed, players, options, observe)
        assert compiled == pure, seed


@needs_core
def test_states_made_in_c_are_the_engines_states() -> None:
    # Equality, the history, the record and the view of a state made by the action path.
    rng = random.Random(3)
    state = durak.new_game(3, dealer=1, seed=3)
    python = state
    while not durak.is_over(state):
        action = rng.choice(durak.legal_actions(state))
        with engine(compiled=True):
            state = durak.apply(state, action)
        with engine(compiled=False):
            python = durak.apply(python, action)
        assert type(state) is GameState and state == python and hash(state) == hash(python)
    assert state.history == python.history and state.moves == python.moves
    assert durak.to_json(state) == durak.to_json(python)
    assert durak.view(state, 0) == durak.view(python, 0)
    assert durak.returns(state) == durak.returns(python) and state.loser == python.loser


@needs_core
def test_the_cards_shown_are_known_to_states_made_either_way() -> None:
    # The fill reads the cards that have been on the table (D17) whichever engine made
    # the states before it, and keeps them as the Python engine does.
    rng = random.Random(5)
    state = durak.new_game(2, dealer=0, seed=5)
    for number in range(60):
        if durak.is_over(state):
            break
        with engine(compiled=number % 3 == 0):
            state = durak.apply(state, rng.choice(durak.legal_actions(state)))
        if number % 5 == 0:
            with engine(compiled=number % 2 == 0):
                first = seen(state)
            with engine(compiled=number % 2 == 1):
                assert seen(state) == first
    expected = 0
    walker: GameState | None = state
    while walker is not None:  # every bout's cards so far, attacking cards and covers
        expected |= walker._attack | walker._covers
        walker = walker._parent
    assert state._shown_cards() == expected


@needs_core
def test_what_the_compiled_path_leaves_to_python() -> None:
    # Whatever it does not handle, the compiled path leaves to Python, which explains.
    state = durak.new_game(3, dealer=0, seed=7)
    act = kernels._fast_durak_act
    lead = durak.legal_actions(state)[0]
    not_held = next(a for a in range(135) if not durak.legal_mask(state) >> a & 1)
    for action in (durak.actions.TAKE_ACTION, 200, not_held, -1, 1252, True, 3.0, "take"):
        assert act(state, action) is None, action
    assert act("state", lead) is None and act(durak.view(state, 0), lead) is None
    with pytest.raises(IllegalMoveError, match="cannot take"):
        durak.apply(state, durak.actions.TAKE_ACTION)
    with pytest.raises(InvalidMoveError, match="no action 1252"):
        durak.apply(state, 1252)
    with pytest.raises(NotAGameStateError):
        durak.apply("state", lead)  # type: ignore[arg-type]
    for function in (durak.legal_actions, durak.legal_mask, durak.legal_moves):
        with pytest.raises(NotAGameStateError):
            function("state")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"durak_act\(\) takes 2 arguments"):
        act(state)
    # A take limit beyond a C long: the Python path plays it, alike.
    huge = durak.new_game(2, dealer=0, seed=1, options=durak.Options(take_limit=1 << 70))
    assert act(huge, durak.legal_actions(huge)[0]) is None
    assert (
        kernels._fast_durak_fill(huge, 0, np.empty(261, np.float32), np.empty(1252, np.int8))
        is None
    )
    after = durak.apply(huge, durak.legal_actions(huge)[0])
    assert after == durak.apply(huge, durak.legal_moves(huge)[0])


def test_the_fill_checks_its_arrays() -> None:
    state = durak.new_game(2, dealer=0, seed=2)
    mask = np.empty(durak.NUM_ACTIONS, np.int8)
    for compiled in (True, False):
        with engine(compiled):
            with pytest.raises(ValueError, match="float32 array of 261"):
                encode.observe_into(state, 0, np.empty(261, np.float64), mask)
            with pytest.raises(ValueError, match="int8 array"):
                encode.observe_into(state, 0, np.empty(261, np.float32), mask[:-1])
