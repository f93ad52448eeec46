"""The sevens-ru command's arguments: every bad one refused as argparse does, before anything is played."""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import sevens_ru as s7
import sevens_ru.bots
import sevens_ru.durak.bots
from sevens_ru import durak, games
from sevens_ru.cli import GAMES, main
from sevens_ru.cli._commands import COMMANDS
from sevens_ru.games.durak.bots import RandomBot as DurakRandomBot
from sevens_ru.games.durak.play import play_game as play_durak_game
from sevens_ru.games.sevens.bots import RandomBot
from sevens_ru.games.sevens.play import play_game

COMMAND = [sys.executable, "-m", "sevens_ru.cli"]
ENV = {**os.environ, "TERM": "dumb", "NO_COLOR": "1", "COLUMNS": "120"}

BAD = [
    # (arguments, the argument named, what the message says)
    (["demo", "--delay", "-1"], "--delay", "expected seconds from 0 to 60, got '-1'"),
    (["demo", "--delay", "nan"], "--delay", "got 'nan'"),
    (["demo", "--delay", "inf"], "--delay", "got 'inf'"),
    (["demo", "--delay", "1e300"], "--delay", "got '1e300'"),
    (["demo", "--delay", "soon"], "--delay", "got 'soon'"),
    (["demo", "--players", "x"], "--players", "expected a whole number, got 'x'"),
    (["demo", "--players", "9"], "--players", "2 to 6 players (R4), got 9"),
    (["demo", "--players", "-3"], "--players", "got -3"),
    (["play", "--players", "1"], "--players", "got 1"),
    (["demo", "--seed", "1.5"], "--seed", "expected a whole number, got '1.5'"),
    (["simulate", "--seed", "one"], "--seed", "expected a whole number"),
    (["demo", "--bots", "alphago"], "--bots", "unknown bot 'alphago'"),
    (["play", "--opponents", "search:depth=3"], "--opponents", "bad setting 'depth=3'"),
    (["play", "--seat", "-1"], "--seat", "must be at least 0, got -1"),
    (["play", "--seat", "4"], "--seat", "must be 0 to 3 with 4 players, got 4"),
    (["demo", "--dealer", "1"], "--dealer", "an option of Durak: add --game durak"),
    (["play", "--short-deck"], "--short-deck", "an option of Durak: add --game durak"),
    (["simulate", "--games", "0"], "--games", "must be at least 1, got 0"),
    (["simulate", "--games", "-5"], "--games", "must be at least 1, got -5"),
    (["simulate", "--games", "10000000"], "--games", "must be at most 1000000"),
    (["simulate", "--games", "many"], "--games", "expected a whole number"),
    (["simulate", "--jobs", "0"], "--jobs", "must be at least 1, got 0"),
    (["simulate", "--jobs", "100000"], "--jobs", "must be at most 256"),
    (["simulate", "--players", "7"], "--players", "2 to 6 players (R4), got 7"),
    (["simulate", "--bots", "random"], "--bots", "2 to 6 players (R4), got 1"),
    (["simulate", "--bots", *["random"] * 3, "--players", "2"], "--players", "3 bots cannot"),
    (["demo", "--game", "durak", "--players", "5"], "--players", "Durak is for 2 to 4 players"),
    (["demo", "--game", "durak", "--dealer", "-1"], "--dealer", "must be at least 0, got -1"),
    (["demo", "--game", "durak", "--dealer", "3"], "--dealer", "seats 0 to 2, got 3"),
    (["play", "--game", "durak", "--players", "4", "--short-deck"], "--short-deck", "(D1)"),
    (["play", "--game", "durak", "--seat", "3"], "--seat", "must be 0 to 2 with 3 players"),
    (["demo", "--game", "durak", "--bots", "minimax"], "--bots", "unknown Durak bot 'minimax'"),
    (
        ["demo", "--game", "durak", "--bots", "search:rollouts=0"],
        "--bots",
        "an int from 1 to 1,000,000",
    ),
    (["simulate", "--game", "durak", "--bots", "random"], "--bots", "2 to 4 players (D2), got 1"),
    (["simulate", "--game", "durak", "--games", "0"], "--games", "must be at least 1"),
    (["demo", "--lang", "es"], "--lang", "invalid choice: 'es'"),
    (["demo", "--game", "chess"], "--game", "invalid choice: 'chess'"),
]


