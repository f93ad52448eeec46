"""What the bots of both games, and the games between them, share.

- :func:`checked_moves`: the checks every bot of either game makes of its arguments,
  with the same errors in the same situation;
- :func:`bot_setting`: an attrs validator of a bot's setting built from attrs' own
  validators (:data:`AN_INT`, :data:`A_NUMBER`, ``ge``, ``in_`` ...), which raises the
  library's error; :data:`check_playouts`, :data:`check_seconds`: the checks of a search
  bot's budget, with the same messages in both games;
- :class:`BotRegistry`: bots by name (``"heuristic"``, ``"search:rollouts=2000"``), as
  both games' ``make_bot`` read them;
- :func:`bot_steps`, :func:`lineup_of`, :func:`rngs_for`: the loop of both games'
  ``play_game`` and the checks of its arguments.

Each game brings its own types (its view, its moves, its functions); :mod:`sevens_ru.bots`,
:mod:`sevens_ru.durak.bots`, :mod:`sevens_ru.play` and :mod:`sevens_ru.durak.play` are
built on this module.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

import attrs

from ..errors import (
    InvalidOptionsError,
    NoMoveError,
    NotAGameStateError,
    SevensError,
    UnknownBotError,
    WrongTypeError,
)
from ._games import Game, game_of, names_of, not_a_view
from ._quote import excerpt, got

__all__ = [
    "AN_INT",
    "A_NUMBER",
    "MAX_ROLLOUTS",
    "BotRegistry",
    "Validator",
    "bot_setting",
    "bot_steps",
    "bots_seed",
    "check_playouts",
    "check_seconds",
    "checked_moves",
    "lineup_of",
    "rngs_for",
]

# The arguments of a bot


class _View(Protocol):
    """What :func:`checked_moves` reads of a view, in either game."""

    @property
    def seat(self) -> int: ...

    @property
    def current_player(self) -> int | None: ...

    def legal_moves(self) -> tuple[Any, ...]: ...


W = TypeVar("W", bound=_View)


def checked_moves(view: object, rng: object, kind: type[W], game: Game) -> tuple[Any, ...]:
    """The legal moves of ``view``, a ``kind`` of ``game``, for a bot of either game.

    The checks of :func:`sevens_ru.bots.legal_moves_of` and :func:`sevens_ru.durak.bots.legal_moves_of`.
    """
    if not isinstance(view, kind):
        found = game_of(view)
        other = found[0] if found is not None else None
        if found == (game, "PlayerView"):  # the same game's view, of another engine
            raise NotAGameStateError(
                f"a {game.title} bot's choose() takes a {_path(kind)}, got a {_path(type(view))}: "
                f"the same game on another engine"
            )
        raise not_a_view(
            f"a {game.title} bot's choose()",
            view,
            game=game,
            instead=f"a bot of {other.package}.bots" if other and other.package else None,
        )
    if not isinstance(rng, random.Random):
        raise WrongTypeError(f"a bot takes a random.Random, got {type(rng).__name__}")
    moves = view.legal_moves()
    if not moves:
        if view.current_player is None:
            raise NoMoveError(f"seat {view.seat} has no move: the game is over")
        raise NoMoveError(f"seat {view.seat} has no move: it is seat {view.current_player}'s turn")
    return moves


def _path(kind: type) -> str:
    """A class as ``module.name``."""
    return f"{kind.__module__}.{kind.__qualname__}"


# Bots by name

B = TypeVar("B")


Validator = Callable[[Any, "attrs.Attribute[Any]", Any], Any]
"""An attrs validator: called with the instance, the attribute and the value."""

AN_INT: Validator = attrs.validators.and_(
    attrs.validators.not_(attrs.validators.instance_of(bool)),
    attrs.validators.instance_of(int),
)
"""attrs' validators for a Python ``int`` that is not a ``bool`` (nor a numpy integer,
which the bot would keep as it is given)."""

A_NUMBER: Validator = attrs.validators.and_(
    attrs.validators.not_(attrs.validators.instance_of(bool)),
    attrs.validators.instance_of((int, float)),
)
"""attrs' validators for a Python ``int`` or ``float`` that is not a ``bool``."""


