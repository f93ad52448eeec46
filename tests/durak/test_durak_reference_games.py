"""Hand-checked games of old Durak, move by move; each step cites the rule it checks."""

from __future__ import annotations

from durak_helpers import cards, hands, play

from sevens_ru import Card, durak
from sevens_ru.durak import Covered, Joined, Led, Took


def c(text: str) -> Card:
    return Card.parse(text)


def cs(text: str) -> tuple[Card, ...]:
    return tuple(sorted(Card.parse(word) for word in text.split()))


def held(state: durak.GameState, seat: int) -> set[str]:
    return {str(card) for card in state.hand(seat)}


def standings(state: durak.GameState) -> list[tuple[int, int, int | None, int, bool]]:
    return [(s.place, s.seat, s.out_after, s.cards_left, s.loser) for s in durak.ranking(state)]


def test_two_players_to_the_fool() -> None:
    state = durak.new_game(
        2,
        dealer=0,
        hands=hands(
            "8♣ 8♦ 8♥ Q♣ Q♦ Q♥ 9♠ 10♠ K♠",
            "7♣ 7♦ 7♥ J♣ J♦ J♥ A♣ A♦ A♥",
        ),
        trump="6♠",
    )
    # D4: 18 cards are left over; the 6♠ is turned up and takes no part. D5: the dealer's
    # left neighbour leads to the next seat.
    assert state.trump_suit == Card.parse("6♠").suit
    assert len(state.undealt) == 18 and c("6♠") in state.undealt
    assert (state.attacker, state.defender, state.current_player) == (1, 0, 1)

    # Bout 1. D6: a lead of three sevens; seat 0 holds no seven (7♠ is undealt): no join (D7).
    state = durak.apply(state, "lead 7♣ 7♦ 7♥")
    assert state.history == (Led(1, cs("7♣ 7♦ 7♥")),)
    assert state.current_player == 0
    # D8: each seven is covered by the higher card of its suit or by a trump.
    assert set(map(str, durak.legal_moves(state))) == {
        "cover 7♣ 8♣", "cover 7♣ Q♣", "cover 7♣ 9♠", "cover 7♣ 10♠", "cover 7♣ K♠",
        "cover 7♦ 8♦", "cover 7♦ Q♦", "cover 7♦ 9♠", "cover 7♦ 10♠", "cover 7♦ K♠",
        "cover 7♥ 8♥", "cover 7♥ Q♥", "cover 7♥ 9♠", "cover 7♥ 10♠", "cover 7♥ K♠",
        "take",
    }  # fmt: skip
    state = play(state, "cover 7♥ 8♥", "cover 7♣ 8♣")  # D8: one card at a time, any order
    assert state.table == ((c("7♣"), c("8♣")), (c("7♦"), None), (c("7♥"), c("8♥")))
    state = durak.apply(state, "cover 7♦ 8♦")
    # D10: all covered: the six cards are set aside and the defender leads next.
    assert state.set_aside == frozenset(cs("7♣ 7♦ 7♥ 8♣ 8♦ 8♥"))
    assert state.table == ()
    assert (state.bouts, state.attacker, state.defender) == (1, 0, 1)

    # Bout 2: seat 0 leads three queens; seat 1 covers two with aces, then takes (D9).
    state = play(state, "lead Q♣ Q♦ Q♥", "cover Q♣ A♣", "cover Q♦ A♦")
    state = durak.apply(state, "take")
    # D9: the taker gets every card of the bout, covers included; the next seat after
    # him that holds cards (seat 0) leads.
    assert held(state, 1) == set(cards("J♣ J♦ J♥ A♥ Q♣ Q♦ Q♥ A♣ A♦"))
    assert held(state, 0) == set(cards("9♠ 10♠ K♠"))
    assert state.set_aside == frozenset(cs("7♣ 7♦ 7♥ 8♣ 8♦ 8♥"))
    assert (state.bouts, state.takes_in_a_row, state.attacker, state.defender) == (2, 1, 0, 1)

    # Bouts 3 and 4: seat 0 leads trumps; seat 1 holds none, so taking is all he can do (D8, D9).
    state = durak.apply(state, "lead 9♠")
    assert durak.legal_moves(state) == (durak.Take(),)
    state = play(state, "take", "lead 10♠", "take")
    assert state.takes_in_a_row == 3 and held(state, 0) == {"K♠"}

    # Bout 5: seat 0 leads his last card; seat 1 cannot beat the K♠ and takes.
    state = play(state, "lead K♠")
    assert not durak.is_over(state)  # D11: out only once the bout is settled
    assert state.out == ()
    state = durak.apply(state, "take")
    # D11, D12: seat 0 is out; seat 1 alone holds cards and is the fool.
    assert durak.is_over(state) and durak.legal_moves(state) == ()
    assert state.out == (0,) and state.loser == 1 and not state.is_draw
    assert state.hand_sizes == (0, 12)
    assert standings(state) == [(1, 0, 5, 0, False), (2, 1, None, 12, True)]  # D14
    assert durak.payoffs(state, stake=3) == (3, -3)  # D15
    assert durak.next_dealer(state) == 1  # D16: the fool deals


