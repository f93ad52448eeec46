"""Each preset's players, deal, end and view (S2, S6, S9, T1, T6, T8, N1, DO4, C4), and F9's turns."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from family_helpers import PRESETS, end_position, game, random_game

import sevens_ru as s7
from sevens_ru import Pass, Play, Rank, series
from sevens_ru.games.family import Burst
from sevens_ru.games.family.deal import hand_sizes
from sevens_ru.games.family.observation import FamilyView
from sevens_ru.games.family.options import (
    CinquilloOptions,
    DominoOptions,
    FanTanOptions,
    Sevens52Options,
    ShichinarabeOptions,
)
from sevens_ru.games.family.presets import rules_for
from sevens_ru.series import SeriesOptions

# S2: the hand sizes with the default dealer (n − 1), seat 0 dealt first
SIZES_52 = {
    2: [26, 26],
    3: [18, 17, 17],
    4: [13] * 4,
    5: [11, 11, 10, 10, 10],
    6: [9] * 4 + [8] * 2,
    7: [8] * 3 + [7] * 4,
    8: [7] * 4 + [6] * 4,
}


def played_out(name: str, seed: int, players: int, options: object = None) -> list[Any]:
    """Every state of a game of ``name`` with ``options``, random legal moves to the end."""
    g = game(name)
    rng = random.Random(seed)
    state = g.new_game(players, seed=seed, options=options)
    states = [state]
    while legal := g.legal_moves(state):
        state = g.apply(state, rng.choice(legal))
        states.append(state)
    return states


def test_s2_sevens_52_is_for_2_to_8_players_with_the_spec_s_hand_sizes() -> None:
    g = game("sevens-52")
    assert (g.min_players, g.max_players) == (2, 8)
    for players, sizes in SIZES_52.items():
        assert [len(hand) for hand in g.new_game(players, seed=players).deal] == sizes
    for players in (1, 9):
        with pytest.raises(s7.InvalidDealError, match="2 to 8 players"):
            g.new_game(players, seed=1)


@pytest.mark.parametrize("name", ["fan-tan", "shichinarabe"])
def test_t1_n1_the_pack_players_and_deal_are_sevens_52_s(name: str) -> None:
    # T1: pack, ace option, players and deal as S1, S2, F7; N1: the same, ace low by default
    g, sevens_52 = game(name), game("sevens-52")
    assert (g.min_players, g.max_players) == (2, 8)
    for players in SIZES_52:
        for dealer in (0, players - 1):
            mine = g.new_game(players, seed=players, dealer=dealer)
            theirs = sevens_52.new_game(players, seed=players, dealer=dealer)
            assert mine.deal == theirs.deal  # F7: from the dealer's left, in turn order
            assert [len(hand) for hand in mine.deal] == list(hand_sizes(52, players, dealer))
    options = {"fan-tan": FanTanOptions, "shichinarabe": ShichinarabeOptions}[name]
    assert options().ace == "low"  # N1: as in Japan
    for ace in ("low", "high"):
        rules = rules_for(name, options(ace=ace))
        assert rules.pack == rules_for("sevens-52", Sevens52Options(ace=ace)).pack
        ace_above_king = rules.place(Rank.ACE) > rules.place(Rank.KING)
        assert ace_above_king is (ace == "high")  # S1: up to A with ace="high"


def test_n1_hand_sizes_are_counted_after_the_sevens_are_laid_out() -> None:
    g = game("shichinarabe")
    state = g.new_game(5, seed=8, dealer=2)
    assert [len(hand) for hand in state.deal] == list(hand_sizes(52, 5, 2))
    assert list(state.hand_sizes) == [
        len(dealt) - len(laid) for dealt, laid in zip(state.deal, state.laid, strict=True)
    ]


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("seed", range(8))
def test_f9_the_turn_passes_to_the_next_seat_in_play(name: str, seed: int) -> None:
    states, _ = random_game(name, seed)
    final = states[-1]
    players = final.players
    hands = [set(hand) for hand in final.deal]
    if final._setup.rules.layout:  # N2: the sevens laid out are in no hand
        hands = [hand - set(laid) for hand, laid in zip(hands, final.laid, strict=True)]
    history = final.history
    for number, event in enumerate(history):
        if type(event) is Play:
            hands[event.seat].discard(event.card)
        elif type(event) is Burst:
            hands[event.seat] = set()
        coming = history[number + 1].seat if number + 1 < len(history) else None
        if coming is None:
            coming = final.current_player
            if coming is None:
                break
        in_play = [seat for seat in range(players) if hands[seat]]
        after = [(event.seat + step) % players for step in range(1, players + 1)]
        assert coming == next(seat for seat in after if seat in in_play)
        assert type(history[number + 1]) is not Pass or hands[coming]  # F9: no pass recorded


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("sevens-52", Sevens52Options),
        ("domino", DominoOptions),
        ("cinquillo", CinquilloOptions),
    ],
)
@pytest.mark.parametrize("seed", range(6))
def test_s6_do4_c4_the_end_by_default_and_with_play_to_end(
    name: str, options: Any, seed: int
) -> None:
    g = game(name)
    final = played_out(name, seed, 4, options())[-1]
    last = final.history[-1]
    assert type(last) is Play and final.hand_sizes[last.seat] == 0  # the first seat out ends it
    assert [seat for seat in range(4) if not final.hand_sizes[seat]] == [last.seat]
    assert g.ranking(final)[0].seat == last.seat and g.ranking(final)[0].place == 1
    states = played_out(name, seed, 4, options(play_to_end=True))
    final = states[-1]
    assert sum(1 for size in final.hand_sizes if size) <= 1  # at most one seat holds cards
    for state in states[:-1]:  # and before the end, two seats at least held cards
        assert sum(1 for size in state.hand_sizes if size) >= 2
    out = [seat for seat in range(4) if not final.hand_sizes[seat]]
    for seat in out:  # a seat that emptied its hand left play: no event of it after that
        events = [number for number, event in enumerate(final.history) if event.seat == seat]
        gone = max(events)
        assert type(final.history[gone]) is Play
    ranking = g.ranking(final)
    assert sorted(standing.place for standing in ranking) == [1, 2, 3, 4]  # S8: none shared


def test_c4_the_others_are_ranked_by_cards_left_not_pips_ties_sharing() -> None:
    g = game("cinquillo")
    start = g.new_game(4, dealer=3, seed=2)
    # seat 1: one king (10 pips); seat 2: two aces (2 pips); seat 3: two cards too
    end = end_position(start, {1: "K♣", 2: "A♦ A♠", 3: "2♥ 3♥"}, passes=[0] * 4, finished=[0])
    places = [(standing.seat, standing.place) for standing in g.ranking(end)]
    assert places == [(0, 1), (1, 2), (2, 3), (3, 3)]


def test_s9_a_sevens_52_view_has_no_field_beyond_the_family_s() -> None:
    g = game("sevens-52")
    seen = g.view(g.new_game(4, seed=5), 0)
    assert isinstance(seen, FamilyView)
    assert [field.name for field in attrs.fields(type(seen))] == [
        field.name for field in attrs.fields(FamilyView)
    ]
    assert [
        field.name
        for field in attrs.fields(
            type(game("fan-tan").view(game("fan-tan").new_game(4, seed=5), 0))
        )
    ] != [field.name for field in attrs.fields(FamilyView)]  # fan-tan's has its extras (T9)


@pytest.mark.parametrize("seed", range(6))
def test_t6_the_others_pay_a_chip_a_card_and_the_first_out_takes_the_pool(seed: int) -> None:
    g = game("fan-tan")
    assert "play_to_end" not in attrs.fields_dict(FanTanOptions)  # T6: no such option
    final = played_out("fan-tan", seed, 4)[-1]
    winner = final.history[-1].seat
    assert g.ranking(final)[0].seat == winner and final.hand_sizes[winner] == 0
    payoffs = g.payoffs(final)
    for seat in range(4):
        if seat != winner:  # its ante and passes already in the pool, then a chip a card
            assert payoffs[seat] == -(final.paid[seat] + final.hand_sizes[seat])
    pool = final.pool + sum(final.hand_sizes)  # no fines without voluntary passes (T5)
    assert payoffs[winner] == pool - final.paid[winner]


def test_t8_nothing_checks_stacks_and_a_series_stack_may_go_below_zero() -> None:
    g = game("fan-tan")
    dear = FanTanOptions(ante=1000, pass_cost=1000)  # T8: payments are owed amounts
    final = played_out("fan-tan", 3, 5, dear)[-1]
    assert min(g.payoffs(final)) < -1000 and sum(g.payoffs(final)) == 0
    table = series.new_series(
        "fan-tan", 4, seed=2, series_options=SeriesOptions(scoring="chips", start=1, deals=2)
    )
    rng = random.Random(2)
    while not series.is_over(table):
        table = series.apply(table, rng.choice(series.legal_moves(table)))
    assert min(table.totals) < 0  # chips are accounting units: nobody is stopped from paying
