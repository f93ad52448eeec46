"""Hand-checked games, move by move.

Each game is written out as the events the engine must record: ``"2 9♦"`` is seat 2
playing 9♦, ``"0 -"`` is seat 0 passing. Only the plays are given to ``apply``; the
passes must appear by themselves (R11). The comments say why each pass happened:
the passing seat held none of the cards playable at that moment (R9).
"""

from __future__ import annotations

import sevens_ru as s7
from sevens_ru import Options


def hands(*rows: str) -> list[list[str]]:
    return [row.split() for row in rows]


def play_script(state: s7.GameState, script: str) -> s7.GameState:
    """Apply the plays of ``script``; after each, the history must match the script up to
    the next play (the passes in between are the engine's)."""
    events: list[s7.Event] = []
    for token in script.split("|"):
        seat, what = token.split()
        events.append(
            s7.Pass(int(seat)) if what == "-" else s7.Play(int(seat), s7.Card.parse(what))
        )
    for number, event in enumerate(events):
        if isinstance(event, s7.Pass):
            continue
        assert state.current_player == event.seat, f"before {event}"
        state = s7.apply(state, event.card)
        upto = next(
            (
                later
                for later in range(number + 1, len(events))
                if isinstance(events[later], s7.Play)
            ),
            len(events),
        )
        assert state.history == tuple(events[:upto]), f"after {event}"
    return state


def standings(state: s7.GameState) -> list[tuple[int, int, int, int, int]]:
    return [(s.place, s.seat, s.cards_left, s.points, s.passes) for s in s7.ranking(state)]


def with_options(state: s7.GameState, **options: object) -> s7.GameState:
    """The same game replayed under other options."""
    record = s7.to_json(state).replace(
        '"rank_by_passes": false, "place_numbering": "competition"',
        f'"rank_by_passes": {str(options.get("rank_by_passes", False)).lower()}, '
        f'"place_numbering": "{options.get("place_numbering", "competition")}"',
    )
    return s7.from_json(record)


def test_two_players_one_blocks_the_other() -> None:
    # R5: 18 cards each. Seat 0 holds the 9♥ and 9♠ that seat 1 waits for and keeps them
    # to the end; seat 1 can only play its 6♦ and A♦ when the ♦ row reaches them.
    state = s7.new_game(
        2,
        hands=hands(
            "9♥ 9♠ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣",
            "6♦ A♦ 6♥ 7♥ 8♥ 10♥ J♥ Q♥ K♥ A♥ 6♠ 7♠ 8♠ 10♠ J♠ Q♠ K♠ A♠",
        ),
    )
    assert s7.legal_moves(state) == (s7.Card.parse("9♦"),)  # R7
    state = play_script(
        state,
        "0 9♦ | 1 - "  # seat 1 holds none of 8♦ 10♦ 9♣ 9♥ 9♠
        "| 0 9♣ | 1 - "
        "| 0 8♦ | 1 - "  # 7♦ is seat 0's
        "| 0 7♦ | 1 6♦ "  # now 6♦ is next to the row's low end
        "| 0 10♦ | 1 - | 0 J♦ | 1 - | 0 Q♦ | 1 - "
        "| 0 K♦ | 1 A♦ "
        "| 0 8♣ | 1 - | 0 7♣ | 1 - | 0 6♣ | 1 - | 0 10♣ | 1 - "
        "| 0 J♣ | 1 - | 0 Q♣ | 1 - | 0 K♣ | 1 - | 0 A♣ | 1 - "
        "| 0 9♥ | 1 8♥ "  # seat 1 must play: 8♥ or 10♥ (R10)
        "| 0 9♠",  # seat 0's last card: it wins at once (R14)
    )
    assert s7.is_over(state) and state.winner == 0 and state.current_player is None
    assert s7.legal_moves(state) == ()
    assert state.passes == (0, 14)
    # R16: seat 1 keeps 7 hearts (43 points) and 8 spades (51 points)
    assert standings(state) == [(1, 0, 0, 0, 0), (2, 1, 15, 94, 14)]


