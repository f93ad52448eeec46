"""The ladder page and the script that makes it (docs/make_ladder.py), on a tiny run."""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

import pytest

from sevens_ru import games
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


HEADINGS = {
    "sevens": ("## Russian Sevens, 4 players", 4),
    "durak": ("## Old Durak, 3 players", 3),
    "sevens-52": ("## Sevens (`sevens-52`), 4 players", 4),
    "fan-tan": ("## Fan Tan (`fan-tan`), 4 players", 4),
    "shichinarabe": ("## Shichinarabe (`shichinarabe`), 4 players", 4),
    "domino": ("## Card Domino (`domino`), 4 players", 4),
    "cinquillo": ("## Cinquillo (`cinquillo`), 4 players", 4),
}


def _section(text: str, heading: str) -> str:
    return text.split(heading, 1)[1].split("\n## ", 1)[0]


def _check_page(text: str, names: Mapping[str, tuple[str, ...]], deals: Mapping[str, int]) -> None:
    assert text.startswith("# The ladder\n")
    assert [line for line in text.splitlines() if line.startswith("## ")] == [
        HEADINGS[key][0] for key in HEADINGS if key in names
    ]
    for key in names:
        heading, players = HEADINGS[key]
        section = _section(text, heading)
        count = deals[key]
        assert f"Each cell: {count} duplicate deals, {count * players} games." in section
        assert re.search(
            r"```sh\npython docs/make_ladder.py .*--deals \d+ --seed \d+.*\n```", section
        )
        assert re.search(r"- Made: \d{4}-\d\d-\d\d \d\d:\d\d UTC, backend `\w+`", section)
        assert "- Machine: " in section and "- Seed: " in section
        assert re.search(r"- Time: \d+ s", section)
        rows = _rows(text, heading)
        assert [row[0] for row in rows] == [f"`{name}`" for name in names[key]]
        for number, row in enumerate(rows):
            assert len(row) == len(names[key]) + 2
            assert all(re.fullmatch(CELL, cell) for cell in row[1:-1])
            assert row[1 + number] == "—"  # a bot is not measured against itself
            assert re.fullmatch(r"\d+\.\d\d", row[-1])  # ms per move


def test_the_ladder_has_every_bot_of_each_registry(make_ladder: ModuleType) -> None:
    family = {name: games.get(name).bots.names for name in make_ladder.FAMILY}
    assert make_ladder.lineups([]) == {
        "sevens": bots.BOT_NAMES,
        "durak": durak_bots.BOT_NAMES,
        **family,
    }
    assert all(names == ("random", "heuristic", "search") for names in family.values())
    assert make_ladder.lineups(["durak=heuristic,random"])["durak"] == ("heuristic", "random")
    with pytest.raises(SystemExit, match="expected GAME=NAME,NAME"):
        make_ladder.lineups(["chess=random,heuristic"])
    assert [game.key for game in make_ladder.games_of("cinquillo,sevens")] == [
        "sevens",
        "cinquillo",
    ]
    with pytest.raises(SystemExit, match="--games 'chess': expected names among sevens, durak"):
        make_ladder.games_of("chess")


def test_a_tiny_ladder_makes_a_page_of_that_shape(
    make_ladder: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ladder.md"
    fast = ["sevens=random,heuristic", "durak=random,heuristic"]
    fast += [f"{name}=random,heuristic" for name in make_ladder.FAMILY]
    arguments = ["--deals", "2", "--seed", "3", "--out", str(out)]
    assert make_ladder.main([*arguments, *(f"--bots={text}" for text in fast)]) == 0
    text = out.read_text(encoding="utf-8")
    names = dict.fromkeys(HEADINGS, ("random", "heuristic"))
    _check_page(text, names, deals=dict.fromkeys(HEADINGS, 2))
    assert f"--deals 2 --seed 3 --bots {fast[0]} --bots {fast[1]}" in text
    assert "sevens: heuristic against random: win rate" in capsys.readouterr().err
    # --games plays those games again and keeps the other sections as they were
    again = ["--games", "domino", "--deals", "1", "--seed", "4", "--out", str(out)]
    assert make_ladder.main([*again, "--bots=domino=heuristic,random"]) == 0
    changed = out.read_text(encoding="utf-8")
    heading = HEADINGS["domino"][0]
    assert _section(changed, heading) != _section(text, heading)
    assert "--games domino --deals 1 --seed 4" in _section(changed, heading)
    for key, (other, _) in HEADINGS.items():
        if key != "domino":
            assert _section(changed, other) == _section(text, other)
    _check_page(
        changed,
        {**names, "domino": ("heuristic", "random")},
        {**dict.fromkeys(HEADINGS, 2), "domino": 1},
    )


def test_a_ladder_cell_is_the_match_of_its_lineup(make_ladder: ModuleType) -> None:
    from sevens_ru.games.sevens.tournament import play_match

    game = make_ladder.GAMES[0]
    ladder = make_ladder.play_ladder(game, ["heuristic", "random"], deals=3, seed=4)
    lineup = [bots.make_bot(name) for name in ("heuristic", "random", "random", "random")]
    assert ladder.cells["heuristic", "random"] == play_match(lineup, 3, seed=4).bots[0].win_rate
    assert ladder.games == 12


def test_the_committed_page_has_the_shape_of_the_script(make_ladder: ModuleType) -> None:
    text = (DOCS / "ladder.md").read_text(encoding="utf-8")
    names: dict[str, tuple[str, ...]] = {}
    deals: dict[str, int] = {}
    for key, (heading, _) in HEADINGS.items():
        section = _section(text, heading)
        rerun = re.search(r"```sh\n(python docs/make_ladder.py [^\n]*)\n```", section)
        assert rerun is not None
        args = make_ladder.parser().parse_args(rerun.group(1).split()[2:])  # the command parses
        assert make_ladder.command(args) == rerun.group(1)
        assert key in {game.key for game in make_ladder.games_of(args.games)}
        deals[key] = args.deals
        names[key] = tuple(row[0].strip("`") for row in _rows(text, heading))
        assert set(names[key]) == {"random", "heuristic", "search"}  # every bot of the game
    _check_page(text, names, deals)
