"""Durak's tensors agree with the rules and the view at every ply (D17, D7)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from durak_helpers import seeds
from hypothesis import given, settings
from hypothesis import strategies as st

from sevens_ru import DECK, Card, InvalidDealError, InvalidSeatError, NotAGameStateError, durak
from sevens_ru.games.durak import encode
from sevens_ru.games.durak.inference import infer


def cards(plane: np.ndarray) -> set[Card]:
    assert set(np.unique(plane)) <= {0.0, 1.0}
    return {DECK[index] for index in np.flatnonzero(plane)}


def one_hot(seat: int | None, viewer: int, players: int) -> list[int]:
    result = [0] * players
    if seat is not None:
        result[(seat - viewer) % players] = 1
    return result


def check_observation(tensor: np.ndarray, seen: durak.PlayerView) -> None:
    n, seat = seen.players, seen.seat
    assert tensor.dtype == np.float32 and tensor.shape == (encode.observation_size(n),)
    assert ((tensor >= 0) & (tensor <= 1)).all()
    field = {f.name: tensor[f.slice] for f in encode.observation_fields(n)}
    assert cards(field["hand"]) == set(seen.hand)
    assert cards(field["trump"]) == {seen.trump}  # D4
    assert cards(field["uncovered"]) == {a for a, c in seen.table if c is None}
    assert cards(field["covered"]) == {a for a, c in seen.table if c is not None}  # D8
    assert cards(field["covers"]) == {c for _, c in seen.table if c is not None}
    assert cards(field["set_aside"]) == seen.set_aside  # D10
    known = field["known"].reshape(n - 1, 36)
    for k in range(1, n):
        assert cards(known[k - 1]) == seen.known_cards[(seat + k) % n]  # D17
    assert field["out"].tolist() == [int((seat + k) % n in seen.out) for k in range(n)]  # D11
    assert field["attacker"].tolist() == one_hot(seen.attacker, seat, n)
    assert field["defender"].tolist() == one_hot(seen.defender, seat, n)
    sizes = [seen.hand_sizes[(seat + k) % n] for k in range(n)]
    assert np.allclose(field["hand_sizes"] * encode.HAND_SCALE, sizes)
    assert np.isclose(field["takes_in_a_row"][0] * seen.options.take_limit, seen.takes_in_a_row)


@settings(max_examples=40, deadline=None)
@given(seed=seeds, players=st.integers(2, 4), choices=st.integers(0, 2**32), short=st.booleans())
def test_tensors_agree_with_the_view_at_every_ply(
    seed: int, players: int, choices: int, short: bool
) -> None:
    rng = random.Random(choices)
    options = durak.Options(short_deck=short and players < 4, take_limit=rng.choice([3, 100]))
    state = durak.new_game(players, dealer=rng.randrange(players), seed=seed, options=options)
    for ply in range(300):
        for seat in range(players):
            seen = durak.view(state, seat)
            tensor = encode.observation(seen)
            check_observation(tensor, seen)
            assert (encode.observation_of(state, seat) == tensor).all()
            if ply % 7 == 0:
                check_information_state(seen)
        if durak.is_over(state):
            break
        state = durak.apply(state, rng.choice(durak.legal_moves(state)))


def check_information_state(seen: durak.PlayerView) -> None:
    n, seat = seen.players, seen.seat
    tensor = encode.information_state(seen)
    assert tensor.shape == (encode.information_state_size(n),)
    size = encode.observation_size(n)
    assert (tensor[:size] == encode.observation(seen)).all()
    field = {f.name: tensor[f.slice] for f in encode.information_state_fields(n)}
    played = field["played"].reshape(n, 36)
    for k in range(n):
        owner = (seat + k) % n
        put: set[Card] = set()
        for event in seen.history:
            if event.seat == owner and isinstance(event, durak.Covered):
                put.add(event.card)
            elif event.seat == owner and isinstance(event, (durak.Led, durak.Joined)):
                put |= set(event.cards)
        assert cards(played[k]) == put
    ruled_out = field["ruled_out"].reshape(n - 1, 36)
    inference = infer(seen)  # D7: the same as the inference's joins
    for k in range(1, n):
        other = (seat + k) % n
        assert cards(ruled_out[k - 1]) == seen.unseen - set(inference.allowed(other))


def test_sizes_and_errors() -> None:
    assert [encode.information_state_size(n) for n in (2, 3, 4)] == [369, 481, 593]
    with pytest.raises(InvalidDealError, match="2 to 4 players"):
        encode.observation_size(5)
    with pytest.raises(NotAGameStateError, match="takes a Durak PlayerView"):
        encode.information_state(durak.new_game(2, seed=1))  # type: ignore[arg-type]
    with pytest.raises(NotAGameStateError, match="takes a Durak GameState"):
        encode.observation_of(durak.view(durak.new_game(2, seed=1), 0), 0)  # type: ignore[arg-type]


def engines(function: object) -> list[object]:
    """The compiled core's twin (where it is built) and ``None``, the pure-Python path."""
    return [None] if function is None else [function, None]


@settings(max_examples=25, deadline=None)
@given(seed=seeds, players=st.integers(2, 4), choices=st.integers(0, 2**32), short=st.booleans())
def test_observe_into_writes_the_observation_and_the_mask_with_either_engine(
    seed: int, players: int, choices: int, short: bool
) -> None:
    rng = random.Random(choices)
    options = durak.Options(short_deck=short and players < 4, take_limit=rng.choice([3, 100]))
    state = durak.new_game(players, dealer=rng.randrange(players), seed=seed, options=options)
    size = encode.observation_size(players)
    fast = encode._fast_durak_fill
    try:
        for _ in range(300):
            for seat in range(players):
                written = set()
                for compiled in [True] if fast is None else [True, False]:
                    encode._fast_durak_fill = fast if compiled else None
                    observation = np.full(size, 7, np.float32)
                    mask = np.full(durak.NUM_ACTIONS, 7, np.int8)
                    encode.observe_into(state, seat, observation, mask)
                    written.add((observation.tobytes(), mask.tobytes()))
                assert len(written) == 1  # the same bytes from C and from Python (D17)
                assert (observation == encode.observation_of(state, seat)).all()
                legal = durak.legal_actions(state) if state.current_player == seat else ()
                assert np.flatnonzero(mask).tolist() == list(legal)  # D6, D8, D9
            if durak.is_over(state):
                break
            state = durak.apply(state, rng.choice(durak.legal_moves(state)))
    finally:
        encode._fast_durak_fill = fast


def test_observe_into_refuses_other_arrays_states_and_seats(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = durak.new_game(3, dealer=0, seed=2)
    for twin in engines(encode._fast_durak_fill):
        monkeypatch.setattr(encode, "_fast_durak_fill", twin)
        good, mask = np.empty(301, np.float32), np.empty(durak.NUM_ACTIONS, np.int8)
        with pytest.raises(ValueError, match=r"must be a (writable )?float32 array of 301"):
            encode.observe_into(state, 0, np.empty(300, np.float32), mask)
        with pytest.raises(ValueError, match="int8 array"):
            encode.observe_into(state, 0, good, np.empty(durak.NUM_ACTIONS, np.int64))
        with pytest.raises(InvalidSeatError):
            encode.observe_into(state, 3, good, mask)
        with pytest.raises(NotAGameStateError):
            encode.observe_into(durak.view(state, 0), 0, good, mask)  # type: ignore[arg-type]
