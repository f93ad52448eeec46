"""What a seat may see (R20, R21)."""

from __future__ import annotations

import gc
import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import sevens_ru as s7
from helpers import players, seeds


def swap_between_others(
    deal: tuple[tuple[s7.Card, ...], ...], viewer: int, rng: random.Random
) -> list[list[s7.Card]]:
    """The same deal with the other seats' cards reshuffled among them (sizes kept).

    The 9♦ stays where it is: who holds it is public from the start (R7: that seat is
    to play).
    """
    nine = s7.Card.parse("9♦")
    others = [seat for seat in range(len(deal)) if seat != viewer]
    pool = [card for seat in others for card in deal[seat] if card != nine]
    rng.shuffle(pool)
    hands = [list(hand) for hand in deal]
    for seat in others:
        size = len(deal[seat]) - (nine in deal[seat])
        hands[seat] = pool[:size] + ([nine] if nine in deal[seat] else [])
        pool = pool[size:]
    return hands


@given(players, seeds, st.integers(0, 2**32))
def test_views_do_not_depend_on_other_seats_cards(players: int, seed: int, salt: int) -> None:
    # R20: two deals differing only by cards swapped between other seats give equal views,
    # as long as the public history is the same. Replay the same plays on both deals for
    # as long as every play is legal in both.
    rng = random.Random(salt)
    first = s7.new_game(players, seed=seed)
    viewer = rng.randrange(players)
    second = s7.new_game(players, hands=swap_between_others(first.deal, viewer, rng))
    assert s7.view(first, viewer) == s7.view(second, viewer)
    while not s7.is_over(first):
        card = rng.choice(s7.legal_moves(first))
        try:
            after = s7.apply(second, card)
        except s7.IllegalMoveError:
            break
        first = s7.apply(first, card)
        if after.history != first.history:
            break  # the passes differ: the other seats' cards became public knowledge
        second = after
        seen = s7.view(first, viewer)
        assert seen == s7.view(second, viewer)
        assert hash(seen) == hash(s7.view(second, viewer))


def reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through references (attributes, containers)."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, type):
            continue
        seen[id(item)] = item
        stack.extend(gc.get_referents(item))
    return list(seen.values())


def test_no_hidden_card_is_reachable_from_a_view() -> None:
    # R20: not through a private attribute, a bitmask or a reference to the state
    state = s7.new_game(4, seed=7)
    state = s7.apply(state, "9♦")
    seen = s7.view(state, 0)
    objects = reachable(seen)
    assert not any(isinstance(item, s7.GameState) for item in objects)
    hidden = {card for seat in (1, 2, 3) for card in state.hands[seat]}
    visible_cards = (
        set(seen.hand)
        | seen.table
        | {event.card for event in seen.history if isinstance(event, s7.Play)}
    )
    cards_reachable = {item for item in objects if isinstance(item, s7.Card)}
    # Cards appear only through the hand, the table and the history, not other hands
    assert cards_reachable <= visible_cards | set(s7.DECK) - hidden
    assert not cards_reachable & hidden
    hidden_masks = {s7.mask_of(state.hands[seat]) for seat in (1, 2, 3)}
    assert not any(isinstance(item, int) and item in hidden_masks for item in objects)
    assert set(attrs.fields_dict(s7.PlayerView)) == {
        "seat", "players", "dealer", "options", "hand", "table", "hand_sizes", "passes",
        "current_player", "history", "winner",
    }  # fmt: skip


def test_a_view_of_each_seat() -> None:
    state = s7.apply(s7.new_game(4, seed=1), "9♦")  # seat 1 opens, seat 2 passes
    views = [s7.view(state, seat) for seat in range(4)]
    assert [len(seen.hand) for seen in views] == [9, 8, 9, 9]
    assert all(seen.hand_sizes == (9, 8, 9, 9) for seen in views)
    assert all(seen.passes == (0, 0, 1, 0) for seen in views)
    assert [seen.legal_moves() != () for seen in views] == [False, False, False, True]
    assert views[3].current_player == 3 and not views[3].is_over
    assert len(views[0].unseen) == 36 - 9 - 1
    assert views[0].row(s7.Suit.DIAMONDS) == (s7.Rank.NINE, s7.Rank.NINE)
    assert views[0].row(s7.Suit.CLUBS) is None


def test_views_are_immutable_values() -> None:
    seen = s7.view(s7.new_game(3, seed=2), 1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        seen.seat = 2  # type: ignore[misc]
    assert seen == s7.view(s7.new_game(3, seed=2), 1)
    assert seen != s7.view(s7.new_game(3, seed=2), 2)


@pytest.mark.parametrize(
    ("seat", "gist"),
    [
        (4, "seat 4 does not exist"),
        (-1, "seat -1 does not exist"),
        ("0", "a seat is an int"),
        (True, "a seat is an int"),
    ],
)
def test_bad_seats(seat: object, gist: str) -> None:
    state = s7.new_game(4, seed=1)
    with pytest.raises(s7.InvalidSeatError, match=gist) as error:
        s7.view(state, seat)  # type: ignore[arg-type]
    assert isinstance(error.value, ValueError)
    with pytest.raises(s7.InvalidSeatError, match=gist):
        state.hand(seat)  # type: ignore[arg-type]


def test_row_wants_a_suit() -> None:
    state = s7.new_game(4, seed=1)
    with pytest.raises(s7.InvalidCardError, match="row\\(\\) takes a Suit"):
        state.row("♦")  # type: ignore[arg-type]
    with pytest.raises(s7.InvalidCardError, match="row\\(\\) takes a Suit"):
        s7.view(state, 0).row(1)  # type: ignore[arg-type]
