"""The rules of play of the whole family (F7–F15, S3–S6, T3–T5, N2–N8, DO2–DO4, C3–C4).

One engine serves every preset: each function takes the :class:`Preset` it plays, and
each preset's :class:`~sevens_ru.games.Game` binds it (``sevens_ru.games.family.definition``).

What the engine does by itself, inside the ``new_game`` or ``apply`` that hands the
turn on (its automations):

- under the forced policy, a seat in play with no playable card passes: the engine
  records ``Pass(seat)`` and goes on (F13);
- under the limited policy, a seat with no pass left and no playable card bursts:
  the engine records ``Burst(seat, cards)`` and lays its cards out (N5, N6);
- seats out of play (no cards, or burst) are skipped, and no pass is recorded for
  them (F9); the game ends as the preset says (S6, N8).

>>> from sevens_ru import games
>>> sevens = games.get("sevens-52")
>>> state = sevens.new_game(4, seed=12)
>>> state.current_player, sevens.legal_moves(state)
(1, (Card.parse('7♦'),))
>>> state = sevens.apply(state, "7♦")
>>> state.history[:2]
(Play(seat=1, card=Card.parse('7♦')), Pass(seat=2))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from ...common._games import Game as Names
from ...common._games import not_a_state
from ...common._numbers import as_action, as_int
from ...common.cards import Card
from ...common.shuffle import fresh_seed
from ...errors import IllegalMoveError, InvalidDealError, InvalidOptionsError
from .deal import check_dealer, deal_hands, deal_seeded
from .events import Pass, Play
from .kernels import core
from .moves import PASS, Move, PassMove
from .presets import Rules, rules_for
from .rows import playable
from .state import BLANK, FamilyState, Setup, first_seat

__all__ = [
    "Preset",
    "apply",
    "bound",
    "is_over",
    "legal_actions",
    "legal_mask",
    "legal_moves",
    "moves_of",
    "new_game",
    "replay",
    "start",
]

# The compiled core's functions (games/family/_kernels.c), which give None for what they
# leave to the Python path; None with the pure-Python engine.
_fast_family_start = None if core is None else core.family_start
_fast_family_apply = None if core is None else core.family_apply
_fast_family_legal_moves = None if core is None else core.family_legal_moves
_fast_family_legal_actions = None if core is None else core.family_legal_actions


@attrs.frozen
class Preset:
    """One preset of the engine: its name, its options and state classes, and its names in messages."""

    name: str
    """The preset's name, the ``"game"`` of its records."""
    options_type: type
    """Its options class."""
    state_type: type[FamilyState]
    """Its state class."""
    names: Names
    """How messages name it."""
    default_options: Any = attrs.field(init=False, eq=False, repr=False)
    """The default options, made once."""
    default_rules: Rules = attrs.field(init=False, eq=False, repr=False)
    """The rules with the default options."""

    def __attrs_post_init__(self) -> None:
        options = self.options_type()
        object.__setattr__(self, "default_options", options)
        object.__setattr__(self, "default_rules", rules_for(self.name, options))

    def rules(self, options: object) -> Rules:
        """The rules with ``options``."""
        if options is self.default_options:
            return self.default_rules
        return rules_for(self.name, options)

    def check(self, state: object, function: str) -> FamilyState:
        """``state`` if it is a state of this preset, else :class:`NotAGameStateError`."""
        if type(state) is not self.state_type:
            raise not_a_state(function, state, game=self.names)
        return state

    def options_of(self, options: object) -> Any:
        """``options``, or the default ones for ``None``, else :class:`InvalidOptionsError`."""
        if options is None:
            return self.default_options
        if type(options) is not self.options_type:
            raise InvalidOptionsError(
                f"options must be a {self.options_type.__name__}, got {type(options).__name__}"
            )
        return options


PRESETS: dict[str, Preset] = {}
"""Every preset of the engine by name, the Russian configuration's ``"sevens"`` included."""


