"""The JSON API of the server: every status code of the contract, and what each answer holds."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import sevens_ru as s7
from sevens_ru import durak
from sevens_ru.web import IDLE_SECONDS, MAX_BODY_BYTES, MAX_MOVE_CHARS, create_app

from .conftest import Clock, auth, make_table, stored_moves


def play_out(client: TestClient, table: str, tokens: dict[str, str]) -> dict[str, Any]:
    """Play every human seat's first legal move until the end; the last view."""
    views = {
        seat: client.get(f"/api/tables/{table}", headers=auth(token)).json()
        for seat, token in tokens.items()
    }
    for _ in range(5000):
        view: dict[str, Any] = next(iter(views.values()))
        if view["over"]:
            return view
        seat = str(view["current_player"])
        moves = client.get(f"/api/tables/{table}", headers=auth(tokens[seat])).json()["legal_moves"]
        response = client.post(
            f"/api/tables/{table}/moves", json={"move": moves[0]}, headers=auth(tokens[seat])
        )
        assert response.status_code == 200, response.text
        views = {seat: response.json()}
    raise AssertionError("the game did not end")


def test_a_table_is_dealt_with_one_token_per_human_seat(client: TestClient) -> None:
    response = client.post(
        "/api/tables", json={"game": "sevens", "seats": ["human", "random", "human"], "seed": 7}
    )
    assert response.status_code == 201
    body = response.json()
    assert sorted(body["tokens"]) == ["0", "2"]
    assert len(set(body["tokens"].values())) == 2
    assert all(len(token) >= 32 for token in body["tokens"].values())


@pytest.mark.parametrize("game", ["sevens", "durak"])
def test_a_view_holds_the_fields_of_the_contract(client: TestClient, game: str) -> None:
    table, tokens = make_table(client, game=game, seats=["human", "heuristic", "random"], seed=3)
    view = client.get(f"/api/tables/{table}", headers=auth(tokens["0"])).json()
    for field in ("game", "seat", "hand", "legal_moves", "over", "version", "history", "ranking"):
        assert field in view
    assert view["game"] == game and view["seat"] == 0 and view["over"] is False
    assert view["ranking"] is None
    assert view["current_player"] == 0  # the bots have moved up to the human's turn
    state = s7.new_game(3, seed=3) if game == "sevens" else durak.new_game(3, seed=3)
    assert set(view["hand"]) <= {str(card) for card in state.hand(0)}
    assert view["legal_moves"]


def test_legal_moves_are_empty_unless_it_is_the_seats_turn(client: TestClient) -> None:
    table, tokens = make_table(client, game="sevens", seats=["human", "human"], seed=1)
    views = [client.get(f"/api/tables/{table}", headers=auth(tokens[seat])).json() for seat in "01"]
    turn = views[0]["current_player"]
    assert views[turn]["legal_moves"] == ["9♦"]  # R7
    assert views[1 - turn]["legal_moves"] == []


def test_a_move_is_answered_with_the_new_view_after_the_bots(client: TestClient) -> None:
    table, tokens = make_table(
        client, game="sevens", seats=["human", "heuristic", "heuristic"], seed=4
    )
    view = client.get(f"/api/tables/{table}", headers=auth(tokens["0"])).json()
    response = client.post(
        f"/api/tables/{table}/moves",
        json={"move": view["legal_moves"][0]},
        headers=auth(tokens["0"]),
    )
    assert response.status_code == 200
    after = response.json()
    assert after["version"] > view["version"]
    assert after["over"] or after["current_player"] == 0


def test_a_move_may_be_an_action_number(client: TestClient) -> None:
    table, tokens = make_table(client, game="sevens", seats=["human", "human"], seed=1)
    view = client.get(f"/api/tables/{table}", headers=auth(tokens["0"])).json()
    token = tokens[str(view["current_player"])]
    number = s7.Card.parse("9♦").index
    response = client.post(f"/api/tables/{table}/moves", json={"move": number}, headers=auth(token))
    assert response.status_code == 200
    assert response.json()["history"][0] == {
        "event": "play",
        "seat": view["current_player"],
        "card": "9♦",
    }


@pytest.mark.parametrize("game", ["sevens", "durak"])
def test_the_record_is_given_once_the_game_is_over(client: TestClient, game: str) -> None:
    table, tokens = make_table(client, game=game, seats=["human", "random"], seed=5)
    early = client.get(f"/api/tables/{table}/record", headers=auth(tokens["0"]))
    assert early.status_code == 409 and "over" in early.json()["error"]
    final = play_out(client, table, tokens)
    assert final["ranking"] is not None
    response = client.get(f"/api/tables/{table}/record", headers=auth(tokens["0"]))
    assert response.status_code == 200
    assert response.headers["content-disposition"] == f'attachment; filename="{game}-{table}.json"'
    state = (s7 if game == "sevens" else durak).from_json(response.text)
    assert state.current_player is None
    assert json.loads(response.text)["game"] == game


