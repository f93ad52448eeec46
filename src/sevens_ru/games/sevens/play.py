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
from collections.abc import Iterator, Sequence

from ...common._bots import bot_steps, lineup_of, rngs_for
from .bots import Bot
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
    bots draw their choices from one generator for all, seeded by a one-way step from
    ``seed`` (``sevens_ru.common._bots.bots_seed``: a bot cannot rebuild the deal from it), so a
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
