"""What the states of both games share: each state links to the one before it.

A game's state keeps its own facts and a link to its parent, the state before the
last move, so a state shares everything with the one before it and its history is
read back from the chain. Equal states are those of the same game setup reached by
the same steps.

A state is made by its game's rules, never by calling its class: ``GameState()``
refuses. The rules build one with the function that :func:`builder` makes for its
class, which takes a keyword per slot and calls no ``__init__``. The hottest loop of
all, the main game's ``apply``, writes that function's body out in line, from
:func:`blank`: one function call less per move.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from inspect import Signature
from typing import Any, ClassVar, NoReturn, Protocol, TypeVar

from ._quote import excerpt, shown
from .errors import InvalidSeatError, NotAGameStateError

__all__ = ["LinkedState", "blank", "builder"]

_AnyState = TypeVar("_AnyState", bound="LinkedState")


class _HasPlayers(Protocol):
    """The part of a game's setup this module reads."""

    @property
    def players(self) -> int: ...


class _MadeByTheRules(type):
    """The class of the state classes: calling one refuses, the rules use :func:`builder`."""

    _made_by: str

    def __call__(cls, *args: object, **kwargs: object) -> NoReturn:
        raise NotAGameStateError(f"{cls._made_by}, not directly")


def blank(cls: type[_AnyState]) -> Callable[[], _AnyState]:
    """The function that makes a ``cls`` with no slot set, without ``__init__`` or the refusal.

    It makes the instance as calling a class without ``__init__`` does, the fastest way
    Python has (faster than ``object.__new__(cls)``). The state is not usable until
    every slot is set: :func:`builder` does that, or a hot loop in line.

    >>> import sevens_ru as s7
    >>> type(blank(s7.GameState)()) is s7.GameState
    True
    """
    # type's own __call__, not _MadeByTheRules.__call__: cls() without the refusal.
    made: Callable[[], _AnyState] = type.__call__.__get__(cls)
    return made


def builder(cls: type[_AnyState], **defaults: object) -> Callable[..., _AnyState]:
    """The function that builds a ``cls`` from its slots, given as keywords, without ``__init__``.

    There is a keyword per slot that ``cls`` itself declares, named without its
    underscore (``board=`` sets ``_board``); each is required unless ``defaults`` gives
    it a value. Nothing is checked: the rules give every slot its value.

    The function is written out for ``cls`` (as ``attrs`` writes an ``__init__``): a
    call costs what :func:`blank` and setting the slots in line cost, plus one function
    call with keywords.

    >>> import sevens_ru as s7
    >>> from sevens_ru.state import build_state
    >>> start = s7.new_game(2, seed=1)
    >>> copy = build_state(setup=start._setup, board=start._board, turn=start._turn,
    ...                    moves=start._moves, parent=None)
    >>> type(copy) is s7.GameState and copy == start
    True
    """
    slots: tuple[str, ...] = cls.__dict__.get("__slots__", ())
    names = [slot.removeprefix("_") for slot in slots]
    unknown = sorted(set(defaults) - set(names))
    if unknown:
        raise TypeError(f"{cls.__qualname__} has no slot for {', '.join(unknown)}")
    keywords = ", ".join(
        f"{name}=defaults[{name!r}]" if name in defaults else name for name in names
    )
    stores = "".join(
        f"    state.{slot} = {name}\n" for slot, name in zip(slots, names, strict=True)
    )
    source = f"def build(*, {keywords}):\n    state = blank()\n{stores}    return state\n"
    namespace: dict[str, Any] = {"blank": blank(cls), "defaults": defaults}
    exec(compile(source, f"<builder of {cls.__module__}.{cls.__qualname__}>", "exec"), namespace)
    build: Callable[..., _AnyState] = namespace["build"]
    build.__qualname__ = build.__name__ = f"build_{cls.__name__}"
    build.__module__ = cls.__module__
    build.__doc__ = f"A new {cls.__qualname__} from its slots (see sevens_ru._linked.builder)."
    return build


class LinkedState(metaclass=_MadeByTheRules):
    """The base of both games' ``GameState``.

    A subclass has the slots ``_setup`` (its game's setup: players, options, deal;
    compared with ``==``) and ``_parent`` (the state before, or ``None``), and says in
    :meth:`_step` what distinguishes a state from another with the same parent. Two
    states are equal when they have the same setup and the same steps. It says in
    ``_made_by`` who makes its states, for the error of calling it, and its game's rules
    build its states with the function :func:`builder` makes for it.
    """

    __slots__ = ("_hash",)

    _made_by: ClassVar[str]  # what GameState() says: who makes states
    # help() and the documentation show GameState(), not the refusal's (*args, **kwargs).
    __signature__: ClassVar[Signature] = Signature()
    _setup: _HasPlayers
    _parent: LinkedState | None
    _hash: int  # set on the first hash()

    def _step(self) -> Hashable:
        """What this state adds to its parent; equal chains of steps are equal histories."""
        raise NotImplementedError

    def _chain(self: _AnyState) -> list[_AnyState]:
        """The states from the new game up to this one."""
        chain = []
        state: _AnyState | None = self
        while state is not None:
            chain.append(state)
            state = state._parent  # type: ignore[assignment]  # the same class throughout
        chain.reverse()
        return chain

    def _check_seat(self, seat: object) -> int:
        """``seat`` if it is a seat of this game, else an :class:`InvalidSeatError`."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise InvalidSeatError(f"a seat is an int, got {shown(seat)}")
        players = self._setup.players
        if not 0 <= seat < players:
            raise InvalidSeatError(
                f"seat {excerpt(seat)} does not exist: this game has seats 0 to {players - 1}"
            )
        return seat

    def __eq__(self, other: object) -> bool:
        # The two games' setups never compare equal, so neither do their states.
        if not isinstance(other, LinkedState):
            return NotImplemented
        return self._same_history(other)

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:  # computed once, on the first hash()
            self._hash = self._history_hash()
            return self._hash

    def _same_history(self, other: LinkedState) -> bool:
        """Whether ``other`` is the same game (setup) reached by the same steps."""
        if self is other:
            return True
        if self._setup != other._setup:
            return False
        mine: LinkedState | None = self
        theirs: LinkedState | None = other
        while mine is not None and theirs is not None:
            if mine is theirs:
                return True
            if mine._step() != theirs._step():
                return False
            mine, theirs = mine._parent, theirs._parent
        return mine is theirs  # both None: the chains had the same length

    def _history_hash(self) -> int:
        """A hash agreeing with :meth:`_same_history`."""
        return hash((self._setup, tuple(state._step() for state in self._chain())))
