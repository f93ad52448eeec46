"""Game records: a game as one JSON object, and back.

A record holds the players, the options, the deal and the cards played, in order::

    {"format": 1, "game": "sevens", "players": 4,
     "options": {"rank_by_passes": false, "place_numbering": "competition"},
     "deal": [["6♣", ...], ...], "moves": ["9♦", ...]}

A game dealt by another seat than the default, ``players − 1`` (M2), has a
``"dealer"`` field after ``"players"`` (F18); a record without one is dealt by the
default dealer, as every record was before the field existed.

Passes are not stored: they follow from the moves (R11). A record may hold tags too,
right after ``"game"``: who played, which bots, the event, the date, the result
(:class:`~sevens_ru.Tags`, given to :func:`to_json` and read back by
:func:`read_record`). Loading replays every move
through :func:`sevens_ru.apply`, so a corrupt or hand-edited record raises a
:class:`RecordError` naming the field or the move at fault, never a half-built state.
A record larger than :data:`~sevens_ru.record.MAX_BYTES` is refused before it is read (see
:func:`from_json`): no legal record comes near it.

>>> import sevens_ru as s7
>>> state = s7.apply(s7.new_game(2, seed=9), "9♦")
>>> text = s7.to_json(state)
>>> text[:60]
'{"format": 1, "game": "sevens", "players": 2, "options": {"r'
>>> s7.from_json(text) == state
True
>>> s7.read_record(s7.to_json(state, tags=s7.Tags(players=("Anna", "Boris")))).tags.players
('Anna', 'Boris')
"""

from __future__ import annotations

from ...common import _records
from ...common._games import not_a_state
from ...common._records import Record
from ...common._tags import BotTag, Tags
from .deal import MAX_PLAYERS, MIN_PLAYERS
from .events import Play
from .game import apply, is_over, new_game
from .names import SEVENS
from .options import Options
from .scoring import ranking
from .state import GameState

__all__ = [
    "FORMAT",
    "LARGEST_RECORD",
    "MAX_BYTES",
    "BotTag",
    "Record",
    "Tags",
    "from_json",
    "read_record",
    "to_json",
]

FORMAT = _records.FORMAT
"""The version of the record format this library writes and reads."""

LARGEST_RECORD = 718 + len(', "dealer": 0') + _records.TAGS_BYTES
"""A bound on the size in bytes of a record :func:`to_json` writes without ``indent``: 4,837.

Every record holds the 36 cards of the deal; at most 35 cards are played (the others
hold a card each when a seat plays its last, R14), at most 4 of them tens (the only
cards of 5 bytes in UTF-8): 718 bytes at most, for the player count and options whose
record is longest, and a dealer other than the default adds 13 (M2): 731 bytes. Its
tags add at most 4,106 bytes (``"tags"`` and the tags' own 4,096, see
:class:`~sevens_ru.Tags`). With ``indent=16``, the widest :func:`to_json` allows, a
record is at most 4,026 bytes without a dealer or tags, 4,055 with a dealer, and under
15,000 with tags.
"""
MAX_BYTES = 16_384
"""The default ``max_bytes`` of :func:`from_json`: 16 KiB.

It holds every record :func:`to_json` writes, at any ``indent`` and with any tags, and
refuses at once anything far larger than a game of Sevens can be.
"""

_FIELDS = ("format", "game", "players", "options", "deal", "moves")


