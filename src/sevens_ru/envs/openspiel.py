"""Both games registered with OpenSpiel (``pip install "sevens-ru[openspiel]"``).

Importing this module registers two Python games with ``pyspiel``:

- ``python_sevens_ru``, parameters ``players`` (2 to 6, default 4) and
  ``rank_by_passes`` (R17, default false);
- ``python_durak_ru``, parameters ``players`` (2 to 4, default 3), ``short_deck`` (D1,
  default false) and ``take_limit`` (D13, default 100). Seat 0 deals, so seat 1 leads
  first (D5).

Both are sequential, imperfect-information, zero-sum games with terminal rewards:
:func:`sevens_ru.returns` and :func:`sevens_ru.durak.returns`, from 1 down to −1.

**The deal is an honest chance model.** It is made of chance nodes, one per card of
the pack in :data:`~sevens_ru.DECK` order, whose outcome is the seat that receives the
card (for Durak, outcome ``players`` is the cards left over after the deal), with the
probability ``room / cards left`` of the room each seat still has. Every deal is then
exactly as likely as any other, as a shuffled pack makes them. Durak adds one chance
node for the trump card: any card left over, or with 4 players any card of the dealer
(D4). A player sees which cards come to it and nothing of the others' (R20, D17).

**Actions** are the games' action numbers (:mod:`sevens_ru.actions`,
:mod:`sevens_ru.durak.actions`); the tensors are those of :mod:`sevens_ru.encode` and
:mod:`sevens_ru.durak.encode` (during the deal, only the cards received so far).
The information-state strings are perfect recall: the player's own cards and every
public event.

``state.resample_from_infostate(player, sampler)`` draws a state that ``player``
cannot tell from this one, exactly uniformly (:func:`sevens_ru.inference.infer`,
:func:`sevens_ru.durak.inference.infer`), so OpenSpiel's ISMCTS
(``open_spiel.python.algorithms.ismcts``) and other determinizing algorithms run on
both games.

>>> import pyspiel
>>> import sevens_ru.envs.openspiel
>>> game = pyspiel.load_game("python_sevens_ru", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.chance_outcomes()
(True, [(0, 0.3333333333333333), (1, 0.3333333333333333), (2, 0.3333333333333333)])
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])  # seat 0 gets 6♣ … 8♦, and so on
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(1, ['9♦'])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Generic

try:
    import numpy as np
    import pyspiel
except ImportError as error:  # pragma: no cover - only without the extra
    raise ImportError(
        'sevens_ru.envs.openspiel needs OpenSpiel: pip install "sevens-ru[openspiel]"'
    ) from error

from ..common._linked import lineage
from ..common.cards import DECK, Card
from ..games import durak
from ..games.durak import inference as durak_inference
from ..games.durak.deal import HAND_SIZE, pack
from ..games.durak.deal import check_players as check_durak_players
from ..games.sevens import inference as sevens_inference
from ..games.sevens.deal import hand_sizes
from ..games.sevens.game import new_game
from ..games.sevens.observation import PlayerView
from ..games.sevens.options import Options
from ..games.sevens.state import GameState
from ._tables import Game, OptionsT, StateT, ViewT, env_game

__all__ = [
    "DURAK_GAME_TYPE",
    "SEVENS_GAME_TYPE",
    "DurakGame",
    "Observer",
    "OpenSpielGame",
    "OpenSpielState",
    "SevensGame",
]

_PLAYER = pyspiel.PlayerId


def _game_type(
    short_name: str, long_name: str, game: Game[Any, Any, Any], parameters: dict[str, Any]
) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
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
        parameter_specification=parameters,
    )


SEVENS = env_game("sevens")
DURAK = env_game("durak")

SEVENS_GAME_TYPE = _game_type(
    "python_sevens_ru",
    "Russian Sevens (sevens-ru)",
    SEVENS,
    {"players": SEVENS.default_players, "rank_by_passes": False},
)
"""The ``pyspiel.GameType`` of ``python_sevens_ru``."""
DURAK_GAME_TYPE = _game_type(
    "python_durak_ru",
    "Old Russian Durak (sevens-ru)",
    DURAK,
    {"players": DURAK.default_players, "short_deck": False, "take_limit": 100},
)
"""The ``pyspiel.GameType`` of ``python_durak_ru``."""


class _Deal:
    """The chance model of a game: the cards dealt in order, then perhaps the trump card."""

    def __init__(
        self,
        players: int,
        cards: tuple[Card, ...],
        room: tuple[int, ...],
        trump_from: Callable[[list[int]], list[int]] | None,
    ) -> None:
        self.players = players
        self.cards = cards  # dealt in this order
        self.room = room  # how many cards each place receives (seats, then perhaps the rest)
        self.trump_from = trump_from  # the possible trump cards of a deal, if there is a trump
        self.length = len(cards) + (trump_from is not None)

    def outcomes(self, dealt: list[int]) -> list[tuple[int, float]]:
        """The chance outcomes after the outcomes ``dealt``, with their probabilities."""
        if len(dealt) == len(self.cards):  # the trump card, uniformly among its candidates
            candidates = self.trump_from(dealt)  # type: ignore[misc]  # only with a trump
            return [(index, 1 / len(candidates)) for index in candidates]
        left = [room - dealt.count(place) for place, room in enumerate(self.room)]
        remaining = len(self.cards) - len(dealt)
        return [(place, left[place] / remaining) for place in range(len(left)) if left[place]]

    def text(self, dealt: list[int], outcome: int) -> str:
        """The text of chance outcome ``outcome`` after the outcomes ``dealt``."""
        if len(dealt) == len(self.cards):
            return f"trump {DECK[outcome]}"
        place = f"seat {outcome}" if outcome < self.players else "the cards left over"
        return f"{self.cards[len(dealt)]} to {place}"

    def resample(self, dealt: list[int], player: int, rng: random.Random) -> list[int]:
        """Outcomes like ``dealt`` that ``player`` cannot tell from it, exactly uniformly.

        The player knows which of the cards dealt so far are its own; the others may
        have gone to any other place. A uniform deal given that: the player's missing
        cards among the cards still to come, the other cards shared among the others.
        """
        count = min(len(dealt), len(self.cards))
        mine = [position for position in range(count) if dealt[position] == player]
        later = list(range(count, len(self.cards)))
        mine += rng.sample(later, self.room[player] - len(mine))
        others = [position for position in range(len(self.cards)) if position not in set(mine)]
        rng.shuffle(others)
        owners = [player] * len(self.cards)
        start = 0
        for place, room in enumerate(self.room):
            if place != player:
                for position in others[start : start + room]:
                    owners[position] = place
                start += room
        outcomes = owners[:count]
        if len(dealt) > len(self.cards):  # the trump card is public
            outcomes.append(dealt[-1])
        return outcomes


class OpenSpielGame(pyspiel.Game, Generic[StateT, ViewT, OptionsT]):  # type: ignore[misc]
    """One of the games for OpenSpiel: ``pyspiel.load_game("python_sevens_ru")`` or ``("python_durak_ru")`` makes it."""

    def __init__(
        self,
        game_type: Any,
        game: Game[StateT, ViewT, OptionsT],
        players: int,
        options: OptionsT,
        deal: _Deal,
        max_length: int,
        params: dict[str, Any],
    ) -> None:
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=max(len(deal.room), len(DECK) if deal.trump_from else 0),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_length,
        )
        super().__init__(game_type, info, params)
        self.game = game
        self.players = players
        self.options = options
        self.deal = deal
        self._inferences: dict[tuple[int, int], tuple[object, Any]] = {}

    def build(self, dealt: list[int]) -> StateT:
        """The library's game state of a complete deal (the chance outcomes ``dealt``)."""
        raise NotImplementedError

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
        seen = self.game.view(state, player)
        made = (durak_inference if self.game is DURAK else sevens_inference).infer(seen)
        self._inferences[key] = (state, made)
        return made


