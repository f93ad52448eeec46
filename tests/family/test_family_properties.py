"""Invariants of the family (F12, S11, T11, N11, DO8, C7), over random games of every preset."""

from __future__ import annotations

from typing import Any

import pytest
from family_helpers import PRESETS, game, random_game, seeds
from hypothesis import given, settings

from sevens_ru import Card, Pass, Play, Rank
from sevens_ru.games.family import Burst
from sevens_ru.games.family.deal import hand_sizes
from sevens_ru.games.family.rows import playable
from sevens_ru.games.family.scoring import antes as antes_of


def playable_now(state: Any) -> int:
    rules = state._setup.rules
    return playable(rules, state.table_mask, state._centre)


def in_play(state: Any) -> list[int]:
    return [seat for seat in range(state.players) if state.in_play(seat)]


def replayed(final: Any) -> list[tuple[Any, list[set[Card]], set[Card]]]:
    """Each event of ``final``'s history with the hands and the table just before it."""
    rules = final._setup.rules
    laid = {
        card for hand in final.deal for card in hand if rules.layout and card.rank == Rank.SEVEN
    }
    hands = [set(hand) - laid for hand in final.deal]
    table = set(laid)
    found = []
    for event in final.history:
        found.append((event, [set(hand) for hand in hands], set(table)))
        if type(event) is Play:
            hands[event.seat].discard(event.card)
            table.add(event.card)
        elif type(event) is Burst:
            table |= hands[event.seat]
            hands[event.seat] = set()
    return found


def open_cards(final: Any, table: set[Card], centre: int) -> set[Card]:
    rules = final._setup.rules
    return set(rules.pack.cards_of(playable(rules, rules.pack.mask_of(table), centre)))


def passes_in_a_row(history: tuple[Any, ...]) -> int:
    longest = run = 0
    for event in history:
        run = run + 1 if type(event) is Pass else 0
        longest = max(longest, run)
    return longest


@pytest.mark.parametrize("name", PRESETS)
@settings(max_examples=40)
@given(seed=seeds)
def test_the_engine_s_invariants(name: str, seed: int) -> None:
    states, moves = random_game(name, seed)
    g = game(name)
    first, last = states[0], states[-1]
    rules = first._setup.rules
    size = len(rules.dealt)
    # F7: the sizes of the deal; F8: the deal is the pack
    assert [len(hand) for hand in first.deal] == list(hand_sizes(size, first.players, first.dealer))
    assert sorted(card for hand in first.deal for card in hand) == sorted(rules.dealt.cards)
    for state in states:
        assert sum(state.hand_sizes) + len(state.table) == size  # cards only move to the table
        if not g.is_over(state):
            # F12: some seat in play holds a playable card
            assert any(state.hand_mask(seat) & playable_now(state) for seat in in_play(state))
    # termination: a bound on the moves (plays, plus k passes a seat, plus the voluntary ones)
    assert len(moves) <= size + 20 * first.players + 2 * size * first.players
    assert g.is_over(last) and last.current_player is None
    standings = g.ranking(last)
    assert sorted(s.seat for s in standings) == list(range(first.players))
    assert abs(sum(g.returns(last))) < 1e-9
    # F13: passes in a row: at most m-1 forced, 2(m-1) voluntary (T11 v)
    if rules.policy == "forced":
        assert passes_in_a_row(last.history) <= first.players - 1
    elif rules.policy == "voluntary":
        assert passes_in_a_row(last.history) <= 2 * (first.players - 1)
    if name == "fan-tan":
        assert sum(g.payoffs(last)) == 0  # T11 (i)


@settings(max_examples=60)
@given(seed=seeds)
def test_s11_sevens_52(seed: int) -> None:
    states, _ = random_game("sevens-52", seed)
    options = states[0].options
    history = states[-1].history
    plays = [event for event in history if type(event) is Play]
    if not options.voluntary_passes:
        for event, hands, _ in replayed(states[-1]):
            if type(event) is Pass:  # (i) a seat holding a seven never passes
                assert not any(card.rank == Rank.SEVEN for card in hands[event.seat])
    if options.opener == "7♦":
        assert history[0] == Play(states[0].current_player, Card.parse("7♦"))  # (ii)
    bound = 51 if options.play_to_end else 53 - states[0].players
    assert len(plays) <= bound  # (iii)
    final = states[-1]
    if options.play_to_end:
        assert sorted(s.place for s in game("sevens-52").ranking(final)) == list(
            range(1, final.players + 1)
        )  # (v)
    else:
        assert [seat for seat in range(final.players) if not final.hand_sizes[seat]] == [
            final.winner
        ]  # (iv)


