"""The ``backend`` of a match: its values, what goes with them, and Ray missing.

The matches on a real Ray cluster are in tests/on_ray (they need the extra ``ray``); here
Ray is made unimportable, so that these hold whether it is installed or not.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest

import sevens_ru as s7
import sevens_ru.bots
import sevens_ru.durak.bots
from sevens_ru import durak
from sevens_ru.cli import main
from sevens_ru.common import _ray
from sevens_ru.games.durak import tournament as durak_tournament
from sevens_ru.games.sevens.tournament import play_match


def _match_of(game: str) -> tuple[Any, Any]:
    if game == "durak":
        return durak_tournament.play_match, durak.bots.RandomBot()
    return play_match, s7.bots.RandomBot()


@pytest.fixture
def no_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    """``import ray`` fails, as where the extra ``ray`` is not installed."""
    monkeypatch.setitem(sys.modules, "ray", None)


@pytest.mark.parametrize("game", ["sevens", "durak"])
@pytest.mark.parametrize("backend", ["threads", "Ray", "", None, 1])
def test_a_bad_backend_is_refused(game: str, backend: Any) -> None:
    match, bot = _match_of(game)
    with pytest.raises(
        s7.MatchError, match=r"^backend must be 'processes' or 'ray', got "
    ) as error:
        match([bot, bot], 2, seed=1, backend=backend)
    assert isinstance(error.value, ValueError)


@pytest.mark.parametrize("game", ["sevens", "durak"])
def test_jobs_do_not_go_with_ray(game: str) -> None:
    match, bot = _match_of(game)
    with pytest.raises(s7.MatchError, match="with backend='ray' the cluster's CPUs play the deals"):
        match([bot, bot], 2, seed=1, jobs=2, backend="ray")


@pytest.mark.parametrize("game", ["sevens", "durak"])
def test_processes_is_the_default_backend(game: str) -> None:
    match, bot = _match_of(game)
    result = match([bot, bot], 3, seed=2)
    assert match([bot, bot], 3, seed=2, backend="processes") == result
    assert match([bot, bot], 3, seed=2, backend="processes", jobs=2) == result


@pytest.mark.usefixtures("no_ray")
@pytest.mark.parametrize("game", ["sevens", "durak"])
def test_ray_missing_names_the_extra(game: str) -> None:
    match, bot = _match_of(game)
    with pytest.raises(s7.MissingExtraError, match=r'pip install "sevens-ru\[ray\]"') as error:
        match([bot, bot], 2, seed=1, backend="ray")
    assert isinstance(error.value, ImportError)
    assert isinstance(error.value, s7.SevensError)


@pytest.mark.usefixtures("no_ray")
def test_the_module_of_ray_matches_imports_without_ray() -> None:
    with pytest.raises(s7.MissingExtraError):
        _ray.ray_module()
    assert _ray._task_size(10, 2, None) == _ray.FIRST_TASK_DEALS


def test_task_sizes_follow_the_time_per_deal_and_shrink_at_the_end() -> None:
    assert _ray._task_size(1_000_000, 8, 0.001) == 500  # half a second of deals
    assert _ray._task_size(1_000_000, 8, 30.0) == 1  # a slow bot: one deal a task
    assert _ray._task_size(1_000_000, 8, 0.0) == 62_500  # free deals: the share of a task
    sizes = []
    left = 1000
    while left:
        sizes.append(_ray._task_size(left, 4, 0.0001))
        left -= sizes[-1]
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] == 1  # smaller towards the end


# The command


@pytest.mark.usefixtures("no_ray")
def test_simulate_backend_ray_without_ray(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--backend", "ray", "--games", "2", "--quiet"]) == 2
    assert capsys.readouterr().err == (
        'sevens-ru: error: backend="ray" needs Ray, which is not installed: '
        'pip install "sevens-ru[ray]"\n'
    )


def test_simulate_address_goes_with_backend_ray(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--address", "auto", "--games", "2", "--quiet"]) == 2
    assert "argument --address: goes with --backend ray" in capsys.readouterr().err


def test_simulate_jobs_do_not_go_with_ray(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--backend", "ray", "--jobs", "2", "--games", "2", "--quiet"]) == 2
    assert "argument --jobs: counts local processes" in capsys.readouterr().err


def test_simulate_refuses_an_unknown_backend(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["simulate", "--backend", "threads", "--plain"])
    assert exited.value.code == 2
    assert "argument --backend: invalid choice: 'threads'" in capsys.readouterr().err
