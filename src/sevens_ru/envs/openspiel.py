"""Every game with tensors registered with OpenSpiel (``pip install "sevens-ru[openspiel]"``).

Importing this module registers a Python game with ``pyspiel`` for every registered
game whose tensors have a chance model of the deal (``Tensors.chances``), as
``python_<name>_ru`` with the parameters ``players`` and every option of the game's
options class (a bool, int, float or text with a default); :func:`register_game`
registers a game added later. The library's games:

- ``python_sevens_ru``, parameters ``players`` (2 to 6, default 4), ``rank_by_passes``
  (R17, default false) and ``place_numbering`` (R18);
- ``python_durak_ru``, parameters ``players`` (2 to 4, default 3), ``short_deck`` (D1,
  default false) and ``take_limit`` (D13, default 100). Seat 0 deals, so seat 1 leads
  first (D5);
- the layout family's presets, ``python_sevens_52_ru``, ``python_fan_tan_ru``,
  ``python_shichinarabe_ru``, ``python_domino_ru`` and ``python_cinquillo_ru``, with
  ``players`` (default 4) and each preset's options (F2); the dealer is drawn by the
  deal's first chance node (F7).

All are sequential, imperfect-information, zero-sum games with terminal rewards: the
games' ``returns``, from 1 down to −1.

**The deal is an honest chance model, and a cheap one**
(:class:`sevens_ru.common._chances.Chances`). The cards of the pack are dealt in its
order a few at a time (as many as keep a node to 64 outcomes: three for 3 or 4 places),
one chance node per group, whose outcome names the place of each of its cards: a seat
(for Durak, place ``players`` is the cards left over after the deal). Each card goes to
a place with the probability ``room / cards left`` of the room it still has, so every
deal is exactly as likely as any other, as a shuffled pack makes them. Durak adds one
chance node for the trump card: any card left over, or with 4 players any card of the
dealer (D4). The nodes are made once per room left and kept. A player sees which cards
come to it and nothing of the others' (R20, D17, F17).

**Speed.** pyspiel asks a state for its player several times per action: each state
keeps it, and its chance node, made once per action; ``current_player``,
``is_chance_node``, ``is_terminal``, ``legal_actions`` and ``chance_outcomes`` answer
from Python without a round trip through C++. The observer of
``open_spiel.python.observation.make_observation`` writes the observation in place with
the compiled core's fill where it is built (as the PettingZoo environments do).

**Actions** are the games' action numbers (:mod:`sevens_ru.actions`,
:mod:`sevens_ru.durak.actions`); the tensors are those of :mod:`sevens_ru.encode` and
:mod:`sevens_ru.durak.encode` (during the deal, only the cards received so far).
The information-state strings are perfect recall: the player's own cards and every
public event.

``state.resample_from_infostate(player, sampler)`` draws a state that ``player``
cannot tell from this one, exactly uniformly (:func:`sevens_ru.inference.infer`,
:func:`sevens_ru.durak.inference.infer`, ``sevens_ru.games.family.inference``), so
OpenSpiel's ISMCTS (``open_spiel.python.algorithms.ismcts``) and other determinizing
algorithms run on every game.

:class:`OpenSpielGame` is written once for every game: :class:`SevensGame` and
:class:`DurakGame` are its names for the library's two.

>>> import pyspiel
>>> import sevens_ru.envs.openspiel
>>> game = pyspiel.load_game("python_sevens_ru", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes()), state.action_to_string(5)
(True, 27, '6♣ to seat 2, 7♣ to seat 1, 8♣ to seat 0')
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])  # seat 0 gets 6♣ … 8♦, and so on
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(1, ['9♦'])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Generic

import attrs

from ..common._extras import needs

with needs("sevens_ru.envs.openspiel", "OpenSpiel", "openspiel"):
    import numpy as np
    import pyspiel

from .. import games
from ..common._chances import LOST, Deal, Node
from ..common._linked import lineage
from ..errors import InvalidOptionsError
from ._tables import Game, OptionsT, StateT, ViewT, env_game, state_text

__all__ = [
    "DURAK_GAME_TYPE",
    "SEVENS_GAME_TYPE",
    "DurakGame",
    "Observer",
    "OpenSpielGame",
    "OpenSpielState",
    "SevensGame",
    "game_type",
    "register_game",
    "short_name",
]

_PLAYER = pyspiel.PlayerId
_CHANCE = int(_PLAYER.CHANCE)
_TERMINAL = int(_PLAYER.TERMINAL)
_PARAMETER_TYPES = (bool, int, float, str)
_TYPES: dict[str, Any] = {}  # the GameType of each game registered with pyspiel, by its name


def short_name(game: games.Game[Any, Any, Any]) -> str:
    """The game's name in ``pyspiel``: ``python_<name>_ru`` (with ``_`` for ``-``).

    >>> from sevens_ru import games
    >>> short_name(games.get("sevens"))
    'python_sevens_ru'
    """
    return f"python_{game.name.replace('-', '_')}_ru"


def _options_parameters(game: games.Game[Any, Any, Any]) -> dict[str, Any]:
    """The options of the game's options class that OpenSpiel can carry, with their defaults."""
    if not attrs.has(game.options_type):
        return {}
    return {
        field.name: field.default
        for field in attrs.fields(game.options_type)
        if isinstance(field.default, _PARAMETER_TYPES)
    }


