"""Durak game records: a game as one JSON object, and back.

A record holds the players, the dealer, the options, the trump card, the deal and the
moves in their text form::

    {"format": 1, "game": "durak", "players": 3, "dealer": 0,
     "options": {"short_deck": false, "take_limit": 100}, "trump": "K♣",
     "deal": [["6♣", ...], ...], "moves": ["lead 6♣", "take", ...]}

Joins are not stored: they follow from the moves (D7). A record may hold tags too,
right after ``"game"`` (:class:`~sevens_ru.Tags`: who played, which bots, the event,
the date, the result), read back by :func:`~sevens_ru.durak.read_record`. Loading
replays every move
through :func:`~sevens_ru.durak.apply`, so a corrupt or hand-edited record raises a
:class:`~sevens_ru.RecordError` naming the field or the move at fault, never a
half-built state.

A record holds a ``take_limit`` (D13) of at most :data:`~sevens_ru.durak.record.MAX_TAKE_LIMIT`, so that no
legal record is longer than :data:`~sevens_ru.durak.record.LARGEST_RECORD` bytes; one larger than
:data:`~sevens_ru.durak.record.MAX_BYTES` is refused before it is read (see :func:`~sevens_ru.durak.from_json`).

>>> from sevens_ru import durak
>>> state = durak.apply(durak.new_game(3, dealer=0, seed=7), "lead 6♣")
>>> text = durak.to_json(state)
>>> text[:70]
'{"format": 1, "game": "durak", "players": 3, "dealer": 0, "options": {'
>>> durak.from_json(text) == state
True
"""

from __future__ import annotations

from ...common import _records
from ...common._games import not_a_state
from ...common._records import Record
from ...common._tags import Tags
from ...errors import RecordError
from .deal import MAX_PLAYERS, MIN_PLAYERS
from .game import apply, is_over, new_game
from .moves import as_card
from .names import DURAK
from .options import Options
from .scoring import ranking
from .state import GameState

__all__ = [
    "FORMAT",
    "LARGEST_RECORD",
    "MAX_BYTES",
    "MAX_TAKE_LIMIT",
    "from_json",
    "read_record",
    "to_json",
]

FORMAT = _records.FORMAT
"""The version of the record format this library writes and reads."""

MAX_TAKE_LIMIT = 1000
"""The largest ``take_limit`` (D13) a record may hold: ten times the default.

A game may be played with any limit (:class:`~sevens_ru.durak.Options`), but only a
game of at most this limit is written and read as a record: the limit bounds a game's
length (:func:`~sevens_ru.durak.max_moves`, 95,000 moves for four players at 1000),
so it bounds what a record from someone else can make a server replay.
"""
LARGEST_RECORD = 2_204_452 + _records.TAGS_BYTES
"""A bound on the size in bytes of a record :func:`~sevens_ru.durak.to_json` writes without ``indent``: 2,208,558.

A game of four players at :data:`~sevens_ru.durak.record.MAX_TAKE_LIMIT` has at most ``1000 × 19`` bouts (see
:mod:`sevens_ru.durak.game`); a bout is a lead (at most ``"lead 10♣ 10♦ 10♥ 10♠"``,
28 bytes) and at most four more moves (each at most ``"cover 10♣ 10♠"``, 17 bytes),
each written in quotes with a separator (4 bytes more); the rest (the setup and the
deal: four players, the longest options, a ten turned up) is at most 452 bytes, and
the tags at most 4,106 (``"tags"`` and the tags' own
4,096, see :class:`~sevens_ru.Tags`). With ``indent=16``, the widest
:func:`~sevens_ru.durak.to_json` allows, the bound is 5,246,674 bytes without tags,
and the tags add less than 11,000.
"""
MAX_BYTES = 8_388_608
"""The default ``max_bytes`` of :func:`~sevens_ru.durak.from_json`: 8 MiB.

It holds every record :func:`~sevens_ru.durak.to_json` writes at any ``indent``, and
refuses at once anything larger than a game of Durak can be.
"""

_FIELDS = ("format", "game", "players", "dealer", "options", "trump", "deal", "moves")


