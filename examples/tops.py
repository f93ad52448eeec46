"""Tops: a small card game of our own, added to sevens-ru from outside the package.

The walk-through is docs/howto/add-game.md. The rules, in full:

- 2 to 4 players; each is dealt 4 cards of the 36-card Russian pack; seat 0 leads.
- In turn, each plays any card of their hand face up onto one pile. A card of the
  suit of the pile's top card and of a higher rank *tops* it: one point.
- When every hand is empty the game is over; most points first, equal points share
  a place.

Everything a consumer of the library needs is here: the state and the view, the
rules, the records, the action numbers, two bots and the :class:`~sevens_ru.games.Game`
value that lists them (:data:`GAME`). Run this file to check it against the whole
contract and play one game: ``python examples/tops.py``.
"""

from __future__ import annotations

import json
import numbers
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from sevens_ru import DECK, Card, games
from sevens_ru.errors import (
    GameNotOverError,
    IllegalMoveError,
    InvalidDealError,
    InvalidMoveError,
    InvalidSeatError,
    NoMoveError,
    NotAGameStateError,
    RecordError,
    SevensError,
    UnknownBotError,
    WrongTypeError,
)
from sevens_ru.shuffle import fresh_seed, shuffled

HAND = 4
"""Cards dealt to each seat."""
MIN_PLAYERS, MAX_PLAYERS = 2, 4


# The state, its events and its view -------------------------------------------------
# [state]


@attrs.frozen
class Play:
    """A card played: who played it, and whether it topped the pile."""

    seat: int
    card: Card
    topped: bool


@attrs.frozen
class State:
    """A game of Tops: the deal and the plays so far; everything else follows from them."""

    deal: tuple[tuple[Card, ...], ...]
    history: tuple[Play, ...] = ()

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.deal)

    @property
    def current_player(self) -> int | None:
        """The seat to play, ``None`` once every card is played."""
        if len(self.history) == HAND * self.players:
            return None
        return len(self.history) % self.players

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now."""
        played = {play.card for play in self.history if play.seat == seat}
        return tuple(card for card in self.deal[seat] if card not in played)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(len(self.hand(seat)) for seat in range(self.players))

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's points so far."""
        return tuple(
            sum(play.topped for play in self.history if play.seat == seat)
            for seat in range(self.players)
        )


@attrs.frozen
class View:
    """What one seat may see: its own hand, the hand sizes and every play."""

    seat: int
    players: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    history: tuple[Play, ...]
    current_player: int | None
    moves: tuple[Card, ...]

    @property
    def is_over(self) -> bool:
        """Whether the game is over."""
        return self.current_player is None

    def legal_moves(self) -> tuple[Card, ...]:
        """The seat's legal moves: none unless it is to play."""
        return self.moves


@attrs.frozen
class Standing:
    """A seat's place and points at the end."""

    seat: int
    place: int
    points: int


# [/state]
# The rules -----------------------------------------------------------------------


def _state(value: object, function: str) -> State:
    if not isinstance(value, State):
        raise NotAGameStateError(
            f"tops.{function}() takes a Tops State, got {type(value).__name__}"
        )
    return value


def _players(players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, numbers.Integral):
        raise InvalidDealError(f"players is a whole number, got {type(players).__name__}")
    if not MIN_PLAYERS <= int(players) <= MAX_PLAYERS:
        raise InvalidDealError(f"Tops is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players}")
    return int(players)


def new_game(
    players: int = 3,
    *,
    seed: int | None = None,
    hands: Sequence[Iterable[Card | str]] | None = None,
) -> State:
    """A new game: dealt from ``seed`` (the same on every platform), or the given hands."""
    count = _players(players)
    if hands is not None:
        if seed is not None:
            raise InvalidDealError("give seed or hands, not both")
        deal = [
            [Card.parse(card) if isinstance(card, str) else card for card in hand] for hand in hands
        ]
        cards = [card for hand in deal for card in hand]
        if len(deal) != count or any(len(hand) != HAND for hand in deal):
            raise InvalidDealError(f"expected {count} hands of {HAND} cards")
        if not all(isinstance(card, Card) for card in cards) or len(set(cards)) != len(cards):
            raise InvalidDealError("every card of the hands is a different Card")
        return State(tuple(tuple(sorted(hand)) for hand in deal))
    order = shuffled(fresh_seed() if seed is None else int(seed), len(DECK))
    return State(
        tuple(
            tuple(sorted(DECK[i] for i in order[seat * HAND : (seat + 1) * HAND]))
            for seat in range(count)
        )
    )


