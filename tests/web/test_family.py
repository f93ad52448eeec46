"""The layout family's five presets at the server's tables (F1–F18 through the web API).

A person plays each preset to its end against bots through the API; the views hold
the rows, the passes, each preset's public extras and the outcome once over; the pass
move, action numbers and refused moves are answered as for the other games.
"""

from __future__ import annotations

import json
import re

import pytest
from starlette.testclient import TestClient

from sevens_ru import games

from .conftest import auth, make_table, play_seat

PRESETS = ("sevens-52", "fan-tan", "shichinarabe", "domino", "cinquillo")


@pytest.mark.parametrize("name", PRESETS)
def test_a_person_plays_each_preset_to_the_end_against_bots(client: TestClient, name: str) -> None:
    seats = ["human", "heuristic", "random", "heuristic"]
    table, tokens = make_table(client, game=name, seats=seats, seed=7)
    views = play_seat(client, table, tokens["0"])
    last = views[-1]
    game = games.get(name)
    record = client.get(f"/api/tables/{table}/record", headers=auth(tokens["0"])).text
    state = game.from_json(record)
    assert game.is_over(state) and last["over"] and last["current_player"] is None
    assert last["version"] == len(json.loads(record)["moves"])  # F18: the moves, not the events
    assert [row["seat"] for row in last["ranking"]] == [s.seat for s in game.ranking(state)]
    assert last["seats"] == seats
    layout = last["layout"]
    assert layout["suits"] == ["♣", "♦", "♥", "♠"]
    assert len(layout["ranks"]) == {"cinquillo": 10}.get(name, 13)  # F4: 13-card rows, 10 of 40
    for view in views:  # every view: only its own hand, the public facts (F17)
        assert len(view["hand"]) == view["hand_sizes"][0]
        assert set(view["hand"]).isdisjoint(view["table"])
        assert view["status"][0] in ("in play", "out", "burst")
    outcome = {"fan-tan": "payoffs", "cinquillo": "scores"}.get(name)
    if outcome:  # T7, C5: public once over, never before
        assert all(view[outcome] is None for view in views[:-1])
        assert last[outcome] == list(getattr(game, outcome)(state))


@pytest.mark.parametrize(
    ("options", "first", "last"), [({}, "A", "K"), ({"ace": "high"}, "2", "A")]
)
def test_a_hand_is_listed_in_the_presets_order(
    client: TestClient, options: dict[str, str], first: str, last: str
) -> None:
    """F5: by suit, then by the row's rank order, the ace low or high."""
    table, tokens = make_table(
        client, game="sevens-52", seats=["human", "random"], seed=3, options=options
    )
    hand = client.get(f"/api/tables/{table}", headers=auth(tokens["0"])).json()["hand"]
    order = [first, *map(str, range(2, 11)), "J", "Q", "K", "A"]
    order = order[:-1] if first == "A" else order[1:]
    key = ["♣♦♥♠".index(card[-1]) * 20 + order.index(card[:-1]) for card in hand]
    assert key == sorted(key) and len(hand) == 26
    assert any(card[:-1] in (first, last) for card in hand)


def test_fan_tan_views_show_the_pool_and_each_seats_chips(client: TestClient) -> None:
    table, tokens = make_table(client, game="fan-tan", seats=["human", "random", "random"], seed=2)
    view = client.get(f"/api/tables/{table}", headers=auth(tokens["0"])).json()
    # T2, T9: each seat antes 1, and 1 more when dealt fewer cards than the longest hands
    antes = [1 if size == max(view["hand_sizes"]) else 2 for size in view["hand_sizes"]]
    passes = [count * 1 for count in view["passes"]]
    assert view["paid"] == [a + p for a, p in zip(antes, passes, strict=True)]
    assert view["pool"] == sum(view["paid"])  # T11 (iii)


def test_shichinarabe_shows_the_laid_sevens_and_offers_the_pass_move(client: TestClient) -> None:
    table, tokens = make_table(
        client, game="shichinarabe", seats=["human", "random", "random", "random"], seed=5
    )
    view = client.get(f"/api/tables/{table}", headers=auth(tokens["0"])).json()
    laid = [card for cards in view["laid"] for card in cards]
    assert sorted(laid) == sorted(["7♣", "7♦", "7♥", "7♠"])  # N2
    assert set(laid) <= set(view["table"]) and not any(card[0] == "7" for card in view["hand"])
    assert view["pass_policy"] == "limited" and view["passes_left"] == [3, 3, 3, 3]
    assert view["legal_moves"][-1] == "pass"  # F14: the pass is a move, listed last
    views = play_seat(client, table, tokens["0"], prefer="pass")  # N5: pass until it bursts
    bursts = [e for e in views[-1]["history"] if e["event"] == "burst" and e["seat"] == 0]
    assert len(bursts) == 1
    assert views[-1]["status"][0] == "burst" and views[-1]["passes_left"][0] == 0
    burst = next(view for view in views if view["status"][0] == "burst")
    assert set(bursts[0]["cards"]) <= set(burst["table"])  # N6: its cards go onto the table
    assert burst["hand"] == []


