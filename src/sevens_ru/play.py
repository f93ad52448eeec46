"""Games between bots, move by move (for demos, the command line and tournaments).

:func:`~sevens_ru.play.play_game` yields every state of one game;
:func:`~sevens_ru.play.narrate` turns one step into printable lines. Old Durak has the
same two functions in :mod:`sevens_ru.durak.play`.

>>> import sevens_ru as s7
>>> from sevens_ru.bots import HeuristicBot, RandomBot
>>> from sevens_ru.play import narrate, play_game
>>> states = list(play_game([HeuristicBot(), RandomBot(), RandomBot(), RandomBot()], seed=1))
>>> for line in narrate(states[0], states[1]):
...     print(line)
seat 1 plays 9♦
seat 2 passes
>>> s7.is_over(states[-1])
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol, TypeVar

from .bots import Bot
from .errors import InvalidOptionsError, SevensError, WrongTypeError
from .events import Play
from .game import apply, is_over, new_game
from .observation import view
from .options import Options
from .state import GameState

__all__ = ["narrate", "play_game"]


def play_game(
    bots: Sequence[Bot],
    *,
    seed: int | None = None,
    options: Options | None = None,
    rngs: Sequence[random.Random] | None = None,
) -> Iterator[GameState]:
    """Yield the new game dealt from ``seed``, then the state after every card, to the end.

    ``bots[seat]`` plays ``seat``; the number of bots is the number of players. The
    bots draw their choices from ``random.Random(seed)``, one generator for all, so a
    seed replays a game; ``rngs`` gives each seat its own instead. Without a seed, the
    deal and the choices come from fresh entropy. The passes (R11) are made inside, as
    :func:`~sevens_ru.apply` makes them.

    >>> import random
    >>> import sevens_ru as s7
    >>> from sevens_ru.bots import RandomBot
    >>> states = list(play_game([RandomBot(), RandomBot()], seed=8))
    >>> states[0] == s7.new_game(2, seed=8), s7.is_over(states[-1])
    (True, True)
    >>> rngs = [random.Random(1), random.Random(2)]
    >>> list(play_game([RandomBot(), RandomBot()], seed=8, rngs=rngs))[-1].winner in (0, 1)
    True

    Raises:
        IllegalMoveError: a bot chose a card that is not legal (the message names the bot
            and the seat; a choice that is not a card raises the error of
            :func:`~sevens_ru.apply` the same way).
        InvalidDealError: a number of bots that is not a number of players (R4).
        WrongTypeError: something in ``bots`` has no ``choose`` method.
        InvalidOptionsError: ``rngs`` does not hold one generator per seat.
    """
    bots = lineup_of(bots)
    state = new_game(len(bots), seed=seed, options=options)
    yield from bot_steps(
        state, bots, rngs_for(rngs, seed, len(bots)), view=view, apply=apply, is_over=is_over
    )


B = TypeVar("B")
S = TypeVar("S", bound="_State")
V = TypeVar("V")
M = TypeVar("M")


class _State(Protocol):
    """What :func:`bot_steps` reads of a game state, in either game."""

    @property
    def current_player(self) -> int | None: ...


V_contra = TypeVar("V_contra", contravariant=True)
M_co = TypeVar("M_co", covariant=True)


class _Chooser(Protocol[V_contra, M_co]):
    """A bot of either game."""

    def choose(self, view: V_contra, rng: random.Random, /) -> M_co: ...


def bot_steps(
    state: S,
    bots: Sequence[_Chooser[V, M]],
    rngs: Sequence[random.Random],
    *,
    view: Callable[[S, int], V],
    apply: Callable[[S, M], S],
    is_over: Callable[[S], bool],
) -> Iterator[S]:
    """Yield ``state``, then the state after each move ``bots`` choose, to the end (both games).

    The loop of both games' ``play_game``: ``bots[seat]`` chooses from ``view(state,
    seat)`` with ``rngs[seat]``; a move that ``apply`` refuses is refused again with
    the bot and the seat named, as the same kind of error.
    """
    yield state
    while not is_over(state):
        seat: int = state.current_player  # type: ignore[assignment]  # not over
        move = bots[seat].choose(view(state, seat), rngs[seat])
        try:
            state = apply(state, move)
        except SevensError as error:  # not legal, or not a move at all
            raise type(error)(f"{bots[seat]!r} playing seat {seat}: {error}") from error
        yield state


def lineup_of(bots: Sequence[B]) -> tuple[B, ...]:
    """``bots`` as a tuple, each checked to have a ``choose`` method (for both games' ``play_game``)."""
    lineup = tuple(bots)
    for number, bot in enumerate(lineup):
        if not callable(getattr(bot, "choose", None)):
            raise WrongTypeError(f"bots[{number}] has no choose(view, rng) method: {bot!r}")
    return lineup


def rngs_for(
    rngs: Sequence[random.Random] | None, seed: int | None, players: int
) -> Sequence[random.Random]:
    """One generator per seat: ``rngs`` if given, else ``random.Random(seed)`` shared by all seats."""
    if rngs is None:
        return [random.Random(None if seed is None else int(seed))] * players
    rngs = tuple(rngs)
    if len(rngs) != players:
        raise InvalidOptionsError(
            f"rngs must hold one random.Random per seat: {len(rngs)} for {players} bots"
        )
    return rngs


def narrate(before: GameState, after: GameState) -> tuple[str, ...]:
    """Printable lines for the card played from ``before`` to ``after``: the play, the passes, the end.

    >>> import sevens_ru as s7
    >>> state = s7.new_game(2, hands=[
    ...     ["6♣", "7♣", "8♣", "9♣", "10♣", "J♣", "Q♣", "K♣", "A♣", "6♦", "7♦", "8♦",
    ...      "10♦", "J♦", "Q♦", "K♦", "A♦", "6♥"],
    ...     ["9♦", "7♥", "8♥", "9♥", "10♥", "J♥", "Q♥", "K♥", "A♥", "6♠", "7♠", "8♠",
    ...      "9♠", "10♠", "J♠", "Q♠", "K♠", "A♠"]])
    >>> narrate(state, s7.apply(state, "9♦"))
    ('seat 1 plays 9♦',)
    """
    lines = [
        f"seat {event.seat} plays {event.card}"
        if isinstance(event, Play)
        else f"seat {event.seat} passes"
        for event in after.history[len(before.history) :]
    ]
    if is_over(after):
        lines.append(f"game over: seat {after.winner} wins")
    return tuple(lines)
