"""Invariants of the rules, checked over random games of every size and option."""

from __future__ import annotations

import pickle
import random

from hypothesis import given
from hypothesis import strategies as st

import sevens_ru as s7
from helpers import games, options, players, random_states, seeds
from sevens_ru import Card, Rank, Suit

NINE_OF_DIAMONDS = Card.parse("9♦")


def playable_now(table: frozenset[Card]) -> set[Card]:
    """R7 and R9, written out independently of the engine."""
    if not table:
        return {NINE_OF_DIAMONDS}
    playable = set()
    for suit in Suit:
        ranks = sorted(card.rank for card in table if card.suit == suit)
        if not ranks:
            playable.add(Card(Rank.NINE, suit))
            continue
        if ranks[0] > Rank.SIX:
            playable.add(Card(Rank(ranks[0] - 1), suit))
        if ranks[-1] < Rank.ACE:
            playable.add(Card(Rank(ranks[-1] + 1), suit))
    return playable


def snapshot(state: s7.GameState) -> tuple[object, ...]:
    return (
        state.players,
        state.options,
        state.deal,
        state.hands,
        state.table,
        tuple(state.row(suit) for suit in Suit),
        state.current_player,
        state.passes,
        state.history,
        state.winner,
        s7.legal_moves(state),
    )


@given(games())
def test_cards_are_partitioned_between_hands_and_table(game: list[s7.GameState]) -> None:
    # R1, R5: the 36 cards are always in exactly one place
    for state in game:
        held = [card for hand in state.hands for card in hand]
        assert len(held) + len(state.table) == 36
        assert set(held) | state.table == set(s7.DECK)
        assert not set(held) & state.table
        assert all(list(hand) == sorted(hand) for hand in state.hands)  # R2
        assert state.hand_sizes == tuple(len(hand) for hand in state.hands)
        for seat in range(state.players):
            assert state.hand(seat) == state.hands[seat]
            assert set(state.hand(seat)) <= set(state.deal[seat])


@given(games())
def test_rows_are_runs_around_their_nine(game: list[s7.GameState]) -> None:
    # R8: a row is a run of consecutive ranks containing the 9
    for state in game:
        for suit in Suit:
            ranks = sorted(card.rank for card in state.table if card.suit == suit)
            row = state.row(suit)
            if not ranks:
                assert row is None
                continue
            assert Rank.NINE in ranks
            assert ranks == list(range(ranks[0], ranks[-1] + 1))
            assert row == (ranks[0], ranks[-1])


@given(games())
def test_legal_moves_are_the_playable_cards_in_hand(game: list[s7.GameState]) -> None:
    # R7, R9, R10: exactly the held cards that fit, in canonical order; none once over
    for state in game:
        if s7.is_over(state):
            assert s7.legal_moves(state) == ()
            assert state.current_player is None
            continue
        assert state.current_player is not None
        hand = state.hands[state.current_player]
        expected = sorted(playable_now(state.table) & set(hand))
        assert list(s7.legal_moves(state)) == expected
        assert expected, "legal_moves is empty exactly when the game is over"


@given(games())
def test_the_game_ends_when_someone_goes_out(game: list[s7.GameState]) -> None:
    # R13, R14: at most 37 - n plays; the winner has no cards, everyone else has some
    final = game[-1]
    assert s7.is_over(final)
    assert not any(s7.is_over(state) for state in game[:-1])
    plays = [event for event in final.history if isinstance(event, s7.Play)]
    assert len(plays) == len(game) - 1 <= 37 - final.players
    assert final.winner is not None
    assert final.hand_sizes[final.winner] == 0
    assert all(size > 0 for seat, size in enumerate(final.hand_sizes) if seat != final.winner)
    assert isinstance(final.history[-1], s7.Play)  # R14: no pass after the winning card
    assert final.history[-1].seat == final.winner
    assert all(state.winner is None for state in game[:-1])


