"""Series play by the rules: the M9 example as a reference game, M1–M7, and every bad input."""

from __future__ import annotations

import random
from typing import Any

import pytest
from series_helpers import GAMES, random_series

import sevens_ru as s7
from sevens_ru import durak, games, series
from sevens_ru.common.shuffle import shuffled
from sevens_ru.series import SeriesOptions, deal_seed

# Deal 0 of the series of seed 0 (3 players, dealer 2), played so that seat 1 passes
# twice, seat 2 once, and seat 0 goes out first: the M9 example.
M9_MOVES = (
    "9♦ 9♠ 8♠ 10♦ J♦ 8♦ 7♦ 7♠ 10♠ J♠ 6♠ 9♥ 8♥ Q♠ Q♦ 10♥ K♠ K♦ A♠ 6♦ 9♣ A♦ 8♣ J♥ 7♣ "
    "10♣ Q♥ 6♣ 7♥ J♣ Q♣ 6♥ K♥"
).split()


def play_m9(table: series.Series) -> list[series.Series]:
    values = [table]
    for move in M9_MOVES:
        values.append(series.apply(values[-1], move))
    return values


def test_the_m9_example() -> None:
    # M9 with M1, M2, M4: sevens, 3 players, the bank's defaults
    table = series.new_series("sevens", 3, seed=0)
    assert (table.scoring, table.dealer, table.deal_number) == ("bank", 2, 0)  # M2: n − 1
    assert table.totals == (90, 90, 90) and table.bank == 30  # M4: the antes
    values = play_m9(table)
    before_last = values[-2]
    assert before_last.current.passes == (0, 2, 1)
    assert before_last.totals == (90, 70, 80) and before_last.bank == 60  # M4: fines at once
    after = values[-1]
    assert after.results[0].totals == (150, 70, 80)  # seat 0 took the bank; sum 300
    assert after.results[0].change == (50, -30, -20)  # seat 0: −10 ante, +60 bank
    assert after.deal_number == 1 and after.dealer == 0  # M1: dealt in the same apply; M2
    assert after.totals == (140, 60, 70) and after.bank == 30
    # seat dealer + 1 = 1 receives the first card of deal 1's shuffled pack (M2, F7)
    first_card = s7.DECK[shuffled(deal_seed(0, 1), 36)[0]]
    assert first_card in after.current.deal[1]
    assert after.current == s7.new_game(3, seed=deal_seed(0, 1), dealer=0)


def test_the_m9_example_with_a_short_stack() -> None:
    # M9, M5, M6 (c), M7: with start=25 seat 1 pays 10, then its last 5, and ends at 0
    table = series.new_series("sevens", 3, seed=0, series_options=SeriesOptions(start=25))
    values = play_m9(table)
    fined = [value.totals[1] for value in values[:-1]]
    assert fined[0] == 15 and 5 in fined and fined[-1] == 0
    final = values[-1]
    assert series.is_over(final) and final.deal_number == 0  # 0 < 10: no second deal (M6 c)
    assert final.totals == (70, 0, 5) and final.bank == 0 and sum(final.totals) == 75
    assert [(s.seat, s.place, s.total) for s in series.ranking(final)] == [
        (0, 1, 70),
        (2, 2, 5),
        (1, 3, 0),
    ]


def test_with_debt_fines_are_paid_in_full() -> None:
    # M5: debt=True lets a stack go below 0; the series then ends after the deal (M6 c)
    options = SeriesOptions(start=25, debt=True)
    final = play_m9(series.new_series("sevens", 3, seed=0, series_options=options))[-1]
    assert final.totals == (75, -5, 5) and series.is_over(final)


def test_with_five_players_the_dealer_s_left_holds_eight_cards_in_every_deal() -> None:
    # M2, M9: the 5-player 8-card seat moves with the dealer
    table = series.new_series("sevens", 5, seed=4, series_options=SeriesOptions(deals=5))
    final = random_series(table, random.Random(1))[-1]
    for number, state in enumerate(final.played):
        dealer = (4 + number) % 5
        assert state.dealer == dealer and len(state.deal[(dealer + 1) % 5]) == 8


def test_the_first_deal_is_the_stand_alone_game_of_the_same_seed() -> None:
    # M1, M2: deal 0's seed is the first getrandbits(64) of random.Random(seed)
    for name in GAMES:
        game = games.get(name)
        table = series.new_series(name, 3, seed=9)
        seed = random.Random(9).getrandbits(64)
        dealer = 0 if name == "durak" else 2
        assert table.current == game.new_game(3, seed=seed, dealer=dealer)


