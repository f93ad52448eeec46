"""The compiled core plays exactly the games of the pure-Python engine (R4-R19).

``sevens_ru._speedups`` is the C twin of the engine's hot paths; the pure-Python
engine is the reference. :func:`engine` switches every hook of the compiled core in
this process (a module's ``speedups``, and its ``_fast_<name>`` functions) to C or
off, so these tests compare the two in either mode, with or without
``SEVENS_RU_PURE_PYTHON``: the same deals from the same seeds, the same states move
by move, histories, rankings, playouts and bot choices, and the same numbers drawn
from the same ``random.Random`` (its state afterwards is compared too).

``SEVENS_RU_DIFFERENTIAL_GAMES`` is the number of random games per player count and
option set that :func:`test_random_games_agree_move_for_move` plays (CI: 10,000).
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import random
import sys
from collections.abc import Iterator
from typing import Any, Literal

import pytest

import sevens_ru as s7
import sevens_ru.bots
from sevens_ru.common import _core
from sevens_ru.common.shuffle import shuffled_bytes
from sevens_ru.games.sevens import _board
from sevens_ru.games.sevens.bots import HeuristicBot, SearchBot
from sevens_ru.games.sevens.bots._rollout import greedy_playout
from sevens_ru.games.sevens.deal import deal_seeded
from sevens_ru.games.sevens.game import playable_mask
from sevens_ru.games.sevens.inference import infer
from sevens_ru.games.sevens.playout import playout, playout_state
from sevens_ru.games.sevens.scoring import standings

try:
    from sevens_ru import _speedups  # type: ignore[attr-defined]
except ImportError:  # installed without a C compiler: only the first test applies
    _speedups = None
speedups: Any = _speedups
needs_core = pytest.mark.skipif(
    speedups is None, reason="the compiled core is not built (installed without a C compiler)"
)

GAMES = int(os.environ.get("SEVENS_RU_DIFFERENTIAL_GAMES", "100"))
OPTIONS = [
    s7.Options(rank_by_passes=by_passes, place_numbering=numbering)
    for by_passes in (False, True)
    for numbering in ("competition", "dense")
]
Engine = Literal["c", "python"]
ENGINES: tuple[Engine, ...] = ("c", "python")


@functools.cache
def hooks() -> tuple[tuple[object, str], ...]:
    """Every hook of the compiled core: (module, attribute name)."""
    return tuple(find_hooks())


def find_hooks() -> Iterator[tuple[object, str]]:
    """The hooks in the modules of the package imported so far."""
    for name, module in list(sys.modules.items()):
        if module is _core or not (name == "sevens_ru" or name.startswith("sevens_ru.")):
            continue
        for attribute, value in list(vars(module).items()):
            if is_hook(attribute, value):
                yield module, attribute


def is_hook(attribute: str, value: object) -> bool:
    """Whether a module's ``attribute`` holds the compiled core, one of its functions or None."""
    if attribute == "speedups":
        return value is None or value is speedups
    return attribute.startswith("_fast_") and (
        value is None or getattr(value, "__module__", None) == speedups.__name__
    )


@contextlib.contextmanager
def engine(kind: Engine) -> Iterator[None]:
    """Run the compiled core (``"c"``) or the pure-Python engine in this process."""
    saved = [(module, attribute, getattr(module, attribute)) for module, attribute in hooks()]
    for module, attribute, _ in saved:
        if kind == "python":
            setattr(module, attribute, None)
        elif attribute == "speedups":
            setattr(module, attribute, speedups)
        else:
            setattr(module, attribute, getattr(speedups, attribute.removeprefix("_fast_")))
    try:
        yield
    finally:
        for module, attribute, value in saved:
            setattr(module, attribute, value)


def both(function: object, *arguments: object) -> tuple[object, object]:
    """``function(*arguments)`` with each engine: its result, or the error it raised."""
    results = []
    for kind in ENGINES:
        with engine(kind):
            try:
                results.append(function(*arguments))  # type: ignore[operator]
            except Exception as error:
                results.append((type(error), str(error)))
    return results[0], results[1]


