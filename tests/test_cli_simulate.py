"""simulate counts deals by --deals (--games is its old name) and prints tables that fit 80 columns."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import sevens_ru as s7
from sevens_ru.cli import main
from sevens_ru.cli.output import strip_markup

INTERVAL = re.compile(r"-?\d\.\d{3}–-?\d\.\d{3}")


def test_deals_count_deals_and_the_summary_says_how_many_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--deals", "5", "--plain", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("4 players, 5 deals, each in every seat rotation: 20 games, seed 1\n")
    assert main(["simulate", "--deals", "5", "--no-duplicate", "--plain", "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("4 players, 5 deals, each once: 5 games, seed 1\n")
    # --games is kept, and counts deals too: the same match
    assert main(["simulate", "--games", "5", "--json", "--quiet"]) == 0
    old = json.loads(capsys.readouterr().out)
    assert main(["simulate", "--deals", "5", "--json", "--quiet"]) == 0
    new = json.loads(capsys.readouterr().out)
    assert (old["deals"], old["games"]) == (new["deals"], new["games"]) == (5, 20)
    assert [bot["win_rate"] for bot in old["bots"]] == [bot["win_rate"] for bot in new["bots"]]


def test_the_help_says_what_each_flag_counts(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "--deals DEALS deals to play (default 200), each in every seat rotation" in help_text
    assert "200 deals at 4 seats are 800 games" in help_text
    assert "--games DEALS the old name of --deals: it counts deals, not games" in help_text


@pytest.mark.parametrize("game", ["sevens", "durak", "fan-tan"])
@pytest.mark.parametrize("plain", [True, False])
def test_the_table_fits_80_columns_and_no_interval_wraps(
    game: str, plain: bool, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # rich's console width
    bots = {
        "sevens": ["heuristic", "random", "random", "random"],
        "durak": ["heuristic", "random", "random"],
    }
    arguments = [
        "simulate",
        "--game",
        game,
        "--deals",
        "3",
        "--quiet",
        "--bots",
        *bots.get(game, ["heuristic", "random"]),
    ]
    assert main([*arguments, *(["--plain"] if plain else [])]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    intervals = [line for line in lines if INTERVAL.search(line)]
    rows = [line for line in lines if re.match(r"(heuristic|random)\s", strip_markup(line).strip())]
    assert (
        len(intervals) == len(rows) == len(bots.get(game, ["h", "r"]))
    )  # an interval line per bot
    for row, below in zip(rows, intervals, strict=True):
        values = re.findall(r"(?<![\d.–])-?\d\.\d{3}(?![\d–])", row)
        bounds = INTERVAL.findall(below)
        assert len(bounds) == len(values) > 0  # every figure has its interval, whole, under it
        for value, bound in zip(values, bounds, strict=True):
            low, high = (float(number) for number in re.findall(r"-?\d\.\d{3}", bound))
            assert low <= float(value) <= high


def test_simulate_writes_every_games_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    assert main(["simulate", "--deals", "3", "--quiet", "--plain", "--records", str(path)]) == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 12
    tags = s7.read_record(lines[5]).tags
    assert tags.round == "1.1" and tags.event == "Russian Sevens match, seed 1"
    assert tags.players == ("random", "random", "random", "heuristic")