@pytest.mark.parametrize(
    ("name", "scoring", "deals"),
    [
        ("sevens", "bank", None),
        ("durak", "chips", 3),
        ("sevens-52", "penalty", 3),
        ("fan-tan", "chips", 3),
        ("shichinarabe", "places", 3),
        ("domino", "penalty", 3),
        ("cinquillo", "score", 3),
    ],
)
def test_each_game_s_scoring_by_default(name: str, scoring: str, deals: int | None) -> None:
    # M3 (Durak: D15's stakes); M6: one deal per seat, except for the bank
    table = series.new_series(name, 3, seed=1)
    assert table.scoring == scoring and table.series_options.deals == deals
    assert table.series_options.start == (100 if scoring == "bank" else 0)
    assert (table.bank is None) == (scoring != "bank")


def test_each_kind_adds_its_deal_s_outcome() -> None:
    # M3: penalty (cards left; domino's pips), places, score, chips
    for name, kind in [
        ("sevens-52", "penalty"),
        ("domino", "penalty"),
        ("cinquillo", "places"),
        ("cinquillo", "score"),
        ("fan-tan", "chips"),
        ("durak", "penalty"),
    ]:
        game: Any = games.get(name)
        table = series.new_series(
            name,
            3,
            seed=2,
            series_options=SeriesOptions(scoring=kind, deals=1),  # type: ignore[arg-type]
        )
        final = random_series(table, random.Random(2))[-1]
        state = final.played[0]
        standings = sorted(game.ranking(state), key=lambda standing: standing.seat)
        expected = {
            "places": tuple(standing.place for standing in standings),
            "score": game.scores(state) if getattr(game, "scores", None) else None,
            "chips": game.payoffs(state) if getattr(game, "payoffs", None) else None,
        }.get(kind)
        if kind == "penalty":
            if name == "domino":  # DO5: pips
                expected = tuple(standing.points for standing in standings)
            elif name == "durak":  # the fool counts 1
                expected = tuple(int(seat == state.loser) for seat in range(3))
            else:
                expected = state.hand_sizes
        if name == "durak" and kind == "chips":
            expected = durak.payoffs(state)
        assert final.totals == expected, (name, kind)


def test_a_burst_seat_s_penalty_is_the_cards_it_laid_out() -> None:
    # M3 with N5: a burst seat holds nothing, but counts the cards its burst laid out
    game = games.get("shichinarabe")
    for seed in range(200):
        table = series.new_series(
            game, 3, seed=seed, series_options=SeriesOptions(scoring="penalty", deals=1)
        )
        final = random_series(table, random.Random(seed))[-1]
        state = final.played[0]
        bursts = [event for event in state.history if type(event).__name__ == "Burst"]
        if bursts:
            for event in bursts:
                assert state.hand_sizes[event.seat] == 0
                assert final.totals[event.seat] == len(event.cards) > 0
            return
    pytest.fail("no burst in 200 series")


def test_durak_plays_for_stakes() -> None:
    # D15: the fool pays the stake to every other player
    options = SeriesOptions(stake=5, deals=2)
    final = random_series(
        series.new_series("durak", 3, seed=6, series_options=options), random.Random(6)
    )[-1]
    for state, result in zip(final.played, final.results, strict=True):
        assert result.change == durak.payoffs(state, stake=5)


def test_the_end_conditions() -> None:
    # M6 (a) after `deals` deals
    table = series.new_series("sevens-52", 4, seed=3, series_options=SeriesOptions(deals=2))
    assert random_series(table, random.Random(0))[-1].deal_number == 1
    # M6 (b) some total reaches the target (penalty: the first seat at 10 cards or more)
    options = SeriesOptions(target=10, deals=50)
    final = random_series(
        series.new_series("sevens-52", 4, seed=3, series_options=options), random.Random(0)
    )[-1]
    assert max(final.totals) >= 10 and all(max(r.totals) < 10 for r in final.results[:-1])
    # M6 (c) the chips of a start above 0 end when a stack is at 0 or below
    options = SeriesOptions(start=3)
    final = random_series(
        series.new_series("fan-tan", 3, seed=3, series_options=options), random.Random(0)
    )[-1]
    assert min(final.totals) <= 0 or final.deal_number + 1 == 3
    assert all(min(result.totals) > 0 for result in final.results[:-1])
    # M6: with neither deals nor target the bank plays on past one deal per seat
    final = random_series(series.new_series("sevens", 2, seed=5), random.Random(0))[-1]
    assert final.deal_number + 1 > 2 and min(final.totals) < 10