def legal_moves(state: State) -> tuple[Card, ...]:
    """Any card of the hand of the seat to play; none once over."""
    state = _state(state, "legal_moves")
    seat = state.current_player
    return () if seat is None else state.hand(seat)


def is_over(state: State) -> bool:
    """Whether every card is played."""
    return _state(state, "is_over").current_player is None


def move_of(action: int) -> Card:
    """The card of an action number: its place in the pack."""
    if isinstance(action, bool) or not isinstance(action, numbers.Integral):
        raise InvalidMoveError(f"an action is a whole number, got {type(action).__name__}")
    if not 0 <= int(action) < len(DECK):
        raise InvalidMoveError(f"an action is 0 to {len(DECK) - 1}, got {action}")
    return DECK[int(action)]


def action_of(card: Card) -> int:
    """A card's action number."""
    return card.index


def apply(state: State, move: Card | str | int) -> State:
    """The state after the seat to play plays ``move`` (a card, its text or its number)."""
    state = _state(state, "apply")
    card = (
        move
        if isinstance(move, Card)
        else Card.parse(move)
        if isinstance(move, str)
        else move_of(move)
    )
    legal = legal_moves(state)
    if card not in legal:
        raise IllegalMoveError(
            f"seat {state.current_player} cannot play {card}; legal moves: "
            f"{' '.join(map(str, legal)) or 'none, the game is over'}"
        )
    top = state.history[-1].card if state.history else None
    topped = top is not None and card.suit == top.suit and card.rank > top.rank
    seat = state.current_player
    assert seat is not None  # a legal move has a seat to make it
    return attrs.evolve(state, history=(*state.history, Play(seat, card, topped)))


def view(state: State, seat: int) -> View:
    """What ``seat`` may see."""
    state = _state(state, "view")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise InvalidSeatError(f"a seat is 0 to {state.players - 1}, got {seat!r}")
    mine = seat == state.current_player
    return View(
        seat=seat,
        players=state.players,
        hand=state.hand(seat),
        hand_sizes=state.hand_sizes,
        history=state.history,
        current_player=state.current_player,
        moves=legal_moves(state) if mine else (),
    )


def ranking(state: State) -> tuple[Standing, ...]:
    """The standings, most points first; equal points share a place."""
    if not is_over(state):
        raise GameNotOverError("the game of Tops is not over yet")
    points = state.points
    order = sorted(range(state.players), key=lambda seat: (-points[seat], seat))
    return tuple(
        Standing(seat, 1 + sum(other > points[seat] for other in points), points[seat])
        for seat in order
    )


def returns(state: State) -> tuple[float, ...]:
    """Each seat's points less the mean: zero-sum."""
    ranking(state)  # over, else GameNotOverError
    points = state.points
    mean = sum(points) / len(points)
    return tuple(value - mean for value in points)


def legal_actions(state: State) -> tuple[int, ...]:
    """The legal moves' action numbers, ascending."""
    return tuple(sorted(card.index for card in legal_moves(state)))


def legal_mask(state: State) -> int:
    """The legal actions as bits of an int."""
    return sum(1 << action for action in legal_actions(state))


# Records -------------------------------------------------------------------------


def to_json(state: State) -> str:
    """The game record: the deal and the cards played."""
    state = _state(state, "to_json")
    return json.dumps(
        {
            "format": 1,
            "game": "tops",
            "deal": [[str(card) for card in hand] for hand in state.deal],
            "moves": [str(play.card) for play in state.history],
        },
        ensure_ascii=False,
    )


def from_json(text: str | bytes) -> State:
    """The state of a record, every move replayed and checked."""
    try:
        record = json.loads(text)
    except (ValueError, TypeError) as error:
        raise RecordError(f"a Tops record is JSON text: {error}") from None
    if not isinstance(record, dict) or record.get("game") != "tops" or record.get("format") != 1:
        raise RecordError('a Tops record is an object with "format": 1 and "game": "tops"')
    try:
        state = new_game(len(record["deal"]), hands=record["deal"])
        for ply, move in enumerate(record["moves"]):
            try:
                state = apply(state, move)
            except SevensError as error:
                raise RecordError(f"move {ply + 1}: {error}") from None
    except (KeyError, TypeError, SevensError) as error:
        raise RecordError(f"a broken Tops record: {error}") from None
    return state


