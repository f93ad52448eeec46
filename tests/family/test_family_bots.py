"""The family's bots: legal moves in every preset and seat count, the search's budget and strength.

The matches are small (a few seconds each in the quick run); every preset's match of
the search against the heuristic is in the deep run (tests/conftest.py's DEEP), the
quick run keeps one.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from family_helpers import PRESETS, dealt, game
from hypothesis import given, settings
from hypothesis import strategies as st

from sevens_ru import InvalidOptionsError, SevensError, UnknownBotError
from sevens_ru.errors import NoMoveError
from sevens_ru.games.family.bots import HeuristicBot, SearchBot
from sevens_ru.games.family.definition import _VARIANTS
from sevens_ru.games.family.inference import possible_holders
from sevens_ru.games.family.kernels import core
from sevens_ru.games.family.moves import PASS
from sevens_ru.games.family.playout import _play_out, greedy_playout, greedy_playout_state
from sevens_ru.games.family.scoring import standings
from sevens_ru.tournament import match

needs_core = pytest.mark.skipif(
    core is None,
    reason="the compiled core does not run (not built, or SEVENS_RU_PURE_PYTHON is set)",
)

KINDS = ("random", "heuristic", "search:rollouts=24")


def _variants(name: str, players: int) -> list[Any]:
    every, small = _VARIANTS[name]
    return [*every, *(small if players <= 6 else ())]


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, int, Any, int]:
    """A preset, a seat count it allows, one of its option sets, and a seed."""
    name = draw(st.sampled_from(PRESETS))
    g = game(name)
    players = draw(st.integers(g.min_players, g.max_players))
    options = draw(st.sampled_from(_variants(name, players)))
    return name, players, options, draw(st.integers(0, 2**32))


@settings(max_examples=60)
@given(table=tables(), kinds=st.lists(st.sampled_from(KINDS), min_size=8, max_size=8))
def test_every_bot_plays_only_legal_moves_in_every_preset_and_seat_count(
    table: tuple[str, int, Any, int], kinds: list[str]
) -> None:
    name, players, options, seed = table
    g = game(name)
    if name == "domino" and options.pack == 32 and players > 6:  # DO1: 2 to 6 with 32
        players = 6
    bots = [g.bots.make(kind) for kind in kinds[:players]]
    rng = random.Random(seed)
    state = g.new_game(players, seed=seed, options=options, dealer=seed % players)
    while not g.is_over(state):
        seat = state.current_player
        seen = g.view(state, seat)
        move = bots[seat].choose(seen, rng)
        assert move in g.legal_moves(state)  # F14: a card of the legal ones, or PASS
        state = g.apply(state, move)
    assert len(g.ranking(state)) == players


@pytest.mark.parametrize("name", PRESETS)
def test_the_search_is_deterministic_given_its_rng_and_answers_no_move_off_turn(
    name: str,
) -> None:
    g = game(name)
    bot = g.bots.make("search:rollouts=60")
    state = g.new_game(4, seed=9)
    for _ in range(6):  # a few moves in, where most presets offer a choice
        state = g.apply(state, g.legal_moves(state)[-1])
    seen = g.view(state, state.current_player)
    first = bot.choose(seen, random.Random(4))
    assert first in seen.legal_moves()
    assert all(bot.choose(seen, random.Random(4)) == first for _ in range(3))
    other = (state.current_player + 1) % 4
    with pytest.raises(NoMoveError):
        bot.choose(g.view(state, other), random.Random(4))


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("rollouts", 0),
        ("rollouts", -5),
        ("rollouts", 2.5),
        ("rollouts", True),
        ("rollouts", "100"),
        ("time_limit", 0),
        ("time_limit", -1.0),
        ("time_limit", float("inf")),  # a decision that would never end
        ("time_limit", "fast"),
        ("place_weight", 1.5),
        ("place_weight", -0.1),
        ("rollout", "smart"),
    ],
)
def test_a_bad_budget_is_refused_with_the_library_s_error(setting: str, value: object) -> None:
    with pytest.raises(InvalidOptionsError, match=rf"^fan-tan SearchBot\.{setting} ") as caught:
        SearchBot("fan-tan", **{setting: value})  # type: ignore[arg-type]
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, SevensError)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("kind", [SearchBot, HeuristicBot])
def test_a_bot_is_made_for_a_preset_of_the_family_only(kind: type) -> None:
    with pytest.raises(InvalidOptionsError, match=r"^\w+Bot\.game must be a preset of the layout"):
        kind("chess")
    with pytest.raises(InvalidOptionsError, match=r"\.\.\. \(1,000 characters\)$"):
        kind("x" * 1000)


def test_a_bad_setting_by_name_is_refused_too() -> None:
    bots = game("cinquillo").bots
    with pytest.raises(InvalidOptionsError, match="rollouts must be an int from 1 to 1,000,000"):
        bots.make("search:rollouts=0")
    with pytest.raises(UnknownBotError, match="bad setting 'depth=3' for search"):
        bots.make("search:depth=3")
    with pytest.raises(InvalidOptionsError, match=r"HeuristicBot\.lonely must be a number"):
        bots.make("heuristic:lonely=x" + "x" * 500)
    assert bots.make("heuristic:follow=1000,lonely=-1000").follow == 1000  # the ends, as said
    with pytest.raises(InvalidOptionsError, match=r"from -1000 to 1000, got 1000\.5"):
        bots.make("heuristic:tempo=1000.5")
    assert bots.make("search:time_limit=0.01,rollout=random").rollout == "random"


def test_a_time_limit_bounds_the_time_of_a_decision() -> None:
    g = game("sevens-52")
    state = g.new_game(3, seed=2)
    for _ in range(4):
        state = g.apply(state, g.legal_moves(state)[0])
    seen = g.view(state, state.current_player)
    started = time.perf_counter()
    SearchBot("sevens-52", time_limit=0.05, rollouts=10**6).choose(seen, random.Random(1))
    assert time.perf_counter() - started < 1.0  # 0.05 s and one deal more at most


def test_the_heuristic_holds_a_seven_it_cannot_follow_up() -> None:  # S4, F11
    # Seat 0 may play 6♦ (its 5♦ 4♦ follow), or open spades with 7♠ holding no other spade.
    state = dealt("sevens-52", 4, 3, holds={0: "6♦ 5♦ 4♦ 7♠", 3: "7♦"}, lacks={0: "6♠ 8♠ 7♣ 7♥"})
    g = game("sevens-52")
    state = g.apply(state, "7♦")
    while state.current_player != 0:
        state = g.apply(state, g.legal_moves(state)[0])
    seen = g.view(state, 0)
    assert set(seen.legal_moves()) >= {g.parse_move("6♦"), g.parse_move("7♠")}
    assert HeuristicBot("sevens-52").choose(seen, random.Random(0)) != g.parse_move("7♠")


def _shichinarabe_with_a_choice(passes: int) -> Any:
    """A shichinarabe position where the seat to move has used ``passes`` passes and may play or pass."""
    g = game("shichinarabe")
    for seed in range(200):
        state = g.new_game(4, seed=seed)
        while not g.is_over(state):
            seat = state.current_player
            moves = g.legal_moves(state)
            if state.passes[seat] == passes and PASS in moves and len(moves) > 1:
                seen = g.view(state, seat)
                if _all_cards_bad(seen):  # every card it may play only helps the others
                    return seen
            state = g.apply(state, moves[0])
    raise AssertionError("no such position in 200 deals")


def _all_cards_bad(seen: Any) -> bool:
    from sevens_ru.games.family.policy import score
    from sevens_ru.games.family.presets import rules_for

    rules = rules_for("shichinarabe", seen.options)
    own = rules.pack.mask_of(seen.hand)
    return all(
        score(rules, own, seen.table_mask, seen._centre, rules.pack.index(move)) < 0
        for move in seen.legal_moves()
        if move is not PASS
    )


def test_the_heuristic_passes_in_shichinarabe_but_keeps_its_last_pass() -> None:  # N4, N5
    bot = HeuristicBot("shichinarabe")
    early = _shichinarabe_with_a_choice(0)
    assert bot.choose(early, random.Random(0)) is PASS  # two more in reserve
    last = _shichinarabe_with_a_choice(2)
    assert bot.choose(last, random.Random(0)) is not PASS  # without it, a burst (N5)


def test_the_heuristic_never_pays_fan_tan_s_fines() -> None:  # T5
    g = game("fan-tan")
    options = g.Options(voluntary_passes=True)
    bot = HeuristicBot("fan-tan")
    for seed in range(20):
        state = g.new_game(4, seed=seed, options=options)
        while not g.is_over(state):
            state = g.apply(state, bot.choose(g.view(state, state.current_player), random.Random()))
        assert state._faults == ()  # no pass while able to play


@pytest.mark.parametrize("name", PRESETS)
def test_greedy_playouts_in_c_are_those_of_python(name: str) -> None:
    g = game(name)
    for seed in range(12):
        players = g.min_players + seed % (min(g.max_players, 6) - g.min_players + 1)
        state = g.new_game(players, seed=seed, options=_variants(name, players)[seed % 2])
        rng = random.Random(seed)
        for _ in range(rng.randrange(12)):
            if g.is_over(state):
                break
            state = g.apply(state, rng.choice(g.legal_moves(state)))
        final = greedy_playout_state(state, random.Random(seed))
        assert final == _play_out(state, random.Random(seed), keep=True, greedy=True)
        assert (
            final.history == _play_out(state, random.Random(seed), keep=True, greedy=True).history
        )
        assert greedy_playout(state, random.Random(seed)) == standings(final)


def _first_share(result: Any) -> Any:
    return result.bots[0].figures["win_rate"]


@pytest.mark.parametrize("name", PRESETS)
def test_the_heuristic_beats_random_play(name: str) -> None:
    g = game(name)
    bots = [g.bots.make("heuristic")] + [g.bots.make("random")] * 3
    result = match(g, bots, 120, seed=5, players=4)
    assert _first_share(result).low > 1 / 4  # the even share of 4 seats, excluded


SEARCH_MATCHES = {  # deals, and the search's budget
    "sevens-52": (60, "search"),
    "fan-tan": (60, "search"),
    "shichinarabe": (30, "search:rollouts=300"),
    "domino": (60, "search"),
    "cinquillo": (200, "search"),
}


@needs_core  # a match: slow in pure Python, whose playouts are the same (tested above)
@pytest.mark.parametrize("name", PRESETS)
def test_the_search_beats_the_heuristic(name: str) -> None:
    g = game(name)
    deals, search = SEARCH_MATCHES[name]
    bots = [g.bots.make(search)] + [g.bots.make("heuristic")] * 3
    result = match(g, bots, deals, seed=11, players=4)
    assert _first_share(result).low > 1 / 4  # the even share of 4 seats, excluded


def test_the_search_reads_what_the_passes_prove() -> None:  # F15
    g = game("sevens-52")
    state = g.apply(g.new_game(4, seed=12), "7♦")  # seat 2 passes: it holds no 6♦ 8♦ 7♣ 7♥ 7♠
    assert state.current_player == 3
    seen = g.view(state, 3)
    holders = possible_holders(seen)
    assert all(2 not in holders[card] for card in holders if str(card) in {"6♦", "8♦", "7♠"})
    assert SearchBot("sevens-52", rollouts=50).choose(seen, random.Random(1)) in seen.legal_moves()


def test_the_russian_configuration_takes_the_family_s_bots() -> None:  # R7
    import sevens_ru as s7
    from sevens_ru.errors import NotAGameStateError
    from sevens_ru.games.family.bots import RandomBot
    from sevens_ru.games.family.russian import RUSSIAN

    bots = [SearchBot("sevens", rollouts=20), HeuristicBot("sevens"), RandomBot("sevens")]
    state = RUSSIAN.new_game(3, seed=4)
    rng = random.Random(4)
    played = []
    while not RUSSIAN.is_over(state):
        seat = state.current_player
        assert seat is not None  # not over
        move = bots[seat].choose(RUSSIAN.view(state, seat), rng)
        assert move in RUSSIAN.legal_moves(state)
        state = RUSSIAN.apply(state, move)
        played.append(str(move))
    assert played[0] == "9♦"  # R7
    assert sorted(standing.place for standing in RUSSIAN.ranking(state)) == [1, 2, 3]
    library_s = s7.view(s7.new_game(3, seed=4), 0)  # the same game, the library's own engine
    for bot in bots:
        with pytest.raises(NotAGameStateError, match=r"RussianView, got a .*PlayerView: the same"):
            bot.choose(library_s, rng)  # type: ignore[arg-type]  # the wrong view, on purpose
