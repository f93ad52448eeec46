"""Single rules and the errors of apply (R7–R14)."""

from __future__ import annotations

import pytest

import sevens_ru as s7
from sevens_ru import Card

SIX_PLAYERS = [
    "9♦ 10♦ J♦ Q♦ K♦ A♦".split(),
    "8♦ 7♦ 6♦ 9♣ 8♣ 7♣".split(),
    "9♥ 10♥ J♥ Q♥ K♥ A♥".split(),
    "9♠ 10♠ J♠ Q♠ K♠ A♠".split(),
    "6♣ 10♣ J♣ Q♣ K♣ A♣".split(),
    "6♥ 7♥ 8♥ 6♠ 7♠ 8♠".split(),
]


def six() -> s7.GameState:
    return s7.new_game(6, hands=SIX_PLAYERS)


def test_the_first_move_must_be_the_nine_of_diamonds() -> None:
    # R7: nothing else is playable before it, not even another 9 of the holder
    state = s7.new_game(2, hands=[
        "9♦ 9♣ 9♥ 9♠ 6♣ 7♣ 8♣ 10♣ J♣ Q♣ K♣ A♣ 6♦ 7♦ 8♦ 10♦ J♦ Q♦".split(),
        "K♦ A♦ 6♥ 7♥ 8♥ 10♥ J♥ Q♥ K♥ A♥ 6♠ 7♠ 8♠ 10♠ J♠ Q♠ K♠ A♠".split(),
    ])  # fmt: skip
    assert s7.legal_moves(state) == (Card.parse("9♦"),)
    with pytest.raises(
        s7.IllegalMoveError,
        match=r"seat 0 cannot play 9♣: the first card of the game must be 9♦ \(R7\); legal moves: 9♦",
    ):
        s7.apply(state, "9♣")
    state = s7.apply(state, "9♦")
    # R9: after the opening every unopened 9 is playable; seat 1 holds none of
    # 8♦ 10♦ 9♣ 9♥ 9♠ and passes (R11), so seat 0 plays again
    assert state.history == (s7.Play(0, Card.parse("9♦")), s7.Pass(1))
    assert [str(card) for card in s7.legal_moves(state)] == ["9♣", "8♦", "10♦", "9♥", "9♠"]


@pytest.mark.parametrize(
    ("card", "gist"),
    [
        ("J♦", "seat 1 cannot play J♦: J♦ is not in their hand; legal moves: 9♣ 7♦"),
        ("8♦", "seat 1 cannot play 8♦: 8♦ is on the table; legal moves: 9♣ 7♦"),
        ("9♦", "seat 1 cannot play 9♦: 9♦ is on the table; legal moves: 9♣ 7♦"),
        ("6♦", "seat 1 cannot play 6♦: it is not next to an end of the ♦ row 8♦–10♦ (R9)"),
        ("8♣", "seat 1 cannot play 8♣: the ♣ row is not open: it opens with 9♣ (R9)"),
        (Card.parse("7♣"), "seat 1 cannot play 7♣: the ♣ row is not open"),
    ],
)
def test_illegal_moves_say_why(card: Card | str, gist: str) -> None:
    # After 9♦ (seat 0), 8♦ (seat 1), ..., 10♦ (seat 0), seat 1 is to play with 9♣ 7♦ legal
    state = s7.apply(six(), "9♦")
    state = s7.apply(state, "8♦")
    state = s7.apply(state, "9♥")
    state = s7.apply(state, "9♠")  # seat 4 passes
    state = s7.apply(state, "8♥")
    state = s7.apply(state, "10♦")
    assert state.current_player == 1
    with pytest.raises(s7.IllegalMoveError) as error:
        s7.apply(state, card)
    assert gist in str(error.value)
    assert isinstance(error.value, ValueError) and isinstance(error.value, s7.SevensError)


def test_a_card_of_another_seat_is_illegal() -> None:
    state = s7.apply(six(), "9♦")  # seat 1 to play; 9♥ is playable but seat 2's
    with pytest.raises(s7.IllegalMoveError, match="9♥ is not in their hand; legal moves: 9♣ 8♦"):
        s7.apply(state, "9♥")


