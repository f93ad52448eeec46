"""Every view says who sits where: each seat's kind, a person or a bot by its name.

The page shows the bots' names on the seats and in the ranking from this field.
"""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from .conftest import auth, make_table


@pytest.mark.parametrize("game", ["sevens", "durak", "sevens-52", "fan-tan"])
def test_every_view_names_each_seats_kind(client: TestClient, game: str) -> None:
    seats = ["human", "heuristic", "human", "random"]
    table, tokens = make_table(client, game=game, seats=seats, seed=2)
    for seat, token in tokens.items():
        view = client.get(f"/api/tables/{table}", headers=auth(token)).json()
        assert view["seats"] == seats, seat
    with client.stream("GET", f"/api/tables/{table}/events", headers=auth(tokens["2"])) as stream:
        line = next(line for line in stream.iter_lines() if line.startswith("data: "))
    assert json.loads(line.removeprefix("data: "))["seats"] == seats  # the live stream's too
