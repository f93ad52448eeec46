"""Invariants of the Durak rules, checked over random games of 2–4 players and both packs."""

from __future__ import annotations

import pickle
import random
from itertools import combinations, pairwise

from durak_helpers import beats, bound_on_moves, games, pack, random_states, setups
from hypothesis import given, settings
from hypothesis import strategies as st

from sevens_ru import Card, durak


def table_cards(state: durak.GameState) -> list[Card]:
    return [card for pair in state.table for card in pair if card is not None]


def snapshot(state: durak.GameState) -> tuple[object, ...]:
    return (
        state.players,
        state.dealer,
        state.options,
        state.trump,
        state.deal,
        state.undealt,
        state.hands,
        state.table,
        state.set_aside,
        state.attacker,
        state.defender,
        state.current_player,
        state.out,
        state.bouts,
        state.takes_in_a_row,
        state.moves,
        state.history,
        state.loser,
        state.is_draw,
        durak.legal_moves(state),
    )


def next_holder(state: durak.GameState, seat: int) -> int:
    """The next seat clockwise after ``seat`` that holds cards (``seat`` itself last)."""
    for step in range(1, state.players + 1):
        if state.hand_sizes[(seat + step) % state.players]:
            return (seat + step) % state.players
    raise AssertionError("nobody holds cards")


@given(games())
@settings(max_examples=200)
def test_cards_are_conserved(game: list[durak.GameState]) -> None:
    # D1, D4: hands + current bout + set aside + undealt = the pack, each card once
    for state in game:
        places = [card for hand in state.hands for card in hand]
        places += table_cards(state) + list(state.set_aside) + list(state.undealt)
        assert len(places) == len(set(places)) == len(pack(state.options))
        assert set(places) == pack(state.options)
        assert all(list(hand) == sorted(hand) for hand in state.hands)


@given(games())
@settings(max_examples=200)
def test_the_cards_held_keep_their_parity(game: list[durak.GameState]) -> None:
    # D8, D9, D10: a bout sets aside pairs or goes to the taker; so with 3 players (27
    # cards) someone always holds a card and the game cannot end in a D12 draw
    for state in game:
        assert len(state.set_aside) % 2 == 0
        if not state.table:  # between bouts
            assert sum(state.hand_sizes) % 2 == (9 * state.players) % 2
    if game[-1].players == 3:
        assert game[-1].loser is not None or game[-1].takes_in_a_row == game[-1].options.take_limit


@given(games())
@settings(max_examples=200)
def test_every_cover_obeys_d8(game: list[durak.GameState]) -> None:
    for before, after in pairwise(game):
        move = after.moves[-1]
        if isinstance(move, durak.Cover):
            defender = before.defender
            assert defender is not None and before.current_player == defender
            assert move.card in before.hand(defender)
            assert (move.attack, None) in before.table  # an uncovered attacking card
            assert beats(move.card, move.attack, before.trump_suit)  # D8


@given(games())
@settings(max_examples=200)
def test_every_card_of_the_led_rank_is_joined(game: list[durak.GameState]) -> None:
    # D6, D7: after a lead, no other seat holds a card of the led rank; the attack is
    # the lead plus every such card, joined in clockwise order from the attacker's left
    for before, after in pairwise(game):
        move = after.moves[-1]
        if not isinstance(move, durak.Lead):
            continue
        attacker = before.attacker
        assert attacker is not None and before.table == ()
        assert 1 <= len(move.cards) <= 4 and set(move.cards) <= set(before.hand(attacker))
        others = [(attacker + step) % before.players for step in range(1, before.players)]
        joined = [
            (seat, tuple(card for card in before.hand(seat) if card.rank == move.rank))
            for seat in others
        ]
        expected = [durak.Joined(seat, cards) for seat, cards in joined if cards]
        new_events = after.history[len(before.history) :]
        assert new_events == (durak.Led(attacker, move.cards), *expected)
        for seat in others:
            assert all(card.rank != move.rank for card in after.hand(seat))
        attack = {card for card, _ in after.table}
        assert attack == set(move.cards) | {card for _, cards in joined for card in cards}
        assert all(cover is None for _, cover in after.table)


@given(games())
@settings(max_examples=200)
def test_a_seat_without_cards_is_never_attacked_and_never_leads(
    game: list[durak.GameState],
) -> None:
    # D5, D9, D10, D11
    for state in game:
        if durak.is_over(state):
            continue
        attacker, defender = state.attacker, state.defender
        assert attacker is not None and defender is not None and attacker != defender
        assert attacker not in state.out and defender not in state.out
        if not state.table:  # a bout is about to start
            assert state.hand_sizes[attacker] and state.hand_sizes[defender]
            assert defender == next_holder(state, attacker)
            assert all(
                state.hand_sizes[seat] for seat in range(state.players) if seat not in state.out
            )
        assert all(not state.hand_sizes[seat] for seat in state.out)  # out for good


