"""Inference from a view (R20, R21): exact holders, exact counts, exactly uniform samples."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from statistics import NormalDist

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sevens_ru as s7
from sevens_ru.games.sevens.inference import (
    InconsistentViewError,
    WrongTypeError,
    infer,
    possible_holders,
    sample_hands,
)

Hands = tuple[tuple[s7.Card, ...], ...]


def play_random(players: int, seed: int, plies: int) -> s7.GameState:
    """A game of ``players`` from ``seed`` after ``plies`` random plays (or at its end)."""
    rng = random.Random(seed)
    state = s7.new_game(players, seed=seed)
    for _ in range(plies):
        if s7.is_over(state):
            break
        state = s7.apply(state, rng.choice(s7.legal_moves(state)))
    return state


def replays_to(view: s7.PlayerView, hands: Hands) -> bool:
    """Whether dealing ``hands`` (current hands) and replaying the plays gives ``view`` (R20)."""
    dealt = [list(hand) for hand in hands]
    for event in view.history:
        if isinstance(event, s7.Play):
            dealt[event.seat].append(event.card)
    try:
        state = s7.new_game(view.players, hands=dealt, options=view.options)
        for event in view.history:
            if isinstance(event, s7.Play):
                state = s7.apply(state, event.card)
    except s7.SevensError:
        return False
    return s7.view(state, view.seat) == view


def all_deals(view: s7.PlayerView) -> Iterator[Hands]:
    """Every way to share the unseen cards among the other seats with their hand sizes."""
    others = [seat for seat in range(view.players) if seat != view.seat]

    def share(
        cards: tuple[s7.Card, ...], seats: list[int]
    ) -> Iterator[dict[int, tuple[s7.Card, ...]]]:
        if not seats:
            yield {}
            return
        for chosen in combinations(cards, view.hand_sizes[seats[0]]):
            rest = tuple(card for card in cards if card not in chosen)
            for tail in share(rest, seats[1:]):
                yield {seats[0]: chosen, **tail}

    for shared in share(tuple(sorted(view.unseen)), others):
        yield tuple(
            view.hand if seat == view.seat else shared[seat] for seat in range(view.players)
        )


def consistent_deals(view: s7.PlayerView) -> list[Hands]:
    return [hands for hands in all_deals(view) if replays_to(view, hands)]


def chi_square_limit(degrees: int, p: float) -> float:
    """The upper ``p`` quantile of chi-square (Wilson–Hilferty approximation)."""
    z = NormalDist().inv_cdf(1 - p)
    return degrees * (1 - 2 / (9 * degrees) + z * math.sqrt(2 / (9 * degrees))) ** 3


def assert_uniform(counts: Counter[Hands], deals: list[Hands]) -> None:
    """Every draw is one of ``deals`` (it replays to the view), each about as often (chi-square)."""
    assert set(counts) <= set(deals)
    draws = sum(counts.values())
    if len(deals) == 1:
        assert counts[deals[0]] == draws
        return
    expected = draws / len(deals)
    statistic = sum((counts[hands] - expected) ** 2 / expected for hands in deals)
    assert statistic < chi_square_limit(len(deals) - 1, 1e-4)


def small_positions() -> list[s7.PlayerView]:
    """Late positions with passes in the history and few enough unseen cards to enumerate."""
    found = []
    for players, seed in [(3, 1), (3, 5), (4, 2), (4, 9), (4, 13), (5, 3), (6, 4), (6, 11)]:
        rng = random.Random(seed)
        state = s7.new_game(players, seed=seed)
        while not s7.is_over(state):
            state = s7.apply(state, rng.choice(s7.legal_moves(state)))
            for seat in range(players):
                seen = s7.view(state, seat)
                if (
                    seat != state.current_player
                    and any(isinstance(event, s7.Pass) for event in seen.history)
                    and 5 <= len(seen.unseen) <= 9
                    and not s7.is_over(state)
                ):
                    found.append(seen)
                    break
            if len(found) and found[-1].players == players and found[-1].history == state.history:
                break
    return found


POSITIONS = small_positions()


def test_the_positions_are_small_and_informative() -> None:
    assert len(POSITIONS) >= 6
    assert {view.players for view in POSITIONS} >= {3, 4, 5, 6}


@pytest.mark.parametrize("view", POSITIONS, ids=lambda view: f"{view.players}p-{len(view.history)}")
def test_count_and_holders_match_brute_force(view: s7.PlayerView) -> None:
    # R20, R21: exactly the deals that replay to the same view are counted.
    deals = consistent_deals(view)
    inference = infer(view)
    assert inference.count == len(deals) > 0
    expected: dict[s7.Card, set[int]] = {card: set() for card in view.unseen}
    for hands in deals:
        for seat, hand in enumerate(hands):
            if seat != view.seat:
                for card in hand:
                    expected[card].add(seat)
    assert dict(possible_holders(view)) == {
        card: frozenset(seats) for card, seats in expected.items()
    }


@pytest.mark.parametrize("view", POSITIONS, ids=lambda view: f"{view.players}p-{len(view.history)}")
def test_sampler_is_uniform_over_the_consistent_deals(view: s7.PlayerView) -> None:
    deals = consistent_deals(view)
    inference = infer(view)
    rng = random.Random(len(view.history))
    draws = max(40 * len(deals), 400)
    assert_uniform(Counter(inference.sample(rng) for _ in range(draws)), deals)


def test_the_seat_to_play_holds_a_playable_card() -> None:
    # R11: seat 3 is to play after 9♦ and seat 2's pass, so it holds one of 8♦ 10♦ 9♣ 9♥ 9♠;
    # seat 0 holds 10♦, seat 1 may hold the rest, and every sample gives seat 3 one of them.
    state = s7.apply(s7.new_game(4, seed=1), "9♦")
    seen = s7.view(state, 0)
    playable = {s7.Card.parse(text) for text in ["8♦", "9♣", "9♥", "9♠"]}
    rng = random.Random(3)
    inference = infer(seen)
    for _ in range(300):
        hands = inference.sample(rng)
        assert playable & set(hands[3])
        assert not playable & set(hands[2])  # R21: seat 2 passed with these playable


def test_before_the_first_move_the_seat_to_play_holds_nine_of_diamonds() -> None:
    # R7
    state = s7.new_game(4, seed=1)
    holders = possible_holders(s7.view(state, 0))
    assert holders[s7.Card.parse("9♦")] == frozenset({state.current_player})
    assert holders[s7.Card.parse("9♣")] == frozenset({1, 2, 3})


def test_sizes_force_cards_to_a_seat() -> None:
    # When a seat's passes leave it exactly as many possible cards as it holds, it holds
    # all of them and no one else can (R21 with the hand sizes, not the passes alone).
    rng = random.Random(1)
    state = s7.new_game(3, seed=1)
    while not s7.is_over(state):
        state = s7.apply(state, rng.choice(s7.legal_moves(state)))
        inference = infer(s7.view(state, 1))
        forced = inference.allowed(2)
        if len(forced) == state.hand_sizes[2] < len(inference.unseen):
            break
    else:
        pytest.fail("the game has no position where sizes force cards")
    assert set(forced) <= set(state.hand(2))
    assert all(inference.holders[card] == {2} for card in forced)
    assert all(inference.holders[card] == {0} for card in state.hand(0))


def test_two_players_leave_nothing_hidden() -> None:
    state = play_random(2, 8, 5)
    seen = s7.view(state, 1)
    assert infer(seen).count == 1
    assert sample_hands(seen, random.Random(0)) == state.hands


def test_at_the_end_of_the_game() -> None:
    state = play_random(4, 3, 100)
    assert s7.is_over(state)
    seen = s7.view(state, 0)
    assert all(len(seats) >= 1 for seats in possible_holders(seen).values())
    assert replays_to(seen, sample_hands(seen, random.Random(2)))


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 10**6),
    plies=st.integers(0, 40),
    seat=st.integers(0, 5),
    draw=st.integers(0, 10**6),
)
def test_samples_fit_the_view_and_the_truth_is_possible(
    players: int, seed: int, plies: int, seat: int, draw: int
) -> None:
    # R20: the real deal is always among the possible ones; every sample replays to the view.
    state = play_random(players, seed, plies)
    seen = s7.view(state, seat % players)
    inference = infer(seen)
    assert inference.count >= 1
    for other, hand in enumerate(state.hands):
        if other != seen.seat:
            assert all(other in inference.holders[card] for card in hand)
    assert set(inference.holders) == set(seen.unseen)
    hands = inference.sample(random.Random(draw))
    assert hands[seen.seat] == seen.hand
    assert all(hand == tuple(sorted(hand)) for hand in hands)
    assert replays_to(seen, hands)
    # A sampled state has the view's history and plays on by the rules (R7-R14).
    rng = random.Random(draw)
    sampled = inference.sample_state(rng)
    assert sampled.history == state.history and s7.view(sampled, seen.seat) == seen
    if not s7.is_over(state) and state.current_player == seen.seat:
        assert s7.legal_moves(sampled) == s7.legal_moves(state)
    while not s7.is_over(sampled):
        sampled = s7.apply(sampled, rng.choice(s7.legal_moves(sampled)))
    assert s7.ranking(sampled)[0].seat == sampled.winner


def test_a_view_is_required() -> None:
    with pytest.raises(WrongTypeError, match="PlayerView"):
        infer(s7.new_game(4, seed=1))  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"random\.Random"):
        sample_hands(s7.view(s7.new_game(4, seed=1), 0), 42)  # type: ignore[arg-type]


def test_inconsistent_views_are_refused() -> None:
    state = s7.apply(s7.new_game(4, seed=1), "9♦")
    seen = s7.view(state, 0)
    bad_views = {
        "hand_sizes": attrs.evolve(seen, hand_sizes=(9, 8, 9, 8)),
        "passes": attrs.evolve(seen, passes=(0, 0, 0, 0)),
        "table": attrs.evolve(seen, table=frozenset()),
        "turn": attrs.evolve(seen, current_player=2),
        "share": attrs.evolve(seen, hand=(*seen.hand[:-1], s7.Card.parse("9♦"))),
        "seat": attrs.evolve(seen, seat=7),
        "R7": attrs.evolve(seen, history=(s7.Pass(0), *seen.history)),
        "history": attrs.evolve(seen, history=(s7.Play(1, s7.Card.parse("8♦")), s7.Pass(2))),
    }
    for name, bad in bad_views.items():
        with pytest.raises(InconsistentViewError):
            infer(bad)
        assert name  # each case is named for the report of a failure
    # A pass that the seat's own later play contradicts (R11, R21).
    later = s7.apply(state, "8♦")
    liar = attrs.evolve(
        s7.view(later, 1),
        history=(s7.Play(1, s7.Card.parse("9♦")), s7.Pass(2), s7.Play(3, s7.Card.parse("8♦"))),
    )
    infer(liar)  # consistent as it is
    contradicted = attrs.evolve(
        liar, history=(*liar.history[:1], s7.Pass(2), s7.Play(3, s7.Card.parse("10♦")))
    )
    with pytest.raises(InconsistentViewError):
        infer(contradicted)


def test_no_deal_fits() -> None:
    # A hand-built view: with 2 players, seat 1 holds every unseen card, among them a
    # card playable after 9♦, yet the history says it passed (R21): no deal fits.
    state = next(
        state for seed in range(100) if (state := s7.new_game(2, seed=seed)).current_player == 0
    )
    after = s7.apply(state, "9♦")
    seen = s7.view(after, 0)
    assert seen.current_player == 1
    faked = attrs.evolve(
        seen,
        history=(*seen.history, s7.Pass(1)),
        passes=(0, 1),
        current_player=0,
    )
    with pytest.raises(InconsistentViewError, match="no deal"):
        infer(faked)


def test_repr_and_unseen() -> None:
    inference = infer(s7.view(s7.apply(s7.new_game(4, seed=1), "9♦"), 0))
    assert repr(inference) == f"<Inference for seat 0: {inference.count} consistent deals>"
    assert set(inference.unseen) == inference.view.unseen
    with pytest.raises(s7.InvalidSeatError, match="other seats"):
        inference.allowed(0)
    with pytest.raises(s7.InvalidSeatError, match="other seats"):
        inference.allowed(4)


@pytest.mark.parametrize("view", POSITIONS, ids=lambda view: f"{view.players}p-{len(view.history)}")
def test_sampled_states_are_uniform_and_give_the_view(view: s7.PlayerView) -> None:
    # sample_state: the states of the consistent deals, each as likely, with the view's
    # history (R20), and built without a replay yet equal to one.
    deals = consistent_deals(view)
    inference = infer(view)
    rng = random.Random(len(view.history) + 7)
    draws = max(30 * len(deals), 300)
    assert_uniform(Counter(inference.sample_state(rng).hands for _ in range(draws)), deals)
    state = inference.sample_state(rng)
    assert s7.view(state, view.seat) == view
    assert s7.from_json(s7.to_json(state)) == state  # the same as a replay through the rules
