"""Durak inference (D7, D17): exact holders and counts, exactly uniform samples and states."""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from statistics import NormalDist

import attrs
import pytest
from durak_helpers import seeds
from hypothesis import given, settings
from hypothesis import strategies as st

from sevens_ru import (
    Card,
    InconsistentViewError,
    NotAGameStateError,
    SevensError,
    WrongTypeError,
    durak,
)
from sevens_ru.games.durak.inference import (
    UNDEALT,
    infer,
    possible_holders,
    sample_hands,
    sample_state,
)

Hands = tuple[tuple[Card, ...], ...]


def play_random(
    players: int, seed: int, moves: int, *, short_deck: bool = False
) -> durak.GameState:
    """A game after ``moves`` random moves (or at its end)."""
    rng = random.Random(seed)
    options = durak.Options(short_deck=short_deck)
    state = durak.new_game(players, dealer=seed % players, seed=seed, options=options)
    for _ in range(moves):
        if durak.is_over(state):
            break
        state = durak.apply(state, rng.choice(durak.legal_moves(state)))
    return state


def replays_to(seen: durak.PlayerView, hands: Hands) -> bool:
    """Whether these current hands, dealt back through the history and replayed, give ``seen``."""
    dealt = [set(hand) for hand in hands]
    for event in reversed(seen.history):  # undo the events, newest first
        if isinstance(event, durak.Took):
            dealt[event.seat] -= set(event.cards)
        elif isinstance(event, durak.Covered):
            dealt[event.seat].add(event.card)
        else:
            dealt[event.seat] |= set(event.cards)
    try:
        state = durak.new_game(
            seen.players,
            dealer=seen.dealer,
            hands=[sorted(hand) for hand in dealt],
            trump=seen.trump,
            options=seen.options,
        )
        for event in seen.history:
            if isinstance(event, durak.Led):
                state = durak.apply(state, durak.Lead(event.cards))
            elif isinstance(event, durak.Covered):
                state = durak.apply(state, durak.Cover(event.attack, event.card))
            elif isinstance(event, durak.Took):
                state = durak.apply(state, durak.Take())
    except SevensError:
        return False
    return durak.view(state, seen.seat) == seen


def all_deals(seen: durak.PlayerView) -> Iterator[Hands]:
    """Every way to give each other seat its known cards and enough unseen ones (D17)."""
    others = [seat for seat in range(seen.players) if seat != seen.seat]

    def share(cards: frozenset[Card], seats: list[int]) -> Iterator[dict[int, frozenset[Card]]]:
        if not seats:
            yield {}  # the cards left are the undealt ones
            return
        seat = seats[0]
        wanted = seen.hand_sizes[seat] - len(seen.known_cards[seat])
        for chosen in combinations(sorted(cards), wanted):
            for tail in share(cards - set(chosen), seats[1:]):
                yield {seat: seen.known_cards[seat] | set(chosen), **tail}

    for shared in share(seen.unseen, others):
        yield tuple(
            seen.hand if seat == seen.seat else tuple(sorted(shared[seat]))
            for seat in range(seen.players)
        )


@functools.cache
def consistent_deals(seen: durak.PlayerView) -> list[Hands]:
    return [hands for hands in all_deals(seen) if replays_to(seen, hands)]


def deal_count(seen: durak.PlayerView) -> int:
    """How many deals :func:`all_deals` enumerates: the unseen cards shared out by size."""
    left, ways = len(seen.unseen), 1
    for seat in range(seen.players):
        if seat != seen.seat:
            wanted = seen.hand_sizes[seat] - len(seen.known_cards[seat])
            ways *= math.comb(left, wanted)
            left -= wanted
    return ways


def chi_square_limit(degrees: int, p: float) -> float:
    """The upper ``p`` quantile of chi-square (Wilson–Hilferty approximation)."""
    z = NormalDist().inv_cdf(1 - p)
    return degrees * (1 - 2 / (9 * degrees) + z * math.sqrt(2 / (9 * degrees))) ** 3