def test_a_bank_series_without_limits_stops_at_the_most_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # M6 and MAX_DEALS: a bank that could go round for ever still ends
    import sevens_ru.series.scoring as scoring

    monkeypatch.setattr(scoring, "MAX_DEALS", 3)
    options = SeriesOptions(start=10**6, fine=0)
    final = random_series(
        series.new_series("sevens", 3, seed=2, series_options=options), random.Random(0)
    )[-1]
    assert final.deal_number == 2 and series.is_over(final)


def test_equal_totals_share_a_place() -> None:
    # M7 with F16, R18: places as the game's place_numbering says
    for numbering, places in [("competition", [1, 2, 2, 4]), ("dense", [1, 2, 2, 3])]:
        options = SeriesOptions(scoring="places", deals=1)
        for seed in range(100):
            table = series.new_series(
                "sevens-52",
                4,
                seed=seed,
                options=games.get("sevens-52").options_type(place_numbering=numbering),
                series_options=options,
            )
            final = random_series(table, random.Random(seed))[-1]
            found = [standing.place for standing in series.ranking(final)]
            if len(set(final.totals)) == 3 and sorted(final.totals)[1] == sorted(final.totals)[2]:
                assert found == places
                break
        else:
            pytest.fail(f"no shared second place in 100 series ({numbering})")


def test_the_bots_play_a_series_of_every_game() -> None:
    for name in GAMES:
        game = games.get(name)
        bots = [game.bots.make(kind) for kind in ("heuristic", "random", "random")]
        table = series.new_series(name, 3, seed=8, series_options=SeriesOptions(deals=2))
        values = list(series.play(table, bots))
        assert series.is_over(values[-1]) and values[-1].deal_number == 1
        again = list(series.play(table, bots))
        assert again[-1] == values[-1]  # the same seed, the same series


# -- bad input ---------------------------------------------------------------------------


def finished() -> series.Series:
    options = SeriesOptions(deals=1)
    table = series.new_series("sevens", 2, seed=1, series_options=options)
    return random_series(table, random.Random(1))[-1]


@pytest.mark.parametrize(
    ("arguments", "error", "gist"),
    [
        (("chess", 3), s7.UnknownGameError, "unknown game 'chess'"),
        ((7, 3), s7.WrongTypeError, "its name or its Game, got int 7"),
        (("sevens", 7), s7.InvalidDealError, "2 to 6 players"),
        (("sevens", True), s7.InvalidDealError, "got True"),
        (("durak", 5), s7.InvalidDealError, "2 to 4 players"),
    ],
)
def test_bad_games_and_seat_counts(arguments: tuple[Any, ...], error: type, gist: str) -> None:
    with pytest.raises(error) as caught:
        series.new_series(*arguments)
    assert gist in str(caught.value)


@pytest.mark.parametrize(
    ("keywords", "error", "gist"),
    [
        (
            {"first_dealer": 3},
            s7.InvalidDealError,
            "first_dealer is a seat from 0 to 2 (M2), got 3",
        ),
        ({"first_dealer": "0"}, s7.InvalidDealError, "got str '0'"),
        ({"seed": 1.5}, s7.InvalidDealError, "the seed must be an int, got float 1.5"),
        ({"options": "fast"}, s7.InvalidOptionsError, "options must be a sevens_ru.Options"),
        ({"series_options": {"ante": 5}}, s7.InvalidOptionsError, "must be a sevens_ru.series"),
        (
            {"series_options": SeriesOptions(scoring="chips")},
            s7.InvalidOptionsError,
            "Russian Sevens offers the scoring kinds 'bank', 'penalty', 'places' (M3), got 'chips'",
        ),
        (
            {"series_options": SeriesOptions(scoring="score")},
            s7.InvalidOptionsError,
            "got 'score'",
        ),
        (
            {"series_options": SeriesOptions(start=5)},
            s7.InvalidOptionsError,
            "got start=5 and ante=10",
        ),
        (
            {"series_options": SeriesOptions(stake=2)},
            s7.InvalidOptionsError,
            "stake is for the chips of a game played for stakes",
        ),
    ],
)
def test_bad_setups(keywords: dict[str, Any], error: type, gist: str) -> None:
    with pytest.raises(error) as caught:
        series.new_series("sevens", 3, **keywords)
    assert gist in str(caught.value)
    assert len(str(caught.value)) < 300


def test_a_stake_is_only_for_a_game_of_stakes() -> None:
    with pytest.raises(s7.InvalidOptionsError, match="Fan Tan scored by chips has none"):
        series.new_series("fan-tan", 3, series_options=SeriesOptions(stake=2))
    with pytest.raises(s7.InvalidOptionsError, match="Old Durak scored by places"):
        series.new_series("durak", 3, series_options=SeriesOptions(scoring="places", stake=2))


