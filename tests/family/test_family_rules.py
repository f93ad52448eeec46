"""The family's registry entries, options, moves, errors, records and views (F1–F18)."""

from __future__ import annotations

import json
import random

import attrs
import pytest
from family_helpers import PRESETS, deal_to_order, end_position, game, random_game

import sevens_ru as s7
from sevens_ru import Card, Pass, games
from sevens_ru.games.family import PASS, Burst, parse_move
from sevens_ru.games.family.options import (
    CinquilloOptions,
    DominoOptions,
    FanTanOptions,
    Sevens52Options,
    ShichinarabeOptions,
)
from sevens_ru.testing import api_test


def test_f1_the_presets_are_registered_after_the_library_s_own_games() -> None:
    assert games.names()[:7] == ("sevens", "durak", *PRESETS)
    with pytest.raises(s7.UnknownGameError, match="fan-tan, shichinarabe, domino, cinquillo"):
        games.get("fan tan")
    assert games.get("sevens").new_game is s7.new_game  # "sevens" stays the Russian engine


@pytest.mark.parametrize(
    ("name", "options", "actions"),
    [
        ("sevens-52", Sevens52Options, 53),
        ("fan-tan", FanTanOptions, 53),
        ("shichinarabe", ShichinarabeOptions, 53),
        ("domino", DominoOptions, 53),
        ("cinquillo", CinquilloOptions, 41),
    ],
)
def test_f2_f5_each_preset_has_its_options_and_action_numbers(
    name: str, options: type, actions: int
) -> None:
    g = game(name)
    assert g.Options is options and g.options_type is options
    assert g.num_actions(4) == actions == len(g.pack) + 1  # F5
    assert g.action_of(PASS) == len(g.pack) and g.move_of(len(g.pack)) is PASS
    assert options().place_numbering == "competition"  # F2: every class has it
    with pytest.raises(s7.InvalidOptionsError):
        options(place_numbering="olympic")
    with pytest.raises(s7.InvalidOptionsError, match="must be a"):
        g.new_game(
            4, options=Sevens52Options() if options is not Sevens52Options else FanTanOptions()
        )


@pytest.mark.parametrize(
    "make",
    [
        lambda: Sevens52Options(ace="middle"),  # type: ignore[arg-type]
        lambda: Sevens52Options(voluntary_passes=1),  # type: ignore[arg-type]
        lambda: FanTanOptions(ante=-1),
        lambda: FanTanOptions(pass_cost=True),
        lambda: ShichinarabeOptions(passes=21),
        lambda: ShichinarabeOptions(first="7♥"),  # type: ignore[arg-type]
        lambda: DominoOptions(pack=36),  # type: ignore[arg-type]
        lambda: CinquilloOptions(centre=7),  # type: ignore[arg-type]
    ],
)
def test_f2_a_wrong_value_raises_invalid_options_error(make: object) -> None:
    with pytest.raises(s7.InvalidOptionsError):
        make()  # type: ignore[operator]


def test_f14_pass_is_one_value_written_pass() -> None:
    assert parse_move("PASS") is PASS and str(PASS) == "pass" and repr(PASS) == "PASS"
    assert parse_move("7♦") == Card.parse("7♦")
    with pytest.raises(s7.CardParseError):
        parse_move("passe")


def test_f13_under_the_forced_policy_a_pass_is_never_a_move() -> None:
    g = game("sevens-52")
    state = g.new_game(4, seed=1)
    with pytest.raises(s7.IllegalMoveError, match="made by the engine"):
        g.apply(state, "pass")
    with pytest.raises(s7.IllegalMoveError, match="must be 7♦"):
        g.apply(state, next(card for card in state.hand(state.current_player) if str(card) != "7♦"))


def test_f13_the_guard_makes_a_seat_that_can_play_play() -> None:
    g = game("sevens-52")
    options = Sevens52Options(voluntary_passes=True)
    state = g.apply(g.new_game(4, seed=2, options=options), "7♦")
    for _ in range(3):  # m - 1 = 3 passes in a row
        state = g.apply(state, "pass")
    assert g.legal_moves(state) and PASS not in g.legal_moves(state)
    with pytest.raises(s7.IllegalMoveError, match="went round the table"):
        g.apply(state, PASS)


