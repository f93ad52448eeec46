"""Hostile input and hostile bots: what each probe of the hardening issue costs (F1–F8).

Each probe runs in a fresh process of its own (memory figures do not mix) and prints
what came out (a state, the error's type, how long its message is), how long it took
and how much memory it added (peak resident memory above what the process held before
the call, on Linux; elsewhere the peak of ``ru_maxrss``). A probe that may hang is
stopped after ``--patience`` seconds and reported as hung; every process a probe
starts is ended with it.

    python benchmarks/hostile.py               # every probe, a few minutes
    python benchmarks/hostile.py F1 F3         # the probes of some findings
    python benchmarks/hostile.py --quick       # 5 MB inputs instead of 50 MB, no F2
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import pickle
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import sevens_ru as s7
from sevens_ru import durak
from sevens_ru.games.durak import tournament as durak_tournament
from sevens_ru.games.durak.bots import RandomBot as DurakRandomBot
from sevens_ru.games.sevens import tournament
from sevens_ru.games.sevens.bots import RandomBot

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from history import taking_game

from helpers import seed_of  # the tests' seed recovery

MB = 1 << 20
SIZE = 50_000_000  # characters of a huge input (--quick: 5,000,000)
Outcome = dict[str, Any]

# -- measuring one call --------------------------------------------------------------


def _status(field: str) -> int:
    """A field of /proc/self/status in bytes (0 where there is none)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


@contextmanager
def watched(outcome: Outcome) -> Iterator[None]:
    """Time the block and the memory it adds; note what it raised."""
    with suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")  # the peak starts again from now
    before = _status("VmRSS")
    start = time.perf_counter()
    try:
        yield
    except BaseException as error:  # a probe reports whatever escaped
        outcome["raised"] = type(error).__name__
        message = str(error)
        outcome["message chars"] = len(message)
        try:
            message.encode("utf-8")
        except UnicodeError:
            outcome["message encodes"] = False
    outcome["seconds"] = time.perf_counter() - start
    outcome["MB"] = max(0, _status("VmHWM") - before) / MB


def error_of(call: Callable[[], object]) -> str:
    """The type of what ``call`` raised, or ``"returned"``."""
    try:
        call()
    except BaseException as error:
        return type(error).__name__
    return "returned"


def has_keyword(function: Callable[..., object], name: str) -> bool:
    return name in inspect.signature(function).parameters


# -- F1: huge strings ----------------------------------------------------------------


def f1_card(size: int) -> Outcome:
    text = "x" * size
    outcome: Outcome = {}
    with watched(outcome):
        s7.Card.parse(text)
    return outcome


def f1_record(size: int) -> Outcome:
    record = json.loads(s7.to_json(s7.new_game(4, seed=1)))
    record["moves"] = ["x" * size]
    text = json.dumps(record, ensure_ascii=False)
    outcome: Outcome = {}
    with watched(outcome):
        s7.from_json(text)
    if has_keyword(s7.from_json, "max_bytes"):  # the same record, with no size limit
        unlimited: Outcome = {}
        with watched(unlimited):
            s7.from_json(text, max_bytes=None)
        outcome["unlimited"] = unlimited
    return outcome


