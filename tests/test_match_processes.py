"""Matches that fail fast and clean up (F6): the time limit per move, Ctrl-C, a killed parent.

The processes tests start a real parent process (a small script playing a match with
``jobs=2`` and slow bots, its workers' pids written to a file), then interrupt or kill
it and check that no worker is left; every wait is bounded.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import random
import re
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import sevens_ru as s7
import sevens_ru.bots
import sevens_ru.durak.bots
from sevens_ru import durak
from sevens_ru.cli import main
from sevens_ru.common import _match
from sevens_ru.games.durak import tournament as durak_tournament
from sevens_ru.games.sevens.tournament import play_match

pytestmark = pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs SIGALRM (POSIX)")


class Sleeper:
    """A bot that never answers."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        time.sleep(1000)


class Stubborn:
    """A bot that catches the alarm and answers late all the same."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        with contextlib.suppress(BaseException):  # the alarm too: the point of the bot
            time.sleep(1000)
        return rng.choice(view.legal_moves())


def _match_of(game: Any) -> tuple[Any, Any]:
    if game is durak:
        return durak_tournament.play_match, durak.bots.RandomBot()
    return play_match, s7.bots.RandomBot()


@pytest.mark.parametrize("game", [s7, durak], ids=["sevens", "durak"])
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_sleeping_bot_overruns_move_timeout(game: Any, jobs: int) -> None:
    match, other = _match_of(game)
    started = time.perf_counter()
    with pytest.raises(
        s7.MatchError,
        match=r"deal \d+, rotation 0: bot 'Sleeper' in seat 1 took more than the "
        r"move_timeout of 0.2 s \(its move 1\)",
    ):
        match([other, Sleeper()], 6, seed=1, jobs=jobs, move_timeout=0.2)
    assert time.perf_counter() - started < 5  # about the limit, not the bot's 1000 s
    assert signal.getsignal(signal.SIGALRM) is signal.SIG_DFL  # the handler given back
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_a_bot_that_catches_the_alarm_fails_all_the_same() -> None:
    started = time.perf_counter()
    with pytest.raises(s7.MatchError, match="bot 'Stubborn' in seat 0 took more than"):
        play_match([Stubborn(), s7.bots.RandomBot()], 2, seed=1, move_timeout=0.1)
    assert time.perf_counter() - started < 5


@pytest.mark.parametrize("game", [s7, durak], ids=["sevens", "durak"])
@pytest.mark.parametrize("jobs", [1, 2])
def test_move_timeout_leaves_the_results_unchanged(game: Any, jobs: int) -> None:
    match, other = _match_of(game)
    plain = match([other, other], 6, seed=3)
    timed = match([other, other], 6, seed=3, jobs=jobs, move_timeout=30)
    assert [attrs_of(bot) for bot in timed.bots] == [attrs_of(bot) for bot in plain.bots]


def attrs_of(bot: Any) -> dict[str, Any]:
    figures = dict(bot) if isinstance(bot, dict) else bot.to_dict()
    for timing in ("seconds", "ms_per_move"):  # the time taken differs from run to run
        figures.pop(timing, None)
    return figures


@pytest.mark.parametrize("value", [0, -1, float("nan"), float("inf"), "1", True])
def test_a_bad_move_timeout_is_refused(value: object) -> None:
    with pytest.raises(s7.MatchError, match="move_timeout must be a positive number"):
        play_match([s7.bots.RandomBot()] * 2, 1, seed=1, move_timeout=value)  # type: ignore[arg-type]


def test_move_timeout_with_jobs_1_is_refused_outside_the_main_thread() -> None:
    errors: list[BaseException] = []

    def run() -> None:
        try:
            play_match([s7.bots.RandomBot()] * 2, 1, seed=1, move_timeout=1)
        except s7.MatchError as error:
            errors.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(10)
    assert [str(error) for error in errors] == [
        "move_timeout with jobs=1 works only in the main thread (it uses SIGALRM); "
        "pass jobs=2 or more to play the deals in processes of their own"
    ]


# A real parent process, its workers, and what becomes of them

SCRIPT = """
import os, sys, time
from pathlib import Path
import sevens_ru as s7
from sevens_ru.common import _match
from sevens_ru.games.sevens.tournament import play_match

PIDS = Path(sys.argv[1])

class Slow:
    def choose(self, view, rng):
        with PIDS.open("a") as out:
            out.write(f"{os.getpid()}\\n")
        time.sleep(0.5)
        return rng.choice(view.legal_moves())

if __name__ == "__main__":
    if sys.argv[2] == "watchdog":  # the portable way alone, as without PR_SET_PDEATHSIG
        _match._die_with_parent = lambda: False
    play_match([Slow(), Slow()], 40, seed=1, jobs=2)
"""


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, ended but not yet reaped, does not)."""
    stat = Path(f"/proc/{pid}/stat")
    if Path("/proc").is_dir():
        try:
            return stat.read_text().rsplit(")", 1)[1].split()[0] not in "ZX"
        except (OSError, IndexError):
            return False
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    return True


