"""The main game's tensors agree with the rules and the view at every ply (R20, R21)."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from hypothesis import given

import sevens_ru as s7
from helpers import games
from sevens_ru.games.sevens import encode
from sevens_ru.games.sevens.inference import infer


def cards(plane: np.ndarray) -> set[s7.Card]:
    assert set(np.unique(plane)) <= {0.0, 1.0}
    return {s7.DECK[index] for index in np.flatnonzero(plane)}


def relative(values: tuple[int, ...], seat: int) -> list[int]:
    return list(values[seat:] + values[:seat])


def check_observation(tensor: np.ndarray, seen: s7.PlayerView) -> None:
    """Every field of the observation, read back and compared with the view."""
    n = seen.players
    assert tensor.dtype == np.float32 and tensor.shape == (encode.observation_size(n),)
    assert ((tensor >= 0) & (tensor <= 1)).all()
    field = {f.name: tensor[f.slice] for f in encode.observation_fields(n)}
    assert cards(field["hand"]) == set(seen.hand)
    assert cards(field["table"]) == seen.table  # R8
    assert cards(field["playable"]) == set(seen.playable())  # R7, R9
    to_play = [0] * n
    if seen.current_player is not None:
        to_play[(seen.current_player - seen.seat) % n] = 1
    assert field["to_play"].tolist() == to_play
    assert np.allclose(
        field["hand_sizes"] * encode.HAND_SCALE, relative(seen.hand_sizes, seen.seat)
    )
    assert np.allclose(field["passes"] * encode.PASS_SCALE, relative(seen.passes, seen.seat))


@given(games())
def test_observations_agree_with_the_view_at_every_ply(states: list[s7.GameState]) -> None:
    for state in states:
        for seat in range(state.players):
            seen = s7.view(state, seat)
            tensor = encode.observation(seen)
            check_observation(tensor, seen)
            assert (encode.observation_of(state, seat) == tensor).all()


@given(games())
def test_information_states_agree_with_the_history(states: list[s7.GameState]) -> None:
    for state in states[:: max(1, len(states) // 6)]:
        for seat in range(state.players):
            seen = s7.view(state, seat)
            n = state.players
            tensor = encode.information_state(seen)
            assert tensor.shape == (encode.information_state_size(n),)
            assert ((tensor >= 0) & (tensor <= 1)).all()
            field = {f.name: tensor[f.slice] for f in encode.information_state_fields(n)}
            size = encode.observation_size(n)
            assert (tensor[:size] == encode.observation(seen)).all()
            played = field["played"].reshape(n, 36)
            plays = [event for event in seen.history if isinstance(event, s7.Play)]
            for k in range(n):
                owner = (seat + k) % n
                assert cards(played[k]) == {p.card for p in plays if p.seat == owner}
            order = field["play_order"] * 36
            assert [s7.DECK[i] for i in np.argsort(order)[36 - len(plays) :]] == [
                p.card for p in plays
            ]
            ruled_out = field["ruled_out"].reshape(n - 1, 36)
            inference = infer(seen)  # R21: the same as the inference's passes
            for k in range(1, n):
                other = (seat + k) % n
                assert cards(ruled_out[k - 1]) == seen.unseen - set(inference.allowed(other))


def test_the_information_state_is_perfect_recall() -> None:
    # Equal information states only for equal views: the tensor loses nothing of the view.
    seen: dict[bytes, s7.PlayerView] = {}
    rng = random.Random(2)
    for game in range(60):
        players = 2 + game % 5
        state = s7.new_game(players, seed=game)
        while True:
            for seat in range(players):
                view = s7.view(state, seat)
                key = encode.information_state(view).tobytes()
                assert seen.setdefault(key, view) == view
            if s7.is_over(state):
                break
            state = s7.apply(state, rng.choice(s7.legal_moves(state)))
    assert len(seen) > 1000


def test_other_seats_hands_are_not_in_the_observation() -> None:
    # R20: swapping cards between two other seats changes nothing that seat 0 sees.
    state = s7.new_game(4, seed=3)
    hands = [list(hand) for hand in state.hands]
    one = next(card for card in hands[1] if card != s7.Card.parse("9♦"))
    two = next(card for card in hands[2] if card != s7.Card.parse("9♦"))
    hands[1][hands[1].index(one)], hands[2][hands[2].index(two)] = two, one
    swapped = s7.new_game(4, hands=hands)
    assert swapped != state
    assert (encode.observation_of(swapped, 0) == encode.observation_of(state, 0)).all()
    assert (encode.observation_of(swapped, 1) != encode.observation_of(state, 1)).any()


def test_each_call_gives_a_new_writable_array() -> None:
    state = s7.new_game(4, seed=3)
    first, second = encode.observation_of(state, 0), encode.observation_of(state, 0)
    first[0] = 0.5
    assert second[0] != 0.5 and first.flags.writeable


def test_sizes_and_errors() -> None:
    assert [encode.observation_size(n) for n in range(2, 7)] == [108 + 3 * n for n in range(2, 7)]
    assert encode.information_state_size(6) == 108 + 75 * 6
    with pytest.raises(s7.InvalidDealError, match="2 to 6 players"):
        encode.observation_size(7)
    with pytest.raises(s7.NotAGameStateError, match="PlayerView"):
        encode.observation(s7.new_game(4, seed=1))  # type: ignore[arg-type]
    with pytest.raises(s7.NotAGameStateError, match="GameState"):
        encode.observation_of(s7.view(s7.new_game(4, seed=1), 0), 0)  # type: ignore[arg-type]
    with pytest.raises(s7.InvalidSeatError):
        encode.observation_of(s7.new_game(4, seed=1), 4)


def test_the_core_needs_no_learning_framework() -> None:
    # The frameworks are extras: the library, its tensors and sevens_ru.envs import none.
    code = (
        "import sys\n"
        "import sevens_ru, sevens_ru.encode, sevens_ru.durak.encode, sevens_ru.envs\n"
        "frameworks = {'pettingzoo', 'gymnasium', 'pyspiel', 'open_spiel'}\n"
        "print(sorted(frameworks & {name.split('.')[0] for name in sys.modules}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def engines(function: object) -> list[object]:
    """The compiled core's twin (where it is built) and ``None``, the pure-Python path."""
    return [None] if function is None else [function, None]


