"""Observation and information-state tensors of old Durak, for learners (numpy).

Each tensor is a flat ``float32`` array of a fixed length for a player count, every
entry between 0 and 1. Seats are counted **from the viewer**: relative seat ``k`` is
seat ``(viewer + k) % players``, so the viewer is relative seat 0. A card plane is 36
entries, entry ``i`` for ``DECK[i]`` (6♣ … A♠), whatever the pack (with the 32-card
pack the sixes stay 0).

The observation (:func:`observation`, ``181 + 40n`` entries for ``n`` players):

===================  ============  =====================================================
field                size          entries
===================  ============  =====================================================
``hand``             36            the viewer's cards
``trump``            36            the trump card, shown to everyone (D4)
``uncovered``        36            the attacking cards of the bout not yet covered
``covered``          36            the attacking cards already covered (D8)
``covers``           36            the cards laid on them
``set_aside``        36            the cards of the covered bouts (D10)
``known``            36 (n − 1)    per other relative seat (1 … n − 1), the cards known
                                   to be in its hand: taken, not played since (D17)
``out``              n             1 for each relative seat that is out (D11)
``attacker``         n             1 at the relative seat that leads the bout
``defender``         n             1 at the relative seat the bout is against
``hand_sizes``       n             each relative seat's number of cards / 36
``takes_in_a_row``   1             bouts in a row that ended with a take / the limit (D13)
===================  ============  =====================================================

The information state (:func:`information_state`, ``145 + 112n`` entries) is the
observation followed by what the history adds beyond it. It summarises the history
(a game can last thousands of moves), keeping what matters for the hidden cards:

===============  ============  =============================================================
field            size          entries
===============  ============  =============================================================
``played``       36 n          per relative seat, every card it has put on the table
``ruled_out``    36 (n − 1)    per other relative seat, the hidden cards it cannot hold:
                               those of a rank another seat has led (D7, see
                               :mod:`sevens_ru.durak.inference`)
===============  ============  =============================================================

>>> from sevens_ru import DECK, durak
>>> from sevens_ru.durak import encode
>>> state = durak.apply(durak.new_game(3, dealer=0, seed=7), "lead 6♣")
>>> tensor = encode.observation(durak.view(state, 2))
>>> tensor.shape, encode.observation_size(3)
((301,), 301)
>>> fields = {field.name: field for field in encode.observation_fields(3)}
>>> [DECK[i] for i in tensor[fields["uncovered"].slice].nonzero()[0]]  # seat 2 defends
[Card.parse('6♣'), Card.parse('6♦'), Card.parse('6♥')]
>>> tensor[fields["attacker"].slice].tolist(), tensor[fields["defender"].slice].tolist()
([0.0, 0.0, 1.0], [1.0, 0.0, 0.0])
"""

from __future__ import annotations

import struct
from typing import Any, cast

from ...common._extras import needs

with needs("sevens_ru.durak.encode", "numpy", "numpy"):
    import numpy as np
    import numpy.typing as npt

from ...common._chances import Chances
from ...common._core import speedups
from ...common._games import not_a_state, not_a_view
from ...common._planes import (
    CHUNKS,
    Field,
    card_plane,
    card_planes,
    layout,
    mask_into,
    one_hots,
    scaled,
    tensor,
)
from ...common.cards import mask_of
from . import inference
from .actions import NUM_ACTIONS, action_of
from .deal import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, PACK, check_players, pack
from .events import Covered, Led, Took
from .game import dealt_game, legal_mask, max_moves, new_game
from .names import DURAK
from .observation import PlayerView
from .options import Options
from .state import GameState

__all__ = [
    "HAND_SCALE",
    "chances",
    "information_state",
    "information_state_fields",
    "information_state_size",
    "lockstep",
    "observation",
    "observation_fields",
    "observation_of",
    "observation_size",
    "observe_into",
]

Tensor = npt.NDArray[np.float32]

HAND_SCALE = len(PACK)
"""The hand sizes are divided by this: no hand can hold more than the pack."""

