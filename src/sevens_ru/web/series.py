"""Series at the server's tables (M1–M10): several deals of one game, with the bank shown.

A table of a series holds a :class:`~sevens_ru.series.Series` where a table of one deal
holds a game's state, and :class:`SeriesGame` plays it with the same calls as
:class:`~sevens_ru.web.games.Game` (deal, read and apply a move, the moves as record
text, the views): the rest of the server cannot tell the two apart. A move that ends a
deal settles it and deals the next (:func:`sevens_ru.series.apply`), so the bots play
on into the next deal in the same answer.

In the database a series table is of the game ``"series:<game>"``; its deal is the
series record of the series as dealt (:func:`sevens_ru.series.to_json`, the first
deal with no move), and its moves are every deal's moves one after another, as record
text. A seat's view is the game's view of the current deal, its ``"version"`` the
number of moves of the whole series, with ``"series"``:
:meth:`SeriesView.to_dict() <sevens_ru.series.SeriesView.to_dict>` (the deal number,
the dealer, every stack or total, the bank, each finished deal's places and payments,
the final ranking), and, after a deal, ``"last_deal"``: that deal's history and ranking
as the game's view showed them to this seat.

>>> from sevens_ru.web.games import GAMES
>>> table = SeriesGame.of(GAMES["sevens"])
>>> state = table.deal(["human", "random", "random"], seed=5, options={}, series={"deals": 2})
>>> seen = table.view_json(state, 0)
>>> seen["series"]["deal"], seen["series"]["totals"], seen["series"]["bank"], seen["version"]
(0, [90, 90, 90], 30, 0)
>>> table.key
'series:sevens'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import attrs

from .. import games, series, svg
from ..common._quote import excerpt, got
from ..errors import InvalidOptionsError, RecordError, SevensError, UnknownGameError
from ..series import SeriesOptions
from ..series.game import rules_of
from .games import GAMES, Game, Json

__all__ = ["FIELDS", "PREFIX", "SeriesGame", "TableGame", "description", "table_game"]

PREFIX = "series:"
"""The database's name of a series table's game: ``"series:"`` and the game's name."""
FIELDS = tuple(field.name for field in attrs.fields(SeriesOptions))
"""The fields of a request's ``"series"``: those of :class:`~sevens_ru.series.SeriesOptions`."""