class OpenSpielState(pyspiel.State, Generic[StateT, ViewT, OptionsT]):  # type: ignore[misc]
    """A state of one of the games for OpenSpiel: first the deal's chance nodes, then the game.

    :attr:`game_state` is the library's state once the cards are dealt.
    """

    def __init__(self, game: OpenSpielGame[StateT, ViewT, OptionsT]) -> None:
        super().__init__(game)
        self._dealt: list[int] = []  # the chance outcomes so far
        self._state: StateT | None = None
        # While resample_from_infostate records a drawn state's actions: its states,
        # last first, taken one per action instead of being made again by the rules.
        self._drawn: list[StateT] | None = None

    @property
    def game_state(self) -> StateT | None:
        """The library's game state (:class:`~sevens_ru.GameState` or Durak's), ``None`` during the deal."""
        return self._state

    def _spec(self) -> OpenSpielGame[StateT, ViewT, OptionsT]:
        return self.get_game()  # type: ignore[no-any-return]

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal player id."""
        state = self._state
        if state is None:
            return int(_PLAYER.CHANCE)
        seat = state.current_player
        return int(_PLAYER.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._spec().game.legal_actions(self._state))  # type: ignore[arg-type]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of this chance node with their probabilities (see the module)."""
        return self._spec().deal.outcomes(self._dealt)

    def _apply_action(self, action: int) -> None:
        spec = self._spec()
        drawn = self._drawn
        if self._state is None:
            self._dealt.append(action)
            if len(self._dealt) == spec.deal.length:
                self._state = drawn.pop() if drawn else spec.build(self._dealt)
        else:
            self._state = drawn.pop() if drawn else spec.game.apply(self._state, action)

    def _action_to_string(self, player: int, action: int) -> str:
        spec = self._spec()
        if player == _PLAYER.CHANCE:
            return spec.deal.text(self._dealt, action)
        return spec.game.move_text(action)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._state is not None and self._spec().game.is_over(self._state)

    def returns(self) -> list[float]:
        """:func:`sevens_ru.returns` (or Durak's) at the end, zeros before."""
        spec = self._spec()
        if not self.is_terminal():
            return [0.0] * spec.players
        return list(spec.game.returns(self._state))  # type: ignore[arg-type]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one, drawn exactly uniformly.

        ``probability_sampler`` (such as ``pyspiel.UniformProbabilitySampler(0., 1.)``)
        seeds the draw.
        """
        spec = self._spec()
        rng = random.Random(
            int(probability_sampler() * 2**52) << 52 | int(probability_sampler() * 2**52)
        )
        if self._state is None:
            outcomes = spec.deal.resample(self._dealt, player_id, rng)
            actions: Sequence[int] = ()
        else:
            sampled = spec.inference(self._state, player_id).sample_state(rng)
            outcomes = _outcomes(spec, sampled)
            actions = _actions(spec.game, sampled)
        state = spec.new_initial_state()
        if self._state is not None:  # the drawn state is built already: record its actions
            state._drawn = lineage(sampled)[::-1]
        for action in (*outcomes, *actions):
            state.apply_action(action)
        state._drawn = None
        return state

    def __str__(self) -> str:
        spec = self._spec()
        if self._state is None:
            return f"dealing: {len(self._dealt)} of {spec.deal.length} chance outcomes"
        return spec.game.render(self._state)


def _outcomes(spec: OpenSpielGame[Any, Any, Any], state: Any) -> list[int]:
    """The chance outcomes that deal ``state``'s deal."""
    owner = {card: seat for seat, hand in enumerate(state.deal) for card in hand}
    rest = len(spec.deal.room) - 1  # Durak's place of the cards left over
    outcomes = [owner.get(card, rest) for card in spec.deal.cards]
    if spec.deal.trump_from is not None:
        outcomes.append(state.trump.index)
    return outcomes


