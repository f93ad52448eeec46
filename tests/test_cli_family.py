"""``sevens-ru`` with ``--game`` a preset of the layout family: demo, play, replay, simulate, series (F1-F18)."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from helpers import pseudo_terminal
from sevens_ru import games, series
from sevens_ru.cli import GAMES, main
from sevens_ru.cli.output import strip_markup
from sevens_ru.common.cards import LANGUAGES, Language

PRESETS = ("sevens-52", "fan-tan", "shichinarabe", "domino", "cinquillo")
ROW_PLACES = {"sevens-52": 13, "fan-tan": 13, "shichinarabe": 13, "domino": 13, "cinquillo": 10}


def typed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


def rows(out: str) -> list[str]:
    """The row lines of plain output: a suit, then the row's places or "not open"."""
    return re.findall(r"^  [♣♦♥♠]  .*$", out, re.MULTILINE)


def test_every_preset_has_its_own_part_of_the_command() -> None:
    for name in PRESETS:
        part = GAMES[name]
        assert part.play is not None and part.person is not None  # no longer plain_game
        assert games.get(name).commands is not None


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("edge", ["min", "max"])
def test_demo_draws_the_rows_after_each_card_and_saves_a_record_that_replays(
    name: str, edge: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = games.get(name)
    players = game.min_players if edge == "min" else game.max_players
    record = tmp_path / "game.json"
    arguments = ["demo", "--game", name, "--players", str(players), "--seed", "7", "--plain"]
    assert main([*arguments, "--save", str(record)]) == 0
    out = capsys.readouterr().out
    state = game.from_json(record.read_text(encoding="utf-8"))
    assert game.is_over(state)
    plays = [line for line in out.splitlines() if " plays " in line]
    assert len(plays) == sum(1 for event in state.history if type(event).__name__ == "Play")
    for line in plays:  # the row of each card, drawn after it, over the whole pack (F4)
        cells = line.split("   ", 1)[1].split() if "   " in line else []
        assert len(re.findall(r"[♣♦♥♠]", line)) == 2 and len(cells) >= ROW_PLACES[name]
    assert len(rows(out)) == 4  # the table at the end
    winner = game.ranking(state)[0].seat
    assert f"Seat {winner} (" in out and " wins!" in out
    capsys.readouterr()
    assert main(["replay", str(record), "--no-step", "--plain"]) == 0
    replayed = capsys.readouterr().out
    assert game.positions is not None
    assert replayed.count("--- Move ") == len(game.positions(state)) - 1
    assert f"Seat {winner} (" in replayed and "wins!" in replayed


def test_fan_tan_tells_the_antes_the_pool_and_the_chips(
    capsys: pytest.CaptureFixture[str],
) -> None:  # T2, T4, T7
    assert main(["demo", "--game", "fan-tan", "--players", "3", "--seed", "4", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "Antes: 1 2 2; in the pool: 5" in out  # T10: 18, 17, 17 cards
    pools = [int(found) for found in re.findall(r"\+1 into the pool: (\d+)", out)]
    assert pools == list(range(6, 6 + len(pools)))  # each pass costs a chip at once
    table = out[out.rindex("Ranking") :]
    assert "chips" in table.splitlines()[1]
    chips = [int(line.split()[-1]) for line in table.splitlines()[2:] if line.strip()]
    assert sum(chips) == 0 and max(chips) > 0  # T7: zero-sum, the winner takes the pool


def test_cinquillo_shows_the_scores(capsys: pytest.CaptureFixture[str]) -> None:  # C5
    assert main(["demo", "--game", "cinquillo", "--seed", "0", "--plain", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    table = out[out.rindex("Ergebnis") if "Ergebnis" in out else out.rindex("Rangliste") :]
    assert "Punkte" in table
    assert (
        "♦   A  2  3  4  5  6  7  B  D  K" in out
    )  # C1: the Spanish pack's row, 7 next to the sota


def test_shichinarabe_tells_the_sevens_laid_out_the_bursts_and_the_places(
    capsys: pytest.CaptureFixture[str],
) -> None:  # N2, N5, N6, N7
    arguments = ["demo", "--game", "shichinarabe", "--players", "5", "--seed", "4", "--plain"]
    assert main(arguments) == 0
    out = capsys.readouterr().out
    laid = re.findall(r"lays out ((?:7[♣♦♥♠] ?)+)", out)
    assert sorted(" ".join(laid).split()) == ["7♠", "7♣", "7♥", "7♦"]
    bursts = re.findall(r"bursts \(no pass left, no playable card\): (.*) go onto the table", out)
    assert bursts  # this seed has bursts
    assert re.search(r"(?:[2-9]|10|[AJQK])'", out)  # an island, marked
    assert "goes out: place 2" in out
    table = out[out.rindex("Ranking") :]
    assert table.count(" ✖ ") == len(bursts) and "✖ = burst" in table  # N8: burst seats last
    assert "passes (no playable card)" not in out  # N4: every pass is a choice


@pytest.mark.parametrize("name", PRESETS)
def test_play_against_bots_through_a_pipe(
    name: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    typed(monkeypatch, "1\n" * 200)  # each turn: the first move listed
    record = tmp_path / "played.json"
    arguments = ["play", "--game", name, "--players", "3", "--seed", "5", "--seat", "1"]
    assert main([*arguments, "--plain", "--save", str(record), "--name", "Anna"]) == 0
    out = capsys.readouterr().out
    title = games.get(name).title("en")
    assert out.startswith(f"{title}, 3 players: you are seat 1. Type ? for help.")
    assert "Your hand:" in out and "Moves: 1) " in out and "You play " in out
    assert ("You win!" in out) != (" wins!" in out)
    saved = games.get(name).read_record(record.read_text(encoding="utf-8"))
    assert saved.tags.players is not None and saved.tags.players[1] == "Anna"
    assert games.get(name).is_over(saved.state)


def test_a_voluntary_pass_is_a_move_at_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:  # S5, F13
    typed(monkeypatch, "pass\n" + "1\n" * 200)
    arguments = ["play", "--game", "sevens-52", "--players", "3", "--seed", "2", "--plain"]
    assert main([*arguments, "--option", "voluntary_passes=true", "--option", "opener=left"]) == 0
    out = capsys.readouterr().out
    assert "pass" in out.split("Moves: ", 1)[1].splitlines()[0]
    assert (
        "You pass" in out
        and "You pass: you hold no playable card" not in out.split("You pass", 1)[0]
    )


def test_a_pass_refused_and_a_card_not_playable_are_told(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:  # F13, S3, F11
    game = games.get("sevens-52")
    assert game.new_game(3, seed=11).current_player == 1  # seat 1 holds 7♦ and 2♣, not K♦
    typed(monkeypatch, "pass\n2♣\nK♦\n\n" + "1\n" * 100)  # Enter: the only move, 7♦
    arguments = ["play", "--game", "sevens-52", "--players", "3", "--seed", "11", "--plain"]
    assert main([*arguments, "--seat", "1"]) == 0
    out = capsys.readouterr().out
    assert "Moves: 1) 7♦\n" in out
    assert "You cannot pass now: you hold a playable card and must play it." in out
    assert "2♣ cannot be played now: the first card must be 7♦." in out
    assert "You do not hold K♦." in out
    assert "You play 7♦" in out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_speaks_every_language(
    lang: Language, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed(monkeypatch, "1\n" * 200)
    arguments = ["play", "--game", "shichinarabe", "--players", "3", "--seed", "1", "--plain"]
    assert main([*arguments, "--lang", lang]) == 0
    out = capsys.readouterr().out
    intro = {
        "en": "you are seat 0",
        "ru": "Вы — игрок 0",
        "fr": "vous êtes le joueur 0",
        "de": "Sie sind Spieler 0",
    }
    assert intro[lang] in out
    passes = {"en": "pass", "ru": "пропуск", "fr": "passer", "de": "passen"}
    assert f") {passes[lang]}" in out  # shichinarabe's pass is offered as a move (N4)


@pytest.mark.parametrize("name", PRESETS)
def test_play_a_series_of_every_preset(
    name: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # M1-M8 at the terminal
    typed(monkeypatch, "1\n" * 400)
    record = tmp_path / "series.json"
    arguments = ["play", "--game", name, "--series", "--deals", "2", "--players", "3"]
    assert main([*arguments, "--seed", "3", "--plain", "--save", str(record)]) == 0
    out = capsys.readouterr().out
    assert "You are seat 0" in out and out.count("--- Deal ") == 2
    assert "The series is over after 2 deals." in out and "Your hand:" in out
    table = series.from_json(record.read_text(encoding="utf-8"))
    assert series.is_over(table) and len(table.played) == 2
    scoring = {"fan-tan": "chips", "cinquillo": "score", "shichinarabe": "places"}.get(
        name, "penalty"
    )
    assert table.scoring == scoring
    if name == "fan-tan":
        assert "+1 into the pool" in out or "Antes" not in out
        assert sum(table.totals) == 0  # M10 (v)


def test_a_series_with_the_bank_of_a_preset(capsys: pytest.CaptureFixture[str]) -> None:  # M4
    arguments = ["demo", "--game", "sevens-52", "--series", "--scoring", "bank", "--players", "3"]
    assert main([*arguments, "--deals", "2", "--seed", "1", "--plain"]) == 0
    out = capsys.readouterr().out
    assert out.count("In the bank: 30") == 2 and "Everyone pays 10 into the bank" in out


def test_options_and_the_dealer_reach_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # F7, DO1, F4
    record = tmp_path / "domino.json"
    arguments = ["demo", "--game", "domino", "--players", "4", "--seed", "3", "--plain"]
    assert main([*arguments, "--option", "pack=32", "--dealer", "1", "--save", str(record)]) == 0
    out = capsys.readouterr().out
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["dealer"] == 1 and data["options"]["pack"] == 32
    assert "sets the start rank" in out
    assert all(len(line.split()) in (3, 9) for line in rows(out))  # "not open", or 8 places
    arguments = ["demo", "--game", "sevens-52", "--players", "3", "--seed", "3", "--plain"]
    assert main([*arguments, "--option", "ace=high"]) == 0
    assert re.search(r"^  ♣   2  3 .* K  A$", capsys.readouterr().out, re.MULTILINE)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            ["--game", "sevens-52", "--option", "ace=middle"],
            "argument --option: Sevens52Options.ace must be one of",
        ),
        (
            ["--game", "fan-tan", "--option", "colour=red"],
            "argument --option: no option 'colour': FanTanOptions has",
        ),
        (
            ["--game", "fan-tan", "--option", "ante"],
            "argument --option: an option is written NAME=VALUE",
        ),
        (
            ["--game", "fan-tan", "--option", "c" * 5000 + "=1"],
            "... (5,000 characters): FanTanOptions has",  # an excerpt, as every message
        ),
        (
            ["--game", "shichinarabe", "--option", "passes=many"],
            "argument --option: ShichinarabeOptions.passes must be",
        ),
        (["--game", "domino", "--option", "pack=32", "--players", "8"], "argument --option: "),
        (["--game", "cinquillo", "--players", "7"], "argument --players: "),
        (["--game", "fan-tan", "--players", "3", "--dealer", "3"], "argument --dealer: "),
        (
            ["--option", "ace=high"],
            "argument --option: sevens takes no options: add --game sevens-52",
        ),
        (
            ["--game", "durak", "--option", "ace=high"],
            "argument --option: durak takes no options: add --game sevens-52",
        ),
        (["--game", "cinquillo", "--short-deck"], "argument --short-deck: an option of Durak"),
    ],
)
def test_bad_settings_are_refused_before_anything_is_played(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "--plain", *arguments]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


def test_simulate_a_preset_with_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["simulate", "--game", "fan-tan", "--deals", "2", "--quiet", "--json"]
    assert main([*arguments, "--option", "voluntary_passes=true"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 8 and len(result["bots"]) == 4


def test_replay_writes_a_family_game_as_a_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, page = tmp_path / "game.json", tmp_path / "game.html"
    assert (
        main(["demo", "--game", "cinquillo", "--seed", "1", "--plain", "--save", str(record)]) == 0
    )
    assert main(["replay", str(record), "--html", str(page), "--lang", "ru"]) == 0
    text = page.read_text(encoding="utf-8")
    cinquillo = games.get("cinquillo")
    state = cinquillo.from_json(record.read_text(encoding="utf-8"))
    assert cinquillo.positions is not None
    assert text.count("<svg") == len(cinquillo.positions(state))
    assert "<h1>Кинкильо</h1>" in text
    assert strip_markup(capsys.readouterr().out).strip().endswith(str(page))


@pseudo_terminal
def test_shichinarabe_in_a_terminal_passes_until_it_bursts() -> None:  # N4, N5, as a person would
    # In a real terminal: the person passes whenever "pass" is offered, so passes run
    # out (N4); then plays the first move listed, and may burst if nothing is playable.
    env = {**os.environ, "TERM": "dumb", "NO_COLOR": "1", "COLUMNS": "120"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "sevens_ru.cli", "play", "--game", "shichinarabe", "--players", "4", "--seed", "9"],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 120),
    )
    prompt = re.escape("Your move (? for help): ")
    passes = 0
    while True:
        index = child.expect([prompt, r"(You win!|Seat \d \(\w+\) wins!)"])
        if index == 1:
            break
        screen = str(child.before).replace("\r", "")
        moves = re.findall(r"Moves: (.*)", screen)[-1]
        if moves.endswith(") pass"):
            assert f"({3 - passes} {'pass' if passes == 2 else 'passes'} left)" in screen
            child.sendline("pass")
            child.expect("You pass")
            passes += 1
        else:
            assert passes == 3  # N4: pass is offered while a pass is left
            child.sendline("1")
            child.expect("You play ")
    child.expect("Ranking")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert passes == 3  # N4: three passes, no more


def test_option_is_refused_from_the_games_part_of_the_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from sevens_ru.cli import GAMES

    takers = [name for name, game in GAMES.items() if game.takes_option]
    assert "fan-tan" in takers and "durak" not in takers and "sevens" not in takers
    listed = ", ".join(takers[:-1]) + " or " + takers[-1]
    for game in ("sevens", "durak"):
        assert main(["simulate", "--game", game, "--option", "ace=high"]) == 2
        assert f"argument --option: {game} takes no options: add --game {listed}" in (
            capsys.readouterr().err
        )