def _start_parent(tmp_path: Path, mode: str) -> tuple[subprocess.Popen[bytes], set[int]]:
    script = tmp_path / "parent.py"
    script.write_text(textwrap.dedent(SCRIPT))
    pids = tmp_path / "pids"
    pids.touch()
    with (tmp_path / "stderr").open("wb") as stderr:
        parent = subprocess.Popen(
            [sys.executable, str(script), str(pids), mode],
            stderr=stderr,
            # Ctrl-C as a terminal sends it, even where this test runs in a background job,
            # which starts with SIGINT ignored (Python then installs no KeyboardInterrupt).
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
    deadline = time.monotonic() + 20
    workers: set[int] = set()
    while len(workers) < 2:  # both workers are playing
        assert time.monotonic() < deadline, "the workers did not start"
        assert parent.poll() is None, (tmp_path / "stderr").read_text()
        time.sleep(0.05)
        workers = {int(line) for line in pids.read_text().split()}
    assert parent.pid not in workers
    return parent, workers


def _gone_within(workers: set[int], seconds: float) -> set[int]:
    """The workers still running after up to ``seconds``."""
    deadline = time.monotonic() + seconds
    left = set(workers)
    while left and time.monotonic() < deadline:
        time.sleep(0.05)
        left = {pid for pid in left if _alive(pid)}
    return left


def _clean_up(workers: set[int]) -> None:
    for pid in workers:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("mode", ["deathsig", "watchdog"])
def test_no_worker_outlives_a_killed_parent(tmp_path: Path, mode: str) -> None:
    parent, workers = _start_parent(tmp_path, mode)
    parent.kill()  # SIGKILL: no finally, no atexit
    parent.wait(5)
    left = _gone_within(workers, 5)
    _clean_up(left)
    assert left == set()


def test_ctrl_c_ends_the_whole_match(tmp_path: Path) -> None:
    parent, workers = _start_parent(tmp_path, "deathsig")
    interrupted = time.monotonic()
    parent.send_signal(signal.SIGINT)
    try:
        parent.wait(3)
    except subprocess.TimeoutExpired:
        parent.kill()
        parent.wait(5)
        pytest.fail("Ctrl-C did not end the match within 3 s")
    stderr = (tmp_path / "stderr").read_text()
    left = _gone_within(workers, 1)
    _clean_up(left)
    assert time.monotonic() - interrupted < 3
    assert "KeyboardInterrupt" in stderr
    assert parent.returncode != 0
    assert left == set()


class FailsLate:
    """A bot that fails at its first move of deal 0, while other deals are slow."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        time.sleep(0.2)
        raise ValueError("a bot's own error")


def test_the_first_failure_stops_the_deals_being_played() -> None:
    started = time.perf_counter()
    with pytest.raises(s7.MatchError, match="bot 'FailsLate' in seat 0 failed"):
        play_match([FailsLate(), _SlowBot()], 64, seed=1, jobs=2)
    assert time.perf_counter() - started < 5


class _SlowBot:
    def choose(self, view: Any, rng: random.Random) -> Any:
        time.sleep(0.5)
        return rng.choice(view.legal_moves())


def test_a_failed_match_ends_its_own_workers_and_no_other_process() -> None:
    bystander = multiprocessing.get_context().Process(target=time.sleep, args=(60,))
    bystander.start()
    try:
        before = set(multiprocessing.active_children())
        with pytest.raises(s7.MatchError, match="bot 'FailsLate' in seat 0 failed"):
            play_match([FailsLate(), _SlowBot()], 64, seed=1, jobs=2)
        assert bystander.is_alive()  # a child of this process, but not one of the match's
        assert set(multiprocessing.active_children()) <= before  # the workers are gone
    finally:
        bystander.kill()
        bystander.join(5)


def test_a_worker_whose_parent_is_gone_ends_at_once() -> None:
    # the parent a worker was started for is not its parent: it ends before any deal
    code = "from sevens_ru import _match; _match._start_worker(-1); print('went on')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=20)
    assert (done.returncode, done.stdout) == (1, b"")
    assert _match._die_with_parent() is sys.platform.startswith("linux")


# The command's --move-timeout


@pytest.mark.parametrize("game", ["sevens", "durak"])
def test_simulate_passes_move_timeout_to_the_match(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # no bot chooses a move in a nanosecond: the limit reaches the match
    status = main(["simulate", "--game", game, "--games", "2", "--move-timeout", "1e-9", "--quiet"])
    err = capsys.readouterr().err
    assert status == 2
    assert re.fullmatch(
        r"sevens-ru: error: deal 0, rotation \d: bot '\w+' in seat \d took more than the "
        r"move_timeout of 1e-09 s \(its move 1\)\n",
        err,
    )


def test_simulate_with_a_generous_move_timeout_gives_the_same_result(
    capsys: pytest.CaptureFixture[str],
) -> None:
    arguments = ["simulate", "--games", "4", "--seed", "2", "--json", "--quiet"]
    assert main(arguments) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main([*arguments, "--move-timeout", "30"]) == 0
    timed = json.loads(capsys.readouterr().out)
    assert [attrs_of(bot) for bot in timed["bots"]] == [attrs_of(bot) for bot in plain["bots"]]


@pytest.mark.parametrize("text", ["0", "-2", "nan", "inf", "soon"])
def test_simulate_refuses_a_bad_move_timeout(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["simulate", "--move-timeout", text, "--plain"])
    assert exited.value.code == 2
    assert capsys.readouterr().err.endswith(
        f"argument --move-timeout: expected a positive number of seconds, got {text!r}\n"
    )