def _actions(game: Game[Any, Any, Any], state: Any) -> list[int]:
    """The action numbers of the moves made in ``state``."""
    if game is DURAK:
        return [durak.action_of(move) for move in state.moves]
    return [event.card.index for event in state.history if hasattr(event, "card")]


class Observer(Generic[StateT, ViewT, OptionsT]):
    """OpenSpiel's observer of a game: a player's observation, or its information state.

    :meth:`OpenSpielGame.make_py_observer` makes it; OpenSpiel reads :attr:`tensor`
    (and :attr:`dict`, the same tensor under one name) after :meth:`set_from`.
    """

    def __init__(self, spec: OpenSpielGame[StateT, ViewT, OptionsT], perfect_recall: bool) -> None:
        game = spec.game
        self._spec = spec
        self._perfect_recall = perfect_recall
        size = (game.information_state_size if perfect_recall else game.observation_size)(
            spec.players
        )
        self.tensor = np.zeros(size, np.float32)
        """The tensor of the last :meth:`set_from`."""
        self.dict = {"observation": self.tensor}
        """The tensor by name, as OpenSpiel's observers have it."""

    def set_from(self, state: OpenSpielState[StateT, ViewT, OptionsT], player: int) -> None:
        """Write ``player``'s tensor of ``state`` into :attr:`tensor`."""
        game = self._spec.game
        library = state._state
        if library is None:  # during the deal: the cards received so far
            self.tensor.fill(0.0)
            for position, place in enumerate(state._dealt[: len(self._spec.deal.cards)]):
                if place == player:
                    self.tensor[self._spec.deal.cards[position].index] = 1.0
        elif self._perfect_recall:
            self.tensor[:] = game.information_state(game.view(library, player))
        else:
            self.tensor[:] = game.observation_of(library, player)

    def string_from(self, state: OpenSpielState[StateT, ViewT, OptionsT], player: int) -> str:
        """``player``'s information state (perfect recall) or observation, as text."""
        library = state._state
        if library is None:
            cards = [
                str(self._spec.deal.cards[position])
                for position, place in enumerate(state._dealt[: len(self._spec.deal.cards)])
                if place == player
            ]
            return f"seat {player}; dealt {len(state._dealt)}; mine: {' '.join(cards)}"
        seen = self._spec.game.view(library, player)
        if self._perfect_recall:
            events = "; ".join(map(str, seen.history))  # type: ignore[attr-defined]
            return f"seat {player}; dealt: {_dealt_hand(seen)}; {events}"
        return _observation_text(seen)


