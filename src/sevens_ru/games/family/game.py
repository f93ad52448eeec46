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

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from ...common._games import Game as Names
from ...common._games import not_a_state
from ...common._numbers import as_action, as_int
from ...common.cards import Card
from ...common.shuffle import fresh_seed
from ...errors import IllegalMoveError, InvalidDealError, InvalidOptionsError
from .deal import check_dealer, deal_hands, deal_seeded
from .events import Burst, Event, Pass, Play
from .moves import PASS, Move, PassMove
from .presets import Rules, rules_for
from .rows import playable
from .state import FamilyState, Setup

__all__ = [
    "Preset",
    "apply",
    "is_over",
    "legal_actions",
    "legal_mask",
    "legal_moves",
    "moves_of",
    "new_game",
    "replay",
]


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

    def rules(self, options: object) -> Rules:
        """The rules with ``options``."""
        return rules_for(self.name, options)

    def check(self, state: object, function: str) -> FamilyState:
        """``state`` if it is a state of this preset, else :class:`NotAGameStateError`."""
        if type(state) is not self.state_type:
            raise not_a_state(function, state, game=self.names)
        return state

    def options_of(self, options: object) -> Any:
        """``options``, or the default ones for ``None``, else :class:`InvalidOptionsError`."""
        if options is None:
            return self.options_type()
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
    """A state being built: its slots as plain, writable values."""

    __slots__ = (
        "burst",
        "cards",
        "centre",
        "events",
        "faults",
        "finished",
        "held",
        "may_pass",
        "passes",
        "rules",
        "seat",
        "setup",
        "streak",
        "table",
    )

    def __init__(self, state: FamilyState) -> None:
        self.setup = state._setup
        self.rules = state._setup.rules
        self.events: list[Event] = list(state._events)
        self.held = list(state._held)
        self.table = state._table
        self.seat = state._seat
        self.cards = state._cards
        self.may_pass = state._may_pass
        self.passes = list(state._passes)
        self.finished = list(state._finished)
        self.burst = list(state._burst)
        self.centre = state._centre
        self.streak = state._streak
        self.faults = list(state._faults)

    def freeze(self, cls: type[FamilyState]) -> FamilyState:
        state = object.__new__(cls)
        put = object.__setattr__
        put(state, "_setup", self.setup)
        put(state, "_events", tuple(self.events))
        put(state, "_held", tuple(self.held))
        put(state, "_table", self.table)
        put(state, "_seat", self.seat)
        put(state, "_cards", self.cards)
        put(state, "_may_pass", self.may_pass)
        put(state, "_passes", tuple(self.passes))
        put(state, "_finished", tuple(self.finished))
        put(state, "_burst", tuple(self.burst))
        put(state, "_centre", self.centre)
        put(state, "_streak", self.streak)
        put(state, "_faults", tuple(self.faults))
        return state

    def in_play(self, seat: int) -> bool:
        return bool(self.held[seat]) and seat not in self.burst

    def seats_in_play(self) -> int:
        return sum(1 for seat in range(len(self.held)) if self.in_play(seat))

    def next_in_play(self, seat: int) -> int | None:
        players = len(self.held)
        for step in range(1, players + 1):
            after = (seat + step) % players
            if self.in_play(after):
                return after
        return None

    def over(self) -> bool:
        rules = self.rules
        if not rules.to_end:
            return bool(self.finished)
        return self.seats_in_play() <= 1 or (rules.first_out_ends and bool(self.finished))

    def end(self) -> None:
        self.seat = None
        self.cards = 0
        self.may_pass = False

    def opening(self) -> int:
        """The opener card while it is not on the table (it alone may be played), else 0."""
        opener = self.rules.opener
        if opener is None:
            return 0
        bit = 1 << self.rules.pack.index(opener)
        return 0 if self.table & bit else bit

    def settle(self, seat: int | None) -> None:
        """Hand the turn to ``seat`` (in play) or on from it: the automations of F13 and N5."""
        rules = self.rules
        while seat is not None and not self.over():
            opening = self.opening()
            cards = self.held[seat] & (opening or playable(rules, self.table, self.centre))
            if rules.policy == "forced":
                if cards:
                    self._turn(seat, cards, False)
                    return
                self._pass(seat, automatic=True)
            elif rules.policy == "voluntary":
                guarded = self.streak >= self.seats_in_play() - 1 and bool(cards)
                self._turn(seat, cards, not opening and not guarded)
                return
            else:  # limited (N4, N5)
                left = self.passes[seat] < rules.limit
                if cards or left:
                    self._turn(seat, cards, left)
                    return
                hand = self.held[seat]
                self.events.append(Burst(seat, self.setup.cards(hand)))
                self.table |= hand
                self.held[seat] = 0
                self.burst.append(seat)
            seat = self.next_in_play(seat)
        self.end()

    def _turn(self, seat: int, cards: int, may_pass: bool) -> None:
        self.seat = seat
        self.cards = cards
        self.may_pass = may_pass

    def _pass(self, seat: int, *, automatic: bool) -> None:
        if not automatic and self.cards and self.rules.chips:  # T5: a pass while able
            self.faults.append((seat, self._payees(seat)))
        self.events.append(Pass(seat))
        self.passes[seat] += 1
        self.streak += 1

    def _payees(self, seat: int) -> tuple[int, ...]:
        """T5: for each seven ``seat`` holds, the other seats holding its six or its eight."""
        rules = self.rules
        centre = self.centre
        payees = []
        for line in rules.lines:
            if self.held[seat] & line[centre]:
                for neighbour in (line[centre - 1], line[centre + 1]):
                    payees += [
                        other
                        for other, hand in enumerate(self.held)
                        if other != seat and hand & neighbour
                    ]
        return tuple(sorted(payees))

    def play(self, card: Card, bit: int) -> None:
        seat: int = self.seat  # type: ignore[assignment]  # not over
        self.held[seat] ^= bit
        self.table |= bit
        self.events.append(Play(seat, card))
        self.streak = 0
        if self.centre < 0:  # DO2: the first card's rank is the start rank
            self.centre = self.rules.place(card.rank)
        if not self.held[seat]:
            self.finished.append(seat)
        self.settle(self.next_in_play(seat))

    def pass_turn(self) -> None:
        seat: int = self.seat  # type: ignore[assignment]  # not over
        self._pass(seat, automatic=False)
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
    setup = Setup(rules, count, seat_of_dealer, chosen, deal)
    held = deal
    table = 0
    centre = -1 if rules.centre is None else rules.place(rules.centre)
    if rules.layout:  # N2: the centre cards go to the table before play
        centres = sum(line[centre] for line in rules.lines)
        table = centres
        held = tuple(hand & ~centres for hand in deal)
    work = _Work.__new__(_Work)
    work.setup, work.rules, work.events, work.held, work.table = setup, rules, [], list(held), table
    work.passes, work.finished, work.burst, work.faults = [0] * count, [], [], []
    work.centre, work.streak, work.cards, work.may_pass = centre, 0, 0, False
    first = (seat_of_dealer + 1) % count
    if rules.first == "holder":
        first = _holder(deal, 1 << rules.pack.index(rules.opener))  # type: ignore[arg-type]
    elif rules.first == "laid":  # N3: the seat that laid 7♦
        first = _holder(deal, rules.lines[1][centre])
    work.settle(first if work.in_play(first) else work.next_in_play(first))
    return work.freeze(preset.state_type)