def refused(
    arguments: list[str], capsys: pytest.CaptureFixture[str]
) -> tuple[int | str | None, str, str]:
    """Run the command in this process; its exit status, standard output and standard error."""
    try:
        status: int | str | None = main(arguments)
    except SystemExit as exit_:  # argparse's own refusals
        status = exit_.code
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(("arguments", "option", "message"), BAD)
def test_every_bad_argument_is_refused_as_argparse_does(
    arguments: list[str], option: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = refused([*arguments, "--plain"], capsys)
    assert status == 2
    assert out == ""  # nothing was played
    command = arguments[0]
    assert err.startswith(f"usage: sevens-ru {command} ")
    last = err.rstrip("\n").splitlines()[-1]
    assert last.startswith(f"sevens-ru {command}: error: argument {option}: "), last
    assert message in last, last
    assert "Traceback" not in err


def test_bad_delays_end_without_a_traceback() -> None:
    # The issue's own example, as a person types it.
    for delay in ("-1", "nan"):
        result = subprocess.run(
            [*COMMAND, "demo", "--delay", delay, "--plain"],
            capture_output=True,
            text=True,
            env=ENV,
            timeout=60,
        )
        assert result.returncode == 2
        assert result.stdout == ""
        assert "Traceback" not in result.stderr
        assert f"argument --delay: expected seconds from 0 to 60, got '{delay}'" in result.stderr


def test_a_file_that_replay_cannot_read_is_a_bad_argument(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    binary = tmp_path / "game.json"
    binary.write_bytes(b"\xff\xfe\x00 not text")
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (16 << 20) + b"{}")
    for path, message in (
        (tmp_path / "missing.json", "No such file or directory"),
        (tmp_path, "Is a directory"),
        (binary, "is not a game record (not UTF-8 text)"),
        (huge, "is larger than a game record can be"),
    ):
        status, out, err = refused(["replay", str(path)], capsys)
        assert status == 2 and out == ""
        assert "sevens-ru replay: error: argument FILE: " in err
        assert message in err


def test_save_is_tried_before_the_game_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for path, reason in (
        (tmp_path / "no" / "such" / "folder" / "game.json", "No such file or directory"),
        (tmp_path, "Is a directory"),
    ):
        for arguments in (["demo"], ["play"], ["demo", "--game", "durak"]):
            status, out, err = refused([*arguments, "--save", str(path), "--plain"], capsys)
            assert status == 2
            assert out == ""  # the game did not start: no deal, no question
            assert f"argument --save: cannot write {str(path)!r}: {reason}" in err
    # Trying the file leaves nothing behind when the game is then abandoned.
    fresh = tmp_path / "fresh.json"
    result = subprocess.run(
        [*COMMAND, "play", "--seed", "1", "--plain", "--save", str(fresh)],
        input="q\n",
        capture_output=True,
        text=True,
        env=ENV,
        timeout=60,
    )
    assert result.returncode == 1
    assert not fresh.exists()
    # ... and an existing file is left as it was until the game is saved over it.
    kept = tmp_path / "kept.json"
    kept.write_text("old", encoding="utf-8")
    status, _, _ = refused(["demo", "--save", str(kept), "--players", "9"], capsys)
    assert status == 2
    assert kept.read_text(encoding="utf-8") == "old"


@pytest.mark.parametrize(
    "arguments",
    [
        ["demo", "--plain"],
        ["demo"],  # with rich, which would exit with 1 by itself
        ["demo", "--game", "durak", "--plain"],
    ],
)
def test_output_into_a_closed_pipe_ends_quietly(arguments: list[str]) -> None:
    # sevens-ru demo | head -1: the reader goes away after one line, while the command
    # still writes (a pause between the moves makes sure of it).
    with subprocess.Popen(
        [*COMMAND, *arguments, "--delay", "0.02"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**ENV, "COLUMNS": "80"},
    ) as child:
        assert child.stdout is not None and child.stderr is not None
        assert child.stdout.readline()
        child.stdout.close()
        status = child.wait(timeout=120)
        errors = child.stderr.read().decode()
    assert status == 0
    lines = [line for line in errors.splitlines() if not line.startswith("deals: ")]
    assert lines == []  # no traceback, no "Broken pipe", no "Exception ignored"


def spy_on_the_bots(monkeypatch: pytest.MonkeyPatch, game: str) -> list[object]:
    """Make every bot of ``game`` in the command a random bot that records the rng it is given."""
    seen: list[object] = []
    base = GAMES[game].make_bot

    class Spy:
        def __init__(self) -> None:
            self.bot = base("random")

        def choose(self, view: Any, rng: random.Random) -> Any:
            seen.append(rng)
            return self.bot.choose(view, rng)

    class Spies:
        names = ("random",)

        def make(self, description: str) -> Spy:
            return Spy()

    spied = attrs.evolve(games.get(game), bots=Spies())
    spied = attrs.evolve(spied, commands=lambda: attrs.evolve(GAMES[game], game=spied))
    monkeypatch.setattr(games, "_entries", dict(games._entries))  # the registry as it was, after
    games.register(spied, replace=True)
    return seen


def test_the_bots_of_the_command_get_a_random_generator_from_the_seed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen = spy_on_the_bots(monkeypatch, "sevens")
    assert main(["demo", "--players", "3", "--seed", "8", "--plain"]) == 0
    out = capsys.readouterr().out
    assert seen and all(type(rng) is random.Random for rng in seen)
    # The game shown is the one the seed gives: the deal and the bots' choices.
    final = list(play_game([RandomBot()] * 3, seed=8))[-1]
    assert out.count(" plays ") == sum(isinstance(e, s7.Play) for e in final.history)
    assert re.search(rf"^Seat {final.winner} \(\w+\) wins!$", out, re.M)
    seen.clear()
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 40))
    assert main(["play", "--players", "2", "--seed", "8", "--plain"]) == 0
    assert seen and all(type(rng) is random.Random for rng in seen)
    # Durak's too, from its seed.
    seen = spy_on_the_bots(monkeypatch, "durak")
    assert main(["demo", "--game", "durak", "--seed", "8", "--plain"]) == 0
    out = capsys.readouterr().out
    assert seen and all(type(rng) is random.Random for rng in seen)
    last = list(play_durak_game([DurakRandomBot()] * 3, seed=8))[-1]
    assert out.count(" leads ") == sum(isinstance(e, durak.Led) for e in last.history)


