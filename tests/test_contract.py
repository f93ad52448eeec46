"""The contract every game of the library keeps, checked alike for each game.

As PettingZoo's ``api_test`` and pgx's API tests do for their games, one suite checks
what every game promises: the five functions (``new_game``, ``legal_moves``,
``apply``, ``is_over``, ``ranking``) with ``view``, ``to_json`` and ``from_json``;
equal histories giving equal states and hashes; copies and pickles; read-only
states and views; :class:`~sevens_ru.NotAGameStateError` for anything that is not a
state of the game; ``legal_moves`` empty exactly when the game is over; views that
list the legal moves of their seat; records that read back; moves that read back from
their text; and bots, from each game's registry, that choose a legal move or raise
:class:`~sevens_ru.NoMoveError`.

:data:`GAMES` has one entry per game: a new game passes the contract by adding one.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sevens_ru as s7
import sevens_ru.bots
import sevens_ru.durak.bots
from sevens_ru import durak

# States, views and moves are the game's own types: the contract treats them alike.
State = Any
Move = Any


@attrs.frozen
class Game:
    """One game of the library, as the contract sees it."""

    name: str
    """The game's name, as its records write it."""
    module: ModuleType
    """Where the five functions, ``view``, ``to_json``, ``from_json`` and the types are."""
    players: tuple[int, ...]
    """Every player count the game is for."""
    deal: Callable[[int, int], State]
    """A new game for a player count, reproducible from a seed (any option the seed picks)."""
    parse_move: Callable[[str], Move]
    """Reads the text form of a move (``str(move)``) back."""
    bots: ModuleType
    """The game's bots: ``BOT_NAMES`` and ``make_bot(name)``."""
    more_functions: Mapping[str, Callable[[State], object]] = attrs.field(factory=dict)
    """The game's other public functions of a state, beyond those every game has."""

    def __str__(self) -> str:
        return self.name


SEVENS_OPTIONS = (
    s7.Options(),
    s7.Options(rank_by_passes=True),
    s7.Options(place_numbering="dense"),
    s7.Options(rank_by_passes=True, place_numbering="dense"),
)


def durak_deal(players: int, seed: int) -> State:
    """Any dealer, and the short pack (D1) for an odd seed where the player count allows it."""
    options = durak.Options(short_deck=players < 4 and seed % 2 == 1)
    return durak.new_game(players, dealer=seed % players, seed=seed, options=options)


GAMES = (
    Game(
        name="sevens",
        module=s7,
        players=(2, 3, 4, 5, 6),
        deal=lambda players, seed: s7.new_game(
            players, seed=seed, options=SEVENS_OPTIONS[seed % 4]
        ),
        parse_move=s7.Card.parse,
        bots=sevens_ru.bots,
    ),
    Game(
        name="durak",
        module=durak,
        players=(2, 3, 4),
        deal=durak_deal,
        parse_move=durak.parse_move,
        bots=sevens_ru.durak.bots,
        more_functions={"payoffs": durak.payoffs, "next_dealer": durak.next_dealer},
    ),
)

every_game = pytest.mark.parametrize("game", GAMES, ids=str)
seeds = st.integers(min_value=0, max_value=2**64)


@attrs.frozen
class Playout:
    """One game played with uniformly random legal moves: every state and move."""

    players: int
    seed: int
    states: list[State]
    moves: list[Move]


def play_out(game: Game, players: int, seed: int, rng: random.Random) -> Playout:
    """Deal from ``seed`` and play random legal moves from ``rng`` to the end."""
    state = game.deal(players, seed)
    states, moves = [state], []
    while legal := game.module.legal_moves(state):
        move = rng.choice(legal)
        state = game.module.apply(state, move)
        moves.append(move)
        states.append(state)
    return Playout(players, seed, states, moves)


@st.composite
def playouts(draw: st.DrawFn, game: Game) -> Playout:
    """A whole random game of ``game``, of any player count."""
    players = draw(st.sampled_from(game.players), label="players")
    seed = draw(seeds, label="seed")
    return play_out(game, players, seed, random.Random(draw(seeds, label="moves")))


