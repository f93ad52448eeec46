"""Both games in OpenSpiel: its random simulation test, ISMCTS, and exact resampling."""

from __future__ import annotations

import random
from collections import Counter
from math import factorial, isclose, sqrt
from statistics import NormalDist

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import sevens_ru as s7
import sevens_ru.encode
import sevens_ru.envs.openspiel  # registers the games
import sevens_ru.inference
from sevens_ru import durak
from sevens_ru.games.durak import encode as durak_encode

GAMES = [("python_sevens_ru", {"players": n}) for n in range(2, 7)] + [
    ("python_durak_ru", {"players": n}) for n in range(2, 5)
]
GAMES.append(("python_durak_ru", {"players": 3, "short_deck": True, "take_limit": 5}))


def ids(case: tuple[str, dict[str, object]]) -> str:
    return f"{case[0]}{case[1]}"


def play_chance(state: pyspiel.State, rng: np.random.RandomState) -> None:
    while state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probabilities)))


@pytest.mark.parametrize("case", GAMES, ids=ids)
def test_openspiel_random_sim_test_with_serialization(case: tuple[str, dict[str, object]]) -> None:
    game = pyspiel.load_game(case[0], case[1])
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "case", [("python_sevens_ru", {"players": 4}), ("python_durak_ru", {"players": 3})], ids=ids
)
def test_ismcts_plays_whole_games(case: tuple[str, dict[str, object]]) -> None:
    game = pyspiel.load_game(case[0], case[1])
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    players = game.num_players()
    bots = [
        ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=30, random_state=rng)
        for _ in range(players)
    ]
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            play_chance(state, rng)
            if not state.is_terminal():
                state.apply_action(int(bots[state.current_player()].step(state)))
        returns = state.returns()
        assert isclose(sum(returns), 0.0, abs_tol=1e-9) and max(returns) > 0


@pytest.mark.parametrize("case", GAMES, ids=ids)
def test_resampling_keeps_the_information_state(case: tuple[str, dict[str, object]]) -> None:
    # OpenSpiel's ResampleInfostateTest, in Python (it cannot call a Python override).
    game = pyspiel.load_game(case[0], case[1])
    rng = np.random.RandomState(3)
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
    state = game.new_initial_state()
    step = 0
    while not state.is_terminal():
        if step % 5 == 0:
            for player in range(game.num_players()):
                other = state.resample_from_infostate(player, sampler)
                assert other.information_state_string(player) == state.information_state_string(
                    player
                )
                assert other.information_state_tensor(player) == state.information_state_tensor(
                    player
                )
                assert other.observation_tensor(player) == state.observation_tensor(player)
                assert other.current_player() == state.current_player()
                assert len(other.history()) == len(state.history())
                if other.game_state is not None:  # its history deals its own cards
                    replay = game.new_initial_state()
                    for action in other.history():
                        replay.apply_action(action)
                    assert replay.game_state == other.game_state
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        step += 1


def test_resampling_is_uniform_over_the_deals_a_player_cannot_tell_apart() -> None:
    # Late in a 3-player game, seat 0's inference counts the deals; the resampled
    # OpenSpiel states hold them all, each about as often.
    game = pyspiel.load_game("python_sevens_ru", {"players": 3})
    rng = np.random.RandomState(11)
    state = game.new_initial_state()
    play_chance(state, rng)
    while len(s7.view(state.game_state, 0).unseen) > 8:
        state.apply_action(int(rng.choice(state.legal_actions())))
    count = s7.inference.infer(s7.view(state.game_state, 0)).count
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)  # seeded
    draws = 40 * count
    seen = Counter(
        tuple(state.resample_from_infostate(0, sampler).game_state.hands) for _ in range(draws)
    )
    assert len(seen) == count > 1
    expected = draws / count
    statistic = sum((times - expected) ** 2 / expected for times in seen.values())
    degrees = count - 1
    z = NormalDist().inv_cdf(1 - 1e-4)  # the chi-square quantile, Wilson-Hilferty
    assert statistic < degrees * (1 - 2 / (9 * degrees) + z * sqrt(2 / (9 * degrees))) ** 3


