"""The games as the environments see them: a table of functions read from each registered game.

Every adapter is written once against :class:`Game`, which :func:`env_game` fills in
from a game of the registry (:mod:`sevens_ru.games`), so every game behaves alike in
every framework.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

import attrs
import numpy as np
import numpy.typing as npt

from .. import games
from ..common._numbers import as_int
from ..common._quote import excerpt
from ..errors import InvalidOptionsError, NoGameError

__all__ = ["Game", "agent_names", "dealt", "env_game", "render", "seat_rng", "state_text"]


StateT = TypeVar("StateT", bound=games.State)
ViewT = TypeVar("ViewT")
OptionsT = TypeVar("OptionsT")
Tensor = npt.NDArray[np.float32]


@attrs.frozen
class Game(Generic[StateT, ViewT, OptionsT]):
    """What an environment needs of a game beyond the registry's :class:`~sevens_ru.games.Game`.

    The rules, the sizes and the text are read from :attr:`game` itself; this adds the
    game's tensors, its action count, its deal from an environment's RNG and the
    compiled core's steps.
    """

    game: games.Game[StateT, ViewT, Any]
    """The registry's game: its name, its seats, its rules and its text."""
    tensors: games.Tensors
    """Its tensors for learners."""
    title: str  # for the environments' names and texts
    num_actions: int
    deal: Callable[[int, random.Random, OptionsT], StateT]  # a new game from the env's RNG
    move_text: Callable[[int], str]
    act: Callable[[StateT, object], StateT | None] | None  # the compiled apply of an action
    fill: Callable[[StateT, int, Tensor, npt.NDArray[np.int8]], bool | None] | None
    """What fills a new observation and mask in the compiled core, if it is built: it
    returns ``True``, or ``None`` for a case it leaves to the Python path
    (``tensors.observation_of`` and ``game.legal_mask``)."""

    def options(self, options: object) -> OptionsT:
        """``options`` if it is this game's options, the default ones for ``None``."""
        options_type: type[OptionsT] = self.game.options_type
        if options is None:
            return options_type()
        if not isinstance(options, options_type):
            raise InvalidOptionsError(
                f"options must be a {options_type.__module__}.Options for {self.title}, "
                f"got {type(options).__name__} {options!r}"
            )
        return options


def agent_names(players: int) -> list[str]:
    """The PettingZoo names of the seats: ``player_0``, ``player_1``, ….

    >>> agent_names(3)
    ['player_0', 'player_1', 'player_2']
    """
    return [f"player_{seat}" for seat in range(players)]


def seat_rng(seed: object) -> random.Random:
    """A ``random.Random`` from a seed given to an environment: any integral number or ``None``.

    >>> seat_rng(7).random() == seat_rng(7).random()
    True
    """
    if seed is None:
        return random.Random()
    number = as_int(seed)
    if number is None:
        raise InvalidOptionsError(
            f"a seed is an int or None, got {type(seed).__name__} {excerpt(seed)}"
        )
    return random.Random(number)


def no_game(function: str) -> NoGameError:
    """The error for using an environment before its first ``reset()``."""
    return NoGameError(f"{function}() before the first reset(): call reset() to deal a game")


_T = TypeVar("_T")


def dealt(value: _T | None, function: str) -> _T:
    """``value`` (an environment's game, or games), unless there is none before the first ``reset()``."""
    if value is None:
        raise no_game(function)
    return value


def render(
    render_mode: str | None, game: Game[StateT, ViewT, OptionsT], state: StateT | None
) -> str | None:
    """An environment's ``render()``: the game's text with ``render_mode="ansi"``, else ``None`` and a warning."""
    if render_mode is None:
        import gymnasium  # every framework that renders so has it

        gymnasium.logger.warn("render() was called without a render_mode: give render_mode='ansi'")
        return None
    if state is None:
        raise no_game("render")
    return state_text(game, state)


def state_text(game: Game[StateT, ViewT, OptionsT], state: StateT) -> str:
    """A state as the game writes it (``Game.text``), every hand shown; its ``repr`` for a game without a text."""
    text = game.game.text
    return repr(state) if text is None else text(state)


def env_game(game: games.Game[Any, Any, Any] | str) -> Game[Any, Any, Any]:
    """The environments' table of ``game`` (a registered game, or its name).

    >>> env_game("durak").num_actions, env_game("sevens").tensors.observation_size(4)
    (1252, 120)

    Raises:
        UnknownGameError: no game has that name.
        InvalidOptionsError: the game has no tensors for learners.
    """
    if isinstance(game, str):
        game = games.get(game)
    if game.tensors is None:
        raise InvalidOptionsError(f"{game.name} has no tensors for the environments (Game.tensors)")
    tensors = game.tensors()
    kernels = game.kernels() if game.kernels is not None else None
    setup = game.random_setup
    takes_options = "options" in game.setup

    def deal(players: int, rng: random.Random, options: Any) -> Any:
        keywords = dict(setup(players, rng))  # drawn first: a random dealer, say
        if takes_options:
            keywords["options"] = options
        return game.new_game(players, seed=rng.getrandbits(64), **keywords)

    move_of = game.move_of
    return Game(
        game=game,
        tensors=tensors,
        title=game.title(),
        num_actions=game.num_actions(game.max_players),
        deal=deal,
        move_text=lambda action: str(move_of(action)),
        act=None if kernels is None else kernels.act,
        fill=None if kernels is None else kernels.fill,
    )


def check_opponents(game: Game[StateT, ViewT, OptionsT], opponents: Sequence[object]) -> int:
    """The player count for a learner and ``opponents``: one seat each, checked."""
    if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Sequence):
        raise InvalidOptionsError(
            f"opponents must be a list of bots, got {type(opponents).__name__} {opponents!r}"
        )
    for bot in opponents:
        if not callable(getattr(bot, "choose", None)):
            raise InvalidOptionsError(
                f"an opponent must be a bot with choose(view, rng), got {type(bot).__name__}"
            )
    return game.game.seats(len(opponents) + 1)