def test_four_players_joining_by_the_defender_and_another() -> None:
    state = durak.new_game(
        4,
        dealer=3,
        hands=hands(
            "6♣ 6♦ Q♣ Q♦ Q♥ K♣ K♦ A♣ A♠",
            "6♥ 7♣ 7♦ 7♥ 7♠ 8♣ 8♦ 8♥ 8♠",
            "6♠ 9♣ 9♦ 9♥ 9♠ 10♣ 10♦ 10♥ 10♠",
            "J♣ J♦ J♥ J♠ Q♠ K♥ K♠ A♦ A♥",
        ),
        trump="K♠",
    )
    # D4: 36 cards and 4 players: the dealer's last card is trump and stays in his hand.
    assert state.undealt == frozenset() and c("K♠") in state.hand(3)
    assert (state.attacker, state.defender) == (0, 1)  # D5

    # Bout 1. D6: seat 0 leads two of his sixes. D7: from his left, the defender (seat 1)
    # joins his 6♥, seat 2 his 6♠; seat 3 holds no six.
    state = durak.apply(state, "lead 6♣ 6♦")
    assert state.history == (Led(0, cs("6♣ 6♦")), Joined(1, cs("6♥")), Joined(2, cs("6♠")))
    assert [attack for attack, _ in state.table] == list(cs("6♣ 6♦ 6♥ 6♠"))
    assert state.hand_sizes == (7, 8, 8, 9)
    # D7: the defender's own six is an attacking card like the others; D8: the trump
    # 6♠ is covered only by a higher trump.
    covers = {str(move) for move in durak.legal_moves(state) if isinstance(move, durak.Cover)}
    assert {"cover 6♥ 7♥", "cover 6♠ 7♠", "cover 6♠ 8♠"} <= covers
    assert "cover 6♠ 7♥" not in covers and "cover 6♠ 8♣" not in covers
    state = play(state, "cover 6♣ 7♣", "cover 6♦ 7♦", "cover 6♥ 7♥", "cover 6♠ 7♠")
    # D10: covered; the defender leads next, against the next seat holding cards.
    assert len(state.set_aside) == 8 and state.hand_sizes == (7, 4, 8, 9)
    assert (state.attacker, state.defender) == (1, 2)

    # Bout 2: seat 1 leads all four eights, his whole hand; nobody can join (D7).
    state = durak.apply(state, "lead 8♣ 8♦ 8♥ 8♠")
    assert state.history[-1] == Led(1, cs("8♣ 8♦ 8♥ 8♠"))
    assert state.out == ()  # D11: not out while the bout goes on
    state = play(state, "cover 8♠ 9♠", "cover 8♣ 9♣", "cover 8♦ 9♦", "cover 8♥ 9♥")
    # D11: seat 1 is out; D10: seat 2 leads; D5: against seat 3.
    assert state.out == (1,) and (state.attacker, state.defender) == (2, 3)

    # Bout 3: seat 2 leads his four tens and seat 3 covers them with the jacks.
    state = play(
        state,
        "lead 10♣ 10♦ 10♥ 10♠",
        "cover 10♣ J♣",
        "cover 10♦ J♦",
        "cover 10♥ J♥",
        "cover 10♠ J♠",
    )
    # D11: seat 2 is out. D5: seats 1 and 2 hold nothing and are passed over: seat 3
    # attacks seat 0.
    assert state.out == (1, 2) and (state.attacker, state.defender) == (3, 0)

    # Bout 4: seat 3 leads K♥ K♠ (D6); the defender must join K♣ K♦ (D7). Only K♣ can
    # be covered without the A♠; seat 0 covers it, then takes (D9).
    state = durak.apply(state, "lead K♥ K♠")
    assert state.history[-1] == Joined(0, cs("K♣ K♦"))
    state = play(state, "cover K♣ A♣", "take")
    assert held(state, 0) == set(cards("Q♣ Q♦ Q♥ A♠ K♣ K♦ K♥ K♠ A♣"))
    assert state.history[-1] == Took(0, cs("K♣ K♦ K♥ K♠ A♣"))
    # D9: the next seat after seat 0 holding cards is seat 3 again.
    assert (state.attacker, state.defender) == (3, 0)

    # Bout 5: seat 3 leads A♦ A♥; seat 0 joins A♣ A♠ (D7). The A♠ is the top trump and
    # cannot be covered, so seat 0 takes.
    state = durak.apply(state, "lead A♦ A♥")
    assert state.history[-1] == Joined(0, cs("A♣ A♠"))
    assert durak.Cover("A♠", "K♠") not in durak.legal_moves(state)
    assert durak.Cover("A♣", "K♠") in durak.legal_moves(state)  # D8: any trump on a non-trump
    state = durak.apply(state, "take")
    assert state.hand_sizes == (11, 0, 0, 1) and state.takes_in_a_row == 2

    # Bout 6: seat 3 leads his last card; seat 0 joins his three queens (D7) and covers all four.
    state = durak.apply(state, "lead Q♠")
    assert state.history[-1] == Joined(0, cs("Q♣ Q♦ Q♥"))
    state = play(state, "cover Q♣ K♣", "cover Q♦ K♦", "cover Q♥ K♥", "cover Q♠ K♠")
    # D11, D12: seat 3 is out; seat 0 alone holds cards: the fool.
    assert durak.is_over(state) and state.loser == 0
    assert held(state, 0) == set(cards("A♣ A♦ A♥ A♠"))
    assert standings(state) == [
        (1, 1, 2, 0, False),
        (2, 2, 3, 0, False),
        (3, 3, 6, 0, False),
        (4, 0, None, 4, True),
    ]  # D14
    assert durak.payoffs(state) == (-3, 1, 1, 1)  # D15
    assert len(state.moves) == 25 and state.bouts == 6
    assert sum(isinstance(event, Covered) for event in state.history) == 17


