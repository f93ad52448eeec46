"""The board layout that ``sevens_ru.games.sevens._board`` draws is the one the engine keeps.

Each fact of the module's documentation is checked against what a state shows through
its public attributes (table, passes, hands, legal moves), and what a play and a pass
add against what ``apply`` does (R7-R14).
"""

from __future__ import annotations

import random
from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

import sevens_ru as s7
from helpers import games
from sevens_ru.common.cards import DECK_MASK
from sevens_ru.games.sevens import _board
from sevens_ru.games.sevens._board import (
    BEYOND,
    NINE_OF_DIAMONDS,
    NINES,
    ONE_PASS,
    OPENED_BY,
    PASS,
    PASS_BITS,
    PASS_COUNT,
    PASSES_SHIFT,
    PLAY,
    ROW,
    TABLE_SHIFT,
    pass_counts,
    passes_field,
    passes_of,
    playable_mask,
    playable_of,
    row_of,
    table_of,
)


def card(text: str) -> s7.Card:
    return s7.Card.parse(text)


def test_the_fields_start_where_the_picture_says() -> None:
    assert (TABLE_SHIFT, PASSES_SHIFT, PASS_BITS, PASS_COUNT) == (36, 72, 8, 255)
    assert DECK_MASK == s7.mask_of(s7.DECK) == (1 << 36) - 1
    assert ROW == 0b1_1111_1111
    # A card set: nine bits per suit in the order of Suit, the ranks 6 to A (R2).
    for each in s7.DECK:
        assert each.bit == 1 << (9 * each.suit + each.rank - 6)
        assert row_of(each.bit, each.suit) == 1 << (each.rank - 6)
    assert s7.mask_of(each for each in s7.DECK if each.rank == s7.Rank.NINE) == NINES
    assert card("9♦").bit == NINE_OF_DIAMONDS


@given(games())
def test_every_state_shows_its_board_fields(game: list[s7.GameState]) -> None:
    for state in game:
        board = state._board
        table = s7.mask_of(state.table)
        assert table_of(board) == board >> 36 & DECK_MASK == table
        assert pass_counts(passes_of(board), state.players) == state.passes
        assert passes_of(board) == passes_field(state.passes) == board >> 72
        assert board < 1 << (72 + 8 * state.players)  # no seat beyond the game's
        # playable: the four 9s on an empty table (R9), else what playable_mask says
        assert playable_of(board) == board & DECK_MASK
        assert playable_of(board) == (playable_mask(table) if table else NINES)
        # hand & board is the playable part of a hand: the legal moves, after R7's 9♦
        if state.current_player is not None and table:
            hand = s7.mask_of(state.hand(state.current_player))
            assert hand & board == s7.mask_of(s7.legal_moves(state))
        # hand << TABLE_SHIFT | board == board exactly when the hand dealt is all played
        for seat, dealt in enumerate(state.deal):
            gone = s7.mask_of(dealt) << TABLE_SHIFT | board == board
            assert gone == (not state.hand(seat))


@given(games())
def test_a_play_adds_play_and_each_pass_adds_pass(game: list[s7.GameState]) -> None:
    # R9, R11: the board after apply() is the board before, plus PLAY of the card, plus
    # PASS of every seat that passed after it.
    for before, after in pairwise(game):
        new = after.history[len(before.history) :]
        played, *passes = new
        assert isinstance(played, s7.Play)
        expected = before._board + PLAY[played.card.index]
        for each in passes:
            assert isinstance(each, s7.Pass)
            expected += PASS[each.seat]
        assert after._board == expected


def test_a_play_changes_only_its_card_and_the_cards_it_opens() -> None:
    # The addition never carries: it touches bit i (playable, cleared), bit 36 + i
    # (table, set) and the bits of OPENED_BY[i] (set), whatever the board it meets.
    rng = random.Random(9)
    for _ in range(200):
        state = s7.new_game(rng.randint(2, 6), seed=rng.getrandbits(64))
        while moves := s7.legal_moves(state):
            for each in moves:
                index = each.index
                after = state._board + PLAY[index]
                assert after ^ state._board == each.bit | each.bit << 36 | OPENED_BY[index]
            state = s7.apply(state, rng.choice(moves))


def test_opened_by_and_beyond_follow_the_rows() -> None:
    # R9: a 9 opens the 8 and the 10 of its suit; a card below the 9 opens the one
    # below it, a card above the one above it; a six or an ace opens nothing.
    assert OPENED_BY[card("9♥").index] == card("8♥").bit | card("10♥").bit
    assert OPENED_BY[card("7♣").index] == card("6♣").bit
    assert OPENED_BY[card("Q♠").index] == card("K♠").bit
    assert OPENED_BY[card("6♦").index] == OPENED_BY[card("A♦").index] == 0
    for each in s7.DECK:
        # OPENED_BY is what becomes playable: playable_mask before and after the card,
        # on a table holding its row from the 9 up to it (and another suit's 9, so that
        # the table is never empty, R7).
        row = [other for other in s7.DECK if other.suit == each.suit]
        low, high = sorted((row[3].index, each.index))
        table = s7.DECK[(each.suit + 1) % 4 * 9 + 3].bit
        table |= sum(other.bit for other in row if low <= other.index <= high)
        opened = playable_mask(table) & ~playable_mask(table & ~each.bit)
        assert opened == OPENED_BY[each.index]
        # BEYOND: the cards of the row further from the 9 than the card, on its side
        if each.rank == s7.Rank.NINE:
            beyond = [other for other in row if other != each]
        elif each.rank < s7.Rank.NINE:
            beyond = [other for other in row if other.rank < each.rank]
        else:
            beyond = [other for other in row if other.rank > each.rank]
        assert BEYOND[each.index] == s7.mask_of(beyond)


def test_one_pass_and_pass_count_one_seat_each() -> None:
    for seat in range(6):
        assert ONE_PASS[seat] << PASSES_SHIFT == PASS[seat]
        assert pass_counts(ONE_PASS[seat] * 35, 6) == tuple(35 * (s == seat) for s in range(6))


@given(st.lists(st.integers(0, 35), min_size=2, max_size=6))
def test_pass_counts_and_passes_field_are_inverse(counts: list[int]) -> None:
    assert pass_counts(passes_field(counts), len(counts)) == tuple(counts)


def test_the_module_lists_every_name_it_defines() -> None:
    public = {name for name in vars(_board) if not name.startswith("_")}
    imported = {"DECK", "DECK_MASK", "PACK", "Iterable", "MAX_PLAYERS", "annotations"}
    assert set(_board.__all__) == public - imported
