"""SearchBot's parts: the deals weighed by the plays, the exact end, and the bound."""

from __future__ import annotations

import random
import statistics

import pytest

import sevens_ru as s7
from sevens_ru.common.cards import DECK_MASK
from sevens_ru.games.sevens._board import passes_field, playable_mask
from sevens_ru.games.sevens.bots import (
    Bot,
    HeuristicBot,
    NoMoveError,
    RandomBot,
    SearchBot,
    make_bot,
)
from sevens_ru.games.sevens.bots._endgame import endgame
from sevens_ru.games.sevens.bots._weights import (
    chain,
    danger_weight,
    decisions,
    log_likelihood,
    score,
)
from sevens_ru.games.sevens.inference import infer
from test_speedups import ENGINES, engine, needs_core, speedups

HEURISTIC = HeuristicBot()
# The engines this install has: the compiled core only where it was built.
BUILT = tuple(kind for kind in ENGINES if kind == "python" or speedups is not None)


def heuristic_game(players: int, seed: int, plies: int) -> s7.GameState:
    """A deal played ``plies`` cards on by heuristic bots (or to its end, if sooner)."""
    state = s7.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if s7.is_over(state):
            break
        seat = state.current_player
        assert seat is not None
        state = s7.apply(state, HEURISTIC.choose(s7.view(state, seat), rng))
    return state


def true_hands(state: s7.GameState) -> tuple[int, ...]:
    return tuple(s7.mask_of(state.hand(seat)) for seat in range(state.players))


def allowed_of(seen: s7.PlayerView) -> tuple[int, ...]:
    inference = infer(seen)
    return tuple(
        0 if other == seen.seat else s7.mask_of(inference.allowed(other))
        for other in range(seen.players)
    )


def end_value(state: s7.GameState, card: s7.Card, place_weight: float) -> float:
    """:func:`endgame` of playing ``card`` in ``state``, on its true deal."""
    seat = state.current_player
    assert seat is not None
    table = s7.mask_of(state.table)
    return endgame(
        true_hands(state),
        table,
        playable_mask(table),
        passes_field(state.passes),
        seat,
        card.index,
        place_weight,
        state.options,
    )


def midgames(count: int, *, least_plies: int = 6) -> list[s7.GameState]:
    found = []
    for number in range(count):
        state = heuristic_game(3 + number % 3, 500 + number, least_plies + number % 17)
        if not s7.is_over(state) and len(s7.legal_moves(state)) > 1:
            found.append(state)
    return found


# -- the other seats' plays ----------------------------------------------------------------


def test_decisions_name_each_play_of_the_others_with_the_cards_played_later() -> None:
    state = heuristic_game(4, 3, 14)
    seat = state.current_player
    assert seat is not None
    seen = s7.view(state, seat)
    past = decisions(seen)
    plays = [event for event in seen.history if isinstance(event, s7.Play)]
    assert len(past) == sum(1 for play in plays if play.seat != seat)
    for who, table, playable, index, later, weight in past:
        assert who != seat and not table >> index & 1 and playable == playable_mask(table)
        own_later = [play.card.bit for play in plays if play.seat == who]
        assert later >> index & 1 and later & ~sum(own_later) == 0
        assert weight in (1, 2, 3)


def test_danger_weight_follows_the_fewest_cards_of_the_others() -> None:
    assert danger_weight([9, 9, 9, 9], 0) == 1
    assert danger_weight([1, 9, 2, 9], 0) == 2  # seat 0's own single card does not count
    assert danger_weight([1, 9, 2, 9], 2) == 3


def test_the_heuristic_plays_a_card_its_score_ranks_first() -> None:
    # The opponent model is the heuristic's score: the heuristic's own choice is (nearly
    # always) the model's best card, ties of equal points aside.
    agree = total = 0
    for state in midgames(40, least_plies=1):
        seat = state.current_player
        assert seat is not None
        seen = s7.view(state, seat)
        own = s7.mask_of(seen.hand)
        theirs = DECK_MASK & ~own & ~s7.mask_of(seen.table)
        weight = danger_weight(seen.hand_sizes, seat)
        best = max(seen.legal_moves(), key=lambda card: score(card.index, own, theirs, weight))
        agree += HEURISTIC.choose(seen, random.Random(0)) == best
        total += 1
    assert agree >= 0.9 * total


