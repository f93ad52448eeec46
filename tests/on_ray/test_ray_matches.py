"""Matches played as Ray tasks on a local cluster: the same results as in one process.

A bot's failure, its overrun of ``move_timeout``, a worker that dies and Ctrl-C all end
the match as with processes, and ``sevens-ru simulate --backend ray`` plays on the
cluster it is given.
"""

from __future__ import annotations

import importlib
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import ray

import sevens_ru as s7
import sevens_ru.bots
import sevens_ru.durak.bots
from sevens_ru import durak
from sevens_ru.cli import main
from sevens_ru.common import _ray
from sevens_ru.games.durak import tournament as durak_tournament
from sevens_ru.games.sevens.tournament import play_match


class Fails:
    def choose(self, view: Any, rng: random.Random) -> Any:
        raise ValueError("a bot's own error")


class Sleeper:
    def choose(self, view: Any, rng: random.Random) -> Any:
        time.sleep(1000)


class Dies:
    def choose(self, view: Any, rng: random.Random) -> Any:
        os._exit(3)


def _game(name: str) -> tuple[Any, Any, Any]:
    """The game's play_match, its heuristic bot and its random bot."""
    if name == "durak":
        return durak_tournament.play_match, durak.bots.HeuristicBot(), durak.bots.RandomBot()
    return play_match, s7.bots.HeuristicBot(), s7.bots.RandomBot()


def _cpus_free(within: float = 60) -> bool:
    """Whether both CPUs of the cluster are free again within ``within`` seconds."""
    both = ray.remote(num_cpus=2)(lambda: True)
    return bool(ray.get(both.remote(), timeout=within))


@pytest.mark.parametrize("game", ["sevens", "durak"])
@pytest.mark.parametrize("duplicate", [True, False])
def test_a_match_on_ray_equals_the_match_in_one_process(game: str, duplicate: bool) -> None:
    match, heuristic, other = _game(game)
    lineup = [heuristic, other, other]
    local = match(lineup, 30, seed=5, duplicate=duplicate)
    done: list[tuple[int, int]] = []
    on_ray = match(
        lineup,
        30,
        seed=5,
        duplicate=duplicate,
        backend="ray",
        progress=lambda *report: done.append(report),
    )
    assert on_ray == local
    assert on_ray.to_dict()["bots"][0] | {"ms_per_move": 0} == (
        local.to_dict()["bots"][0] | {"ms_per_move": 0}
    )
    assert [bot.moves for bot in on_ray.bots] == [bot.moves for bot in local.bots]
    assert all(bot.seconds > 0 for bot in on_ray.bots)  # the times came back from the workers
    assert done[-1] == (30, 30)
    assert [count for count, _ in done] == sorted({count for count, _ in done})  # one rising count
    assert len(done) > 1  # several tasks, not one


def test_a_match_on_ray_keeps_the_same_records() -> None:
    lineup: list[s7.bots.Bot] = [s7.bots.HeuristicBot(), s7.bots.RandomBot()]
    local = play_match(lineup, 6, seed=3, records=True)
    on_ray = play_match(lineup, 6, seed=3, records=True, backend="ray")
    assert len(on_ray.records) == 12 and on_ray.records == local.records


def test_a_match_on_ray_is_that_of_its_seed() -> None:
    lineup: list[s7.bots.Bot] = [s7.bots.HeuristicBot(), s7.bots.RandomBot()]
    first = play_match(lineup, 12, seed=1, backend="ray")
    assert play_match(lineup, 12, seed=2, backend="ray") != first
    assert play_match(lineup, 12, seed=1, backend="ray") == first


@pytest.mark.parametrize("game", ["sevens", "durak"])
def test_a_failing_bot_on_a_worker_is_named_as_in_one_process(game: str) -> None:
    match, _, other = _game(game)
    # the first failure to come back ends the match: that of any deal, as with processes
    with pytest.raises(
        s7.MatchError,
        match=r"^deal \d, rotation \d: bot 'Fails' in seat \d failed: ValueError: a bot's own error$",
    ) as remote:
        match([Fails(), other], 4, seed=1, backend="ray")
    assert isinstance(remote.value.__cause__, ValueError)  # the bot's own exception
    assert str(remote.value.__cause__) == "a bot's own error"
    assert _cpus_free()


