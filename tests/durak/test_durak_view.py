"""What a seat sees (D17): everything public, its own hand, and nothing else."""

from __future__ import annotations

import attrs
from durak_helpers import games, hands, pack, play
from hypothesis import given, settings

from sevens_ru import Card, IllegalMoveError, durak


def c(text: str) -> Card:
    return Card.parse(text)


@given(games())
@settings(max_examples=60)
def test_a_view_holds_the_public_facts_and_the_own_hand(game: list[durak.GameState]) -> None:
    for state in [*game[:: max(1, len(game) // 8)], game[-1]]:
        for seat in range(state.players):
            seen = durak.view(state, seat)
            assert seen.seat == seat and seen.hand == state.hand(seat)
            assert (seen.players, seen.dealer, seen.options, seen.trump) == (
                state.players,
                state.dealer,
                state.options,
                state.trump,
            )
            assert (seen.table, seen.set_aside, seen.hand_sizes, seen.out) == (
                state.table,
                state.set_aside,
                state.hand_sizes,
                state.out,
            )
            assert (seen.attacker, seen.defender, seen.current_player) == (
                state.attacker,
                state.defender,
                state.current_player,
            )
            assert (seen.bouts, seen.takes_in_a_row, seen.history, seen.loser) == (
                state.bouts,
                state.takes_in_a_row,
                state.history,
                state.loser,
            )
            assert seen.is_over == durak.is_over(state)
            expected = durak.legal_moves(state) if seat == state.current_player else ()
            assert seen.legal_moves() == expected


@given(games())
@settings(max_examples=60)
def test_known_and_unseen_cards_are_sound(game: list[durak.GameState]) -> None:
    # D17: cards taken are known to be in the taker's hand; the unseen cards are the
    # others' unknown cards and the undealt ones
    for state in game[:: max(1, len(game) // 6)]:
        for seat in range(state.players):
            seen = durak.view(state, seat)
            known = seen.known_cards
            for other in range(state.players):
                assert known[other] <= set(state.hand(other))
            places = set(seen.hand) | seen.set_aside | seen.unseen
            places |= {card for pair in seen.table for card in pair if card is not None}
            places |= {
                card for other in range(state.players) if other != seat for card in known[other]
            }
            if state.trump in state.undealt:
                places.add(state.trump)
            assert places == pack(state.options)
            hidden = {
                card
                for other in range(state.players)
                if other != seat
                for card in state.hand(other)
            }
            assert seen.unseen == (hidden | state.undealt) - {state.trump} - {
                card for other in range(state.players) if other != seat for card in known[other]
            }


def swapped_deal(state: durak.GameState, first: Card, second: Card) -> durak.GameState:
    """The new game of ``state`` with two cards swapped between hands or with the undealt pile."""
    deal = [list(hand) for hand in state.deal]
    for hand in deal:
        for position, card in enumerate(hand):
            if card in (first, second):
                hand[position] = second if card == first else first
    return durak.new_game(
        state.players, dealer=state.dealer, hands=deal, trump=state.trump, options=state.options
    )


def replay(start: durak.GameState, moves: tuple[durak.Move, ...]) -> list[durak.GameState] | None:
    states = [start]
    for move in moves:
        try:
            states.append(durak.apply(states[-1], move))
        except IllegalMoveError:  # the move is not legal on the other deal
            return None
    return states


@given(games())
@settings(max_examples=60)
def test_cards_hidden_from_a_seat_do_not_change_its_view(game: list[durak.GameState]) -> None:
    # D17: swap two cards that no event of the game shows, between two other seats or
    # between another seat and the undealt cards: the viewer's views stay the same
    final = game[-1]
    shown = {card for event in final.history for card in getattr(event, "cards", ())}
    shown |= {
        getattr(event, name)
        for event in final.history
        for name in ("attack", "card")
        if hasattr(event, name)
    }
    viewer = final.dealer
    places = [
        (seat, card) for seat in range(final.players) if seat != viewer for card in final.deal[seat]
    ]
    places += [(-1, card) for card in final.undealt if card != final.trump]
    hidden = [(seat, card) for seat, card in places if card not in shown and card != final.trump]
    pairs = [(a, b) for a in hidden for b in hidden if a[0] < b[0]][:3]
    for (_, first), (_, second) in pairs:
        other = replay(swapped_deal(final, first, second), final.moves)
        if other is None or other[-1].history != final.history:
            continue  # the swap changed what was played (e.g. a card now had to join)
        for mine, theirs in zip(game, other, strict=True):
            assert mine != theirs
            assert durak.view(mine, viewer) == durak.view(theirs, viewer)


def test_views_at_the_start_ignore_the_other_hands() -> None:
    state = durak.new_game(3, dealer=0, seed=7)
    for first in state.hand(1):
        for second in list(state.hand(2)) + [card for card in state.undealt if card != state.trump]:
            other = swapped_deal(state, first, second)
            assert other != state and durak.view(other, 0) == durak.view(state, 0)


def test_a_view_keeps_no_link_to_the_state() -> None:
    state = durak.new_game(4, seed=1)
    seen = durak.view(state, 2)
    values = [getattr(seen, field.name) for field in attrs.fields(durak.PlayerView)]
    assert not any(isinstance(value, durak.GameState) for value in values)
    assert not hasattr(seen, "__dict__")  # a frozen, slotted value: nothing else to reach


def test_known_cards_follow_takes_and_plays() -> None:
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
    assert durak.view(state, 0).known_cards == (frozenset(),) * 3
    state = play(state, "lead 7♣ 7♥", "cover 7♣ 9♣", "take")
    taken = {c("7♣"), c("7♥"), c("7♠"), c("9♣")}
    assert durak.view(state, 1).known_cards[2] == taken  # D17
    assert durak.view(state, 1).unseen.isdisjoint(taken)
    # D9: seat 0 attacks seat 1 next
    state = play(state, "lead 6♣ 6♦ 6♠")  # seat 1 joins 6♥ (D7)
    state = play(state, "take")  # seat 1 takes; seat 2 leads against seat 0
    state = play(state, "lead 7♣ 7♥ 7♠")  # seat 2 plays three of the cards it took
    assert durak.view(state, 0).known_cards[2] == {c("9♣")}
    assert durak.view(state, 0).known_cards[1] == {c("6♣"), c("6♦"), c("6♠"), c("6♥")}


def test_the_four_player_trump_card_is_known_in_the_dealers_hand() -> None:
    state = durak.new_game(4, dealer=2, seed=5)
    seen = durak.view(state, 0)
    assert seen.known_cards[2] == {state.trump}  # D4, D17
    assert state.trump not in seen.unseen
    short = durak.new_game(3, dealer=2, seed=5)
    assert durak.view(short, 0).known_cards == (frozenset(),) * 3
    assert short.trump not in durak.view(short, 0).unseen  # turned up, out of the game


def test_a_view_shows_which_card_covers_which() -> None:
    state = durak.new_game(
        2,
        hands=hands("8♣ 8♦ 8♥ Q♣ Q♦ Q♥ 9♠ 10♠ K♠", "7♣ 7♦ 7♥ J♣ J♦ J♥ A♣ A♦ A♥"),
        trump="6♠",
    )
    state = play(state, "lead 7♣ 7♦ 7♥", "cover 7♦ 9♠")
    seen = durak.view(state, 1)
    assert seen.table == ((c("7♣"), None), (c("7♦"), c("9♠")), (c("7♥"), None))
    assert seen.legal_moves() == () and durak.view(state, 0).legal_moves()[-1] == durak.Take()