def f1_lead(size: int) -> Outcome:
    text = "lead " + "7♣ " * (size // 3)
    outcome: Outcome = {}
    with watched(outcome):
        durak.parse_move(text)
    return outcome


# -- F2: a record of a million moves -------------------------------------------------


def f2_record(size: int) -> Outcome:
    moves = 1_000_000
    options = durak.Options(take_limit=moves)
    states = taking_game(moves, options)
    start = states[0]  # its record, written at the default limit, then given the long one
    record = json.loads(durak.to_json(durak.new_game(3, dealer=start.dealer, seed=1)))
    assert record["deal"] == [[str(card) for card in hand] for hand in start.deal]
    record["options"]["take_limit"] = moves
    record["moves"] = [str(state._move) for state in states[1:]]
    del states
    text = json.dumps(record, ensure_ascii=False)
    outcome: Outcome = {"record MB": len(text.encode()) / MB}
    with watched(outcome):
        durak.from_json(text)
    return outcome


# -- F3: deep nesting ----------------------------------------------------------------


def f3_nesting(size: int) -> Outcome:
    nested = json.loads("[" * 990 + "]" * 990)
    state, game = s7.new_game(4, seed=1), durak.new_game(3, seed=1)
    calls = {
        "apply": lambda: s7.apply(state, nested),
        "durak.apply": lambda: durak.apply(game, nested),
        "durak.parse_move": lambda: durak.parse_move(nested),
        "new_game(hands)": lambda: s7.new_game(2, hands=[nested, nested]),
    }

    def deep(frames: int, call: Callable[[], object]) -> str:  # as deep as a server's stack
        return deep(frames - 1, call) if frames else error_of(call)

    return {name: deep(100, call) for name, call in calls.items()}


# -- F4: bots that rebuild the deal from their generator ----------------------------


class DealSpy:
    """A Durak bot that recovers the seed of its generator and rebuilds the deal from it."""

    def __init__(self) -> None:
        self.games = 0
        self.rebuilt = 0

    def choose(self, view: durak.PlayerView, rng: random.Random) -> durak.Move:
        seed = seed_of(rng)
        if seed is not None:  # the first move of a game: nothing drawn yet
            self.games += 1
            guess = durak.new_game(view.players, dealer=view.dealer, seed=seed)
            if guess.hand(view.seat) == view.hand and guess.trump == view.trump:
                self.rebuilt += 1
        return rng.choice(view.legal_moves())


def f4_bots(size: int) -> Outcome:
    from sevens_ru.games.durak.play import play_game

    spy = DealSpy()
    for seed in range(20):
        for _ in play_game([spy, spy, spy], seed=seed):
            pass
    played, rebuilt = spy.games, spy.rebuilt
    spy = DealSpy()
    durak_tournament.play_match([spy], 10, seed=1, players=3)
    return {
        "play_game": f"{rebuilt} of {played} deals rebuilt",
        "play_match": f"{spy.rebuilt} of {spy.games} deals rebuilt",
    }


# -- F5: pickles and private slots ---------------------------------------------------


class _Handmade(pickle.Pickler):
    """Writes states and their setups as raw slots, the way a hand-made pickle would."""

    def reducer_override(self, value: object) -> Any:
        import copyreg

        from sevens_ru.games.sevens.state import Setup

        if isinstance(value, (s7.GameState, Setup)):
            slots = {}
            for cls in type(value).__mro__:
                for name in cls.__dict__.get("__slots__", ()):
                    if hasattr(value, name):
                        slots[name] = getattr(value, name)
            return copyreg.__newobj__, (type(value),), (None, slots)  # type: ignore[attr-defined]
        return NotImplemented


def f5_pickle(size: int) -> Outcome:
    import io

    from sevens_ru.common.cards import DECK_MASK
    from sevens_ru.games.sevens._board import NINES
    from sevens_ru.games.sevens.state import Setup, build_state

    # The slots of a finished two-player game in which each seat holds all 36 cards.
    impossible = build_state(
        setup=Setup(2, s7.Options(), (DECK_MASK, DECK_MASK)),
        board=NINES,
        turn=None,
        moves=0,
        parent=None,
    )
    buffer = io.BytesIO()
    _Handmade(buffer).dump(impossible)
    outcome: Outcome = {}
    try:
        forged = pickle.loads(buffer.getvalue())
        outcome["forged pickle"] = (
            f"loaded: hand sizes {forged.hand_sizes}, ranking "
            f"{error_of(lambda: s7.ranking(forged))}, to_json {error_of(lambda: s7.to_json(forged))}"
        )
    except BaseException as error:
        outcome["forged pickle"] = f"refused: {type(error).__name__}"
    state = s7.new_game(2, seed=1)
    board = state._board

    def write() -> None:
        state._board = 0

    outcome["state._board = 0"] = error_of(write).replace("returned", "written")
    if state._board != board:
        object.__setattr__(state, "_board", board)
    return outcome


# -- F6, F7: matches -----------------------------------------------------------------


class SlowBot:
    """A random bot that takes a millisecond per move: a match that lasts."""

    def choose(self, view: s7.PlayerView, rng: random.Random) -> s7.Card:
        time.sleep(0.001)
        return rng.choice(view.legal_moves())


class FirstDealFails(SlowBot):
    """Fails at its first move of deal 0, else plays as :class:`SlowBot`."""

    def __init__(self, hands: frozenset[tuple[s7.Card, ...]]) -> None:
        self.hands = hands

    def choose(self, view: s7.PlayerView, rng: random.Random) -> s7.Card:
        if view.hand in self.hands:
            raise RuntimeError("fails at its first move")
        return super().choose(view, rng)


class Sleeper(RandomBot):
    def choose(self, view: s7.PlayerView, rng: random.Random) -> s7.Card:
        time.sleep(3600)
        raise AssertionError("woke up")


class Exits(RandomBot):
    def choose(self, view: s7.PlayerView, rng: random.Random) -> s7.Card:
        sys.exit(3)


class Dies(RandomBot):
    def choose(self, view: s7.PlayerView, rng: random.Random) -> s7.Card:
        os._exit(3)


class DurakFails(DurakRandomBot):
    def choose(self, view: durak.PlayerView, rng: random.Random) -> durak.Move:
        raise ValueError("a Durak bot's own error")


class DurakExits(DurakRandomBot):
    def choose(self, view: durak.PlayerView, rng: random.Random) -> durak.Move:
        sys.exit(3)


def _timeout() -> dict[str, Any]:
    return {"move_timeout": 1.0} if has_keyword(tournament.play_match, "move_timeout") else {}


def f6_first_failure(size: int) -> Outcome:
    games = 120
    full: Outcome = {}
    with watched(full):
        tournament.play_match([SlowBot()] * 4, games, seed=1, jobs=2)
    first = s7.new_game(4, seed=tournament._derive(1, 0))
    hands = frozenset(first.hand(seat) for seat in range(4))
    failing: Outcome = {}
    with watched(failing):
        tournament.play_match([FirstDealFails(hands)] + [SlowBot()] * 3, games, seed=1, jobs=2)
    return {"whole match": f"{full['seconds']:.1f} s", "the error after": failing}


def f6_sleeper(size: int, jobs: int) -> Outcome:
    outcome: Outcome = {}
    with watched(outcome):
        tournament.play_match([Sleeper(), RandomBot()], 4, seed=1, jobs=jobs, **_timeout())
    return outcome


def f6_exits(size: int) -> Outcome:
    return {
        "sys.exit, jobs=1": error_of(
            lambda: tournament.play_match([Exits(), RandomBot()], 2, seed=1)
        ),
        "sys.exit, jobs=2": error_of(
            lambda: tournament.play_match([Exits(), RandomBot()], 2, seed=1, jobs=2)
        ),
        "os._exit, jobs=2": error_of(
            lambda: tournament.play_match([Dies(), RandomBot()], 2, seed=1, jobs=2)
        ),
    }


def f7_durak(size: int) -> Outcome:
    return {
        "ValueError": error_of(
            lambda: durak_tournament.play_match([DurakFails(), DurakRandomBot()], 2, seed=1)
        ),
        "sys.exit": error_of(
            lambda: durak_tournament.play_match([DurakExits(), DurakRandomBot()], 2, seed=1)
        ),
    }


def match_forever(size: int) -> Outcome:
    """The parent of the F6 kill probes: a long match in two worker processes."""
    print("started", flush=True)
    tournament.play_match([SlowBot()] * 4, 100_000, seed=1, jobs=2)
    return {}


# -- F8: surrogates ------------------------------------------------------------------


def f8_surrogate(size: int) -> Outcome:
    record = json.loads(s7.to_json(s7.new_game(4, seed=1)))
    outcome: Outcome = {}
    for label, moves in (("a move", ["\ud800"]), ("in a list", [["\ud800"]])):
        record["moves"] = moves
        text = json.dumps(record)  # \ud800 escaped: valid JSON for a lone surrogate
        try:
            s7.from_json(text)
            outcome[label] = "loaded"
        except s7.SevensError as error:
            try:
                str(error).encode("utf-8")
                outcome[label] = "the message encodes"
            except UnicodeError:
                outcome[label] = "UnicodeEncodeError on the message"
    return outcome


PROBES: dict[str, Callable[[int], Outcome]] = {
    "F1 Card.parse of a huge string": f1_card,
    "F1 a record holding a huge move": f1_record,
    "F1 a huge Durak lead (parse_move)": f1_lead,
    "F2 a Durak record of 10^6 legal moves": f2_record,
    "F3 nesting 990 deep, 100 frames down": f3_nesting,
    "F4 a bot rebuilding the deal": f4_bots,
    "F5 a hand-made pickle, a slot written": f5_pickle,
    "F6 a bot failing at its first move, jobs=2": f6_first_failure,
    "F6 a sleeping bot, jobs=1": lambda size: f6_sleeper(size, 1),
    "F6 a sleeping bot, jobs=2": lambda size: f6_sleeper(size, 2),
    "F6 sys.exit and os._exit in a bot": f6_exits,
    "F7 a Durak bot's own errors": f7_durak,
    "F8 a lone surrogate in a record": f8_surrogate,
    "match forever": match_forever,
}


# -- running the probes --------------------------------------------------------------


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] != "Z"