def preset(name: str, options_type: type, state_type: type[FamilyState], names: Names) -> Preset:
    """Make the preset and keep it in :data:`PRESETS`."""
    made = PRESETS[name] = Preset(name, options_type, state_type, names)
    return made


class _Work:
    """A state being built by the pure-Python engine: its slots as plain, writable values.

    It is the reference the compiled core follows step by step (``_kernels.c``).
    """

    __slots__ = (
        "burst",
        "centre",
        "deal",
        "faults",
        "finished",
        "moves",
        "passes",
        "rules",
        "setup",
        "streak",
        "table",
        "turn",
    )

    setup: Setup
    rules: Rules
    deal: tuple[int, ...]
    table: int
    turn: int | None
    moves: int
    passes: list[int]
    finished: list[int]
    burst: list[int]
    centre: int
    streak: int
    faults: list[tuple[int, tuple[int, ...]]]

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.rules = setup.rules
        self.deal = setup.deal

    @classmethod
    def of(cls, state: FamilyState) -> _Work:
        """The work on ``state``'s slots."""
        work = cls(state._setup)
        work.table = state._table
        work.turn = state._seat
        work.moves = state._actions
        work.passes = list(state._passes)
        work.finished = list(state._finished)
        work.burst = list(state._burst)
        work.centre = state._centre
        work.streak = state._streak
        work.faults = list(state._faults)
        return work

    def freeze(self, cls: type[FamilyState], parent: FamilyState | None) -> FamilyState:
        """The state of these values, of the preset class ``cls``, after ``parent``."""
        state = BLANK[cls]()  # writable until its class is cls (sevens_ru.common._linked)
        state._setup = self.setup
        state._parent = parent
        state._table = self.table
        state._seat = self.turn
        state._actions = self.moves
        state._passes = tuple(self.passes)
        state._finished = tuple(self.finished)
        state._burst = tuple(self.burst)
        state._centre = self.centre
        state._streak = self.streak
        state._faults = tuple(self.faults)
        state.__class__ = cls
        return state

    def hand(self, seat: int) -> int:
        """The cards ``seat`` holds: its dealt cards not on the table."""
        return self.deal[seat] & ~self.table

    def seats_in_play(self) -> int:
        return sum(1 for hand in self.deal if hand & ~self.table != 0)

    def next_in_play(self, seat: int) -> int | None:
        """The next seat after ``seat`` in turn order that is in play (F9), or ``None``."""
        players = len(self.deal)
        for step in range(1, players + 1):
            after = (seat + step) % players
            if self.hand(after):
                return after
        return None

    def over(self) -> bool:
        rules = self.rules
        if not rules.to_end:
            return bool(self.finished)
        return self.seats_in_play() <= 1 or (rules.first_out_ends and bool(self.finished))

    def settle(self, seat: int | None) -> None:
        """Hand the turn to ``seat`` (in play) or on from it: the automations of F13 and N5."""
        rules = self.rules
        while seat is not None and not self.over():
            opening = rules.opening_bit & ~self.table  # S3, C3, R7: it alone while not down
            hand = self.hand(seat)
            cards = hand & (opening or playable(rules, self.table, self.centre))
            if rules.policy == "forced":
                if cards:
                    self.give_turn(seat, cards, False)
                    return
                self.passes[seat] += 1  # the engine's pass (F13)
                self.streak += 1
            elif rules.policy == "voluntary":
                guarded = self.streak >= self.seats_in_play() - 1 and bool(cards)
                self.give_turn(seat, cards, not opening and not guarded)
                return
            else:  # limited (N4, N5)
                left = self.passes[seat] < rules.limit
                if cards or left:
                    self.give_turn(seat, cards, left)
                    return
                self.table |= hand  # N5, N6: the burst seat's cards go to the table
                self.burst.append(seat)
            seat = self.next_in_play(seat)
        self.turn = None
        self.moves = 0

    def give_turn(self, seat: int, cards: int, may_pass: bool) -> None:
        self.turn = seat
        self.moves = cards | may_pass << len(self.rules.pack)

    def payees(self, seat: int) -> tuple[int, ...]:
        """T5: for each centre card ``seat`` holds, the other seats holding a card next to it."""
        centre = self.centre
        hand = self.hand(seat)
        payees = []
        for line in self.rules.lines:
            if hand & line[centre]:
                for neighbour in (line[centre - 1], line[centre + 1]):
                    payees += [
                        other
                        for other in range(len(self.deal))
                        if other != seat and self.hand(other) & neighbour
                    ]
        return tuple(sorted(payees))

    def play(self, bit: int) -> None:
        """The seat to move plays the card ``bit`` (legal), then the automations run."""
        seat: int = self.turn  # type: ignore[assignment]  # not over
        self.table |= bit
        self.streak = 0
        if self.centre < 0:  # DO2: the first card's rank is the start rank
            self.centre = self.rules.place(self.rules.pack.cards[bit.bit_length() - 1].rank)
        if not self.hand(seat):
            self.finished.append(seat)
        self.settle(self.next_in_play(seat))

    def pass_turn(self) -> None:
        """The seat to move passes (a legal move), then the automations run."""
        seat: int = self.turn  # type: ignore[assignment]  # not over
        if self.rules.chips and self.moves & ~(1 << len(self.rules.pack)):  # T5: while able
            self.faults.append((seat, self.payees(seat)))
        self.passes[seat] += 1
        self.streak += 1
        self.settle(self.next_in_play(seat))


