"""What one seat can infer about the hidden hands of a family game (F15, F17), and exact sampling.

A view (F17) shows the seat's own hand, the table, every seat's hand size and the
history. The other seats hold the *unseen* cards between them, and the passes tell more
(F15):

- a *forced* pass proves that the passer held no card playable at that moment, and since
  hands only shrink, it holds none of those cards later either;
- a *voluntary* pass proves nothing, except a pass under the guard (the last m−1 events
  all passes, F13), which proves what a forced pass does;
- a *limited* pass (shichinarabe, N4) proves nothing;
- a burst (N5) shows the seat's whole hand, and those cards are on the table.

The seat to move tells a little more: under the forced policy it holds a playable card
(else it would have passed), before the first card it holds the opener (S3, C3), and
under the limited policy a seat with no pass left holds a playable card (else it would
have burst). The deals consistent with all this are counted and drawn exactly uniformly
by the shared :class:`~sevens_ru.common._deals.Deals`, with no rejection loop.

>>> import random
>>> from sevens_ru import Card, games
>>> from sevens_ru.games.family.inference import possible_holders, sample_hands
>>> game = games.get("sevens-52")
>>> state = game.apply(game.new_game(4, seed=1), game.legal_moves(game.new_game(4, seed=1))[0])
>>> seen = game.view(state, 0)
>>> holders = possible_holders(seen)
>>> len(holders) == 52 - len(seen.table) - len(seen.hand)
True
>>> hands = sample_hands(seen, random.Random(1))
>>> hands[0] == seen.hand, [len(hand) for hand in hands] == list(seen.hand_sizes)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType

import attrs

from ...common._deals import Deals, check_hand_size, seats_of
from ...common._numbers import as_int
from ...common._quote import excerpt
from ...common.cards import Card
from ...errors import InconsistentViewError, NotAGameStateError, WrongTypeError
from .events import Burst, Pass, Play
from .game import PRESETS, apply, start
from .observation import FamilyView
from .presets import Rules, rules_for
from .rows import playable
from .state import FamilyState, Setup

__all__ = ["possible_holders", "sample_hands", "sample_state", "state_sampler"]


@attrs.frozen
class _Facts:
    """What a view proves about the hidden cards, as card sets of the preset's pack."""

    rules: Rules
    seats: tuple[int, ...]  # the other seats, in seat order
    sizes: tuple[int, ...]  # their hand sizes, in the same order
    unseen: int  # the cards they hold between them
    allowed: tuple[int, ...]  # per other seat: the unseen cards it may hold (F15)
    must: tuple[int, int] | None  # (position in seats, card set): holds one of them
    played: tuple[int, ...]  # per seat: the cards it played or laid out (N2) or burst with


def _facts(view: object) -> _Facts:
    """Check ``view`` and read off what it proves (F15)."""
    if not isinstance(view, FamilyView) or view.game_name not in PRESETS:
        raise NotAGameStateError(
            "the layout family's inference takes a view of a family preset from "
            f"game.view(state, seat), got {type(view).__name__}"
        )
    rules = rules_for(view.game_name, view.options)
    players, seat = seats_of(view, rules.min_players, rules.max_players, "F1")
    if not isinstance(view.hand_sizes, tuple) or len(view.hand_sizes) != players:
        raise InconsistentViewError(f"view.hand_sizes needs one entry per seat ({players})")
    check_hand_size(view, seat)
    hand = _mask(rules, view.hand, "view.hand")
    table = _mask(rules, view.table, "view.table")
    if len(view.hand) != hand.bit_count() or hand & table:
        raise InconsistentViewError("view.hand holds a card twice or a card on the table")
    excluded, played, live, passes = _replay(view, rules)
    if table != live[0]:
        raise InconsistentViewError(
            "view.table is not the cards laid out and played in view.history"
        )
    if hand & excluded[seat]:
        raise InconsistentViewError(f"seat {seat} passed while it held a card playable then (F15)")
    seats = tuple(other for other in range(players) if other != seat)
    unseen = rules.cards_mask & ~hand & ~table
    sizes = tuple(as_int(view.hand_sizes[other]) or 0 for other in seats)
    if sum(sizes) != unseen.bit_count():
        raise InconsistentViewError(
            f"the other seats hold {sum(sizes)} cards by view.hand_sizes, but "
            f"{unseen.bit_count()} cards are unseen"
        )
    allowed = tuple(unseen & ~excluded[other] for other in seats)
    must = _must(view, rules, live[1], passes)
    return _Facts(
        rules,
        seats,
        sizes,
        unseen,
        allowed,
        None if must is None else (seats.index(must[0]), must[1] & unseen),
        played,
    )


