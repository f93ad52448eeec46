"""A restarted server continues every table where it was, from the SQLite file alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from sevens_ru.web import create_app

from .conftest import LOOSE, auth, make_table


def first_moves(client: TestClient, table: str, token: str, count: int) -> None:
    for _ in range(count):
        view = client.get(f"/api/tables/{table}", headers=auth(token)).json()
        if view["over"]:
            return
        response = client.post(
            f"/api/tables/{table}/moves", json={"move": view["legal_moves"][0]}, headers=auth(token)
        )
        assert response.status_code == 200


@pytest.mark.parametrize("game", ["sevens", "durak"])
def test_a_restarted_server_continues_every_table(db: Any, game: str) -> None:
    with TestClient(create_app(db=db, limits=LOOSE)) as client:
        tables = [
            make_table(client, game=game, seats=["human", "heuristic", "random"], seed=seed)
            for seed in range(3)
        ]
        for number, (table, tokens) in enumerate(tables):
            first_moves(client, table, tokens["0"], number * 2)
        before = [client.get(f"/api/tables/{t}", headers=auth(k["0"])).json() for t, k in tables]
    with TestClient(create_app(db=db, limits=LOOSE)) as client:  # a new process would do the same
        after = [client.get(f"/api/tables/{t}", headers=auth(k["0"])).json() for t, k in tables]
        assert after == before
        for table, tokens in tables:  # and the games go on to the end
            first_moves(client, table, tokens["0"], 10_000)
            final = client.get(f"/api/tables/{table}", headers=auth(tokens["0"])).json()
            assert final["over"]
            assert (
                client.get(f"/api/tables/{table}/record", headers=auth(tokens["0"])).status_code
                == 200
            )


def test_a_restart_keeps_every_seats_token(db: Path) -> None:
    with TestClient(create_app(db=db, limits=LOOSE)) as client:
        table, tokens = make_table(client, game="sevens", seats=["human", "human", "human"], seed=9)
        other, other_tokens = make_table(client, game="durak", seats=["human", "human"], seed=9)
    with TestClient(create_app(db=db, limits=LOOSE)) as client:
        for seat, token in tokens.items():
            assert client.get(f"/api/tables/{table}", headers=auth(token)).json()["seat"] == int(
                seat
            )
        assert (
            client.get(f"/api/tables/{table}", headers=auth(other_tokens["0"])).status_code == 403
        )
        assert client.get(f"/api/tables/{other}", headers=auth("made-up")).status_code == 401


def test_a_database_of_another_layout_is_refused(db: Any) -> None:
    if isinstance(db, Path):
        import sqlite3

        with sqlite3.connect(db) as connection:
            connection.execute("PRAGMA user_version = 99")
        with pytest.raises(sqlite3.DatabaseError, match="layout 99"):
            create_app(db=db)
        return
    import psycopg

    create_app(db=db)  # makes the tables
    with psycopg.connect(db) as connection:
        connection.execute("UPDATE sevens_ru_schema SET version = 99")
    with pytest.raises(psycopg.DatabaseError, match="layout 99"):
        create_app(db=db)


def test_the_same_seed_and_moves_give_the_same_game_before_and_after_a_restart(db: Path) -> None:
    seats = ["human", "heuristic", "random", "search"]
    with TestClient(create_app(db=db, limits=LOOSE)) as client:
        one, one_tokens = make_table(client, game="sevens", seats=seats, seed=12)
        first_moves(client, one, one_tokens["0"], 3)
    with TestClient(create_app(db=db, limits=LOOSE)) as client:
        first_moves(client, one, one_tokens["0"], 10_000)
        two, two_tokens = make_table(client, game="sevens", seats=seats, seed=12)
        first_moves(client, two, two_tokens["0"], 10_000)
        records = [
            client.get(f"/api/tables/{table}/record", headers=auth(tokens["0"])).text
            for table, tokens in ((one, one_tokens), (two, two_tokens))
        ]
    assert records[0] == records[1]  # the bots drew the same numbers
