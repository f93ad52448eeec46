"""A minimal server-side turn handler: the server owns the game, clients only ask.

The server keeps the one true ``GameState``. A client sends a small JSON message
("play this card"); the server checks who sent it (from the connection, never from
the message), checks that it is that seat's turn and that the message answers the
position the client was shown, and lets ``apply`` check the card against the rules.
Each seat is then sent its own view (R20), never the state: the state holds every
hand.

No network here: ``main`` plays the part of four clients, some of them cheating. Put
``Table.handle`` behind your websocket or HTTP framework of choice.

Run it:

python examples/server_turn.py
"""

from __future__ import annotations

import json
import random
import threading
from typing import Any

import sevens_ru as s7

Message = dict[str, Any]


def view_message(seen: s7.PlayerView) -> Message:
    """What one seat is sent: its view as plain JSON values."""
    rows = {}
    for suit in s7.Suit:
        row = seen.row(suit)
        rows[suit.letter] = None if row is None else [row[0].label(), row[1].label()]
    return {
        "type": "view",
        "seat": seen.seat,
        "ply": len(seen.history),  # the client sends it back with its move
        "hand": [str(card) for card in seen.hand],
        "rows": rows,
        "hand_sizes": list(seen.hand_sizes),
        "passes": list(seen.passes),
        "to_play": seen.current_player,
        "legal_moves": [str(card) for card in seen.legal_moves()],
        "winner": seen.winner,
    }


class Table:
    """One game on the server."""

    def __init__(self, players: int, seed: int | None = None) -> None:
        self._state = s7.new_game(players, seed=seed)
        self._lock = threading.Lock()  # one move at a time, if requests run in threads

    def view_for(self, seat: int) -> Message:
        """The message to send to ``seat`` now."""
        return view_message(s7.view(self._state, seat))

    def handle(self, seat: int, text: str) -> Message:
        """Handle a message from the client at ``seat`` (known from its connection).

        The message is ``{"type": "play", "card": "10♦", "ply": 12}``, where ``ply`` is
        the one of the view the player answered. Returns the reply for that client.
        """
        try:
            message = json.loads(text)
        except ValueError:
            return error("not JSON")
        if not isinstance(message, dict) or message.get("type") != "play":
            return error('expected {"type": "play", "card": ..., "ply": ...}')
        card = message.get("card")
        if not isinstance(card, str):
            return error("'card' must be card text such as '10♦'")
        with self._lock:
            state = self._state
            if s7.is_over(state):
                return error("the game is over")
            if seat != state.current_player:
                return error(f"it is seat {state.current_player}'s turn, not yours")
            if message.get("ply") != len(state.history):
                # A double click or a move chosen on an old view: refuse, do not guess.
                return error("your view is out of date: ask for the current one")
            try:
                self._state = s7.apply(state, card)  # all the rules are checked here
            except (s7.CardParseError, s7.IllegalMoveError) as problem:
                return error(str(problem))  # names only this seat's own cards
        return {"type": "ok"}

    def record(self) -> str:
        """The game record, to store when the game ends (or at any time)."""
        return s7.to_json(self._state)


def error(reason: str) -> Message:
    """A refusal: the client shows the reason and asks for the view again."""
    return {"type": "error", "reason": reason}


def main() -> None:
    table = Table(players=4, seed=11)
    first = table.view_for(0)
    to_play = first["to_play"]
    print(f"seat {to_play} is to open with 9♦")

    # Cheats and mistakes, each refused without changing the game:
    attempts = [
        ((to_play + 1) % 4, {"type": "play", "card": "9♦", "ply": 0}),  # out of turn
        (to_play, {"type": "play", "card": "A♠", "ply": 0}),  # not a legal card
        (to_play, {"type": "play", "card": "11♦", "ply": 0}),  # not a card at all
        (to_play, {"type": "play", "card": "9♦", "ply": 7}),  # answers an old view
        (to_play, {"type": "state", "hands": [["9♦"], [], [], []]}),  # forged state
    ]
    for seat, message in attempts:
        reply = table.handle(seat, json.dumps(message, ensure_ascii=False))
        print(f"seat {seat} sends {message} -> {reply['reason']}")
    print(f"seat 0 sends garbage -> {table.handle(0, '{not json')['reason']}")

    # Honest clients: each chooses among the legal moves in its own view.
    rng = random.Random(11)
    while True:
        views = [table.view_for(seat) for seat in range(4)]
        seat = views[0]["to_play"]
        if seat is None:
            break
        view = views[seat]
        move = {"type": "play", "card": rng.choice(view["legal_moves"]), "ply": view["ply"]}
        reply = table.handle(seat, json.dumps(move, ensure_ascii=False))
        assert reply == {"type": "ok"}, reply
    final = table.view_for(0)
    print(f"game over after {final['ply']} plies: seat {final['winner']} won")
    print(f"the record to store is {len(table.record())} characters of JSON")


if __name__ == "__main__":
    main()