def test_a_lone_nine_row_in_the_message() -> None:
    state = s7.apply(six(), "9♦")
    state = s7.apply(state, "9♣")  # seat 1 opens clubs; seats 2, 3 must play their 9s
    state = s7.apply(state, "9♥")
    state = s7.apply(state, "9♠")
    state = s7.apply(state, "10♣")  # seat 4
    state = s7.apply(state, "8♥")  # seat 5
    with pytest.raises(s7.IllegalMoveError, match="not next to the 9♦ that opens the ♦ row"):
        s7.apply(state, "J♦")  # seat 0 holds J♦, but 10♦ is not down
    state = s7.apply(state, "10♦")
    state = s7.apply(state, "8♦")  # seat 1
    with pytest.raises(s7.IllegalMoveError, match=r"not next to an end of the ♥ row 8♥–9♥"):
        s7.apply(state, "J♥")


def test_no_move_after_the_end() -> None:
    # R14: the game ends with the last card; nothing can be played afterwards
    state = s7.new_game(3, seed=5)
    while not s7.is_over(state):
        state = s7.apply(state, s7.legal_moves(state)[0])
    assert s7.legal_moves(state) == ()
    for card in ("6♣", s7.DECK[20]):
        with pytest.raises(s7.IllegalMoveError, match=r"the game is over \(seat \d won, R14\)"):
            s7.apply(state, card)


def test_apply_reads_any_notation() -> None:
    state = s7.new_game(4, seed=7)  # seat 3 holds 9♦
    assert s7.apply(state, "9d") == s7.apply(state, " 9♦ ") == s7.apply(state, Card.parse("9♢"))


@pytest.mark.parametrize("card", ["9", "nine of diamonds", "", "10X"])
def test_apply_refuses_text_that_is_not_a_card(card: str) -> None:
    with pytest.raises(s7.CardParseError, match="cannot read"):
        s7.apply(s7.new_game(4, seed=7), card)


@pytest.mark.parametrize("card", [None, 12.0, True, (9, 1)])  # 12 is an action number
def test_apply_refuses_things_that_are_not_cards(card: object) -> None:
    with pytest.raises(s7.CardParseError, match="expected card text"):
        s7.apply(s7.new_game(4, seed=7), card)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "call",
    [
        lambda x: s7.apply(x, "9♦"),
        s7.legal_moves,
        s7.is_over,
        s7.ranking,
        lambda x: s7.view(x, 0),
    ],
)
@pytest.mark.parametrize("value", [None, "state", s7.view(s7.new_game(2, seed=1), 0)])
def test_functions_want_a_game_state(call: object, value: object) -> None:
    with pytest.raises(s7.NotAGameStateError, match="GameState"):
        call(value)  # type: ignore[operator]


def test_a_nine_is_always_playable_after_the_opening() -> None:
    # R12: a player holding a 9 has a legal move; it need not be the 9
    state = s7.apply(six(), "9♦")
    assert s7.legal_moves(state) == (Card.parse("9♣"), Card.parse("8♦"))  # seat 1
    state = s7.apply(state, "8♦")
    assert s7.legal_moves(state) == (Card.parse("9♥"),)  # seat 2: the 9 is its only move


def test_a_player_who_can_play_must_play() -> None:
    # R10: a seat with a playable card plays exactly one of them; every other card of
    # the pack is refused, so no caller can make it pass or play out of turn (R11).
    state = s7.apply(six(), "9♦")
    legal = s7.legal_moves(state)
    assert legal == (Card.parse("9♣"), Card.parse("8♦"))
    for card in s7.DECK:
        if card in legal:
            after = s7.apply(state, card)
            assert after.history[len(state.history)] == s7.Play(1, card)
            assert len(after.table) == len(state.table) + 1
        else:
            with pytest.raises(s7.IllegalMoveError, match="seat 1 cannot play"):
                s7.apply(state, card)
