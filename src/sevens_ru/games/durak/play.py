"""Games between Durak bots, move by move or many at once (for demos, the command line and tournaments).

:func:`~sevens_ru.durak.play.play_game` yields every state of one game;
:func:`~sevens_ru.durak.play.narrate` turns one step into printable lines, as in
:mod:`sevens_ru.play` for the main game; :func:`~sevens_ru.durak.play.simulate` plays
a series of many games, the fool dealing the next one (D16), and counts the results.

>>> from sevens_ru import durak
>>> from sevens_ru.durak.bots import HeuristicBot, RandomBot
>>> from sevens_ru.durak.play import narrate, play_game
>>> states = list(play_game([HeuristicBot(), RandomBot()], seed=3))
>>> for line in narrate(states[0], states[1]):
...     print(line)
seat 1 leads K♠
seat 0 joins K♦ K♥
>>> durak.is_over(states[-1])
True
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator, Sequence

import attrs

from ...common._bots import bot_steps, lineup_of, rngs_for
from ...common._numbers import as_int
from ...common._quote import got
from ...errors import InvalidOptionsError
from .bots import Bot
from .game import apply, is_over, new_game
from .observation import view
from .options import Options
from .scoring import next_dealer, ranking
from .state import GameState

__all__ = ["MatchResult", "narrate", "play_game", "simulate"]


def play_game(
    bots: Sequence[Bot],
    *,
    seed: int | None = None,
    dealer: int = 0,
    options: Options | None = None,
    rngs: Sequence[random.Random] | None = None,
) -> Iterator[GameState]:
    """Yield the new game ``dealer`` deals from ``seed`` (D3–D5), then the state after every move, to the end.

    As :func:`sevens_ru.play.play_game` does for the main game: ``bots[seat]`` plays
    ``seat``, and the bots' choices come from one generator seeded by a one-way step
    from ``seed`` (``sevens_ru.common._bots.bots_seed``: a bot cannot rebuild the deal from it), or from one
    generator per seat in ``rngs``; the joins (D7) are made inside, as
    :func:`~sevens_ru.durak.apply` makes them.

    >>> from sevens_ru import durak
    >>> from sevens_ru.durak.bots import RandomBot
    >>> states = list(play_game([RandomBot(), RandomBot()], seed=8, dealer=1))
    >>> states[0] == durak.new_game(2, dealer=1, seed=8), durak.is_over(states[-1])
    (True, True)

    Raises:
        IllegalMoveError: a bot chose a move that is not legal (the message names it).
        InvalidDealError: a number of bots that Durak does not allow (D2), or a bad dealer.
        WrongTypeError: something in ``bots`` has no ``choose`` method.
        InvalidOptionsError: ``rngs`` does not hold one generator per seat.
    """
    bots = lineup_of(bots)
    state = new_game(len(bots), dealer=dealer, seed=seed, options=options)
    yield from bot_steps(
        state, bots, rngs_for(rngs, seed, len(bots)), view=view, apply=apply, is_over=is_over
    )


def narrate(before: GameState, after: GameState) -> tuple[str, ...]:
    """Printable lines for the move from ``before`` to ``after``: its events, then what followed.

    >>> from sevens_ru import durak
    >>> state = durak.new_game(2, hands=[
    ...     ["6♣", "7♣", "8♣", "9♣", "10♣", "J♣", "Q♣", "K♣", "A♣"],
    ...     ["6♦", "7♦", "8♦", "9♦", "10♦", "J♦", "Q♦", "K♦", "A♦"]], trump="6♠")
    >>> after = durak.apply(durak.apply(state, "lead 6♦"), "take")
    >>> for line in narrate(state, after):
    ...     print(line)
    seat 1 leads 6♦
    seat 0 joins 6♣
    seat 0 takes 6♣ 6♦
    seat 1 attacks seat 0
    """
    lines = [str(event) for event in after.history[len(before.history) :]]
    if after.bouts == before.bouts:
        return tuple(lines)
    if not after.takes_in_a_row:
        lines.append(
            f"the bout is covered: {len(after.set_aside) - len(before.set_aside)} cards set aside"
        )
    for seat in after.out:
        if seat not in before.out:
            lines.append(f"seat {seat} is out")
    if after.attacker is not None:
        lines.append(f"seat {after.attacker} attacks seat {after.defender}")
    elif after.loser is not None:
        lines.append(f"game over: seat {after.loser} is the fool")
    elif after.takes_in_a_row >= after.options.take_limit:
        lines.append(f"game over: a draw, {after.takes_in_a_row} bouts in a row taken (D13)")
    else:
        lines.append("game over: a draw, every hand emptied at once (D12)")
    return tuple(lines)


@attrs.frozen
class MatchResult:
    """The tally of a match played by :func:`~sevens_ru.durak.play.simulate`, per seat (that is, per bot).

    >>> from sevens_ru.durak.bots import RandomBot
    >>> result = simulate([RandomBot(), RandomBot()], 10, seed=2)
    >>> result.games, len(result.losses), len(result.mean_place)
    (10, 2, 2)
    """

    games: int
    """The games played."""
    losses: tuple[int, ...]
    """How many times each seat was the fool."""
    draws: int
    """The games that ended without a fool (D12, D13)."""
    mean_place: tuple[float, ...]
    """Each seat's mean place (1 is best)."""
    moves: int
    """The moves made in all games."""


def simulate(
    bots: Sequence[Bot], games: int, *, seed: int, options: Options | None = None
) -> MatchResult:
    """Play a match of ``games`` games between ``bots`` (one per seat) and count the results.

    Each game is dealt from a seed drawn from ``random.Random(seed)``; the first game's
    dealer is seat 0, and then the fool deals, or after a draw the same dealer (D16).

    >>> from sevens_ru.durak.bots import HeuristicBot, RandomBot
    >>> result = simulate([HeuristicBot(), RandomBot()], 20, seed=1)
    >>> result.games, sum(result.losses) + result.draws
    (20, 20)
    """
    count = as_int(games)
    if count is None or count < 0:
        raise InvalidOptionsError(
            f"the number of games must be an int of 0 or more, got {got(games)}"
        )
    games = count
    rng = random.Random(seed)
    losses = [0] * len(bots)
    places = [0] * len(bots)
    draws = moves = dealer = 0
    for _ in range(games):
        game = play_game(bots, seed=rng.getrandbits(64), dealer=dealer, options=options)
        state = deque(game, maxlen=1)[0]  # play to the end, keep the last state
        moves += len(state.moves)
        for standing in ranking(state):
            places[standing.seat] += standing.place
        if state.loser is None:
            draws += 1
        else:
            losses[state.loser] += 1
        dealer = next_dealer(state)
    return MatchResult(
        games=games,
        losses=tuple(losses),
        draws=draws,
        mean_place=tuple(place / games if games else 0.0 for place in places),
        moves=moves,
    )