def test_three_players_the_opener_plays_again_after_two_passes() -> None:
    # Seat 2 holds every 8, 9 and 10: nobody else can play until it lays an 8 or a 10.
    state = s7.new_game(
        3,
        hands=hands(
            "7♦ 6♦ J♦ Q♦ K♦ A♦ 7♣ 6♣ J♣ Q♣ K♣ A♣",
            "7♥ 6♥ J♥ Q♥ K♥ A♥ 7♠ 6♠ J♠ Q♠ K♠ A♠",
            "9♦ 8♦ 10♦ 9♣ 9♥ 9♠ 8♣ 10♣ 8♥ 10♥ 8♠ 10♠",
        ),
    )
    assert state.current_player == 2  # R7: the holder of 9♦ opens
    assert state.history == ()  # R7: seats 0 and 1, before the holder, do not pass
    state = play_script(
        state,
        "2 9♦ | 0 - | 1 - "  # n - 1 = 2 passes in a row, then seat 2 again (R13)
        "| 2 9♣ | 0 - | 1 - "
        "| 2 9♥ | 0 - | 1 - "
        "| 2 9♠ | 0 - | 1 - "
        "| 2 10♦ | 0 J♦ | 1 - "  # J♥ needs 10♥ first
        "| 2 10♥ | 0 Q♦ | 1 J♥ "
        "| 2 10♠ | 0 K♦ | 1 J♠ "
        "| 2 10♣ | 0 A♦ | 1 Q♥ "
        "| 2 8♦ | 0 7♦ | 1 Q♠ "
        "| 2 8♣ | 0 6♦ | 1 K♠ "
        "| 2 8♥ | 0 J♣ | 1 K♥ "
        "| 2 8♠",
    )
    assert state.winner == 2
    assert state.passes == (4, 5, 0)
    assert standings(state) == [(1, 2, 0, 0, 0), (2, 0, 5, 31, 4), (3, 1, 6, 48, 5)]


FOUR_PLAYERS = hands(
    "9♦ 10♦ J♦ Q♦ K♦ 9♣ 10♣ J♣ Q♣",
    "8♦ 7♦ 9♥ 10♥ J♥ Q♥ 8♣ 7♣ 9♠",
    "10♠ J♠ Q♠ K♠ 8♠ 7♠ 8♥ 7♥ K♥",
    "6♦ A♦ 6♣ K♣ A♣ 6♥ A♥ 6♠ A♠",
)


def test_four_players_sixes_and_aces_wait() -> None:
    # Seat 3 holds the six sixes and aces and K♣: it passes three times, and plays only
    # when a row reaches one of its end cards.
    state = s7.new_game(4, hands=FOUR_PLAYERS)
    state = play_script(
        state,
        "0 9♦ | 1 9♠ | 2 10♠ | 3 - "  # playable: 8♦ 10♦ 9♣ 9♥ 8♠ J♠
        "| 0 10♦ | 1 8♦ | 2 J♠ | 3 - "  # playable: 7♦ J♦ 9♣ 9♥ 8♠ Q♠
        "| 0 J♦ | 1 7♦ | 2 Q♠ | 3 6♦ "
        "| 0 Q♦ | 1 9♥ "  # R12: a 9 in hand is always playable; it is seat 1's only move
        "| 2 K♠ | 3 A♠ | 0 K♦ | 1 10♥ | 2 8♥ | 3 A♦ "
        "| 0 9♣ | 1 J♥ | 2 7♥ | 3 6♥ | 0 10♣ | 1 8♣ | 2 8♠ "
        "| 3 - "  # playable: 7♣ J♣ Q♥ 7♠
        "| 0 J♣ | 1 Q♥ | 2 K♥ | 3 A♥ "
        "| 0 Q♣",
    )
    assert state.winner == 0
    assert state.passes == (0, 0, 0, 3)
    # Seats 1 and 2 each keep one 7: equal on every criterion, they share second place
    # (R18), listed by seat; seat 3 keeps 6♣ K♣ A♣ 6♠ (27 points).
    assert standings(state) == [
        (1, 0, 0, 0, 0),
        (2, 1, 1, 7, 0),
        (2, 2, 1, 7, 0),
        (4, 3, 4, 27, 3),
    ]
    dense = with_options(state, place_numbering="dense")
    assert [s.place for s in s7.ranking(dense)] == [1, 2, 2, 3]


def test_four_players_legal_moves_along_the_way() -> None:
    # R9 and R10 at a few moments of the game above
    state = s7.new_game(4, hands=FOUR_PLAYERS)
    state = s7.apply(state, "9♦")
    assert [str(card) for card in s7.legal_moves(state)] == ["8♦", "9♥", "9♠"]
    state = s7.apply(state, "9♠")
    assert [str(card) for card in s7.legal_moves(state)] == ["8♠", "10♠"]
    state = s7.apply(state, "10♠")  # seat 3 passes, seat 0 is next
    assert state.current_player == 0
    assert [str(card) for card in s7.legal_moves(state)] == ["9♣", "10♦"]
    assert state.row(s7.Suit.SPADES) == (s7.Rank.NINE, s7.Rank.TEN)
    assert state.row(s7.Suit.DIAMONDS) == (s7.Rank.NINE, s7.Rank.NINE)
    assert state.row(s7.Suit.CLUBS) is None