_CARDS = len(PACK)
_CARD_FIELDS = ("hand", "trump", "uncovered", "covered", "covers", "set_aside")  # a plane each
_SIZES = scaled(HAND_SCALE)
_FLAGS = scaled(1)  # 0.0 and 1.0
# _SEATS[players][k]: relative seat k marked (k = players: no seat, the game is over).
_SEATS = {players: one_hots(players) for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
# _RELATIVE[players][seat]: the seats from ``seat`` on, in turn order (relative seats 0, 1, ...).
_RELATIVE = {
    players: tuple(tuple((seat + k) % players for k in range(players)) for seat in range(players))
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}
_RANK_CARDS = {
    rank: PACK.mask_of(card for card in PACK if card.rank == rank) for rank in PACK.ranks
}


def observation_fields(players: int) -> tuple[Field, ...]:
    """The fields of :func:`observation` for ``players`` seats, in order.

    Raises:
        InvalidDealError: ``players`` is not 2 to 4 (D2).
    """
    n = check_players(players)
    return layout(
        *((name, _CARDS) for name in _CARD_FIELDS),
        ("known", _CARDS * (n - 1)),
        ("out", n),
        ("attacker", n),
        ("defender", n),
        ("hand_sizes", n),
        ("takes_in_a_row", 1),
    )


def information_state_fields(players: int) -> tuple[Field, ...]:
    """The fields of :func:`information_state` for ``players`` seats, in order.

    Raises:
        InvalidDealError: ``players`` is not 2 to 4 (D2).
    """
    n = check_players(players)
    return layout(
        *((field.name, field.size) for field in observation_fields(n)),
        ("played", _CARDS * n),
        ("ruled_out", _CARDS * (n - 1)),
    )


def observation_size(players: int) -> int:
    """The length of :func:`observation` for ``players`` seats: ``181 + 40 × players``.

    >>> from sevens_ru.durak import encode
    >>> [encode.observation_size(players) for players in (2, 3, 4)]
    [261, 301, 341]
    """
    return 181 + 40 * check_players(players)


def information_state_size(players: int) -> int:
    """The length of :func:`information_state` for ``players`` seats: ``145 + 112 × players``.

    >>> from sevens_ru.durak import encode
    >>> [encode.information_state_size(players) for players in (2, 3, 4)]
    [369, 481, 593]
    """
    return 145 + 112 * check_players(players)


def _observation(
    players: int,
    seat: int,
    cards: tuple[int, int, int, int, int, int],
    known: list[int],
    out: list[int],
    attacker: int | None,
    defender: int | None,
    sizes: tuple[int, ...],
    takes: float,
) -> Tensor:
    """The observation from its facts: the six card planes, then per seat (in seat order)."""
    chunks = CHUNKS
    seats = _SEATS[players]
    return tensor(
        (
            *[
                chunk
                for mask in cards
                for chunk in (chunks[mask & 4095], chunks[mask >> 12 & 4095], chunks[mask >> 24])
            ],
            *[card_plane(known[(seat + k) % players]) for k in range(1, players)],
            *[_FLAGS[out[(seat + k) % players]] for k in range(players)],
            seats[players if attacker is None else (attacker - seat) % players],
            seats[players if defender is None else (defender - seat) % players],
            *[_SIZES[sizes[(seat + k) % players]] for k in range(players)],
            struct.pack("<f", takes),
        )
    )


def observation(view: PlayerView) -> Tensor:
    """The observation tensor of ``view`` (see the module documentation for its fields).

    >>> from sevens_ru import durak
    >>> from sevens_ru.durak import encode
    >>> tensor = encode.observation(durak.view(durak.new_game(2, seed=1), 0))
    >>> int(tensor[:36].sum()), int(tensor[36:72].sum())  # 9 cards, one trump card
    (9, 1)

    Raises:
        NotAGameStateError: ``view`` is not a :class:`~sevens_ru.durak.PlayerView`.
    """
    _check_view(view, "observation")
    attack = view.attack_mask
    uncovered = view.uncovered_mask
    out = [0] * view.players
    for seat in view.out:
        out[seat] = 1
    return _observation(
        view.players,
        view.seat,
        (
            mask_of(view.hand),
            view.trump.bit,
            uncovered,
            attack & ~uncovered,
            view.cover_mask,
            view.set_aside_mask,
        ),
        [mask_of(cards) for cards in view.known_cards],
        out,
        view.attacker,
        view.defender,
        view.hand_sizes,
        view.takes_in_a_row / view.options.take_limit,
    )


def observation_of(state: GameState, seat: int) -> Tensor:
    """``observation(view(state, seat))``, faster: straight from the state, without the view.

    Only what ``seat`` may see goes into it (D17), as for :func:`observation`.

    >>> from sevens_ru import durak
    >>> from sevens_ru.durak import encode
    >>> state = durak.apply(durak.new_game(3, dealer=0, seed=7), "lead 6♣")
    >>> bool((encode.observation_of(state, 0) == encode.observation(durak.view(state, 0))).all())
    True

    Raises:
        NotAGameStateError: ``state`` is not a :class:`~sevens_ru.durak.GameState`.
        InvalidSeatError: ``seat`` is not a seat of the game.
    """
    if not isinstance(state, GameState):
        raise not_a_state("encode.observation_of", state, game=DURAK)
    players = state._setup.players
    if type(seat) is not int or not 0 <= seat < players:
        seat = state._check_seat(seat)
    # The fields read straight off the state: this runs at every step of an environment.
    setup = state._setup
    hands = state._hands
    attack = state._attack
    uncovered = state._uncovered
    shown = state._shown_cards()  # a card back in a hand from the table was taken (D17)
    whole_pack = not setup.undealt  # D4: the dealer's trump card is known while held
    trump = 1 << setup.trump
    out = state._out
    seats = _RELATIVE[players][seat]
    chunks = CHUNKS
    parts = [
        chunk
        for mask in (
            hands[seat],
            trump,
            uncovered,
            attack & ~uncovered,
            state._covers,
            state._aside,
        )
        for chunk in (chunks[mask & 4095], chunks[mask >> 12 & 4095], chunks[mask >> 24])
    ]
    for other in seats[1:]:
        known = hands[other] & shown
        if whole_pack and other == setup.dealer:
            known |= hands[other] & trump
        parts.append(card_plane(known))
    attacker, defender = state._attacker, state._defender
    marks = _SEATS[players]
    parts += [_FLAGS[out[other] > 0] for other in seats]
    parts.append(marks[players if attacker is None else (attacker - seat) % players])
    parts.append(marks[players if defender is None else (defender - seat) % players])
    parts += [_SIZES[hands[other].bit_count()] for other in seats]
    parts.append(struct.pack("<f", state._takes / setup.take_limit))
    return tensor(parts)


# The compiled core's twin of observe_into(), None with the pure-Python engine: it fills
# both arrays from the state, or gives None for what it leaves to the Python code.
_fast_durak_fill: Any = None if speedups is None else cast(Any, speedups).durak_fill


def observe_into(
    state: GameState, seat: int, observation: Tensor, action_mask: npt.NDArray[np.int8]
) -> None:
    """Write :func:`observation_of` ``(state, seat)`` and ``seat``'s legal actions into arrays made beforehand.

    ``observation`` is a float32 array of :func:`observation_size` entries,
    ``action_mask`` an int8 array of :data:`~sevens_ru.durak.NUM_ACTIONS`: 1 for each
    legal action, all 0 unless ``seat`` is to move. The environments fill new arrays
    with it at every step; the compiled core writes the same entries as the Python code.

    >>> import numpy as np
    >>> from sevens_ru import durak
    >>> from sevens_ru.durak import encode
    >>> state = durak.new_game(3, dealer=0, seed=7)
    >>> observation, mask = np.empty(301, np.float32), np.empty(durak.NUM_ACTIONS, np.int8)
    >>> encode.observe_into(state, 1, observation, mask)
    >>> bool((observation == encode.observation_of(state, 1)).all()), int(mask.sum()) > 0
    (True, True)

    Raises:
        NotAGameStateError: ``state`` is not a :class:`~sevens_ru.durak.GameState`.
        InvalidSeatError: ``seat`` is not a seat of the game.
        ValueError: an array of the wrong type or size.
    """
    if _fast_durak_fill is not None and _fast_durak_fill(state, seat, observation, action_mask):
        return  # written in C (which checks the arrays)
    if not isinstance(state, GameState):
        raise not_a_state("encode.observe_into", state, game=DURAK)
    setup = state._setup
    if type(seat) is not int or not 0 <= seat < setup.players:
        seat = state._check_seat(seat)
    tensor = observation_of(state, seat)
    if observation.dtype != np.float32 or observation.shape != tensor.shape:
        raise ValueError(f"observation must be a float32 array of {len(tensor)} entries")
    if action_mask.dtype != np.int8 or action_mask.shape != (NUM_ACTIONS,):
        raise ValueError(f"action_mask must be an int8 array of {NUM_ACTIONS} entries")
    to_move = state._defender if state._attack else state._attacker
    mask_into(action_mask, legal_mask(state) if to_move == seat else 0)
    observation[:] = tensor


def _check_view(view: object, function: str) -> None:
    if not isinstance(view, PlayerView):
        raise not_a_view(
            f"durak.encode.{function}()", view, game=DURAK, instead=f"sevens_ru.encode.{function}"
        )


def information_state(view: PlayerView) -> Tensor:
    """The information-state tensor of ``view``: the observation, then the history's fields.

    >>> from sevens_ru import Card, durak
    >>> from sevens_ru.durak import encode
    >>> state = durak.apply(durak.new_game(3, dealer=0, seed=7), "lead 6♣")
    >>> tensor = encode.information_state(durak.view(state, 0))
    >>> fields = {field.name: field for field in encode.information_state_fields(3)}
    >>> ruled_out = tensor[fields["ruled_out"].slice].reshape(2, 36)
    >>> bool(ruled_out[1, Card.parse("6♠").index]), bool(ruled_out[0, Card.parse("6♠").index])
    (True, False)

    Seat 2 (relative seat 2 of seat 0) joined, so it holds no six; seat 1 led them, and
    may hold 6♠.

    Raises:
        NotAGameStateError: ``view`` is not a :class:`~sevens_ru.durak.PlayerView`.
    """
    _check_view(view, "information_state")
    players, seat = view.players, view.seat
    played = [0] * players
    ruled_out = [0] * players
    for event in view.history:
        relative = (event.seat - seat) % players
        if isinstance(event, Covered):
            played[relative] |= event.card.bit
        elif not isinstance(event, Took):
            played[relative] |= mask_of(event.cards)
            if isinstance(event, Led):  # D7: the others hold no hidden card of this rank
                rank = _RANK_CARDS[event.cards[0].rank]
                for other in range(players):
                    if other != relative:
                        ruled_out[other] |= rank
    hidden = mask_of(view.unseen)
    return tensor(
        (
            observation(view).tobytes(),
            *card_planes(played),
            *card_planes(ruled_out[1:], hidden),
        )
    )


# -- the frameworks' extras: the vector environment's games, OpenSpiel's chance nodes ----


def lockstep(size: int, players: int, options: Options | None) -> Any:
    """``size`` games in lockstep for a vector environment, stepped in C where the core is built.

    A :class:`sevens_ru.games.Lockstep`: every game a numpy record that one C call per
    step moves on (its joins, D7, and the settling of its bouts, D9-D13), writing each
    observation and action mask in the same pass; without the compiled core, the
    engine's own states, dealt the same games from the same generator.

    Raises:
        InvalidDealError: ``players`` is not 2 to 4 (D2).
        InvalidOptionsError: ``options`` is not a :class:`sevens_ru.durak.Options`, or
            asks for the short pack with 4 players (D1).
    """
    from .batch import lockstep as make

    return make(size, players, options)


# -- OpenSpiel's chance nodes ----------------------------------------------------------

_DEALER = 0  # the dealer of the chance model: seat 1 leads first (D5)


def chances(players: int, options: Options | None) -> Chances:
    """The deal as OpenSpiel's chance nodes: each card to a seat or the rest, then the trump.

    Seat 0 deals. Each card of the pack goes in turn to a seat or to the cards left
    over; the trump card is any card left over, or with the whole pack dealt any card of the
    dealer (D4).

    >>> from sevens_ru.durak import Options, encode
    >>> model = encode.chances(3, Options(short_deck=True))
    >>> model.room, model.length, model.max_outcomes
    ((9, 9, 9, 5), 12, 64)

    Raises:
        InvalidDealError: ``players`` is not 2 to 4 (D2), or too many for the short pack.
    """
    options = Options() if options is None else options
    players = check_players(players, options.short_deck)
    cards = pack(options.short_deck)
    left_over = len(cards) - players * HAND_SIZE
    return Chances(
        players=players,
        pack=PACK,
        cards=cards,
        room=(HAND_SIZE,) * players + ((left_over,) if left_over else ()),
        build=lambda places, trump: new_game(
            players, dealer=_DEALER, hands=places[:players], trump=trump, options=options
        ),
        dealt=lambda state: (state.deal, state.trump),
        actions=lambda state: [action_of(move) for move in state.moves],
        max_moves=max_moves(players, options.take_limit),
        infer=inference.infer,
        observation_text=_observation_text,
        dealt_text=_dealt_text,
        last=lambda places: places[players] if len(places) > players else places[_DEALER],
        build_sets=lambda sets, trump: dealt_game(
            players, _DEALER, options, tuple(sets[:players]), cast(int, trump)
        ),
        last_set=lambda sets: sets[players] if len(sets) > players else sets[_DEALER],
    )


def _dealt_text(seen: PlayerView) -> str:
    """The cards the viewer was dealt, from its view: its hand, its own events undone."""
    cards = set(seen.hand)
    for event in reversed(seen.history):
        if event.seat != seen.seat:
            continue
        if isinstance(event, Took):
            cards -= set(event.cards)
        elif isinstance(event, Covered):
            cards.add(event.card)
        else:
            cards |= set(event.cards)
    return f"{' '.join(map(str, sorted(cards)))}; trump {seen.trump}"


def _observation_text(seen: PlayerView) -> str:
    hand = " ".join(map(str, seen.hand))
    bout = " ".join(f"{a}/{c}" if c else str(a) for a, c in seen.table)
    known = [" ".join(map(str, sorted(cards))) for cards in seen.known_cards]
    return (
        f"seat {seen.seat}; hand: {hand}; trump {seen.trump}; bout: {bout}; "
        f"set aside: {len(seen.set_aside)}; sizes: {list(seen.hand_sizes)}; "
        f"known: {known}; out: {list(seen.out)}; attacker {seen.attacker}; "
        f"defender {seen.defender}; takes in a row: {seen.takes_in_a_row}"
    )
