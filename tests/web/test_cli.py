"""The command's parts for the web: ``replay --html`` and ``serve``."""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx2
import pytest

import sevens_ru as s7
from sevens_ru import durak
from sevens_ru.cli import main

from .conftest import get, post


@pytest.mark.parametrize("game", ["sevens", "durak"])
def test_replay_writes_a_game_as_one_html_page(tmp_path: Path, game: str) -> None:
    record, page = tmp_path / "game.json", tmp_path / "game.html"
    assert main(["demo", "--game", game, "--seed", "3", "--plain", "--save", str(record)]) == 0
    assert main(["replay", str(record), "--html", str(page), "--lang", "de", "--plain"]) == 0
    text = page.read_text(encoding="utf-8")
    if game == "sevens":
        moves = len(s7.from_json(record.read_text(encoding="utf-8")).table)
    else:
        moves = len(durak.from_json(record.read_text(encoding="utf-8")).moves)
    assert text.count("<svg") == moves + 1
    assert '<html lang="de">' in text and f"Zug {moves} von {moves}" in text


def test_replay_refuses_a_page_it_cannot_write_and_a_bad_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    assert main(["demo", "--seed", "1", "--plain", "--save", str(record)]) == 0
    capsys.readouterr()
    with pytest.raises(SystemExit) as stop:  # refused as it is parsed, as argparse does
        main(["replay", str(record), "--html", str(tmp_path / "no" / "x.html")])
    assert stop.value.code == 2
    assert "argument --html: cannot write" in capsys.readouterr().err
    record.write_text('{"format": 1, "game": "sevens", "moves": []}', encoding="utf-8")
    assert main(["replay", str(record), "--html", str(tmp_path / "x.html")]) == 2
    assert "error: the record lacks" in capsys.readouterr().err
    assert not (tmp_path / "x.html").exists()


def test_serve_says_what_it_needs_without_the_web_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *rest: None if name == "uvicorn" else real(name)
    )
    assert main(["serve"]) == 2
    assert 'serve needs the web extra (uvicorn missing): pip install "sevens-ru[web]"' in (
        capsys.readouterr().err
    )


def test_serve_refuses_a_bad_port(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["serve", "--port", "70000"])
    assert stop.value.code == 2
    assert "argument --port: must be at most 65535" in capsys.readouterr().err


def _start_serve(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``sevens-ru serve`` on a free port over ``db``; the process and its address, once it answers."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "sevens_ru.cli", "serve", "--port", str(port), "--db", str(db)]
    server = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            get(url + "/api/games", timeout=1)
            return server, url
        except httpx2.HTTPError:
            if server.poll() is not None:
                break
            time.sleep(0.05)
    server.kill()
    raise AssertionError("the server did not start: " + server.communicate()[0].decode()[-2000:])


@pytest.mark.parametrize("stop", ["terminate", "kill"])
def test_serve_serves_the_page_and_the_api_over_its_database(tmp_path: Path, stop: str) -> None:
    db = tmp_path / "tables.sqlite3"
    server, url = _start_serve(db)
    try:
        page = get(url + "/", timeout=10)
        assert page.status_code == 200 and "/static/app.js" in page.text
        made = post(url + "/api/tables", json={"game": "sevens", "seats": ["random", "human"]})
        assert made.status_code == 201  # the bot may have moved first, in a worker process
    finally:
        getattr(server, stop)()
        # The output ends once every process holding it has ended: the server's and
        # the bots' worker processes (and the forkserver they are made from), also when
        # the server is killed.
        output = server.communicate(timeout=30)[0].decode()
    assert f"Serving the card table on {url} (tables in {db})" in output
    assert db.exists()


def test_serve_passes_every_limit_to_the_server(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sevens_ru.web.serve
    from sevens_ru.cli._serve import _CONNECTIONS, _LIMITS
    from sevens_ru.web import ConnectionLimits, Limits

    given: dict[str, Any] = {}
    monkeypatch.setattr(sevens_ru.web.serve, "serve", lambda **options: given.update(options))
    arguments = ["serve", "--db", "postgresql://cards:secret@db/cards", "--workers", "3"]
    arguments += ["--trusted-proxy", "10.0.0.0/8", "--slow-down", "0"]
    for option, field, _, _ in _LIMITS + _CONNECTIONS:
        if field != "slow_down_seconds":
            arguments += [option, "7"]
    assert main(arguments) == 0
    limits, connections = given["limits"], given["connections"]
    assert isinstance(limits, Limits) and isinstance(connections, ConnectionLimits)
    for _, field, _, _ in _LIMITS:
        assert getattr(limits, field) == (0 if field == "slow_down_seconds" else 7), field
    for _, field, _, _ in _CONNECTIONS:
        assert getattr(connections, field) == 7, field
    assert limits.trusted_proxies == connections.trusted_proxies == ("10.0.0.0/8",)
    assert given["workers"] == 3 and given["db"] == "postgresql://cards:secret@db/cards"
    assert "postgresql://cards:***@db/cards" in capsys.readouterr().out  # no password shown
    with pytest.raises(SystemExit):
        main(["serve", "--requests-per-client", "0"])
    assert "expected a positive number, got '0'" in capsys.readouterr().err
