"""The ladder page and the script that makes it (docs/make_ladder.py), on a tiny run."""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

import pytest

from sevens_ru.games.durak import bots as durak_bots
from sevens_ru.games.sevens import bots

DOCS = Path(__file__).parents[1] / "docs"
CELL = r"(\d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\]|—)"


@pytest.fixture(scope="module")
def make_ladder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_ladder", DOCS / "make_ladder.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_ladder"] = module  # attrs classes look their module up
    spec.loader.exec_module(module)
    return module


def _rows(text: str, heading: str) -> list[list[str]]:
    """The cells of the table under ``heading``, without its header and rule."""
    section = text.split(heading, 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]


def _check_page(text: str, names: Mapping[str, tuple[str, ...]], deals: int) -> None:
    assert text.startswith("# The ladder\n")
    assert re.search(r"```sh\npython docs/make_ladder.py --deals \d+ --seed \d+.*\n```", text)
    assert re.search(r"- Made: \d{4}-\d\d-\d\d \d\d:\d\d UTC, backend `\w+`", text)
    assert "- Machine: " in text and "- Seed: " in text
    for heading, key, players in (
        ("## Russian Sevens, 4 players", "sevens", 4),
        ("## Old Durak, 3 players", "durak", 3),
    ):
        assert f"Each cell: {deals} duplicate deals, {deals * players} games." in text
        rows = _rows(text, heading)
        assert [row[0] for row in rows] == [f"`{name}`" for name in names[key]]
        for number, row in enumerate(rows):
            assert len(row) == len(names[key]) + 2
            assert all(re.fullmatch(CELL, cell) for cell in row[1:-1])
            assert row[1 + number] == "—"  # a bot is not measured against itself
            assert re.fullmatch(r"\d+\.\d\d", row[-1])  # ms per move


def test_the_ladder_has_every_bot_of_each_registry(make_ladder: ModuleType) -> None:
    assert make_ladder.lineups([]) == {"sevens": bots.BOT_NAMES, "durak": durak_bots.BOT_NAMES}
    assert make_ladder.lineups(["durak=heuristic,random"])["durak"] == ("heuristic", "random")
    with pytest.raises(SystemExit, match="expected GAME=NAME,NAME"):
        make_ladder.lineups(["chess=random,heuristic"])


def test_a_tiny_ladder_makes_a_page_of_that_shape(
    make_ladder: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ladder.md"
    fast = ["sevens=random,heuristic", "durak=random,heuristic"]
    arguments = ["--deals", "2", "--seed", "3", "--out", str(out)]
    assert make_ladder.main([*arguments, *(f"--bots={text}" for text in fast)]) == 0
    text = out.read_text(encoding="utf-8")
    names = {"sevens": ("random", "heuristic"), "durak": ("random", "heuristic")}
    _check_page(text, names, deals=2)
    assert f"--deals 2 --seed 3 --bots {fast[0]} --bots {fast[1]} --out {out}" in text
    assert "sevens: heuristic against random: win rate" in capsys.readouterr().err


def test_a_ladder_cell_is_the_match_of_its_lineup(make_ladder: ModuleType) -> None:
    from sevens_ru.games.sevens.tournament import play_match

    game = make_ladder.GAMES[0]
    ladder = make_ladder.play_ladder(game, ["heuristic", "random"], deals=3, seed=4)
    lineup = [bots.make_bot(name) for name in ("heuristic", "random", "random", "random")]
    assert ladder.cells["heuristic", "random"] == play_match(lineup, 3, seed=4).bots[0].win_rate
    assert ladder.games == 12


def test_the_committed_page_has_the_shape_of_the_script(make_ladder: ModuleType) -> None:
    text = (DOCS / "ladder.md").read_text(encoding="utf-8")
    rerun = re.search(r"```sh\n(python docs/make_ladder.py [^\n]*)\n```", text)
    assert rerun is not None
    args = make_ladder.parser().parse_args(rerun.group(1).split()[2:])  # the command parses
    assert make_ladder.command(args) == rerun.group(1)
    counts = re.findall(r"Each cell: (\d+) duplicate deals", text)
    assert counts == [str(args.deals)] * 2
    names = {
        key: tuple(row[0].strip("`") for row in _rows(text, heading))
        for key, heading in (("sevens", "## Russian Sevens"), ("durak", "## Old Durak"))
    }
    _check_page(text, names, deals=args.deals)
