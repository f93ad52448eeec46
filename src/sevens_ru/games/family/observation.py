"""What one seat may see of a family game (F17): its own hand and what is public, nothing else.

A view holds the seat's hand, the table, every seat's hand size, passes and status,
the seat to move and its legal moves (empty but for the viewer's turn), the dealer,
the history, and the preset's public extras: fan-tan's pool and chips paid (T9),
shichinarabe's laid sevens and passes left (N9), domino's start rank (DO6). It holds
no reference to the state. Other seats' cards never appear in it, not even after the
end. The outcome is public once the game is over (F17): then every view holds the
``ranking``, and fan-tan's its ``payoffs`` (T7), cinquillo's its ``scores`` (C5);
before the end they are ``None``.

>>> from sevens_ru import games
>>> game = games.get("shichinarabe")
>>> seen = game.view(game.new_game(4, seed=5), 0)
>>> type(seen).__name__, len(seen.hand), seen.passes_left, seen.status(0)
('ShichinarabeView', 12, (3, 3, 3, 3), 'in play')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Literal

import attrs

from ...common._numbers import as_int
from ...common._quote import excerpt
from ...common.cards import Card, Rank, Suit
from ...common.packs import FRENCH_52, RUSSIAN_36, SPANISH_40, Pack
from ...errors import InvalidSeatError
from .events import Event
from .game import Preset
from .moves import PASS, Move
from .presets import rules_for
from .scoring import Standing, payoffs, ranking, scores
from .state import FamilyState, row_of

__all__ = [
    "CinquilloView",
    "DominoView",
    "FamilyView",
    "FanTanView",
    "RussianView",
    "Sevens52View",
    "ShichinarabeView",
    "view",
]

Status = Literal["in play", "out", "burst"]
"""A seat's status (F17): in play, out (it played its last card), or burst (N5)."""


@attrs.frozen
class FamilyView:
    """One seat's view of a family game (F17). Immutable; built by the preset's ``view``.

    Its fields beyond ``seat`` and ``hand`` are the state's public facts of the same
    names (:func:`view` reads them by name); its outcome fields are ``None`` until the
    game is over.
    """

    game_name: ClassVar[str] = ""
    pack: ClassVar[Pack]

    seat: int
    """The seat that sees."""
    hand: tuple[Card, ...]
    """The seat's own cards, in canonical order (F5)."""
    dealer: int
    """The dealer (F7)."""
    players: int
    """The number of seats."""
    table: frozenset[Card]
    """The cards on the table."""
    options: Any
    """The preset's options."""
    current_player: int | None
    """The seat to move, or ``None`` once the game is over."""
    hand_sizes: tuple[int, ...]
    """How many cards every seat holds."""
    history: tuple[Event, ...]
    """Every play, pass and burst so far, oldest first."""
    passes: tuple[int, ...]
    """How many times every seat has passed."""
    finished: tuple[int, ...]
    """The seats out, in the order they went out (the first is the winner, once over)."""
    burst: tuple[int, ...]
    """The seats that burst, in that order (N5)."""
    ranking: tuple[Standing, ...] | None
    """The final standings once the game is over (F16, public then: F17), else ``None``."""
    _offered: tuple[Move, ...]
    _centre: int

    @property
    def is_over(self) -> bool:
        """Whether the game is over."""
        return self.current_player is None

    def status(self, seat: int) -> Status:
        """``seat``'s status (F17): ``"in play"``, ``"out"`` or ``"burst"``."""
        if seat in self.burst:
            return "burst"
        return "out" if seat in self.finished else "in play"

    def row(self, suit: Suit) -> tuple[Rank, Rank] | None:
        """The lowest and highest rank of ``suit``'s row (F10), or ``None`` while it is not open."""
        rules = rules_for(self.game_name, self.options)
        return row_of(rules, self.table_mask, self._centre, suit)

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves this seat may make now: empty unless it is this seat's turn."""
        return self._offered

    def legal_mask(self) -> int:
        """:meth:`legal_moves` as an int: bit ``i`` for the card of action ``i``, bit ``len(pack)`` for pass."""
        pack = type(self).pack
        return sum(1 << (len(pack) if move is PASS else pack.index(move)) for move in self._offered)

    def legal_actions(self) -> tuple[int, ...]:
        """The action numbers of :meth:`legal_moves`, ascending."""
        mask = self.legal_mask()
        return tuple(number for number in range(mask.bit_length()) if mask >> number & 1)

    def hand_mask(self, seat: int) -> int:
        """The seat's own cards as a card set of the game's pack; a view shows no other hand.

        Raises:
            InvalidSeatError: ``seat`` is not the view's own seat.
        """
        if as_int(seat) == self.seat:
            return type(self).pack.mask_of(self.hand)
        message = f"the view of seat {self.seat} shows only the hand of seat {self.seat}"
        raise InvalidSeatError(f"{message}, not of seat {excerpt(seat)} (F17)")

    @property
    def table_mask(self) -> int:
        """The cards on the table, as a card set of the game's pack."""
        return type(self).pack.mask_of(self.table)

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows (:func:`sevens_ru.svg.position`)."""
        from ...svg import position  # drawn on demand: the rules never need it

        return position(self)


@attrs.frozen
class Sevens52View(FamilyView):
    """A view of sevens-52: no extras beyond F17 (S9)."""

    game_name = "sevens-52"
    pack = FRENCH_52


@attrs.frozen
class FanTanView(FamilyView):
    """A view of fan-tan, with the pool and the chips each seat has paid (T9)."""

    game_name = "fan-tan"
    pack = FRENCH_52
    pool: int = 0
    """The chips in the pool: the antes and the passes' cost (T11 iii)."""
    paid: tuple[int, ...] = ()
    """Each seat's chips paid so far: its ante and its passes (fines are not shown, T9)."""
    payoffs: tuple[int, ...] | None = None
    """Each seat's net chips once the deal is over (T7, public then: F17), else ``None``."""


