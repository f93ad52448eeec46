"""The Russian game's dealer (M2): the deal starts at the dealer's left, 9♦ still opens.

``dealer`` defaults to ``players − 1``, which is R5's deal from seat 0; every other
dealer turns the same seeded hands round the table, in the compiled core and in pure
Python alike, and is kept in the state, the view, the record (F18: only when it is not
the default), pickles, inference and ``hide_others``.
"""

from __future__ import annotations

import json
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sevens_ru as s7
from helpers import seeds
from sevens_ru import games
from sevens_ru.games.sevens.deal import deal_seeded, hand_sizes
from sevens_ru.inference import possible_holders, sample_hands, sample_state

SEVENS = games.get("sevens")
NINE = s7.Card.parse("9♦")


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, int]:
    players = draw(st.integers(2, 6))
    return players, draw(st.integers(0, players - 1))


def test_the_default_dealer_is_the_last_seat_and_deals_r5() -> None:
    # M2: dealer n − 1 makes the deal of R5, from seat 0
    for players in range(2, 7):
        state = s7.new_game(players, seed=11)
        assert state.dealer == players - 1
        assert s7.new_game(players, seed=11, dealer=players - 1) == state
        assert hand_sizes(players) == hand_sizes(players, players - 1)


@pytest.mark.parametrize("dealer", range(5))
def test_with_five_players_the_dealer_s_left_holds_eight_cards(dealer: int) -> None:
    # M2: seat dealer + 1 receives the first card, so the 8-card hand
    state = s7.new_game(5, seed=3, dealer=dealer)
    sizes = [len(hand) for hand in state.deal]
    assert sizes[(dealer + 1) % 5] == 8 and sorted(sizes) == [7, 7, 7, 7, 8]
    assert hand_sizes(5, dealer) == tuple(sizes)
    assert s7.legal_moves(state) == (NINE,)  # R7: 9♦ still opens
    assert NINE in state.deal[state.current_player]  # type: ignore[index]


@settings(max_examples=40)  # 10 in the quick run, 80 in CI's deep one
@given(tables(), seeds)
def test_another_dealer_turns_the_seeded_hands_round_the_table(
    table: tuple[int, int], seed: int
) -> None:
    # M2, F7: the card at position p goes to seat (dealer + 1 + p) mod n
    players, dealer = table
    default = s7.new_game(players, seed=seed).deal
    dealt = s7.new_game(players, seed=seed, dealer=dealer).deal
    for position in range(players):
        assert dealt[(dealer + 1 + position) % players] == default[position]
    assert deal_seeded(players, seed, dealer) == tuple(s7.mask_of(hand) for hand in dealt)


def test_the_dealer_is_part_of_the_setup() -> None:
    one, other = s7.new_game(4, seed=2, dealer=0), s7.new_game(4, seed=2, dealer=3)
    same_hands = s7.new_game(4, hands=one.deal, dealer=3)
    assert same_hands != one and same_hands.deal == one.deal
    assert s7.new_game(4, hands=one.deal, dealer=0) == one and other != one
    assert s7.view(one, 1).dealer == 0 and s7.view(other, 1).dealer == 3


@pytest.mark.parametrize(
    ("dealer", "gist"),
    [
        (4, "the dealer is a seat from 0 to 3 (M2), got 4"),
        (-1, "got -1"),
        (True, "got True"),
        ("1", "got str '1'"),
        (1.0, "got float 1.0"),
    ],
)
def test_a_bad_dealer_is_refused(dealer: object, gist: str) -> None:
    with pytest.raises(s7.InvalidDealError, match="dealer") as caught:
        s7.new_game(4, seed=1, dealer=dealer)  # type: ignore[arg-type]
    assert gist in str(caught.value)


def test_explicit_hands_must_have_the_dealer_s_sizes() -> None:
    # F8 / R6: the sizes that the deal from the dealer's left gives
    hands = s7.new_game(5, seed=4).deal  # seat 0 holds 8 cards
    assert s7.new_game(5, hands=hands, dealer=4).deal == hands
    with pytest.raises(s7.InvalidDealError) as caught:
        s7.new_game(5, hands=hands, dealer=1)
    assert "seat 0 holds 8 cards, expected 7" in str(caught.value)
    assert "seat 2 holds 8 cards and the others 7, with dealer 1 (M2)" in str(caught.value)