FIVE_PLAYERS = hands(
    "7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦",
    "6♦ 9♣ 10♣ J♣ Q♣ K♣ A♣",
    "9♥ 10♥ J♥ Q♥ K♥ A♥ 8♣",
    "9♠ 10♠ J♠ Q♠ K♠ A♠ 7♣",
    "6♣ 6♥ 7♥ 8♥ 6♠ 7♠ 8♠",
)


def play_five(options: Options | None = None) -> s7.GameState:
    # R5: with 5 players seat 0 holds 8 cards and the others 7
    state = s7.new_game(5, hands=FIVE_PLAYERS, options=options)
    return play_script(
        state,
        "0 9♦ | 1 9♣ | 2 9♥ | 3 9♠ | 4 8♥ "
        "| 0 10♦ | 1 10♣ | 2 10♥ | 3 10♠ | 4 7♥ "
        "| 0 J♦ | 1 J♣ | 2 J♥ | 3 J♠ | 4 6♥ "
        "| 0 Q♦ | 1 Q♣ | 2 Q♥ | 3 Q♠ | 4 8♠ "
        "| 0 K♦ | 1 K♣ | 2 K♥ | 3 K♠ | 4 7♠ "
        "| 0 A♦ | 1 A♣ | 2 A♥ | 3 A♠ | 4 6♠ "
        "| 0 8♦ "
        "| 1 - "  # seat 1's 6♦ waits for 7♦, which seat 0 still holds
        "| 2 8♣",  # seat 2's last card (R14)
    )


def test_five_players_rank_by_passes_changes_the_order() -> None:
    state = play_five()
    assert state.winner == 2
    assert state.passes == (0, 1, 0, 0, 0)
    # Default (R16): one card each; 6♦ and 6♣ (6 points) before 7♦ and 7♣ (7 points)
    assert standings(state) == [
        (1, 2, 0, 0, 0),
        (2, 1, 1, 6, 1),
        (2, 4, 1, 6, 0),
        (4, 0, 1, 7, 0),
        (4, 3, 1, 7, 0),
    ]
    # R17: with passes counting, seat 1's pass puts it behind every seat that never passed
    by_passes = play_five(Options(rank_by_passes=True))
    assert standings(by_passes) == [
        (1, 2, 0, 0, 0),
        (2, 4, 1, 6, 0),
        (3, 0, 1, 7, 0),
        (3, 3, 1, 7, 0),
        (5, 1, 1, 6, 1),
    ]
    dense = play_five(Options(rank_by_passes=True, place_numbering="dense"))
    assert [(s.place, s.seat) for s in s7.ranking(dense)] == [
        (1, 2),
        (2, 4),
        (3, 0),
        (3, 3),
        (4, 1),
    ]


SIX_PLAYERS = hands(
    "9♦ 10♦ J♦ Q♦ K♦ A♦",
    "8♦ 7♦ 6♦ 9♣ 8♣ 7♣",
    "9♥ 10♥ J♥ Q♥ K♥ A♥",
    "9♠ 10♠ J♠ Q♠ K♠ A♠",
    "6♣ 10♣ J♣ Q♣ K♣ A♣",
    "6♥ 7♥ 8♥ 6♠ 7♠ 8♠",
)


def test_six_players_shared_places_under_both_numberings() -> None:
    state = s7.new_game(6, hands=SIX_PLAYERS)
    state = play_script(
        state,
        "0 9♦ | 1 8♦ | 2 9♥ | 3 9♠ "
        "| 4 - "  # playable: 7♦ 10♦ 9♣ 8♥ 10♥ 8♠ 10♠; seat 4 holds none
        "| 5 8♥ | 0 10♦ | 1 9♣ | 2 10♥ | 3 10♠ | 4 10♣ "
        "| 5 8♠ | 0 J♦ | 1 8♣ | 2 J♥ | 3 J♠ | 4 J♣ "
        "| 5 7♥ | 0 Q♦ | 1 7♦ | 2 Q♥ | 3 Q♠ | 4 Q♣ "
        "| 5 6♥ | 0 K♦ | 1 6♦ | 2 K♥ | 3 K♠ | 4 K♣ "
        "| 5 7♠ | 0 A♦",
    )
    assert state.winner == 0
    assert state.passes == (0, 0, 0, 0, 1, 0)
    # Seats 2 and 3 each keep an ace: they share fourth place; competition numbering
    # skips the fifth (R18).
    assert standings(state) == [
        (1, 0, 0, 0, 0),
        (2, 5, 1, 6, 0),
        (3, 1, 1, 7, 0),
        (4, 2, 1, 11, 0),
        (4, 3, 1, 11, 0),
        (6, 4, 2, 17, 1),
    ]
    dense = with_options(state, place_numbering="dense")
    assert [(s.place, s.seat) for s in s7.ranking(dense)] == [
        (1, 0), (2, 5), (3, 1), (4, 2), (4, 3), (5, 4),
    ]  # fmt: skip