def test_islands_lie_outside_their_rows(client: TestClient) -> None:
    """N6: after a burst, a card beyond a gap is on the table but not in its row."""
    for seed in range(40):
        table, tokens = make_table(
            client,
            game="shichinarabe",
            seats=["human", "random", "random", "random"],
            seed=seed,
            options={"passes": 0},
        )
        for view in play_seat(client, table, tokens["0"]):
            layout = view["layout"]
            ranks = layout["ranks"]
            for suit, row in zip(layout["suits"], layout["rows"], strict=True):
                low, high = (ranks.index(row[0]), ranks.index(row[1])) if row else (-1, -1)
                for card in view["table"]:
                    place = ranks.index(card[:-1])
                    if card[-1] == suit and not low <= place <= high:
                        assert any(event["event"] == "burst" for event in view["history"])
                        return  # an island, drawn apart from its row
    raise AssertionError("no island in 40 games")


def test_domino_shows_the_start_rank_once_the_first_card_is_down(client: TestClient) -> None:
    table, tokens = make_table(client, game="domino", seats=["random", "human"], seed=3)
    view = client.get(f"/api/tables/{table}", headers=auth(tokens["1"])).json()
    first = view["history"][0]
    assert first["event"] == "play" and first["seat"] == 0  # DO2: the dealer's left opens
    assert view["start_rank"] == first["card"][:-1] == view["layout"]["centre"]


def test_a_pass_is_refused_where_passes_are_automatic(client: TestClient) -> None:
    table, tokens = make_table(client, game="sevens-52", seats=["human", "random"], seed=4)
    seat = auth(tokens["0"])
    view = client.get(f"/api/tables/{table}", headers=seat).json()
    assert "pass" not in view["legal_moves"] and view["pass_policy"] == "forced"
    refused = client.post(f"/api/tables/{table}/moves", json={"move": "pass"}, headers=seat)
    assert refused.status_code == 422 and "passes are made by the engine" in refused.json()["error"]


def test_a_move_may_be_an_action_number_of_the_presets_pack(client: TestClient) -> None:
    table, tokens = make_table(client, game="cinquillo", seats=["human", "random"], seed=8)
    seat = auth(tokens["0"])
    view = client.get(f"/api/tables/{table}", headers=seat).json()
    game = games.get("cinquillo")
    move = view["legal_moves"][0]
    number = game.action_of(game.parse_move(move))
    answer = client.post(f"/api/tables/{table}/moves", json={"move": number}, headers=seat)
    assert answer.status_code == 200 and move in [e.get("card") for e in answer.json()["history"]]
    for bad in (len(game.pack) + 1, -1, 10**40):
        refused = client.post(f"/api/tables/{table}/moves", json={"move": bad}, headers=seat)
        assert refused.status_code in (409, 422), refused.text
        assert len(refused.text) < 600


@pytest.mark.parametrize("name", ["sevens-52", "domino"])
def test_a_refusal_names_no_card_of_another_hand(client: TestClient, name: str) -> None:
    """The engine's reason for an unplayable card may name a row's centre card; the server's does not."""
    table, tokens = make_table(client, game=name, seats=["human", "random", "random"], seed=2)
    seat = auth(tokens["0"])
    view = client.get(f"/api/tables/{table}", headers=seat).json()
    refused = 0
    while not view["over"]:
        for card in view["hand"]:
            if card not in view["legal_moves"]:
                answer = client.post(
                    f"/api/tables/{table}/moves", json={"move": card}, headers=seat
                )
                assert answer.status_code == 422
                error = answer.json()["error"]
                named = set(re.findall("(?:10|[2-9JQKA])[♣♦♥♠]", error))
                assert named <= {card, *view["legal_moves"], *view["table"]}, error
                refused += 1
        view = client.post(
            f"/api/tables/{table}/moves", json={"move": view["legal_moves"][-1]}, headers=seat
        ).json()
    assert refused > 20


@pytest.mark.parametrize("name", PRESETS)
def test_the_lobby_offers_each_preset_with_its_options(client: TestClient, name: str) -> None:
    described = client.get("/api/games").json()[name]
    game = games.get(name)
    assert described["titles"] == dict(game.titles)
    assert (described["min_players"], described["max_players"]) == (
        game.min_players,
        game.max_players,
    )
    fields = {field["name"]: field for field in described["option_fields"]}
    assert list(fields) == described["options"]
    defaults = game.options_type()
    for field in fields.values():
        assert getattr(defaults, field["name"]) == field["default"]
        if field["kind"] == "choice":
            assert field["default"] in field["choices"]
    _, tokens = make_table(  # every choice is a value the game takes
        client,
        game=name,
        seats=["human", "random"],
        options={
            field: spec["choices"][-1] for field, spec in fields.items() if spec["kind"] == "choice"
        },
    )
    assert tokens


def test_a_picture_is_asked_only_of_a_game_that_draws(client: TestClient) -> None:
    table, tokens = make_table(client, game="fan-tan", seats=["human", "random"], seed=1)
    answer = client.get(f"/api/tables/{table}?svg=1", headers=auth(tokens["0"]))
    if games.get("fan-tan").draw is None:
        assert answer.status_code == 422 and "no picture" in answer.json()["error"]
    else:
        assert answer.status_code == 200 and answer.json()["svg"].startswith("<svg")