def test_one_table_of_games() -> None:
    # A game is one entry: its bots, its checks and its functions; the commands are shared.
    assert list(GAMES) == list(games.names())  # every registered game, the family's too
    assert set(COMMANDS) == {"demo", "play", "simulate", "replay"}
    assert GAMES["sevens"].game is games.get("sevens")
    assert GAMES["durak"].game is games.get("durak")
    assert type(GAMES["durak"].make_bot("search")) is durak.bots.SearchBot
    for game in GAMES.values():
        assert set(game.bots) == {"demo", "play", "simulate"}
        assert all(game.make_bot(name) for names in game.bots.values() for name in names)


def test_the_command_offers_every_registered_game_with_or_without_a_part_of_its_own(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(games, "_entries", dict(games._entries))
    games.register(attrs.evolve(games.get("durak"), name="durak-again"))
    games.register(attrs.evolve(games.get("sevens"), name="no-commands", commands=None))
    assert main(["demo", "--game", "durak-again", "--seed", "1", "--plain"]) == 0
    assert "the fool" in capsys.readouterr().out
    # Without a part of its own, a game's moves are written as text, and it cannot be
    # played in the terminal.
    assert main(["demo", "--game", "no-commands", "--seed", "1", "--plain"]) == 0
    shown = capsys.readouterr().out
    assert "Play(seat=1, card=Card.parse('9♦'))" in shown and "\n1. Seat " in shown
    assert main(["play", "--game", "no-commands", "--plain"]) == 2
    assert "argument --game: no-commands cannot be played in the terminal" in (
        capsys.readouterr().err
    )
