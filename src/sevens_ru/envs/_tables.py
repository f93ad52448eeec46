"""The two games as the environments see them: one table of functions per game.

Every adapter is written once against :class:`Game`, and :data:`SEVENS` and
:data:`DURAK` fill it in, so both games behave alike in every framework.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar, cast

import attrs
import numpy as np
import numpy.typing as npt

from ..common._core import speedups
from ..common._numbers import as_int
from ..common.cards import Suit
from ..errors import InvalidOptionsError, NoGameError
from ..games import durak
from ..games.durak import actions as durak_actions
from ..games.durak import encode as durak_encode
from ..games.durak.deal import check_players as check_durak_players
from ..games.sevens import actions as sevens_actions
from ..games.sevens import encode as sevens_encode
from ..games.sevens.deal import PACK, check_players
from ..games.sevens.game import apply, is_over, legal_actions, legal_mask, new_game
from ..games.sevens.observation import PlayerView, view
from ..games.sevens.options import Options
from ..games.sevens.scoring import returns
from ..games.sevens.state import GameState

__all__ = ["DURAK", "SEVENS", "Game", "agent_names", "seat_rng"]


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

    name: str  # "sevens" or "durak"
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


# The compiled core's apply() for an action number of the main game (None for anything
# it leaves to sevens_ru.apply), None with the pure-Python engine.
_fast_sevens_act: Any = None if speedups is None else cast(Any, speedups).sevens_act


def fast_act(
    game: Game[StateT, ViewT, OptionsT],
) -> Callable[[StateT, object], StateT | None] | None:
    """The compiled core's ``apply`` for ``game``'s action numbers, if there is one.

    It returns the new state, or ``None`` where ``game.apply`` must do the work (and
    raise, for an illegal action).
    """
    return _fast_sevens_act if game.name == "sevens" else None


def fast_fill(
    game: Game[StateT, ViewT, OptionsT],
) -> Callable[[StateT, int, Tensor, npt.NDArray[np.int8]], bool | None] | None:
    """What fills a new observation and mask in the compiled core, for ``game``, if it is built.

    Called as ``game.observe_into`` is, it returns ``True``, or ``None`` for a case it
    leaves to the Python path (:attr:`Game.observation_of` and :attr:`Game.legal_mask`).
    """
    fill: Any = None
    if game.name == "sevens":
        fill = sevens_encode._fast_sevens_observation
    elif durak_encode._fast_durak_observation is not None:
        fill = _durak_fill
    return fill  # type: ignore[no-any-return]


def _durak_fill(
    state: durak.GameState, seat: int, observation: Tensor, mask: npt.NDArray[np.int8]
) -> bool:
    durak_encode.observe_into(state, seat, observation, mask)  # the planes in C
    return True


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


# -- the main game -------------------------------------------------------------------


def _sevens_deal(players: int, rng: random.Random, options: Options) -> GameState:
    return new_game(players, seed=rng.getrandbits(64), options=options)


def _sevens_render(state: GameState) -> str:
    over = is_over(state)
    where = f"seat {state.winner} won" if over else f"seat {state.current_player} to play"
    lines = [f"Russian Sevens, {state.players} players: {where}"]
    for suit in Suit:
        row = state.row(suit)
        if row is None:
            lines.append(f"{suit.symbol}  not open")
        else:
            low, high = row
            cells = [rank.label() if low <= rank <= high else "·" for rank in PACK.ranks]
            lines.append(f"{suit.symbol}  " + " ".join(cell.rjust(2) for cell in cells))
    for seat, hand in enumerate(state.hands):
        passes = state.passes[seat]
        cards = " ".join(map(str, hand)) or "no cards"
        lines.append(f"seat {seat} ({passes} pass{'es' if passes != 1 else ''}): {cards}")
    return "\n".join(lines)


SEVENS: Game[GameState, PlayerView, Options] = Game(
    name="sevens",
    title="Russian Sevens",
    default_players=4,
    min_players=2,
    max_players=6,
    num_actions=sevens_actions.NUM_ACTIONS,
    check_players=check_players,
    options_type=Options,
    deal=_sevens_deal,
    apply=apply,
    legal_mask=legal_mask,
    legal_actions=legal_actions,
    is_over=is_over,
    returns=returns,
    view=view,
    observation_of=sevens_encode.observation_of,
    current_player=operator.attrgetter("_turn"),
    observation=sevens_encode.observation,
    observation_size=sevens_encode.observation_size,
    information_state=sevens_encode.information_state,
    information_state_size=sevens_encode.information_state_size,
    move_text=lambda action: str(sevens_actions.move_of(action)),
    render=_sevens_render,
)


# -- Durak ---------------------------------------------------------------------------


def _durak_deal(players: int, rng: random.Random, options: durak.Options) -> durak.GameState:
    dealer = rng.randrange(players)
    return durak.new_game(players, dealer=dealer, seed=rng.getrandbits(64), options=options)


def _durak_render(state: durak.GameState) -> str:
    if durak.is_over(state):
        where = "a draw" if state.loser is None else f"seat {state.loser} is the fool"
    elif state.table:
        where = f"seat {state.defender} defends against seat {state.attacker}"
    else:
        where = f"seat {state.attacker} is to lead against seat {state.defender}"
    bout = " ".join(f"{attack}/{cover}" if cover else str(attack) for attack, cover in state.table)
    lines = [
        f"Durak, {state.players} players, trump {state.trump}: {where}",
        f"bout: {bout or 'none'}; set aside: {len(state.set_aside)} cards",
    ]
    for seat, hand in enumerate(state.hands):
        cards = " ".join(map(str, hand)) or "no cards, out"
        lines.append(f"seat {seat}: {cards}")
    return "\n".join(lines)


def _durak_players(players: object) -> int:
    return check_durak_players(players)


DURAK: Game[durak.GameState, durak.PlayerView, durak.Options] = Game(
    name="durak",
    title="Durak",
    default_players=3,
    min_players=2,
    max_players=4,
    num_actions=durak_actions.NUM_ACTIONS,
    check_players=_durak_players,
    options_type=durak.Options,
    deal=_durak_deal,
    apply=durak.apply,
    legal_mask=durak.legal_mask,
    legal_actions=durak.legal_actions,
    is_over=durak.is_over,
    returns=durak.returns,
    view=durak.view,
    observation_of=durak_encode.observation_of,
    current_player=durak.GameState.current_player.fget,  # type: ignore[attr-defined]
    observation=durak_encode.observation,
    observation_size=durak_encode.observation_size,
    information_state=durak_encode.information_state,
    information_state_size=durak_encode.information_state_size,
    move_text=lambda action: str(durak_actions.move_of(action)),
    render=_durak_render,
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