def game_type(game: games.Game[Any, Any, Any]) -> Any:
    """The ``pyspiel.GameType`` of ``game``: sequential, imperfect information, zero-sum.

    >>> from sevens_ru import games
    >>> game_type(games.get("durak")).parameter_specification
    {'players': 3, 'short_deck': False, 'take_limit': 100}
    """
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"{game.title()} (sevens-ru)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.default_players, **_options_parameters(game)},
    )


class OpenSpielGame(pyspiel.Game, Generic[StateT, ViewT, OptionsT]):  # type: ignore[misc]
    """A game of the registry for OpenSpiel: ``pyspiel.load_game("python_<name>_ru")`` makes it.

    ``params`` are ``players`` and the game's options by name (see :func:`game_type`).

    Raises:
        UnknownGameError: no game has that name.
        InvalidDealError: the game is not for ``players`` seats.
        InvalidOptionsError: a game without tensors or without a chance model.
    """

    def __init__(
        self, game: str | games.Game[Any, Any, Any], params: dict[str, Any] | None = None
    ) -> None:
        table: Game[StateT, ViewT, OptionsT] = env_game(game)
        rules = table.game
        chances_of = table.tensors.chances
        if chances_of is None:
            raise InvalidOptionsError(
                f"{rules.name} has no chance model of its deal for OpenSpiel (Tensors.chances)"
            )
        params = dict(params or {})
        given = {name: params[name] for name in _options_parameters(rules) if name in params}
        options = table.options(rules.options_type(**given) if given else None)
        deal: Deal = chances_of(params.get("players", rules.default_players), options)
        players = rules.seats(deal.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=table.num_actions,
            max_chance_outcomes=deal.max_outcomes,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=deal.max_moves,
        )
        registered = _TYPES.get(rules.name)
        super().__init__(game_type(rules) if registered is None else registered, info, params)
        self.game = table
        self.rules = rules
        """The registry's game: its rules, read at every node."""
        self.players = players
        self.options = options
        self.deal = deal
        # What every action reads, looked up once: the compiled apply of an action
        # where the game has one (it returns None for a case it leaves to ``apply``).
        self.act = table.act
        self.apply = rules.apply
        self.turn = rules.turn
        self.legal_actions = rules.legal_actions
        self._inferences: dict[tuple[int, int], tuple[object, Any]] = {}

    def __deepcopy__(self, memo: object) -> OpenSpielGame[StateT, ViewT, OptionsT]:
        return self  # a game is shared by its states, never changed: a cloned state keeps it

    def __reduce__(self) -> tuple[Any, ...]:
        # Loaded again by name and parameters, so that its Python side is made too.
        return (pyspiel.load_game, (str(self),))

    def build(self, dealt: list[int]) -> StateT:
        """The library's game state of a complete deal (the chance outcomes ``dealt``)."""
        state: StateT = self.deal.state(dealt)
        return state

    def drawn(self, state: StateT) -> list[StateT] | None:
        """The states from the deal to ``state``, last first, where the game's states link them."""
        if not hasattr(state, "_parent"):
            return None
        states: list[StateT] = lineage(state)[::-1]  # type: ignore[type-var]  # a linked state
        return states

    def new_initial_state(self) -> OpenSpielState[StateT, ViewT, OptionsT]:
        """A new game before the deal: its first node is the chance node of the first card."""
        return OpenSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer[StateT, ViewT, OptionsT]:
        """The observer of a player's observation, or with ``perfect_recall`` its information state."""
        if params:
            raise ValueError(f"the observers take no parameters, got {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ValueError(
                "the observers show one player's own cards and the public information: "
                "private_info=SINGLE_PLAYER and public_info=True"
            )
        return Observer(self, perfect_recall)

    def inference(self, state: StateT, player: int) -> Any:
        """The inference of ``player``'s view of ``state``, kept for the next call (search resamples often)."""
        key = (id(state), player)
        found = self._inferences.get(key)
        if found is not None and found[0] is state:
            return found[1]
        if len(self._inferences) >= 64:
            self._inferences.clear()
        made = self.deal.infer(self.rules.view(state, player))
        self._inferences[key] = (state, made)
        return made


