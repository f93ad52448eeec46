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

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

import sevens_ru as s7

from ..common._numbers import as_int
from ..common.cards import DECK, Card
from ..errors import (
    IllegalMoveError,
    InvalidDealError,
    InvalidMoveError,
    InvalidOptionsError,
    SevensError,
)
from ..games import durak
from ..games.durak import bots as durak_bots
from ..games.sevens.bots import BOT_NAMES, make_bot

__all__ = ["GAMES", "HUMAN", "MAX_SEED_BITS", "MAX_TAKE_LIMIT", "Game"]

HUMAN = "human"
"""The seat kind of a person, who gets a token; every other kind is a bot's name."""
MAX_SEED_BITS = 64
"""A table's seed is an integer of at most this many bits (sign apart)."""
MAX_TAKE_LIMIT = durak.Options().take_limit
"""The largest ``take_limit`` (D13) a Durak table may ask for: the default, 100."""

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
    _new: Callable[[int, int | None, Mapping[str, Any]], Any]
    _bot: Callable[[str], Any]
    _apply: Callable[[Any, Any], Any]
    _legal: Callable[[Any], tuple[Any, ...]]
    _action: Callable[[int], Any] | None
    _seat_view: Callable[[Any, int], Any]
    _moves: Callable[[Any], list[str]]
    _from_json: Callable[[str], Any]
    _to_json: Callable[[Any], str]
    _view: Callable[[Any, int], Json]
    _ranking: Callable[[Any], list[Json]]
    _refusal: Callable[[Any, Any, SevensError], str]

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
        """What ``seat`` may see, as the JSON the API sends."""
        return self._view(state, seat)

    def ranking_json(self, state: Any) -> list[Json]:
        """The ranking of a finished game, best first."""
        return self._ranking(state)


def _sevens_new(players: int, seed: int | None, options: Mapping[str, Any]) -> s7.GameState:
    return s7.new_game(players, seed=seed, options=s7.Options(**options))


def _durak_new(players: int, seed: int | None, options: Mapping[str, Any]) -> durak.GameState:
    limit = options.get("take_limit", MAX_TAKE_LIMIT)
    if isinstance(limit, int) and limit > MAX_TAKE_LIMIT:
        raise InvalidOptionsError(
            f"take_limit is at most {MAX_TAKE_LIMIT} on this server, got {limit}"
        )
    return durak.new_game(players, seed=seed, options=durak.Options(**options))


def _sevens_moves(state: s7.GameState) -> list[str]:
    return [str(event.card) for event in state.history if isinstance(event, s7.Play)]


def _durak_moves(state: durak.GameState) -> list[str]:
    return [str(move) for move in state.moves]


def _sevens_action(number: int) -> Card:
    if not 0 <= number < len(DECK):
        raise InvalidMoveError(f"an action number is 0 to {len(DECK) - 1}, got {number}")
    return DECK[number]


def _sevens_refusal(state: s7.GameState, move: Any, error: SevensError) -> str:
    """The engine's reason names the nine that opens a row, which may be in another hand."""
    if not isinstance(error, IllegalMoveError) or state.current_player is None:
        return str(error)
    card = move if isinstance(move, Card) else Card.parse(move)
    seat = state.current_player
    legal = " ".join(map(str, s7.legal_moves(state)))
    if card in state.table:
        reason = f"{card} is on the table"
    elif card not in state.hand(seat):
        reason = f"{card} is not in their hand"
    else:
        reason = "a row opens with its nine (the first with 9♦) and grows from its ends (R7, R9)"
    return f"seat {seat} cannot play {card}: {reason}; legal moves: {legal}"


def _durak_refusal(state: durak.GameState, move: Any, error: SevensError) -> str:
    """The engine's reasons name only the move's cards and the bout's."""
    return str(error)


def _cards(cards: Sequence[Card] | frozenset[Card]) -> list[str]:
    return [str(card) for card in sorted(cards)]