# Bots ----------------------------------------------------------------------------


def _checked(seen: object, rng: object) -> tuple[Card, ...]:
    if not isinstance(seen, View):
        raise NotAGameStateError(f"a Tops bot chooses from a Tops View, got {type(seen).__name__}")
    if not isinstance(rng, random.Random):
        raise WrongTypeError(f"rng is a random.Random, got {type(rng).__name__}")
    moves = seen.legal_moves()
    if not moves:
        raise NoMoveError(f"seat {seen.seat} has no move to make")
    return moves


@attrs.frozen
class RandomBot:
    """Any legal card."""

    def choose(self, seen: View, rng: random.Random) -> Card:
        """A uniformly random legal card."""
        moves = _checked(seen, rng)  # before rng.choice, which would fail on a bad rng
        return rng.choice(moves)


@attrs.frozen
class GreedyBot:
    """Tops the pile with its lowest card that does; else throws its lowest card."""

    def choose(self, seen: View, rng: random.Random) -> Card:
        """The cheapest card that scores, else the cheapest card."""
        moves = _checked(seen, rng)
        top = seen.history[-1].card if seen.history else None
        toppers = [c for c in moves if top and c.suit == top.suit and c.rank > top.rank]
        return min(toppers or moves, key=lambda card: card.rank)


class Bots:
    """Tops's bots by name."""

    kinds: Mapping[str, type[RandomBot] | type[GreedyBot]] = {
        "random": RandomBot,
        "greedy": GreedyBot,
    }

    @property
    def names(self) -> tuple[str, ...]:
        """The bots' names."""
        return tuple(self.kinds)

    def make(self, description: str) -> Any:
        """A bot by its name."""
        kind = self.kinds.get(description) if isinstance(description, str) else None
        if kind is None:
            raise UnknownBotError(
                f"unknown Tops bot {str(description)[:40]!r}: expected random or greedy"
            )
        return kind()


# The game, as a value ------------------------------------------------------------
# [game]


def hide_others(state: State, viewer: int, rng: random.Random) -> State:
    """The same game with the cards ``viewer`` cannot see dealt otherwise among the others."""
    dealt = {card for hand in state.deal for card in hand}
    pool = [card for card in DECK if card not in state.deal[viewer]]
    rng.shuffle(pool)
    hands = [list(hand) for hand in state.deal]
    for seat in range(state.players):
        if seat != viewer:
            hands[seat], pool = pool[:HAND], pool[HAND:]
    assert len(dealt) == HAND * state.players
    return new_game(state.players, hands=hands)


GAME: games.Game[State, View, Card] = games.Game(
    name="tops",
    titles={"en": "Tops", "ru": "Перебей", "fr": "Surenchère", "de": "Übertrumpfen"},
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_players=3,
    state_type=State,
    view_type=View,
    options_type=type(None),
    setup=(),
    new_game=new_game,
    legal_moves=legal_moves,
    apply=apply,
    is_over=is_over,
    ranking=ranking,
    view=view,
    returns=returns,
    to_json=to_json,
    from_json=from_json,
    parse_move=Card.parse,
    num_actions=lambda players: len(DECK),
    action_of=action_of,
    move_of=move_of,
    legal_actions=legal_actions,
    legal_mask=legal_mask,
    bots=Bots(),
    hide_others=hide_others,
)
"""Tops, as every consumer of sevens-ru reads a game."""
# [/game]


if __name__ == "__main__":
    from sevens_ru.testing import api_test

    games.register(GAME)
    api_test(games.get("tops"))
    state, rng = GAME.new_game(3, seed=7), random.Random(7)
    bots = [GAME.bots.make("greedy"), GAME.bots.make("random"), GAME.bots.make("random")]
    while not GAME.is_over(state):
        seat = state.current_player
        assert seat is not None
        state = GAME.apply(state, bots[seat].choose(GAME.view(state, seat), rng))
    print(f"Tops keeps the contract; the points of one game: {state.points}")