class OpenSpielState(pyspiel.State, Generic[StateT, ViewT, OptionsT]):  # type: ignore[misc]
    """A state of a game for OpenSpiel: first the deal's chance nodes, then the game.

    :attr:`game_state` is the library's state once the cards are dealt.

    What pyspiel asks of a state again and again is kept on it, made once per action:
    the player to move (pyspiel asks for it several times per action) and the chance
    node. ``current_player``, ``is_chance_node``, ``is_terminal``, ``legal_actions``
    and ``chance_outcomes`` are answered in Python, without a round trip through C++;
    they give what pyspiel's own would.
    """

    def __init__(self, game: OpenSpielGame[StateT, ViewT, OptionsT]) -> None:
        super().__init__(game)
        self._spec = game
        self._dealt: list[int] = []  # the chance outcomes so far
        self._node: Node | None = game.deal.first()  # the chance node to come, if any
        self._state: StateT | None = None
        self._player = _CHANCE
        # While resample_from_infostate records a drawn state's actions: its states,
        # last first, taken one per action instead of being made again by the rules.
        self._drawn: list[StateT] | None = None

    @property
    def game_state(self) -> StateT | None:
        """The library's game state (a :class:`~sevens_ru.GameState`, say), ``None`` during the deal."""
        return self._state

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal player id."""
        return self._player

    def is_chance_node(self) -> bool:
        """Whether the deal is still going on."""
        return self._player == _CHANCE

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._player == _TERMINAL

    def is_player_node(self) -> bool:
        """Whether a seat is to move."""
        return self._player >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (by default the one to move), as pyspiel gives them.

        At a chance node, the chance outcomes' actions; none for a seat not to move.
        """
        current = self._player
        if current == _TERMINAL:
            return []
        if current == _CHANCE:
            return [action for action, _ in self.chance_outcomes()]
        if player is None or player == current:
            return self._legal_actions(current)
        if player < 0:
            raise ValueError(f"no legal actions of the pseudo-player {player}")
        return []

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._spec.legal_actions(self._state))  # type: ignore[arg-type]  # dealt

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of this chance node with their probabilities (see the module)."""
        node = self._node
        if node is None:
            return []
        if node is LOST:
            node = self._walk()
        return node.outcomes[:] if node.outcomes else self._spec.deal.outcomes(self._dealt)

    def _walk(self) -> Node:
        """The chance node to come, walked again from the first (after unpickling)."""
        node: Node | None = self._spec.deal.first()
        for outcome in self._dealt:
            node = node.after(outcome)  # type: ignore[union-attr]  # the deal goes on
        assert node is not None  # still dealing
        self._node = node
        return node

    def _apply_action(self, action: int) -> None:
        spec = self._spec
        drawn = self._drawn
        node = self._node
        if node is LOST:
            node = self._walk()
        if node is not None:
            self._dealt.append(action)
            node = self._node = node.after(action)
            if node is not None:
                return
            state = drawn.pop() if drawn else spec.build(self._dealt)
        else:
            state = self._state  # type: ignore[assignment]  # dealt: a state
            if drawn:
                state = drawn.pop()
            else:
                act = spec.act
                moved = None if act is None else act(state, action)
                state = spec.apply(state, action) if moved is None else moved
        self._state = state
        seat = spec.turn(state)
        self._player = _TERMINAL if seat is None else seat

    def _action_to_string(self, player: int, action: int) -> str:
        spec = self._spec
        if player == _CHANCE:
            return spec.deal.text(self._dealt, action)
        return spec.game.move_text(action)

    def returns(self) -> list[float]:
        """The game's returns (:func:`sevens_ru.returns`, say) at the end, zeros before."""
        spec = self._spec
        if self._player != _TERMINAL:
            return [0.0] * spec.players
        return list(spec.rules.returns(self._state))  # type: ignore[arg-type]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one, drawn exactly uniformly.

        ``probability_sampler`` (such as ``pyspiel.UniformProbabilitySampler(0., 1.)``)
        seeds the draw.
        """
        spec = self._spec
        rng = random.Random(
            int(probability_sampler() * 2**52) << 52 | int(probability_sampler() * 2**52)
        )
        if self._state is None:
            outcomes = spec.deal.resample(self._dealt, player_id, rng)
            actions: Sequence[int] = ()
        else:
            sampled = spec.inference(self._state, player_id).sample_state(rng)
            outcomes = spec.deal.outcomes_of(sampled)
            actions = spec.deal.actions(sampled)
        state = spec.new_initial_state()
        if self._state is not None:  # the drawn state is built already: record its actions
            state._drawn = spec.drawn(sampled)
        for action in (*outcomes, *actions):
            state.apply_action(action)
        state._drawn = None
        return state

    def __str__(self) -> str:
        spec = self._spec
        if self._state is None:
            return f"dealing: {len(self._dealt)} of {spec.deal.length} chance outcomes"
        return state_text(spec.game, self._state)


class Observer(Generic[StateT, ViewT, OptionsT]):
    """OpenSpiel's observer of a game: a player's observation, or its information state.

    :meth:`OpenSpielGame.make_py_observer` makes it; OpenSpiel reads :attr:`tensor`
    (and :attr:`dict`, the same tensor under one name) after :meth:`set_from`. The
    observation is written into :attr:`tensor` in place by the compiled core where it
    is built (``Kernels.fill``), else by the game's ``Tensors.observe_into``.
    """

    def __init__(self, spec: OpenSpielGame[StateT, ViewT, OptionsT], perfect_recall: bool) -> None:
        game = spec.game
        self._spec = spec
        self._perfect_recall = perfect_recall
        tensors = game.tensors
        size = (tensors.information_state_size if perfect_recall else tensors.observation_size)(
            spec.players
        )
        self.tensor = np.zeros(size, np.float32)
        """The tensor of the last :meth:`set_from`."""
        self.dict = {"observation": self.tensor}
        """The tensor by name, as OpenSpiel's observers have it."""
        self._mask = np.zeros(game.num_actions, np.int8)  # the legal actions, written beside
        self._fill = game.fill
        self._observe_into = tensors.observe_into

    def set_from(self, state: OpenSpielState[StateT, ViewT, OptionsT], player: int) -> None:
        """Write ``player``'s tensor of ``state`` into :attr:`tensor`."""
        library = state._state
        if library is not None and not self._perfect_recall:
            fill = self._fill
            if fill is None or not fill(library, player, self.tensor, self._mask):
                self._observe_into(library, player, self.tensor, self._mask)
        elif library is None:  # during the deal: the cards received so far
            deal = self._spec.deal
            self.tensor.fill(0.0)
            for card in deal.hand(state._dealt, player):
                self.tensor[deal.pack.index(card)] = 1.0
        else:
            game = self._spec.game
            self.tensor[:] = game.tensors.information_state(game.game.view(library, player))

    def string_from(self, state: OpenSpielState[StateT, ViewT, OptionsT], player: int) -> str:
        """``player``'s information state (perfect recall) or observation, as text."""
        deal = self._spec.deal
        library = state._state
        if library is None:
            cards = " ".join(map(str, deal.hand(state._dealt, player)))
            return f"seat {player}; dealt {len(state._dealt)}; mine: {cards}"
        seen: Any = self._spec.rules.view(library, player)
        if self._perfect_recall:
            events = "; ".join(map(str, seen.history))
            return f"seat {player}; dealt: {deal.dealt_text(seen)}; {events}"
        return deal.observation_text(seen)