def to_json(state: GameState, *, indent: int | str | None = None, tags: Tags | None = None) -> str:
    """The game record of ``state`` as JSON text (cards written as ``str(card)``).

    ``indent`` (0 to 16 spaces, or a string of at most 16 whitespace characters) is
    passed to :func:`json.dumps` for a multi-line record. ``tags`` (a
    :class:`~sevens_ru.Tags`) are written after ``"game"``; those naming seats must name
    every seat, and a result must be the finished game's (:meth:`Tags.result_of
    <sevens_ru.Tags.result_of>` of its ranking).

    >>> import sevens_ru as s7
    >>> state = s7.new_game(2, seed=9)
    >>> s7.to_json(state, tags=s7.Tags(event="Cup", players=("Anna", "Boris")))[:86]
    '{"format": 1, "game": "sevens", "tags": {"event": "Cup", "players": ["Anna", "Boris"]}'

    Raises:
        NotAGameStateError: ``state`` is not a :class:`GameState` (of this game).
        RecordError: ``tags`` is not a :class:`~sevens_ru.Tags`, or does not fit the game
            (the message names the tag).
        WrongTypeError: ``indent`` is neither ``None``, an int nor a string.
        InvalidOptionsError: ``indent`` is wider than 16.
    """
    if not isinstance(state, GameState):
        raise not_a_state("to_json", state, game=SEVENS)
    written = _records.written_tags(
        tags, players=state.players, result=_records.outcome(state, is_over, ranking)
    )
    players = state.players
    dealer = {} if state.dealer == players - 1 else {"dealer": state.dealer}  # F18
    return _records.write(
        SEVENS,
        {
            "players": players,
            **dealer,
            "options": {
                "rank_by_passes": state.options.rank_by_passes,
                "place_numbering": state.options.place_numbering,
            },
            "deal": [[str(card) for card in hand] for hand in state.deal],
            "moves": [str(event.card) for event in state.history if isinstance(event, Play)],
        },
        indent=indent,
        tags=written,
    )


def from_json(text: str | bytes, *, max_bytes: int | None = MAX_BYTES) -> GameState:
    """Load a game record written by :func:`to_json`, replaying and checking every move.

    The state alone: :func:`read_record` gives its tags too (and checks them the same way).

    Text of more than ``max_bytes`` bytes (as UTF-8; default :data:`~sevens_ru.record.MAX_BYTES`, far
    above the largest legal record) is refused before it is parsed; ``None`` lifts the
    limit. Loading never costs more than reading the text once and replaying its moves.

    >>> import sevens_ru as s7
    >>> s7.from_json('{"format": 2}')
    Traceback (most recent call last):
    ...
    sevens_ru.errors.RecordError: field 'format': this library reads format 1, got 2

    Raises:
        RecordError: the text is not JSON, not a record of this game and format, is
            larger than ``max_bytes``, or holds a bad deal or an illegal move (the
            message names the field or move).
        InvalidOptionsError: ``max_bytes`` is neither a non-negative int nor ``None``.
    """
    return read_record(text, max_bytes=max_bytes).state


def read_record(text: str | bytes, *, max_bytes: int | None = MAX_BYTES) -> Record[GameState]:
    """Load a game record written by :func:`to_json`: its state and its tags (a :class:`~sevens_ru.Record`).

    Everything :func:`from_json` checks, and the tags: each of the kind and size it
    must be, naming every seat if they name seats, and a result that the moves give.
    A record without tags has empty :class:`~sevens_ru.Tags`.

    >>> import sevens_ru as s7
    >>> record = s7.read_record(s7.to_json(s7.new_game(2, seed=9)))
    >>> record.state.players, record.tags
    (2, Tags(event=None, site=None, date=None, round=None, players=None, bots=None, result=None))
    >>> import json
    >>> record = json.loads(s7.to_json(s7.new_game(2, seed=9)))
    >>> record["tags"] = {"players": "Anna"}
    >>> s7.read_record(json.dumps(record))
    Traceback (most recent call last):
    ...
    sevens_ru.errors.RecordError: tags.players: expected a list with an item per seat, got a string "Anna"

    Raises:
        RecordError: as :func:`from_json`, or a bad tag (the message names it).
        InvalidOptionsError: ``max_bytes`` is neither a non-negative int nor ``None``.
    """
    record = _records.read(
        text,
        game=SEVENS,
        fields=_FIELDS,
        optional=("dealer",),
        function="from_json",
        max_bytes=max_bytes,
        largest=LARGEST_RECORD,
    )
    tags = _records.tags_in(record)
    players = _records.integer(record, "players", MIN_PLAYERS, MAX_PLAYERS)
    dealer = None
    if "dealer" in record:  # M2, F18: absent for the default dealer
        dealer = _records.integer(record, "dealer", 0, players - 1, what="a seat from ")
    options = _records.options(record, Options)
    deal = _records.hands(record)
    with _records.blame("deal"):
        state = new_game(players, hands=deal, options=options, dealer=dealer)
    state = _records.replay(
        state, record["moves"], apply, items="cards", example="a card such as '9♦'"
    )
    tags = _records.fitted(tags, players=players, result=_records.outcome(state, is_over, ranking))
    return Record(state, tags)
