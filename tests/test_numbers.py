"""Whole numbers: where numpy's integers count, where only a Python int does, and bools never."""

from __future__ import annotations

import random

import pytest

import sevens_ru as s7
from sevens_ru import durak
from sevens_ru.bots import RandomBot
from sevens_ru.common._numbers import as_int, plain_int, plain_number
from sevens_ru.durak.bots import RandomBot as DurakRandomBot
from sevens_ru.durak.inference import infer as infer_durak
from sevens_ru.durak.play import simulate
from sevens_ru.errors import InvalidOptionsError, InvalidSeatError, MatchError
from sevens_ru.inference import infer
from sevens_ru.tournament import play_match

np = pytest.importorskip("numpy")


def test_as_int_takes_every_integral_number_but_a_bool() -> None:
    for number in (7, np.int8(7), np.uint64(7), np.int64(7)):
        value = as_int(number)
        assert value == 7
        assert type(value) is int
    for other in (True, False, np.bool_(True), 7.0, np.float64(7), "7", None):
        assert as_int(other) is None


def test_plain_int_and_plain_number_take_python_numbers_only() -> None:
    assert plain_int(7) == 7
    assert plain_number(7) == 7
    assert plain_number(0.5) == 0.5
    for other in (True, np.int64(7), 7.0, "7", None):
        assert plain_int(other) is None
    for other in (False, np.int64(7), "0.5", None):
        assert plain_number(other) is None


def test_seats_may_be_numpy_integers() -> None:
    state = s7.new_game(4, seed=1)
    assert s7.view(state, np.int64(2)) == s7.view(state, 2)
    assert state.hand(np.int16(3)) == state.hand(3)
    seen = s7.view(state, 2)
    assert seen.hand_mask(np.int64(2)) == seen.hand_mask(2)
    assert infer(seen).allowed(np.int64(1)) == infer(seen).allowed(1)


@pytest.mark.parametrize("seat", [1.0, True, "1"])
def test_a_seat_of_another_type_is_refused_by_the_inference(seat: object) -> None:
    seen = s7.view(s7.new_game(4, seed=1), 2)
    with pytest.raises(InvalidSeatError, match="is not one of the other seats"):
        infer(seen).allowed(seat)  # type: ignore[arg-type]
    seen_durak = durak.view(durak.new_game(3, seed=1), 2)
    with pytest.raises(InvalidSeatError, match="is not one of the other places"):
        infer_durak(seen_durak).allowed(seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [2.0, True])
def test_a_view_shows_its_own_hand_only_to_an_integer_seat(seat: object) -> None:
    seen = s7.view(s7.new_game(4, seed=1), 1)
    with pytest.raises(InvalidSeatError, match="shows only the hand of seat 1"):
        seen.hand_mask(seat)  # type: ignore[arg-type]


def test_numpy_integers_count_where_the_value_is_converted() -> None:
    state = durak.new_game(2, seed=3, dealer=np.int64(1))
    assert state == durak.new_game(2, seed=3, dealer=1)
    result = simulate([DurakRandomBot(), DurakRandomBot()], np.int64(2), seed=0)
    assert type(result.games) is int
    assert result.games == 2
    assert durak.payoffs(_over(), stake=np.int64(2)) == durak.payoffs(_over(), stake=2)
    assert all(type(points) is int for points in durak.payoffs(_over(), stake=np.int64(2)))


def _over() -> durak.GameState:
    """A finished game of Durak."""
    state, rng = durak.new_game(2, seed=5), random.Random(5)
    while state.current_player is not None:
        state = durak.apply(state, rng.choice(durak.legal_moves(state)))
    return state


def test_numpy_integers_are_refused_where_the_value_is_kept_as_given() -> None:
    # The options are written in every record's JSON, and a match's settings go on to
    # its worker processes and results: a numpy integer there would travel as is.
    with pytest.raises(InvalidOptionsError, match=r"Options\.take_limit must be a positive int"):
        durak.Options(take_limit=np.int64(3))
    with pytest.raises(MatchError, match=r"^games must be an int, got int64 np.int64\(3\)$"):
        play_match([RandomBot(), RandomBot()], np.int64(3), seed=0)
