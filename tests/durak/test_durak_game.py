"""The rules engine's edges: illegal moves and their messages, bad arguments, D11 corners,
and a check that random play reaches every kind of position the rules describe."""

from __future__ import annotations

import copy
import random

import pytest
from durak_helpers import hands, play

from sevens_ru import (
    GameNotOverError,
    IllegalMoveError,
    InvalidSeatError,
    NotAGameStateError,
    SevensError,
    durak,
)
from sevens_ru.durak import InvalidMoveError


def new() -> durak.GameState:
    return durak.new_game(
        2,
        dealer=0,
        hands=hands("8♣ 8♦ 8♥ Q♣ Q♦ Q♥ 9♠ 10♠ K♠", "7♣ 7♦ 7♥ J♣ J♦ J♥ A♣ A♦ A♥"),
        trump="6♠",
    )


COVERED = ["lead 7♣ 7♦ 7♥", "cover 7♣ 8♣", "cover 7♦ 8♦", "cover 7♥ 8♥"]


@pytest.mark.parametrize(
    ("moves", "move", "message"),
    [
        (
            [],
            "cover 7♣ 8♣",
            r"seat 1 cannot cover 7♣ 8♣: no bout is in progress; seat 1 is to lead",
        ),
        ([], "take", r"seat 1 cannot take: no bout is in progress"),
        ([], "lead 8♣", r"seat 1 cannot lead 8♣: 8♣ is not in their hand; legal moves: lead 7♣, "),
        ([], "lead 7♣ 7♠", r"seat 1 cannot lead 7♣ 7♠: 7♠ is not in their hand"),
        ([], "lead 8♣ 8♦", r"8♣ 8♦ are not in their hand"),
        (
            ["lead 7♣ 7♦"],
            "lead 8♣",
            r"seat 0 cannot lead 8♣: seat 0 defends against 7♣ 7♦: cover a card \(D8\) or take \(D9\)",
        ),
        (
            ["lead 7♣ 7♦"],
            "cover 7♣ 8♦",
            r"8♦ does not beat 7♣: it needs a higher ♣ or any trump \(♠\) \(D8\)",
        ),
        (["lead 7♣ 7♦"], "cover 7♣ J♣", r"J♣ is not in their hand"),
        (["lead 7♣ 7♦"], "cover 7♥ 8♥", r"7♥ is not on the table"),
        (
            ["lead 7♣ 7♦", "cover 7♣ 8♣"],
            "cover 7♣ Q♣",
            r"7♣ is already covered; legal moves: cover 7♦ 8♦, cover 7♦ Q♦, cover 7♦ 9♠, cover 7♦ 10♠, cover 7♦ K♠, take$",
        ),
        (["lead 7♣ 7♦", "cover 7♣ 8♣"], "cover 7♦ 8♣", r"8♣ is not in their hand"),
        (
            [*COVERED, "lead 9♠"],
            "cover 9♠ A♣",
            r"A♣ does not beat 9♠: a trump is covered only by a higher trump \(♠\) \(D8\)",
        ),
        (
            [*COVERED, "lead Q♣"],
            "cover Q♣ J♣",
            r"J♣ does not beat Q♣: it needs a higher ♣ or any trump \(♠\) \(D8\); legal moves: cover Q♣ A♣, take",
        ),
    ],
)
def test_illegal_moves_say_why(moves: list[str], move: str, message: str) -> None:
    state = play(new(), *moves)
    with pytest.raises(IllegalMoveError, match=message):
        durak.apply(state, move)
    with pytest.raises(IllegalMoveError, match=message):
        durak.apply(state, durak.parse_move(move))  # the same as a Move


def test_no_move_after_the_end() -> None:
    state = play(new(), "lead 7♣ 7♦ 7♥", "cover 7♣ 8♣", "cover 7♦ 8♦", "cover 7♥ 8♥")
    state = play(
        state, "lead Q♣ Q♦ Q♥", "take", "lead 9♠", "take", "lead 10♠", "take", "lead K♠", "take"
    )
    assert durak.is_over(state) and durak.legal_moves(state) == ()
    for move in ("take", "lead 7♣", "cover 7♣ 8♣"):
        with pytest.raises(
            IllegalMoveError, match=rf"cannot {move}: the game is over \(seat 1 lost, D12, D13\)"
        ):
            durak.apply(state, move)
    drawn = durak.new_game(
        2,
        hands=hands("9♦ 10♦ J♦ Q♦ K♦ A♦ 9♥ 10♥ J♥", "6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣"),
        trump="6♠",
        options=durak.Options(take_limit=1),
    )
    drawn = play(drawn, "lead 6♣", "take")
    with pytest.raises(IllegalMoveError, match=r"the game is over \(it is a draw, D12, D13\)"):
        durak.apply(drawn, "lead 7♣")