@settings(max_examples=60)
@given(seed=seeds)
def test_t11_fan_tan(seed: int) -> None:
    states, _ = random_game("fan-tan", seed)
    g = game("fan-tan")
    final = states[-1]
    options = final.options
    payoffs = g.payoffs(final)
    assert sum(payoffs) == 0  # (i)
    if not final._faults and options.ante >= 1:
        assert payoffs[final.winner] >= 2 * (final.players - 1)  # (ii)
    antes = sum(antes_of(final))
    for state in states:
        assert state.pool == antes + options.pass_cost * sum(state.passes)  # (iii)
    if not options.voluntary_passes:
        for event, hands, table in replayed(final):
            if type(event) is Pass:  # (iv) no seven, and before the first seven none at all
                assert not any(card.rank == Rank.SEVEN for card in hands[event.seat])
                assert not hands[event.seat] & open_cards(final, table, final._centre)


@settings(max_examples=60)
@given(seed=seeds)
def test_n11_shichinarabe(seed: int) -> None:
    states, moves = random_game("shichinarabe", seed)
    final = states[-1]
    limit = final.options.passes
    order = final._setup.rules.order
    for state in states:
        assert not any(card.rank == Rank.SEVEN for hand in state.hands for card in hand)  # (i)
        assert all(passes <= limit for passes in state.passes)  # (ii)
    passes = [0] * final.players
    for event, hands, table in replayed(final):
        if type(event) is Pass:
            assert passes[event.seat] < limit  # (ii) no pass after the k-th
            passes[event.seat] += 1
        if type(event) is Burst:  # (iii) k passes, no playable card, and then no cards
            assert passes[event.seat] == limit
            assert set(event.cards) == hands[event.seat]
            assert not hands[event.seat] & open_cards(final, table, final._centre)
        if type(event) is Play:  # (vi) every card between it and its seven is down
            low, high = sorted((order.index(event.card.rank), order.index(Rank.SEVEN)))
            between = {Card(rank, event.card.suit) for rank in order[low + 1 : high]}
            assert between <= table
    assert all(not final.hand(seat) for seat in final.burst)  # (iii)
    places = sorted(s.place for s in game("shichinarabe").ranking(final))
    if not final.options.first_out_ends:
        assert places == list(range(1, final.players + 1))  # (iv)
    assert len(moves) <= 48 + limit * final.players  # (v)


@settings(max_examples=60)
@given(seed=seeds)
def test_do8_domino(seed: int) -> None:
    states, _ = random_game("domino", seed)
    final = states[-1]
    first_event = final.history[0]
    assert type(first_event) is Play and first_event.seat == (final.dealer + 1) % final.players
    assert first_event.card.rank == final.start_rank  # (i)
    for suit in final._setup.rules.pack.suits:
        row = final.row(suit)
        if row is not None:  # (ii) every open row holds its start-rank card
            assert Card(final.start_rank, suit) in final.table
    for event, hands, _ in replayed(final):
        if type(event) is Pass:  # (iii) a seat holding a start-rank card never passes
            assert not any(card.rank == final.start_rank for card in hands[event.seat])
    plays = sum(1 for event in final.history if type(event) is Play)
    size = len(final._setup.rules.dealt)
    assert plays <= (size - 1 if final.options.play_to_end else size - final.players + 1)  # (iv)


@settings(max_examples=60)
@given(seed=seeds)
def test_c7_cinquillo(seed: int) -> None:
    states, _ = random_game("cinquillo", seed)
    final = states[-1]
    centre = Rank(final.options.centre)
    opener = Card(centre, final._setup.rules.pack.suits[1])
    assert final.history[0] == Play(states[0].current_player, opener)  # (i)
    for event, hands, table in replayed(final):
        if type(event) is Pass:  # (ii) a seat holding a five never passes
            assert not any(card.rank == centre for card in hands[event.seat])
        if type(event) is Play and event.card.rank == Rank.JACK:  # (iii) the sota after the 7
            assert Card(Rank.SEVEN, event.card.suit) in table
    scores = game("cinquillo").scores(final)
    if not final.options.play_to_end:
        others = sum(size for seat, size in enumerate(final.hand_sizes) if seat != final.winner)
        assert scores[final.winner] == 5 + others  # (iv)
