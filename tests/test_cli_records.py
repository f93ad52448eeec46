"""The command's records say who played: demo and play fill the tags, replay and its page show them."""

from __future__ import annotations

import datetime
import io
import json
from pathlib import Path

import pytest

import sevens_ru as s7
from sevens_ru import BotTag, Tags, durak, games
from sevens_ru.bots import make_bot
from sevens_ru.cli import main


def saved(path: Path) -> s7.Record[object]:
    text = path.read_text(encoding="utf-8")
    game = games.get(json.loads(text)["game"])
    return game.read_record(text)


def test_demo_saves_the_bots_their_settings_the_date_and_the_result(tmp_path: Path) -> None:
    path = tmp_path / "demo.json"
    bots = ["heuristic", "search:rollouts=20"]
    assert (
        main(
            [
                "demo",
                "--seed",
                "11",
                "--players",
                "3",
                "--plain",
                "--bots",
                *bots,
                "--save",
                str(path),
            ]
        )
        == 0
    )
    record = saved(path)
    tags = record.tags
    assert tags.players == ("heuristic", "search:rollouts=20", "heuristic")
    assert tags.bots == (
        BotTag.of(make_bot("heuristic")),
        BotTag.of(make_bot("search:rollouts=20")),
        BotTag.of(make_bot("heuristic")),
    )
    assert dict(tags.bots[1].settings)["rollouts"] == 20
    assert tags.date == datetime.date.today()
    assert tags.result == Tags.result_of(s7.ranking(record.state))  # type: ignore[arg-type]
    assert tags.event is None and tags.site is None


def test_play_saves_the_persons_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "play.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 20))
    arguments = ["play", "--seed", "1", "--players", "3", "--seat", "1", "--name", "Анна"]
    assert main([*arguments, "--opponents", "random", "--plain", "--save", str(path)]) == 0
    tags = saved(path).tags
    assert tags.players == ("random", "Анна", "random")
    assert tags.bots == (BotTag("random"), None, BotTag("random"))
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 20))
    assert main(["play", "--seed", "1", "--plain", "--save", str(path)]) == 0
    assert saved(path).tags.players == ("human", "heuristic", "heuristic", "heuristic")


@pytest.mark.parametrize("name", ["", " Anna", "x" * 101, "a\tb"])
def test_play_refuses_a_name_no_record_can_hold(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:  # argparse's own refusal, before any game
        main(["play", "--name", name, "--plain"])
    assert exited.value.code == 2
    assert "argument --name: " in capsys.readouterr().err


def test_durak_and_the_family_save_their_tags_too(tmp_path: Path) -> None:
    for game in ("durak", "fan-tan"):
        path = tmp_path / f"{game}.json"
        assert main(["demo", "--game", game, "--seed", "3", "--plain", "--save", str(path)]) == 0
        record = saved(path)
        assert record.tags.players is not None and len(record.tags.players) == record.state.players  # type: ignore[attr-defined]
        assert record.tags.result is not None


def test_replay_names_the_seats_and_heads_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "demo.json"
    assert main(["demo", "--seed", "11", "--players", "3", "--plain", "--save", str(path)]) == 0
    capsys.readouterr()
    assert main(["replay", str(path), "--no-step", "--plain"]) == 0
    out = capsys.readouterr().out
    today = datetime.date.today().isoformat()
    assert out.startswith(f"{today}\n--- The deal ---\nSeat 0 (heuristic): ")
    assert "Seat 1 (search) plays" in out and "Seat 2 (random)" in out
    # a record of a club game: the event line, and the people's names
    state = s7.from_json(path.read_text(encoding="utf-8"))
    tags = Tags(event="Club night", site="Kazan", round="3", players=("Анна", "Борис", "Вера"))
    path.write_text(s7.to_json(state, tags=tags), encoding="utf-8")
    assert main(["replay", str(path), "--no-step", "--plain", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Club night, Kazan, тур 3\n")
    assert "Игрок 1 (Борис)" in out
    # a record without tags replays as before
    path.write_text(s7.to_json(state), encoding="utf-8")
    assert main(["replay", str(path), "--no-step", "--plain"]) == 0
    assert capsys.readouterr().out.startswith("--- The deal ---\nSeat 0: ")


def test_the_replay_page_shows_the_tags(tmp_path: Path) -> None:
    state = durak.new_game(3, dealer=0, seed=7)
    while not durak.is_over(state):
        state = durak.apply(state, durak.legal_moves(state)[0])
    tags = Tags(event="Cup <final>", players=("Anna", "heuristic", "random"))
    record, page = tmp_path / "durak.json", tmp_path / "durak.html"
    record.write_text(durak.to_json(state, tags=tags), encoding="utf-8")
    assert main(["replay", str(record), "--html", str(page), "--plain"]) == 0
    html = page.read_text(encoding="utf-8")
    assert '<p class="tags">Cup &lt;final&gt;</p>' in html  # escaped
    assert "<li>Seat 0: Anna</li><li>Seat 1: heuristic</li>" in html
    with pytest.raises(s7.RecordError, match=r"tags must be a sevens_ru\.Tags"):
        s7.svg.replay_html(state, tags={"event": "x"})  # type: ignore[arg-type]
