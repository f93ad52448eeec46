"""A game as a value: :class:`Game`, what every consumer of the library reads of a game.

The matches, the command, the server, the pictures, the records and the learners'
environments are written once against :class:`Game`; each game of the library fills
one in (``sevens_ru/games/<game>/definition.py``), and a game of another package does
the same and registers it (:func:`sevens_ru.games.register`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import attrs

from ..common._quote import excerpt
from ..common.cards import LANGUAGES, Language
from ..common.packs import RUSSIAN_36, Pack
from ..errors import UnknownLanguageError

if TYPE_CHECKING:  # the tensors need numpy, which the core does not
    import numpy as np
    import numpy.typing as npt

__all__ = ["Bots", "Game", "State", "Tensors"]


class State(Protocol):
    """What every game's state has: its seat count, the seat to move and its history."""

    @property
    def players(self) -> int:
        """The number of seats."""

    @property
    def current_player(self) -> int | None:
        """The seat to move, ``None`` once the game is over."""

    @property
    def history(self) -> tuple[object, ...]:
        """The events of the game so far, oldest first."""


class Bots(Protocol):
    """A game's bots by name: what ``sevens_ru.bots.make_bot`` reads, for any game.

    >>> from sevens_ru import games
    >>> bots = games.get("sevens").bots
    >>> bots.names
    ('random', 'heuristic', 'search')
    >>> bots.make("search:rollouts=50").rollouts
    50
    """

    @property
    def names(self) -> tuple[str, ...]:
        """The kinds of bot, in the order the game lists them."""

    def make(self, description: str) -> Any:
        """A new bot from a description (``"heuristic"``, ``"search:rollouts=50"``).

        Raises:
            UnknownBotError: no such bot, or no such setting.
        """


@attrs.frozen
class Tensors:
    """A game's numbers for learners as float32 arrays (they need numpy).

    ``observation(view)`` and ``information_state(view)`` have the lengths
    ``observation_size(players)`` and ``information_state_size(players)``;
    ``observation_of(state, seat)`` is ``observation(view(state, seat))`` without
    building the view; ``observe_into(state, seat, observation, mask)`` writes the
    same observation and the int8 legal mask into arrays made beforehand, in one call.
    """

    observation: Callable[[Any], npt.NDArray[np.float32]]
    observation_size: Callable[[int], int]
    information_state: Callable[[Any], npt.NDArray[np.float32]]
    information_state_size: Callable[[int], int]
    observation_of: Callable[[Any, int], npt.NDArray[np.float32]]
    observe_into: Callable[[Any, int, Any, Any], None]


S = TypeVar("S", bound=State)
V = TypeVar("V")
M = TypeVar("M")


def _check_titles(game: Game[Any, Any, Any], attribute: attrs.Attribute[Any], value: Any) -> None:
    missing = [lang for lang in LANGUAGES if not isinstance(value.get(lang), str)]
    if missing:
        raise ValueError(f"Game.titles needs a title in {', '.join(missing)}")


