"""Bots: legal choices from a view only, the caller's randomness only, and sound play."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sevens_ru as s7
from sevens_ru import games
from sevens_ru.common._bots import MAX_ROLLOUTS, BotRegistry, check_playouts
from sevens_ru.durak.bots import SearchBot as DurakSearchBot
from sevens_ru.errors import InvalidOptionsError
from sevens_ru.games.sevens._board import BEYOND
from sevens_ru.games.sevens._board import OPENED_BY as RELEASES
from sevens_ru.games.sevens.bots import (
    BOT_NAMES,
    Bot,
    HeuristicBot,
    NoMoveError,
    RandomBot,
    SearchBot,
    UnknownBotError,
    bot_name,
    make_bot,
)
from sevens_ru.games.sevens.bots._rollout import greedy_playout
from sevens_ru.games.sevens.game import playable_mask
from sevens_ru.games.sevens.inference import WrongTypeError

BOTS: list[Bot] = [RandomBot(), HeuristicBot(), SearchBot(rollouts=60)]


def play(bots: list[Bot], players: int, seed: int) -> s7.GameState:
    state = s7.new_game(players, seed=seed)
    rng = random.Random(seed)
    while not s7.is_over(state):
        seat = state.current_player
        assert seat is not None
        state = s7.apply(state, bots[seat % len(bots)].choose(s7.view(state, seat), rng))
    return state


def positions(players: int, seed: int) -> Iterator[s7.GameState]:
    """Every position of a random game where the player to move has a choice."""
    rng = random.Random(seed)
    state = s7.new_game(players, seed=seed)
    while not s7.is_over(state):
        if len(s7.legal_moves(state)) > 1:
            yield state
        state = s7.apply(state, rng.choice(s7.legal_moves(state)))


@pytest.mark.parametrize("bot", BOTS, ids=bot_name)
def test_bots_are_bots(bot: Bot) -> None:
    assert isinstance(bot, Bot)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), which=st.sampled_from(BOTS))
def test_every_choice_is_legal(players: int, seed: int, which: Bot) -> None:
    # R10: a bot chooses among the legal moves of its own seat; a whole game completes.
    state = s7.new_game(players, seed=seed)
    rng = random.Random(seed)
    while not s7.is_over(state):
        seat = state.current_player
        assert seat is not None
        seen = s7.view(state, seat)
        card = which.choose(seen, rng)
        assert card in seen.legal_moves()
        state = s7.apply(state, card)
    assert s7.ranking(state)[0].cards_left == 0


@pytest.mark.parametrize("bot", BOTS, ids=bot_name)
def test_the_same_seed_gives_the_same_game(bot: Bot) -> None:
    first = play([bot], 4, seed=11)
    assert play([bot], 4, seed=11).history == first.history


def test_bots_never_touch_the_global_random(monkeypatch: pytest.MonkeyPatch) -> None:
    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("a bot used the global random module")

    for name in ("random", "choice", "randrange", "randint", "shuffle", "getrandbits", "sample"):
        monkeypatch.setattr(random, name, forbidden)
    state = play([*BOTS, HeuristicBot()], 4, seed=3)
    assert s7.is_over(state)


@pytest.mark.parametrize("bot", BOTS, ids=bot_name)
def test_a_bot_refuses_a_seat_without_a_move(bot: Bot) -> None:
    state = s7.new_game(4, seed=1)  # seat 1 holds 9♦ and is to play (R7)
    with pytest.raises(NoMoveError, match="seat 1's turn"):
        bot.choose(s7.view(state, 0), random.Random(0))
    over = play([RandomBot()], 3, seed=2)
    with pytest.raises(NoMoveError, match="over"):
        bot.choose(s7.view(over, 0), random.Random(0))
    with pytest.raises(WrongTypeError, match="PlayerView"):
        bot.choose(state, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"random\.Random"):
        bot.choose(s7.view(state, 1), None)  # type: ignore[arg-type]


def test_a_single_legal_card_is_played_at_once() -> None:
    state = s7.new_game(4, seed=1)
    seen = s7.view(state, 1)
    for bot in BOTS:
        assert bot.choose(seen, random.Random(0)) == s7.Card.parse("9♦")  # R7


def test_heuristic_opens_a_row_it_can_follow() -> None:
    # Strategy note: open a new suit only if you can follow it up. Seat 0 opens with 9♦
    # (R7) and seat 1 answers 10♦; seat 0 may then open clubs with 9♣ (8♣ and 10♣ are
    # seat 1's) or play 8♦, after which its own 7♦ follows.
    seat_0 = [
        "9♦",
        "8♦",
        "7♦",
        "9♣",
        "A♣",
        "K♣",
        "6♥",
        "7♥",
        "8♥",
        "6♠",
        "7♠",
        "8♠",
        "K♠",
        "A♠",
        "Q♥",
        "K♥",
        "A♥",
        "J♥",
    ]
    hand_0 = [s7.Card.parse(text) for text in seat_0]
    hand_1 = [card for card in s7.DECK if card not in hand_0]
    state = s7.apply(s7.apply(s7.new_game(2, hands=[hand_0, hand_1]), "9♦"), "10♦")
    seen = s7.view(state, 0)
    assert seen.legal_moves() == (s7.Card.parse("9♣"), s7.Card.parse("8♦"))
    assert HeuristicBot().choose(seen, random.Random(0)) == s7.Card.parse("8♦")


def test_heuristic_keeps_the_cards_others_wait_for() -> None:
    # Strategy note: with other moves available, keep the card others wait for. Wherever
    # a move releases only the player's own cards (or none) and another would release an
    # opponent's card with only opponents' cards beyond it, the bot keeps the latter.
    bot = HeuristicBot()
    checked = 0
    for seed in range(40):
        for state in positions(4, seed):
            seat = state.current_player
            assert seat is not None
            hand = s7.mask_of(state.hand(seat))
            theirs = ~hand & ~s7.mask_of(state.table) & ((1 << 36) - 1)
            moves = s7.legal_moves(state)
            safe = [
                card for card in moves if not (RELEASES[card.index] | BEYOND[card.index]) & theirs
            ]
            blocking = [
                card
                for card in moves
                if RELEASES[card.index] & theirs and not BEYOND[card.index] & hand
            ]
            if safe and blocking:
                assert bot.choose(s7.view(state, seat), random.Random(0)) not in blocking
                checked += 1
    assert checked >= 5


def releases_last_card(state: s7.GameState, card: s7.Card) -> bool:
    """Whether playing ``card`` lets another seat go out on its next move (R14)."""
    after = s7.apply(state, card)
    if s7.is_over(after) or after.current_player == state.current_player:
        return False
    return any(s7.is_over(s7.apply(after, reply)) for reply in s7.legal_moves(after))


def losing_positions() -> list[s7.GameState]:
    """2-player positions where one card hands the opponent the win and another does not."""
    found = []
    for seed in range(400):
        for state in positions(2, seed):
            moves = s7.legal_moves(state)
            losing = [card for card in moves if releases_last_card(state, card)]
            if losing and len(losing) < len(moves):
                found.append(state)
                break
        if len(found) == 5:
            break
    return found


@pytest.mark.parametrize("bot", [HeuristicBot(), SearchBot(rollouts=200)], ids=bot_name)
def test_never_hands_the_opponent_the_win(bot: Bot) -> None:
    # With 2 players nothing is hidden (R20): a card that lets the opponent play its last
    # card (R14) is avoidable here, and both bots avoid it.
    found = losing_positions()
    assert len(found) == 5
    for state in found:
        seat = state.current_player
        assert seat is not None
        card = bot.choose(s7.view(state, seat), random.Random(1))
        assert not releases_last_card(state, card)


def test_heuristic_plays_aces_and_sixes_for_tempo() -> None:
    # Strategy note: aces and sixes open nothing for anyone. In every position where the
    # alternative is a card whose release helps only the opponents, a six or ace wins.
    bot = HeuristicBot()
    checked = 0
    for seed in range(60):
        for state in positions(4, seed):
            seat = state.current_player
            assert seat is not None
            hand = s7.mask_of(state.hand(seat))
            moves = s7.legal_moves(state)
            ends = [card for card in moves if card.rank in (s7.Rank.SIX, s7.Rank.ACE)]
            others = [card for card in moves if card not in ends]
            # Every other move releases a card its player does not hold, and has no own
            # cards waiting beyond it: those only help the opponents.
            if (
                ends
                and others
                and all(
                    not RELEASES[card.index] & hand and not BEYOND[card.index] & hand
                    for card in others
                )
            ):
                assert bot.choose(s7.view(state, seat), random.Random(0)) in ends
                checked += 1
    assert checked >= 5


def test_heuristic_beats_random() -> None:
    from sevens_ru.games.sevens.tournament import play_match

    result = play_match([HeuristicBot(), RandomBot(), RandomBot(), RandomBot()], 150, seed=5)
    assert result.bots[0].win_rate.low > 0.25


def test_search_time_limit() -> None:
    state = next(positions(4, 2))
    seat = state.current_player
    assert seat is not None
    bot = SearchBot(time_limit=0.05)
    started = time.perf_counter()
    card = bot.choose(s7.view(state, seat), random.Random(0))
    assert card in s7.legal_moves(state)
    assert time.perf_counter() - started < 1.0


@pytest.mark.parametrize("rollout", ["greedy", "random"])
def test_search_rollout_policies(rollout: str) -> None:
    bot = make_bot(f"search:rollouts=40,rollout={rollout}")
    assert isinstance(bot, SearchBot)
    assert bot.rollout == rollout
    state = play([bot, RandomBot(), RandomBot()], 3, seed=4)
    assert s7.is_over(state)


@pytest.mark.parametrize(
    ("settings_", "message"),
    [
        ({"rollouts": 0}, "rollouts"),
        ({"rollouts": 2.5}, "rollouts"),
        ({"time_limit": -1}, "time_limit"),
        ({"place_weight": 2}, "place_weight"),
        ({"rollout": "minimax"}, "rollout"),
    ],
)
def test_search_settings_are_checked(settings_: dict[str, object], message: str) -> None:
    with pytest.raises(s7.InvalidOptionsError, match=message):
        SearchBot(**settings_)  # type: ignore[arg-type]


def test_greedy_playouts_end_legally() -> None:
    # R13, R14: the playout ends with one seat out of cards, the others holding some.
    rng = random.Random(0)
    for seed in range(30):
        for state in positions(4, seed):
            seat = state.current_player
            assert seat is not None
            table = s7.mask_of(state.table)
            hands = [s7.mask_of(hand) for hand in state.hands]
            passes = sum(count << (8 * other) for other, count in enumerate(state.passes))
            first = rng.choice(s7.legal_moves(state))
            result = greedy_playout(
                hands, table, playable_mask(table), passes, seat, first.index, rng, s7.Options()
            )
            assert result[0].place == 1
            assert result[0].cards_left == 0
            assert all(standing.cards_left > 0 for standing in result[1:])
            assert all(standing.passes >= state.passes[standing.seat] for standing in result)
            break


def test_make_bot() -> None:
    assert BOT_NAMES == ("random", "heuristic", "search")
    assert make_bot("random") == RandomBot()
    assert make_bot(" Heuristic ") == HeuristicBot()
    assert make_bot("search:rollouts=100,time_limit=none") == SearchBot(
        name="search:rollouts=100,time_limit=none", rollouts=100
    )
    assert make_bot("heuristic:tempo=1.5").tempo == 1.5  # type: ignore[attr-defined]
    with pytest.raises(UnknownBotError, match="unknown bot 'minimax'"):
        make_bot("minimax")
    with pytest.raises(UnknownBotError, match="bad setting 'depth=3'"):
        make_bot("search:depth=3")
    with pytest.raises(UnknownBotError, match="bad setting"):
        make_bot("search:rollouts")
    with pytest.raises(UnknownBotError, match="text"):
        make_bot(3)  # type: ignore[arg-type]
    with pytest.raises(s7.InvalidOptionsError):
        make_bot("search:rollouts=fast")


def test_bot_name() -> None:
    class Plain:
        def choose(self, view: s7.PlayerView, rng: random.Random) -> s7.Card:
            return view.legal_moves()[0]

    assert bot_name(Plain()) == "Plain"
    assert bot_name(SearchBot(name="deep")) == "deep"


@attrs.frozen
class ToyBot:
    """A bot of no game until a test registers one that makes it."""

    rollouts: int = attrs.field(default=1, validator=check_playouts)


def test_a_bots_message_names_its_game_from_the_registry() -> None:
    toy = attrs.evolve(games.get("sevens"), name="toy-game", bots=BotRegistry({"toy": ToyBot}))
    with pytest.raises(InvalidOptionsError, match=r"^ToyBot\.rollouts must be"):
        ToyBot(rollouts=0)  # no game's bot: no game named
    games.register(toy)
    try:
        with pytest.raises(InvalidOptionsError, match=r"^toy-game ToyBot\.rollouts must be"):
            ToyBot(rollouts=0)
    finally:
        games._unregister("toy-game")
    with pytest.raises(InvalidOptionsError, match=r"^durak SearchBot\.rollouts must be"):
        DurakSearchBot(rollouts=0)
    with pytest.raises(InvalidOptionsError, match=r"^SearchBot\.rollouts must be"):
        SearchBot(rollouts=0)  # the main game: no prefix


@pytest.mark.parametrize("game", games.names())
def test_every_search_bot_has_a_most_rollouts(game: str) -> None:
    bots = games.get(game).bots
    assert bots.make(f"search:rollouts={MAX_ROLLOUTS}").rollouts == MAX_ROLLOUTS == 1_000_000
    for too_many in (MAX_ROLLOUTS + 1, 10**15):
        with pytest.raises(
            InvalidOptionsError, match=r"rollouts must be an int from 1 to 1,000,000"
        ):
            bots.make(f"search:rollouts={too_many}")
        with pytest.raises(ValueError, match=rf"got {too_many}$"):
            bots.make(f"search:rollouts={too_many}")