def test_the_record_names_the_dealer_only_when_it_is_not_the_default() -> None:
    # F18: Russian records keep "game": "sevens" and no dealer field for dealer n − 1
    default = s7.apply(s7.new_game(3, seed=9), "9♦")
    record = json.loads(s7.to_json(default))
    assert record["game"] == "sevens" and "dealer" not in record
    dealt = s7.new_game(3, seed=9, dealer=0)
    dealt = s7.apply(dealt, "9♦")
    text = s7.to_json(dealt)
    assert list(json.loads(text))[:4] == ["format", "game", "players", "dealer"]
    assert json.loads(text)["dealer"] == 0
    assert s7.from_json(text) == dealt and s7.from_json(text).dealer == 0
    assert SEVENS.from_json(SEVENS.to_json(dealt)) == dealt


@pytest.mark.parametrize(
    ("dealer", "gist"),
    [
        (3, "field 'dealer': expected a seat from 0 to 2, got 3"),
        ("0", "field 'dealer': expected an integer, got a string"),
        (None, "field 'dealer': expected an integer"),
    ],
)
def test_a_record_with_a_bad_dealer_is_refused(dealer: object, gist: str) -> None:
    record = json.loads(s7.to_json(s7.new_game(3, seed=9, dealer=0)))
    record["dealer"] = dealer
    with pytest.raises(s7.RecordError) as caught:
        s7.from_json(json.dumps(record, ensure_ascii=False))
    assert gist in str(caught.value)


def test_a_record_whose_deal_does_not_fit_its_dealer_is_refused() -> None:
    record = json.loads(s7.to_json(s7.new_game(5, seed=9)))
    record["dealer"] = 0  # seat 1 should then hold the 8 cards
    with pytest.raises(s7.RecordError, match=r"field 'deal'.*M2"):
        s7.from_json(json.dumps(record, ensure_ascii=False))


def test_pickles_keep_the_dealer() -> None:
    state = s7.apply(s7.new_game(5, seed=8, dealer=2), "9♦")
    assert pickle.loads(pickle.dumps(state)) == state
    assert pickle.loads(pickle.dumps(state)).dealer == 2


@settings(max_examples=40)  # 10 in the quick run, 80 in CI's deep one
@given(tables(), seeds)
def test_inference_deals_the_dealer_s_sizes(table: tuple[int, int], seed: int) -> None:
    # M2 with R21: the sampled hands have the sizes dealt from the dealer's left
    players, dealer = table
    state = s7.new_game(players, seed=seed, dealer=dealer)
    rng = random.Random(seed)
    for _ in range(rng.randrange(6)):
        if s7.is_over(state):
            break
        state = s7.apply(state, rng.choice(s7.legal_moves(state)))
    seen = s7.view(state, 0)
    hands = sample_hands(seen, rng)
    assert tuple(len(hand) for hand in hands) == state.hand_sizes
    sampled = sample_state(seen, rng)
    assert sampled.dealer == dealer and s7.view(sampled, 0) == seen
    holders = possible_holders(seen)
    for seat in range(1, players):
        for card in state.hands[seat]:
            assert seat in holders[card]


def test_a_view_with_a_bad_dealer_is_inconsistent() -> None:
    import attrs

    seen = attrs.evolve(s7.view(s7.new_game(4, seed=1), 0), dealer=7)
    with pytest.raises(s7.SevensError, match=r"view.dealer must be a seat from 0 to 3 \(M2\)"):
        sample_hands(seen, random.Random(1))


def test_hide_others_and_random_setup_keep_and_draw_dealers() -> None:
    state = s7.new_game(5, seed=5, dealer=1)
    assert SEVENS.hide_others is not None
    other = SEVENS.hide_others(state, 2, random.Random(3))
    assert other.dealer == 1 and s7.view(other, 2) == s7.view(state, 2)
    assert "dealer" in SEVENS.setup
    drawn = {SEVENS.random_setup(5, random.Random(seed))["dealer"] for seed in range(40)}
    assert drawn == set(range(5))


def test_the_bots_play_with_any_dealer() -> None:
    for name in SEVENS.bots.names:
        bot = SEVENS.bots.make(name if name != "search" else "search:rollouts=20")
        state = s7.new_game(5, seed=6, dealer=2)
        rng = random.Random(1)
        while not s7.is_over(state):
            seat = state.current_player
            assert seat is not None
            state = s7.apply(state, bot.choose(s7.view(state, seat), rng))
        assert len(s7.ranking(state)) == 5
