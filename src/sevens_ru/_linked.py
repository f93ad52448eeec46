"""What the states of both games share: each state links to the one before it.

A game's state keeps its own facts and a link to its parent, the state before the
last move, so a state shares everything with the one before it and its history is
read back from the chain. Equal states are those of the same game setup reached by
the same steps.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Protocol, TypeVar

from .errors import InvalidSeatError

__all__ = ["LinkedState"]

_State = TypeVar("_State", bound="LinkedState")


class _Setup(Protocol):
    """The part of a game's setup this module reads."""

    @property
    def players(self) -> int: ...


class LinkedState:
    """The base of both games' ``GameState``.

    A subclass has the slots ``_setup`` (its game's setup: players, options, deal;
    compared with ``==``) and ``_parent`` (the state before, or ``None``), and says in :meth:`_step` what distinguishes a state from another with the same
    parent. Two states are equal when they have the same setup and the same steps.
    """

    __slots__ = ("_hash",)

    _setup: _Setup
    _parent: LinkedState | None
    _hash: int  # set on the first hash()

    def _step(self) -> Hashable:
        """What this state adds to its parent; equal chains of steps are equal histories."""
        raise NotImplementedError

    def _chain(self: _State) -> list[_State]:
        """The states from the new game up to this one."""
        chain = []
        state: _State | None = self
        while state is not None:
            chain.append(state)
            state = state._parent  # type: ignore[assignment]  # the same class throughout
        chain.reverse()
        return chain

    def _check_seat(self, seat: object) -> int:
        """``seat`` if it is a seat of this game, else an :class:`InvalidSeatError`."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise InvalidSeatError(f"a seat is an int, got {type(seat).__name__} {seat!r}")
        players = self._setup.players
        if not 0 <= seat < players:
            raise InvalidSeatError(
                f"seat {seat} does not exist: this game has seats 0 to {players - 1}"
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