def _common(state: s7.GameState | durak.GameState, seat: int, seen: Any) -> Json:
    over = seen.is_over
    return {
        "seat": seat,
        "players": state.players,
        "hand": _cards(seen.hand),
        "hand_sizes": list(seen.hand_sizes),
        "current_player": seen.current_player,
        "legal_moves": [str(move) for move in seen.legal_moves()],
        "over": over,
    }


def _sevens_view(state: s7.GameState, seat: int) -> Json:
    seen = s7.view(state, seat)
    history: list[Json] = [
        {"event": "play", "seat": event.seat, "card": str(event.card)}
        if isinstance(event, s7.Play)
        else {"event": "pass", "seat": event.seat}
        for event in seen.history
    ]
    return {
        "game": "sevens",
        **_common(state, seat, seen),
        "version": len(seen.table),
        "table": _cards(seen.table),
        "passes": list(seen.passes),
        "winner": seen.winner,
        "history": history,
        "options": attrs.asdict(seen.options),
        "ranking": _sevens_ranking(state) if seen.is_over else None,
    }


def _durak_event(event: durak.Event) -> Json:
    if isinstance(event, durak.Led):
        return {"event": "lead", "seat": event.seat, "cards": _cards(event.cards)}
    if isinstance(event, durak.Joined):
        return {"event": "join", "seat": event.seat, "cards": _cards(event.cards)}
    if isinstance(event, durak.Covered):
        return {
            "event": "cover",
            "seat": event.seat,
            "attack": str(event.attack),
            "card": str(event.card),
        }
    return {"event": "take", "seat": event.seat, "cards": _cards(event.cards)}


def _durak_view(state: durak.GameState, seat: int) -> Json:
    seen = durak.view(state, seat)
    return {
        "game": "durak",
        **_common(state, seat, seen),
        "version": len(state.moves),
        "dealer": seen.dealer,
        "trump": str(seen.trump),
        "table": [
            [str(attack), str(cover) if cover is not None else None] for attack, cover in seen.table
        ],
        "set_aside": _cards(seen.set_aside),
        "attacker": seen.attacker,
        "defender": seen.defender,
        "out": list(seen.out),
        "loser": seen.loser,
        "history": [_durak_event(event) for event in seen.history],
        "options": attrs.asdict(seen.options),
        "ranking": _durak_ranking(state) if seen.is_over else None,
    }


def _sevens_ranking(state: s7.GameState) -> list[Json]:
    return [attrs.asdict(standing) for standing in s7.ranking(state)]


def _durak_ranking(state: durak.GameState) -> list[Json]:
    return [attrs.asdict(standing) for standing in durak.ranking(state)]


GAMES: dict[str, Game] = {
    "sevens": Game(
        name="sevens",
        min_players=2,
        max_players=6,
        bot_names=BOT_NAMES,
        option_names=("rank_by_passes", "place_numbering"),
        new=_sevens_new,
        bot=make_bot,
        apply=s7.apply,
        legal=s7.legal_moves,
        action=_sevens_action,
        seat_view=s7.view,
        moves=_sevens_moves,
        from_json=s7.from_json,
        to_json=s7.to_json,
        view=_sevens_view,
        ranking=_sevens_ranking,
        refusal=_sevens_refusal,
    ),
    "durak": Game(
        name="durak",
        min_players=2,
        max_players=4,
        bot_names=durak_bots.BOT_NAMES,
        option_names=("short_deck", "take_limit"),
        new=_durak_new,
        bot=durak_bots.make_bot,
        apply=durak.apply,
        legal=durak.legal_moves,
        action=None,
        seat_view=durak.view,
        moves=_durak_moves,
        from_json=durak.from_json,
        to_json=durak.to_json,
        view=_durak_view,
        ranking=_durak_ranking,
        refusal=_durak_refusal,
    ),
}
"""The games a table can be of, by name."""