@pytest.mark.parametrize("case", GAMES[:2] + GAMES[5:7], ids=ids)
def test_the_deal_is_exactly_uniform(case: tuple[str, dict[str, object]]) -> None:
    # Every complete deal has probability  (sizes!) / (cards!): one chance node per card.
    game = pyspiel.load_game(case[0], case[1])
    rng = random.Random(5)
    for _ in range(20):
        state = game.new_initial_state()
        probability = 1.0
        while state.is_chance_node():
            action, p = rng.choice(state.chance_outcomes())
            assert isclose(sum(q for _, q in state.chance_outcomes()), 1.0)
            probability *= p
            state.apply_action(action)
        library = state.game_state
        sizes = [len(hand) for hand in library.deal]
        cards = sum(sizes)
        if case[0] == "python_durak_ru":
            rest = len(durak.pack(False)) - cards
            sizes.append(rest)
            cards += rest
            ways_of_trump = rest if rest else len(library.deal[library.dealer])
            probability *= ways_of_trump  # the trump card: one of those, uniformly
        expected = 1.0
        for size in sizes:
            expected *= factorial(size)
        assert isclose(probability, expected / factorial(cards), rel_tol=1e-9)


@pytest.mark.parametrize("case", GAMES, ids=ids)
def test_the_deal_by_card_sets_is_the_deal_by_cards(case: tuple[str, dict[str, object]]) -> None:
    # Chances.build_sets (and last_set, Durak's trump node) make what build and last
    # make from the cards, read one by one as an explicit deal.
    import attrs

    game = pyspiel.load_game(case[0], case[1])
    model = game.deal
    assert model.build_sets is not None
    by_cards = attrs.evolve(model, build_sets=None, last_set=None)
    rng = random.Random(11)
    for _ in range(50):
        state = game.new_initial_state()
        while state.is_chance_node():
            dealt = list(state._dealt)
            assert model.outcomes(dealt) == by_cards.outcomes(dealt)
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        assert state.game_state == by_cards.state(state._dealt)
        assert model.sets(state._dealt) == [
            sum(1 << model.pack.index(card) for card in place)
            for place in by_cards.places(state._dealt)
        ]


def test_tensors_and_strings_are_the_librarys() -> None:
    game = pyspiel.load_game("python_durak_ru", {"players": 2})
    observation = make_observation(game)
    information = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    play_chance(state, rng)
    for _ in range(20):
        if state.is_terminal():
            break
        for player in range(2):
            seen = durak.view(state.game_state, player)
            observation.set_from(state, player)
            information.set_from(state, player)
            assert (observation.tensor == durak_encode.observation(seen)).all()
            assert (information.tensor == durak_encode.information_state(seen)).all()
            assert str(seen.trump) in state.information_state_string(player)
        state.apply_action(int(rng.choice(state.legal_actions())))
    sevens = pyspiel.load_game("python_sevens_ru")
    state = sevens.new_initial_state()
    play_chance(state, rng)
    assert state.observation_tensor(1) == s7.encode.observation_of(state.game_state, 1).tolist()
    assert state.legal_actions() == list(s7.legal_actions(state.game_state))


def test_the_parameters() -> None:
    game = pyspiel.load_game("python_durak_ru(players=2,short_deck=True,take_limit=7)")
    state = game.new_initial_state()
    play_chance(state, np.random.RandomState(0))
    assert state.game_state.options == durak.Options(short_deck=True, take_limit=7)
    assert game.max_game_length() == durak.max_moves(2, 7)
    sevens = pyspiel.load_game("python_sevens_ru(players=5,rank_by_passes=True)")
    assert sevens.num_players() == 5 and sevens.num_distinct_actions() == 36
    with pytest.raises(s7.InvalidDealError, match="2 to 6"):
        pyspiel.load_game("python_sevens_ru(players=7)")