def test_take_after_partial_covering() -> None:
    state = durak.new_game(
        3,
        dealer=0,
        hands=hands(
            "7♠ 6♣ 6♦ 10♣ J♣ Q♣ K♣ A♣ 6♠",
            "7♣ 7♥ 8♣ 10♦ J♦ Q♦ K♦ A♦ 6♥",
            "9♣ 8♥ 9♥ 10♥ J♥ Q♥ 8♠ 9♠ 10♠",
        ),
        trump="7♦",
    )
    assert (state.attacker, state.defender) == (1, 2)  # D5
    # D6, D7: seat 1 leads 7♣ 7♥; the defender holds no seven, seat 0 joins 7♠.
    state = durak.apply(state, "lead 7♣ 7♥")
    assert state.history == (Led(1, cs("7♣ 7♥")), Joined(0, cs("7♠")))
    # D8: 7♣ and 7♥ can be covered, the 7♠ too (8♠ 9♠ 10♠): the defender covers two.
    state = play(state, "cover 7♣ 9♣", "cover 7♥ 8♥")
    assert state.table == ((c("7♣"), c("9♣")), (c("7♥"), c("8♥")), (c("7♠"), None))
    assert state.hand_sizes == (8, 7, 7)
    # D9: he takes anyway: the attacking cards and his own covers come back to his hand.
    state = durak.apply(state, "take")
    assert state.history[-1] == Took(2, cs("7♣ 9♣ 7♥ 8♥ 7♠"))
    assert state.hand_sizes == (8, 7, 12)
    assert held(state, 2) == set(cards("7♣ 9♣ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ 7♠ 8♠ 9♠ 10♠"))
    assert state.set_aside == frozenset() and state.table == ()
    # D9: the next seat after the defender leads: seat 0, against seat 1.
    assert (state.attacker, state.defender, state.bouts, state.takes_in_a_row) == (0, 1, 1, 1)
    # D17: everyone knows where the taken cards are.
    assert durak.view(state, 1).known_cards[2] == frozenset(cs("7♣ 9♣ 7♥ 8♥ 7♠"))