@attrs.frozen
class SeriesGame:
    """``game``'s series as the server plays them: the calls of :class:`~sevens_ru.web.games.Game` over a :class:`~sevens_ru.series.Series`."""

    game: Game
    """The server's game of every deal."""

    @classmethod
    def of(cls, game: Game) -> SeriesGame:
        """The series of ``game`` (one value per game).

        >>> SeriesGame.of(attrs.evolve(GAMES["sevens"], name="chess"))
        Traceback (most recent call last):
        ...
        sevens_ru.errors.UnknownGameError: the server offers no game 'chess': expected sevens, durak, ...

        Raises:
            UnknownGameError: the server does not offer the game (also a ``LookupError``).
        """
        return _series_game(game.name)

    @property
    def name(self) -> str:
        """The game's name (``"sevens"``): records and views name the game."""
        return self.game.name

    @property
    def key(self) -> str:
        """The name the database keeps: ``"series:sevens"``."""
        return PREFIX + self.game.name

    def deal(
        self,
        seats: Sequence[str],
        *,
        seed: int | None,
        options: Mapping[str, Any],
        series: Mapping[str, Any],
    ) -> series.Series:
        """A new series for ``seats``, its first deal dealt (M1, M2), with the ``series`` options of a request.

        The seats, the seed and the game's options are checked as for a table of one
        deal; ``series`` holds fields of :class:`~sevens_ru.series.SeriesOptions`.

        Raises:
            InvalidDealError: a bad number of seats, an unknown seat kind or a bad seed.
            InvalidOptionsError: an unknown option or series option, a bad value, or a
                series the game does not offer (a scoring kind, a stake; no series rules).
        """
        first = self.game.deal(seats, seed=seed, options=options)  # the checks of one deal
        unknown = sorted(set(series) - set(FIELDS), key=str)
        if unknown:
            raise InvalidOptionsError(
                f"unknown series option {excerpt(unknown[0])}: expected {', '.join(FIELDS)}"
            )
        chosen = SeriesOptions(**series)
        return _new_series(self.name, len(seats), seed, getattr(first, "options", None), chosen)

    def describe(self) -> Json | None:
        """What ``GET /api/games`` says of the game's series: :func:`description`."""
        return description(self.name)

    def bot(self, name: str) -> Any:
        """A fresh bot of the game called ``name``."""
        return self.game.bot(name)

    def read_move(self, state: series.Series, move: object) -> Any:
        """The move of the current deal that ``move`` (text, or an action number) stands for."""
        return self.game.read_move(state.current, move)

    def apply(self, state: series.Series, move: Any) -> series.Series:
        """The series after ``move`` in the current deal: a deal that ends is settled and the next dealt."""
        return series.apply(state, move)

    def refusal(self, state: series.Series, move: Any, error: SevensError) -> str:
        """What to tell the seat whose move the engine refused: the game's own words."""
        return self.game.refusal(state.current, move, error)

    def legal_moves(self, state: series.Series) -> tuple[Any, ...]:
        """The legal moves of the seat to move in the current deal."""
        return series.legal_moves(state)

    def move_texts(self, state: series.Series) -> list[str]:
        """Every deal's moves, one deal after another, as record text (the table's version is their number)."""
        return [text for deal in _deals(state) for text in self.game.move_texts(deal)]

    def to_json(self, state: series.Series) -> str:
        """The series record of ``state`` (:func:`sevens_ru.series.to_json`)."""
        return series.to_json(state)

    def from_json(self, text: str) -> series.Series:
        """The series of a stored table: its series record, and the moves of ``"moves"`` replayed after it.

        Raises:
            RecordError: a bad record (not JSON, not an object, its ``"moves"`` not a
                list), or a move the rules refuse.
        """
        try:
            record = json.loads(text)
        except ValueError as error:  # not JSON, or not text
            raise RecordError(f"a stored series is not JSON: {excerpt(str(error))}") from None
        if not isinstance(record, dict):
            raise RecordError(f"a stored series is a JSON object, got {got(record)}")
        moves = record.pop("moves", [])
        if not isinstance(moves, list):
            raise RecordError(f"a stored series' 'moves' is a list, got {got(moves)}")
        state = series.from_json(json.dumps(record, ensure_ascii=False), max_bytes=None)
        for number, move in enumerate(moves):
            try:
                state = series.apply(state, move)
            except SevensError as error:
                raise RecordError(f"moves[{number}] ({excerpt(move)}): {error}") from error
        return state

    def think_job(self, state: series.Series, rng_key: str) -> tuple[str, str, str]:
        """What the bots' worker processes are sent: the current deal alone (its game, record, key).

        The bots stop at the deal's end; the next deal is dealt here and sent anew.
        Each deal's bots draw from a generator keyed by the deal's number too.
        """
        return self.game.name, self.game.to_json(state.current), f"{rng_key}:{state.deal_number}"

    def view_json(self, state: series.Series, seat: int) -> Json:
        """What ``seat`` may see: the current deal's view, the series part and the last deal's end.

        The current deal's part is the game's own view JSON (:meth:`Game.view_json
        <sevens_ru.web.games.Game.view_json>`), so it holds no card of another hand;
        the series part is :meth:`SeriesView.to_dict() <sevens_ru.series.SeriesView.to_dict>`,
        which holds none either, nor the seed.
        """
        message = self.game.view_json(state.current, seat)
        message["version"] = len(self.move_texts(state))
        message["series"] = series.view(state, seat).to_dict()
        if state.results and not state.over:
            last = self.game.view_json(state.played[-1], seat)
            message["last_deal"] = {"history": last["history"], "ranking": last["ranking"]}
        else:
            message["last_deal"] = None
        return message

    def ranking_json(self, state: series.Series) -> list[Json]:
        """The final standings of a finished series (seat, place, total), best first (M7)."""
        return [attrs.asdict(standing) for standing in series.ranking(state)]

    def picture(self, state: series.Series, seat: int, lang: str) -> str:
        """``seat``'s picture: the band of the series above the current deal (:func:`sevens_ru.svg.series_position`)."""
        return svg.series_position(series.view(state, seat), lang=lang)  # type: ignore[arg-type]  # one of LANGUAGES

    def record(self, state: series.Series) -> str:
        """The record of a finished series: :func:`sevens_ru.series.to_json`."""
        return series.to_json(state)