def small_positions() -> list[durak.PlayerView]:
    """Views where joining rules deals out and few enough deals remain to enumerate them."""
    found = []
    for players, short_deck, seed in [
        (2, True, 1),
        (2, True, 2),
        (3, True, 3),
        (3, True, 5),
        (3, False, 8),
        (4, False, 7),
        (4, False, 10),
        (2, False, 9),
    ]:
        rng = random.Random(seed)
        options = durak.Options(short_deck=short_deck)
        state = durak.new_game(players, dealer=seed % players, seed=seed, options=options)
        while not durak.is_over(state):
            state = durak.apply(state, rng.choice(durak.legal_moves(state)))
            views = [durak.view(state, seat) for seat in range(players)]
            fitting = [
                seen
                for seen in views
                if 3 <= (count := infer(seen).count) <= 1300
                and count < sum(1 for _ in all_deals(seen))
            ]
            if fitting:
                found.append(fitting[0])
                break
    return found


POSITIONS = small_positions()


def name(seen: durak.PlayerView) -> str:
    return f"{seen.players}p-{len(seen.history)}-seat{seen.seat}"


def test_the_positions_are_small_and_informative() -> None:
    assert len(POSITIONS) >= 7
    assert {seen.players for seen in POSITIONS} == {2, 3, 4}
    assert any(seen.options.short_deck for seen in POSITIONS)


@pytest.mark.parametrize("seen", POSITIONS, ids=name)
def test_count_and_holders_match_brute_force(seen: durak.PlayerView) -> None:
    # D7, D17: exactly the deals that replay to the same view are counted.
    deals = consistent_deals(seen)
    inference = infer(seen)
    assert inference.count == len(deals) > 0
    expected: dict[Card, set[int]] = {card: set() for card in seen.unseen}
    for hands in deals:
        held = set()
        for seat, hand in enumerate(hands):
            if seat != seen.seat:
                for card in set(hand) & seen.unseen:
                    expected[card].add(seat)
                    held.add(card)
        for card in seen.unseen - held:
            expected[card].add(UNDEALT)
    assert dict(possible_holders(seen)) == {card: frozenset(s) for card, s in expected.items()}


@pytest.mark.parametrize("seen", POSITIONS, ids=name)
def test_sampler_is_uniform_over_the_consistent_deals(seen: durak.PlayerView) -> None:
    deals = consistent_deals(seen)
    inference = infer(seen)
    rng = random.Random(len(seen.history))
    draws = max(20 * len(deals), 400)
    counts = Counter(inference.sample(rng) for _ in range(draws))
    assert set(counts) <= set(deals)  # every sample replays to the same view
    expected = draws / len(deals)
    statistic = sum((counts[hands] - expected) ** 2 / expected for hands in deals)
    assert statistic < chi_square_limit(len(deals) - 1, 1e-4)


@pytest.mark.parametrize("seen", POSITIONS, ids=name)
def test_sampled_states_are_uniform_and_give_the_view(seen: durak.PlayerView) -> None:
    deals = consistent_deals(seen)
    inference = infer(seen)
    rng = random.Random(len(seen.history) + 1)
    draws = max(15 * len(deals), 300)
    counts: Counter[Hands] = Counter()
    for _ in range(draws):
        state = inference.sample_state(rng)
        counts[state.hands] += 1
    assert set(counts) <= set(deals)
    expected = draws / len(deals)
    statistic = sum((counts[hands] - expected) ** 2 / expected for hands in deals)
    assert statistic < chi_square_limit(len(deals) - 1, 1e-4)
    state = inference.sample_state(rng)
    assert durak.view(state, seen.seat) == seen
    assert durak.from_json(durak.to_json(state)) == state  # it replays through the rules


def test_joining_rules_out_the_led_rank() -> None:
    # D7: after the lead of a six, only the attacker may hold one of the other sixes.
    state = durak.apply(durak.new_game(3, dealer=0, seed=7), "lead 6♣")
    holders = possible_holders(durak.view(state, 0))
    assert holders[Card.parse("6♠")] == {UNDEALT, 1}
    assert holders[Card.parse("7♠")] == {UNDEALT, 1, 2}