def _mask(rules: Rules, cards: object, name: str) -> int:
    if not isinstance(cards, (tuple, frozenset)) or not all(
        isinstance(card, Card) and card in rules.pack for card in cards
    ):
        raise InconsistentViewError(f"{name} must be a collection of cards of the game's pack")
    return rules.pack.mask_of(cards)


def _replay(
    view: FamilyView, rules: Rules
) -> tuple[list[int], tuple[int, ...], tuple[int, int], list[int]]:
    """Replay the history's public side: per seat the cards it cannot hold (F15).

    Gives those, the cards each seat played (or laid out, or burst with), the table at the
    end with the cards playable on it then, and each seat's passes.
    """
    players = view.players
    centre = -1 if rules.centre is None else rules.place(rules.centre)
    played = [0] * players
    if rules.layout:  # N2: the centre cards are on the table from the start
        for seat, cards in enumerate(getattr(view, "laid", ())):
            played[seat] |= _mask(rules, cards, "view.laid")
    table = sum(line[centre] for line in rules.lines) if rules.layout else 0
    left = list(view.hand_sizes)
    for number, event in enumerate(view.history):
        if not isinstance(event, (Play, Pass, Burst)) or as_int(event.seat) not in range(players):
            raise InconsistentViewError(
                f"history[{number}] is not an event of a seat: {excerpt(event)}"
            )
        if isinstance(event, Play):
            left[event.seat] += 1
        elif isinstance(event, Burst):
            left[event.seat] += len(event.cards)
    excluded = [0] * players
    passes = [0] * players
    burst: set[int] = set()
    streak = 0
    for number, event in enumerate(view.history):
        live = _live(rules, table, centre)
        who = event.seat
        if isinstance(event, Pass):
            in_play = sum(1 for seat in range(players) if left[seat] and seat not in burst)
            if rules.policy == "forced" or (rules.policy == "voluntary" and streak >= in_play - 1):
                excluded[who] |= live  # F15: none of these, then or later
            passes[who] += 1
            streak += 1
            continue
        cards = (event.card,) if isinstance(event, Play) else event.cards
        bits = _mask(rules, tuple(cards), f"history[{number}]'s cards")
        if bits & (table | excluded[who]):
            raise InconsistentViewError(
                f"history[{number}]: seat {who} shows a card on the table or one it could "
                "not hold after its passes (F15)"
            )
        table |= bits
        played[who] |= bits
        if isinstance(event, Burst):
            burst.add(who)
            left[who] = 0
        else:
            if centre < 0:  # DO2: the first card's rank is the start rank
                centre = rules.place(event.card.rank)
            left[who] -= 1
            streak = 0
    return excluded, tuple(played), (table, _live(rules, table, centre)), passes


def _live(rules: Rules, table: int, centre: int) -> int:
    """The cards a seat could play on ``table``: the opener alone until it is down (S3, C3)."""
    if rules.opener is not None:
        bit = 1 << rules.pack.index(rules.opener)
        if not table & bit:
            return bit
    return playable(rules, table, centre)


def _must(view: FamilyView, rules: Rules, live: int, passes: list[int]) -> tuple[int, int] | None:
    """The seat to move and a card set it must hold one card of, where the rules prove one."""
    turn = view.current_player
    if turn is None or turn == view.seat:
        return None
    opening = rules.opener is not None and live == 1 << rules.pack.index(rules.opener)
    if rules.policy == "forced" or (rules.policy == "voluntary" and opening):
        return turn, live  # else it would have passed (F13), or the opener's holder moves
    if rules.policy == "limited" and passes[turn] >= rules.limit:
        return turn, live  # else it would have burst (N5)
    return None


class _Inference:
    """The consistent deals of one view, counted once and then drawn from."""

    __slots__ = ("deals", "facts", "view")

    def __init__(self, view: object) -> None:
        self.facts = facts = _facts(view)
        self.view: FamilyView = view  # type: ignore[assignment]  # checked by _facts
        self.deals = Deals(facts.allowed, facts.sizes, facts.unseen, facts.must)
        if not self.deals.count:
            raise InconsistentViewError(
                "no deal of the unseen cards fits the view: the hand sizes and the passes "
                "contradict each other (F15)"
            )

    def masks(self, rng: object) -> tuple[int, ...]:
        if not isinstance(rng, random.Random):
            raise WrongTypeError(f"expected a random.Random, got {type(rng).__name__}")
        drawn = self.deals.sample(rng)
        hands = [0] * self.view.players
        hands[self.view.seat] = self.facts.rules.pack.mask_of(self.view.hand)
        for position, other in enumerate(self.facts.seats):
            hands[other] = drawn[position]
        return tuple(hands)

    def cards(self, mask: int) -> tuple[Card, ...]:
        rules = self.facts.rules
        cards = rules.pack.cards_of(mask)
        return cards if rules.listing is rules.pack else rules.listing.sorted(cards)