def test_the_true_deal_is_likelier_than_uniform_deals() -> None:
    ranks = []
    for state in midgames(30, least_plies=12):
        seat = state.current_player
        assert seat is not None
        seen = s7.view(state, seat)
        past = decisions(seen)
        inference = infer(seen)
        rng = random.Random(1)
        truth = log_likelihood(true_hands(state), past, 0.5)
        others = [log_likelihood(inference.sample_masks(rng), past, 0.5) for _ in range(50)]
        ranks.append(sum(value < truth for value in others) / len(others))
    assert statistics.fmean(ranks) > 0.65  # uniform deals would give 0.5


def test_the_chain_keeps_the_sizes_and_the_passes() -> None:
    # R21: a seat that passed never gets a card that was playable then.
    for state in midgames(20, least_plies=10):
        seat = state.current_player
        assert seat is not None
        seen = s7.view(state, seat)
        allowed = allowed_of(seen)
        hands = infer(seen).sample_masks(random.Random(2))
        moved = chain(hands, allowed, seat, decisions(seen), 0.5, 300, random.Random(3))
        assert moved[seat] == hands[seat]
        for other in range(seen.players):
            assert moved[other].bit_count() == seen.hand_sizes[other]
            if other != seat:
                assert moved[other] & ~allowed[other] == 0
        assert sum(moved) == sum(hands)  # the same cards, dealt otherwise


def test_the_chain_draws_likelier_deals_closer_to_the_truth() -> None:
    uniform, chained = [], []
    for state in midgames(30, least_plies=14):
        seat = state.current_player
        assert seat is not None
        seen = s7.view(state, seat)
        truth = true_hands(state)
        past, allowed, inference = decisions(seen), allowed_of(seen), infer(seen)
        rng = random.Random(4)

        def agree(hands: tuple[int, ...], seat: int = seat, truth: tuple[int, ...] = truth) -> int:
            return sum((hands[o] & truth[o]).bit_count() for o in range(len(hands)) if o != seat)

        hands = chain(inference.sample_masks(rng), allowed, seat, past, 0.5, 100, rng)
        for _ in range(20):
            uniform.append(agree(inference.sample_masks(rng)))
            hands = chain(hands, allowed, seat, past, 0.5, 10, rng)
            chained.append(agree(hands))
    assert statistics.fmean(chained) > statistics.fmean(uniform) * 1.05


# -- the exact end ---------------------------------------------------------------------------


def reference_end(state: s7.GameState, seat: int, place_weight: float) -> float:
    """The value for ``seat`` of the end of ``state`` searched through the public engine."""
    if s7.is_over(state):
        standings = s7.ranking(state)
        mine = next(standing.place for standing in standings if standing.seat == seat)
        beaten = sum(1 for standing in standings if standing.place > mine)
        return (state.winner == seat) + place_weight * beaten / (state.players - 1)
    moves = s7.legal_moves(state)
    turn = state.current_player
    assert turn is not None
    if turn == seat:
        return max(reference_end(s7.apply(state, card), seat, place_weight) for card in moves)
    own = s7.mask_of(state.hand(turn))
    theirs = DECK_MASK & ~own & ~s7.mask_of(state.table)
    weight = danger_weight([len(state.hand(other)) for other in range(state.players)], turn)
    best = max(moves, key=lambda card: (score(card.index, own, theirs, weight), -card.index))
    return reference_end(s7.apply(state, best), seat, place_weight)


@pytest.mark.parametrize("kind", BUILT)
def test_the_exact_end_matches_a_search_through_the_engine(kind: str) -> None:
    checked = 0
    for state in midgames(40, least_plies=16):
        seat = state.current_player
        assert seat is not None
        if len(state.hand(seat)) > 5:
            continue
        for card in s7.legal_moves(state):
            with engine(kind):  # type: ignore[arg-type]
                value = end_value(state, card, 0.25)
            assert value == reference_end(s7.apply(state, card), seat, 0.25)
            checked += 1
    assert checked > 20


