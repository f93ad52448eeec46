"""The compiled core plays exactly the games of the family's pure-Python engine (F7–F16, every preset).

``games/family/_kernels.c`` is the C twin of the family's engine; the pure-Python
engine (``sevens_ru.games.family.game``) is the reference. :func:`engine` switches every
hook of the family's core in this process (the modules' ``_fast_family_*`` functions,
and the shuffle's ``speedups``) to C or off, so these tests compare the two in either
mode: the same deals from the same seeds, the same slots of every state move by move,
histories, rankings, payoffs and scores, playouts, and the same numbers drawn from the
same ``random.Random``.

``SEVENS_RU_DIFFERENTIAL_GAMES`` is the number of random games per preset that
:func:`test_random_games_agree_move_for_move` plays (CI's comparison step: 10,000); the
quick run plays a few.
"""

from __future__ import annotations

import contextlib
import os
import random
import sys
from collections.abc import Iterator
from typing import Any, Literal

import pytest

from sevens_ru import Card, games
from sevens_ru.common import _core
from sevens_ru.errors import NotAGameStateError
from sevens_ru.games.family import PASS
from sevens_ru.games.family import kernels as family_kernels
from sevens_ru.games.family.game import PRESETS, _Work
from sevens_ru.games.family.playout import (
    greedy_playout,
    greedy_playout_state,
    playout,
    playout_state,
)
from sevens_ru.games.family.presets import rules_for
from sevens_ru.games.family.russian import RUSSIAN
from sevens_ru.games.family.scoring import standings
from sevens_ru.games.family.state import FamilyState

core: Any = family_kernels.core
needs_core = pytest.mark.skipif(
    core is None,
    reason="the compiled core does not run (not built, or SEVENS_RU_PURE_PYTHON is set)",
)

GAMES = int(os.environ.get("SEVENS_RU_DIFFERENTIAL_GAMES", "30"))
NAMES = ("sevens-52", "fan-tan", "shichinarabe", "domino", "cinquillo", "sevens")
Engine = Literal["c", "python"]
ENGINES: tuple[Engine, ...] = ("c", "python")


def game_of(name: str) -> Any:  # a FamilyGame: its states read dynamically
    return RUSSIAN if name == "sevens" else games.get(name)


def hooks() -> list[tuple[object, str]]:
    """Every hook of the family's core, in the modules imported now: (module, attribute)."""
    found: list[tuple[object, str]] = [(sys.modules["sevens_ru.common.shuffle"], "speedups")]
    for name, module in list(sys.modules.items()):
        if name.startswith("sevens_ru.games.family"):
            found += [(module, key) for key in vars(module) if key.startswith("_fast_family_")]
    return found


@contextlib.contextmanager
def engine(kind: Engine) -> Iterator[None]:
    """Run the family's compiled core (``"c"``) or its pure-Python engine in this process."""
    saved = [(module, key, getattr(module, key)) for module, key in hooks()]
    for module, key, _ in saved:
        if kind == "python":
            value = None
        elif key == "speedups":
            value = _core.speedups
        else:
            value = getattr(core, key.removeprefix("_fast_"))
        setattr(module, key, value)
    try:
        yield
    finally:
        for module, key, value in saved:
            setattr(module, key, value)


def both(function: Any, *arguments: object) -> tuple[object, object]:
    """``function(*arguments)`` with each engine: its result, or the error it raised."""
    results = []
    for kind in ENGINES:
        with engine(kind):
            try:
                results.append(function(*arguments))
            except Exception as error:
                results.append((type(error), str(error)))
    return results[0], results[1]


def facts(state: FamilyState) -> tuple[object, ...]:
    """Every slot of a state but its setup and parent: equal facts are the same position."""
    return (
        state._table,
        state._seat,
        state._actions,
        state._passes,
        state._finished,
        state._burst,
        state._centre,
        state._streak,
        state._faults,
    )


