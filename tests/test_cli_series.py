"""``sevens-ru demo --series`` and ``play --series``: a series at one table, in the terminal (M1–M9)."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from sevens_ru import games, series
from sevens_ru.cli import GAMES, main
from sevens_ru.cli.texts import TEXTS
from sevens_ru.common.cards import LANGUAGES, Language

# Every game of the command that plays series (the family's presets once they have a command part).
SERIES_GAMES = [name for name in GAMES if games.get(name).series is not None]


def totals_after(out: str) -> list[list[int]]:
    """The stacks or totals of each "After deal k" table of plain output, by seat."""
    tables = re.findall(r"^After deal \d+\n.*\n((?:.*[+-]\d+\n)+)", out, re.MULTILINE)
    return [[int(line.split()[-2]) for line in table.splitlines()] for table in tables]


@pytest.mark.parametrize("name", SERIES_GAMES)
def test_demo_plays_a_whole_series_and_saves_it(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "series.json"
    players = str(games.get(name).min_players + 1)
    arguments = ["demo", "--game", name, "--series", "--deals", "2", "--players", players]
    assert (
        main([*arguments, "--seed", "5", "--plain", "--bots", "random", "--save", str(record)]) == 0
    )
    out = capsys.readouterr().out
    final = series.from_json(record.read_text(encoding="utf-8"))
    assert series.is_over(final) and final.deal_number == 1  # M6 (a)
    assert out.count("--- Deal ") == 2 and "The series is over after 2 deals." in out
    assert totals_after(out) == [list(result.totals) for result in final.results]
    best = series.ranking(final)[0]
    assert f"Seat {best.seat} (random) wins the series!" in out or "First place shared" in out
    assert "Series record saved to" in out
    capsys.readouterr()
    assert main(["replay", str(record), "--no-step", "--plain"]) == 0  # deal by deal
    replayed = capsys.readouterr().out
    assert totals_after(replayed) == totals_after(out) and replayed.count("--- Deal ") == 2


def test_the_bank_between_deals(capsys: pytest.CaptureFixture[str]) -> None:
    # M4: the antes, the fines, the bank taken by the winner, shown between deals
    arguments = ["demo", "--series", "--deals", "2", "--players", "3", "--seed", "0"]
    assert main([*arguments, "--plain", "--bots", "heuristic", "random"]) == 0
    out = capsys.readouterr().out
    assert "scored by the bank" in out and "Everyone pays 10 into the bank" in out
    assert out.count("In the bank: 30") == 2  # each deal's antes (3 × 10)
    assert out.count("In the bank: 0") == 2  # taken by each deal's winner
    for totals in totals_after(out):
        assert sum(totals) == 300  # M10 (i), the bank empty


def test_play_a_series_through_a_pipe(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # a person at seat 1: each turn answered by the first playable card
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 200))
    arguments = ["play", "--series", "--deals", "2", "--players", "3", "--seed", "3"]
    assert main([*arguments, "--seat", "1", "--plain", "--scoring", "penalty"]) == 0
    out = capsys.readouterr().out
    assert "You are seat 1" in out and "scored by penalty points" in out
    assert out.count("--- Deal ") == 2
    assert "Your hand:" in out and "The series is over after 2 deals." in out


def test_play_a_series_of_durak(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # D15, D16 at the terminal: each move answered by the first one listed
    record = tmp_path / "durak.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 400))
    arguments = ["play", "--game", "durak", "--series", "--players", "2", "--seed", "4"]
    assert main([*arguments, "--stake", "3", "--plain", "--save", str(record)]) == 0
    out = capsys.readouterr().out
    assert "Trump card" in out and "The series is over after 2 deals." in out
    final = series.from_json(record.read_text(encoding="utf-8"))
    assert final.series_options.stake == 3 and final.deal_number == 1  # D15; M6: 2 deals
    for before, after in zip(final.played, final.played[1:], strict=False):
        assert after.dealer == (before.dealer if before.loser is None else before.loser)  # D16
    assert totals_after(out) == [list(result.totals) for result in final.results]


@pytest.mark.parametrize(
    ("arguments", "gist"),
    [
        (["demo", "--deals", "3"], "argument --deals: goes with --series"),
        (["play", "--debt"], "argument --debt: goes with --series"),
        (["demo", "--series", "--deals", "0"], "argument --deals: SeriesOptions.deals must be"),
        (["demo", "--series", "--scoring", "chips"], "argument --scoring: Russian Sevens offers"),
        (["demo", "--series", "--stake", "2"], "argument --series: SeriesOptions.stake is for"),
        (["demo", "--series", "--start", "5"], "got start=5 and ante=10"),
        (
            ["demo", "--series", "--scoring", "places", "--ante", "5"],
            "argument --ante: goes with the bank (--scoring bank), not places",
        ),
        (["demo", "--game", "durak", "--series", "--scoring", "bank"], "Old Durak offers"),
        (["demo", "--series", "--players", "7"], "argument --players"),
    ],
)
def test_bad_series_arguments(
    arguments: list[str], gist: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*arguments, "--plain"]) == 2
    captured = capsys.readouterr()
    assert gist in captured.err, captured.err
    assert captured.out == ""  # refused before anything is played


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_a_series_in_every_language(lang: Language, capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["demo", "--series", "--deals", "1", "--players", "2", "--seed", "1"]
    assert main([*arguments, "--plain", "--bots", "random", "--lang", lang]) == 0
    out = capsys.readouterr().out
    for key in ("s_in_bank", "s_over", "s_ranking"):
        assert TEXTS[key][lang].split("{")[0].strip() in out
    assert TEXTS["s_bank"][lang] in out
