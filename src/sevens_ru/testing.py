"""The contract every game keeps, as one check for authors of games: :func:`api_test`.

As PettingZoo's ``api_test`` and pgx's API tests do for their environments,
:func:`api_test` plays a game through its :class:`~sevens_ru.games.Game` and checks
everything its consumers rely on. It raises ``AssertionError`` naming the first
violation, so it runs as it is inside any test runner:

>>> from sevens_ru import games
>>> from sevens_ru.testing import api_test
>>> api_test(games.get("durak"), games=2)

What it checks, for every seat count and every setup the game's ``variants`` give:

- the five functions play random games to the end: ``new_game`` gives the game's
  state type, reproducibly from a seed, ``apply`` returns a new state and leaves the old
  one as it was, ``ranking`` raises ``GameNotOverError`` before the end and then ranks
  every seat, and any move after the end raises ``IllegalMoveError``;
- ``legal_moves`` is empty exactly when the game is over, and ``current_player`` is
  ``None`` exactly then;
- bad seat counts raise ``InvalidDealError``, bad seats ``InvalidSeatError``;
- equal histories give equal states and hashes, different ones unequal states, and
  copies and pickles (every protocol) are equal states and views;
- no public attribute of a state or a view can be set, deleted or added;
- every function of a state raises ``NotAGameStateError`` for anything but a state of
  the game: text, ``None``, a record, the game's own view, every other registered
  game's states and views;
- a view lists the legal moves of its seat (none for the others), its hand, the hand
  sizes and the history; before the end, a view cannot tell two deals apart that
  differ only by cards hidden from it (the game's ``hide_others``), as long as the
  histories are equal (once over, the public outcome may depend on those cards);
- records read back to equal states at every ply, from text and from bytes, and a
  record of another game is refused with ``RecordError``; a record with tags
  (:class:`~sevens_ru.Tags`: names, bots, an event, a date, and the result once
  over) reads back with the same tags through ``read_record``, to the same state
  through ``from_json``, and tags that do not fit the game (a seat too many, a result
  before the end or another result) are refused with ``RecordError``;
- every legal move reads back from its text, and applying the text is applying the move;
- action numbers: ``legal_actions`` ascending and equal to the legal moves' numbers,
  ``legal_mask`` the same set, ``move_of(action_of(move)) == move``, every number below
  ``num_actions(players)``, and ``apply`` of a number is ``apply`` of its move;
- ``returns`` is zero-sum, one value per seat, once the game is over
  (``GameNotOverError`` before);
- every bot of the game's registry chooses a legal move, the same one from the same
  ``random.Random``; raises ``NoMoveError`` for a seat that has no move,
  ``NotAGameStateError`` for what is not a view of its game and ``WrongTypeError`` for
  an rng that is not a ``random.Random``; an unknown bot name raises ``UnknownBotError``.
"""

from __future__ import annotations

import copy
import datetime
import json
import math
import pickle
import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs

from .common._tags import BotTag, Tags
from .errors import (
    GameNotOverError,
    IllegalMoveError,
    InvalidDealError,
    InvalidSeatError,
    NoMoveError,
    NotAGameStateError,
    RecordError,
    UnknownBotError,
    WrongTypeError,
)
from .games import Game
from .games import get as get_game
from .games import names as game_names

__all__ = ["api_test"]

AnyGame = Game[Any, Any, Any]


def api_test(
    game: AnyGame,
    *,
    games: int = 6,
    seed: int = 0,
    others: tuple[AnyGame, ...] | None = None,
    bots: bool = True,
) -> None:
    """Check ``game`` against the whole contract of a game (see the module).

    ``games`` random games are played per seat count (spread over the game's
    ``variants``), from ``seed``; ``others`` are the games whose states and records it
    must refuse (by default every other registered game); ``bots=False`` leaves out
    the checks of the bots (a search bot at its default budget takes a while).

    Raises:
        AssertionError: the first violation found, with what was called.
        TypeError: ``game`` is not a :class:`~sevens_ru.games.Game`.
    """
    if not isinstance(game, Game):
        raise TypeError(f"api_test() takes a sevens_ru.games.Game, got {type(game).__name__}")
    if others is None:
        others = tuple(get_game(name) for name in game_names() if name != game.name)
    check = _Check(game, others, random.Random(seed))
    check.player_counts()
    for players in range(game.min_players, game.max_players + 1):
        plays = [check.play_out(players, number) for number in range(games)]
        for play in plays:
            check.five_functions(play)
            check.equality(play)
            check.copies(play)
            check.views(play)
            check.records(play)
            check.moves_and_actions(play)
            check.returns(play)
            check.hidden_cards(play)
        check.read_only(plays[0])
        check.foreign_values(plays[0])
        check.tags(plays[0])
        if bots:
            check.bots(plays[0])
    check.unknown_bot()


