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

A state cannot be changed: writing or deleting any attribute raises
``AttributeError``. The rules set the slots on a *writable twin* of the class (the
same slots, no refusal) and then make the new state an instance of the class itself
(``state.__class__ = cls``), which costs about 30 ns per state. Unpickling rebuilds a
state through its game's rules (each game's ``__reduce__``); a pickle that sets slots
directly is refused with a :class:`~sevens_ru.errors.RecordError`.

The history is read from a *line* (:class:`Line`): the steps and events of one line
of play, in lists shared by every state along it. A state asked for its history is
placed on its parent's line, which grows by that state's events if the parent was
its tip, or is copied up to the parent where another line of play went on from
there; so reading the history, the moves or a view after every move decodes each
move once. The hash grows the same way, from the parent's, and two states found
equal share a line, so comparing them again after more moves is quick.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from inspect import Signature
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NoReturn, TypeVar, overload

from ..errors import InvalidSeatError, NotAGameStateError, RecordError
from ._numbers import as_int
from ._quote import excerpt, got
from .cards import Card, cards_from_mask

__all__ = ["GameSetup", "Line", "LinkedState", "SlotView", "blank", "builder", "lineage"]

_AnyState = TypeVar("_AnyState", bound="LinkedState[Any]")
_Options = TypeVar("_Options")
_Value = TypeVar("_Value")


class SlotView(property, Generic[_Value]):
    """A read-only public attribute that is one of a state's slots as it is.

    ``bouts = SlotView[int]("_bouts", "How many bouts ...")`` is the property whose
    getter returns ``self._bouts`` (through :func:`operator.attrgetter`, in C).

    >>> from sevens_ru import durak
    >>> durak.new_game(3, seed=1).bouts, durak.GameState.bouts.__doc__[:17]
    (0, 'How many bouts ha')
    """

    def __init__(self, slot: str, doc: str) -> None:
        super().__init__(attrgetter(slot), doc=doc)
        self.__doc__ = doc  # on the instance: the class's own docstring would shadow it

    if TYPE_CHECKING:  # what reading it gives, for type checkers; property.__get__ runs

        @overload
        def __get__(self, state: None, owner: type | None = None) -> SlotView[_Value]: ...
        @overload
        def __get__(self, state: object, owner: type | None = None) -> _Value: ...
        def __get__(self, state: object, owner: type | None = None) -> Any: ...
        def __set__(self, state: object, value: NoReturn) -> None: ...


class GameSetup(Generic[_Options]):
    """What stays the same during one game: players, options and the deal; a game adds its own.

    Two setups are equal when they are of the same game and their :meth:`key` is equal.
    """

    __slots__ = ("_deal_cards", "deal", "options", "players")

    players: int
    options: _Options
    deal: tuple[int, ...]  # the dealt hands as card sets
    _deal_cards: tuple[tuple[Card, ...], ...]  # set on first use

    def __init__(self, players: int, options: _Options, deal: tuple[int, ...]) -> None:
        self.players = players
        self.options = options
        self.deal = deal

    @property
    def deal_cards(self) -> tuple[tuple[Card, ...], ...]:
        """The dealt hands, one canonically ordered tuple per seat."""
        try:
            return self._deal_cards
        except AttributeError:  # not yet asked for: built once, on demand
            self._deal_cards = tuple(cards_from_mask(hand) for hand in self.deal)
            return self._deal_cards

    def key(self) -> tuple[object, ...]:
        """What makes two setups of a game equal."""
        return (self.players, self.options, self.deal)

    def __eq__(self, other: object) -> bool:
        return self is other or (type(other) is type(self) and self.key() == other.key())

    def __hash__(self) -> int:
        return hash(self.key())


class _MadeByTheRules(type):
    """The class of the state classes: calling one refuses, the rules use :func:`builder`."""

    _made_by: str

    def __call__(cls, *args: object, **kwargs: object) -> NoReturn:
        raise NotAGameStateError(f"{cls._made_by}, not directly")


def blank(cls: type[_AnyState]) -> Callable[[], _AnyState]:
    """The function that makes a writable ``cls`` with no slot set, without ``__init__`` or the refusal.

    It makes an instance of the writable twin of ``cls`` (a subclass with the same
    slots, whose attributes can be set) as calling a class without ``__init__`` does,
    the fastest way Python has. The state is not usable until every slot is set and its class is
    ``cls``: :func:`builder` does that, or a hot loop in line, ending with
    ``state.__class__ = cls``.

    >>> import sevens_ru as s7
    >>> state = blank(s7.GameState)()
    >>> isinstance(state, s7.GameState), type(state) is s7.GameState
    (True, False)
    """
    # The writable twin, then `state.__class__ = cls`: 1.20x faster api-python than setting
    # the slots of a cls through their descriptors (benchmarks/run.py, 2026-12-02).
    # type's own __call__, not _MadeByTheRules.__call__: twin() without the refusal.
    made: Callable[[], _AnyState] = type.__call__.__get__(_twin(cls))
    return made


