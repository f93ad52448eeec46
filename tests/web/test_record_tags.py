"""The server's record of a finished table is tagged: who sat where, their bots, the day and the result."""

from __future__ import annotations

import datetime

import pytest
from starlette.testclient import TestClient

from sevens_ru import BotTag, Tags, games

from .conftest import Clock, auth, make_table
from .test_api import play_out


@pytest.mark.parametrize("game", ["sevens", "durak", "fan-tan"])
def test_the_record_names_the_seats_the_bots_the_day_and_the_result(
    client: TestClient, clock: Clock, game: str
) -> None:
    clock.now = datetime.datetime(2025, 5, 1, 23, 30, tzinfo=datetime.timezone.utc).timestamp()
    table, tokens = make_table(client, game=game, seats=["human", "heuristic", "human"], seed=5)
    play_out(client, table, tokens)
    response = client.get(f"/api/tables/{table}/record", headers=auth(tokens["2"]))
    assert response.status_code == 200
    played = games.get(game)
    record = played.read_record(response.text)
    assert record.tags == Tags(
        date=datetime.date(2025, 5, 1),  # the day in UTC
        players=("human", "heuristic", "human"),
        bots=(None, BotTag.of(played.bots.make("heuristic")), None),
        result=Tags.result_of(played.ranking(record.state)),
    )
    assert played.from_json(response.text) == record.state
