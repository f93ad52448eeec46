"""Games between bots in both games (sevens_ru.play, sevens_ru.durak.play): one shape, one loop."""

from __future__ import annotations

import inspect
import random
from itertools import pairwise

import pytest

import sevens_ru as s7
import sevens_ru.bots
import sevens_ru.durak.bots
import sevens_ru.durak.play
import sevens_ru.play
from sevens_ru import durak
from sevens_ru.common._bots import bots_seed
from sevens_ru.games.durak import play as durak_play
from sevens_ru.games.durak.bots import HeuristicBot as DurakHeuristic
from sevens_ru.games.durak.bots import RandomBot as DurakRandom
from sevens_ru.games.sevens.bots import HeuristicBot, RandomBot, SearchBot
from sevens_ru.games.sevens.play import narrate, play_game
from sevens_ru.games.sevens.tournament import MatchError, play_match


def test_both_games_have_the_same_play_module() -> None:
    for name in ("play_game", "narrate"):
        main, second = getattr(s7.play, name), getattr(durak_play, name)
        main_parameters = list(inspect.signature(main).parameters)
        second_parameters = list(inspect.signature(second).parameters)
        assert [p for p in second_parameters if p != "dealer"] == main_parameters, name


def test_a_game_between_bots_is_the_game_the_bots_would_play_by_hand() -> None:
    # The loop the command and the tournaments used to write themselves: R7, R11, R14.
    bots: list[s7.bots.Bot] = [HeuristicBot(), RandomBot(), SearchBot(rollouts=40)]
    states = list(play_game(bots, seed=12))
    state, rng = s7.new_game(3, seed=12), random.Random(bots_seed(12))  # one-way (F4)
    expected = [state]
    while not s7.is_over(state):
        seat = state.current_player
        assert seat is not None
        state = s7.apply(state, bots[seat].choose(s7.view(state, seat), rng))
        expected.append(state)
    assert states == expected
    assert all(len(after.history) > len(before.history) for before, after in pairwise(states))


def test_each_seat_may_have_its_own_random_generator() -> None:
    class Spy(RandomBot):
        seen: list[random.Random] = []  # noqa: RUF012  # shared on purpose

        def choose(self, view: s7.PlayerView, rng: random.Random) -> s7.Card:
            Spy.seen.append(rng)
            return super().choose(view, rng)

    rngs = [random.Random(seat) for seat in range(4)]
    final = list(play_game([Spy()] * 4, seed=3, rngs=rngs))[-1]
    assert s7.is_over(final)
    assert {id(rng) for rng in Spy.seen} == {id(rng) for rng in rngs}
    with pytest.raises(s7.InvalidOptionsError, match=r"one random\.Random per seat: 2 for 4 bots"):
        list(play_game([RandomBot()] * 4, seed=3, rngs=rngs[:2]))
    with pytest.raises(s7.InvalidOptionsError, match=r"one random\.Random per seat"):
        list(durak.play.play_game([DurakRandom()] * 3, seed=3, rngs=rngs))


def test_bad_bots_are_named_with_their_seat() -> None:
    class Cheat:
        def __init__(self, card: object) -> None:
            self.card = card

        def choose(self, view: s7.PlayerView, rng: random.Random) -> s7.Card:
            return self.card if view.table else view.legal_moves()[0]  # type: ignore[return-value]

        def __repr__(self) -> str:
            return f"Cheat({self.card!r})"

    with pytest.raises(
        s7.IllegalMoveError, match=r"Cheat\('A♠'\) playing seat \d: seat \d cannot play A♠"
    ):
        list(play_game([Cheat("A♠"), Cheat("A♠")], seed=1))
    with pytest.raises(
        s7.CardParseError, match=r"Cheat\('xyz'\) playing seat \d: cannot read 'xyz'"
    ):
        list(play_game([Cheat("xyz"), Cheat("xyz")], seed=1))
    with pytest.raises(s7.WrongTypeError, match=r"bots\[1\] has no choose\(view, rng\) method"):
        list(play_game([RandomBot(), "random"], seed=1))  # type: ignore[list-item]
    with pytest.raises(s7.WrongTypeError, match=r"bots\[0\] has no choose"):
        list(durak.play.play_game([object(), DurakRandom()], seed=1))  # type: ignore[list-item]
    with pytest.raises(s7.InvalidDealError, match="2 to 6 players"):
        list(play_game([RandomBot()], seed=1))  # R4


def test_narrate_tells_every_play_pass_and_the_winner() -> None:
    states = list(play_game([HeuristicBot(), RandomBot(), RandomBot(), RandomBot()], seed=4))
    lines = [line for before, after in pairwise(states) for line in narrate(before, after)]
    final = states[-1]
    plays = [event for event in final.history if isinstance(event, s7.Play)]
    assert [line for line in lines if " plays " in line] == [
        f"seat {play.seat} plays {play.card}" for play in plays
    ]
    assert sum(line.endswith(" passes") for line in lines) == sum(final.passes)  # R11
    assert lines[-1] == f"game over: seat {final.winner} wins"  # R14
    assert narrate(states[0], states[0]) == ()


def test_both_games_replay_from_the_seed_alone() -> None:
    lineup: list[s7.bots.Bot] = [HeuristicBot(), RandomBot()]
    assert list(play_game(lineup, seed=9)) == list(play_game(lineup, seed=9))
    bots: list[durak.bots.Bot] = [DurakHeuristic(), DurakRandom(), DurakRandom()]
    first = list(durak.play.play_game(bots, seed=9, dealer=1))
    assert first == list(durak.play.play_game(bots, seed=9, dealer=1))
    assert first[0] == durak.new_game(3, dealer=1, seed=9)


class _Fails:
    name = "fails"

    def choose(self, view: s7.PlayerView, rng: random.Random) -> s7.Card:
        raise KeyError("no idea")


class _NotACard:
    name = "garbage"

    def choose(self, view: s7.PlayerView, rng: random.Random) -> object:
        return 42


def test_the_match_names_a_failing_bot_and_its_seat() -> None:
    # A bot's exception and a choice that is not a card both end the match with MatchError.
    with pytest.raises(
        MatchError, match=r"bot 'fails' in seat \d failed: KeyError: 'no idea'"
    ) as info:
        play_match([_Fails(), RandomBot()], 2, seed=1)
    assert isinstance(info.value.__cause__, KeyError)
    with pytest.raises(MatchError, match=r"bot 'garbage' in seat \d: "):
        play_match([_NotACard(), RandomBot()], 2, seed=1)  # type: ignore[list-item]


def test_the_match_still_times_each_seat() -> None:
    result = play_match([SearchBot(rollouts=30), RandomBot()], 3, seed=2)
    search, random_bot = result.bots
    assert search.moves > 0 and random_bot.moves > 0
    assert search.seconds > random_bot.seconds > 0
    # Every card a bot chose is counted once: all 36 but those left in hand at the end (R14).
    left = sum(bot.mean_cards_left.mean * bot.games for bot in result.bots)
    assert search.moves + random_bot.moves == 36 * result.games - round(left)
