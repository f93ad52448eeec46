"""Series at the server's tables (M1–M10 through the web API), on both stores.

A person plays a series of every game against bots; every view carries the series
(deal, dealer, stacks or totals, bank, each deal's payments) and no hidden card or
seed; the record is the series record, loaded back equal; bad series options are
answered 422 with a short message; a restarted server continues a series; the
server's limits hold for series tables as for the others.
"""

from __future__ import annotations

import json
import re
import threading
from typing import Any

import pytest
from starlette.testclient import TestClient

from sevens_ru import games, series
from sevens_ru.series.game import rules_of
from sevens_ru.web import Limits, create_app
from sevens_ru.web.games import GAMES
from sevens_ru.web.series import FIELDS, description
from sevens_ru.web.serve import in_thread

from .conftest import LOOSE, auth, http, make_table, play_seat
from .test_live import read_stream

SERIES_GAMES = [name for name in GAMES if description(name) is not None]
SERIES_KEYS = [
    "bank", "deal", "dealer", "deals", "game", "options", "over", "players", "ranking",
    "scoring", "seat", "totals",
]  # fmt: skip


def test_the_games_describe_their_series(client: TestClient) -> None:
    described = client.get("/api/games").json()
    assert list(GAMES) == SERIES_GAMES  # every game of the server plays in series (M3)
    for name, info in described.items():
        rules = rules_of(games.get(name))
        assert info["series"]["scoring"] == rules.scoring
        assert info["series"]["kinds"] == list(rules.kinds)
        fields = {field["name"]: field for field in info["series"]["fields"]}
        assert fields["scoring"]["choices"] == list(rules.kinds)
        assert ("ante" in fields) == ("bank" in rules.kinds)  # M4: only the bank antes
        assert ("stake" in fields) == rules.stakes  # D15
        assert set(fields) <= set(FIELDS)


@pytest.mark.parametrize("name", SERIES_GAMES)
def test_a_person_plays_a_series_of_each_game_against_bots(client: TestClient, name: str) -> None:
    seats = ["human", "heuristic", "random"]
    table, tokens = make_table(client, game=name, seats=seats, seed=11, series={"deals": 2})
    views = play_seat(client, table, tokens["0"], moves=2000)
    last = views[-1]
    record = client.get(f"/api/tables/{table}/record", headers=auth(tokens["0"]))
    assert record.status_code == 200
    assert "series" in record.headers["content-disposition"]
    loaded = series.from_json(record.text)
    assert series.is_over(loaded) and len(loaded.results) == 2  # M6 a: two deals
    game = games.get(name)
    again = series.new_series(name, 3, seed=11, series_options=series.SeriesOptions(deals=2))
    assert loaded.current.dealer != loaded.played[0].dealer or name == "durak"  # M2 (D16)
    dealt = [{k: v for k, v in json.loads(text)["deals"][0].items() if k != "moves"}
             for text in (record.text, series.to_json(again))]  # fmt: skip
    assert loaded.first_dealer == again.first_dealer and dealt[0] == dealt[1]  # M1, M2
    part = last["series"]
    assert sorted(part) == SERIES_KEYS and last["over"] and part["over"]
    assert part["totals"] == list(loaded.totals)
    assert part["ranking"] == [
        {"seat": s.seat, "place": s.place, "total": s.total} for s in series.ranking(loaded)
    ]
    assert [deal["dealer"] for deal in part["deals"]] == [r.dealer for r in loaded.results]
    assert last["version"] == sum(len(json.loads(game.to_json(d))["moves"]) for d in loaded.played)
    numbers = [view["series"]["deal"] for view in views]
    assert numbers == sorted(numbers) and numbers[0] == 0 and numbers[-1] == 1
    versions = [view["version"] for view in views]
    assert versions == sorted(versions) and len(set(versions)) == len(versions)
    for view in views:
        if view["series"]["deal"] == 1 and not view["over"]:  # the first deal's end, shown after it
            finished = view["series"]["deals"][0]
            assert view["last_deal"]["ranking"][0]["place"] == 1
            assert finished["totals"] == list(loaded.results[0].totals)
            assert finished["change"] == list(loaded.results[0].change)


