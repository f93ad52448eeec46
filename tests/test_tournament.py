"""Matches: duplicate deals, determinism across processes, honest intervals."""

from __future__ import annotations

import json
import math
import random

import pytest

import sevens_ru as s7
from sevens_ru.common._intervals import mean_estimate as _estimate
from sevens_ru.common._intervals import rate_estimate as _rate_estimate
from sevens_ru.common._intervals import t_quantile as _t_quantile
from sevens_ru.common._intervals import wilson as _wilson
from sevens_ru.games.sevens.bots import Bot, HeuristicBot, RandomBot, SearchBot
from sevens_ru.games.sevens.tournament import Estimate, MatchError, play_match


def test_duplicate_deals_rotate_the_hands_through_every_seat() -> None:
    result = play_match([HeuristicBot(), RandomBot(), RandomBot(), RandomBot()], 12, seed=4)
    assert (result.deals, result.games, result.players) == (12, 48, 4)
    assert all(bot.games == 48 for bot in result.bots)
    # R14, R15: exactly one winner per game, so the win rates add up to one.
    assert sum(bot.wins for bot in result.bots) == 48
    assert math.isclose(sum(bot.win_rate.mean for bot in result.bots), 1.0)
    # R18: the places of one game are 1 plus the competition places of the rest.
    assert all(1 <= bot.mean_place.mean <= 4 for bot in result.bots)


def test_duplicate_cancels_the_luck_of_the_cards() -> None:
    # Identical bots in duplicate play each hand from each seat: with a deterministic bot
    # every entry gets exactly the same games, so the same figures.
    result = play_match([HeuristicBot(), HeuristicBot(), HeuristicBot()], 10, seed=2)
    figures = {
        (bot.wins, bot.mean_place.mean, bot.mean_cards_left.mean, bot.mean_passes.mean)
        for bot in result.bots
    }
    # The bots draw ties at random from their own seeds, so allow small differences,
    # but the card luck is shared: totals of cards left match across entries closely.
    assert len(result.bots) == 3
    spread = max(f[2] for f in figures) - min(f[2] for f in figures)
    assert spread < 1.0


def test_without_duplicate_each_deal_is_played_once() -> None:
    result = play_match([RandomBot(), RandomBot()], 30, seed=1, duplicate=False)
    assert (result.deals, result.games) == (30, 30)
    assert sum(bot.games for bot in result.bots) == 60  # two seats per game
    assert sum(bot.wins for bot in result.bots) == 30


def test_the_same_seed_gives_the_same_result_with_any_number_of_processes() -> None:
    lineup: list[Bot] = [SearchBot(rollouts=30), HeuristicBot(), RandomBot()]
    one = play_match(lineup, 6, seed=9, jobs=1)
    two = play_match(lineup, 6, seed=9, jobs=2)
    assert one == two
    assert play_match(lineup, 6, seed=10) != one


def test_fewer_bots_than_seats_are_repeated() -> None:
    result = play_match([HeuristicBot(), RandomBot()], 10, seed=3, players=4)
    assert result.players == 4
    assert [bot.games for bot in result.bots] == [80, 80]  # two seats each, 4 rotations
    assert sum(bot.wins for bot in result.bots) == 40