def facts(state: s7.GameState) -> tuple[object, ...]:
    """A state's packed ints: equal facts are the same position and pass counts."""
    return (state._board, state._turn, state._moves)


def midgame(players: int, seed: int, options: s7.Options, plies: int) -> s7.GameState:
    """A state ``plies`` random plays into a seeded deal (or its end, if sooner)."""
    with engine("python"):
        state = s7.new_game(players, seed=seed, options=options)
        rng = random.Random(-seed)
        for _ in range(plies):
            if not (moves := s7.legal_moves(state)):
                break
            state = s7.apply(state, rng.choice(moves))
    return state


# -- which engine runs -------------------------------------------------------------


def test_implementation_follows_the_environment() -> None:
    # The compiled core runs wherever it is built, unless pure Python is asked for.
    forced = os.environ.get(_core.PURE_PYTHON_VARIABLE, "") not in ("", "0")
    expected = "python" if forced or speedups is None else "c"
    assert expected == s7.IMPLEMENTATION
    assert (_core.speedups is None) == (s7.IMPLEMENTATION == "python")


@needs_core
def test_the_switch_reaches_every_hook() -> None:
    # Every module with a hot path has one; with the engine off none is left on.
    modules = {getattr(module, "__name__", "") for module, _ in hooks()}
    assert {
        "sevens_ru.games.sevens.game",
        "sevens_ru.games.sevens.deal",
        "sevens_ru.common.shuffle",
        "sevens_ru.games.sevens.scoring",
        "sevens_ru.games.sevens.playout",
        "sevens_ru.games.sevens.bots._rollout",
        "sevens_ru.games.sevens.inference",
    } <= modules
    with engine("python"):
        assert all(getattr(module, name) is None for module, name in hooks())
    with engine("c"):
        assert all(getattr(module, name) is not None for module, name in hooks())


@needs_core
def test_the_compiled_layout_is_the_boards() -> None:
    # The C code mirrors sevens_ru.games.sevens._board: the same fields and the same deltas.
    layout = speedups.layout()
    assert layout["TABLE_SHIFT"] == _board.TABLE_SHIFT
    assert layout["PASSES_SHIFT"] == _board.PASSES_SHIFT
    assert layout["NINE_OF_DIAMONDS"] == _board.NINE_OF_DIAMONDS
    assert layout["PLAY"] == _board.PLAY
    assert layout["PASS"] == _board.PASS
    assert layout["OPENED_BY"] == _board.OPENED_BY
    assert layout["BEYOND"] == _board.BEYOND


# -- deals ---------------------------------------------------------------------------


class OddInt(int):
    """An int whose bit_length lies: both engines must ask it, as Python does."""

    def bit_length(self) -> int:
        return 70


@needs_core
def test_seeded_deals_and_shuffles_agree() -> None:
    # R5: the seeded deal is the documented shuffle, the same in C (SHAKE-256 included).
    rng = random.Random(13)
    seeds: list[int] = [0, 1, -1, 127, 128, -128, -129, 255, 256, 2**63 - 1, 2**63]
    seeds += [-(2**63), -(2**63) - 1, 2**64, 10**30, -(10**40), 2**2000 + 7, OddInt(5), True]
    seeds += [
        rng.getrandbits(rng.choice((8, 64, 200, 1100))) * rng.choice((1, -1)) for _ in range(600)
    ]
    for seed in seeds:
        for count in (0, 1, 16, 17, 18, 34, 35, 36, 52, 256):
            compiled, pure = both(shuffled_bytes, seed, count)
            assert compiled == pure, (seed, count)
        for players in range(2, 7):
            compiled, pure = both(deal_seeded, players, seed)
            assert compiled == pure, (seed, players)
            compiled, pure = both(lambda p, s: s7.new_game(p, seed=s).current_player, players, seed)
            assert compiled == pure  # R7: the holder of 9♦
            dealer = abs(hash(seed)) % players  # M2: another dealer, the same deal in both
            compiled, pure = both(deal_seeded, players, seed, dealer)
            assert compiled == pure, (seed, players, dealer)
            compiled, pure = both(
                lambda p, s, d: s7.new_game(p, seed=s, dealer=d).current_player,
                players,
                seed,
                dealer,
            )
            assert compiled == pure


