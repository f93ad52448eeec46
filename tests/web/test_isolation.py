"""Token isolation: over whole games, no answer to a seat names a card it could not see.

Every answer a seat receives is kept (views with their pictures, the answers to its
moves, refused moves and moves out of turn, and its live stream), then, once the game
is over, checked against the game replayed from its record: no card held by another
seat at that moment appears in it, unless everyone had seen that card on the table
(R20, D17).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from starlette.testclient import TestClient

import sevens_ru as s7
from sevens_ru import durak, games

from .conftest import auth, make_table

_LABELS = {card.label(lang): card for card in s7.Pack.FRENCH_52.cards for lang in ("en", "ru")}
_CARD_TEXT = re.compile("(?:10|[2-9JQKAВДКТ])[♣♦♥♠]")
_OPTION = re.compile('"(?:opener|first)": ?"[^"]*"')
_FAMILY = ("sevens-52", "fan-tan", "shichinarabe", "domino", "cinquillo")


def cards_named(text: str) -> set[s7.Card]:
    text = _OPTION.sub("", text)  # an option may name a card that opens (S3, N3), not its holder
    return {_LABELS[found] for found in _CARD_TEXT.findall(text)}


def replay(game: str, record: str) -> list[Any]:
    """Every state of the game, indexed by the version (moves made)."""
    if game in _FAMILY:  # F18: the record's moves are the versions' moves
        rules = games.get(game)
        final_family = rules.from_json(record)
        setup = {"dealer": final_family.dealer, "options": final_family.options}
        position = rules.new_game(final_family.players, hands=final_family.deal, **setup)
        positions = [position]
        for move in json.loads(record)["moves"]:
            position = rules.apply(position, move)
            positions.append(position)
        return positions
    if game == "sevens":
        final = s7.from_json(record)
        state = s7.new_game(final.players, hands=final.deal, options=final.options)
        states = [state]
        for event in final.history:
            if isinstance(event, s7.Play):
                state = s7.apply(state, event.card)
                states.append(state)
        return states
    final_durak = durak.from_json(record)
    at = durak.new_game(
        final_durak.players,
        dealer=final_durak.dealer,
        hands=final_durak.deal,
        trump=final_durak.trump,
        options=final_durak.options,
    )
    durak_states = [at]
    for move in final_durak.moves:
        at = durak.apply(at, move)
        durak_states.append(at)
    return durak_states


def hidden_from(state: Any, seat: int) -> set[s7.Card]:
    """The cards other seats hold that ``seat`` has not seen played."""
    others = {card for other, hand in enumerate(state.hands) if other != seat for card in hand}
    if not isinstance(state, durak.GameState):
        return others  # a played card (or a burst seat's, N6) is on the table for good
    seen = {state.trump}
    for event in state.history:
        if isinstance(event, (durak.Led, durak.Joined, durak.Took)):
            seen.update(event.cards)
        else:
            seen.update((event.attack, event.card))
    return others - seen


@pytest.mark.parametrize(
    ("game", "players", "seed", "options"),
    [
        pytest.param("sevens", 2, 1, {}, id="sevens-2-1"),
        pytest.param("sevens", 4, 2, {}, id="sevens-4-2"),
        pytest.param("sevens", 6, 3, {}, id="sevens-6-3"),
        pytest.param("durak", 2, 4, {}, id="durak-2-4"),
        pytest.param("durak", 3, 5, {}, id="durak-3-5"),
        pytest.param("durak", 4, 6, {}, id="durak-4-6"),
        pytest.param("domino", 2, 10, {"pack": 32}, id="domino-32-2"),
        pytest.param("sevens-52", 3, 7, {"voluntary_passes": True}, id="sevens-52-3"),
        pytest.param("fan-tan", 4, 8, {}, id="fan-tan-4"),
        pytest.param("shichinarabe", 4, 9, {}, id="shichinarabe-4"),
        pytest.param("cinquillo", 5, 11, {}, id="cinquillo-5"),
    ],
)
def test_no_answer_to_a_seat_names_a_card_it_could_not_see(
    client: TestClient, game: str, players: int, seed: int, options: dict[str, Any]
) -> None:
    table, tokens = make_table(
        client, game=game, seats=["human"] * players, seed=seed, options=options
    )
    rng = random.Random(seed)
    draws = games.get(game).draw is not None  # ask for each answer's picture, where there is one
    received: list[tuple[int, int, str]] = []  # (seat, version when answered, text)
    version = 0

    def ask(seat: int, method: str, path: str, body: object = None) -> dict[str, Any]:
        lang = rng.choice(["en", "ru"])
        response = client.request(
            method,
            f"/api/tables/{table}{path}?svg={int(draws)}&lang={lang}",
            headers=auth(tokens[str(seat)]),
            json=body,
        )
        answer = dict(response.json()) if path != "/events" else {}
        received.append((seat, int(answer.get("version", version)), response.text))
        return answer

    for _ in range(5000):
        views = [ask(seat, "GET", "") for seat in range(players)]
        if views[0]["over"]:
            break
        turn = int(views[0]["current_player"])
        waiting = rng.choice([seat for seat in range(players) if seat != turn])
        ask(waiting, "POST", "/moves", {"move": "take" if game == "durak" else "9♦"})  # 409
        legal: list[str] = views[turn]["legal_moves"]
        hand: list[str] = views[turn]["hand"]
        if game != "durak":
            tries = [*hand, "pass"] if game in _FAMILY else hand  # F14: a pass may be refused
            wrong = [card for card in tries if card not in legal]
        elif legal[0].startswith("lead"):
            wrong = ["take"]
        else:  # a defender, who may have joined with every card (D7)
            wrong = [f"lead {card}" for card in hand[:1]]
        if wrong:
            ask(
                turn, "POST", "/moves", {"move": rng.choice(wrong)}
            )  # 422: names the seat's own cards
        answer = ask(turn, "POST", "/moves", {"move": rng.choice(legal)})
        assert answer["version"] == version + 1
        version = int(answer["version"])
    else:
        raise AssertionError("the game did not end")
    for seat in range(players):
        ask(seat, "GET", "/events")  # the live stream of a finished game: its final view
    record = client.get(f"/api/tables/{table}/record", headers=auth(tokens["0"])).text
    states = replay(game, record)
    assert len(states) == version + 1
    checked = 0
    for seat, at, text in received:
        leaked = cards_named(text) & hidden_from(states[at], seat)
        assert not leaked, (seat, at, sorted(leaked), text[:300])
        checked += 1
    assert checked >= (players + 2) * version  # every seat, every version, several kinds of answer
    own = cards_named(received[0][2])
    assert own >= set(states[0].hand(0))  # the check can see cards: a seat's own hand is named
