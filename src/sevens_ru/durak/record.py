"""Durak game records: a game as one JSON object, and back.

A record holds the players, the dealer, the options, the trump card, the deal and the
moves in their text form::

    {"format": 1, "game": "durak", "players": 3, "dealer": 0,
     "options": {"short_deck": false, "take_limit": 100}, "trump": "K♣",
     "deal": [["6♣", ...], ...], "moves": ["lead 6♣", "take", ...]}

Joins are not stored: they follow from the moves (D7). Loading replays every move
through :func:`~sevens_ru.durak.apply`, so a corrupt or hand-edited record raises a
:class:`~sevens_ru.RecordError` naming the field or the move at fault, never a
half-built state.

>>> from sevens_ru import durak
>>> state = durak.apply(durak.new_game(3, dealer=0, seed=7), "lead 6♣")
>>> text = durak.to_json(state)
>>> text[:70]
'{"format": 1, "game": "durak", "players": 3, "dealer": 0, "options": {'
>>> durak.from_json(text) == state
True
"""

from __future__ import annotations

from .. import _records
from .._games import DURAK, not_a_state
from .deal import MAX_PLAYERS, MIN_PLAYERS
from .game import apply, new_game
from .moves import as_card
from .options import Options
from .state import GameState

__all__ = ["FORMAT", "from_json", "to_json"]

FORMAT = _records.FORMAT
"""The version of the record format this library writes and reads."""

_FIELDS = ("format", "game", "players", "dealer", "options", "trump", "deal", "moves")


def to_json(state: GameState, *, indent: int | None = None) -> str:
    """The game record of ``state`` as JSON text (cards as ``str(card)``, moves as ``str(move)``).

    ``indent`` is passed to ``json.dumps`` for a multi-line record.

    >>> from sevens_ru import durak
    >>> state = durak.apply(durak.new_game(2, dealer=0, seed=1), "lead 7♣")
    >>> durak.to_json(state).endswith('"moves": ["lead 7♣"]}')
    True

    Raises:
        NotAGameStateError: ``state`` is not a :class:`~sevens_ru.durak.GameState`.
    """
    if not isinstance(state, GameState):
        raise not_a_state("to_json", state, game=DURAK)
    return _records.write(
        DURAK,
        {
            "players": state.players,
            "dealer": state.dealer,
            "options": {
                "short_deck": state.options.short_deck,
                "take_limit": state.options.take_limit,
            },
            "trump": str(state.trump),
            "deal": [[str(card) for card in hand] for hand in state.deal],
            "moves": [str(move) for move in state.moves],
        },
        indent=indent,
    )


def from_json(text: str | bytes) -> GameState:
    """Load a game record written by :func:`~sevens_ru.durak.to_json`, replaying and checking every move.

    >>> from sevens_ru import durak
    >>> durak.from_json('{"format": 1, "game": "sevens"}')
    Traceback (most recent call last):
    ...
    sevens_ru.errors.RecordError: field 'game': this is a Sevens record; load it with sevens_ru.from_json

    Raises:
        RecordError: the text is not JSON, not a Durak record of this format, or holds
            a bad deal or an illegal move (the message names the field or the move).
    """
    record = _records.read(text, game=DURAK, fields=_FIELDS, function="from_json")
    players = _records.integer(record, "players", MIN_PLAYERS, MAX_PLAYERS)
    dealer = _records.integer(record, "dealer", 0, players - 1, what="a seat ")
    options = _records.options(record, Options)
    trump = _records.card_text(record, "trump")
    with _records.blame("trump"):
        as_card(trump)
    deal = _records.hands(record)
    with _records.blame("deal"):
        state = new_game(players, dealer=dealer, hands=deal, trump=trump, options=options)
    return _records.replay(
        state,
        record["moves"],
        apply,
        items="moves",
        example="a move such as 'lead 7♣' or 'take'",
    )
