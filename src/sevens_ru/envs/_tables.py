"""The games as the environments see them: a table of functions read from each registered game.

Every adapter is written once against :class:`Game`, which :func:`env_game` fills in
from a game of the registry (:mod:`sevens_ru.games`), so every game behaves alike in
every framework.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

import attrs
import numpy as np
import numpy.typing as npt

from .. import games
from ..common._numbers import as_int
from ..errors import InvalidOptionsError, NoGameError

__all__ = ["Game", "agent_names", "env_game", "seat_rng"]


class _State(Protocol):
    """What both games' states have alike and the environments read directly."""

    @property
    def current_player(self) -> int | None: ...


StateT = TypeVar("StateT", bound=_State)
ViewT = TypeVar("ViewT")
OptionsT = TypeVar("OptionsT")
Tensor = npt.NDArray[np.float32]


@attrs.frozen
class Game(Generic[StateT, ViewT, OptionsT]):
    """What an environment needs of a game: its sizes and its functions on states and views."""

    name: str  # the game's name in the registry
    title: str  # for the environments' names and texts
    default_players: int
    min_players: int
    max_players: int
    num_actions: int
    check_players: Callable[[object], int]
    options_type: type[OptionsT]
    deal: Callable[[int, random.Random, OptionsT], StateT]  # a new game from the env's RNG
    apply: Callable[[StateT, Any], StateT]  # an action number, or a bot's move
    legal_mask: Callable[[StateT], int]
    legal_actions: Callable[[StateT], tuple[int, ...]]
    is_over: Callable[[StateT], bool]
    returns: Callable[[StateT], tuple[float, ...]]
    view: Callable[[StateT, int], ViewT]
    observation_of: Callable[[StateT, int], Tensor]
    current_player: Callable[[StateT], int | None]
    observation: Callable[[ViewT], Tensor]
    observation_size: Callable[[int], int]
    information_state: Callable[[ViewT], Tensor]
    information_state_size: Callable[[int], int]
    move_text: Callable[[int], str]
    render: Callable[[StateT], str]
    act: Callable[[StateT, object], StateT | None] | None  # the compiled apply of an action
    fill: Callable[[StateT, int, Tensor, npt.NDArray[np.int8]], bool | None] | None
    """What fills a new observation and mask in the compiled core, if it is built: it
    returns ``True``, or ``None`` for a case it leaves to the Python path
    (:attr:`observation_of` and :attr:`legal_mask`)."""

    def options(self, options: object) -> OptionsT:
        """``options`` if it is this game's options, the default ones for ``None``."""
        if options is None:
            return self.options_type()
        if not isinstance(options, self.options_type):
            raise InvalidOptionsError(
                f"options must be a {self.options_type.__module__}.Options for {self.title}, "
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
        raise InvalidOptionsError(f"a seed is an int or None, got {type(seed).__name__} {seed!r}")
    return random.Random(number)


def no_game(function: str) -> NoGameError:
    """The error for using an environment before its first ``reset()``."""
    return NoGameError(f"{function}() before the first reset(): call reset() to deal a game")


def env_game(game: games.Game[Any, Any, Any] | str) -> Game[Any, Any, Any]:
    """The environments' table of ``game`` (a registered game, or its name).

    >>> env_game("durak").num_actions, env_game("sevens").observation_size(4)
    (1252, 120)

    Raises:
        UnknownGameError: no game has that name.
        InvalidOptionsError: the game has no tensors for learners.
    """
    if isinstance(game, str):
        game = games.get(game)
    if game.tensors is None or game.text is None:
        raise InvalidOptionsError(
            f"{game.name} has no tensors or no text for the environments (Game.tensors, Game.text)"
        )
    tensors = game.tensors()
    kernels = game.kernels() if game.kernels is not None else None
    setup = game.random_setup

    def deal(players: int, rng: random.Random, options: Any) -> Any:
        keywords = dict(setup(players, rng))  # drawn first: a random dealer, say
        return game.new_game(players, seed=rng.getrandbits(64), options=options, **keywords)

    move_of = game.move_of
    return Game(
        name=game.name,
        title=game.title(),
        default_players=game.default_players,
        min_players=game.min_players,
        max_players=game.max_players,
        num_actions=game.num_actions(game.max_players),
        check_players=game.seats,
        options_type=game.options_type,
        deal=deal,
        apply=game.apply,
        legal_mask=game.legal_mask,
        legal_actions=game.legal_actions,
        is_over=game.is_over,
        returns=game.returns,
        view=game.view,
        observation_of=tensors.observation_of,
        current_player=game.turn,
        observation=tensors.observation,
        observation_size=tensors.observation_size,
        information_state=tensors.information_state,
        information_state_size=tensors.information_state_size,
        move_text=lambda action: str(move_of(action)),
        render=game.text,
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
    return game.check_players(len(opponents) + 1)