def test_a_durak_search_bot_fills_a_seat(client: TestClient) -> None:
    table, tokens = make_table(client, game="durak", seats=["human", "search", "heuristic"], seed=4)
    final = play_out(client, table, tokens)
    assert final["ranking"] is not None and len(final["ranking"]) == 3


def test_401_without_a_valid_token(client: TestClient) -> None:
    table, _ = make_table(client, game="sevens", seats=["human", "random"])
    for headers in ({}, {"Authorization": "Basic abc"}, {"Authorization": "Bearer "}, auth("nope")):
        for method, path in (
            ("GET", ""),
            ("GET", "/record"),
            ("GET", "/events"),
            ("POST", "/moves"),
        ):
            response = client.request(
                method, f"/api/tables/{table}{path}", headers=headers, json={"move": "9♦"}
            )
            assert response.status_code == 401, (headers, path)
            assert "token" in response.json()["error"]


def test_403_with_a_token_of_another_table_or_seat(client: TestClient) -> None:
    table, tokens = make_table(client, game="sevens", seats=["human", "human"])
    other, other_tokens = make_table(client, game="durak", seats=["human", "random"])
    for path in ("", "/record", "/events"):
        response = client.get(f"/api/tables/{table}{path}", headers=auth(other_tokens["0"]))
        assert response.status_code == 403 and "another table" in response.json()["error"]
    response = client.post(
        f"/api/tables/{table}/moves", json={"move": "9♦"}, headers=auth(other_tokens["0"])
    )
    assert response.status_code == 403
    response = client.get(f"/api/tables/{table}?seat=1", headers=auth(tokens["0"]))
    assert response.status_code == 403 and "seat 0, not seat 1" in response.json()["error"]
    assert client.get(f"/api/tables/{table}?seat=0", headers=auth(tokens["0"])).status_code == 200
    assert client.get(f"/api/tables/{other}", headers=auth(other_tokens["0"])).status_code == 200


def test_404_for_an_unknown_table(client: TestClient) -> None:
    _, tokens = make_table(client, game="sevens", seats=["human", "random"])
    for method, path in (("GET", ""), ("GET", "/record"), ("GET", "/events"), ("POST", "/moves")):
        response = client.request(
            method, f"/api/tables/nosuchtable{path}", headers=auth(tokens["0"]), json={"move": "9♦"}
        )
        assert response.status_code == 404
        assert "no table 'nosuchtable'" in response.json()["error"]
    assert client.get("/api/nothing").status_code == 404


def test_409_when_it_is_not_the_seats_turn(client: TestClient) -> None:
    table, tokens = make_table(client, game="sevens", seats=["human", "human"], seed=1)
    view = client.get(f"/api/tables/{table}", headers=auth(tokens["0"])).json()
    waiting = str(1 - view["current_player"])
    response = client.post(
        f"/api/tables/{table}/moves", json={"move": "9♦"}, headers=auth(tokens[waiting])
    )
    assert response.status_code == 409
    assert (
        response.json()["error"]
        == f"it is not seat {waiting}'s turn: seat {view['current_player']} is to move"
    )


def test_409_for_a_move_sent_on_an_old_view(client: TestClient) -> None:
    table, tokens = make_table(client, game="sevens", seats=["human", "human"], seed=1)
    view = client.get(f"/api/tables/{table}", headers=auth(tokens["0"])).json()
    token = tokens[str(view["current_player"])]
    response = client.post(
        f"/api/tables/{table}/moves", json={"move": "9♦", "version": 3}, headers=auth(token)
    )
    assert response.status_code == 409 and "out of date" in response.json()["error"]
    response = client.post(
        f"/api/tables/{table}/moves", json={"move": "9♦", "version": 0}, headers=auth(token)
    )
    assert response.status_code == 200


