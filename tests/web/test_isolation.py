"""Token isolation: over whole games, no answer to a seat names a card it could not see.

Every answer a seat receives is kept (views with their pictures, the answers to its
moves, refused moves and moves out of turn, and its live stream), then, once the game
is over, checked against the game replayed from its record: no card held by another
seat at that moment appears in it, unless everyone had seen that card on the table
(R20, D17).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from starlette.testclient import TestClient

import sevens_ru as s7
from sevens_ru import durak

from .conftest import auth, make_table

_LABELS = {card.label(lang): card for card in s7.DECK for lang in ("en", "ru")}
_CARD_TEXT = re.compile("(?:10|[6-9JQKAВДКТ])[♣♦♥♠]")


def cards_named(text: str) -> set[s7.Card]:
    return {_LABELS[found] for found in _CARD_TEXT.findall(text)}


def replay(game: str, record: str) -> list[s7.GameState] | list[durak.GameState]:
    """Every state of the game, indexed by the version (moves made)."""
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


def hidden_from(state: s7.GameState | durak.GameState, seat: int) -> set[s7.Card]:
    """The cards other seats hold that ``seat`` has not seen played."""
    others = {card for other, hand in enumerate(state.hands) if other != seat for card in hand}
    if isinstance(state, s7.GameState):
        return others  # a played card is on the table for good
    seen = {state.trump}
    for event in state.history:
        if isinstance(event, (durak.Led, durak.Joined, durak.Took)):
            seen.update(event.cards)
        else:
            seen.update((event.attack, event.card))
    return others - seen


@pytest.mark.parametrize(
    ("game", "players", "seed"),
    [
        ("sevens", 2, 1),
        ("sevens", 4, 2),
        ("sevens", 6, 3),
        ("durak", 2, 4),
        ("durak", 3, 5),
        ("durak", 4, 6),
    ],
)
def test_no_answer_to_a_seat_names_a_card_it_could_not_see(
    client: TestClient, game: str, players: int, seed: int
) -> None:
    table, tokens = make_table(client, game=game, seats=["human"] * players, seed=seed)
    rng = random.Random(seed)
    received: list[tuple[int, int, str]] = []  # (seat, version when answered, text)
    version = 0

    def ask(seat: int, method: str, path: str, body: object = None) -> dict[str, Any]:
        lang = rng.choice(["en", "ru"])
        response = client.request(
            method,
            f"/api/tables/{table}{path}?svg=1&lang={lang}",
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
        if game == "sevens":
            wrong = [card for card in hand if card not in legal]
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