@attrs.frozen(eq=False)
class Game(Generic[S, V, M]):
    """One game: its name, its sizes, its functions and everything its consumers read.

    ``S`` is the type of its states, ``V`` of its views and ``M`` of its moves. A game
    is a value: it holds functions, and equal games are the same object.

    >>> from sevens_ru import games
    >>> durak = games.get("durak")
    >>> durak.name, durak.min_players, durak.max_players, durak.title("ru")
    ('durak', 2, 4, 'Дурачки')
    >>> state = durak.new_game(3, dealer=0, seed=7)
    >>> durak.legal_moves(state)[0]
    Lead(['6♣'])
    >>> move = durak.parse_move("lead 6♣")
    >>> durak.move_of(durak.action_of(move)) == move
    True
    """

    name: str
    """The game's name: its key in the registry and the ``"game"`` of its records."""
    titles: Mapping[Language, str] = attrs.field(validator=_check_titles)
    """Its name for people in every language of the library (``"en"``, ``"ru"``, ``"fr"``, ``"de"``)."""
    min_players: int
    """The fewest seats it is for."""
    max_players: int
    """The most seats it is for."""
    default_players: int
    """The seats of a game when none are named (the command, the environments)."""
    state_type: type[S]
    """The class of its states."""
    view_type: type[V]
    """The class of its views."""
    options_type: type
    """The class of its options (``sevens_ru.Options``, ``sevens_ru.durak.Options``)."""
    setup: tuple[str, ...]
    """The setup keywords of :attr:`new_game` beyond ``seed`` and ``hands`` (``"options"``, ``"dealer"``...)."""

    new_game: Callable[..., S]
    """``new_game(players, *, seed=None, hands=None, **setup)``: a new game, dealt."""
    legal_moves: Callable[[S], tuple[M, ...]]
    """The moves of the seat to move, in the game's canonical order; empty once over."""
    apply: Callable[[S, Any], S]
    """``apply(state, move)``: the new state after a move (or its text, or its action number)."""
    is_over: Callable[[S], bool]
    """Whether the game is over."""
    ranking: Callable[[S], tuple[Any, ...]]
    """The standings of a finished game, best first (each with ``seat`` and ``place``)."""
    view: Callable[[S, int], V]
    """What one seat may see."""
    returns: Callable[[S], tuple[float, ...]]
    """Zero-sum values of a finished game, one per seat."""
    to_json: Callable[..., str]
    """``to_json(state)``: the game record."""
    from_json: Callable[..., S]
    """``from_json(text)``: the state of a record, every move replayed and checked."""
    parse_move: Callable[[str], M]
    """A move from its text (``str(move)`` reads back)."""
    num_actions: Callable[[int], int]
    """The number of action numbers for a seat count."""
    action_of: Callable[[M], int]
    """A move's action number."""
    move_of: Callable[[int], M]
    """The move of an action number."""
    legal_actions: Callable[[S], tuple[int, ...]]
    """The legal moves' action numbers, ascending."""
    legal_mask: Callable[[S], int]
    """The legal actions as an int: bit ``a`` set when action ``a`` is legal."""
    bots: Bots
    """Its bots by name."""

    pack: Pack = RUSSIAN_36
    """The pack in whose order its card sets and card action numbers are written
    (:class:`~sevens_ru.Pack`); a game of fewer cards may deal a part of it, as Durak's
    short deck does."""
    variants: Callable[[int], Sequence[Mapping[str, Any]]] = lambda players: ({},)
    """Setup keywords that between them cover the game's options for a seat count:
    :func:`sevens_ru.testing.api_test` plays each."""
    random_setup: Callable[[int, random.Random], Mapping[str, Any]] = lambda players, rng: {}
    """Setup keywords for a random game (a random dealer, say), beside the options."""
    hide_others: Callable[[S, int, random.Random], S] | None = None
    """``hide_others(state, viewer, rng)``: a new game of the same setup whose cards
    hidden from ``viewer`` are dealt otherwise among the other seats (what is public,
    such as who holds a card that must open, stays). The views of ``viewer`` must not
    tell the two apart while their histories are equal."""
    tensors: Callable[[], Tensors] | None = None
    """Its float32 tensors, imported when asked for (they need numpy); ``None``: none."""
    draw: Callable[..., str] | None = None
    """``draw(state_or_view, lang="en")``: an SVG picture of a state or of a view."""

    def title(self, lang: str = "en") -> str:
        """The game's name for people in ``lang``.

        Raises:
            UnknownLanguageError: ``lang`` is not one of ``"en"``, ``"ru"``, ``"fr"``, ``"de"``.
        """
        if lang not in self.titles:
            raise UnknownLanguageError(
                f"unknown language {excerpt(lang)}: expected {', '.join(LANGUAGES)}"
            )
        return self.titles[lang]  # type: ignore[index]  # one of the languages

    def owns(self, value: object) -> bool:
        """Whether ``value`` is a state or a view of this game."""
        return isinstance(value, (self.state_type, self.view_type))

    def __repr__(self) -> str:
        return f"<Game {self.name!r}: {self.titles['en']}, {self.min_players}-{self.max_players} players>"