@needs_core
def test_bad_deal_arguments_fail_alike() -> None:
    for arguments in [(4, 1.5), (4, "7"), (4, None), (1, 3), (7, 3), (True, 3)]:
        compiled, pure = both(deal_seeded, *arguments)
        assert compiled == pure and isinstance(pure, tuple), arguments
    for seed, count in [(1.5, 36), ("x", 36), (5, 257), (5, -1), (5, 36.0), (5, True)]:
        compiled, pure = both(shuffled_bytes, seed, count)
        assert compiled == pure, (seed, count)


# -- whole games through the public API ------------------------------------------------


def play(
    start: s7.GameState, choices: random.Random
) -> tuple[list[tuple[object, ...]], s7.GameState]:
    """A random game from ``start`` through legal_moves and apply: every state's facts.

    Every other play goes through the action path: ``legal_actions`` and ``apply`` of a number.
    """
    states = [facts(start)]
    state = start
    while moves := s7.legal_moves(state):
        if len(states) % 2:
            actions = s7.legal_actions(state)
            assert actions == tuple(card.index for card in moves)
            state = s7.apply(state, choices.choice(actions))
        else:
            state = s7.apply(state, choices.choice(moves))
        states.append(facts(state))
    return states, state


@needs_core
@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("options", OPTIONS, ids=repr)
def test_random_games_agree_move_for_move(players: int, options: s7.Options) -> None:
    # The same deals (R5), plays and passes (R7-R14), histories and rankings (R15-R18).
    for game in range(GAMES):
        seed = (players * 7 + OPTIONS.index(options)) * 1_000_003 + game
        with engine("c"):
            start = s7.new_game(players, seed=seed, options=options)
            compiled, final_c = play(start, random.Random(seed))
            ranking_c = s7.ranking(final_c)
            returns_c = s7.returns(final_c)
        with engine("python"):
            assert s7.new_game(players, seed=seed, options=options) == start
            pure, final_p = play(start, random.Random(seed))
            ranking_p = s7.ranking(final_p)
            returns_p = s7.returns(final_p)
        assert compiled == pure, seed
        assert final_c == final_p and hash(final_c) == hash(final_p)
        assert ranking_c == ranking_p
        assert returns_c == returns_p and type(returns_c) is tuple  # R18's shared places too
        if game % 10 == 0:  # the derived attributes, on a sample
            assert final_c.history == final_p.history
            assert final_c.passes == final_p.passes and final_c.winner == final_p.winner
            assert s7.to_json(final_c) == s7.to_json(final_p)


@needs_core
def test_cards_as_text_and_illegal_moves_take_the_python_path() -> None:
    state = s7.apply(s7.new_game(4, seed=1), "9♦")
    other = s7.durak.new_game(3, seed=1)
    calls = [
        (s7.apply, state, "8♦"),  # text: parsed in Python
        (s7.apply, state, s7.Card.parse("8♦")),
        (s7.apply, state, "Q♦"),  # not playable (R9)
        (s7.apply, state, s7.Card.parse("A♠")),  # not in the hand
        (s7.apply, state, "9♦"),  # on the table
        (s7.apply, state, "1♦"),  # not a card
        (s7.apply, state, 12),
        (s7.apply, "state", s7.Card.parse("9♦")),
        (s7.apply, other, "9♦"),
        (s7.apply, state, 35),  # an action that is not legal
        (s7.apply, state, 36),  # no action
        (s7.apply, state, True),  # a bool is no action number
        (s7.legal_moves, "state"),
        (s7.legal_moves, other),
        (s7.legal_actions, "state"),
        (s7.legal_actions, other),
        (s7.ranking, state),  # not over (R19)
        (s7.ranking, other),
        (s7.returns, state),
        (s7.returns, other),
        (playout, other, random.Random(1)),
        (playout_state, None, random.Random(1)),
    ]
    for function, *arguments in calls:
        compiled, pure = both(function, *arguments)
        assert compiled == pure, (function, arguments)
    assert speedups.apply(state, "8♦") is None  # left to Python
    assert speedups.legal_moves(other) is None
    assert speedups.legal_actions(other) is None
    assert speedups.ranking(state) is None
    assert speedups.sevens_returns(state) is None