def _deals(state: series.Series) -> tuple[Any, ...]:
    """Every deal dealt so far, oldest first."""
    return state.played if state.over else (*state.played, state.current)


def _new_series(
    name: str, players: int, seed: int | None, options: Any, chosen: SeriesOptions
) -> series.Series:
    return series.new_series(name, players, seed=seed, options=options, series_options=chosen)


@cache
def _series_game(name: str) -> SeriesGame:
    return SeriesGame(_server_game(name))


def _server_game(name: str) -> Game:
    """The server's game called ``name``; else the library's error (not a bare ``KeyError``)."""
    found = GAMES.get(name)
    if found is None:
        raise UnknownGameError(
            f"the server offers no game {excerpt(name)}: expected {', '.join(GAMES)}"
        )
    return found


TableGame = Game | SeriesGame
"""What a table plays: one deal of a game, or a series of its deals."""


def table_game(key: str) -> TableGame:
    """The server's game of a stored table: ``"sevens"``'s deals, or ``"series:sevens"``'s series.

    >>> table_game("series:durak").key, table_game("durak").name
    ('series:durak', 'durak')

    Raises:
        UnknownGameError: no game of the server has that name (also a ``LookupError``).
    """
    if key.startswith(PREFIX):
        return _series_game(key[len(PREFIX) :])
    return _server_game(key)


def description(name: str) -> Json | None:
    """What a lobby needs to offer ``name``'s series (``None``: it has no series rules).

    Its scoring kinds, the default one, and one entry per field of
    :class:`~sevens_ru.series.SeriesOptions` that the game reads: its name, default
    (``None``: the game's, such as one deal per seat, M6), kind (``"choice"``,
    ``"int"``, ``"bool"``), the least and most values of a number, and the scoring
    kinds that read it (``null``: all).

    >>> described = description("fan-tan")
    >>> described["scoring"], described["kinds"]
    ('chips', ['chips', 'penalty', 'places'])
    >>> [field["name"] for field in described["fields"]]
    ['scoring', 'deals', 'target', 'start']
    >>> description("durak")["fields"][-1]
    {'name': 'stake', 'default': None, 'kind': 'int', 'least': 1, 'most': 1000000000, 'for': ['chips']}
    """
    try:
        rules = rules_of(games.get(name))
    except SevensError:
        return None
    defaults = SeriesOptions()
    fields: list[Json] = [
        {
            "name": "scoring",
            "default": rules.scoring,
            "kind": "choice",
            "choices": list(rules.kinds),
            "for": None,
        },
        _number("deals", None, 1, series.MAX_DEALS),
        _number("target", None, 1, series.MAX_CHIPS),
        _number("start", None, 0, series.MAX_CHIPS),
    ]
    if "bank" in rules.kinds:
        fields += [
            _number("ante", defaults.ante, 0, series.MAX_CHIPS, bank=True),
            _number("fine", defaults.fine, 0, series.MAX_CHIPS, bank=True),
            {"name": "debt", "default": defaults.debt, "kind": "bool", "for": ["bank"]},
        ]
    if rules.stakes:
        fields.append({**_number("stake", None, 1, series.MAX_CHIPS), "for": ["chips"]})
    return {"scoring": rules.scoring, "kinds": list(rules.kinds), "fields": fields}


def _number(name: str, default: int | None, least: int, most: int, *, bank: bool = False) -> Json:
    return {
        "name": name,
        "default": default,
        "kind": "int",
        "least": least,
        "most": most,
        "for": ["bank"] if bank else None,
    }