def test_a_bank_series_shows_the_bank_and_the_stacks(client: TestClient) -> None:
    # M4, M9, M10: the antes are paid at once, the fines as they fall, the winner takes the bank.
    table, tokens = make_table(
        client, game="sevens", seats=["human", "heuristic", "heuristic"], seed=0, series={}
    )
    views = play_seat(client, table, tokens["0"], moves=2000)
    first, passes = views[0]["series"], views[0]["passes"]  # the bots have moved first
    assert (first["scoring"], first["dealer"]) == ("bank", 2)
    assert first["totals"] == [90 - 10 * count for count in passes]  # the ante, a fine a pass
    assert first["bank"] == 30 + 10 * sum(passes)
    for view in views:
        part = view["series"]
        assert sum(part["totals"]) + part["bank"] == 300  # M10
        for deal in part["deals"]:
            winner = deal["places"].index(1)
            assert deal["change"][winner] > 0  # the winner took the bank
    end = views[-1]["series"]
    assert end["bank"] == 0 and min(end["totals"]) < 10  # M6 c: a stack below the ante
    assert end["ranking"][0]["total"] == max(end["totals"])


def test_no_view_holds_another_hand_or_the_seed(client: TestClient) -> None:
    # M8: three people at one table; each view against the series replayed here.
    table, tokens = make_table(
        client, game="sevens", seats=["human"] * 3, seed=4, series={"deals": 2}
    )
    mirror = series.new_series("sevens", 3, seed=4, series_options=series.SeriesOptions(deals=2))
    turns = 0
    while not series.is_over(mirror):
        for seat in range(3):
            view = client.get(f"/api/tables/{table}", headers=auth(tokens[str(seat)])).json()
            assert "seed" not in json.dumps(view)
            assert view["hand"] == [str(card) for card in mirror.current.hand(seat)]
            assert sorted(view["series"]) == SERIES_KEYS
            deal_part = {k: v for k, v in view.items() if k not in ("series", "last_deal")}
            text = json.dumps(deal_part, ensure_ascii=False)
            for other in range(3):
                if other != seat:
                    for card in mirror.current.hand(other):
                        assert f'"{card}"' not in text
            assert view["series"]["totals"] == list(mirror.totals)
            assert view["series"]["bank"] == mirror.bank
        mover = mirror.current_player
        assert mover is not None
        move = str(series.legal_moves(mirror)[0])
        answer = client.post(
            f"/api/tables/{table}/moves", json={"move": move}, headers=auth(tokens[str(mover)])
        )
        assert answer.status_code == 200, answer.text
        mirror = series.apply(mirror, move)
        turns += 1
    assert turns > 20


BAD = [
    ([], "'series' is an object"),
    ({"deals": 0}, "deals must be an int from 1 to 1,000"),
    ({"deals": True}, "deals must be an int"),
    ({"deals": 2.5}, "deals must be an int"),
    ({"scoring": "poker"}, "scoring must be one of"),
    ({"rounds": 3}, "unknown series option 'rounds'"),
    ({"ante": -1}, "ante must be an int from 0"),
    ({"target": 10**30}, "target must be an int from 1 to 1,000,000,000"),
    ({"stake": 2}, "stake is for the chips of a game played for stakes"),
    ({"start": 5}, "at least the ante"),
    ({"scoring": "score"}, "offers the scoring kinds 'bank', 'penalty', 'places' (M3)"),
]


@pytest.mark.parametrize(("options", "message"), BAD)
def test_bad_series_options_are_refused_with_a_short_message(
    client: TestClient, options: Any, message: str
) -> None:
    answer = client.post(
        "/api/tables",
        json={"game": "sevens", "seats": ["human", "random", "random"], "series": options},
    )
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert message in error and len(error) < 200, error


def test_a_restarted_server_continues_a_series(db: Any, clock: Any) -> None:
    with TestClient(create_app(db=db, clock=clock, limits=LOOSE)) as first:
        table, tokens = make_table(
            first, game="fan-tan", seats=["human", "random", "random"], seed=3, series={"deals": 3}
        )
        view = first.get(f"/api/tables/{table}", headers=auth(tokens["0"])).json()
        while view["series"]["deal"] == 0:  # into the second deal (M1, M2)
            move = {"move": view["legal_moves"][0], "version": view["version"]}
            view = first.post(
                f"/api/tables/{table}/moves", json=move, headers=auth(tokens["0"])
            ).json()
    with TestClient(create_app(db=db, clock=clock, limits=LOOSE)) as second:
        again = second.get(f"/api/tables/{table}", headers=auth(tokens["0"])).json()
        assert again == view
        assert again["series"]["deals"][0]["dealer"] == 2 and again["series"]["dealer"] == 0
        views = play_seat(second, table, tokens["0"], moves=2000)
        assert views[-1]["over"] and len(views[-1]["series"]["deals"]) == 3


