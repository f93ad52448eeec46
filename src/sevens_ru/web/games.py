"""What the server knows of each game: the table of games, one entry per game.

An entry deals a table from a request's seats, seed and options; reads a move (text as
in records, or an action number); lets a bot move; and turns a seat's view into the
JSON the API sends. Each seat's JSON is built from :func:`sevens_ru.view` (or
:func:`sevens_ru.durak.view`) alone, so it cannot hold a card of another seat's hand.

>>> from sevens_ru.web.games import GAMES
>>> game = GAMES["sevens"]
>>> state = game.deal(["human", "heuristic", "random"], seed=7, options={})
>>> seen = game.view_json(state, 0)
>>> seen["game"], seen["seat"], len(seen["hand"]), seen["over"], seen["version"]
('sevens', 0, 12, False, 0)
>>> game.read_move(state, 14), game.read_move(state, "9d")  # an action number, or text
(Card.parse('J♦'), '9d')
"""

from __future__ import annotations

import importlib
import random
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from .. import games
from ..common._numbers import as_int
from ..common.cards import Card, Language
from ..errors import (
    InvalidDealError,
    InvalidMoveError,
    InvalidOptionsError,
    SevensError,
)

__all__ = ["GAMES", "HUMAN", "MAX_SEED_BITS", "Game", "server_games"]

HUMAN = "human"
"""The seat kind of a person, who gets a token; every other kind is a bot's name."""
MAX_SEED_BITS = 64
"""A table's seed is an integer of at most this many bits (sign apart)."""

Json = dict[str, Any]