def test_draw_when_every_hand_empties_at_once() -> None:
    state = durak.new_game(
        2,
        dealer=0,
        hands=hands(
            "7♣ 7♦ 7♠ 9♣ 9♦ 9♠ J♣ J♦ J♠",
            "6♣ 6♦ 6♠ 8♣ 8♦ 8♠ 10♣ 10♦ 10♠",
        ),
        trump="6♥",
    )
    # Bout 1: seat 1 leads the sixes, seat 0 covers them with the sevens; D10: seat 0 leads.
    state = play(state, "lead 6♣ 6♦ 6♠", "cover 6♣ 7♣", "cover 6♦ 7♦", "cover 6♠ 7♠")
    assert (state.attacker, state.defender) == (0, 1)
    # Bout 2: seat 0 leads the nines, seat 1 covers them with the tens; D10: seat 1 leads.
    state = play(state, "lead 9♣ 9♦ 9♠", "cover 9♣ 10♣", "cover 9♦ 10♦", "cover 9♠ 10♠")
    assert (state.attacker, state.defender) == (1, 0)
    # Bout 3: seat 1 leads his last three cards and seat 0 covers with his last three.
    state = play(state, "lead 8♣ 8♦ 8♠", "cover 8♣ J♣", "cover 8♦ J♦")
    assert not durak.is_over(state) and state.hand_sizes == (1, 0)
    state = durak.apply(state, "cover 8♠ J♠")
    # D12: every hand emptied in the last bout: a draw, no fool.
    assert durak.is_over(state) and state.is_draw and state.loser is None
    assert state.hand_sizes == (0, 0) and len(state.set_aside) == 18
    assert state.out == (0, 1)
    # D14: both went out after the same bout and share the place.
    assert standings(state) == [(1, 0, 3, 0, False), (1, 1, 3, 0, False)]
    assert durak.payoffs(state, stake=10) == (0, 0)  # D15
    assert durak.next_dealer(state) == 0  # D16: after a draw the same dealer deals


def test_draw_by_the_repetition_limit() -> None:
    state = durak.new_game(
        2,
        dealer=0,
        hands=hands(
            "9♦ 10♦ J♦ Q♦ K♦ A♦ 9♥ 10♥ J♥",
            "6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣",
        ),
        trump="6♠",
        options=durak.Options(take_limit=3),
    )
    # Seat 0 holds no club and no trump: every lead must be taken (D8, D9), and after a
    # take the next seat after the taker holding cards, seat 1, leads again.
    state = durak.apply(state, "lead 6♣")
    assert durak.legal_moves(state) == (durak.Take(),)
    state = play(state, "take", "lead 7♣", "take")
    assert (state.takes_in_a_row, state.attacker, state.defender) == (2, 1, 0)
    assert not durak.is_over(state)
    state = play(state, "lead 8♣", "take")
    # D13: the limit of bouts in a row ending with a take is reached: a draw among the
    # seats still holding cards, who share the last place (D14).
    assert durak.is_over(state) and state.is_draw and state.loser is None
    assert state.hand_sizes == (12, 6) and state.out == ()
    assert standings(state) == [(1, 0, None, 12, False), (1, 1, None, 6, False)]
    assert durak.payoffs(state) == (0, 0)  # D15
    assert durak.next_dealer(state) == 0  # D16


def test_a_covered_bout_resets_the_repetition_count() -> None:
    state = durak.new_game(
        2,
        dealer=0,
        hands=hands(
            "9♦ 10♦ J♦ Q♦ K♦ A♦ 9♥ 10♥ 8♠",
            "6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣",
        ),
        trump="6♠",
        options=durak.Options(take_limit=2),
    )
    state = play(state, "lead 6♣", "take")
    assert state.takes_in_a_row == 1
    state = play(state, "lead 7♣", "cover 7♣ 8♠")  # D8: a trump covers any non-trump
    assert state.takes_in_a_row == 0 and state.set_aside == frozenset(cs("7♣ 8♠"))  # D13
    assert (state.attacker, state.defender) == (0, 1)  # D10
    # Seat 1 must join his 9♣, then his 10♣ (D7), and cannot cover a diamond (D8).
    state = play(state, "lead 9♦", "take")
    assert state.history[-2:] == (Joined(1, cs("9♣")), Took(1, cs("9♣ 9♦")))
    assert not durak.is_over(state) and state.attacker == 0  # D9: seat 0 leads again
    state = play(state, "lead 10♦", "take")
    assert durak.is_over(state) and state.is_draw and state.takes_in_a_row == 2  # D13


def test_repetition_limit_of_100_with_three_players_passing_cards_round() -> None:
    # D13 with the default limit: every defender always takes, so cards go round and round.
    state = durak.new_game(3, dealer=0, seed=12)
    bouts_seen = 0
    while not durak.is_over(state):
        moves = durak.legal_moves(state)
        state = durak.apply(state, moves[-1] if isinstance(moves[0], durak.Cover) else moves[0])
        if state.bouts != bouts_seen:
            bouts_seen = state.bouts
            assert state.takes_in_a_row == state.bouts  # every bout so far was taken
    assert state.bouts == 100 and state.takes_in_a_row == 100
    assert state.is_draw and state.set_aside == frozenset()
    held_cards = [size for size in state.hand_sizes if size]
    assert len(held_cards) >= 2
    assert all(s.place == len(state.out) + 1 for s in durak.ranking(state) if s.cards_left)