def lineage(state: _AnyState) -> list[_AnyState]:
    """The states from the new game up to ``state``, following each one's parent."""
    chain = []
    walker: Any = state
    while walker is not None:
        chain.append(walker)
        walker = walker._parent
    chain.reverse()
    return chain


def _twin(cls: type[_AnyState]) -> type[_AnyState]:
    """The writable twin of ``cls``: a subclass with the same slots whose attributes can be set."""
    twin: type[_AnyState] | None = cls.__dict__.get("_writable")
    if twin is None:
        # object's own __setattr__ and __delattr__: attributes are stored as fast as in any class.
        namespace = {
            "__slots__": (),
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
            "__module__": cls.__module__,
        }
        metaclass: Any = type(cls)
        twin = metaclass(f"_Writable{cls.__name__}", (cls,), namespace)
        type.__setattr__(cls, "_writable", twin)
    return twin


def builder(cls: type[_AnyState], **defaults: object) -> Callable[..., _AnyState]:
    """The function that builds a ``cls`` from its slots, given as keywords, without ``__init__``.

    There is a keyword per slot that ``cls`` itself declares, named without its
    underscore (``board=`` sets ``_board``); each is required unless ``defaults`` gives
    it a value. Nothing is checked: the rules give every slot its value.

    The function is written out for ``cls`` (as ``attrs`` writes an ``__init__``): a
    call costs what :func:`blank` and setting the slots in line cost, plus one function
    call with keywords.

    >>> import sevens_ru as s7
    >>> from sevens_ru.games.sevens.state import build_state
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
    source = (
        f"def build(*, {keywords}):\n    state = blank()\n{stores}"
        "    state.__class__ = cls\n    return state\n"
    )
    namespace: dict[str, Any] = {"blank": blank(cls), "cls": cls, "defaults": defaults}
    # exec-built, against a loop over the slots: 1.47x faster durak.apply, 1.05x faster
    # api (new_game) in benchmarks/run.py, 2026-12-02.
    exec(compile(source, f"<builder of {cls.__module__}.{cls.__qualname__}>", "exec"), namespace)
    build: Callable[..., _AnyState] = namespace["build"]
    build.__qualname__ = build.__name__ = f"build_{cls.__name__}"
    build.__module__ = cls.__module__
    build.__doc__ = (
        f"A new {cls.__qualname__} from its slots (see sevens_ru.common._linked.builder)."
    )
    return build


class Line:
    """The steps and events of one line of play, shared by the states along it.

    The state at depth ``d`` on the line (``d`` moves after the new game) made the step
    ``steps[d]``, and its history is ``events[:ends[d]]``.
    """

    __slots__ = ("ends", "events", "steps")

    def __init__(self, steps: list[Hashable], events: list[Any], ends: list[int]) -> None:
        self.steps = steps
        self.events = events
        self.ends = ends

    def history(self, depth: int) -> tuple[Any, ...]:
        """The events up to the state at ``depth``."""
        end = self.ends[depth]
        return tuple(self.events) if end == len(self.events) else tuple(self.events[:end])

    def branch(self, depth: int) -> Line:
        """A new line with this one's steps and events up to the state at ``depth``."""
        return Line(
            self.steps[: depth + 1], self.events[: self.ends[depth]], self.ends[: depth + 1]
        )


