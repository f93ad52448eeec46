"""The layout family's tensors: what each field holds, the fast paths equal to the views', perfect recall."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from sevens_ru import games
from sevens_ru.errors import InvalidDealError, NotAGameStateError, UnknownGameError
from sevens_ru.games.family import PASS, encode
from sevens_ru.games.family.events import Burst, Pass
from sevens_ru.games.family.presets import PRESETS, rules_for

CASES = [
    (name, players, index)
    for name in PRESETS
    for players in (2, 5)
    for index in range(len(games.get(name).variants(players)))
]


def ids(case: tuple[str, int, int]) -> str:
    return f"{case[0]}-{case[1]}p-v{case[2]}"


def game_of(name: str) -> Any:
    return games.get(name)


def positions(name: str, players: int, setup: dict[str, Any], seed: int) -> list[Any]:
    """Every state of a random game of ``name``, from the deal to the end."""
    game = game_of(name)
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed, **setup)
    states = [state]
    while not game.is_over(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        states.append(state)
    return states


def fields(name: str, players: int, perfect_recall: bool = False) -> dict[str, Any]:
    made = (encode.information_state_fields if perfect_recall else encode.observation_fields)(
        name, players
    )
    return {field.name: field for field in made}


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_the_fast_paths_are_the_views_tensor_and_every_field_holds_what_it_says(
    case: tuple[str, int, int],
) -> None:
    name, players, index = case
    game = game_of(name)
    tensors = game.tensors()
    setup = dict(game.variants(players)[index])
    rules = rules_for(name, setup["options"])
    pack = game.pack
    places = fields(name, players)
    size = tensors.observation_size(players)
    assert size == places["dealer"].stop == 3 * len(pack) + len(pack.ranks) + 6 * players
    observation = np.empty(size, np.float32)
    mask = np.empty(len(pack) + 1, np.int8)
    for state in positions(name, players, setup, seed=index + 10 * players)[::3]:
        for seat in range(players):
            seen = game.view(state, seat)
            tensor = tensors.observation(seen)
            assert tensor.shape == (size,) and tensor.dtype == np.float32
            assert ((tensor >= 0) & (tensor <= 1)).all()
            assert (tensors.observation_of(state, seat) == tensor).all()
            tensors.observe_into(state, seat, observation, mask)
            assert (observation == tensor).all()
            legal = game.legal_mask(state) if seat == state.current_player else 0
            assert mask.tolist() == [legal >> action & 1 for action in range(len(pack) + 1)]

            def cards(field: str, tensor: Any = tensor) -> set[Any]:
                return {pack.cards[i] for i in np.flatnonzero(tensor[places[field].slice])}

            def relative(field: str, tensor: Any = tensor, seat: int = seat) -> list[float]:
                values = tensor[places[field].slice].tolist()
                return [values[(other - seat) % players] for other in range(players)]

            assert cards("hand") == set(seen.hand)
            assert cards("table") == set(seen.table)
            if seen.current_player == seat:  # F11: the seat to move plays from these
                playable = cards("playable")
                assert set(seen.legal_moves()) - {PASS} == playable & set(seen.hand)
                assert not playable & set(seen.table)
            assert relative("hand_sizes") == pytest.approx(
                [size * 2 / len(pack) for size in seen.hand_sizes]
            )
            assert relative("passes") == pytest.approx(
                [count / (2 * len(pack)) for count in seen.passes]
            )
            assert relative("out") == [float(other in seen.finished) for other in range(players)]
            assert relative("burst") == [float(other in seen.burst) for other in range(players)]
            assert relative("dealer") == [float(other == seen.dealer) for other in range(players)]
            turn = relative("to_play")
            assert turn == [float(other == seen.current_player) for other in range(players)]
            centre = rules.centre or getattr(seen, "start_rank", None)
            hot = [
                rank
                for rank, on in zip(pack.ranks, tensor[places["centre"].slice], strict=True)
                if on
            ]
            assert hot == ([] if centre is None else [centre])


@pytest.mark.parametrize("case", CASES[::2], ids=ids)
def test_the_information_state_gives_back_the_history(case: tuple[str, int, int]) -> None:
    # Perfect recall: who put which cards on the table at which event, the passes
    # between them, and the passes' proofs (F15), all read back from the tensor.
    name, players, index = case
    game = game_of(name)
    tensors = game.tensors()
    pack = game.pack
    setup = dict(game.variants(players)[index])
    places = fields(name, players, perfect_recall=True)
    size = tensors.information_state_size(players)
    assert size == places["ruled_out"].stop
    scale = len(pack) * (2 * players - 1) + players
    for state in positions(name, players, setup, seed=7 + index)[1::4]:
        seat = state.current_player if state.current_player is not None else 0
        seen = game.view(state, seat)
        tensor = tensors.information_state(seen)
        assert tensor.shape == (size,) and ((tensor >= 0) & (tensor <= 1)).all()
        assert (tensor[: tensors.observation_size(players)] == tensors.observation(seen)).all()
        placed = tensor[places["placed"].slice].reshape(players, len(pack))
        order = np.rint(tensor[places["order"].slice] * scale).astype(int)
        events: dict[int, tuple[int, set[Any]]] = {}
        for card in np.flatnonzero(order):
            relative = int(np.flatnonzero(placed[:, card])[0])
            number = int(order[card])
            events.setdefault(number, ((seat + relative) % players, set()))[1].add(pack.cards[card])
        read: list[tuple[str, int | None, set[Any]]] = []
        for number in range(1, len(seen.history) + 1):
            if number not in events:
                read.append(("pass", None, set()))
                continue
            who, cards_down = events[number]
            burst = who in seen.burst and number == max(
                n for n, (other, _) in events.items() if other == who
            )
            read.append(("burst" if burst else "play", who, cards_down))
        actual: list[tuple[str, int | None, set[Any]]] = [
            ("pass", None, set())
            if isinstance(event, Pass)
            else ("burst" if isinstance(event, Burst) else "play", event.seat, set(event.cards))
            if isinstance(event, Burst)
            else ("play", event.seat, {event.card})
            for event in seen.history
        ]
        assert read == actual
        laid = getattr(seen, "laid", ())
        for other, sevens in enumerate(laid):  # N2: who laid each seven, before play
            for card in sevens:
                assert placed[(other - seat) % players, pack.index(card)] == 1
                assert order[pack.index(card)] == 0


def test_a_forced_pass_rules_out_the_cards_playable_then() -> None:
    # F15 (R21's reading): seat 2 passes right after 7♦ is down; it held no 6♦, 8♦
    # or other seven, so none of those unseen cards is its.
    game = game_of("sevens-52")
    state = game.apply(game.new_game(4, dealer=3, seed=12), "7♦")
    assert Pass(2) in state.history
    seen = game.view(state, 0)
    places = fields("sevens-52", 4, perfect_recall=True)
    ruled = game.tensors().information_state(seen)[places["ruled_out"].slice].reshape(3, 52)
    unseen = set(game.pack.cards) - set(seen.hand) - set(seen.table)
    for card in map(game.pack.cards.__getitem__, np.flatnonzero(ruled[1])):
        assert card in unseen and card.rank.label() in ("6", "7", "8")
    assert not ruled[0].any() and not ruled[2].any()  # seats 1 and 3 passed not


def test_an_island_is_on_the_table_but_not_playable() -> None:
    # N6: after a burst, a card beyond a gap is on the table but nothing is played
    # next to it; the playable plane follows the rows, not the table.
    game = game_of("shichinarabe")
    options = game.Options(passes=0)  # no pass: the first seat without a card bursts
    rng = random.Random(3)
    for seed in range(200):
        state = game.new_game(4, seed=seed, options=options)
        while not game.is_over(state) and not state.burst:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        if state.burst and not game.is_over(state):
            break
    else:
        pytest.fail("no burst in 200 games")
    seen = game.view(state, state.current_player)
    places = fields("shichinarabe", 4)
    tensor = game.tensors().observation(seen)
    playable = {game.pack.cards[i] for i in np.flatnonzero(tensor[places["playable"].slice])}
    for suit in game.pack.suits:
        row = seen.row(suit)
        assert row is not None  # N2: every seven is down
        for card in playable:
            if card.suit is suit:
                ranks = list(game.pack.ranks)
                low, high = ranks.index(row[0]), ranks.index(row[1])
                assert ranks.index(card.rank) in (low - 1, high + 1)


def test_the_deal_chance_model_is_exactly_uniform_with_the_dealer() -> None:
    # F7: each dealer 1/n; then every deal as likely as a shuffled pack makes it.
    from math import factorial, isclose

    rng = random.Random(2)
    for name in PRESETS:
        game = game_of(name)
        for players in (2, 3):
            model = game.tensors().chances(players, None)
            assert [chance for _, chance in model.outcomes([])] == [1 / players] * players
            dealt: list[int] = []
            probability = 1.0
            node: Any = model.first()
            while node is not None:
                outcomes = node.outcomes
                assert outcomes == model.outcomes(dealt)
                assert isclose(sum(chance for _, chance in outcomes), 1.0)
                action, chance = rng.choice(outcomes)
                probability *= chance
                dealt.append(action)
                node = node.after(action)
            state = model.state(dealt)
            assert model.outcomes_of(state) == dealt
            sizes = [len(hand) for hand in state.deal]
            expected = 1 / players
            for hand in sizes:
                expected *= factorial(hand)
            assert isclose(probability, expected / factorial(sum(sizes)), rel_tol=1e-9)
            assert game.view(state, 0).dealer == dealt[0]


@pytest.mark.parametrize("name", PRESETS)
def test_the_most_moves_bound_every_game(name: str) -> None:
    game = game_of(name)
    for players in (2, 4):
        for setup in game.variants(players):
            model = game.tensors().chances(players, setup["options"])
            states = positions(name, players, dict(setup), seed=players)
            moves = len(model.actions(states[-1]))
            assert moves <= model.max_moves
            events = len(states[-1].history)
            assert events <= len(game.pack) * (2 * players - 1) + players  # the order's scale


def test_bad_input_is_refused_with_the_librarys_errors() -> None:
    game = game_of("fan-tan")
    tensors = game.tensors()
    state = game.new_game(3, seed=1)
    with pytest.raises(NotAGameStateError, match="family preset"):
        tensors.observation("not a view")
    with pytest.raises(NotAGameStateError, match="family preset"):
        tensors.observation_of(games.get("sevens").new_game(4, seed=1), 0)
    with pytest.raises(InvalidDealError):
        tensors.observation_size(9)
    with pytest.raises(UnknownGameError, match="sevens-52"):
        encode.observation_fields("tops", 4)
    with pytest.raises(ValueError, match="float32 array of 187"):
        tensors.observe_into(state, 0, np.empty(3, np.float32), np.empty(53, np.int8))
    with pytest.raises(ValueError, match="int8 array of 53"):
        tensors.observe_into(state, 0, np.empty(187, np.float32), np.empty(52, np.int8))
    with pytest.raises(InvalidDealError):
        tensors.chances(1, None)
