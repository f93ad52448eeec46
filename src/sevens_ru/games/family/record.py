"""Game records of the family (F18): a game as one JSON object, and back.

::

    {"format": 1, "game": "fan-tan", "players": 4, "dealer": 3,
     "options": {"ace": "low", ...}, "deal": [["A♣", ...], ...], "moves": ["7♦", "pass", ...]}

Automatic passes and bursts are not stored: they follow from the moves. The Russian
configuration writes the records of :func:`sevens_ru.to_json`: ``"game": "sevens"``
and no dealer field, which means the default ``n − 1`` (a dealer of its own is written
as ``"dealer"``). Tags (:class:`~sevens_ru.Tags`) go right after ``"game"``, as in
every game's records. Loading replays every move, so a corrupt record raises a
:class:`~sevens_ru.errors.RecordError` naming the field or the move at fault.

>>> from sevens_ru import games
>>> domino = games.get("domino")
>>> state = domino.apply(domino.new_game(3, seed=4), "J♥")
>>> domino.to_json(state)[:58], domino.from_json(domino.to_json(state)) == state
('{"format": 1, "game": "domino", "players": 3, "dealer": 2,', True)
"""

from __future__ import annotations

from typing import Any

import attrs

from ...common import _records
from ...common._records import Record
from ...common._tags import Tags
from .game import Preset, is_over, moves_of, new_game
from .game import apply as apply_move
from .scoring import ranking
from .state import FamilyState

__all__ = ["LARGEST_RECORD", "MAX_BYTES", "from_json", "read_record", "to_json"]

LARGEST_RECORD = 2_400 + _records.TAGS_BYTES
"""About the largest record of a family game without ``indent``: a 52-card deal and at
most 51 plays and 8 × 20 passes, and at most 4,106 bytes of tags."""
MAX_BYTES = 32_768
"""The default ``max_bytes`` of :func:`from_json`."""

_FIELDS = ("format", "game", "players", "dealer", "options", "deal", "moves")
_RUSSIAN_FIELDS = ("format", "game", "players", "options", "deal", "moves")


def to_json(
    preset: Preset,
    state: FamilyState,
    *,
    indent: int | str | None = None,
    tags: Tags | None = None,
) -> str:
    """The record of ``state`` as JSON text (cards as ``str(card)``, passes as ``"pass"``).

    ``tags`` (a :class:`~sevens_ru.Tags`) go after ``"game"``, checked as
    :func:`sevens_ru.to_json` checks them.

    Raises:
        NotAGameStateError: ``state`` is not a state of this preset.
        RecordError: ``tags`` is not a :class:`~sevens_ru.Tags`, or does not fit the game.
    """
    state = preset.check(state, "to_json")
    written = _records.written_tags(
        tags,
        players=state.players,
        result=_records.outcome(state, lambda done: is_over(preset, done), _ranking(preset)),
    )
    options = attrs.asdict(state.options)
    fields: dict[str, object] = {"players": state.players}
    if preset.name != "sevens" or state.dealer != state.players - 1:
        fields["dealer"] = state.dealer
    fields.update(
        options=options,
        deal=[[str(card) for card in hand] for hand in state.deal],
        moves=list(moves_of(state)),
    )
    return _records.write(preset.names, fields, indent=indent, tags=written)


def _ranking(preset: Preset) -> Any:
    return lambda state: ranking(preset, state)


def from_json(
    preset: Preset, text: str | bytes, *, max_bytes: int | None = MAX_BYTES
) -> FamilyState:
    """Load a record written by :func:`to_json`, replaying and checking every move.

    Raises:
        RecordError: not JSON, not a record of this preset, too large, a bad field,
            a bad deal or an illegal move (the message names the field or the move).
    """
    return read_record(preset, text, max_bytes=max_bytes).state


def read_record(
    preset: Preset, text: str | bytes, *, max_bytes: int | None = MAX_BYTES
) -> Record[FamilyState]:
    """Load a record written by :func:`to_json`: its state and its tags.

    Raises:
        RecordError: as :func:`from_json`, or a bad tag (the message names it).
    """
    russian = preset.name == "sevens"  # sevens_ru.to_json's records: the dealer optional
    record = _records.read(
        text,
        game=preset.names,
        fields=_RUSSIAN_FIELDS if russian else _FIELDS,
        optional=("dealer",) if russian else (),
        function="from_json",
        max_bytes=max_bytes,
        largest=LARGEST_RECORD,
    )
    tags = _records.tags_in(record)
    players = _records.integer(record, "players", 2, 8)
    dealer: Any = None
    if "dealer" in record:
        dealer = _records.integer(record, "dealer", 0, players - 1, what="a seat ")
    options: Any = _records.options(record, preset.options_type)
    deal = _records.hands(record)
    with _records.blame("deal"):
        state = new_game(preset, players, dealer=dealer, hands=deal, options=options)
    state = _records.replay(
        state,
        record["moves"],
        lambda before, move: apply_move(preset, before, move),
        items="moves",
        example="a card such as '7♦' or 'pass'",
    )
    tags = _records.fitted(
        tags,
        players=players,
        result=_records.outcome(state, lambda done: is_over(preset, done), _ranking(preset)),
    )
    return Record(state, tags)