# -- the games' registrations ---------------------------------------------------------


def register_game(game: str | games.Game[Any, Any, Any]) -> Any:
    """Register a game with ``pyspiel`` as :func:`short_name`; return its ``GameType``.

    ``pyspiel.load_game`` then makes an :class:`OpenSpielGame` of it. Registering a
    game again (after :func:`sevens_ru.games.register` replaced it, say) makes it build
    the game as given now.

    Raises:
        UnknownGameError: no game has that name.
        InvalidOptionsError: the game has no tensors, or no chance model of its deal.
    """
    rules = env_game(game).game
    if rules.tensors is None or rules.tensors().chances is None:
        raise InvalidOptionsError(
            f"{rules.name} has no chance model of its deal for OpenSpiel (Tensors.chances)"
        )
    kind = game_type(rules)
    _TYPES[rules.name] = kind
    made = _NAMES.get(rules.name)
    if made is None or games.offering("tensors").get(rules.name) is not rules:

        def init(self: OpenSpielGame[Any, Any, Any], params: dict[str, Any] | None = None) -> None:
            OpenSpielGame.__init__(self, rules, params)

        # pyspiel keeps a class (a function it would free after the interpreter is gone).
        made = type(f"{rules.name.title()}OpenSpielGame", (OpenSpielGame,), {"__init__": init})
    pyspiel.register_game(kind, made)
    return kind


class SevensGame(OpenSpielGame[Any, Any, Any]):
    """``python_sevens_ru``: Russian Sevens for OpenSpiel, ``OpenSpielGame("sevens", params)``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("sevens", params)


class DurakGame(OpenSpielGame[Any, Any, Any]):
    """``python_durak_ru``: old Durak for OpenSpiel, ``OpenSpielGame("durak", params)``; seat 0 deals."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("durak", params)


_NAMES: dict[str, type] = {"sevens": SevensGame, "durak": DurakGame}  # the thin names' classes

for _game in games.offering("tensors").values():
    if _game.tensors is not None and _game.tensors().chances is not None:
        register_game(_game)

SEVENS_GAME_TYPE = _TYPES["sevens"]
"""The ``pyspiel.GameType`` of ``python_sevens_ru``."""
DURAK_GAME_TYPE = _TYPES["durak"]
"""The ``pyspiel.GameType`` of ``python_durak_ru``."""
