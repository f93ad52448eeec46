"""A bad input of any size gets a message of bounded size, quoting a short excerpt of it."""

from __future__ import annotations

import pytest

import sevens_ru as s7
from sevens_ru.bots import RandomBot
from sevens_ru.games.family.options import FanTanOptions
from sevens_ru.tournament import play_match


class _Huge:
    """Not a bot, with a repr of 100,000 characters."""

    def __repr__(self) -> str:
        return "H" * 100_000


def test_a_match_names_a_bot_without_choose_in_a_short_excerpt() -> None:
    with pytest.raises(s7.MatchError, match=r"bots\[1\] has no choose") as raised:
        play_match([RandomBot(), _Huge()], 2, seed=1)  # type: ignore[list-item]
    assert len(str(raised.value)) < 600


def test_a_seed_that_is_not_an_int_is_quoted_short() -> None:
    pytest.importorskip("numpy")
    from sevens_ru.envs._tables import seat_rng

    with pytest.raises(s7.InvalidOptionsError, match="a seed is an int or None, got str") as raised:
        seat_rng("7" * 100_000)
    assert len(str(raised.value)) < 600


def test_a_huge_int_is_named_once_by_its_size() -> None:
    with pytest.raises(s7.InvalidOptionsError, match=r"got an int of 100 bits$") as raised:
        FanTanOptions(ante=10**30)
    assert "int an int" not in str(raised.value)
