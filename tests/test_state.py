"""The game state as a value: immutable, hashable, comparable, printable, picklable."""

from __future__ import annotations

import copy
import pickle

import pytest

import sevens_ru as s7
from sevens_ru import durak
from sevens_ru.common._linked import builder
from sevens_ru.games.sevens.state import _rebuild, build_state


def midgame() -> s7.GameState:
    state = s7.new_game(4, seed=7)
    for _ in range(6):
        state = s7.apply(state, s7.legal_moves(state)[0])
    return state


def test_public_attributes_cannot_be_set_or_added() -> None:
    state = midgame()
    for name in (
        "players",
        "options",
        "deal",
        "hands",
        "table",
        "current_player",
        "passes",
        "history",
        "winner",
    ):
        with pytest.raises(AttributeError):
            setattr(state, name, None)
    with pytest.raises(AttributeError):
        state.note = "x"  # type: ignore[attr-defined]


def test_states_are_made_by_the_library_only() -> None:
    with pytest.raises(s7.NotAGameStateError, match="new_game"):
        s7.GameState()


def test_states_of_both_games_are_of_their_real_class() -> None:
    # Both games build states with sevens_ru.common._linked.builder: no subclass, no __init__,
    # and the class itself refuses to be called, with any arguments.
    state = s7.apply(s7.new_game(3, seed=1), "9♦")
    assert type(state) is type(s7.new_game(2, seed=2)) is s7.GameState
    start = durak.new_game(2, seed=1)
    after = durak.apply(start, durak.legal_moves(start)[0])
    assert type(start) is type(after) is durak.GameState
    for cls in (s7.GameState, durak.GameState):
        with pytest.raises(s7.NotAGameStateError, match=r"new_game.*not directly"):
            cls()
        with pytest.raises(s7.NotAGameStateError, match="not directly"):
            cls(1, seat=2)  # type: ignore[call-arg]


def test_the_builder_takes_a_keyword_per_slot() -> None:
    start = s7.new_game(4, seed=7)
    copied = build_state(
        setup=start._setup, board=start._board, turn=start._turn, moves=start._moves, parent=None
    )
    assert type(copied) is s7.GameState and copied == start and copied is not start
    assert s7.legal_moves(copied) == s7.legal_moves(start)
    with pytest.raises(TypeError, match="missing"):
        build_state(setup=start._setup, board=start._board)
    with pytest.raises(TypeError, match="unexpected keyword"):
        build_state(setup=start._setup, board=0, turn=0, moves=0, parent=None, table=0)
    with pytest.raises(TypeError, match="GameState has no slot for colour"):
        builder(s7.GameState, colour=0)
    # A default fills its slot (Durak's legal moves are computed on first use).
    deal = durak.new_game(2, seed=3)
    assert deal._legal is None
    assert durak.legal_moves(deal) and deal._legal is not None


def test_equality_and_hash() -> None:
    a, b = midgame(), midgame()
    assert a == b and hash(a) == hash(b) and a is not b
    assert len({a, b}) == 1
    assert a != s7.apply(a, s7.legal_moves(a)[0])
    assert a != "state"
    assert s7.new_game(4, seed=7) != s7.new_game(4, seed=8)
    assert s7.new_game(4, seed=7) != s7.new_game(5, seed=7)


def test_the_same_cards_in_another_order_are_another_state() -> None:
    # Seat 1 opens clubs then hearts in one game, hearts then clubs in the other: the
    # tables, hands and passes end up equal, the histories (and so the states) do not.
    hands = [
        "9♦ 10♦ 6♣ 7♣ 8♣ 10♣ J♣ Q♣ K♣ A♣ 6♥ 7♥ 8♥ 10♥ J♥ Q♥ K♥ A♥".split(),
        "6♦ 7♦ 8♦ J♦ Q♦ K♦ A♦ 9♣ 9♥ 9♠ 6♠ 7♠ 8♠ 10♠ J♠ Q♠ K♠ A♠".split(),
    ]
    state = s7.apply(s7.new_game(2, hands=hands), "9♦")  # seat 1 to play
    one = s7.apply(s7.apply(state, "9♣"), "10♦")
    other = s7.apply(s7.apply(state, "9♥"), "10♦")
    assert one.table != other.table
    a = s7.apply(s7.apply(one, "9♥"), "10♣")
    b = s7.apply(s7.apply(other, "9♣"), "10♣")
    assert a.table == b.table and a.hands == b.hands and a.passes == b.passes
    assert a.current_player == b.current_player
    assert a != b and a.history != b.history


def test_copies_are_the_same_object() -> None:
    state = midgame()
    assert copy.copy(state) is state
    assert copy.deepcopy(state) is state