class _Play:
    """One game played with random legal moves: its setup, every state and every move."""

    def __init__(self, players: int, setup: Mapping[str, Any], deal_seed: int) -> None:
        self.players = players
        self.setup = setup
        self.seed = deal_seed
        self.states: list[Any] = []
        self.moves: list[Any] = []

    def __repr__(self) -> str:
        return f"a {self.players}-seat game (seed={self.seed}, {dict(self.setup)})"


def _expect(
    error: type[Exception], what: str, function: Callable[..., object], *args: object
) -> None:
    """``function(*args)`` raises ``error``, else the check fails saying what was called."""
    try:
        function(*args)
    except error:
        return
    except Exception as other:
        raise AssertionError(
            f"{what} raised {type(other).__name__} ({str(other)[:200]}), not {error.__name__}"
        ) from other
    raise AssertionError(f"{what} raised nothing, not {error.__name__}")


def _public(value: object) -> Iterator[str]:
    return (name for name in dir(value) if not name.startswith("_"))


class _Check:
    def __init__(self, game: AnyGame, others: tuple[AnyGame, ...], rng: random.Random) -> None:
        self.game = game
        self.others = others
        self.rng = rng
        self.name = game.name

    def fail(self, message: str) -> AssertionError:
        return AssertionError(f"{self.name}: {message}")

    def ensure(self, condition: object, message: str) -> None:
        if not condition:
            raise self.fail(message)

    # Games to check.

    def play_out(self, players: int, number: int) -> _Play:
        variants = self.game.variants(players)
        setup = variants[number % len(variants)]
        deal_seed = self.rng.getrandbits(64)
        play = _Play(players, setup, deal_seed)
        call = f"new_game({players}, seed={deal_seed}, **{dict(setup)})"
        try:
            state = self.game.new_game(players, seed=deal_seed, **setup)
            play.states.append(state)
            moves_rng = random.Random(deal_seed)
            while legal := self.game.legal_moves(state):
                move = moves_rng.choice(legal)
                call = f"apply() of the legal move {move!r} after {len(play.moves)} moves of {play}"
                state = self.game.apply(state, move)
                play.moves.append(move)
                play.states.append(state)
        except Exception as error:  # the game's own error where none is due
            raise self.fail(f"{call} raised {type(error).__name__}: {str(error)[:200]}") from error
        return play

    def deal(self, play: _Play) -> Any:
        return self.game.new_game(play.players, seed=play.seed, **play.setup)

    # The checks.

    def player_counts(self) -> None:
        g = self.game
        for players in (g.min_players - 1, g.max_players + 1, 0, -3, True, 3.0, "3", None):
            _expect(InvalidDealError, f"{self.name}.new_game({players!r})", g.new_game, players)

    def five_functions(self, play: _Play) -> None:
        g = self.game
        first = play.states[0]
        self.ensure(isinstance(first, g.state_type), f"new_game gave a {type(first).__name__}")
        self.ensure(
            first.players == play.players, f"new_game({play.players}) has {first.players} seats"
        )
        self.ensure(self.deal(play) == first, f"new_game is not reproducible from its seed: {play}")
        if not g.is_over(first):  # its automatic events may end a game before any move
            _expect(GameNotOverError, f"{self.name}.ranking() of a new game", g.ranking, first)
        for state, move, after in zip(play.states, play.moves, play.states[1:], strict=False):
            record = g.to_json(state)
            self.ensure(isinstance(after, g.state_type), f"apply gave a {type(after).__name__}")
            self.ensure(after != state, f"apply({move!r}) gave an equal state in {play}")
            self.ensure(
                g.to_json(state) == record, f"apply({move!r}) changed the state it was given"
            )
        last = play.states[-1]
        self.ensure(g.is_over(last) is True, f"is_over is not True at the end of {play}")
        standings = g.ranking(last)
        self.ensure(isinstance(standings, tuple), "ranking() is not a tuple")
        seats = sorted(standing.seat for standing in standings)
        self.ensure(seats == list(range(play.players)), f"ranking() ranks seats {seats}")
        places = [standing.place for standing in standings]
        self.ensure(places == sorted(places) and places[0] == 1, f"ranking() places {places}")
        if play.moves:
            _expect(
                IllegalMoveError,
                f"{self.name}.apply() after the end",
                g.apply,
                last,
                play.moves[-1],
            )
        for state in play.states:
            over = g.is_over(state)
            self.ensure(
                (g.legal_moves(state) == ()) is over, "legal_moves() is empty but for the end"
            )
            self.ensure(
                (state.current_player is None) is over, "current_player is None but for the end"
            )
            legal = g.legal_moves(state)
            self.ensure(isinstance(legal, tuple), "legal_moves() is not a tuple")
        for seat in (-1, play.players, 99, True, "0", None, 1.0):
            _expect(InvalidSeatError, f"{self.name}.view(state, {seat!r})", g.view, first, seat)

    def equality(self, play: _Play) -> None:
        replay = self.deal(play)
        for state, move in zip(play.states, [*play.moves, None], strict=True):
            self.ensure(
                replay == state and hash(replay) == hash(state),
                f"equal histories, unequal states in {play}",
            )
            self.ensure(replay.history == state.history, "equal states with unequal histories")
            if move is not None:
                replay = self.game.apply(replay, move)
        self.ensure(len(set(play.states)) == len(play.states), f"two states of {play} are equal")
        first = play.states[0]
        self.ensure(
            first != first.history and first != "a state", "a state equals what is not a state"
        )
        for other in self.others:
            theirs = other.new_game(other.min_players, seed=1)
            self.ensure(theirs not in play.states, f"a state equals a state of {other.name}")

    def copies(self, play: _Play) -> None:
        g = self.game
        middle = play.states[len(play.states) // 2]
        for state in (play.states[0], middle, play.states[-1]):
            for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
                same = pickle.loads(pickle.dumps(state, protocol))
                self.ensure(
                    same == state and hash(same) == hash(state),
                    f"a pickle (protocol {protocol}) is another state",
                )
            for same in (copy.copy(state), copy.deepcopy(state)):
                self.ensure(same == state and hash(same) == hash(state), "a copy is another state")
                self.ensure(
                    g.legal_moves(same) == g.legal_moves(state), "a copy has other legal moves"
                )
            for seat in range(play.players):
                seen = g.view(state, seat)
                for same in (
                    copy.copy(seen),
                    copy.deepcopy(seen),
                    pickle.loads(pickle.dumps(seen)),
                ):
                    self.ensure(
                        same == seen and hash(same) == hash(seen),
                        "a copy of a view is another view",
                    )

    def read_only(self, play: _Play) -> None:
        g = self.game
        for state in (play.states[0], play.states[len(play.states) // 2], play.states[-1]):
            record = g.to_json(state)
            values = [state, *(g.view(state, seat) for seat in range(play.players))]
            for value in values:
                kind = type(value).__name__
                names = set(_public(value))
                needed = {"players", "current_player", "history"}
                self.ensure(needed <= names, f"a {kind} lacks {sorted(needed - names)}")
                for name in names:
                    _expect(
                        AttributeError,
                        f"setting {kind}.{name}",
                        setattr,
                        value,
                        name,
                        "a new value",
                    )
                    _expect(AttributeError, f"deleting {kind}.{name}", delattr, value, name)
                _expect(
                    AttributeError,
                    f"adding an attribute to a {kind}",
                    setattr,
                    value,
                    "a_new_attribute",
                    1,
                )
            self.ensure(g.to_json(state) == record, "trying to change a state or view changed it")

    def foreign_values(self, play: _Play) -> None:
        g = self.game
        own = play.states[0]
        move = play.moves[0] if play.moves else None
        functions: dict[str, Callable[[object], object]] = {
            "legal_moves": g.legal_moves,
            "is_over": g.is_over,
            "ranking": g.ranking,
            "view": lambda state: g.view(state, 0),
            "to_json": g.to_json,
            "returns": g.returns,
            "legal_actions": g.legal_actions,
            "legal_mask": g.legal_mask,
        }
        if move is not None:
            functions["apply"] = lambda state: g.apply(state, move)
            functions["apply (text)"] = lambda state: g.apply(state, str(move))
            functions["apply (number)"] = lambda state: g.apply(state, g.action_of(move))
        values: list[object] = ["9♦", "take", None, {}, 7, g.to_json(own), g.view(own, 0)]
        for other in self.others:
            theirs = other.new_game(other.min_players, seed=1)
            values += [theirs, other.view(theirs, 0)]
        for name, function in functions.items():
            for value in values:
                call = f"{self.name}.{name}({type(value).__name__})"
                _expect(NotAGameStateError, call, function, value)

    def views(self, play: _Play) -> None:
        g = self.game
        for state in play.states:
            for seat in range(play.players):
                seen = g.view(state, seat)
                self.ensure(isinstance(seen, g.view_type), f"view() gave a {type(seen).__name__}")
                self.ensure(seen.seat == seat, "a view of another seat")
                expected = g.legal_moves(state) if seat == state.current_player else ()
                self.ensure(
                    seen.legal_moves() == expected, f"a view of seat {seat} lists other legal moves"
                )
                self.ensure(
                    seen.current_player == state.current_player, "a view's current_player differs"
                )
                self.ensure(seen.is_over is g.is_over(state), "a view's is_over differs")
                self.ensure(seen.hand == state.hand(seat), "a view's hand is not its seat's")
                self.ensure(seen.hand_sizes == state.hand_sizes, "a view's hand sizes differ")
                self.ensure(seen.history == state.history, "a view's history differs")

    def hidden_cards(self, play: _Play) -> None:
        """Before the end, a view cannot tell apart deals that differ only by cards hidden from it."""
        g = self.game
        if g.hide_others is None:
            return
        viewer = self.rng.randrange(play.players)
        other = g.hide_others(play.states[0], viewer, random.Random(play.seed))
        self.ensure(
            g.view(other, viewer) == g.view(play.states[0], viewer),
            f"seat {viewer}'s view at the deal tells the hidden cards apart",
        )
        for state, move in zip(play.states[1:], play.moves, strict=True):
            try:
                after = g.apply(other, move)
            except IllegalMoveError:
                return  # not legal with the other cards: the games part here
            if after.history != state.history:
                return  # the hidden cards showed (a pass, a join): the games part
            if g.is_over(state):
                return  # the outcome is public once over, and may read the hidden cards
            other = after
            mine, theirs = g.view(state, viewer), g.view(other, viewer)
            self.ensure(
                mine == theirs and hash(mine) == hash(theirs),
                f"seat {viewer}'s view tells hidden cards apart after {move!r}",
            )

    def records(self, play: _Play) -> None:
        g = self.game
        step = max(1, len(play.states) // 12)
        for state in [*play.states[::step], play.states[-1]]:
            record = g.to_json(state)
            self.ensure(
                json.loads(record).get("game") == self.name,
                "a record's \"game\" is not the game's name",
            )
            back = g.from_json(record)
            self.ensure(
                back == state and hash(back) == hash(state), "a record reads back to another state"
            )
            self.ensure(g.to_json(back) == record, "a record read back writes another record")
            self.ensure(
                g.from_json(record.encode()) == state, "a record read from bytes is another state"
            )
        for other in self.others:
            theirs = other.to_json(other.new_game(other.min_players, seed=1))
            _expect(
                RecordError, f"{self.name}.from_json(a record of {other.name})", g.from_json, theirs
            )

    def tags(self, play: _Play) -> None:
        g = self.game
        middle, final = play.states[len(play.states) // 2], play.states[-1]
        players = final.players
        result = Tags.result_of(g.ranking(final))
        tags = Tags(
            event="api_test",
            date=datetime.date(2025, 5, 1),
            players=tuple(f"player {seat}" for seat in range(players)),
            bots=(None, *(BotTag("random", {"level": seat}) for seat in range(1, players))),
        )
        for state, given in ((middle, tags), (final, attrs.evolve(tags, result=result))):
            record = g.to_json(state, tags=given)
            self.ensure(
                json.loads(record).get("game") == self.name, 'a tagged record\'s "game" is wrong'
            )
            read = g.read_record(record)
            self.ensure(
                read.state == state and read.tags == given,
                "a record with tags reads back to another state or other tags",
            )
            self.ensure(
                g.from_json(record) == state, "from_json of a tagged record is another state"
            )
            self.ensure(
                g.read_record(g.to_json(state)).tags == Tags(),
                "a record without tags reads back with tags",
            )
        wrong = {
            "a name too many": Tags(players=(*(tags.players or ()), "extra")),
            "another result": Tags(result=tuple(2 if place == 1 else 1 for place in result)),
        }
        for what, bad in wrong.items():
            _expect(
                RecordError,
                f"{self.name}.to_json(tags with {what})",
                lambda tags: g.to_json(final, tags=tags),
                bad,
            )
        if not g.is_over(middle):
            _expect(
                RecordError,
                f"{self.name}.to_json(a result before the end)",
                lambda: g.to_json(middle, tags=Tags(result=result)),
            )

    def moves_and_actions(self, play: _Play) -> None:
        g = self.game
        size = g.num_actions(play.players)
        for state, move in zip(play.states, play.moves, strict=False):
            legal = g.legal_moves(state)
            actions = g.legal_actions(state)
            numbers = [g.action_of(each) for each in legal]
            self.ensure(
                list(actions) == sorted(numbers),
                "legal_actions() are not the legal moves' numbers, ascending",
            )
            self.ensure(
                all(0 <= number < size for number in numbers),
                f"an action number beyond num_actions({play.players})",
            )
            mask = g.legal_mask(state)
            self.ensure(
                mask == sum(1 << number for number in numbers),
                "legal_mask() is not the legal actions",
            )
            for each in legal:
                self.ensure(
                    g.move_of(g.action_of(each)) == each,
                    f"move_of(action_of({each!r})) is another move",
                )
                self.ensure(
                    g.parse_move(str(each)) == each, f"{str(each)!r} reads back as another move"
                )
            after = g.apply(state, move)
            self.ensure(
                g.apply(state, str(move)) == after, f"apply({str(move)!r}) is not apply of the move"
            )
            self.ensure(
                g.apply(state, g.action_of(move)) == after,
                "apply of an action number is not apply of its move",
            )
        last = play.states[-1]
        self.ensure(
            g.legal_actions(last) == () and g.legal_mask(last) == 0, "legal actions once over"
        )

    def returns(self, play: _Play) -> None:
        g = self.game
        if len(play.states) > 1:
            _expect(
                GameNotOverError, f"{self.name}.returns() before the end", g.returns, play.states[0]
            )
        values = g.returns(play.states[-1])
        self.ensure(len(values) == play.players, "returns() has not one value per seat")
        self.ensure(
            math.isclose(sum(values), 0.0, abs_tol=1e-9), f"returns() {values} are not zero-sum"
        )

    def bots(self, play: _Play) -> None:
        g = self.game
        names = g.bots.names
        self.ensure(
            names and all(isinstance(name, str) for name in names), "the game has no bots by name"
        )
        step = max(1, len(play.states) // 3)
        playing = list(play.states[:-1:step])[:3]
        start, end = play.states[0], play.states[-1]
        foreign: list[object] = ["9♦", None, start]
        for other in self.others:
            theirs = other.new_game(other.min_players, seed=1)
            foreign.append(other.view(theirs, theirs.current_player))
        for name in names:
            bot = g.bots.make(name)
            for number, state in enumerate(playing):
                seen = g.view(state, state.current_player)
                move = bot.choose(seen, random.Random(number))
                self.ensure(
                    move in g.legal_moves(state), f"bot {name!r} chose {move!r}, not a legal move"
                )
                self.ensure(
                    bot.choose(seen, random.Random(number)) == move,
                    f"bot {name!r} chose otherwise from the same rng",
                )
            for state in (start, end):
                for seat in range(play.players):
                    if seat != state.current_player:
                        call = f"bot {name!r} choosing for seat {seat}, which has no move"
                        _expect(NoMoveError, call, bot.choose, g.view(state, seat), random.Random())
            seen = g.view(start, start.current_player)
            for value in foreign:
                _expect(
                    NotAGameStateError,
                    f"bot {name!r} given a {type(value).__name__}",
                    bot.choose,
                    value,
                    random.Random(),
                )
            for rng in (None, 7, random):
                _expect(
                    WrongTypeError, f"bot {name!r} given {rng!r} as its rng", bot.choose, seen, rng
                )

    def unknown_bot(self) -> None:
        _expect(
            UnknownBotError,
            f"{self.name} bots.make('no-such-bot')",
            self.game.bots.make,
            "no-such-bot",
        )