def test_a_lone_holder_is_the_fool_even_at_the_repetition_limit() -> None:
    # D12 before D13: the take that reaches the limit left one seat holding cards
    state = durak.new_game(
        2,
        hands=hands("7♣ 7♦ 7♠ 9♣ 9♦ 9♠ J♣ J♦ J♠", "6♣ 6♦ 6♠ 8♣ 8♦ 8♠ 10♣ 10♦ 10♠"),
        trump="6♥",
        options=durak.Options(take_limit=1),
    )
    state = play(state, "lead 6♣ 6♦ 6♠", "cover 6♣ 7♣", "cover 6♦ 7♦", "cover 6♠ 7♠")
    state = play(state, "lead 9♣ 9♦ 9♠", "cover 9♣ 10♣", "cover 9♦ 10♦", "cover 9♠ 10♠")
    state = play(state, "lead 8♣ 8♦ 8♠", "take")  # seat 1 led his last cards (D11)
    assert state.takes_in_a_row == 1 == state.options.take_limit
    assert durak.is_over(state) and state.loser == 0 and not state.is_draw
    assert durak.payoffs(state) == (-1, 1)


def test_bad_move_values() -> None:
    state = new()
    with pytest.raises(
        InvalidMoveError,
        match=r"apply\(\) takes a move \(durak.Lead, durak.Cover or durak.Take\), its text",
    ):
        durak.apply(state, 5.0)  # type: ignore[arg-type]  # a number, but not an action number
    with pytest.raises(InvalidMoveError, match=r"got Card Card.parse\('7♣'\)"):
        durak.apply(state, durak.Lead(["7♣"]).cards[0])  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError, match=r"unknown verb 'play'"):
        durak.apply(state, "play 7♣")


def test_functions_refuse_what_is_not_a_durak_state() -> None:
    import sevens_ru as s7

    sevens_state = s7.new_game(4, seed=1)
    for function in (durak.legal_moves, durak.is_over):
        with pytest.raises(
            NotAGameStateError,
            match=r"takes a Durak GameState; this is a Sevens GameState: use sevens_ru\.",
        ):
            function(sevens_state)  # type: ignore[arg-type]
    with pytest.raises(
        NotAGameStateError,
        match=r"durak.apply\(\) takes a Durak GameState; this is a Sevens GameState: use sevens_ru.apply$",
    ):
        durak.apply(sevens_state, "take")  # type: ignore[arg-type]
    for outcome in (durak.ranking, durak.payoffs, durak.next_dealer):
        with pytest.raises(
            NotAGameStateError, match=r"takes a Durak GameState; this is a Sevens GameState"
        ):
            outcome(sevens_state)  # type: ignore[arg-type]
    with pytest.raises(
        NotAGameStateError,
        match=r"durak.view\(\) takes a Durak GameState from new_game\(\) or apply\(\), got str",
    ):
        durak.view("state", 0)  # type: ignore[arg-type]
    with pytest.raises(
        NotAGameStateError, match=r"made by durak.new_game\(\), apply\(\) or from_json\(\)"
    ):
        durak.GameState()


def test_seats_are_checked() -> None:
    state = new()
    for seat, message in (
        (2, r"seat 2 does not exist: this game has seats 0 to 1"),
        (-1, r"seat -1 does not exist"),
        ("0", r"a seat is an int, got str '0'"),
        (True, r"a seat is an int, got True$"),
    ):
        with pytest.raises(InvalidSeatError, match=message):
            state.hand(seat)  # type: ignore[arg-type]
        with pytest.raises(InvalidSeatError, match=message):
            durak.view(state, seat)  # type: ignore[arg-type]


def test_the_outcome_exists_only_at_the_end() -> None:
    state = new()
    with pytest.raises(
        GameNotOverError,
        match=r"the ranking exists only once the game is over \(D12, D13\); seat 1 is to lead",
    ):
        durak.ranking(state)
    state = durak.apply(state, "lead 7♣")
    with pytest.raises(
        GameNotOverError,
        match=r"the payoffs exist only once the game is over .* seat 0 is to defend",
    ):
        durak.payoffs(state)
    with pytest.raises(
        GameNotOverError, match=r"the next dealer is known only once the game is over"
    ):
        durak.next_dealer(state)
    assert state.loser is None and not state.is_draw


def test_states_are_values() -> None:
    state = durak.apply(new(), "lead 7♣")
    assert copy.copy(state) is state and copy.deepcopy(state) is state
    assert state != new() and state == durak.apply(new(), durak.Lead(["7♣"]))
    assert state != "state" and (state == "state") is False
    assert len({state, durak.apply(new(), "lead 7♣"), new()}) == 2
    other_dealer = durak.new_game(
        2, dealer=1, hands=[list(map(str, hand)) for hand in new().deal], trump="6♠"
    )
    assert other_dealer != new()  # the same cards, another dealer
    assert (
        repr(state)
        == "<durak.GameState 2 players, trump 6♠, 1 moves, seat 1 attacks seat 0, table: 7♣>"
    )
    state = durak.apply(state, "cover 7♣ 8♣")
    assert repr(state).endswith("seat 0 attacks seat 1, table: empty>")
    assert state.moves == (durak.Lead(["7♣"]), durak.Cover("7♣", "8♣"))