def bot_setting(rule: str, *validators: Validator) -> Validator:
    """An attrs validator of a bot's setting: ``validators`` (attrs' own) in turn.

    attrs' validators raise a ``TypeError`` or ``ValueError`` of their own, with their
    own words; this one raises instead an :class:`~sevens_ru.errors.InvalidOptionsError`
    (a ``SevensError`` and a ``ValueError``) that names the bot and the setting, states
    ``rule`` and quotes the value, the same in both games.

    >>> import attrs
    >>> from sevens_ru.bots import SearchBot
    >>> from sevens_ru.durak.bots import SearchBot as DurakSearchBot
    >>> SearchBot(rollouts=0)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidOptionsError: SearchBot.rollouts must be an int from 1 to 1,000,000 (playouts per decision), got 0
    >>> DurakSearchBot(time_limit="x" * 1000)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidOptionsError: durak SearchBot.time_limit must be None or a positive number of seconds, got 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (1,000 characters)
    """
    check = attrs.validators.and_(*validators)

    def validate(bot: object, attribute: attrs.Attribute[Any], value: object) -> None:
        try:
            check(bot, attribute, value)
        except (TypeError, ValueError):
            raise InvalidOptionsError(
                f"{_owner(bot, attribute.name)}.{attribute.name} {rule}, got {excerpt(value)}"
            ) from None

    return validate


MAX_ROLLOUTS = 1_000_000
"""The most playouts of one decision a search bot takes (``rollouts``), in every game:
a decision of more would not end in any useful time (a few minutes at most in the
slowest game); for a longer search, give a ``time_limit``."""

check_playouts = bot_setting(
    f"must be an int from 1 to {MAX_ROLLOUTS:,} (playouts per decision)",
    AN_INT,
    attrs.validators.ge(1),
    attrs.validators.le(MAX_ROLLOUTS),
)
"""The check of a search bot's ``rollouts``: an ``int`` from 1 to :data:`MAX_ROLLOUTS`,
the playouts of one decision.

>>> from sevens_ru.durak.bots import SearchBot
>>> SearchBot(rollouts=10**15)
Traceback (most recent call last):
...
sevens_ru.errors.InvalidOptionsError: durak SearchBot.rollouts must be an int from 1 to 1,000,000 (playouts per decision), got 1000000000000000
"""

check_seconds = bot_setting(
    "must be None or a positive number of seconds",
    attrs.validators.optional(
        attrs.validators.and_(A_NUMBER, attrs.validators.gt(0), attrs.validators.lt(math.inf))
    ),
)
"""The check of a search bot's ``time_limit``: ``None`` or a positive number of seconds
(finite: a decision with an endless limit would never end)."""


def _owner(bot: object, setting: str) -> str:
    """The bot's class as messages name it, with the name of its game first but for the main game.

    A bot with a ``game`` field (a bot of the layout family) is named with the game it
    was given, unless that is the setting at fault; any other bot with the game of the
    registry (:mod:`sevens_ru.games`) whose bots it is of (``durak SearchBot``), and
    alone for the main game, whose functions' names have no prefix (``SearchBot``).
    """
    kind = type(bot)
    if attrs.has(kind) and "game" in attrs.fields_dict(kind):  # told its game
        game = getattr(bot, "game", None)
        if setting != "game" and isinstance(game, str) and game.isprintable() and len(game) <= 20:
            return f"{game} {kind.__qualname__}"
        return kind.__qualname__
    return _game_word(kind) + kind.__qualname__


def _game_word(kind: type) -> str:
    """``"durak "`` for a class of Durak's bots: the registered game that makes ``kind``, if not the main game."""
    from .. import games  # here: the games are made of their bots

    for game in games.offering("bots").values():
        makers = getattr(game.bots, "kinds", {}).values()
        if any(maker is kind or getattr(maker, "func", None) is kind for maker in makers):
            names = names_of(game.name)
            return "" if names is not None and not names.prefix else f"{game.name} "
    return ""


