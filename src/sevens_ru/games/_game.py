"""A game as a value: :class:`Game`, what every consumer of the library reads of a game.

The matches, the command, the server, the pictures, the records and the learners'
environments are written once against :class:`Game`; each game of the library fills
one in (``sevens_ru/games/<game>/definition.py``), and a game of another package does
the same and registers it (:func:`sevens_ru.games.register`).
"""

from __future__ import annotations

import importlib
import operator
import random
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import attrs

from ..common import _records
from ..common._numbers import as_int
from ..common._quote import excerpt, got
from ..common._records import Record
from ..common.cards import LANGUAGES, Language
from ..common.packs import RUSSIAN_36, Pack
from ..errors import InvalidDealError, UnknownLanguageError

if TYPE_CHECKING:  # the tensors need numpy, which the core does not
    import numpy as np
    import numpy.typing as npt

    from ..common._results import MatchRules
    from ..series.rules import SeriesRules
    from .lockstep import Outputs

__all__ = ["RULES", "Bots", "Game", "Kernels", "Lockstep", "State", "Tensors", "rules_of"]


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

    The last two are optional, for the frameworks that can use them:
    ``chances(players, options)`` is the deal as OpenSpiel's chance nodes (a
    ``sevens_ru.common._chances.Chances``); ``lockstep(size, players, options)`` gives
    ``size`` games in lockstep for a vector environment, stepped by the game itself (a
    :class:`~sevens_ru.games.Lockstep`); without it, a vector environment steps a state
    per game.
    """

    observation: Callable[[Any], npt.NDArray[np.float32]]
    observation_size: Callable[[int], int]
    information_state: Callable[[Any], npt.NDArray[np.float32]]
    information_state_size: Callable[[int], int]
    observation_of: Callable[[Any, int], npt.NDArray[np.float32]]
    observe_into: Callable[[Any, int, Any, Any], None]
    chances: Callable[[int, Any], Any] | None = None
    lockstep: Callable[[int, int, Any], Any] | None = None

    @classmethod
    def of(cls, module: str) -> Tensors:
        """The functions of the same names in ``module`` (a game's ``encode``), imported now.

        The optional ones that ``module`` lacks stay ``None``.

        >>> tensors = Tensors.of("sevens_ru.games.durak.encode")
        >>> tensors.observation_size(3), tensors.lockstep is None
        (301, False)
        """
        encode = importlib.import_module(module)
        return cls(
            **{
                field.name: getattr(encode, field.name)
                for field in attrs.fields(cls)
                if field.default is attrs.NOTHING or hasattr(encode, field.name)
            }
        )


class Lockstep(Protocol):
    """``size`` games of one game in lockstep, changed in place: what a vector environment steps.

    A game gives its own through ``Tensors.lockstep``; any other is stepped a state per
    game (:class:`sevens_ru.games.lockstep.StateLockstep`). A step writes into
    :class:`~sevens_ru.games.lockstep.Outputs`, new arrays the environment made.

    A slot holds no game until :meth:`deal` deals one into it; a game that is over stays
    over (and :meth:`step` leaves it as it is) until a new one is dealt into its slot.
    """

    size: int
    """The number of games."""
    players: int
    """The seats of every game."""

    @property
    def over(self) -> npt.NDArray[np.bool_]:
        """Whether each game is over (a new array)."""

    def deal(self, games: npt.NDArray[np.int64], rng: np.random.Generator) -> None:
        """Deal a new game into each slot of ``games``, from ``rng``."""

    def step(self, actions: npt.NDArray[np.int64], outputs: Outputs) -> None:
        """One move in every game that is not over: ``actions[g]`` for the seat to move in game ``g``.

        Writes each such game's reward, end and returns, and its next observation, action
        mask and seat (or those of the seat that ended it), into row ``g`` of
        ``outputs``; the rows of the games over before the step get a reward of 0 and no
        end, and the rest of their row is left as it was.

        Raises:
            IllegalMoveError: some action is not legal in its game (nothing is changed).
        """

    def observe(self, outputs: Outputs, games: npt.NDArray[np.int64] | None = None) -> None:
        """Write the observation, action mask and seat of the ``games`` (all if ``None``) into their rows."""

    def random_actions(self, draws: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
        """A legal action of every game: with ``k`` legal actions, number ``floor(draws[g] × k)`` of them, ascending.

        0 for a game that is over.
        """

    def dealt_state(self, game: int) -> Any:
        """Game ``game`` as it was dealt: a state of the game's engine, before any move."""


RULES = (
    "new_game",
    "legal_moves",
    "apply",
    "is_over",
    "ranking",
    "view",
    "returns",
    "to_json",
    "from_json",
    "read_record",
    "parse_move",
    "action_of",
    "move_of",
    "legal_actions",
    "legal_mask",
)
"""The functions every game has under the same names (the fields of :class:`Game` so named)."""


def rules_of(*modules: ModuleType) -> dict[str, Any]:
    """The functions of :data:`RULES` found in ``modules`` (the first that has each), as keywords of :class:`Game`.

    >>> import sevens_ru as s7
    >>> rules_of(s7.durak)["apply"] is s7.durak.apply
    True

    Raises:
        AttributeError: none of the modules has one of the functions.
    """
    found: dict[str, Any] = {}
    for name in RULES:
        for module in modules:
            if hasattr(module, name):
                found[name] = getattr(module, name)
                break
        else:
            raise AttributeError(f"no module of {[m.__name__ for m in modules]} has {name}()")
    return found


@attrs.frozen
class Kernels:
    """A game's compiled hot paths, where it has them.

    Each returns ``None`` for a case it leaves to the Python functions (which then do
    the work, and raise for a bad input).

    ``act(state, action)`` is ``apply`` of an action number; ``fill(state, seat,
    observation, mask)`` writes what ``Tensors.observe_into`` writes and returns ``True``.
    """

    act: Callable[[Any, object], Any] | None = None
    fill: Callable[[Any, int, Any, Any], bool | None] | None = None


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
    """``to_json(state, *, tags=None)``: the game record, with its tags (a :class:`~sevens_ru.Tags`) if given.

    A game whose own ``to_json`` takes no ``tags`` (another package's) gets them all the
    same: the library writes them into its record (and its :attr:`from_json` reads
    past them)."""
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

    read_record: Callable[..., Record[S]] = attrs.field(
        default=attrs.Factory(
            lambda game: _records.reader(game.from_json, game.is_over, game.ranking),
            takes_self=True,
        )
    )
    """``read_record(text, *, max_bytes=...)``: a record's state and its tags, a
    :class:`~sevens_ru.Record`. A game that gives none reads the tags itself and gives the
    rest of the record to :attr:`from_json`."""

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
    draw: Callable[[Any, int | None, Language], str] | None = None
    """``draw(position, seat, lang)``: the SVG picture of a state (every hand face up, or
    only ``seat``'s) or of a view, for :func:`sevens_ru.svg.position`."""
    positions: Callable[[S], Sequence[S]] | None = None
    """Every position of a state's game from the deal to it, for :func:`sevens_ru.svg.replay_html`."""
    check_players: Callable[[object], int] | None = None
    """The seat count as an ``int``, checked (``InvalidDealError`` naming the rule);
    ``None``: any whole number from :attr:`min_players` to :attr:`max_players`."""
    text: Callable[[S], str] | None = None
    """A state as plain text, every hand shown (the environments' ``render``)."""
    turn: Callable[[S], int | None] = operator.attrgetter("current_player")
    """The seat to move of a state, the fastest way the game has (``state.current_player``)."""
    commands: Callable[[], Any] | None = None
    """The game's part of the ``sevens-ru`` command (a :class:`sevens_ru.cli.Game`:
    its demo, play, replay and simulate), imported when the command runs; ``None``: the
    command does not offer the game."""
    server: Callable[[], Any] | None = None
    """The game's part of the game server (a :class:`sevens_ru.web.games.Game`: its
    deal from a request, its views as JSON), imported when the server starts; ``None``:
    the server does not offer the game."""
    kernels: Callable[[], Kernels | None] | None = None
    """The compiled core's hot paths of the game, imported when asked for (``None`` where
    the pure-Python engine runs)."""
    match: Callable[[], MatchRules] | None = None
    """What a match between bots measures of the game and how it deals (a
    :class:`sevens_ru.tournament.MatchRules`), imported when a match is played; ``None``:
    each entry's wins, mean place and mean return, each deal from its seed alone."""
    series: Callable[[], SeriesRules] | None = None
    """What a series of deals of the game needs to know of it (a
    :class:`sevens_ru.series.SeriesRules`: its scoring kinds, penalties, payoffs,
    dealers), imported when a series is played; ``None``: the game is not played in series."""

    def __attrs_post_init__(self) -> None:
        if not _records.takes_tags(self.to_json):  # another package's game: tags around its record
            object.__setattr__(
                self, "to_json", _records.tagging(self.to_json, self.is_over, self.ranking)
            )
            read_record = self.read_record
            object.__setattr__(
                self, "from_json", lambda text, **keywords: read_record(text, **keywords).state
            )

    def seats(self, players: object) -> int:
        """``players`` as an ``int`` if the game is for that many seats, else raise.

        Raises:
            InvalidDealError: not a whole number (a ``bool`` never is) in the game's range.
        """
        if self.check_players is not None:
            return self.check_players(players)
        number = as_int(players)
        if number is None or not self.min_players <= number <= self.max_players:
            raise InvalidDealError(
                f"{self.titles['en']} is for {self.min_players} to {self.max_players} "
                f"players, got {got(players)}"
            )
        return number

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