def test_progress_is_reported() -> None:
    calls: list[tuple[int, int]] = []
    play_match(
        [RandomBot(), RandomBot()],
        5,
        seed=1,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls[-1] == (5, 5)
    assert all(total == 5 for _, total in calls)


def test_results_as_json_and_table() -> None:
    result = play_match([HeuristicBot(), RandomBot()], 5, seed=1)
    record = json.loads(json.dumps(result.to_dict()))
    assert record["games"] == 10
    assert record["bots"][0]["name"] == "heuristic"
    assert set(record["bots"][0]["win_rate"]) == {"mean", "low", "high", "samples"}
    lines = result.table().splitlines()
    assert lines[0].split()[:3] == ["bot", "games", "win"]
    assert lines[1].startswith("heuristic")
    assert result.bots[0].ms_per_move > 0


def test_student_t_quantiles() -> None:
    # Tables of Student's t, two-sided 95 %.
    for degrees, expected in [
        (1, 12.706),
        (2, 4.303),
        (3, 3.182),
        (9, 2.262),
        (29, 2.045),
        (1000, 1.962),
    ]:
        assert _t_quantile(0.975, degrees) == pytest.approx(expected, abs=0.002)


def test_intervals() -> None:
    estimate = _estimate([0.25, 0.5, 0.5, 0.75], 0.0, 1.0)
    assert estimate.mean == 0.5
    half = 3.182446 * 0.2041241 / 2  # t(3) * sample sd / sqrt(4)
    assert estimate.low == pytest.approx(0.5 - half, abs=1e-5)
    assert estimate.high == pytest.approx(0.5 + half, abs=1e-5)
    assert _estimate([1.0, 1.0, 0.75], 0.0, 1.0).high == 1.0  # clamped to the range
    assert _estimate([0.5], 0.0, 1.0) == Estimate(0.5, 0.0, 1.0, 1)  # one deal: no knowledge


def test_interval_coverage() -> None:
    # The intervals cover the truth about 95 % of the time: deals of a coin with p = 0.3.
    rng = random.Random(0)
    covered = 0
    for _ in range(400):
        samples = [float(rng.random() < 0.3) for _ in range(40)]
        estimate = _estimate(samples, 0.0, 1.0)
        covered += estimate.low <= 0.3 <= estimate.high
    assert 0.90 <= covered / 400 <= 0.99


class Cheater:
    name = "cheater"

    def choose(self, view: s7.PlayerView, rng: random.Random) -> s7.Card:
        return s7.Card.parse("A♠") if view.table else view.legal_moves()[0]


class Broken:
    def choose(self, view: s7.PlayerView, rng: random.Random) -> s7.Card:
        raise RuntimeError("out of ideas")


def test_a_bot_that_fails_is_named() -> None:
    with pytest.raises(MatchError, match=r"'cheater' in seat .* cannot play A♠"):
        play_match([Cheater(), RandomBot()], 3, seed=1)
    with pytest.raises(MatchError, match=r"'Broken' in seat .* failed: RuntimeError: out of ideas"):
        play_match([Broken(), RandomBot()], 3, seed=1)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"games": 0}, "games must be at least 1"),
        ({"games": 2.5}, "games must be an int"),
        ({"seed": "x"}, "seed must be an int"),
        ({"jobs": 0}, "jobs must be at least 1"),
        ({"players": 7}, "2 to 6"),
        ({"players": 1}, "players must be at least 2"),
        ({"players": None, "bots": [RandomBot()]}, "a match needs at least 2 seats, and one bot"),
        ({"bots": []}, "at least one bot"),
        ({"bots": RandomBot()}, "bots must be a list of bots, got RandomBot"),
        ({"games": None}, "^games must be an int, got None$"),
        ({"seed": True}, "^seed must be an int, got True$"),
        ({"names": ["a"]}, "1 names for 2 bots"),
        ({"bots": [RandomBot()] * 3, "players": 2}, "3 bots cannot sit at 2 seats"),
        ({"bots": [RandomBot(), "random"]}, r"bots\[1\] has no choose"),
        ({"options": "dense"}, "options must be"),
    ],
)
def test_bad_settings(arguments: dict[str, object], message: str) -> None:
    settings: dict[str, object] = {"bots": [RandomBot(), RandomBot()], "games": 2, "seed": 1}
    settings.update(arguments)
    with pytest.raises(MatchError, match=message):
        play_match(**settings)  # type: ignore[arg-type]
    assert issubclass(MatchError, ValueError)


def test_one_bot_fills_every_seat_when_told_how_many() -> None:
    # The real problem with play_match([bot]) is the seat count: one bot is one seat.
    with pytest.raises(MatchError, match=r"pass players=2 to 6 \(R4\) to seat the bot in every"):
        play_match([RandomBot()], 10, seed=1)
    result = play_match([RandomBot()], 5, seed=1, players=3)
    assert [bot.games for bot in result.bots] == [45]  # 5 deals x 3 rotations x 3 seats
    assert result.bots[0].wins == 15  # R14: one winner per game, always this entry