def test_observe_into_writes_the_observation_and_the_mask_with_either_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(11)
    for players in range(2, 7):
        state = s7.new_game(players, seed=rng.getrandbits(32))
        states = [state]
        while not s7.is_over(state):
            state = s7.apply(state, rng.choice(s7.legal_moves(state)))
            states.append(state)
        for state in states:
            for seat in range(players):
                written = []
                for fast in engines(encode._fast_sevens_observation):
                    monkeypatch.setattr(encode, "_fast_sevens_observation", fast)
                    observation = np.full(encode.observation_size(players), 7, np.float32)
                    mask = np.full(36, 7, np.int8)
                    encode.observe_into(state, seat, observation, mask)
                    written.append((observation.tobytes(), mask.tobytes()))
                assert len(set(written)) == 1  # the same bytes from C and from Python
                assert (observation == encode.observation_of(state, seat)).all()
                legal = s7.legal_actions(state) if state.current_player == seat else ()
                assert np.flatnonzero(mask).tolist() == list(legal)  # R7, R9, R10


def test_observe_into_refuses_other_arrays_states_and_seats(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = s7.new_game(4, seed=3)
    for fast in engines(encode._fast_sevens_observation):
        monkeypatch.setattr(encode, "_fast_sevens_observation", fast)
        good, mask = np.empty(120, np.float32), np.empty(36, np.int8)
        observation: Any
        action_mask: Any
        for observation, action_mask in (
            (np.empty(117, np.float32), mask),
            (np.empty(120, np.float64), mask),
            (good, np.empty(36, np.int64)),
            (good, np.empty(35, np.int8)),
        ):
            with pytest.raises(ValueError, match=r"must be a (writable )?(float32|int8) array"):
                encode.observe_into(state, 0, observation, action_mask)
        with pytest.raises(s7.InvalidSeatError):
            encode.observe_into(state, 4, good, mask)
        with pytest.raises(s7.NotAGameStateError):
            encode.observe_into(s7.view(state, 0), 0, good, mask)  # type: ignore[arg-type]


def test_mask_into_writes_every_bit_with_either_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    from sevens_ru.common import _planes

    rng = random.Random(5)
    for size in (1, 8, 36, 37, 1252):
        for mask in (0, (1 << size) - 1, rng.getrandbits(size), 1 << (size - 1)):
            written = []
            for fast in engines(_planes._fast_action_mask):
                monkeypatch.setattr(_planes, "_fast_action_mask", fast)
                array = np.full(size, 9, np.int8)
                _planes.mask_into(array, mask)
                written.append(array.tolist())
                assert array.tolist() == _planes.mask_array(mask, size).tolist()
                with pytest.raises(ValueError, match="int8 array"):
                    _planes.mask_into(np.empty(size, np.float32), mask)
                with pytest.raises(ValueError, match="2\\*\\*"):
                    _planes.mask_into(array, 1 << size)
            assert all(entry == written[0] for entry in written)