def _dealt_hand(seen: Any) -> str:
    """The cards the viewer was dealt, from its view: its hand, and what it has played since."""
    if isinstance(seen, durak.PlayerView):
        cards = set(seen.hand)
        for event in reversed(seen.history):  # undo the viewer's own events
            if event.seat != seen.seat:
                continue
            if isinstance(event, durak.Took):
                cards -= set(event.cards)
            elif isinstance(event, durak.Covered):
                cards.add(event.card)
            else:
                cards |= set(event.cards)
        return f"{' '.join(map(str, sorted(cards)))}; trump {seen.trump}"
    played = {
        event.card for event in seen.history if hasattr(event, "card") and event.seat == seen.seat
    }
    return " ".join(map(str, sorted(set(seen.hand) | played)))


def _observation_text(seen: Any) -> str:
    hand = " ".join(map(str, seen.hand))
    if isinstance(seen, durak.PlayerView):
        bout = " ".join(f"{a}/{c}" if c else str(a) for a, c in seen.table)
        known = [" ".join(map(str, sorted(cards))) for cards in seen.known_cards]
        return (
            f"seat {seen.seat}; hand: {hand}; trump {seen.trump}; bout: {bout}; "
            f"set aside: {len(seen.set_aside)}; sizes: {list(seen.hand_sizes)}; "
            f"known: {known}; out: {list(seen.out)}; attacker {seen.attacker}; "
            f"defender {seen.defender}; takes in a row: {seen.takes_in_a_row}"
        )
    table = " ".join(map(str, sorted(seen.table)))
    return (
        f"seat {seen.seat}; hand: {hand}; table: {table}; sizes: {list(seen.hand_sizes)}; "
        f"passes: {list(seen.passes)}; to play: {seen.current_player}"
    )


# -- the two games -------------------------------------------------------------------


class SevensGame(OpenSpielGame[GameState, PlayerView, Options]):
    """``python_sevens_ru``: Russian Sevens for OpenSpiel (``pyspiel.load_game`` makes it)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = SEVENS.check_players(params.get("players", SEVENS.default_players))
        options = Options(rank_by_passes=bool(params.get("rank_by_passes", False)))
        deal = _Deal(players, DECK, hand_sizes(players), None)
        super().__init__(SEVENS_GAME_TYPE, SEVENS, players, options, deal, 37 - players, params)

    def build(self, dealt: list[int]) -> GameState:
        """The game state of the deal ``dealt`` (the seat of each card, in deck order)."""
        hands = [
            [card for card, seat in zip(DECK, dealt, strict=True) if seat == owner]
            for owner in range(self.players)
        ]
        return new_game(self.players, hands=hands, options=self.options)


class DurakGame(OpenSpielGame[durak.GameState, durak.PlayerView, durak.Options]):
    """``python_durak_ru``: old Durak for OpenSpiel (``pyspiel.load_game`` makes it); seat 0 deals."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        options = durak.Options(
            short_deck=bool(params.get("short_deck", False)),
            take_limit=int(params.get("take_limit", 100)),
        )
        players = check_durak_players(
            params.get("players", DURAK.default_players), options.short_deck
        )
        cards = pack(options.short_deck)
        left_over = len(cards) - players * HAND_SIZE
        room = (HAND_SIZE,) * players + ((left_over,) if left_over else ())
        deal = _Deal(players, cards, room, self.trump_cards)
        length = durak.max_moves(players, options.take_limit)
        super().__init__(DURAK_GAME_TYPE, DURAK, players, options, deal, length, params)

    def trump_cards(self, dealt: list[int]) -> list[int]:
        """The cards that may be the trump card of a deal (D4), by index.

        Those left over after the deal, or with the whole pack dealt, the dealer's.
        """
        holder = self.players if len(self.deal.room) > self.players else _DEALER
        return [
            card.index
            for card, place in zip(self.deal.cards, dealt, strict=False)
            if place == holder
        ]

    def build(self, dealt: list[int]) -> durak.GameState:
        """The game state of the deal ``dealt``: each card's place, then the trump card."""
        hands = [
            [card for card, place in zip(self.deal.cards, dealt, strict=False) if place == seat]
            for seat in range(self.players)
        ]
        return durak.new_game(
            self.players, dealer=_DEALER, hands=hands, trump=DECK[dealt[-1]], options=self.options
        )


_DEALER = 0  # Durak's dealer for OpenSpiel: seat 1 leads first (D5)

pyspiel.register_game(SEVENS_GAME_TYPE, SevensGame)
pyspiel.register_game(DURAK_GAME_TYPE, DurakGame)