def test_names_label_the_entries() -> None:
    result = play_match([HeuristicBot(), RandomBot()], 2, seed=1, names=["h", "r"])
    assert [bot.name for bot in result.bots] == ["h", "r"]
    assert result.to_dict()["game"] == "sevens"
    assert result.to_dict()["options"] == {
        "rank_by_passes": False,
        "place_numbering": "competition",
    }


def test_a_failing_bot_is_the_cause() -> None:
    with pytest.raises(MatchError) as error:
        play_match([Broken(), RandomBot()], 3, seed=1)
    assert isinstance(error.value.__cause__, RuntimeError)


def test_wilson_interval() -> None:
    # Wilson's score interval, checked against its closed form at the ends and a table value.
    assert _wilson(0.0, 10) == pytest.approx((0.0, 1.959964**2 / (10 + 1.959964**2)))
    assert _wilson(1.0, 10) == pytest.approx((10 / (10 + 1.959964**2), 1.0))
    assert _wilson(0.0, 10)[0] == 0.0 and _wilson(1.0, 10)[1] == 1.0  # exactly
    low, high = _wilson(0.2, 50)
    assert low == pytest.approx(0.1124, abs=1e-4) and high == pytest.approx(0.3304, abs=1e-4)


def test_a_rate_never_has_zero_width() -> None:
    # A bot that never lost in 60 games of 20 deals: [0, 0.060], not [0, 0].
    estimate = _rate_estimate(0.0, games=60, deals=20, spread=0.0)
    assert estimate.low == 0.0 and estimate.high == pytest.approx(0.0602, abs=1e-4)
    assert estimate.samples == 20
    always = _rate_estimate(1.0, games=60, deals=20, spread=0.0)
    assert always.high == 1.0 and always.low == pytest.approx(1 - 0.0602, abs=1e-4)
    one_deal = _rate_estimate(1 / 3, games=3, deals=1, spread=None)
    assert 0.0 < one_deal.low < 1 / 3 < one_deal.high < 1.0


def test_a_spread_that_shows_dependence_widens_the_rate() -> None:
    # Four games per deal that all go the same way are worth one game each, not four.
    independent = _rate_estimate(0.5, games=400, deals=100, spread=0.25 / 4)
    together = _rate_estimate(0.5, games=400, deals=100, spread=0.25)
    assert together.high - together.low == pytest.approx(2 * (_wilson(0.5, 100)[1] - 0.5), abs=1e-9)
    assert independent.high - independent.low < together.high - together.low
    # ...and a spread below that of independent games never narrows it further.
    duplicate = _rate_estimate(0.5, games=400, deals=100, spread=0.0001)
    assert duplicate == independent


def test_rate_interval_coverage() -> None:
    # Wilson over the effective games covers the truth about 95 % of the time, even for
    # a rare event (where Student's t often gives [0, 0]): deals of 3 games each.
    rng = random.Random(1)
    for truth in (0.3, 0.02):
        covered = 0
        for _ in range(400):
            per_deal = [sum(rng.random() < truth for _ in range(3)) / 3 for _ in range(40)]
            share = sum(per_deal) / 40
            spread = sum((rate - share) ** 2 for rate in per_deal) / 39
            estimate = _rate_estimate(share, games=120, deals=40, spread=spread)
            assert estimate.high > estimate.low
            covered += estimate.low <= truth <= estimate.high
        assert 0.90 <= covered / 400 <= 0.995, truth


def test_a_mean_without_spread_still_has_an_interval() -> None:
    # Always first of two, 20 deals: the mean place is 1, the interval [1, 1.161], not [1, 1].
    estimate = _estimate([1.0] * 20, 1.0, 2.0)
    assert estimate.mean == estimate.low == 1.0
    assert estimate.high == pytest.approx(1 + 1.959964**2 / (20 + 1.959964**2), abs=1e-6)
    middle = _estimate([2.0] * 20, 1.0, 3.0)  # always second of three
    assert middle.low < 2.0 < middle.high


def test_the_result_says_how_its_intervals_are_made() -> None:
    result = play_match([HeuristicBot(), RandomBot()], 20, seed=1)
    assert "Wilson" in result.to_dict()["interval"]
    assert "Student t" in result.to_dict()["interval"]
    for bot in result.bots:
        for figure in (bot.win_rate, bot.mean_place, bot.mean_cards_left, bot.mean_passes):
            assert figure.low < figure.high, bot