def test_the_exact_end_refuses_a_card_not_held() -> None:
    state = heuristic_game(4, 8, 5)
    seat = state.current_player
    assert seat is not None
    table = s7.mask_of(state.table)
    other = next(card for card in s7.DECK if card not in state.hand(seat) and card.bit & ~table)
    for kind in BUILT:
        with engine(kind), pytest.raises(ValueError, match="not in the hand"):
            endgame(
                true_hands(state),
                table,
                playable_mask(table),
                0,
                seat,
                other.index,
                0.25,
                state.options,
            )


# -- the compiled core and the pure-Python path -------------------------------------------


@needs_core
def test_the_weights_and_the_chain_agree_between_the_engines() -> None:
    for number, state in enumerate(midgames(40, least_plies=8)):
        seat = state.current_player
        assert seat is not None
        seen = s7.view(state, seat)
        past, allowed = decisions(seen), allowed_of(seen)
        hands = infer(seen).sample_masks(random.Random(number))
        temperature = (0.25, 0.5, 2.0)[number % 3]
        results = []
        for kind in ENGINES:
            rng = random.Random(number)
            with engine(kind):
                likelihood = log_likelihood(hands, past, temperature)
                moved = chain(hands, allowed, seat, past, temperature, 150, rng)
            results.append((likelihood, moved, rng.getstate()))
        assert results[0] == results[1], number


@needs_core
@pytest.mark.parametrize(
    "bot",
    [SearchBot(rollouts=60), SearchBot(rollouts=60, endgame=4, chain_steps=3, temperature=2)],
    ids=repr,
)
def test_the_search_chooses_alike_in_both_engines(bot: SearchBot) -> None:
    for number, state in enumerate(midgames(16, least_plies=4)):
        seat = state.current_player
        assert seat is not None
        seen = s7.view(state, seat)
        results = []
        for kind in ENGINES:
            rng = random.Random(number)
            with engine(kind):
                results.append((bot.choose(seen, rng), rng.getstate()))
        assert results[0] == results[1], number


# -- the bot ----------------------------------------------------------------------------------


def test_the_earlier_search_is_still_there() -> None:
    # Choices of the search before the deals were weighed and the end played exactly,
    # recorded from that version: SearchBot(temperature=None, endgame=0) replays them.
    expected = ["10♣", "Q♦", "K♦", "6♥", "Q♦", "8♣", "9♣", "8♥"]
    for number, card in enumerate(expected):
        state, rng = s7.new_game(4, seed=300 + number), random.Random(number)
        for _ in range(4 + 3 * number):
            state = s7.apply(state, HEURISTIC.choose(s7.view(state, state.current_player), rng))  # type: ignore[arg-type]
        seat = state.current_player
        assert seat is not None
        bot = SearchBot(rollouts=120, temperature=None, endgame=0)
        assert str(bot.choose(s7.view(state, seat), random.Random(number))) == card
    earlier = "search:rollouts=600,temperature=none,endgame=0"
    assert make_bot(earlier) == SearchBot(name=earlier, rollouts=600, temperature=None, endgame=0)


def test_the_same_seed_gives_the_same_choices() -> None:
    bot = SearchBot(rollouts=40)
    for number, state in enumerate(midgames(5)):
        seat = state.current_player
        assert seat is not None
        seen = s7.view(state, seat)
        choices = {bot.choose(seen, random.Random(number)) for _ in range(3)}
        assert len(choices) == 1


def test_seeing_every_hand_plays_the_best_card_of_the_true_deal() -> None:
    bot = SearchBot(rollouts=30)
    for number, state in enumerate(midgames(20, least_plies=14)):
        seat = state.current_player
        assert seat is not None
        values = {card: end_value(state, card, bot.place_weight) for card in s7.legal_moves(state)}
        chosen = bot.choose_seeing_all(state, random.Random(number))
        assert values[chosen] == max(values.values())