def find_lead(predicate: object, limit: int = 3000) -> tuple[durak.GameState, durak.GameState]:
    """The first lead in random games (seeds 0, 1, ...) after which ``predicate(before, after)``."""
    for seed in range(limit):
        rng = random.Random(seed)
        state = durak.new_game(rng.choice([2, 3, 4]), seed=seed)
        while not durak.is_over(state):
            after = durak.apply(state, rng.choice(durak.legal_moves(state)))
            if isinstance(after.moves[-1], durak.Lead) and predicate(state, after):  # type: ignore[operator]
                return state, after
            state = after
    raise AssertionError("no such lead in the games searched")


def test_a_defender_emptied_by_joining_can_only_take() -> None:
    # D7, D9, D11: his joined cards attack him; with nothing to cover with, he takes them back
    _, after = find_lead(lambda before, after: after.hand_sizes[after.defender] == 0)
    assert durak.legal_moves(after) == (durak.Take(),)
    assert after.defender not in after.out
    taken = durak.apply(after, "take")
    assert taken.defender != after.defender or durak.is_over(taken)
    assert after.defender not in taken.out  # D11: he holds cards again


def test_a_joiner_emptied_by_joining_is_out_once_the_bout_is_settled() -> None:
    def joiner_emptied(before: durak.GameState, after: durak.GameState) -> bool:
        return any(
            before.hand_sizes[seat] and not after.hand_sizes[seat]
            for seat in range(after.players)
            if seat not in (after.attacker, after.defender)
        )

    before, after = find_lead(joiner_emptied)
    emptied = [s for s in range(after.players) if before.hand_sizes[s] and not after.hand_sizes[s]]
    assert not set(emptied) & set(after.out)  # D11: not yet
    settled = durak.apply(after, "take")
    assert set(emptied) <= set(settled.out)  # D11: once the bout is settled
    assert settled.attacker not in emptied and settled.defender not in emptied


def test_random_play_reaches_every_kind_of_position() -> None:
    # The properties check rules on random games; this makes sure those games contain
    # the cases the rules speak of.
    seen: set[str] = set()
    rng = random.Random(2024)
    for game in range(400):
        players = 2 + game % 3
        options = durak.Options(
            short_deck=players < 4 and game % 2 == 0, take_limit=[3, 100][game % 2]
        )
        state = durak.new_game(players, dealer=game % players, seed=game, options=options)
        while not durak.is_over(state):
            after = durak.apply(state, rng.choice(durak.legal_moves(state)))
            move = after.moves[-1]
            if isinstance(move, durak.Lead):
                joined = list(after.history[len(state.history) + 1 :])
                seen.add(f"lead of {len(move.cards)}")
                if any(event.seat == state.defender for event in joined):
                    seen.add("the defender joins")
                if len(joined) >= 2:
                    seen.add("two seats join")
            if (
                after.bouts > state.bouts
                and isinstance(move, durak.Take)
                and state.table != tuple((a, None) for a, _ in state.table)
            ):
                seen.add("take after covering some")
            state = after
        if state.loser is not None:
            seen.add(f"a fool among {players}")
        elif state.takes_in_a_row == options.take_limit:
            seen.add("draw by the repetition limit")
        else:
            seen.add("draw by emptying")
    assert seen >= {
        "lead of 1", "lead of 2", "lead of 3", "lead of 4",
        "the defender joins", "two seats join", "take after covering some",
        "a fool among 2", "a fool among 3", "a fool among 4",
        "draw by the repetition limit", "draw by emptying",
    }  # fmt: skip


def test_every_error_is_a_sevens_error() -> None:
    for error in (IllegalMoveError, InvalidMoveError, InvalidSeatError, GameNotOverError):
        assert issubclass(error, SevensError) and issubclass(error, ValueError)


def test_seeded_deals_are_the_same_as_ever() -> None:
    # D3, D4: the deals of 700 seeds, every player count, dealer and pack, as the
    # card-by-card deal made them before the deal summed each hand's bits from a table.
    import hashlib

    from sevens_ru.games.durak.deal import deal_seeded

    grid = [
        (players, dealer, seed, short)
        for players in (2, 3, 4)
        for dealer in range(players)
        for short in (False, True)
        if not (short and players == 4)
        for seed in range(50)
    ]
    deals = [
        deal_seeded(players, dealer, seed, short_deck=short)
        for players, dealer, seed, short in grid
    ]
    digest = hashlib.sha256(repr(deals).encode()).hexdigest()
    assert digest == "56c883e7cb08d8c4700a9bf827e78017256351785674c5469924d83d049c7419"
