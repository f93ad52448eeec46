"""The registry of games: names, get, register and other packages' entry points."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import attrs
import pytest

import sevens_ru as s7
from sevens_ru import games


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry as it was after the test: games it adds are gone, plugins read anew."""
    monkeypatch.setattr(games, "_entries", dict(games._entries))
    monkeypatch.setattr(games, "_plugins_read", False)


def test_the_library_s_games_come_first_in_registration_order() -> None:
    assert games.names()[:2] == ("sevens", "durak")
    assert [games.get(name).name for name in games.names()] == list(games.names())


def test_import_sevens_ru_imports_no_durak_module_until_durak_is_used() -> None:
    code = textwrap.dedent(
        """
        import sys
        import sevens_ru
        from sevens_ru import games
        assert games.names()[:2] == ("sevens", "durak")
        assert not [m for m in sys.modules if "durak" in m], "durak imported"
        sevens_ru.durak.new_game(2, seed=1)
        assert "sevens_ru.games.durak.game" in sys.modules
        print("lazy")
        """
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert run.stdout.strip() == "lazy", run.stderr


def test_get_gives_the_same_value_each_time_with_the_game_s_functions() -> None:
    durak = games.get("durak")
    assert durak is games.get("durak")
    assert durak.apply is s7.durak.apply and durak.state_type is s7.durak.GameState
    assert games.get("sevens").new_game is s7.new_game
    assert durak.owns(durak.new_game(2, seed=1)) and not durak.owns(s7.new_game(2, seed=1))


@pytest.mark.parametrize("name", ["chess", "", "SEVENS", "x" * 10_000])
def test_an_unknown_name_is_an_unknown_game_error_and_a_lookup_error(name: str) -> None:
    with pytest.raises(s7.UnknownGameError, match="unknown game") as raised:
        games.get(name)
    assert isinstance(raised.value, LookupError) and isinstance(raised.value, s7.SevensError)
    assert len(str(raised.value)) < 200
    assert "sevens, durak" in str(raised.value)


@pytest.mark.parametrize("name", [None, 7, b"sevens", ["sevens"]])
def test_a_name_that_is_not_text_is_refused(name: Any) -> None:
    with pytest.raises(s7.UnknownGameError, match="named by text"):
        games.get(name)


def test_a_game_titles_itself_in_every_language() -> None:
    sevens = games.get("sevens")
    assert [sevens.title(lang) for lang in s7.LANGUAGES] == [
        "Russian Sevens",
        "Семёрки",
        "Sept russe",
        "Russisches Sieben",
    ]
    with pytest.raises(s7.UnknownLanguageError, match="unknown language 'xx'"):
        sevens.title("xx")
    with pytest.raises(ValueError, match="needs a title in fr, de"):
        attrs.evolve(sevens, titles={"en": "Sevens", "ru": "Семёрки"})


@pytest.mark.usefixtures("registry")
def test_a_registered_game_is_listed_and_given_back() -> None:
    copy = attrs.evolve(games.get("sevens"), name="sevens-copy")
    assert games.register(copy) is copy
    assert games.names()[-1] == "sevens-copy" and games.get("sevens-copy") is copy
    assert games.register(copy) is copy  # the same game again: nothing changes
    other = attrs.evolve(copy, default_players=3)
    with pytest.raises(s7.InvalidGameError, match="registered already: pass replace=True"):
        games.register(other)
    games.register(other, replace=True)
    assert games.get("sevens-copy") is other


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name": "Fan Tan"}, "a lowercase word"),
        ({"name": "x" * 41}, "at most 40 characters"),
        ({"name": "-tan"}, "a lowercase word"),
        ({"min_players": 0}, "not a range of seats"),
        ({"min_players": 5, "max_players": 3}, "not a range of seats"),
        ({"default_players": 9}, "default_players 9 is out of range"),
    ],
)
def test_register_refuses_a_bad_game(change: dict[str, Any], message: str) -> None:
    with pytest.raises(s7.InvalidGameError, match=message):
        games.register(attrs.evolve(games.get("sevens"), **change))
    with pytest.raises(s7.InvalidGameError, match=r"takes a sevens_ru\.games\.Game, got str"):
        games.register("sevens")  # type: ignore[arg-type]


def _plugin(root: Path, module: str, body: str, points: dict[str, str]) -> None:
    """A package installed in ``root`` as pip installs one: its module and its dist-info."""
    (root / f"{module}.py").write_text(textwrap.dedent(body), encoding="utf-8")
    info = root / f"{module}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 1.0\n")
    lines = "".join(f"{name} = {value}\n" for name, value in points.items())
    (info / "entry_points.txt").write_text(f"[sevens_ru.games]\n{lines}", encoding="utf-8")


@pytest.mark.usefixtures("registry")
def test_another_package_s_entry_points_join_the_registry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = """
        import attrs
        from sevens_ru import games

        COPY = attrs.evolve(games.get("sevens"), name="plugin-sevens")

        def make():
            return attrs.evolve(games.get("durak"), name="plugin-durak")

        NOT_A_GAME = "a game"

        def broken():
            raise RuntimeError("no database")
        """
    points = {
        "plugin-sevens": "some_plugin:COPY",
        "plugin-durak": "some_plugin:make",
        "plugin-text": "some_plugin:NOT_A_GAME",
        "plugin-broken": "some_plugin:broken",
        "plugin-misnamed": "some_plugin:COPY",
        "Bad Name": "some_plugin:COPY",
    }
    _plugin(tmp_path, "some_plugin", body, points)
    monkeypatch.syspath_prepend(str(tmp_path))
    names = games.names()
    assert names[:2] == ("sevens", "durak")
    assert set(names[len(games._BUILT_IN) :]) == {  # after the library's own games
        "plugin-broken",
        "plugin-durak",
        "plugin-misnamed",
        "plugin-sevens",
        "plugin-text",
    }
    assert "some_plugin" not in sys.modules  # listed, not loaded
    assert games.get("plugin-sevens").new_game is s7.new_game
    assert games.get("plugin-durak").apply is s7.durak.apply
    with pytest.raises(s7.InvalidGameError, match=r"gives no sevens_ru\.games\.Game, got str"):
        games.get("plugin-text")
    with pytest.raises(s7.InvalidGameError, match="failed to load: RuntimeError: 'no database'"):
        games.get("plugin-broken")
    with pytest.raises(s7.InvalidGameError, match="registered as 'plugin-misnamed' but its game"):
        games.get("plugin-misnamed")
    sys.modules.pop("some_plugin", None)
