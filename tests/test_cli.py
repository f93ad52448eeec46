"""The sevens-ru command, driven as a person would: through a terminal and through pipes."""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

import sevens_ru as s7
from helpers import pseudo_terminal
from sevens_ru.cli import main
from sevens_ru.cli.output import Output
from sevens_ru.cli.sevens.play import HumanPlayer
from sevens_ru.cli.texts import TEXTS, say
from sevens_ru.common.cards import LANGUAGES

COMMAND = [sys.executable, "-m", "sevens_ru.cli"]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ENV = {**os.environ, "TERM": "dumb", "NO_COLOR": "1", "COLUMNS": "120"}


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *args], input=stdin, capture_output=True, text=True, env=ENV, timeout=120
    )


def test_demo_shows_the_game_move_by_move(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--players", "4", "--seed", "3", "--plain"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("--- The deal ---\nSeat 0 (heuristic): ")
    plays = re.findall(r"^Seat (\d) \((\w+)\) plays (\S+)", out, re.MULTILINE)
    assert plays[0][2] == "9♦"  # R7
    state = s7.new_game(4, seed=3)
    for _seat, _bot, card in plays:
        state = s7.apply(state, card)  # every shown play is legal, in order
    assert s7.is_over(state)
    assert f"Seat {state.winner} (" in out.split("wins!")[0].splitlines()[-1]
    assert "place  player" in out  # the ranking table
    passes = out.count("passes (no playable card)")
    assert passes == sum(state.passes)  # R11: every pass is announced


def test_demo_with_rich_and_languages(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--players", "3", "--seed", "8", "--lang", "de", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    for word in ("Das Blatt", "Rangliste", "gewinnt!"):
        assert word in out
    assert "───" in out  # rich draws the table


def test_demo_save_and_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.json"
    assert main(["demo", "--seed", "11", "--plain", "--save", str(record)]) == 0
    state = s7.from_json(record.read_text(encoding="utf-8"))
    assert s7.is_over(state)
    capsys.readouterr()
    assert main(["replay", str(record), "--no-step", "--plain"]) == 0
    out = capsys.readouterr().out
    plies = sum(isinstance(event, s7.Play) for event in state.history)
    assert out.count("--- Move ") == plies
    assert re.search(rf"Seat {state.winner} \(\w+\) wins!", out)  # named by the record's tags


def test_replay_steps_forward_and_back(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    assert main(["demo", "--seed", "2", "--plain", "--save", str(record)]) == 0
    result = run("replay", str(record), "--step", "--plain", "--lang", "fr", stdin="\n\nb\nq\n")
    assert result.returncode == 0, result.stderr
    headings = re.findall(r"--- (Début de la partie|Coup \d+ sur \d+) ---", result.stdout)
    assert [heading.split(" sur")[0] for heading in headings] == [
        "Début de la partie",
        "Coup 1",
        "Coup 2",
        "Coup 1",
    ]
    assert "Entrée : suivant" in result.stdout
    ended = run("replay", str(record), "--step", "--plain", stdin="\n")  # then Ctrl-D
    assert ended.returncode == 0, ended.stderr
    assert ended.stdout.endswith("Enter: next, b: back, q: quit \n")  # the line is ended


def test_replay_of_a_bad_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "bad.json"
    record.write_text('{"format": 1, "game": "chess"}', encoding="utf-8")
    assert main(["replay", str(record)]) == 2
    assert "expected 'sevens', got 'chess'" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "No such file" in capsys.readouterr().err


def test_simulate_json_is_the_same_with_two_jobs() -> None:
    args = [
        "simulate",
        "--bots",
        "heuristic",
        "random",
        "random",
        "--games",
        "20",
        "--seed",
        "4",
        "--json",
    ]
    one = run(*args, "--quiet")
    two = run(*args, "--jobs", "2")
    assert one.returncode == two.returncode == 0
    first, second = json.loads(one.stdout), json.loads(two.stdout)
    for result in (first, second):
        for bot in result["bots"]:
            bot.pop("ms_per_move")
        result.pop("seconds")
    assert first == second
    assert first["games"] == 60
    assert first["bots"][0]["name"] == "heuristic"
    assert "deals" in two.stderr  # the progress bar (plain or rich) went to standard error


def test_simulate_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["simulate", "--bots", "heuristic", "random", "--games", "10", "--plain", "--quiet"])
        == 0
    )
    out = capsys.readouterr().out
    assert out.startswith("2 players, 10 deals, each in every seat rotation: 20 games, seed 1\n")
    assert re.search(r"^heuristic\s+20\s+\d\.\d{3} .*\n\s+\d\.\d{3}–\d\.\d{3}", out, re.MULTILINE)
    assert "Student t over per-deal means" in out


def test_errors_are_reported_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--players", "7"]) == 2
    assert "2 to 6 players" in capsys.readouterr().err
    assert main(["play", "--seat", "4"]) == 2
    assert "argument --seat: must be 0 to 3" in capsys.readouterr().err
    assert main(["simulate", "--bots", "search:depth=3"]) == 2
    assert "bad setting" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "--lang", "es"])