def test_taken_cards_stay_with_the_taker() -> None:
    # D9, D17: the cards taken are known to be in the taker's hand until played.
    rng = random.Random(4)
    state = durak.new_game(3, dealer=0, seed=4)
    while not any(isinstance(event, durak.Took) for event in state.history):
        state = durak.apply(state, rng.choice(durak.legal_moves(state)))
    taker = state.history[-1].seat
    seen = durak.view(state, (taker + 1) % 3)
    taken = seen.known_cards[taker]
    assert taken and not taken & set(possible_holders(seen))
    for _ in range(50):
        assert taken <= set(sample_hands(seen, rng)[taker])


def test_four_players_leave_nothing_over() -> None:
    # D4: the whole pack is dealt, and the dealer's trump card is known.
    state = durak.new_game(4, dealer=2, seed=5)
    seen = durak.view(state, 0)
    holders = possible_holders(seen)
    assert state.trump not in holders
    assert all(UNDEALT not in seats for seats in holders.values())
    assert state.trump in sample_hands(seen, random.Random(1))[2]


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 4),
    short_deck=st.booleans(),
    seed=seeds,
    moves=st.integers(0, 60),
    seat=st.integers(0, 3),
    draw=st.integers(0, 10**6),
)
def test_samples_fit_the_view_and_the_truth_is_possible(
    players: int, short_deck: bool, seed: int, moves: int, seat: int, draw: int
) -> None:
    state = play_random(players, seed, moves, short_deck=short_deck and players < 4)
    seen = durak.view(state, seat % players)
    inference = infer(seen)
    assert inference.count >= 1
    assert set(inference.holders) == seen.unseen == set(inference.unseen)
    for other, hand in enumerate(state.hands):
        for card in set(hand) & seen.unseen:
            assert other in inference.holders[card]
    for card in state.undealt & seen.unseen:
        assert UNDEALT in inference.holders[card]
    rng = random.Random(draw)
    hands = inference.sample(rng)
    assert hands[seen.seat] == seen.hand
    assert [len(hand) for hand in hands] == list(seen.hand_sizes)
    assert replays_to(seen, hands)
    sampled = inference.sample_state(rng)
    assert durak.view(sampled, seen.seat) == seen
    assert sampled.moves == state.moves and sampled.trump == state.trump
    while not durak.is_over(sampled):  # the sampled state plays on like any other
        sampled = durak.apply(sampled, rng.choice(durak.legal_moves(sampled)))


def test_a_view_is_required() -> None:
    with pytest.raises(NotAGameStateError, match="takes a Durak PlayerView"):
        infer(durak.new_game(2, seed=1))  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"random\.Random"):
        sample_state(durak.view(durak.new_game(2, seed=1), 0), 3)  # type: ignore[arg-type]


def test_inconsistent_views_are_refused() -> None:
    state = play_random(3, 11, 12)
    seen = durak.view(state, 0)
    other = durak.view(play_random(3, 12, 12), 0)
    bad_views = {
        "sizes": attrs.evolve(seen, hand_sizes=(seen.hand_sizes[0], 0, 0)),
        "own size": attrs.evolve(seen, hand=seen.hand[:-1]),
        "seat": attrs.evolve(seen, seat=5),
        "history": attrs.evolve(seen, history=other.history),
        "event": attrs.evolve(seen, history=(*seen.history, "take")),  # type: ignore[arg-type]
        "bout": attrs.evolve(seen, bouts=seen.bouts + 1),
    }
    for bad in bad_views.values():
        with pytest.raises(InconsistentViewError):
            infer(bad)


def test_repr() -> None:
    inference = infer(durak.view(durak.new_game(2, seed=1), 0))
    assert repr(inference) == f"<durak.Inference for seat 0: {inference.count} consistent deals>"