def _start(name: str, size: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, __file__, "--probe", name, "--size", str(size)],
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, ended with it
    )


def _end(process: subprocess.Popen[str]) -> None:
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)  # the group this script made for the probe
    process.wait()


def run(name: str, size: int, patience: float) -> Outcome:
    process = _start(name, size)
    try:
        out, _ = process.communicate(timeout=patience)
    except subprocess.TimeoutExpired:
        return {"hung": f"still running after {patience:.0f} s, stopped"}
    finally:
        _end(process)
    if process.returncode:
        return {"crashed": f"exit status {process.returncode}"}
    result: Outcome = json.loads(out.splitlines()[-1])
    return result


def kill_probe(how: str, patience: float) -> Outcome:
    """Start a long match, then SIGKILL its parent, or Ctrl-C its process group."""
    process = _start("match forever", 0)
    try:
        assert process.stdout is not None
        process.stdout.readline()  # "started"
        deadline = time.monotonic() + 30
        while len(_children(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1.0)  # the match is under way
        workers = _children(process.pid)
        start = time.perf_counter()
        if how == "SIGKILL":
            os.kill(process.pid, signal.SIGKILL)
        else:
            os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C sends to the foreground group
        try:
            process.wait(timeout=patience)
            ended = f"the parent ended after {time.perf_counter() - start:.1f} s"
        except subprocess.TimeoutExpired:
            ended = f"the parent still runs after {patience:.0f} s"
        time.sleep(3.0)
        left = [pid for pid in workers if _alive(pid)]
        return {"parent": ended, "workers alive 3 s later": f"{len(left)} of {len(workers)}"}
    finally:
        _end(process)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("findings", nargs="*", help="F1 ... F8 (default: all)")
    parser.add_argument("--quick", action="store_true", help="5 MB inputs, no F2")
    parser.add_argument("--patience", type=float, default=20.0, help="seconds before 'hung'")
    parser.add_argument("--probe", help=argparse.SUPPRESS)
    parser.add_argument("--size", type=int, default=SIZE, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.probe:  # in the child process
        print(json.dumps(PROBES[args.probe](args.size), ensure_ascii=False), flush=True)
        return 0
    size = SIZE // 10 if args.quick else SIZE
    print(f"sevens-ru {s7.__version__}, Python {sys.version.split()[0]}, inputs of {size:,} chars")
    for name in PROBES:
        finding = name.split()[0]
        wanted = not args.findings or finding in args.findings
        if name == "match forever" or not wanted or (args.quick and finding == "F2"):
            continue
        print(f"{name}: {_shown(run(name, size, args.patience))}", flush=True)
    if not args.findings or "F6" in args.findings:
        for how in ("SIGKILL", "Ctrl-C"):
            print(f"F6 {how} to a match's parent: {_shown(kill_probe(how, args.patience))}")
    return 0


def _shown(outcome: Outcome) -> str:
    parts = []
    for key, value in outcome.items():
        if isinstance(value, dict):
            parts.append(f"{key}: ({_shown(value)})")
        elif isinstance(value, float):
            parts.append(f"{key} {value:.2f}")
        else:
            parts.append(f"{key} {value}")
    return ", ".join(parts)


if __name__ == "__main__":
    sys.exit(main())