@pseudo_terminal
def test_play_through_a_pseudo_terminal() -> None:
    # A person at a terminal: a typo, a card not held, a card held but not playable (R9),
    # help, then legal cards in various notations until the game ends.
    child = pexpect.spawn(
        COMMAND[0],
        [
            *COMMAND[1:],
            "play",
            "--players",
            "3",
            "--seed",
            "7",
            "--opponents",
            "heuristic",
            "random",
        ],
        env=ENV,
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 120),
    )
    prompt = re.escape("Your card (? for help): ")
    checked: set[str] = set()
    moves = 0
    while True:
        index = child.expect([prompt, r"(You win!|Seat \d \(\w+\) wins!)"])
        if index == 1:
            break
        screen = ANSI.sub("", str(child.before)).replace("\r", "")
        hand = re.findall(r"Your hand: (.*?)\s+\(\* = playable\)", screen)[-1].split()
        playable = [card.rstrip("*") for card in hand if card.endswith("*")]
        others = [card for card in hand if not card.endswith("*")]
        listed = re.findall(r"Playable: (.*)", screen)[-1]
        assert [re.sub(r"^\d\) ", "", item) for item in listed.split("  ")] == playable
        if "typo" not in checked:
            checked.add("typo")
            child.sendline("xyz")
            child.expect("Cannot read 'xyz' as a card")
            child.expect(prompt)
            child.sendline("?")
            child.expect("Type a card in any notation")
            child.expect(prompt)
        if "not held" not in checked:
            held = {s7.Card.parse(card.rstrip("*")) for card in hand}
            missing = next(card for card in s7.DECK if card not in held)
            checked.add("not held")
            child.sendline(missing.label("ru"))
            child.expect(f"You do not hold {missing}")
            child.expect(prompt)
        if others and "not playable" not in checked:
            checked.add("not playable")
            child.sendline(others[0].lower())
            child.expect(re.escape(f"{others[0]} cannot be played now"))
            child.expect(prompt)
        # A legal card, by number the first time and in letter notation afterwards.
        card = s7.Card.parse(playable[0])
        child.sendline("1" if moves == 0 else card.rank.label("en") + card.suit.letter)
        child.expect(re.escape(f"You play {card}"))
        moves += 1
    child.expect("Ranking")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert checked == {"typo", "not held", "not playable"}
    assert moves >= 3


