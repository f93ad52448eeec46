"""The invariants of series play (M10 (i)–(v)), on every game that plays series, and D16."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from series_helpers import GAMES, random_series, tables

from sevens_ru import games, series
from sevens_ru.series.game import rules_of

BANKED = tuple(name for name in GAMES if "bank" in rules_of(games.get(name)).kinds)
CHIPS = tuple(name for name in GAMES if "chips" in rules_of(games.get(name)).kinds)
ROTATING = tuple(name for name in GAMES if name != "durak")


@settings(max_examples=40)  # 10 in the quick run, 80 in CI's deep one
@given(tables(BANKED, scoring="bank"), st.integers(0, 2**32))
def test_the_stacks_and_the_bank_always_add_up_to_the_start(
    table: series.Series, seed: int
) -> None:
    # M10 (i), (ii), (iii): the bank and the stacks hold every chip there is; without debt
    # no stack is ever negative; and every deal starts with every stack able to pay the ante
    options = table.series_options
    assert options.start is not None
    total = table.players * options.start
    for value in random_series(table, random.Random(seed)):
        assert value.bank is not None
        assert sum(value.totals) + value.bank == total  # (i)
        if not options.debt:
            assert min(value.totals) >= 0  # (ii)
    for before in ((options.start,) * table.players, *(r.totals for r in value.results[:-1])):
        assert min(before) >= options.ante  # (iii): each deal dealt had its antes in full
    assert len(value.results) == value.deal_number + 1


@settings(max_examples=40)  # 10 in the quick run, 80 in CI's deep one
@given(tables(ROTATING), st.integers(0, 2**32))
def test_the_dealer_moves_one_seat_a_deal_and_its_left_holds_a_longest_hand(
    table: series.Series, seed: int
) -> None:
    # M10 (iv), M2: deal k is dealt by (first_dealer + k) mod n; seat dealer + 1 got the first card
    final = random_series(table, random.Random(seed))[-1]
    for number, state in enumerate(final.played):
        dealer = (final.first_dealer + number) % final.players
        assert state.dealer == dealer == final.results[number].dealer
        sizes = [len(hand) for hand in state.deal]
        assert sizes[(dealer + 1) % final.players] == max(sizes)


@settings(max_examples=40)  # 10 in the quick run, 80 in CI's deep one
@given(tables(CHIPS, scoring="chips"), st.integers(0, 2**32))
def test_the_chips_add_up_to_the_start_after_every_deal(table: series.Series, seed: int) -> None:
    # M10 (v): the payoffs of each deal sum to 0 (T7, D15)
    options = table.series_options
    assert options.start is not None
    final = random_series(table, random.Random(seed))[-1]
    for result in final.results:
        assert sum(result.totals) == final.players * options.start
        assert sum(result.change) == 0


@settings(max_examples=40)  # 10 in the quick run, 80 in CI's deep one
@given(tables(("durak",)), st.integers(0, 2**32))
def test_the_fool_deals_the_next_deal(table: series.Series, seed: int) -> None:
    # D16: the loser deals the next game; after a draw the same dealer deals again
    final = random_series(table, random.Random(seed))[-1]
    assert final.played[0].dealer == final.first_dealer
    for before, after in zip(final.played, final.played[1:], strict=False):
        expected = before.dealer if before.loser is None else before.loser
        assert after.dealer == expected


@settings(max_examples=40)  # 10 in the quick run, 80 in CI's deep one
@given(tables(), st.integers(0, 2**32))
def test_every_deal_is_settled_once_and_the_totals_follow_the_changes(
    table: series.Series, seed: int
) -> None:
    # M1, M3: a deal's result is its change added to the totals before it
    final = random_series(table, random.Random(seed))[-1]
    options = final.series_options
    assert options.start is not None
    before = (options.start,) * final.players
    for number, result in enumerate(final.results):
        assert result.number == number
        assert result.totals == tuple(a + b for a, b in zip(before, result.change, strict=True))
        before = result.totals
    assert final.totals == before and series.is_over(final)
    assert [standing.total for standing in series.ranking(final)] == sorted(
        final.totals, reverse=options.scoring not in ("penalty", "places")
    )