# -- playouts ----------------------------------------------------------------------------


@needs_core
def test_random_playouts_agree_and_draw_the_same_numbers() -> None:
    for number in range(600):
        players, options = 2 + number % 5, OPTIONS[number % 4]
        state = midgame(players, number, options, plies=number % 29)
        for function in (playout, playout_state):
            results = []
            for kind in ENGINES:
                rng = random.Random(number)
                with engine(kind):
                    result = function(state, rng)
                results.append((result, rng.getstate()))
            assert results[0] == results[1], number
        if number % 50 == 0:
            finals = both(lambda: playout_state(state, random.Random(number)))  # noqa: B023
            assert isinstance(finals[0], s7.GameState) and isinstance(finals[1], s7.GameState)
            assert finals[0].history == finals[1].history


class Strange(random.Random):
    """A generator whose random() gives what random() never gives: both engines index alike."""

    def __init__(self, values: list[object]) -> None:
        super().__init__(0)
        self.values = values

    def random(self) -> float:
        return self.values.pop(0) if self.values else super().random()  # type: ignore[return-value]


@needs_core
def test_odd_draws_index_the_legal_moves_as_python_does() -> None:
    # A tuple index of int(draw * count): negative from the end, too large an IndexError.
    state = midgame(4, 3, OPTIONS[0], plies=2)
    for values in ([1.0], [-0.5], [-1.5], [0], [True], [2], ["x"], [float("nan")], [1e300]):
        compiled, pure = both(lambda: playout(state, Strange(list(values))))  # noqa: B023
        assert compiled == pure, values


def position(state: s7.GameState) -> tuple[list[int], int, int, int, int]:
    """A state as the heuristic playout takes it: hands, table, playable, passes, turn."""
    table = s7.mask_of(state.table)
    passes = sum(count << (seat << 3) for seat, count in enumerate(state.passes))
    hands = [s7.mask_of(hand) for hand in state.hands]
    return hands, table, playable_mask(table), passes, state.current_player  # type: ignore[return-value]


@needs_core
def test_heuristic_playouts_agree_and_draw_the_same_numbers() -> None:
    for number in range(400):
        players, options = 2 + number % 5, OPTIONS[number % 4]
        state = midgame(players, 10_000 + number, options, plies=1 + number % 25)
        if s7.is_over(state):
            continue
        hands, table, playable, passes, turn = position(state)
        for card in s7.legal_moves(state):
            results = []
            for kind in ENGINES:
                rng, left = random.Random(number), list(hands)
                with engine(kind):
                    result = greedy_playout(
                        left, table, playable, passes, turn, card.index, rng, options
                    )
                results.append((result, left, rng.getstate()))
            assert results[0] == results[1], (number, card)


# -- sampling the hidden hands (R21) ----------------------------------------------------


class OnlyRandom(random.Random):
    """Its own random(): random.Random then draws below n without getrandbits."""

    def random(self) -> float:
        return super().random()


class OwnBits(random.Random):
    """Its own getrandbits(), which random.Random's draws below n then call."""

    def getrandbits(self, k: int) -> int:
        return super().getrandbits(k) ^ (1 if k > 1 else 0)


class OwnShuffle(random.Random):
    """Its own shuffle()."""

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        x.reverse()


