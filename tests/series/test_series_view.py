"""What a seat sees of a series (M8): the current deal's view, totals, bank, past deals, no hidden card."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from series_helpers import random_series, tables

from sevens_ru import Card, games, series
from test_view import reachable


def cards_in(root: object) -> set[Card]:
    return {item for item in reachable(root) if isinstance(item, Card)}


def hidden_from(state: object, seat: int) -> set[Card]:
    """The cards in other seats' hands that no event showed (D17: a card taken is known; D4: the trump)."""
    shown = cards_in(state.history) | {getattr(state, "trump", None)}  # type: ignore[attr-defined]
    hands = state.hands  # type: ignore[attr-defined]
    return {card for other, hand in enumerate(hands) if other != seat for card in hand} - shown


@settings(max_examples=40)  # 10 in the quick run, 80 in CI's deep one
@given(tables(), st.integers(0, 2**32), st.floats(0, 1), st.data())
def test_a_view_shows_what_is_public_and_never_a_card_left_in_another_hand(
    table: series.Series, seed: int, where: float, data: st.DataObject
) -> None:
    # M8 with F17, R20, D17: the deal's own view, the totals, the bank, the finished
    # deals' histories and outcomes, and no other seat's cards, not even after a deal
    values = random_series(table, random.Random(seed))
    value = values[int(where * (len(values) - 1))]
    seat = data.draw(st.integers(0, value.players - 1))
    seen = series.view(value, seat)
    game = value.game
    assert seen.current == game.view(value.current, seat)
    assert (seen.totals, seen.bank, seen.dealer) == (value.totals, value.bank, value.dealer)
    assert seen.deal_number == value.deal_number and seen.over == value.over
    assert seen.legal_moves() == (
        tuple(game.legal_moves(value.current)) if value.current_player == seat else ()
    )
    assert len(seen.deals) == len(value.results)
    for deal, state, result in zip(seen.deals, value.played, value.results, strict=True):
        assert deal.history == state.history and deal.ranking == result.ranking
        assert deal.totals == result.totals and deal.dealer == state.dealer
        assert not cards_in(deal) & hidden_from(state, seat)
    assert not cards_in(seen.current) & hidden_from(value.current, seat)
    objects = reachable(seen)
    assert not any(isinstance(item, (series.Series, game.state_type)) for item in objects)
    if value._seed > 2**16:  # the seed, from which every deal could be read (not a small int)
        assert value._seed not in objects
    json.dumps(seen.to_dict())  # plain JSON values for a server


def test_the_json_of_a_view() -> None:
    table = series.new_series("sevens", 3, seed=0, series_options=series.SeriesOptions(deals=2))
    final = random_series(table, random.Random(5))[-1]
    shown = series.view(final, 2).to_dict()
    assert shown["game"] == "sevens" and shown["seat"] == 2 and shown["over"] is True
    assert shown["scoring"] == "bank" and shown["bank"] == 0 and len(shown["deals"]) == 2
    assert shown["deals"][1]["dealer"] == 0 and sorted(shown["deals"][1]["places"])[0] == 1
    assert shown["ranking"][0]["place"] == 1 and set(shown["ranking"][0]) == {
        "seat",
        "place",
        "total",
    }
    assert shown["totals"] == list(final.totals)
    assert sum(shown["deals"][0]["change"]) == 0  # the bank goes to the winner (M4)


def test_the_bots_choose_from_the_view_s_current_deal() -> None:
    # the series view holds the deal's view, which is what every bot of the game takes
    for name in games.names():
        game = games.get(name)
        table = series.new_series(name, 3, seed=1)
        seat = table.current_player
        assert seat is not None
        bot = game.bots.make("heuristic")
        move = bot.choose(series.view(table, seat).current, random.Random(1))
        assert move in series.legal_moves(table)