@attrs.frozen
class BotRegistry(Generic[B]):
    """The bots of one game by name: how :func:`make_bot` reads a description.

    ``kinds`` maps each kind (``"heuristic"``) to what makes the bot; ``settings`` maps
    a kind to the names of the settings its maker takes as keywords (none if missing);
    ``game`` names the game in messages (empty for the main game). A bot made with
    settings gets ``name=`` the description too when ``named`` is true, so results tell
    settings apart.

    >>> from sevens_ru.common._bots import BotRegistry
    >>> from sevens_ru.bots import RandomBot
    >>> registry = BotRegistry({"random": RandomBot}, game="toy")
    >>> registry.names, registry.make(" Random ")
    (('random',), RandomBot(name='random'))
    >>> registry.make("random:speed=2")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.UnknownBotError: bad setting 'speed=2' for random: it takes no settings
    """

    kinds: Mapping[str, Callable[..., B]]
    """The maker of each kind of bot, by name."""
    settings: Mapping[str, frozenset[str]] = attrs.field(factory=dict)
    """The settings each kind takes, by name."""
    game: str = ""
    """The game, as messages name it (``"Durak"``), or empty."""
    named: bool = False
    """Whether a bot made with settings is given the description as its ``name``."""

    @property
    def names(self) -> tuple[str, ...]:
        """The kinds, in the order given."""
        return tuple(self.kinds)

    def make(self, description: str) -> B:
        """The bot ``description`` names: a kind, then optionally ``:`` and ``name=value`` settings.

        Raises:
            UnknownBotError: no such bot, or no such setting.
        """
        which = f"{self.game} bot" if self.game else "bot"
        if not isinstance(description, str):
            raise UnknownBotError(
                f"a {which} is named by text such as 'heuristic', got {got(description)}"
            )
        kind, _, settings = description.strip().partition(":")
        kind = kind.strip().lower()
        factory = self.kinds.get(kind)
        if factory is None:
            names = self.names
            expected = ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]
            raise UnknownBotError(f"unknown {which} {excerpt(kind)}: expected {expected}")
        known = self.settings.get(kind, frozenset())
        values: dict[str, Any] = {}
        for item in filter(None, (part.strip() for part in settings.split(","))):
            key, equals, text = item.partition("=")
            key = key.strip()
            if not known:
                raise UnknownBotError(
                    f"bad setting {excerpt(item)} for {kind}: it takes no settings"
                )
            if not equals or key not in known:
                raise UnknownBotError(
                    f"bad setting {excerpt(item)} for {kind}: expected name=value with a name among "
                    f"{', '.join(sorted(known))}"
                )
            values[key] = _value(text.strip())
        if values and self.named:
            values["name"] = description.strip()
        return factory(**values)


def _value(text: str) -> int | float | str | None:
    """A setting's value: an int, a float, ``None`` or else the text itself."""
    if text.lower() == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


# Games between bots

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


def bots_seed(seed: int) -> int:
    """The seed of the bots' generator in a game dealt from ``seed``: a one-way step from it.

    The first 8 bytes of ``SHA-256(b"sevens-ru bots v1" + seed)`` (the seed as signed
    big-endian bytes), as a big-endian int. A bot handed ``random.Random(bots_seed(seed))``
    can at best recover ``bots_seed(seed)`` from its state, never ``seed``, so never the
    deal: it learns nothing it could not draw itself.

    >>> bots_seed(7) == bots_seed(7) != bots_seed(8), bots_seed(7) != 7
    (True, True)
    """
    data = seed.to_bytes((seed.bit_length() + 8) // 8, "big", signed=True)
    return int.from_bytes(hashlib.sha256(b"sevens-ru bots v1" + data).digest()[:8], "big")


def rngs_for(
    rngs: Sequence[random.Random] | None, seed: int | None, players: int
) -> Sequence[random.Random]:
    """One generator per seat: ``rngs`` if given, else one shared by all seats, from :func:`bots_seed`.

    Never ``random.Random(seed)`` itself: from its state a bot could recover the seed
    of the deal, and so every hand.
    """
    if rngs is None:
        return [random.Random(None if seed is None else bots_seed(int(seed)))] * players
    rngs = tuple(rngs)
    if len(rngs) != players:
        raise InvalidOptionsError(
            f"rngs must hold one random.Random per seat: {len(rngs)} for {players} bots"
        )
    return rngs