@attrs.frozen
class ShichinarabeView(FamilyView):
    """A view of shichinarabe, with the laid sevens and the passes left (N9)."""

    game_name = "shichinarabe"
    pack = FRENCH_52
    laid: tuple[tuple[Card, ...], ...] = ()
    """The sevens each seat laid out (N2)."""
    passes_left: tuple[int, ...] = ()
    """The passes each seat may still make (N4)."""


@attrs.frozen
class DominoView(FamilyView):
    """A view of domino, with the start rank (DO6)."""

    game_name = "domino"
    pack = FRENCH_52
    start_rank: Rank | None = None
    """The rank of the first card (DO2), ``None`` before it."""


@attrs.frozen
class CinquilloView(FamilyView):
    """A view of cinquillo, with the scores once over (C5)."""

    game_name = "cinquillo"
    pack = SPANISH_40
    scores: tuple[int, ...] | None = None
    """Each seat's score once the game is over (C5, public then: F17), else ``None``."""


@attrs.frozen
class RussianView(FamilyView):
    """A view of Russian Sevens played by the family's engine (not registered)."""

    game_name = "sevens"
    pack = RUSSIAN_36


_OWN = frozenset({"seat", "hand", "_offered", "_centre"})
_OUTCOME: dict[str, Callable[[Preset, FamilyState], Any]] = {
    "ranking": ranking,
    "payoffs": payoffs,
    "scores": scores,
}


_FIELDS: dict[type[FamilyView], tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _fields(view_type: type[FamilyView]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The fields of ``view_type`` that are the state's public facts of the same name, and its outcome."""
    found = _FIELDS.get(view_type)
    if found is None:
        names = [field.name for field in attrs.fields(view_type)]
        public = tuple(name for name in names if name not in _OWN and name not in _OUTCOME)
        found = _FIELDS[view_type] = public, tuple(name for name in names if name in _OUTCOME)
    return found


def view(
    preset: Preset, view_type: type[FamilyView], state: FamilyState, seat: object
) -> FamilyView:
    """What ``seat`` may see of ``state`` (F17).

    Raises:
        InvalidSeatError: ``seat`` is not a seat of this game.
        NotAGameStateError: ``state`` is not a state of this preset.
    """
    state = preset.check(state, "view")
    number = state._check_seat(seat)
    from .game import legal_moves  # the same moves the state lists

    public, outcome = _fields(view_type)
    facts: dict[str, Any] = {name: getattr(state, name) for name in public}
    over = state._seat is None
    for name in outcome:  # F17: public once the game is over
        facts[name] = _OUTCOME[name](preset, state) if over else None
    return view_type(
        seat=number,
        hand=state.hand(number),
        offered=legal_moves(preset, state) if number == state._seat else (),
        centre=state._centre,
        **facts,
    )