def test_409_for_a_move_after_the_end(client: TestClient) -> None:
    table, tokens = make_table(client, game="durak", seats=["human", "random"], seed=2)
    play_out(client, table, tokens)
    response = client.post(
        f"/api/tables/{table}/moves", json={"move": "take"}, headers=auth(tokens["0"])
    )
    assert response.status_code == 409 and "the game is over" in response.json()["error"]


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("A♠", "legal moves: 9♦"),
        ("1♦", "cannot read '1♦' as a card"),
        (["9♦"], "a move is text such as '9♦' or an action number"),
        (36, "an action number is 0 to 35"),
        (True, "a move is text"),
    ],
)
def test_422_for_a_move_that_is_illegal_or_not_a_move(
    client: TestClient, move: object, message: str
) -> None:
    table, tokens = make_table(client, game="sevens", seats=["human", "human"], seed=1)
    view = client.get(f"/api/tables/{table}", headers=auth(tokens["0"])).json()
    token = tokens[str(view["current_player"])]
    response = client.post(f"/api/tables/{table}/moves", json={"move": move}, headers=auth(token))
    assert response.status_code == 422
    assert message in response.json()["error"]
    assert client.get(f"/api/tables/{table}", headers=auth(token)).json()["version"] == 0


def test_422_for_a_durak_move_that_is_not_a_move(client: TestClient) -> None:
    table, tokens = make_table(client, game="durak", seats=["human", "random"], seed=2)
    for move, message in (
        ("beat 7♣ 8♣", "unknown verb 'beat'"),
        ("cover 7♣", "'cover' takes two cards"),
    ):
        response = client.post(
            f"/api/tables/{table}/moves", json={"move": move}, headers=auth(tokens["0"])
        )
        assert response.status_code == 422 and message in response.json()["error"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "chess", "seats": ["human", "random"]}, "'game' is one of 'sevens', 'durak'"),
        ({"seats": ["human", "random"]}, "lacks 'game'"),
        ({"game": "sevens", "seats": "human"}, "'seats' is a list"),
        ({"game": "sevens", "seats": ["human"]}, "sevens is for 2 to 6 seats, got 1"),
        ({"game": "durak", "seats": ["human"] * 5}, "durak is for 2 to 4 seats, got 5"),
        ({"game": "sevens", "seats": ["random", "random"]}, "at least one 'human' seat"),
        ({"game": "sevens", "seats": ["human", "minimax"]}, "seats[1]: expected 'human' or a bot"),
        ({"game": "sevens", "seats": ["human", "search:rollouts=9999999"]}, "seats[1]"),
        ({"game": "durak", "seats": ["human", "search:rollouts=5"]}, "seats[1]"),
        ({"game": "sevens", "seats": ["human", "random"], "seed": "7"}, "'seed' is an integer"),
        ({"game": "sevens", "seats": ["human", "random"], "seed": 2**70}, "more than 64 bits"),
        ({"game": "sevens", "seats": ["human", "random"], "options": []}, "'options' is an object"),
        (
            {"game": "sevens", "seats": ["human", "random"], "options": {"short_deck": True}},
            "unknown option 'short_deck'",
        ),
        (
            {"game": "sevens", "seats": ["human", "random"], "options": {"rank_by_passes": 1}},
            "must be True or False",
        ),
        (
            {"game": "durak", "seats": ["human", "random"], "options": {"take_limit": 10**6}},
            "take_limit is at most 100",
        ),
        ({"game": "durak", "seats": ["human"] * 4, "options": {"short_deck": True}}, "short"),
        ({"game": "sevens", "seats": ["human", "random"], "players": 2}, "unknown field 'players'"),
    ],
)
def test_422_for_a_table_that_cannot_be_dealt(
    client: TestClient, body: dict[str, object], message: str
) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422, response.text
    assert message in response.json()["error"]


def test_422_for_a_body_that_is_not_a_json_object(client: TestClient) -> None:
    for content in (b"not json", b"[1, 2]", b"\xff\xfe"):
        response = client.post("/api/tables", content=content)
        assert response.status_code == 422
        assert "JSON" in response.json()["error"]


def test_422_for_an_unknown_language(client: TestClient) -> None:
    table, tokens = make_table(client, game="sevens", seats=["human", "random"])
    response = client.get(f"/api/tables/{table}?svg=1&lang=xx", headers=auth(tokens["0"]))
    assert (
        response.status_code == 422
        and "'lang' is one of en, ru, fr, de" in response.json()["error"]
    )