def to_json(state: GameState, *, indent: int | str | None = None, tags: Tags | None = None) -> str:
    """The game record of ``state`` as JSON text (cards as ``str(card)``, moves as ``str(move)``).

    ``indent`` (0 to 16 spaces, or a string of at most 16 whitespace characters) is
    passed to ``json.dumps`` for a multi-line record. ``tags`` (a
    :class:`~sevens_ru.Tags`) are written after ``"game"``, checked as
    :func:`sevens_ru.to_json` checks them.

    >>> from sevens_ru import durak
    >>> state = durak.apply(durak.new_game(2, dealer=0, seed=1), "lead 7♣")
    >>> durak.to_json(state).endswith('"moves": ["lead 7♣"]}')
    True

    Raises:
        NotAGameStateError: ``state`` is not a :class:`~sevens_ru.durak.GameState`.
        RecordError: the game's ``take_limit`` is above :data:`~sevens_ru.durak.record.MAX_TAKE_LIMIT`, more
            than a record may hold; or ``tags`` is not a :class:`~sevens_ru.Tags` or does
            not fit the game.
        WrongTypeError: ``indent`` is neither ``None``, an int nor a string.
        InvalidOptionsError: ``indent`` is wider than 16.
    """
    if not isinstance(state, GameState):
        raise not_a_state("to_json", state, game=DURAK)
    _check_take_limit(state.options.take_limit)
    written = _records.written_tags(
        tags, players=state.players, result=_records.outcome(state, is_over, ranking)
    )
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
        tags=written,
    )


def from_json(text: str | bytes, *, max_bytes: int | None = MAX_BYTES) -> GameState:
    """Load a game record written by :func:`~sevens_ru.durak.to_json`, replaying and checking every move.

    The state alone: :func:`~sevens_ru.durak.read_record` gives its tags too.

    Text of more than ``max_bytes`` bytes (as UTF-8; default :data:`~sevens_ru.durak.record.MAX_BYTES`, above
    the largest legal record) is refused before it is parsed; ``None`` lifts the limit.
    A ``take_limit`` above :data:`~sevens_ru.durak.record.MAX_TAKE_LIMIT` is refused whatever the size, before
    any move is replayed.

    >>> from sevens_ru import durak
    >>> durak.from_json('{"format": 1, "game": "sevens"}')
    Traceback (most recent call last):
    ...
    sevens_ru.errors.RecordError: field 'game': this is a Sevens record; load it with sevens_ru.from_json

    Raises:
        RecordError: the text is not JSON, not a Durak record of this format, is
            larger than ``max_bytes``, has too high a ``take_limit``, or holds a bad
            deal or an illegal move (the message names the field or the move).
        InvalidOptionsError: ``max_bytes`` is neither a non-negative int nor ``None``.
    """
    return read_record(text, max_bytes=max_bytes).state


def read_record(text: str | bytes, *, max_bytes: int | None = MAX_BYTES) -> Record[GameState]:
    """Load a Durak record: its state and its tags (a :class:`~sevens_ru.Record`).

    Everything :func:`~sevens_ru.durak.from_json` checks, and the tags, as
    :func:`sevens_ru.read_record` checks them.

    >>> from sevens_ru import Tags, durak
    >>> state = durak.new_game(3, dealer=0, seed=7)
    >>> durak.read_record(durak.to_json(state, tags=Tags(site="Kazan"))).tags.site
    'Kazan'

    Raises:
        RecordError: as :func:`~sevens_ru.durak.from_json`, or a bad tag (the message names it).
        InvalidOptionsError: ``max_bytes`` is neither a non-negative int nor ``None``.
    """
    record = _records.read(
        text,
        game=DURAK,
        fields=_FIELDS,
        function="from_json",
        max_bytes=max_bytes,
        largest=LARGEST_RECORD,
    )
    tags = _records.tags_in(record)
    players = _records.integer(record, "players", MIN_PLAYERS, MAX_PLAYERS)
    dealer = _records.integer(record, "dealer", 0, players - 1, what="a seat ")
    options = _records.options(record, Options)
    _check_take_limit(options.take_limit)
    trump = _records.card_text(record, "trump")
    with _records.blame("trump"):
        as_card(trump)
    deal = _records.hands(record)
    with _records.blame("deal"):
        state = new_game(players, dealer=dealer, hands=deal, trump=trump, options=options)
    state = _records.replay(
        state,
        record["moves"],
        apply,
        items="moves",
        example="a move such as 'lead 7♣' or 'take'",
    )
    tags = _records.fitted(tags, players=players, result=_records.outcome(state, is_over, ranking))
    return Record(state, tags)


def _check_take_limit(take_limit: int) -> None:
    if take_limit > MAX_TAKE_LIMIT:
        raise RecordError(
            f"field 'options': a record holds a take_limit of at most {MAX_TAKE_LIMIT} "
            f"(D13; sevens_ru.durak.record.MAX_TAKE_LIMIT), got {take_limit:,}"
        )