@given(games())
def test_passes_are_forced_and_recorded(game: list[s7.GameState]) -> None:
    # R7, R10, R11, R12, R13, R21
    final = game[-1]
    history = final.history
    opener = game[0].current_player
    assert opener is not None
    assert history[0] == s7.Play(opener, NINE_OF_DIAMONDS)  # R7: no pass before
    table: set[Card] = set()
    held = [set(hand) for hand in final.deal]
    in_a_row = 0
    previous_seat = None
    for event in history:
        if previous_seat is not None:
            assert event.seat == (previous_seat + 1) % final.players  # R10: turns go clockwise
        previous_seat = event.seat
        if isinstance(event, s7.Pass):
            # R11, R21: the passer held no playable card; R12: in particular no 9
            assert not playable_now(frozenset(table)) & held[event.seat]
            assert not any(card.rank == Rank.NINE for card in held[event.seat])
            in_a_row += 1
            assert in_a_row <= final.players - 1  # R13
        else:
            assert event.card in held[event.seat]
            assert event.card in playable_now(frozenset(table))  # R9
            held[event.seat].remove(event.card)
            table.add(event.card)
            in_a_row = 0
    assert final.passes == tuple(
        sum(1 for event in history if event == s7.Pass(seat)) for seat in range(final.players)
    )
    # and every intermediate state's passes are a prefix count
    for state in game:
        assert state.passes == tuple(
            sum(1 for event in state.history if event == s7.Pass(seat))
            for seat in range(state.players)
        )
        assert final.history[: len(state.history)] == state.history


@given(games())
def test_apply_never_changes_its_input(game: list[s7.GameState]) -> None:
    for state in game[:-1]:
        before = snapshot(state)
        for card in s7.legal_moves(state):
            s7.apply(state, card)
        assert snapshot(state) == before


@given(players, seeds, options, st.integers(0, 2**32))
def test_equal_move_sequences_give_equal_states(
    players: int, seed: int, options: s7.Options, choices: int
) -> None:
    first = random_states(s7.new_game(players, seed=seed, options=options), random.Random(choices))
    again = s7.new_game(players, seed=seed, options=options)
    for state in first[1:]:
        again = s7.apply(again, state.history[len(again.history)].card)  # type: ignore[union-attr]
        assert again == state
        assert hash(again) == hash(state)
        assert snapshot(again) == snapshot(state)
    # a different history, or other options, give a different state
    assert first[-1] != first[-2]
    other = s7.Options(rank_by_passes=not options.rank_by_passes)
    assert s7.new_game(players, seed=seed, options=other) != first[0]


@given(games())
def test_records_round_trip(game: list[s7.GameState]) -> None:
    for state in (game[0], game[len(game) // 2], game[-1]):
        text = s7.to_json(state)
        loaded = s7.from_json(text)
        assert loaded == state
        assert snapshot(loaded) == snapshot(state)
        assert s7.to_json(loaded) == text
        assert pickle.loads(pickle.dumps(state)) == state


@given(games())
def test_ranking_follows_r15_to_r18(game: list[s7.GameState]) -> None:
    final = game[-1]
    ranking = s7.ranking(final)
    assert sorted(standing.seat for standing in ranking) == list(range(final.players))
    # R15: the winner first, alone
    assert ranking[0].seat == final.winner and ranking[0].place == 1
    assert all(standing.place > 1 for standing in ranking[1:])
    for standing in ranking:
        hand = final.hands[standing.seat]
        assert standing.cards_left == len(hand)
        assert standing.points == s7.card_points(hand)  # R3
        assert standing.passes == final.passes[standing.seat]

    def key(standing: s7.Standing) -> tuple[int, ...]:  # R16, R17
        if final.options.rank_by_passes:
            return (standing.cards_left, standing.passes, standing.points)
        return (standing.cards_left, standing.points)

    keys = [key(standing) for standing in ranking]
    assert keys == sorted(keys)
    for position, standing in enumerate(ranking):
        better = [other for other in ranking if key(other) < key(standing)]
        if final.options.place_numbering == "competition":  # R18: 1, 2, 2, 4
            assert standing.place == len(better) + 1
        else:  # R18: 1, 2, 2, 3
            assert standing.place == len({key(other) for other in better}) + 1
        if position and key(ranking[position - 1]) == key(standing):
            assert ranking[position - 1].seat < standing.seat  # R18: ties by seat
            assert ranking[position - 1].place == standing.place


@given(games())
def test_views_follow_the_state(game: list[s7.GameState]) -> None:
    # R20: a view shows the public facts and the seat's own hand
    for state in (game[0], game[len(game) // 2], game[-1]):
        for seat in range(state.players):
            seen = s7.view(state, seat)
            assert seen.hand == state.hands[seat]
            assert seen.table == state.table
            assert seen.hand_sizes == state.hand_sizes
            assert seen.passes == state.passes
            assert seen.history == state.history
            assert seen.current_player == state.current_player
            assert seen.winner == state.winner
            assert seen.unseen == frozenset(s7.DECK) - state.table - set(state.hands[seat])
            expected = s7.legal_moves(state) if state.current_player == seat else ()
            assert seen.legal_moves() == expected
            assert set(seen.playable()) == playable_now(state.table) - state.table
            assert all(seen.row(suit) == state.row(suit) for suit in Suit)