@needs_core
@pytest.mark.filterwarnings("ignore:Underlying random:UserWarning")  # OnlyRandom, large counts
@pytest.mark.parametrize("generator", [random.Random, OnlyRandom, OwnBits, OwnShuffle])
def test_sampled_deals_agree_and_draw_the_same_numbers(generator: type[random.Random]) -> None:
    for number in range(120):
        state = midgame(2 + number % 5, 30_000 + number, OPTIONS[0], plies=number % 26)
        seat = number % state.players
        inference = infer(s7.view(state, seat))
        results = []
        for kind in ENGINES:
            rng = generator(number)
            with engine(kind):
                results.append(([inference.sample_masks(rng) for _ in range(4)], rng.getstate()))
        assert results[0] == results[1], number


# -- bots ----------------------------------------------------------------------------------


@needs_core
@pytest.mark.parametrize(
    "bot",
    [SearchBot(rollouts=40), SearchBot(rollouts=30, rollout="random"), HeuristicBot()],
    ids=repr,
)
def test_bots_choose_alike_from_the_same_generator(bot: s7.bots.Bot) -> None:
    for number in range(12 if isinstance(bot, SearchBot) else 60):
        state = midgame(3 + number % 4, 20_000 + number, OPTIONS[number % 4], plies=number % 20)
        if s7.is_over(state):
            continue
        seen = s7.view(state, state.current_player)  # type: ignore[arg-type]
        results = []
        for kind in ENGINES:
            rng = random.Random(number)
            with engine(kind):
                results.append((bot.choose(seen, rng), rng.getstate()))
        assert results[0] == results[1], number


# -- the ranking ---------------------------------------------------------------------------


@needs_core
def test_standings_agree_beyond_the_size_of_the_cache() -> None:
    # The compiled core keeps 65,536 standings and then starts again; the answers stay.
    rng = random.Random(5)
    seen: set[object] = set()
    for number in range(24_000):
        players = 2 + number % 5
        deal = tuple(rng.getrandbits(36) for _ in range(players))
        table = rng.getrandbits(36)
        passes = sum(rng.randrange(36) << (8 * seat) for seat in range(players))
        compiled, pure = both(standings, deal, table, passes, OPTIONS[number % 4])
        assert compiled == pure, number
        seen.update(pure)  # type: ignore[arg-type]
    assert len(seen) > 1 << 16


@needs_core
def test_a_finished_state_ranks_alike_whatever_made_it() -> None:
    for number, (players, options) in enumerate(itertools.product(range(2, 7), OPTIONS)):
        start = midgame(players, number, options, 3)
        final = both(lambda: playout_state(start, random.Random(number)))  # noqa: B023
        rankings = [both(s7.ranking, state) for state in final]
        assert rankings[0] == rankings[1] and rankings[0][0] == rankings[0][1]
        values = [both(s7.returns, state) for state in final]
        assert values[0] == values[1] and values[0][0] == values[0][1]


@needs_core
def test_the_functions_of_a_state_check_their_arguments_alike() -> None:
    # apply, playout, playout_state and sevens_observation share one prologue
    # (with_state in games/sevens/_kernels.c): the count of their arguments, then None
    # for anything that is not one of the engine's states.
    state = s7.apply(s7.new_game(4, seed=1), "9♦")
    for name, count in (
        ("apply", 2),
        ("playout", 2),
        ("playout_state", 2),
        ("sevens_observation", 4),
    ):
        function = getattr(speedups, name)
        with pytest.raises(TypeError, match=rf"^{name}\(\) takes {count} arguments \(1 given\)"):
            function(state)
        assert function("state", *[None] * (count - 1)) is None
        assert function(s7.durak.new_game(2, seed=1), *[None] * (count - 1)) is None
    # apply takes an action number as it takes a card; anything else is Python's to explain.
    illegal = next(index for index in range(36) if not s7.legal_mask(state) >> index & 1)
    for other in (99, -1, 36, True, 12.0, "8♦", illegal, 1 << 70):
        assert speedups.apply(state, other) is None, other
    card = s7.legal_moves(state)[0]
    after = speedups.apply(state, card.index)
    assert after == s7.apply(state, card) == speedups.apply(state, card)
    assert after._board == s7.apply(state, card)._board