def new_game(
    preset: Preset,
    players: object = 4,
    *,
    dealer: object = None,
    seed: object = None,
    hands: Sequence[Iterable[Card | str]] | None = None,
    options: object = None,
) -> FamilyState:
    """Deal a new game of ``preset`` (F7, F8) and play the automations up to the first move.

    Raises:
        InvalidDealError: a bad seat count or dealer, a bad seed or deal, or both
            ``seed`` and ``hands``.
        InvalidOptionsError: ``options`` is not the preset's options class.
    """
    chosen = preset.options_of(options)
    rules = preset.rules(chosen)
    count = as_int(players)
    if count is None or not rules.min_players <= count <= rules.max_players:
        raise InvalidDealError(
            f"{preset.names.title} with these options is for {rules.min_players} to "
            f"{rules.max_players} players, got {players!r}"[:200]
        )
    seat_of_dealer = check_dealer(dealer, count)
    if hands is not None:
        if seed is not None:
            raise InvalidDealError("give either a seed or explicit hands, not both")
        deal = deal_hands(rules, count, seat_of_dealer, hands)
    else:
        deal = deal_seeded(rules, count, seat_of_dealer, fresh_seed() if seed is None else seed)
    return start(preset.state_type, Setup(rules, count, seat_of_dealer, chosen, deal))


def start(state_type: type[FamilyState], setup: Setup) -> FamilyState:
    """The new game of ``setup``: its table before play (N2) and the automations up to the first move."""
    if _fast_family_start is not None:  # the compiled core; None: a case for the Python path
        state = _fast_family_start(state_type, setup)
        if state is not None:
            return state
    rules = setup.rules
    work = _Work(setup)
    work.table = rules.centres if rules.layout else 0  # N2: the centres go to the table
    work.passes, work.finished, work.burst, work.faults = [0] * setup.players, [], [], []
    work.centre, work.streak, work.turn, work.moves = rules.centre_place, 0, None, 0
    first = first_seat(setup)
    work.settle(first if work.hand(first) else work.next_in_play(first))
    return work.freeze(state_type, None)


def legal_moves(preset: Preset, state: FamilyState) -> tuple[Move, ...]:
    """The moves of the seat to move (F14): its playable cards in the pack's order, then :data:`PASS`."""
    if _fast_family_legal_moves is not None:  # the compiled core; None: the Python path
        found = _fast_family_legal_moves(preset.state_type, state)
        if found is not None:
            return found
    state = preset.check(state, "legal_moves")
    pack = state._setup.rules.pack
    moves = state._actions
    cards: tuple[Move, ...] = pack.cards_of(moves & pack.full_mask)
    return (*cards, PASS) if moves >> len(pack) else cards