def test_413_for_a_body_over_the_limit(client: TestClient) -> None:
    big = {"game": "sevens", "seats": ["human", "random"], "options": {"x": "y" * MAX_BODY_BYTES}}
    response = client.post("/api/tables", json=big)
    assert response.status_code == 413
    assert response.json()["error"] == f"the body is over {MAX_BODY_BYTES} bytes"

    def chunks() -> Iterator[bytes]:  # no Content-Length: the limit holds while reading
        yield b'{"game": "sevens", "seats": ["human", "random"], "x": "'
        for _ in range(MAX_BODY_BYTES // 100 + 1):
            yield b"y" * 100
        yield b'"}'

    response = client.post("/api/tables", content=chunks())
    assert response.status_code == 413
    table, tokens = make_table(client, game="sevens", seats=["human", "random"])
    response = client.post(
        f"/api/tables/{table}/moves", content=b"x" * (MAX_BODY_BYTES + 1), headers=auth(tokens["0"])
    )
    assert response.status_code == 413


def test_413_for_a_move_text_over_the_limit(client: TestClient) -> None:
    table, tokens = make_table(client, game="durak", seats=["human", "random"])
    move = "lead " + " ".join(["7♣"] * 30)
    assert len(move) > MAX_MOVE_CHARS
    response = client.post(
        f"/api/tables/{table}/moves", json={"move": move}, headers=auth(tokens["0"])
    )
    assert response.status_code == 413
    assert response.json()["error"] == f"a move is at most {MAX_MOVE_CHARS} characters"


def test_503_when_the_server_holds_its_most_tables(db: Path) -> None:
    with TestClient(create_app(db=db, max_tables=2)) as client:
        make_table(client, game="sevens", seats=["human", "random"])
        make_table(client, game="sevens", seats=["human", "random"])
        response = client.post("/api/tables", json={"game": "sevens", "seats": ["human", "random"]})
        assert response.status_code == 503 and "2 tables" in response.json()["error"]


def test_idle_tables_expire(client: TestClient, clock: Clock) -> None:
    table, tokens = make_table(client, game="sevens", seats=["human", "human"], seed=1)
    clock.now += IDLE_SECONDS - 1
    assert client.get(f"/api/tables/{table}", headers=auth(tokens["0"])).status_code == 200
    clock.now += 61  # the idle tables are looked for once a minute
    response = client.get(f"/api/tables/{table}", headers=auth(tokens["0"]))
    assert response.status_code == 404 and "expired" in response.json()["error"]


def test_a_move_keeps_a_table_alive(client: TestClient, clock: Clock) -> None:
    table, tokens = make_table(client, game="sevens", seats=["human", "human"], seed=1)
    view = client.get(f"/api/tables/{table}", headers=auth(tokens["0"])).json()
    clock.now += IDLE_SECONDS - 1
    token = tokens[str(view["current_player"])]
    assert (
        client.post(
            f"/api/tables/{table}/moves", json={"move": "9♦"}, headers=auth(token)
        ).status_code
        == 200
    )
    clock.now += IDLE_SECONDS - 1
    assert client.get(f"/api/tables/{table}", headers=auth(token)).status_code == 200


def test_every_move_is_committed_before_it_is_answered(client: TestClient, db: Path) -> None:
    table, tokens = make_table(
        client, game="durak", seats=["human", "heuristic", "heuristic"], seed=8
    )
    for _ in range(5):
        view = client.get(f"/api/tables/{table}", headers=auth(tokens["0"])).json()
        if view["over"]:
            break
        response = client.post(
            f"/api/tables/{table}/moves",
            json={"move": view["legal_moves"][-1]},
            headers=auth(tokens["0"]),
        )
        stored = stored_moves(db, table)  # another connection sees what was answered
        assert stored == response.json()["version"]


def test_tokens_are_stored_only_as_hashes(client: TestClient, db: Any) -> None:
    _, tokens = make_table(client, game="sevens", seats=["human", "human"])
    if isinstance(db, Path):
        wal = db.with_name(db.name + "-wal")
        content = db.read_bytes() + (wal.read_bytes() if wal.exists() else b"")
    else:  # every row of every table, as text
        import psycopg

        with psycopg.connect(db) as other:
            content = "".join(
                str(row)
                for name in ("tables", "seats", "moves")
                for row in other.execute(f"SELECT * FROM {name}")
            ).encode()
        assert content
    for token in tokens.values():
        assert token.encode() not in content


def test_the_page_and_its_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for name in ("app.js", "texts.js", "style.css"):
        assert f"/static/{name}" in page.text
        assert client.get(f"/static/{name}").status_code == 200
    assert "http" not in page.text.replace("http-equiv", "")  # nothing from another site
    games = client.get("/api/games").json()
    assert games["sevens"]["bots"] == ["random", "heuristic", "search"]
    assert games["durak"]["max_players"] == 4
    assert games["durak"]["bots"] == ["random", "heuristic", "search"]