def test_s3_the_opening_card_stays_forced_with_voluntary_passes() -> None:
    g = game("sevens-52")
    state = g.new_game(4, seed=2, options=Sevens52Options(voluntary_passes=True))
    assert g.legal_moves(state) == (Card.parse("7♦"),)
    with pytest.raises(s7.IllegalMoveError, match=r"must be played \(S3\)"):
        g.apply(state, "pass")


def test_n4_a_seat_out_of_passes_must_play() -> None:
    g = game("shichinarabe")
    state = g.new_game(2, seed=4, options=ShichinarabeOptions(passes=1))
    seat = state.current_player
    state = g.apply(state, "pass")
    while state.current_player != seat:
        state = g.apply(state, g.legal_moves(state)[0])
    assert state.hand(seat) and PASS not in g.legal_moves(state)
    with pytest.raises(s7.IllegalMoveError, match=r"made its 1 passes and must play \(N4\)"):
        g.apply(state, "pass")


def test_n5_n8_a_game_can_end_by_a_burst_before_its_first_move() -> None:
    # With no pass to make and two seats, the seat that laid 7♦ bursts inside new_game if
    # it holds no card next to a seven (N5), and the game is over (N8): at most one seat
    # is in play. The contract check takes such a new game as over, not as a game whose
    # ranking must be refused.
    g = game("shichinarabe")
    state = g.new_game(2, seed=347, options=ShichinarabeOptions(passes=0))
    assert g.is_over(state) and not g.legal_moves(state)
    shown = tuple(card for card in state.deal[1] if card not in state.laid[1])  # N2, N6
    assert state.burst == (1,) and state.history == (Burst(1, shown),)
    assert [(standing.seat, standing.place) for standing in g.ranking(state)] == [(0, 1), (1, 2)]
    api_test(g, games=2, seed=53, bots=False)  # one of its deals is such a game


def test_f6_a_card_of_another_pack_is_refused() -> None:
    g = game("cinquillo")
    state = g.new_game(4, seed=1)
    with pytest.raises(s7.IllegalMoveError, match="not a card of the game"):
        g.apply(state, "8♦")
    hands = [list(hand) for hand in state.deal]
    hands[0][0] = Card.parse("8♦")
    with pytest.raises(s7.InvalidDealError, match="not in the pack of the game"):
        g.new_game(4, hands=hands)
    with pytest.raises(s7.InvalidMoveError):
        g.action_of(Card.parse("10♦"))
    assert g.parse_move("SS") == Card.parse("J♠")  # F6: the Spanish sota


def test_f7_f8_the_dealer_and_the_deal() -> None:
    g = game("sevens-52")
    assert g.new_game(5, seed=1).dealer == 4
    assert [len(hand) for hand in g.new_game(5, dealer=1, seed=1).hands] == [10, 10, 11, 11, 10]
    for dealer in (-1, 5, "1", True):
        with pytest.raises(s7.InvalidDealError, match="dealer"):
            g.new_game(5, dealer=dealer, seed=1)
    hands = deal_to_order("sevens-52", 5, 4, holds={})
    with pytest.raises(s7.InvalidDealError, match="expected 10"):
        g.new_game(5, dealer=1, hands=hands)  # the sizes of dealer 4, not of dealer 1
    with pytest.raises(s7.InvalidDealError, match="not both"):
        g.new_game(5, seed=1, hands=hands)
    with pytest.raises(s7.InvalidDealError, match="2 to 6 players"):
        game("domino").new_game(7, seed=1, options=DominoOptions(pack=32))  # DO1


def test_f17_a_view_shows_no_other_hand_and_the_preset_s_extras() -> None:
    fan_tan, domino = game("fan-tan"), game("domino")
    state = fan_tan.new_game(3, dealer=2, seed=3)
    seen = fan_tan.view(state, 1)
    assert seen.hand == state.hand(1) and seen.pool == state.pool and seen.paid == state.paid
    assert seen.dealer == 2 and seen.status(0) == "in play"
    with pytest.raises(s7.InvalidSeatError, match="shows only the hand of seat 1"):
        seen.hand_mask(0)
    first = domino.new_game(3, seed=3)
    after = domino.apply(first, domino.legal_moves(first)[0])
    assert domino.view(after, 2).start_rank == after.history[0].card.rank  # DO6