def possible_holders(view: FamilyView) -> Mapping[Card, frozenset[int]]:
    """For every card ``view``'s seat has not seen, the other seats that may hold it (F15).

    A seat may hold a card when some deal consistent with the view (hand sizes, cards
    seen, what every pass proves, the seat to move) gives it that card.

    Raises:
        NotAGameStateError: ``view`` is not a view of a family preset.
        InconsistentViewError: no game can produce ``view`` (only for hand-built views).
    """
    inference = _Inference(view)
    seats = inference.facts.seats
    pack = inference.facts.rules.pack
    return MappingProxyType(
        {
            pack.cards[index]: frozenset(seats[position] for position in positions)
            for index, positions in inference.deals.holders().items()
        }
    )


def sample_hands(view: FamilyView, rng: random.Random) -> tuple[tuple[Card, ...], ...]:
    """The current hands, drawn exactly uniformly among the deals ``view`` allows (F15).

    A tuple per seat in canonical order (F5); the viewer's own hand is as it is.

    Raises:
        NotAGameStateError: ``view`` is not a view of a family preset.
        WrongTypeError: ``rng`` is not a ``random.Random``.
        InconsistentViewError: no deal fits the view (only for hand-built views).
    """
    inference = _Inference(view)
    return tuple(inference.cards(mask) for mask in inference.masks(rng))


def sample_state(view: FamilyView, rng: random.Random) -> FamilyState:
    """A whole game state with ``view``'s history and the hidden hands drawn as :func:`sample_hands` draws them.

    The deal is the drawn hands with the cards each seat played, laid out or burst with,
    replayed move by move, so ``game.view(state, view.seat) == view``.

    >>> import random
    >>> from sevens_ru import games
    >>> from sevens_ru.games.family.inference import sample_state
    >>> game = games.get("shichinarabe")
    >>> real = game.apply(game.new_game(4, seed=2), "pass")
    >>> state = sample_state(game.view(real, 1), random.Random(3))
    >>> game.view(state, 1) == game.view(real, 1)
    True

    Raises:
        NotAGameStateError: ``view`` is not a view of a family preset.
        WrongTypeError: ``rng`` is not a ``random.Random``.
        InconsistentViewError: no deal fits the view (only for hand-built views).
    """
    return state_sampler(view)(rng)


def state_sampler(view: FamilyView) -> Callable[[random.Random], FamilyState]:
    """:func:`sample_state` for many draws from one view: the deals are counted once.

    Each call of the function it returns draws one state exactly as
    ``sample_state(view, rng)`` would with the same ``rng`` (the same numbers drawn, the
    same state), without reading the view again: what a search bot draws its deals
    with.

    >>> import random
    >>> from sevens_ru import games
    >>> from sevens_ru.games.family.inference import sample_state, state_sampler
    >>> game = games.get("fan-tan")
    >>> seen = game.view(game.new_game(4, seed=2), 1)
    >>> draw = state_sampler(seen)
    >>> draw(random.Random(5)) == sample_state(seen, random.Random(5))
    True

    Raises:
        NotAGameStateError: ``view`` is not a view of a family preset.
        InconsistentViewError: no deal fits the view (only for hand-built views).
    """
    inference = _Inference(view)
    facts = inference.facts
    preset = PRESETS[view.game_name]
    pack = facts.rules.pack
    passes_are_moves = facts.rules.policy != "forced"
    moves = tuple(
        pack.index(event.card) if isinstance(event, Play) else len(pack)
        for event in view.history
        if isinstance(event, Play) or (passes_are_moves and isinstance(event, Pass))
    )
    players, dealer, options = view.players, view.dealer, view.options

    def draw(rng: random.Random) -> FamilyState:
        hands = inference.masks(rng)
        deal = tuple(hand | cards for hand, cards in zip(hands, facts.played, strict=True))
        state = start(preset.state_type, Setup(facts.rules, players, dealer, options, deal))
        for move in moves:  # legal by the view's own history: every check is the engine's
            state = apply(preset, state, move)
        return state

    return draw