def bound(preset: Preset) -> dict[str, Callable[..., Any]]:
    """The move functions of ``preset``'s :class:`~sevens_ru.games.Game`, each bound to it.

    ``apply``, ``legal_moves`` and ``legal_actions`` call the compiled core directly,
    without the module function's call: the closure's own is the only one in a move's
    path: 6 % fewer instructions per game of sevens-52's api workload (benchmarks/run.py,
    counted by callgrind) than ``functools.partial`` of the module functions, 2026-12-02.
    """
    kind = preset.state_type

    def apply_move(state: FamilyState, move: object) -> FamilyState:
        if _fast_family_apply is not None:
            new = _fast_family_apply(kind, state, move)
            if new is not None:
                return new
        return _apply(preset, state, move)

    def legal_moves_of(state: FamilyState) -> tuple[Move, ...]:
        if _fast_family_legal_moves is not None:
            found = _fast_family_legal_moves(kind, state)
            if found is not None:
                return found
        return legal_moves(preset, state)

    def legal_actions_of(state: FamilyState) -> tuple[int, ...]:
        if _fast_family_legal_actions is not None:
            found = _fast_family_legal_actions(kind, state)
            if found is not None:
                return found
        return legal_actions(preset, state)

    def legal_mask_of(state: FamilyState) -> int:
        return state._actions if type(state) is kind else legal_mask(preset, state)

    def is_over_of(state: FamilyState) -> bool:
        return state._seat is None if type(state) is kind else is_over(preset, state)

    return {
        "apply": apply_move,
        "legal_moves": legal_moves_of,
        "legal_actions": legal_actions_of,
        "legal_mask": legal_mask_of,
        "is_over": is_over_of,
    }


def legal_mask(preset: Preset, state: FamilyState) -> int:
    """The legal actions as an int: bit ``i`` for the card of action ``i``, bit ``len(pack)`` for :data:`PASS`."""
    if type(state) is preset.state_type:
        return state._actions
    return preset.check(state, "legal_mask")._actions


def legal_actions(preset: Preset, state: FamilyState) -> tuple[int, ...]:
    """The legal actions' numbers, ascending."""
    if _fast_family_legal_actions is not None:  # the compiled core; None: the Python path
        actions = _fast_family_legal_actions(preset.state_type, state)
        if actions is not None:
            return actions
    mask = legal_mask(preset, state)
    return tuple(number for number in range(mask.bit_length()) if mask >> number & 1)


def is_over(preset: Preset, state: FamilyState) -> bool:
    """Whether the game is over."""
    if type(state) is preset.state_type:
        return state._seat is None
    return preset.check(state, "is_over")._seat is None


def apply(preset: Preset, state: FamilyState, move: object) -> FamilyState:
    """The state after the current player's ``move``: a card, :data:`PASS`, their text, or an action number.

    ``state`` is left as it was; the automations run inside (see the module).

    Raises:
        IllegalMoveError: the move is not legal now (the message names the seat, the
            rule and the legal moves), or the game is over.
        CardParseError: text that is neither a card nor ``"pass"``.
        InvalidMoveError: a number that is no action.
    """
    if _fast_family_apply is not None:  # the compiled core; None: a case for the Python path
        new = _fast_family_apply(preset.state_type, state, move)
        if new is not None:
            return new
    return _apply(preset, state, move)