def setup_of(name: str, seed: int) -> tuple[int, dict[str, Any]]:
    """A seat count, a variant of the preset's options and a dealer, from ``seed``."""
    g = game_of(name)
    rng = random.Random(seed)
    players = rng.randint(g.min_players, g.max_players)
    setup = dict(rng.choice(list(g.variants(players))))
    setup["dealer"] = rng.randrange(players)
    return players, setup


def as_given(g: Any, move: object, rng: random.Random) -> object:
    """``move`` as a caller may give it: the move, its text or its action number."""
    form = rng.randrange(3)
    return move if form == 0 else str(move) if form == 1 else g.action_of(move)


def play(g: Any, start: FamilyState, seed: int) -> tuple[list[tuple[object, ...]], FamilyState]:
    """A random game from ``start`` through legal_moves and apply: every state's facts."""
    rng = random.Random(seed)
    states = [facts(start)]
    state = start
    while moves := g.legal_moves(state):
        assert g.legal_actions(state) == tuple(map(g.action_of, moves))
        state = g.apply(state, as_given(g, rng.choice(moves), rng))
        states.append(facts(state))
    return states, state


def outcome(g: Any, state: FamilyState) -> tuple[object, ...]:
    extras = [function(state) for function in (g.payoffs, g.scores) if function is not None]
    return (g.ranking(state), g.returns(state), *extras)


# -- which engine runs ---------------------------------------------------------------


@needs_core
def test_the_switch_reaches_every_hook() -> None:
    modules = {getattr(module, "__name__", "") for module, _ in hooks()}
    assert {
        "sevens_ru.games.family.game",
        "sevens_ru.games.family.deal",
        "sevens_ru.games.family.scoring",
        "sevens_ru.games.family.playout",
        "sevens_ru.games.family.kernels",
    } <= modules
    with engine("python"):
        assert all(getattr(module, key) is None for module, key in hooks())
    with engine("c"):
        assert all(getattr(module, key) is not None for module, key in hooks())


@needs_core
@pytest.mark.parametrize("name", NAMES)
def test_every_variant_has_a_kernel(name: str) -> None:
    # Every preset's rules with every option set the tests play run in C: none is left
    # to the Python path because its rows would not fit the C layout.
    g = game_of(name)
    for players in (g.min_players, g.max_players):
        for setup in g.variants(players):
            options = setup.get("options") or g.Options()
            assert rules_for(name, options).kernel is not None, options


# -- whole games through the public API ------------------------------------------------


@needs_core
@pytest.mark.parametrize("name", NAMES)
def test_random_games_agree_move_for_move(name: str) -> None:
    # The same deals (F7), moves, automatic passes and bursts (F13, N5), histories,
    # rankings (F16), payoffs (T7) and scores (C5), with every variant and dealer.
    g = game_of(name)
    for number in range(GAMES):
        seed = NAMES.index(name) * 1_000_003 + number
        players, setup = setup_of(name, seed)
        with engine("c"):
            start = g.new_game(players, seed=seed, **setup)
            compiled, final_c = play(g, start, seed)
            outcome_c = outcome(g, final_c)
        with engine("python"):
            assert facts(g.new_game(players, seed=seed, **setup)) == facts(start)
            pure, final_p = play(g, start, seed)
            outcome_p = outcome(g, final_p)
        assert compiled == pure, (seed, players, setup)
        assert final_c == final_p and hash(final_c) == hash(final_p)
        assert outcome_c == outcome_p
        if number % 10 == 0:  # what is derived from the chain of states, on a sample
            assert final_c.history == final_p.history
            assert g.to_json(final_c) == g.to_json(final_p)


@needs_core
@pytest.mark.parametrize("name", NAMES)
def test_explicit_deals_and_every_dealer_start_alike(name: str) -> None:
    # new_game's automations (S3, T3, N2, N3, N5, DO2, C3) from a given deal.
    g = game_of(name)
    for number in range(40):
        players, setup = setup_of(name, 50_000 + number)
        with engine("python"):
            dealt = g.new_game(players, seed=number, **setup)
        hands = [list(hand) for hand in dealt.deal]
        compiled, pure = both(lambda: g.new_game(players, hands=hands, **setup))  # noqa: B023
        assert isinstance(compiled, FamilyState) and isinstance(pure, FamilyState)
        assert facts(compiled) == facts(pure) and compiled.history == pure.history