@given(games())
@settings(max_examples=200)
def test_who_leads_next(game: list[durak.GameState]) -> None:
    # D9: after a take the next seat after the taker with cards leads; D10: after a
    # covered bout the defender leads, or if he has no cards the next seat with cards
    for before, after in pairwise(game):
        if after.bouts == before.bouts or durak.is_over(after):
            continue
        assert after.bouts == before.bouts + 1 and after.table == ()
        defender = before.defender
        assert defender is not None
        taken = isinstance(after.moves[-1], durak.Take)
        assert after.takes_in_a_row == (before.takes_in_a_row + 1 if taken else 0)  # D13
        if not taken and after.hand_sizes[defender]:
            assert after.attacker == defender
        else:
            assert after.attacker == next_holder(after, defender)


@given(games())
@settings(max_examples=300)
def test_every_game_ends_within_the_bound(game: list[durak.GameState]) -> None:
    # D12, D13: at most L·(⌊9n/2⌋ + 1) bouts and 5 moves a bout
    final = game[-1]
    players, limit = final.players, final.options.take_limit
    assert durak.is_over(final) and durak.legal_moves(final) == ()
    assert len(final.moves) <= bound_on_moves(players, limit) == durak.max_moves(players, limit)
    assert final.bouts <= limit * ((9 * players) // 2 + 1)
    holders = [seat for seat in range(players) if final.hand_sizes[seat]]
    assert len(holders) <= 1 or final.takes_in_a_row == limit
    assert final.loser == (holders[0] if len(holders) == 1 else None)
    assert final.is_draw == (len(holders) != 1)
    assert final.attacker is None and final.defender is None and final.current_player is None
    for state in game[:-1]:
        assert not durak.is_over(state) and durak.legal_moves(state)


@given(games())
@settings(max_examples=200)
def test_legal_moves_are_exactly_the_moves_the_rules_allow(game: list[durak.GameState]) -> None:
    # D6: any one to four cards of one rank; D8, D9: a cover of an uncovered card, or take
    for state in game[:-1]:
        seat = state.current_player
        assert seat is not None
        hand = state.hand(seat)
        if not state.table:
            expected: set[durak.Move] = {
                durak.Lead(group)
                for size in range(1, 5)
                for group in combinations(hand, size)
                if len({card.rank for card in group}) == 1
            }
        else:
            expected = {
                durak.Take(),
                *(
                    durak.Cover(attack, card)
                    for attack, cover in state.table
                    if cover is None
                    for card in hand
                    if beats(card, attack, state.trump_suit)
                ),
            }
        moves = durak.legal_moves(state)
        assert set(moves) == expected and len(moves) == len(expected)
        assert durak.view(state, seat).legal_moves() == moves
        assert all(durak.parse_move(str(move)) == move for move in moves)


@given(games(), st.randoms(use_true_random=False))
@settings(max_examples=50)
def test_apply_never_changes_its_input(game: list[durak.GameState], rng: random.Random) -> None:
    for state in game[:-1]:
        before = snapshot(state)
        durak.apply(state, rng.choice(durak.legal_moves(state)))
        assert snapshot(state) == before


@given(games(), st.data())
@settings(max_examples=60)
def test_records_round_trip(game: list[durak.GameState], data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(game))
    text = durak.to_json(state)
    loaded = durak.from_json(text)
    assert loaded == state and hash(loaded) == hash(state)
    assert snapshot(loaded) == snapshot(state)
    assert durak.to_json(loaded) == text
    assert pickle.loads(pickle.dumps(state)) == state


@given(games())
@settings(max_examples=60)
def test_ranking_and_payoffs_follow_the_order_of_going_out(game: list[durak.GameState]) -> None:
    # D14, D15
    final = game[-1]
    standings = durak.ranking(final)
    assert sorted(s.seat for s in standings) == list(range(final.players))
    out_order = [s.seat for s in standings if s.out_after is not None]
    assert tuple(out_order) == final.out
    assert [s.out_after for s in standings[: len(out_order)]] == sorted(
        s.out_after for s in standings if s.out_after is not None
    )
    for standing in standings:
        shared = [s for s in standings if s.out_after == standing.out_after]
        assert standing.place == 1 + sum(
            1
            for s in standings
            if s.out_after is not None
            and (standing.out_after is None or s.out_after < standing.out_after)
        )
        assert all(s.place == standing.place for s in shared)
        assert standing.cards_left == final.hand_sizes[standing.seat]
        assert standing.loser == (standing.seat == final.loser)
    payoffs = durak.payoffs(final, stake=2)
    assert sum(payoffs) == 0
    if final.loser is None:
        assert payoffs == (0,) * final.players
    else:
        assert payoffs[final.loser] == -2 * (final.players - 1)
        assert standings[-1].seat == final.loser and standings[-1].place == final.players


@given(setups(), st.integers(0, 2**32))
@settings(max_examples=40)
def test_replaying_the_moves_gives_an_equal_state(state: durak.GameState, seed: int) -> None:
    game = random_states(state, random.Random(seed))
    final = game[-1]
    replayed = state
    for move in final.moves:
        replayed = durak.apply(replayed, str(move))
    assert replayed == final and hash(replayed) == hash(final)
    assert replayed.history == final.history
    assert len(set(game)) == len(game)  # every move changes the state