@attrs.frozen
class Game:
    """One game as the server plays it. The two entries are in :data:`GAMES`."""

    name: str
    """The game's name in requests and records: ``"sevens"`` or ``"durak"``."""
    min_players: int
    """The fewest seats a table may have."""
    max_players: int
    """The most seats a table may have."""
    bot_names: tuple[str, ...]
    """The bots a seat may be given, by name."""
    option_names: tuple[str, ...]
    """The fields of the request's ``"options"``."""
    titles: Mapping[Language, str]
    """The game's name for people, by language (``"en"``, ``"ru"``, ``"fr"``, ``"de"``)."""
    default_players: int
    """The seats of a table when the lobby proposes one."""
    option_fields: tuple[dict[str, Any], ...]
    """Each option's name, default and kind, for a lobby's form (:func:`option_fields`)."""
    _new: Callable[[int, int | None, Mapping[str, Any]], Any]
    _bot: Callable[[str], Any]
    _apply: Callable[[Any, Any], Any]
    _legal: Callable[[Any], tuple[Any, ...]]
    _action: Callable[[int], Any] | None
    _seat_view: Callable[[Any, int], Any]
    _moves: Callable[[Any], list[str]]
    _from_json: Callable[[str], Any]
    _to_json: Callable[[Any], str]
    _view: Callable[[Any, Any], Json]
    _ranking: Callable[[Any], list[Json]]
    _refusal: Callable[[Any, Any, SevensError], str]

    @classmethod
    def of(cls, game: games.Game[Any, Any, Any], module: str) -> Game:
        """``game`` of the registry at a table of the server, with what the server adds in ``module``.

        The name, the seat range, the bots, the options and the rules (apply, legal
        moves, views, records, ranking) are ``game``'s. ``module``
        (``sevens_ru.games.durak.server``, say) has the functions of the same names: ``moves(state)`` (the moves so far as
        record text) and ``view(state, seen)`` (the game's own fields of :meth:`view_json`,
        from a seat's view); and, where it has them, ``new(players, seed, options)``
        (else the game's ``new_game`` with its options), ``action(number)`` (else moves
        are sent as text only) and ``refusal(state, move, error)`` (else the engine's
        reason, ``str(error)``).

        >>> from sevens_ru import games
        >>> durak = Game.of(games.get("durak"), "sevens_ru.games.durak.server")
        >>> durak.option_names, durak.max_players
        (('short_deck', 'take_limit'), 4)
        """
        parts = importlib.import_module(module)

        def new(players: int, seed: int | None, options: Mapping[str, Any]) -> Any:
            return game.new_game(players, seed=seed, options=game.options_type(**options))

        return cls(
            name=game.name,
            min_players=game.min_players,
            max_players=game.max_players,
            bot_names=game.bots.names,
            option_names=tuple(field.name for field in attrs.fields(game.options_type)),
            titles=dict(game.titles),
            default_players=game.default_players,
            option_fields=option_fields(game.options_type),
            new=getattr(parts, "new", new),
            bot=game.bots.make,
            apply=game.apply,
            legal=game.legal_moves,
            action=getattr(parts, "action", None),
            seat_view=game.view,
            moves=parts.moves,
            from_json=game.from_json,
            to_json=game.to_json,
            view=parts.view,
            ranking=lambda state: standings(game.ranking(state)),
            refusal=getattr(parts, "refusal", lambda state, move, error: str(error)),
        )

    def deal(self, seats: Sequence[str], *, seed: int | None, options: Mapping[str, Any]) -> Any:
        """A new table's state for ``seats`` (each ``"human"`` or a bot name).

        Raises:
            InvalidDealError: a bad number of seats, an unknown seat kind or a bad seed.
            InvalidOptionsError: an unknown option or a bad value.
        """
        if not self.min_players <= len(seats) <= self.max_players:
            raise InvalidDealError(
                f"{self.name} is for {self.min_players} to {self.max_players} seats, "
                f"got {len(seats)}"
            )
        for number, kind in enumerate(seats):
            if kind != HUMAN and kind not in self.bot_names:
                raise InvalidDealError(
                    f"seats[{number}]: expected 'human' or a bot of {self.name} "
                    f"({', '.join(self.bot_names)}), got {str(kind)[:40]!r}"
                )
        if seed is not None and seed.bit_length() > MAX_SEED_BITS:
            raise InvalidDealError(f"the seed has more than {MAX_SEED_BITS} bits")
        unknown = sorted(set(options) - set(self.option_names))
        if unknown:
            raise InvalidOptionsError(
                f"unknown option {unknown[0][:40]!r} for {self.name}: expected "
                f"{', '.join(self.option_names)}"
            )
        return self._new(len(seats), seed, options)

    def describe(self) -> dict[str, Any]:
        """What ``GET /api/games`` says of the game: its titles, seats, bots, options and series.

        ``"series"`` is what a lobby needs to offer the game's series
        (:func:`sevens_ru.web.series.description`), ``None`` for a game without.

        >>> described = GAMES["durak"].describe()
        >>> described["titles"]["ru"], described["max_players"], described["options"]
        ('Дурачки', 4, ['short_deck', 'take_limit'])
        >>> described["option_fields"][0]
        {'name': 'short_deck', 'default': False, 'kind': 'bool'}
        >>> described["series"]["scoring"], described["series"]["kinds"]  # sevens_ru.web.series
        ('chips', ['chips', 'penalty', 'places'])
        """
        return {
            "titles": dict(self.titles),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "default_players": self.default_players,
            "bots": list(self.bot_names),
            "options": list(self.option_names),
            "option_fields": [dict(field) for field in self.option_fields],
            "series": description(self.name),
        }

    @property
    def key(self) -> str:
        """The name the database keeps for a table of one deal: the game's name."""
        return self.name

    def think_job(self, state: Any, rng_key: str) -> tuple[str, str, str]:
        """What the bots' worker processes are sent (:func:`~sevens_ru.web.thinking.think`): the game, the record, the key."""
        return self.name, self.to_json(state), rng_key

    def picture(self, state: Any, seat: int, lang: str) -> str:
        """``seat``'s picture of ``state`` in ``lang``'s words (:func:`sevens_ru.svg.position`).

        Raises:
            NotAGameStateError: the game does not draw itself (``Game.draw`` is ``None``).
        """
        from .. import svg

        return svg.position(self._seat_view(state, seat), lang=lang)  # type: ignore[arg-type]  # one of LANGUAGES

    def bot(self, name: str) -> Any:
        """A fresh bot of this game called ``name``."""
        return self._bot(name)

    def read_move(self, state: Any, move: object) -> Any:
        """The move that ``move`` (text, or an action number) stands for; not yet checked.

        Raises:
            InvalidMoveError: ``move`` is not a move of this game.
        """
        if isinstance(move, str):
            return move
        number = as_int(move)
        if number is not None:
            if self._action is None:
                raise InvalidMoveError(f"{self.name} moves are sent as text, such as 'take'")
            return self._action(number)
        raise InvalidMoveError(f"a move is text such as '9♦' or an action number, got {move!r}")

    def apply(self, state: Any, move: Any) -> Any:
        """The state after ``move``, checked by the engine (it raises on an illegal move)."""
        return self._apply(state, move)

    def refusal(self, state: Any, move: Any, error: SevensError) -> str:
        """What to tell the seat to move whose ``move`` the engine refused with ``error``.

        It names no card but the seat's own, those it named and those everyone saw.
        """
        return self._refusal(state, move, error)

    def legal_moves(self, state: Any) -> tuple[Any, ...]:
        """The legal moves of the seat to move."""
        return self._legal(state)

    def bot_move(self, state: Any, bot: Any, rng: random.Random) -> Any:
        """What ``bot``, seeing only its seat's view, plays now."""
        seat: int = state.current_player  # a bot moves only in play
        return bot.choose(self._seat_view(state, seat), rng)

    def seat_view(self, state: Any, seat: int) -> Any:
        """The engine's view of ``state`` for ``seat``."""
        return self._seat_view(state, seat)

    def move_texts(self, state: Any) -> list[str]:
        """The moves made so far, as record text (their number is the table's version)."""
        return self._moves(state)

    def to_json(self, state: Any) -> str:
        """The game record of ``state``."""
        return self._to_json(state)

    def from_json(self, text: str) -> Any:
        """The state of a stored record, every move replayed and checked."""
        return self._from_json(text)

    def view_json(self, state: Any, seat: int) -> Json:
        """What ``seat`` may see, as the JSON the API sends.

        Every game's begins with the seat, the hands' sizes and the legal moves, and
        ends with the options and the ranking (``None`` until the game is over); the
        game's ``view`` gives what lies between, from the state and the seat's view.
        """
        seen = self._seat_view(state, seat)
        return {
            "game": self.name,
            "seat": seat,
            "players": state.players,
            "hand": [str(card) for card in seen.hand],  # in the game's own order (F5)
            "hand_sizes": list(seen.hand_sizes),
            "current_player": seen.current_player,
            "legal_moves": [str(move) for move in seen.legal_moves()],
            "over": seen.is_over,
            **self._view(state, seen),
            "options": attrs.asdict(seen.options),
            "ranking": self.ranking_json(state) if seen.is_over else None,
        }

    def ranking_json(self, state: Any) -> list[Json]:
        """The ranking of a finished game, best first."""
        return self._ranking(state)