def test_seeing_every_hand_needs_a_seat_to_play() -> None:
    state = s7.new_game(3, seed=1)
    rng = random.Random(1)
    while not s7.is_over(state):
        state = s7.apply(state, RandomBot().choose(s7.view(state, state.current_player), rng))  # type: ignore[arg-type]
    with pytest.raises(NoMoveError, match="over"):
        SearchBot().choose_seeing_all(state, rng)


@needs_core  # a match: slow in pure Python, whose choices are the same (tested above)
def test_the_default_search_beats_the_heuristic_more_often_than_its_share() -> None:
    from sevens_ru.games.sevens.tournament import play_match

    bots: list[Bot] = [SearchBot(rollouts=150), HEURISTIC, HEURISTIC, HEURISTIC]
    result = play_match(bots, 40, seed=7)
    assert result.bots[0].win_rate.mean > 0.25


@pytest.mark.parametrize(
    ("settings_", "message"),
    [
        ({"temperature": 0}, "temperature must be None or a positive number"),
        ({"temperature": "hot"}, "temperature"),
        ({"temperature": float("nan")}, "temperature"),
        ({"chain_steps": 0}, "chain_steps must be a positive int"),
        ({"chain_steps": True}, "chain_steps"),
        ({"endgame": -1}, "endgame must be an int from 0"),
        ({"endgame": 19}, "to 18 cards"),
        ({"endgame": 2.0}, "endgame"),
    ],
)
def test_the_new_settings_are_checked(settings_: dict[str, object], message: str) -> None:
    with pytest.raises(s7.InvalidOptionsError, match=message):
        SearchBot(**settings_)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("settings_", "message"),
    [
        ({"rollout": "smart"}, "SearchBot.rollout must be 'greedy' or 'random', got 'smart'"),
        ({"rollout": ["greedy"]}, "SearchBot.rollout must be 'greedy' or 'random', got ['greedy']"),
        (
            {"temperature": 1e6},
            "SearchBot.temperature must be None or a positive number, got 1000000.0",
        ),
        (
            {"temperature": False},
            "SearchBot.temperature must be None or a positive number, got False",
        ),
        ({"chain_steps": 1.0}, "SearchBot.chain_steps must be a positive int, got 1.0"),
        ({"endgame": "4"}, "SearchBot.endgame must be an int from 0 (never) to 18 cards, got '4'"),
        ({"place_weight": 1.5}, "SearchBot.place_weight must be from 0 to 1, got 1.5"),
        ({"place_weight": float("nan")}, "SearchBot.place_weight must be from 0 to 1, got nan"),
        ({"place_weight": True}, "SearchBot.place_weight must be from 0 to 1, got True"),
        (
            {"rollouts": 0},
            "SearchBot.rollouts must be an int from 1 to 1,000,000 (playouts per decision), got 0",
        ),
        (
            {"time_limit": -1},
            "SearchBot.time_limit must be None or a positive number of seconds, got -1",
        ),
    ],
)
def test_a_bad_setting_is_the_library_s_error_with_its_own_words(
    settings_: dict[str, object], message: str
) -> None:
    with pytest.raises(s7.InvalidOptionsError) as error:
        SearchBot(**settings_)  # type: ignore[arg-type]
    assert str(error.value) == message
    assert isinstance(error.value, s7.SevensError)
    assert isinstance(error.value, ValueError)


def test_the_settings_take_python_numbers_only() -> None:
    np = pytest.importorskip("numpy")
    for name in ("rollouts", "chain_steps", "endgame", "place_weight", "temperature"):
        with pytest.raises(s7.InvalidOptionsError, match=f"SearchBot.{name} must be"):
            SearchBot(**{name: np.int64(1)})
    bot = SearchBot(rollouts=5, time_limit=1, place_weight=1, temperature=None, endgame=0)
    assert (bot.rollouts, bot.time_limit, bot.place_weight, bot.endgame) == (5, 1, 1, 0)