@needs_core
def test_a_burst_in_the_new_game_and_the_end_by_bursts_agree() -> None:
    # N5 with no pass to make: seats burst inside new_game, and bursts can end a game.
    g = game_of("shichinarabe")
    options = g.Options(passes=0)
    for seed in range(120):
        for players in (2, 5, 8):
            compiled, pure = both(
                lambda p, s: facts(g.new_game(p, seed=s, options=options)),
                players,
                seed,
            )
            assert compiled == pure, (players, seed)


# -- moves the compiled core leaves to Python ----------------------------------------------


@needs_core
def test_text_illegal_moves_and_other_values_take_the_python_path() -> None:
    g = game_of("sevens-52")
    state = g.apply(g.new_game(4, seed=1), "7♦")
    fan_tan = game_of("fan-tan").new_game(4, seed=1)
    calls: list[tuple[Any, ...]] = [
        (g.apply, state, "8♦"),
        (g.apply, state, "K♦"),  # not playable (F11)
        (g.apply, state, Card.parse("A♠")),
        (g.apply, state, "7♦"),  # on the table
        (g.apply, state, "1♦"),  # not a card
        (g.apply, state, PASS),  # forced passes are the engine's (F13)
        (g.apply, state, 52),
        (g.apply, state, 53),
        (g.apply, state, -1),
        (g.apply, state, True),
        (g.apply, state, 2.0),
        (g.apply, "state", "7♦"),
        (g.apply, fan_tan, "7♦"),
        (g.legal_moves, fan_tan),
        (g.legal_actions, None),
        (g.ranking, state),  # not over (F16)
        (game_of("domino").apply, game_of("domino").new_game(3, seed=2, options=None), "2♣"),
        (playout, "state", random.Random(1)),
        (playout_state, None, random.Random(1)),
    ]
    for function, *arguments in calls:
        compiled, pure = both(function, *arguments)
        assert compiled == pure, (function, arguments)
        assert isinstance(pure, tuple) and issubclass(pure[0], Exception), arguments
    kind = type(state)
    assert core.family_apply(kind, state, "8♦") is None  # left to Python
    assert core.family_apply(kind, fan_tan, 0) is None
    assert core.family_legal_moves(kind, fan_tan) is None
    assert core.family_ranking(state) is None
    assert core.family_act(state, 99) is None
    assert core.family_act(state, "8♦") is None
    assert core.family_playout("state", random.Random(1)) is None
    with pytest.raises(NotAGameStateError):
        playout(games.get("sevens").new_game(4, seed=1), random.Random(1))


@needs_core
def test_the_core_s_own_arguments_are_checked() -> None:
    state = game_of("cinquillo").new_game(4, seed=3)
    kind = type(state)
    with pytest.raises(TypeError, match=r"^family_apply\(\) takes 3 arguments \(2 given\)"):
        core.family_apply(kind, state)
    with pytest.raises(TypeError, match="family_deal"):
        core.family_deal(None, 4, 3, 1)
    kernel = state._setup.kernel
    with pytest.raises(ValueError, match="players"):
        core.family_deal(kernel, 9, 3, 1)
    with pytest.raises(TypeError, match="family_rules"):
        core.family_rules((), 0, (), (), ())
    assert core.family_start(int, state._setup) is None
    assert core.family_start(kind, "setup") is None
    after = core.family_act(state, game_of("cinquillo").legal_actions(state)[0])
    assert after == game_of("cinquillo").apply(state, game_of("cinquillo").legal_moves(state)[0])


# -- playouts ------------------------------------------------------------------------------


def midgame(name: str, seed: int) -> FamilyState:
    """A state some random moves into a seeded game of ``name`` (or its end)."""
    g = game_of(name)
    players, setup = setup_of(name, seed)
    with engine("python"):
        state = g.new_game(players, seed=seed, **setup)
        rng = random.Random(-seed)
        for _ in range(seed % 40):
            if not (moves := g.legal_moves(state)):
                break
            state = g.apply(state, rng.choice(moves))
    return state  # type: ignore[no-any-return]