def test_a_bot_the_workers_cannot_import_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "bots_of_this_machine.py").write_text(
        "class Local:\n    def choose(self, view, rng):\n        return rng.choice(view.legal_moves())\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))  # on this machine only, not on the workers
    local = importlib.import_module("bots_of_this_machine").Local()
    assert play_match([local, s7.bots.RandomBot()], 2, seed=1).bots[0].games == 4
    with pytest.raises(
        s7.MatchError,
        match=r"deals? [0-9to ]+: Ray could not play them: .*No module named "
        r"'bots_of_this_machine'; the modules of the bots must be importable on every worker",
    ):
        play_match([local, s7.bots.RandomBot()], 2, seed=1, backend="ray")


def test_move_timeout_stops_a_bot_on_a_worker() -> None:
    started = time.perf_counter()
    with pytest.raises(
        s7.MatchError,
        match=r"deal \d+, rotation 0: bot 'Sleeper' in seat 1 took more than the "
        r"move_timeout of 0.5 s \(its move 1\)",
    ):
        play_match([s7.bots.RandomBot(), Sleeper()], 4, seed=1, move_timeout=0.5, backend="ray")
    assert time.perf_counter() - started < 30  # about the limit, not the bot's 1000 s
    assert _cpus_free()


def test_move_timeout_on_ray_leaves_the_result_unchanged() -> None:
    lineup: list[durak.bots.Bot] = [durak.bots.HeuristicBot(), durak.bots.RandomBot()]
    plain = durak_tournament.play_match(lineup, 8, seed=4)
    assert durak_tournament.play_match(lineup, 8, seed=4, move_timeout=30, backend="ray") == plain


def test_a_dying_worker_is_a_match_error() -> None:
    with pytest.raises(s7.MatchError, match=r"deals? [0-9to ]+: a Ray worker died while playing"):
        play_match([Dies(), s7.bots.RandomBot()], 4, seed=1, backend="ray")
    assert _cpus_free()


def test_ctrl_c_cancels_every_task() -> None:
    # the sleeping bots hold both CPUs until the tasks are cancelled
    timer = threading.Timer(2.0, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    started = time.perf_counter()
    try:
        with pytest.raises(KeyboardInterrupt):
            play_match([Sleeper(), s7.bots.RandomBot()], 20, seed=1, backend="ray")
    finally:
        timer.cancel()
    assert time.perf_counter() - started < 30
    assert _cpus_free()


def test_ray_is_not_started_again_when_connected() -> None:
    assert ray.is_initialized()
    before = ray.get_runtime_context().get_job_id()
    assert _ray.connect() is ray
    assert ray.get_runtime_context().get_job_id() == before


# The command


def _without_times(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [{k: v for k, v in bot.items() if k != "ms_per_move"} for bot in result["bots"]]


@pytest.mark.parametrize("game", ["sevens", "durak"])
def test_simulate_with_backend_ray_gives_the_local_result(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = ["simulate", "--game", game, "--games", "10", "--seed", "3", "--json", "--quiet"]
    assert main(arguments) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*arguments, "--backend", "ray"]) == 0
    on_ray = json.loads(capsys.readouterr().out)
    assert _without_times(on_ray) == _without_times(local)
    assert on_ray["deals"] == 10


def test_simulate_connects_to_the_address_given(cluster: Any) -> None:
    # a command of its own connects to the running cluster, and reports its progress
    address = cluster.address_info["address"]
    result = subprocess.run(
        [
            *(sys.executable, "-m", "sevens_ru.cli", "simulate", "--games", "40", "--seed", "2"),
            *("--plain", "--json", "--backend", "ray", "--address", address),
        ],
        capture_output=True,
        text=True,
        timeout=240,
        env={**os.environ, "RAY_USAGE_STATS_ENABLED": "0"},
    )
    assert result.returncode == 0, result.stderr
    lineup = [s7.bots.make_bot(name) for name in ("heuristic", "random", "random", "random")]
    local = play_match(lineup, 40, seed=2)
    assert _without_times(json.loads(result.stdout)) == _without_times(local.to_dict())
    assert "deals: 40/40" in result.stderr.splitlines()  # the progress, in plain text


def test_simulate_refuses_jobs_with_backend_ray(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--backend", "ray", "--jobs", "2", "--games", "2", "--quiet"]) == 2
    assert "argument --jobs: counts local processes" in capsys.readouterr().err


def test_a_game_registered_at_run_time_plays_on_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    # The workers know only the games of their imports: the game goes to them by value.
    from sevens_ru import games
    from sevens_ru.tournament import match

    monkeypatch.syspath_prepend(str(Path(__file__).parents[2] / "examples"))
    monkeypatch.setattr(games, "_entries", dict(games._entries))
    tops = importlib.import_module("tops")
    games.register(tops.GAME)
    lineup = [tops.GreedyBot(), tops.RandomBot(), tops.RandomBot()]
    local = match("tops", lineup, 20, seed=3)
    on_ray = match("tops", lineup, 20, seed=3, backend="ray")
    assert on_ray == local and on_ray.game == "tops"
    assert list(on_ray.bots[0].figures) == ["win_rate", "mean_place", "mean_return"]


def test_simulate_game_on_ray_plays_a_game_registered_at_run_time(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from sevens_ru import games

    monkeypatch.syspath_prepend(str(Path(__file__).parents[2] / "examples"))
    monkeypatch.setattr(games, "_entries", dict(games._entries))
    games.register(importlib.import_module("tops").GAME)
    arguments = ["simulate", "--game", "tops", "--games", "8", "--quiet", "--json"]
    assert main(arguments) == 0
    here = json.loads(capsys.readouterr().out)
    assert main([*arguments, "--backend", "ray"]) == 0
    there = json.loads(capsys.readouterr().out)
    for record in (here, there):
        record.pop("seconds")
        for bot in record["bots"]:
            bot.pop("ms_per_move")
    assert there == here and there["game"] == "tops"