def description(name: str) -> Json | None:
    """The series part of ``name``'s description (:func:`sevens_ru.web.series.description`)."""
    from .series import description as described  # it imports this module

    return described(name)


def option_fields(options_type: type) -> tuple[dict[str, Any], ...]:
    """Each field of an options class as a lobby's form shows it: its name, default and kind.

    The kind is ``"bool"``, ``"int"``, ``"choice"`` (a ``Literal``, with its
    ``"choices"``) or ``"text"``; the engine checks every value a request sends.

    >>> from sevens_ru import games
    >>> for field in option_fields(games.get("domino").Options)[:2]:
    ...     print(field)
    {'name': 'pack', 'default': 52, 'kind': 'choice', 'choices': [52, 32]}
    {'name': 'ace', 'default': 'low', 'kind': 'choice', 'choices': ['low', 'high']}
    """
    hints = typing.get_type_hints(options_type)
    fields: list[Json] = []
    for field in attrs.fields(options_type):
        hint = hints.get(field.name)
        described: Json = {"name": field.name, "default": field.default}
        if typing.get_origin(hint) is typing.Literal:
            described.update(kind="choice", choices=list(typing.get_args(hint)))
        elif hint is bool or hint is int:
            described["kind"] = hint.__name__
        else:
            described["kind"] = "text"
        fields.append(described)
    return tuple(fields)


def cards(cards: Sequence[Card] | frozenset[Card]) -> list[str]:
    """Cards as record text, in canonical order."""
    return [str(card) for card in sorted(cards)]


def standings(ranking: Sequence[Any]) -> list[Json]:
    """A ranking's standings (attrs classes) as JSON, best first."""
    return [attrs.asdict(standing) for standing in ranking]


def server_games() -> dict[str, Game]:
    """The games a table can be of: every registered game that has a part of the server.

    In the registry's order, from :attr:`sevens_ru.games.Game.server`.

    >>> list(server_games())[:2]
    ['sevens', 'durak']
    """
    return {name: game.server() for name, game in games.offering("server").items()}  # type: ignore[misc]  # set, by offering()


GAMES: Mapping[str, Game] = server_games()
"""The games a table can be of, by name (:func:`server_games` when the server was imported)."""