_OUTCOMES = {"fan-tan": ("payoffs",), "cinquillo": ("scores",)}


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_f17_the_outcome_is_in_every_view_once_over_and_only_then(name: str, seed: int) -> None:
    g = game(name)
    states, _ = random_game(name, seed)
    extras = _OUTCOMES.get(name, ())
    for state in states[:-1]:  # F17: before the end the outcome is not public
        seen = g.view(state, state.current_player)
        assert seen.ranking is None and all(getattr(seen, extra) is None for extra in extras)
    final = states[-1]
    for seat in range(final.players):  # F17: once over, every seat sees the outcome
        seen = g.view(final, seat)
        assert seen.ranking == g.ranking(final) and seen.hand == final.hand(seat)
        for extra in extras:  # T7: fan-tan's payoffs; C5: cinquillo's scores
            assert getattr(seen, extra) == getattr(g, extra)(final)


def test_f17_after_the_end_the_outcome_may_read_the_cards_the_others_held() -> None:
    # F17: seat 0's views of two ends that differ only by cards swapped between seats 1
    # and 2 agree on everything but the outcome, which ranks domino's seats by pips (DO6).
    g = game("domino")
    start = g.new_game(3, dealer=2, seed=4)
    one = end_position(start, {1: "K♣", 2: "2♣"}, passes=[0, 0, 0], finished=[0])
    other = end_position(start, {1: "2♣", 2: "K♣"}, passes=[0, 0, 0], finished=[0])
    mine, theirs = g.view(one, 0), g.view(other, 0)
    assert mine.history == theirs.history and mine.hand_sizes == theirs.hand_sizes
    assert [s.seat for s in mine.ranking] == [0, 2, 1]
    assert [s.seat for s in theirs.ranking] == [0, 1, 2]
    assert attrs.evolve(mine, ranking=None) == attrs.evolve(theirs, ranking=None)


@pytest.mark.parametrize("name", PRESETS)
def test_f18_records_store_the_moves_not_the_automatic_passes(name: str) -> None:
    g = game(name)
    states, moves = random_game(name, 17)
    record = json.loads(g.to_json(states[-1]))
    assert list(record) == ["format", "game", "players", "dealer", "options", "deal", "moves"]
    assert record["game"] == name and record["moves"] == [str(move) for move in moves]
    assert g.from_json(g.to_json(states[-1])) == states[-1]
    automatic = states[-1]._setup.rules.policy == "forced"
    passes = sum(1 for event in states[-1].history if type(event) is Pass)
    assert record["moves"].count("pass") == (0 if automatic else passes)
    broken = dict(record, moves=[*record["moves"], "7♦"])
    with pytest.raises(s7.RecordError, match=rf"moves\[{len(moves)}\]"):
        g.from_json(json.dumps(broken))


@pytest.mark.parametrize("name", PRESETS)
def test_the_bots_play_every_preset_to_the_end(name: str) -> None:
    g = game(name)
    rng = random.Random(3)
    for players in (g.min_players, g.max_players):
        bots = [g.bots.make("heuristic" if seat % 2 else "random") for seat in range(players)]
        state = g.new_game(players, seed=players)
        while not g.is_over(state):
            seat = state.current_player
            state = g.apply(state, bots[seat].choose(g.view(state, seat), rng))
        assert len(g.ranking(state)) == players


def test_the_heuristic_bot_beats_random_play_in_sevens_52() -> None:
    g = game("sevens-52")
    rng = random.Random(1)
    wins = 0
    for seed in range(200):
        state = g.new_game(4, seed=seed)
        bots = [g.bots.make("heuristic")] + [g.bots.make("random")] * 3
        while not g.is_over(state):
            seat = state.current_player
            state = g.apply(state, bots[seat].choose(g.view(state, seat), rng))
        wins += state.winner == 0
    assert wins > 200 / 4  # better than the 25 % of a random seat
