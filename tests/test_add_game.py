"""The game of docs/howto/add-game.md, installed as another package would be, keeps the contract.

``examples/tops.py`` is copied into a folder laid out as pip installs a package (the
module and a ``dist-info`` with its entry point in ``sevens_ru.games``); the registry
finds it there, and :func:`sevens_ru.testing.api_test` passes on it.
"""

from __future__ import annotations

import random
import shutil
import sys
from pathlib import Path

import pytest

from sevens_ru import games
from sevens_ru.testing import api_test

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "tops.py"
PAGE = ROOT / "docs" / "howto" / "add-game.md"


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``tops`` as an installed package: its module and its entry point, on ``sys.path``."""
    shutil.copy(EXAMPLE, tmp_path / "tops.py")
    info = tmp_path / "tops-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tops\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[sevens_ru.games]\ntops = tops:GAME\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(games, "_entries", dict(games._entries))
    monkeypatch.setattr(games, "_plugins_read", False)
    monkeypatch.delitem(sys.modules, "tops", raising=False)
    return tmp_path


def test_the_installed_game_joins_the_registry_and_keeps_the_contract(installed: Path) -> None:
    assert "tops" in games.names() and "tops" not in sys.modules
    tops = games.get("tops")
    assert sys.modules["tops"].__file__ == str(installed / "tops.py")
    api_test(tops, games=10, seed=3)


def test_the_installed_game_is_played_by_its_bots(installed: Path) -> None:
    tops = games.get("tops")
    state, rng = tops.new_game(4, seed=1), random.Random(1)
    bots = [tops.bots.make(name) for name in ("greedy", "random", "greedy", "random")]
    while not tops.is_over(state):
        state = tops.apply(
            state, bots[state.current_player].choose(tops.view(state, state.current_player), rng)
        )
    assert sum(tops.returns(state)) == pytest.approx(0)
    assert tops.from_json(tops.to_json(state)) == state


def test_the_page_shows_the_parts_of_the_example_it_names() -> None:
    page = PAGE.read_text(encoding="utf-8")
    example = EXAMPLE.read_text(encoding="utf-8")
    for marker in ("state", "game"):
        assert f'"# [{marker}]"' in page and f"# [{marker}]\n" in example
        assert f"# [/{marker}]\n" in example
    assert 'tops = "tops:GAME"' in page


def test_pictures_are_drawn_for_every_game_that_draws_and_refused_for_others(
    installed: Path,
) -> None:
    import attrs

    from sevens_ru import svg
    from sevens_ru.errors import NotAGameStateError

    tops = games.get("tops")
    state = tops.new_game(2, seed=1)
    with pytest.raises(NotAGameStateError, match="state or a view of a game, got State"):
        svg.position(state)
    drawn = attrs.evolve(tops, draw=lambda position, seat, lang: f"<svg>{lang}</svg>")
    games.register(drawn, replace=True)
    assert svg.position(state, lang="de") == "<svg>de</svg>"
    with pytest.raises(NotAGameStateError):
        svg.replay_html(state)  # no positions: no replay page