@needs_core
@pytest.mark.parametrize("name", NAMES)
def test_random_and_greedy_playouts_agree_and_draw_the_same_numbers(name: str) -> None:
    for number in range(60):
        state = midgame(name, 70_000 + number)
        for function in (playout, playout_state, greedy_playout, greedy_playout_state):
            results = []
            for kind in ENGINES:
                rng = random.Random(number)
                with engine(kind):
                    result = function(state, rng)
                results.append((result, rng.getstate()))
            assert results[0] == results[1], number
        if number % 20 == 0:
            for kept in (playout_state, greedy_playout_state):
                finals = both(lambda: kept(state, random.Random(number)))  # noqa: B023
                assert isinstance(finals[0], FamilyState) and isinstance(finals[1], FamilyState)
                assert finals[0].history == finals[1].history
                assert [facts(one) for one in _line(finals[0])] == [
                    facts(one) for one in _line(finals[1])
                ]


def _line(state: FamilyState) -> list[FamilyState]:
    found = []
    walker: FamilyState | None = state
    while walker is not None:
        found.append(walker)
        walker = walker._parent
    return found


@needs_core
def test_a_playout_is_the_game_its_choices_make_through_apply() -> None:
    # The documented procedure: move number int(random() * k) of the k legal moves.
    for name in NAMES:
        g = game_of(name)
        state = midgame(name, 90_001)
        rng, replayed = random.Random(3), state
        while moves := g.legal_moves(replayed):
            pick = 0 if len(moves) == 1 else int(rng.random() * len(moves))
            replayed = g.apply(replayed, moves[pick])
        assert playout(state, random.Random(3)) == g.ranking(replayed)
        assert playout_state(state, random.Random(3)) == replayed


class Strange(random.Random):
    """A generator whose random() gives what random() never gives: both engines index alike."""

    def __init__(self, values: list[object]) -> None:
        super().__init__(0)
        self.values = values

    def random(self) -> float:
        return self.values.pop(0) if self.values else super().random()  # type: ignore[return-value]


@needs_core
def test_odd_draws_index_the_legal_moves_as_python_does() -> None:
    state = midgame("shichinarabe", 4)
    for values in ([1.0], [-0.5], [-1.5], [0], [True], [2], ["x"], [float("nan")], [1e300]):
        compiled, pure = both(lambda: playout(state, Strange(list(values))))  # noqa: B023
        assert compiled == pure, values


def finished(name: str, seed: int) -> FamilyState:
    """A finished position of ``name`` with random hands left, passes, seats out and bursts."""
    players, setup = setup_of(name, seed)
    start = game_of(name).new_game(players, seed=seed, **setup)
    rng = random.Random(seed)
    work = _Work.of(start)
    work.table |= rng.getrandbits(64) & work.rules.cards_mask
    seats = rng.sample(range(players), players)
    out = seats[: rng.randint(1, players - 1)]
    burst = seats[len(out) :][: rng.randint(0, 2)] if work.rules.policy == "limited" else []
    for seat in out + burst:  # their cards on the table (N6)
        work.table |= work.deal[seat]
    work.finished, work.burst = out, burst
    work.passes = [rng.randrange(25) for _ in range(players)]
    work.turn, work.moves = None, 0
    return work.freeze(type(start), None)


@needs_core
def test_rankings_agree_beyond_the_size_of_the_standings_cache() -> None:
    # F16 with every preset's criteria; the compiled core keeps 2,048 standings and then
    # starts again, and the answers stay.
    seen: set[object] = set()
    for number in range(1200):
        state = finished(NAMES[number % len(NAMES)], number)
        compiled = core.family_ranking(state)
        assert compiled == standings(state), number
        seen.update(compiled)
    assert len(seen) > 2048


def test_every_preset_is_a_preset_of_the_engine() -> None:
    assert set(NAMES) == set(PRESETS)