class LinkedState(Generic[_Options], metaclass=_MadeByTheRules):
    """The base of both games' ``GameState``.

    A subclass has the slots ``_setup`` (its game's setup: players, options, deal;
    compared with ``==``) and ``_parent`` (the state before, or ``None``), and says in
    :meth:`_step` what distinguishes a state from another with the same parent and in
    :meth:`_events` what happened in that step (and, where a new game has events before
    its first move, in :meth:`_opening` what they are). Two states are equal when they have the
    same setup and the same steps. It says in ``_made_by`` who makes its states, for
    the error of calling it, and its game's rules build its states with the function
    :func:`builder` makes for it. Its ``__reduce__`` rebuilds a state through the rules.
    """

    __slots__ = ("_depth", "_hash", "_line")

    _made_by: ClassVar[str]  # what GameState() says: who makes states
    _writable: ClassVar[type]  # the writable twin the rules build states on (see blank)
    # help() and the documentation show GameState(), not the refusal's (*args, **kwargs).
    __signature__: ClassVar[Signature] = Signature()
    _setup: GameSetup[_Options]
    _parent: LinkedState[_Options] | None
    _hash: int  # set on the first hash(), from the parent's
    _line: Line  # set when the history is first read, with _depth
    _depth: int  # the moves since the new game

    @property
    def players(self) -> int:
        """The number of players (R4 in Sevens, D2 in Durak)."""
        return self._setup.players

    @property
    def options(self) -> _Options:
        """The options of this game (:class:`sevens_ru.Options` or ``sevens_ru.durak.Options``)."""
        return self._setup.options

    def _step(self) -> Hashable:
        """What this state adds to its parent; equal chains of steps are equal histories."""
        raise NotImplementedError

    def _events(self) -> tuple[Any, ...]:
        """The events of the step from the parent to this state (never called on a new game)."""
        raise NotImplementedError

    def _opening(self) -> tuple[Any, ...]:
        """The events of a new game before its first move: none, unless the game makes some."""
        return ()

    if not TYPE_CHECKING:  # hidden from type checkers, which then flag any assignment

        def __setattr__(self, name, value):
            raise AttributeError(
                f"a {type(self).__name__} cannot be changed (cannot set {excerpt(name)}): "
                "a move makes a new state"
            )

        def __delattr__(self, name):
            raise AttributeError(
                f"a {type(self).__name__} cannot be changed (cannot delete {excerpt(name)})"
            )

    def __setstate__(self, state: object) -> NoReturn:
        raise RecordError(
            f"a {type(self).__name__} is unpickled only through its game's rules, from what "
            "pickle.dumps(state) writes; this pickle sets its slots directly"
        )

    def _check_seat(self, seat: object) -> int:
        """``seat`` if it is a seat of this game, else an :class:`InvalidSeatError`."""
        number = as_int(seat)
        if number is None:
            raise InvalidSeatError(f"a seat is an int, got {got(seat)}")
        players = self._setup.players
        if not 0 <= number < players:
            raise InvalidSeatError(
                f"seat {excerpt(number)} does not exist: this game has seats 0 to {players - 1}"
            )
        return number

    # The line

    def _placed(self) -> tuple[Line, int]:
        """The line and depth of the state, placing it and the states before it that are not yet."""
        path = []
        state: LinkedState[_Options] = self
        while not hasattr(state, "_line"):  # back to a state with a line, or the new game
            if state._parent is None:
                opening = list(state._opening())
                _set_line(state, Line([state._step()], opening, [len(opening)]))
                _set_depth(state, 0)
                break
            path.append(state)
            state = state._parent
        line, depth = state._line, state._depth
        for child in reversed(path):  # then forward, one move at a time
            depth += 1
            step = child._step()
            if len(line.steps) > depth and line.steps[depth] != step:
                line = line.branch(depth - 1)  # another line of play went on from the parent
            if len(line.steps) == depth:  # the parent is the line's tip: it grows
                line.steps.append(step)
                line.events.extend(child._events())
                line.ends.append(len(line.events))
            _set_line(child, line)
            _set_depth(child, depth)
        return line, depth

    def _history(self) -> tuple[Any, ...]:
        """Every event from the new game to this state, oldest first."""
        line, depth = self._placed()
        return line.history(depth)

    def _steps(self) -> list[Hashable]:
        """The steps from the new game to this state (a new list)."""
        line, depth = self._placed()
        return line.steps[: depth + 1]

    # Equality and hash

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows (:func:`sevens_ru.svg.position`)."""
        from ..svg import position  # drawn on demand: the rules never need it

        return position(self)

    def __copy__(self: _AnyState) -> _AnyState:
        return self  # immutable: a copy is the state itself

    def __deepcopy__(self: _AnyState, memo: object) -> _AnyState:
        return self

    def __eq__(self, other: object) -> bool:
        # The two games' setups never compare equal, so neither do their states.
        if not isinstance(other, LinkedState):
            return NotImplemented
        return self._same_history(other)

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:  # computed once, from the parent's
            pass
        path = []
        state: LinkedState[_Options] = self
        while not hasattr(state, "_hash"):
            if state._parent is None:
                _set_hash(state, hash((state._setup, state._step())))
                break
            path.append(state)
            state = state._parent
        value = state._hash
        for child in reversed(path):
            value = hash((value, child._step()))
            _set_hash(child, value)
        return value

    def _same_history(self, other: LinkedState[Any]) -> bool:
        """Whether ``other`` is the same game (setup) reached by the same steps."""
        if self is other:
            return True
        if self._setup != other._setup:
            return False
        if hasattr(self, "_hash") and hasattr(other, "_hash") and self._hash != other._hash:
            return False
        mine: LinkedState[Any] | None = self
        theirs: LinkedState[Any] | None = other
        while mine is not None and theirs is not None and mine is not theirs:
            if _on_one_line(mine, theirs):
                break
            if mine._step() != theirs._step():
                return False
            mine, theirs = mine._parent, theirs._parent
        if (mine is None) != (theirs is None):  # the chains have different lengths
            return False
        # Equal: they share a line from now on, so that comparing them again is quick. A
        # cache written into `other`, as hash() writes _hash: 1.47x faster equality after
        # every move of a Sevens game than walking both chains each time (2026-12-02), and
        # linear, not quadratic, over a long game (tests/test_hostile.py).
        line, depth = self._placed()
        _set_line(other, line)
        _set_depth(other, depth)
        return True


def _on_one_line(one: LinkedState[Any], other: LinkedState[Any]) -> bool:
    """Whether two states are known to be equal: at the same depth of the same line."""
    return (
        hasattr(one, "_line")
        and hasattr(other, "_line")
        and one._line is other._line
        and one._depth == other._depth
    )


# The slots that hold what is worked out on demand are set through their descriptors:
# a state refuses attribute assignment.
_set_hash = LinkedState.__dict__["_hash"].__set__
_set_line = LinkedState.__dict__["_line"].__set__
_set_depth = LinkedState.__dict__["_depth"].__set__