def _apply(preset: Preset, state: FamilyState, move: object) -> FamilyState:
    """:func:`apply` in Python: every check and message, and the move of a text."""
    state = preset.check(state, "apply")
    rules = state._setup.rules
    chosen = _move(rules, move)
    if state._seat is None:
        raise IllegalMoveError(f"cannot play {chosen}: the game is over")
    if chosen is PASS:
        if not state._actions >> len(rules.pack):
            raise IllegalMoveError(_why_no_pass(state))
        bit = 0
    else:
        card: Card = chosen
        bit = 1 << rules.pack.index(card) if card in rules.pack else 0
        if not bit & rules.cards_mask:
            raise IllegalMoveError(
                _illegal(state, card, f"it is not a card of the game ({rules.dealt.name}, F6)")
            )
        if not state._actions & bit:
            raise IllegalMoveError(_illegal(state, card, _why_not(state, card, bit)))
    if _fast_family_apply is not None:  # text, now read: the compiled core plays it
        new = _fast_family_apply(preset.state_type, state, chosen)
        if new is not None:
            return new
    work = _Work.of(state)
    if bit:
        work.play(bit)
    else:
        work.pass_turn()
    return work.freeze(preset.state_type, state)


def _move(rules: Rules, move: object) -> Move:
    if isinstance(move, (Card, PassMove)):
        return move
    if isinstance(move, str):
        return PASS if move.strip().lower() == "pass" else Card.parse(move)
    count = len(rules.pack)
    number = as_action(
        move, count + 1, "this game", f", one per card of the pack and {count} for pass"
    )
    return PASS if number == count else rules.pack.cards[number]


def _legal_text(state: FamilyState) -> str:
    pack = state._setup.rules.pack
    moves = pack.cards_of(state._actions & pack.full_mask)
    passes = ["pass"] if state._actions >> len(pack) else []
    return " ".join([*map(str, moves), *passes]) or "none"


def _illegal(state: FamilyState, card: Card, reason: str) -> str:
    return f"seat {state._seat} cannot play {card}: {reason}; legal moves: {_legal_text(state)}"


def _why_not(state: FamilyState, card: Card, bit: int) -> str:
    rules = state._setup.rules
    if not state._setup.deal[state._seat] & ~state._table & bit:  # type: ignore[index]  # not over
        return f"{card} {'is on the table' if state._table & bit else 'is not in their hand'}"
    if rules.opening_bit & ~state._table:
        return f"the first card of the game must be {rules.opener}"
    row = state.row(card.suit)
    if row is None:
        centre = rules.order[state._centre]
        return f"the {card.suit} row is not open: it opens with {centre.label()}{card.suit} (F11)"
    low, high = (f"{rank.label()}{card.suit}" for rank in row)
    return f"it is not next to an end of the {card.suit} row {low}–{high} (F11)"


def _why_no_pass(state: FamilyState) -> str:
    rules = state._setup.rules
    seat = state._seat
    if rules.policy == "forced":
        reason = "passes are made by the engine, for a seat with no playable card (F13)"
    elif rules.policy == "limited":
        reason = f"it has made its {rules.limit} passes and must play (N4)"
    elif rules.opening_bit & ~state._table:
        reason = f"the first card, {rules.opener}, must be played (S3)"
    else:
        reason = "the last passes went round the table, and a seat that can play must (F13)"
    return f"seat {seat} cannot pass: {reason}; legal moves: {_legal_text(state)}"


def moves_of(state: FamilyState) -> tuple[str, ...]:
    """The moves that made ``state``, as text: its plays, and its passes unless they were automatic (F18)."""
    passes_are_moves = state._setup.rules.policy != "forced"
    return tuple(
        str(event.card) if type(event) is Play else "pass"
        for event in state.history
        if type(event) is Play or (passes_are_moves and type(event) is Pass)
    )


def replay(
    name: str, players: object, dealer: object, options: object, deal: object, moves: object
) -> FamilyState:
    """The state that ``moves`` make from a deal of the preset ``name``, every move checked."""
    found = PRESETS[name]
    state = new_game(found, players, dealer=dealer, hands=deal, options=options)  # type: ignore[arg-type]
    for move in moves:  # type: ignore[attr-defined]  # a tuple of move texts
        state = apply(found, state, move)
    return state