def test_pickle_replays_the_game() -> None:
    state = midgame()
    assert pickle.loads(pickle.dumps(state)) == state
    # Anything that does not replay is a RecordError (a bad play: its cause says why).
    with pytest.raises(s7.RecordError, match="does not replay") as refused:
        _rebuild(4, s7.Options(), state._setup.deal, (s7.Play(0, s7.Card.parse("6♣")),))
    assert isinstance(refused.value.__cause__, s7.IllegalMoveError)
    tampered = (*state.history, s7.Pass(0))
    with pytest.raises(s7.RecordError, match="does not replay"):
        _rebuild(4, s7.Options(), state._setup.deal, tampered)


def test_repr() -> None:
    assert (
        repr(s7.new_game(4, seed=7))
        == "<GameState 4 players, 0 plies, seat 3 to play, table: empty>"
    )
    state = s7.apply(s7.new_game(4, seed=1), "9♦")
    assert repr(state) == "<GameState 4 players, 2 plies, seat 3 to play, table: 9♦>"
    while not s7.is_over(state):
        state = s7.apply(state, s7.legal_moves(state)[0])
    assert f"seat {state.winner} won" in repr(state)


def test_ranking_only_at_the_end() -> None:
    # R19
    state = midgame()
    with pytest.raises(
        s7.GameNotOverError, match=r"only once the game is over \(R19\); seat \d is still to play"
    ) as error:
        s7.ranking(state)
    assert isinstance(error.value, ValueError)


def test_standing_text() -> None:
    assert (
        str(s7.Standing(seat=2, place=2, cards_left=1, points=1, passes=1))
        == "2. seat 2: 1 card, 1 point, 1 pass"
    )
    assert (
        str(s7.Standing(seat=0, place=1, cards_left=0, points=0, passes=2))
        == "1. seat 0: 0 cards, 0 points, 2 passes"
    )


def test_errors_share_a_base() -> None:
    for error in (
        s7.CardParseError, s7.InvalidDealError, s7.InvalidOptionsError, s7.IllegalMoveError,
        s7.RecordError, s7.GameNotOverError, s7.InvalidSeatError, s7.UnknownLanguageError,
    ):  # fmt: skip
        assert issubclass(error, s7.SevensError) and issubclass(error, ValueError)
    assert issubclass(s7.InvalidCardError, TypeError) and issubclass(
        s7.NotAGameStateError, TypeError
    )


def test_version() -> None:
    assert s7.__version__ == "0.1.0"


def test_both_games_setups_share_one_base() -> None:
    from sevens_ru.common._linked import GameSetup

    sevens, again = s7.new_game(4, seed=7), s7.new_game(4, seed=7)
    game = durak.new_game(3, seed=7)
    for setup in (sevens._setup, game._setup):
        assert isinstance(setup, GameSetup)
        assert setup.deal_cards == tuple(s7.cards_from_mask(hand) for hand in setup.deal)
        assert setup.deal_cards is setup.deal_cards  # built once
    assert sevens._setup == again._setup and hash(sevens._setup) == hash(again._setup)
    assert sevens._setup != game._setup and sevens._setup != s7.new_game(4, seed=8)._setup
    # Durak's key has the dealer and the trump card too.
    assert durak.new_game(3, seed=7, dealer=1)._setup != durak.new_game(3, seed=7)._setup
    assert (sevens.players, sevens.options) == (4, s7.Options())
    assert (game.players, game.options) == (3, durak.Options())


def test_durak_slot_views_are_read_only_properties() -> None:
    from sevens_ru.common._linked import SlotView

    state = taking_once(durak.new_game(3, seed=4))
    for name, slot in (
        ("attacker", "_attacker"),
        ("defender", "_defender"),
        ("bouts", "_bouts"),
        ("takes_in_a_row", "_takes"),
        ("attack_mask", "_attack"),
        ("uncovered_mask", "_uncovered"),
        ("cover_mask", "_covers"),
        ("set_aside_mask", "_aside"),
    ):
        view = getattr(durak.GameState, name)
        assert isinstance(view, SlotView) and isinstance(view, property)
        assert view.__doc__ and view.__doc__ != SlotView.__doc__
        assert getattr(state, name) == getattr(state, slot)
        with pytest.raises(AttributeError, match="cannot be changed"):
            setattr(state, name, 0)
    assert state.bouts == 1 and state.takes_in_a_row == 1


def taking_once(state: durak.GameState) -> durak.GameState:
    """The state after a lead and a take."""
    state = durak.apply(state, durak.legal_moves(state)[0])
    return durak.apply(state, "take")