@pytest.mark.parametrize(
    ("keywords", "gist"),
    [
        ({"scoring": "poker"}, "SeriesOptions.scoring must be one of"),
        ({"scoring": 3}, "got 3"),
        ({"start": -1}, "SeriesOptions.start must be an int from 0 to 1,000,000,000 or None"),
        ({"start": 10**10}, "got int 10000000000"),
        ({"ante": None}, "SeriesOptions.ante must be an int from 0"),
        ({"fine": 2.5}, "got float 2.5"),
        ({"fine": True}, "got True"),
        ({"debt": 1}, "SeriesOptions.debt must be True or False, got int 1"),
        ({"deals": 0}, "SeriesOptions.deals must be an int from 1 to 1,000 or None"),
        ({"deals": 1001}, "got int 1001"),
        ({"target": 0}, "SeriesOptions.target must be an int from 1"),
        ({"stake": 0}, "SeriesOptions.stake must be an int from 1"),
        ({"scoring": "x" * 10**5}, "(100,000 characters)"),
    ],
)
def test_bad_series_options(keywords: dict[str, Any], gist: str) -> None:
    with pytest.raises(s7.InvalidOptionsError) as caught:
        SeriesOptions(**keywords)
    assert gist in str(caught.value) and len(str(caught.value)) < 300


def test_a_move_after_the_end_and_illegal_moves() -> None:
    final = finished()
    assert series.legal_moves(final) == () and final.current_player is None
    with pytest.raises(s7.IllegalMoveError, match=r"the series is over after 1 deal \(M6\)"):
        series.apply(final, "9♦")
    table = series.new_series("sevens", 3, seed=1)
    held = next(
        card for card in table.current.hand(table.current_player) if card != s7.Card.parse("9♦")
    )
    with pytest.raises(s7.IllegalMoveError, match="must be 9♦"):
        series.apply(table, held)
    with pytest.raises(s7.CardParseError):
        series.apply(table, "nine of diamonds")
    assert series.apply(table, "9♦") == series.apply(table, s7.Card.parse("9♦"))


def test_the_ranking_exists_only_at_the_end() -> None:
    table = series.new_series("domino", 3, seed=1)
    with pytest.raises(s7.GameNotOverError, match="deal 0 is in play"):
        series.ranking(table)


def test_a_view_of_a_seat_that_is_not_there() -> None:
    table = series.new_series("cinquillo", 3, seed=1)
    for seat, gist in [(3, "seat 3 does not exist"), (-1, "seat -1"), ("0", "got str '0'")]:
        with pytest.raises(s7.InvalidSeatError, match=gist):
            series.view(table, seat)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "function",
    [
        series.legal_moves,
        series.is_over,
        series.ranking,
        series.to_json,
        lambda value: series.apply(value, "9♦"),
        lambda value: series.view(value, 0),
    ],
)
def test_the_functions_take_only_a_series(function: Any) -> None:
    for value in (None, s7.new_game(3, seed=1), "series"):
        with pytest.raises(s7.NotAGameStateError, match="takes a Series"):
            function(value)


def test_a_series_is_a_value() -> None:
    with pytest.raises(s7.NotAGameStateError, match="not directly"):
        series.Series()
    table = series.new_series("fan-tan", 3, seed=1)
    with pytest.raises(AttributeError, match="cannot be changed"):
        table._totals = (1, 2, 3)
    moved = series.apply(table, series.legal_moves(table)[0])
    assert moved != table and table.current != moved.current  # the old one is untouched
    assert series.apply(table, series.legal_moves(table)[0]) == moved
    assert hash(series.apply(table, series.legal_moves(table)[0])) == hash(moved)
    assert "fan-tan" in repr(moved) and "seed" not in repr(moved)


def test_a_game_without_series_rules_is_refused() -> None:
    import attrs

    game = attrs.evolve(games.get("sevens"), name="plain-sevens", series=None)
    with pytest.raises(s7.InvalidOptionsError, match="cannot be played in series"):
        series.new_series(game, 3)


def test_a_bot_s_illegal_move_names_the_bot_and_the_seat() -> None:
    class Stubborn:
        def choose(self, view: Any, rng: random.Random) -> str:
            return "J♦"

    table = series.new_series("sevens", 3, seed=1)
    with pytest.raises(s7.IllegalMoveError, match="playing seat"):
        list(series.play(table, [Stubborn()] * 3))
    with pytest.raises(s7.InvalidOptionsError, match="one bot per seat"):
        list(series.play(table, [Stubborn()] * 2))