def test_the_limits_hold_for_series_tables(db: Any, clock: Any) -> None:
    limits = Limits(tables_per_client=1, creates_per_minute=1e6, create_burst=100)
    with TestClient(create_app(db=db, clock=clock, limits=limits)) as client:
        body = {"game": "sevens", "seats": ["human", "random"], "series": {"deals": 2}}
        made = client.post("/api/tables", json=body)
        assert made.status_code == 201
        assert client.post("/api/tables", json=body).status_code == 429  # one table a client
        huge = {**body, "series": {"deals": 2, "x" * 5000: 1}}
        assert client.post("/api/tables", json=huge).status_code == 413  # MAX_BODY_BYTES
        table, token = made.json()["id"], made.json()["tokens"]["0"]
        early = client.get(f"/api/tables/{table}/record", headers=auth(token))
        assert early.status_code == 409 and "series is over" in early.json()["error"]
        picture = client.get(f"/api/tables/{table}?svg=1&lang=ru", headers=auth(token)).json()
        assert picture["svg"].startswith("<svg") and "Банк" in picture["svg"]


def test_a_seat_hears_each_deal_of_a_series_on_its_live_stream(db: Any) -> None:
    with (
        in_thread(create_app(db=db, limits=LOOSE)) as url,
        http(base_url=url, timeout=30) as client,
    ):
        made = client.post(
            "/api/tables",
            json={"game": "durak", "seats": ["human", "human", "random"], "seed": 3,
                  "series": {"deals": 2, "stake": 3}},
        )  # fmt: skip
        assert made.status_code == 201, made.text
        table, tokens = made.json()["id"], made.json()["tokens"]
        heard: list[dict[str, Any]] = []
        reader = threading.Thread(
            target=read_stream, args=(f"{url}/api/tables/{table}/events", tokens["0"], heard)
        )
        reader.start()
        for _ in range(3000):
            view = client.get(f"/api/tables/{table}", headers=auth(tokens["0"])).json()
            if view["over"]:
                break
            seat = str(view["current_player"])
            mine = client.get(f"/api/tables/{table}", headers=auth(tokens[seat])).json()
            answer = client.post(
                f"/api/tables/{table}/moves",
                json={"move": mine["legal_moves"][0], "version": mine["version"]},
                headers=auth(tokens[seat]),
            )
            assert answer.status_code == 200, answer.text
        reader.join(timeout=60)
        assert not reader.is_alive(), "the stream did not end with the series"
    versions = [view["version"] for view in heard]
    assert versions == sorted(set(versions))
    assert {view["series"]["deal"] for view in heard} == {0, 1}
    end = heard[-1]
    assert end["over"] and end["series"]["over"] and end["last_deal"] is None
    assert sum(end["series"]["totals"]) == 0  # Durak's stakes change hands (D15)
    changes = {abs(change) for deal in end["series"]["deals"] for change in deal["change"]}
    assert changes <= {0, 3, 6}  # the stake chosen, from each winner or to each (D15)


@pytest.mark.parametrize(
    ("stored", "message"),
    [
        ("not json" + "x" * 5000, "a stored series is not JSON"),
        ("[1, 2]", "a stored series is a JSON object, got list [1, 2]"),
        ('"text"', "a stored series is a JSON object, got"),
        ('{"moves": 3}', "a stored series' 'moves' is a list, got"),
    ],
)
def test_a_corrupt_stored_series_is_a_record_error(stored: str, message: str) -> None:
    from sevens_ru.errors import RecordError
    from sevens_ru.web.series import SeriesGame

    with pytest.raises(RecordError, match=re.escape(message)) as refused:
        SeriesGame.of(GAMES["sevens"]).from_json(stored)
    assert len(str(refused.value)) < 300


def test_a_game_the_server_does_not_offer_is_the_library_s_error() -> None:
    import attrs

    from sevens_ru.errors import UnknownGameError
    from sevens_ru.web.series import SeriesGame, table_game

    unknown = attrs.evolve(GAMES["sevens"], name="chess")
    with pytest.raises(
        UnknownGameError, match="the server offers no game 'chess': expected sevens"
    ):
        SeriesGame.of(unknown)
    for key in ("series:chess", "chess"):
        with pytest.raises(UnknownGameError, match="no game 'chess'"):
            table_game(key)