def test_play_with_piped_input_in_french() -> None:
    # Plain input from a pipe: "1" plays the first playable card each time.
    result = run(
        "play", "--players", "4", "--seed", "5", "--lang", "fr", "--plain", stdin="1\n" * 20
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Votre main:" in out or "Votre main :" in out
    assert "Vous jouez" in out
    assert "Classement" in out
    assert re.search(r"(Vous avez gagné !|Joueur \d \(heuristic\) gagne !)", out)


def test_play_announces_passes_and_can_be_quit(tmp_path: Path) -> None:
    result = run("play", "--players", "4", "--seed", "5", "--plain", stdin="1\nq\n")
    assert result.returncode == 1
    assert result.stdout.rstrip().endswith("Game abandoned.")
    closed = run("play", "--players", "4", "--seed", "5", "--plain", stdin="")
    assert closed.returncode == 1
    assert closed.stdout.endswith("Your card (? for help): \nGame abandoned.\n")  # own line
    full = run(
        "play", "--seed", "1", "--plain", "--save", str(tmp_path / "g.json"), stdin="1\n" * 20
    )
    state = s7.from_json((tmp_path / "g.json").read_text(encoding="utf-8"))
    you_passed = state.passes[0]
    assert full.stdout.count("You pass: you hold no playable card") == you_passed
    others = sum(state.passes) - you_passed
    assert full.stdout.count("passes (no playable card)") == others


def test_play_refuses_numbers_of_no_playable_card_and_lists_them() -> None:
    # -1, 0 and 5 are numbers of no playable card (not cards of an unknown rank '-'),
    # and a superscript two is no number: each is refused and the list shown again.
    typed = io.StringIO("-1\n0\n5\n+2\n")
    out = Output(io.StringIO(), plain=True, stdin=typed)
    state = s7.apply(s7.new_game(4, seed=1), "9♦")
    assert HumanPlayer(out, "en").choose(s7.view(state, 3), random.Random(0)) == s7.Card.parse("8♦")
    text = out.stream.getvalue()
    assert "unknown rank" not in text
    listing = "Playable: 1) 9♣  2) 8♦  3) 9♠"
    for number in ("-1", "0", "5"):
        assert f"There is no playable card number {number}.\n{listing}\n" in text
    assert text.count(listing) == 4  # shown first, then after each refusal
    long = Output(io.StringIO(), plain=True, stdin=io.StringIO("9" * 5000 + "\n²\nq\n"))
    with pytest.raises(s7.GameAbandonedError):
        HumanPlayer(long, "fr").choose(s7.view(state, 3), random.Random(0))
    said = long.stream.getvalue()
    assert "Il n'y a pas de carte jouable numéro 999999999….\nJouables" in said
    assert "Impossible de lire '²' comme une carte" in said


def test_the_end_of_the_input_ends_the_prompts_line() -> None:
    out = Output(io.StringIO(), plain=True, stdin=io.StringIO(""))
    state = s7.apply(s7.new_game(4, seed=1), "9♦")
    with pytest.raises(s7.GameAbandonedError):
        HumanPlayer(out, "en").choose(s7.view(state, 3), random.Random(0))
    assert out.stream.getvalue().endswith("Your card (? for help): \n")


def test_plain_output_without_rich() -> None:
    # With rich missing, the command falls back to plain text by itself.
    code = (
        "import sys; sys.modules['rich'] = None\n"
        "from sevens_ru.cli import main\n"
        "sys.exit(main(['demo', '--seed', '4', '--players', '3']))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=ENV, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("--- The deal ---")
    assert "place  player" in result.stdout
    assert "───" not in result.stdout
    assert "[bold" not in result.stdout


@pytest.mark.parametrize("plain", [True, False])
def test_output_reads_from_a_given_stream(plain: bool) -> None:
    out = Output(io.StringIO(), plain=plain, stdin=io.StringIO("9♦\nq"))
    assert out.ask("Your card: ") == "9♦"
    assert out.ask("Your card: ") == "q"  # a last line without a newline
    with pytest.raises(EOFError):
        out.ask("Your card: ")
    assert out.stream.getvalue().count("Your card: ") == 3


def test_every_message_in_every_language() -> None:
    assert all(set(texts) == set(LANGUAGES) for texts in TEXTS.values())
    assert say("de", "plays", name="Platz 1", card="B♦") == "Platz 1 spielt B♦"
    with pytest.raises(s7.UnknownLanguageError):
        say("es", "you")  # type: ignore[arg-type]


def test_console_script_is_installed() -> None:
    script = Path(sys.executable).with_name("sevens-ru")
    result = subprocess.run([str(script), "--version"], capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == f"sevens-ru {s7.__version__}"