def _holder(deal: tuple[int, ...], bit: int) -> int:
    return next(seat for seat, hand in enumerate(deal) if hand & bit)


def legal_moves(preset: Preset, state: FamilyState) -> tuple[Move, ...]:
    """The moves of the seat to move (F14): its playable cards in the pack's order, then :data:`PASS`."""
    state = preset.check(state, "legal_moves")
    cards: tuple[Move, ...] = state._setup.rules.pack.cards_of(state._cards)
    return (*cards, PASS) if state._may_pass else cards


def legal_mask(preset: Preset, state: FamilyState) -> int:
    """The legal actions as an int: bit ``i`` for the card of action ``i``, bit ``len(pack)`` for :data:`PASS`."""
    state = preset.check(state, "legal_mask")
    return state._cards | (state._may_pass << len(state._setup.rules.pack))


def legal_actions(preset: Preset, state: FamilyState) -> tuple[int, ...]:
    """The legal actions' numbers, ascending."""
    mask = legal_mask(preset, state)
    return tuple(number for number in range(mask.bit_length()) if mask >> number & 1)


def is_over(preset: Preset, state: FamilyState) -> bool:
    """Whether the game is over."""
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
    state = preset.check(state, "apply")
    rules = state._setup.rules
    chosen = _move(rules, move)
    if state._seat is None:
        raise IllegalMoveError(f"cannot play {chosen}: the game is over")
    if chosen is PASS:
        if not state._may_pass:
            raise IllegalMoveError(_why_no_pass(state))
        work = _Work(state)
        work.pass_turn()
        return work.freeze(preset.state_type)
    card: Card = chosen
    bit = 1 << rules.pack.index(card) if card in rules.pack else 0
    if not bit & rules.cards_mask:
        raise IllegalMoveError(
            _illegal(state, card, f"it is not a card of the game ({rules.dealt.name}, F6)")
        )
    if not state._cards & bit:
        raise IllegalMoveError(_illegal(state, card, _why_not(state, card, bit)))
    work = _Work(state)
    work.play(card, bit)
    return work.freeze(preset.state_type)


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
    moves = state._setup.rules.pack.cards_of(state._cards)
    return " ".join([*map(str, moves), *(["pass"] if state._may_pass else [])]) or "none"


def _illegal(state: FamilyState, card: Card, reason: str) -> str:
    return f"seat {state._seat} cannot play {card}: {reason}; legal moves: {_legal_text(state)}"


def _why_not(state: FamilyState, card: Card, bit: int) -> str:
    rules = state._setup.rules
    if not state._held[state._seat] & bit:  # type: ignore[index]  # not over
        return f"{card} {'is on the table' if state._table & bit else 'is not in their hand'}"
    if rules.opener is not None and not state._table & (1 << rules.pack.index(rules.opener)):
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
    elif rules.opener is not None and not state._table & (1 << rules.pack.index(rules.opener)):
        reason = f"the first card, {rules.opener}, must be played (S3)"
    else:
        reason = "the last passes went round the table, and a seat that can play must (F13)"
    return f"seat {seat} cannot pass: {reason}; legal moves: {_legal_text(state)}"


def moves_of(state: FamilyState) -> tuple[str, ...]:
    """The moves that made ``state``, as text: its plays, and its passes unless they were automatic (F18)."""
    passes_are_moves = state._setup.rules.policy != "forced"
    return tuple(
        str(event.card) if type(event) is Play else "pass"
        for event in state._events
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