def some_states(game: Game, players: int, count: int) -> list[State]:
    """``count`` states spread over one random game of ``players`` (none over), and its end."""
    states = play_out(game, players, players, random.Random(players)).states
    step = max(1, (len(states) - 1) // count)
    return [*states[:-1:step][:count], states[-1]]


# The five functions, and the states they make.


@every_game
def test_the_five_functions_play_every_player_count_to_the_end(game: Game) -> None:
    g = game.module
    for players in game.players:
        for seed in range(4):
            state = g.new_game(players, seed=seed)
            assert isinstance(state, g.GameState) and state.players == players
            assert g.new_game(players, seed=seed) == state  # reproducible from the seed
            with pytest.raises(s7.GameNotOverError):
                g.ranking(state)
            while not g.is_over(state):
                moves = g.legal_moves(state)
                assert isinstance(moves, tuple) and moves
                record = g.to_json(state)
                after = g.apply(state, moves[-1])
                assert isinstance(after, g.GameState) and after != state
                assert g.to_json(state) == record and g.legal_moves(state) == moves  # untouched
                state = after
            assert g.is_over(state) is True and g.legal_moves(state) == ()
            standings = g.ranking(state)
            assert isinstance(standings, tuple)
            assert sorted(standing.seat for standing in standings) == list(range(players))
            assert all(isinstance(standing, g.Standing) for standing in standings)
            with pytest.raises(s7.IllegalMoveError):  # any move after the end
                g.apply(state, moves[-1])


@every_game
def test_new_game_refuses_a_player_count_the_game_is_not_for(game: Game) -> None:
    for players in (min(game.players) - 1, max(game.players) + 1, 0, -3, True, 3.0, "3", None):
        with pytest.raises(s7.InvalidDealError):
            game.module.new_game(players, seed=1)


@every_game
def test_a_view_of_a_seat_that_does_not_exist_raises_invalid_seat_error(game: Game) -> None:
    for players in game.players:
        state = game.deal(players, 1)
        for seat in (-1, players, 99, True, "0", None, 1.0):
            with pytest.raises(s7.InvalidSeatError):
                game.module.view(state, seat)


# Equality and hashing, copies and pickles.


@every_game
@settings(max_examples=60)
@given(data=st.data())
def test_equal_histories_give_equal_states_and_hashes(game: Game, data: st.DataObject) -> None:
    play = data.draw(playouts(game))
    replay = game.deal(play.players, play.seed)
    for state, move in zip(play.states, [*play.moves, None], strict=True):
        assert replay == state and hash(replay) == hash(state)
        assert replay.history == state.history
        if move is not None:
            replay = game.module.apply(replay, move)
    assert len(set(play.states)) == len(play.states)  # different histories: unequal
    other_deal = game.deal(play.players, play.seed + 1)
    assert other_deal != play.states[0] and other_deal not in play.states
    for other in GAMES:
        if other is not game:
            assert other.deal(min(other.players), 1) not in play.states
    assert play.states[0] != play.states[0].history and play.states[-1] != "a state"


@every_game
@settings(max_examples=25)
@given(data=st.data())
def test_copies_and_pickles_are_equal_states_and_views(game: Game, data: st.DataObject) -> None:
    play = data.draw(playouts(game))
    for state in play.states:
        for same in (copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
            assert same == state and hash(same) == hash(state)
            assert same.history == state.history
            assert game.module.legal_moves(same) == game.module.legal_moves(state)
    last = play.states[-1]
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(last, protocol)) == last
    for seat in range(play.players):
        seen = game.module.view(play.states[len(play.states) // 2], seat)
        for same in (copy.copy(seen), copy.deepcopy(seen), pickle.loads(pickle.dumps(seen))):
            assert same == seen and hash(same) == hash(seen)


# Read-only states and views.


def expect_error(
    error: type[Exception], what: str, function: Callable[..., object], *arguments: object
) -> None:
    """``function(*arguments)`` raises ``error``; else the test fails, saying ``what`` was called."""
    try:
        function(*arguments)
    except error:
        return
    except Exception as other:  # the wrong error: name it, with the call that raised it
        pytest.fail(f"{what} raised {type(other).__name__} ({other}), not {error.__name__}")
    pytest.fail(f"{what} raised nothing, not {error.__name__}")


def public_attributes(value: object) -> list[str]:
    """Every public attribute, method and property: a new one is covered at once."""
    return [name for name in dir(value) if not name.startswith("_")]


def assert_read_only(value: object) -> None:
    """Setting, deleting or adding an attribute of ``value`` raises ``AttributeError``.

    attrs' ``FrozenInstanceError`` is an ``AttributeError``.
    """
    names = public_attributes(value)
    assert {"players", "current_player", "history", "hand_sizes"} <= set(names)
    for name in names:
        with pytest.raises(AttributeError):
            setattr(value, name, "a new value")
        with pytest.raises(AttributeError):
            delattr(value, name)
    with pytest.raises(AttributeError):
        value.a_new_attribute = "a new value"  # type: ignore[attr-defined]


@every_game
def test_every_public_attribute_of_states_and_views_is_read_only(game: Game) -> None:
    for players in game.players:
        for state in some_states(game, players, 3):
            record = game.module.to_json(state)
            assert_read_only(state)
            assert game.module.to_json(state) == record
            for seat in range(players):
                seen = game.module.view(state, seat)
                assert_read_only(seen)
                assert seen == game.module.view(state, seat)


# Only a state of the game itself.


def functions_of_a_state(game: Game) -> dict[str, Callable[[object], object]]:
    """Every public function of ``game`` that takes a state, with its other arguments."""
    g = game.module
    move = g.legal_moves(game.deal(min(game.players), 1))[0]
    return {
        "legal_moves": g.legal_moves,
        "apply": lambda state: g.apply(state, move),
        "apply (move text)": lambda state: g.apply(state, str(move)),
        "is_over": g.is_over,
        "ranking": g.ranking,
        "view": lambda state: g.view(state, 0),
        "to_json": g.to_json,
        **game.more_functions,
    }


def not_states_of(game: Game) -> list[object]:
    """Foreign objects, the game's own view, and the states and views of every other game."""
    own = game.deal(min(game.players), 1)
    values: list[object] = ["9♦", "lead 6♣", None, {}, game.module.to_json(own)]
    values.append(game.module.view(own, 0))
    for other in GAMES:
        if other is not game:
            theirs = other.deal(min(other.players), 1)
            values += [theirs, other.module.view(theirs, 0)]
    return values


@every_game
def test_every_function_of_a_state_raises_not_a_game_state_error_for_anything_else(
    game: Game,
) -> None:
    for name, function in functions_of_a_state(game).items():
        for value in not_states_of(game):
            call = f"{game}: {name}({type(value).__name__})"
            expect_error(s7.NotAGameStateError, call, function, value)


# Legal moves, views and records along random games.


@pytest.mark.parametrize(
    ("game", "players"),
    [(game, players) for game in GAMES for players in game.players],
    ids=lambda value: str(value),
)
@given(seed=seeds, moves=seeds)
def test_legal_moves_are_empty_exactly_when_the_game_is_over(
    game: Game, players: int, seed: int, moves: int
) -> None:
    play = play_out(game, players, seed, random.Random(moves))
    for state in play.states:
        assert (game.module.legal_moves(state) == ()) is game.module.is_over(state)
        assert (state.current_player is None) is game.module.is_over(state)
    assert [game.module.is_over(state) for state in play.states].count(True) == 1


@every_game
@settings(max_examples=50)
@given(data=st.data())
def test_a_view_lists_the_legal_moves_of_its_seat_and_no_other(
    game: Game, data: st.DataObject
) -> None:
    play = data.draw(playouts(game))
    g = game.module
    for state in play.states:
        for seat in range(play.players):
            seen = g.view(state, seat)
            assert isinstance(seen, g.PlayerView) and seen.seat == seat
            expected = g.legal_moves(state) if seat == state.current_player else ()
            assert seen.legal_moves() == expected
            assert seen.current_player == state.current_player
            assert seen.is_over is g.is_over(state)
            assert seen.hand == state.hand(seat) and seen.hand_sizes == state.hand_sizes
            assert seen.history == state.history


@every_game
@settings(max_examples=40)
@given(data=st.data())
def test_records_read_back_to_the_same_state_at_every_ply(game: Game, data: st.DataObject) -> None:
    play = data.draw(playouts(game))
    g = game.module
    for state in play.states:
        record = g.to_json(state)
        assert json.loads(record)["game"] == game.name
        back = g.from_json(record)
        assert back == state and hash(back) == hash(state)
        assert g.to_json(back) == record and g.legal_moves(back) == g.legal_moves(state)
        assert g.from_json(record.encode()) == state
    for other in GAMES:  # a record of another game is refused, never misread
        if other is not game:
            with pytest.raises(s7.RecordError):
                g.from_json(other.module.to_json(other.deal(min(other.players), 1)))


@every_game
@settings(max_examples=60)
@given(data=st.data())
def test_every_legal_move_reads_back_from_its_text(game: Game, data: st.DataObject) -> None:
    play = data.draw(playouts(game))
    for state, move in zip(play.states, play.moves, strict=False):
        for legal in game.module.legal_moves(state):
            assert game.parse_move(str(legal)) == legal
        assert game.module.apply(state, str(move)) == game.module.apply(state, move)


# Bots, by the names of the game's registry.


def bots_of(game: Game) -> dict[str, Any]:
    """Every bot the game's registry names, made by its ``make_bot``."""
    names = game.bots.BOT_NAMES
    assert names and all(isinstance(name, str) for name in names)
    return {name: game.bots.make_bot(name) for name in names}


@every_game
def test_the_bot_registry_refuses_a_name_it_does_not_know(game: Game) -> None:
    with pytest.raises(s7.UnknownBotError):
        game.bots.make_bot("no-such-bot")


@every_game
def test_every_bot_chooses_a_legal_move_reproducibly_from_its_rng(game: Game) -> None:
    for name, bot in bots_of(game).items():
        for players in game.players:
            for number, state in enumerate(some_states(game, players, 3)[:-1]):
                seen = game.module.view(state, state.current_player)
                move = bot.choose(seen, random.Random(number))
                assert move in game.module.legal_moves(state), (name, state, move)
                assert bot.choose(seen, random.Random(number)) == move, name


@every_game
def test_a_bot_asked_to_move_for_a_seat_without_a_move_raises_no_move_error(game: Game) -> None:
    for name, bot in bots_of(game).items():
        for players in game.players:
            start, *_, end = some_states(game, players, 1)
            for state in (start, end):  # a seat not to move, and every seat once over
                for seat in range(players):
                    if seat != state.current_player:
                        seen = game.module.view(state, seat)
                        call = f"{game} bot {name!r} choosing for seat {seat} of {state!r}"
                        expect_error(s7.NoMoveError, call, bot.choose, seen, random.Random())


@every_game
def test_a_bot_refuses_what_is_not_a_view_of_its_game_or_not_a_random_generator(
    game: Game,
) -> None:
    state = game.deal(min(game.players), 1)
    seen = game.module.view(state, state.current_player)
    foreign: list[object] = ["9♦", None, state]
    for other in GAMES:
        if other is not game:
            theirs = other.deal(min(other.players), 1)
            foreign.append(other.module.view(theirs, theirs.current_player))
    for name, bot in bots_of(game).items():
        for value in foreign:
            call = f"{game} bot {name!r} given a {type(value).__name__}"
            expect_error(s7.NotAGameStateError, call, bot.choose, value, random.Random())
        for rng in (None, 7, random):
            call = f"{game} bot {name!r} given {rng!r} as its rng"
            expect_error(s7.WrongTypeError, call, bot.choose, seen, rng)
