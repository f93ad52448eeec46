"""Observation and information-state tensors of the layout family, for learners (numpy).

One module for the five presets: each preset's :class:`~sevens_ru.games.Tensors` is
:func:`tensors` of its name (``games.get("fan-tan").tensors()``), and the functions
below take the preset's name where they are given no state or view. The learners'
environments read nothing else, so every preset plays in PettingZoo, Gymnasium and
OpenSpiel with no code of its own.

Each tensor is a flat ``float32`` array of a fixed length for a preset and a seat
count, every entry between 0 and 1. Seats are counted **from the viewer**: relative
seat ``k`` is seat ``(viewer + k) % n``, so the viewer is always relative seat 0. A
card plane has an entry per card of the preset's pack (``game.pack``, 52 cards, or 40
in cinquillo), entry ``i`` for ``game.pack.cards[i]``, the card of action ``i`` (F5;
domino's 32-card pack keeps the places of the 52). ``P`` is the pack's size and ``R``
its number of ranks (13, or 10 in cinquillo).

The observation (:func:`observation`, ``3P + R + 6n`` entries for ``n`` players):

==============  ======  ===========================================================
field           size    entries
==============  ======  ===========================================================
``hand``        P       the viewer's cards
``table``       P       the cards on the table: laid out (N2), played, burst (N6)
``playable``    P       the cards that whoever holds them may play now (F11): the
                        opening card alone until it is down (S3, C3), every card
                        before domino's first (DO2)
``centre``      R       the centre rank (F10) among the pack's ranks, in the pack's
                        order; all 0 before domino's first card sets it (DO2)
``to_play``     n       1 at the relative seat to play; all 0 once over
``hand_sizes``  n       each relative seat's number of cards / ``P / 2`` (the most
                        a hand holds)
``passes``      n       each relative seat's passes so far / ``2P`` (F13: at most two
                        passes of a seat between two plays, under the guard)
``out``         n       1 for each relative seat that played its last card (S6, N7)
``burst``       n       1 for each relative seat that burst (N5)
``dealer``      n       1 at the relative seat of the dealer (F7)
==============  ======  ===========================================================

Fan-tan's chips paid (T9) and shichinarabe's passes left (N9) follow from ``passes``
and the options; the outcome (ranking, payoffs, scores) is in the returns.

The information state (:func:`information_state`, ``3P + R + 6n + 2Pn`` entries) is
the observation followed by what the history adds, which makes it perfect recall:
which seat put each card on the table and when gives back the whole history (the
passes are the events between, made in turn by the seats in play, F9):

=============  ============  ========================================================
field          size          entries
=============  ============  ========================================================
``placed``     P n           per relative seat, the cards it put on the table: laid
                             out (N2), played, or burst with (N5)
``order``      P             per card on the table, the number of the event that put it
                             there (1 = the history's first) / ``P(2n − 1) + n``; 0 for
                             a seven laid out before play (N2)
``ruled_out``  P (n − 1)     per other relative seat (1 … n − 1), the unseen cards its
                             passes prove it does not hold (F15)
=============  ============  ========================================================

:func:`observation_fields` and :func:`information_state_fields` give each field's
place, to slice the arrays.

>>> from sevens_ru import games
>>> from sevens_ru.games.family import encode
>>> game = games.get("domino")
>>> state = game.apply(game.new_game(4, seed=1), "J♣")  # DO2: the start rank is J
>>> tensors = game.tensors()
>>> tensor = tensors.observation(game.view(state, 0))
>>> tensor.shape, tensors.observation_size(4), len(game.pack)
((193,), 193, 52)
>>> fields = {field.name: field for field in encode.observation_fields("domino", 4)}
>>> [rank.label() for rank, hot in zip(game.pack.ranks, tensor[fields["centre"].slice]) if hot]
['J']
>>> tensor[fields["to_play"].slice].tolist()  # seat 1 is to play: relative seat 1 of seat 0
[0.0, 1.0, 0.0, 0.0]
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Callable
from typing import Any

from ...common._extras import needs

with needs("sevens_ru.games.family.encode", "numpy", "numpy"):
    import numpy as np
    import numpy.typing as npt

from ...common._chances import Chances, DealerChances
from ...common._planes import Field, layout, mask_into, one_hots, scaled
from ...common._quote import excerpt
from ...common.packs import Pack
from ...errors import NotAGameStateError, UnknownGameError
from .._game import Tensors
from . import inference
from .deal import hand_sizes
from .events import Burst, Pass, Play
from .observation import FamilyView
from .presets import PRESETS, Rules, rules_for
from .state import FamilyState

__all__ = [
    "Field",
    "chances",
    "information_state",
    "information_state_fields",
    "information_state_size",
    "observation",
    "observation_fields",
    "observation_of",
    "observation_size",
    "observe_into",
    "tensors",
]

Tensor = npt.NDArray[np.float32]


class _Layout:
    """What the tensors of one preset are made of: its pack, its seats and its number tables."""

    def __init__(self, name: str) -> None:
        from .definition import GAMES  # the presets' games: a cycle at import

        game = GAMES[name]
        self.name = name
        self.game = game
        self.pack: Pack = game.pack
        self.cards = len(game.pack)
        self.ranks = game.pack.ranks
        self.sizes = scaled(self.cards // 2)
        self.passes = scaled(2 * self.cards)
        self.centres = one_hots(len(self.ranks))
        self.rank_place = {rank: place for place, rank in enumerate(self.ranks)}
        self.seats: dict[int, tuple[bytes, ...]] = {}

    def players(self, players: object) -> int:
        """``players`` as an int if the preset is for that many seats (with some options)."""
        number: int = self.game.seats(players)
        return number

    def one_hots(self, players: int) -> tuple[bytes, ...]:
        found = self.seats.get(players)
        if found is None:
            found = self.seats[players] = one_hots(players)
        return found

    def event_scale(self, players: int) -> int:
        """A bound on the events of a game (plays, passes, bursts): the ``order`` field's divisor.

        Between two plays each seat passes at most twice (F13's guard; once under the
        forced policy, and shichinarabe's ``passes`` are at most 20 in all), and a game
        has fewer plays than cards.
        """
        return self.cards * (2 * players - 1) + players


_LAYOUTS: dict[str, _Layout] = {}


def _layout(name: object) -> _Layout:
    """The layout of the preset ``name``, made once."""
    found = _LAYOUTS.get(name) if isinstance(name, str) else None
    if found is None:
        if name not in PRESETS:
            raise UnknownGameError(
                f"the layout family's tensors are for {', '.join(PRESETS)}, got {excerpt(name)}"
            )
        found = _LAYOUTS[name] = _Layout(name)
    return found


_ONE = struct.pack("<f", 1.0)
_ZERO = struct.pack("<f", 0.0)
# _BYTES[b]: the float32 bytes of the 8 entries of the 8-bit set b.
_BYTES = tuple(
    b"".join(_ONE if byte >> bit & 1 else _ZERO for bit in range(8)) for byte in range(256)
)


def _plane(mask: int, cards: int) -> bytes:
    """The float32 bytes of the ``cards`` entries of the card set ``mask``."""
    data = b"".join([_BYTES[byte] for byte in mask.to_bytes((cards + 7) // 8, "little")])
    return data[: cards * 4]


def _tensor(parts: list[bytes]) -> Tensor:
    return np.frombuffer(bytearray(b"".join(parts)), dtype=np.float32)


# -- the fields ------------------------------------------------------------------------


def observation_fields(name: str, players: int) -> tuple[Field, ...]:
    """The fields of :func:`observation` for the preset ``name`` and ``players`` seats, in order.

    >>> from sevens_ru.games.family import encode
    >>> [(field.name, field.size) for field in encode.observation_fields("cinquillo", 3)][:4]
    [('hand', 40), ('table', 40), ('playable', 40), ('centre', 10)]

    Raises:
        UnknownGameError: ``name`` is not a preset of the family.
        InvalidDealError: the preset is not for ``players`` seats.
    """
    shape = _layout(name)
    n = shape.players(players)
    cards = shape.cards
    return layout(
        ("hand", cards),
        ("table", cards),
        ("playable", cards),
        ("centre", len(shape.ranks)),
        ("to_play", n),
        ("hand_sizes", n),
        ("passes", n),
        ("out", n),
        ("burst", n),
        ("dealer", n),
    )


def information_state_fields(name: str, players: int) -> tuple[Field, ...]:
    """The fields of :func:`information_state` for the preset ``name`` and ``players`` seats.

    >>> from sevens_ru.games.family import encode
    >>> [(field.name, field.size) for field in encode.information_state_fields("fan-tan", 3)[-3:]]
    [('placed', 156), ('order', 52), ('ruled_out', 104)]

    Raises:
        UnknownGameError: ``name`` is not a preset of the family.
        InvalidDealError: the preset is not for ``players`` seats.
    """
    shape = _layout(name)
    n = shape.players(players)
    return layout(
        *((field.name, field.size) for field in observation_fields(name, n)),
        ("placed", shape.cards * n),
        ("order", shape.cards),
        ("ruled_out", shape.cards * (n - 1)),
    )


def observation_size(name: str, players: int) -> int:
    """The length of :func:`observation`: ``3P + R + 6n`` (193 for a 52-card preset and 4 players).

    >>> from sevens_ru.games.family import encode
    >>> encode.observation_size("sevens-52", 4), encode.observation_size("cinquillo", 4)
    (193, 154)
    """
    shape = _layout(name)
    return 3 * shape.cards + len(shape.ranks) + 6 * shape.players(players)


def information_state_size(name: str, players: int) -> int:
    """The length of :func:`information_state`: the observation's and ``2Pn``.

    >>> from sevens_ru.games.family import encode
    >>> encode.information_state_size("shichinarabe", 4)
    609
    """
    shape = _layout(name)
    n = shape.players(players)
    return observation_size(name, n) + 2 * shape.cards * n


# -- the observation -------------------------------------------------------------------


def _centre(rules: Rules, start_rank: Any) -> int:
    """The centre's place in a row (F10), -1 before domino's first card (DO2)."""
    rank = rules.centre if rules.centre is not None else start_rank
    return -1 if rank is None else rules.place(rank)


_playable = inference._live  # the cards playable on a table: the opening card alone until down


def _observation(
    shape: _Layout,
    rules: Rules,
    seat: int,
    hand: int,
    table: int,
    start_rank: Any,
    facts: tuple[Any, ...],
) -> list[bytes]:
    """The observation's bytes; ``facts`` are the public facts of the state or view."""
    players, turn, sizes, passes, finished, burst, dealer = facts
    cards = shape.cards
    centre = _centre(rules, start_rank)
    seats = [(seat + k) % players for k in range(players)]
    hots = shape.one_hots(players)
    rank = shape.centres[len(shape.ranks) if centre < 0 else shape.rank_place[rules.order[centre]]]
    return [
        _plane(hand, cards),
        _plane(table, cards),
        _plane(_playable(rules, table, centre), cards),
        rank,
        hots[players if turn is None else (turn - seat) % players],
        *[shape.sizes[sizes[other]] for other in seats],
        *[shape.passes[passes[other]] for other in seats],
        *[_ONE if other in finished else _ZERO for other in seats],
        *[_ONE if other in burst else _ZERO for other in seats],
        hots[(dealer - seat) % players],
    ]


def _check_view(view: object, function: str) -> FamilyView:
    if not isinstance(view, FamilyView) or view.game_name not in PRESETS:
        raise NotAGameStateError(
            f"the family's encode.{function}() takes a view of a family preset from "
            f"game.view(state, seat), got {type(view).__name__}"
        )
    return view


def _view_bytes(view: FamilyView) -> list[bytes]:
    shape = _layout(view.game_name)
    facts = (
        view.players,
        view.current_player,
        view.hand_sizes,
        view.passes,
        view.finished,
        view.burst,
        view.dealer,
    )
    return _observation(
        shape,
        rules_for(view.game_name, view.options),
        view.seat,
        view.hand_mask(view.seat),
        view.table_mask,
        getattr(view, "start_rank", None),
        facts,
    )


def observation(view: FamilyView) -> Tensor:
    """The observation tensor of ``view`` (see the module documentation for its fields).

    >>> from sevens_ru import games
    >>> game = games.get("sevens-52")
    >>> tensor = game.tensors().observation(game.view(game.new_game(4, seed=12), 1))
    >>> int(tensor[:52].sum()), int(tensor[104:156].sum())  # 13 cards; only 7♦ playable (S3)
    (13, 1)

    Raises:
        NotAGameStateError: ``view`` is not a view of a family preset.
    """
    return _tensor(_view_bytes(_check_view(view, "observation")))


def observation_of(state: FamilyState, seat: int) -> Tensor:
    """``observation(game.view(state, seat))``, faster: straight from the state's public facts.

    Only what ``seat`` may see goes into it (F17), as for :func:`observation`.

    >>> from sevens_ru import games
    >>> game = games.get("shichinarabe")
    >>> state = game.apply(game.new_game(5, seed=3), "pass")
    >>> tensors = game.tensors()
    >>> bool((tensors.observation_of(state, 2) == tensors.observation(game.view(state, 2))).all())
    True

    Raises:
        NotAGameStateError: ``state`` is not a state of a family preset.
        InvalidSeatError: ``seat`` is not a seat of the game.
    """
    return _tensor(_state_bytes(state, seat, "observation_of"))


def _state_bytes(state: FamilyState, seat: int, function: str) -> list[bytes]:
    if not isinstance(state, FamilyState) or state.game_name not in PRESETS:
        raise NotAGameStateError(
            f"the family's encode.{function}() takes a state of a family preset from "
            f"new_game() or apply(), got {type(state).__name__}"
        )
    hand = state.hand_mask(seat)  # checks the seat
    facts = (
        state.players,
        state.current_player,
        state.hand_sizes,
        state.passes,
        state.finished,
        state.burst,
        state.dealer,
    )
    return _observation(
        _layout(state.game_name),
        rules_for(state.game_name, state.options),
        int(seat),
        hand,
        state.table_mask,
        getattr(state, "start_rank", None),
        facts,
    )


def observe_into(
    state: FamilyState, seat: int, observation: Tensor, action_mask: npt.NDArray[np.int8]
) -> None:
    """Write :func:`observation_of` ``(state, seat)`` and ``seat``'s legal actions into arrays made beforehand.

    ``observation`` is a float32 array of :func:`observation_size` entries,
    ``action_mask`` an int8 array of ``len(pack) + 1``: 1 for each legal action (the
    last is :data:`~sevens_ru.games.family.PASS`), all 0 unless ``seat`` is to play.

    >>> import numpy as np
    >>> from sevens_ru import games
    >>> game = games.get("cinquillo")
    >>> state = game.new_game(4, seed=2)
    >>> observation, mask = np.empty(154, np.float32), np.empty(41, np.int8)
    >>> game.tensors().observe_into(state, state.current_player, observation, mask)
    >>> [game.move_of(action) for action in mask.nonzero()[0]]  # C3: the 5♦ opens
    [Card.parse('5♦')]

    Raises:
        NotAGameStateError: ``state`` is not a state of a family preset.
        InvalidSeatError: ``seat`` is not a seat of the game.
        ValueError: an array of the wrong type or size.
    """
    data = b"".join(_state_bytes(state, seat, "observe_into"))
    actions = _layout(state.game_name).cards + 1
    if (
        not isinstance(observation, np.ndarray)
        or not isinstance(action_mask, np.ndarray)
        or observation.dtype != np.float32
        or observation.shape != (len(data) // 4,)
        or action_mask.dtype != np.int8
        or action_mask.shape != (actions,)
    ):
        raise ValueError(
            f"observation must be a float32 array of {len(data) // 4} entries and action_mask "
            f"an int8 array of {actions}"
        )
    observation[:] = np.frombuffer(data, dtype=np.float32)
    game = _layout(state.game_name).game
    mask_into(action_mask, game.legal_mask(state) if state.current_player == int(seat) else 0)


# -- the information state --------------------------------------------------------------


def information_state(view: FamilyView) -> Tensor:
    """The information-state tensor of ``view``: the observation, then the history's fields.

    >>> from sevens_ru import games
    >>> from sevens_ru.games.family import encode
    >>> game = games.get("sevens-52")
    >>> state = game.apply(game.new_game(4, dealer=3, seed=12), "7♦")  # seat 1 plays, 2 passes
    >>> tensor = game.tensors().information_state(game.view(state, 0))
    >>> fields = {field.name: field for field in encode.information_state_fields("sevens-52", 4)}
    >>> placed = tensor[fields["placed"].slice].reshape(4, 52)
    >>> [game.pack.cards[card] for card in placed[1].nonzero()[0]]  # relative seat 1: seat 1
    [Card.parse('7♦')]
    >>> ruled_out = tensor[fields["ruled_out"].slice].reshape(3, 52)
    >>> [game.pack.cards[card] for card in ruled_out[1].nonzero()[0]]  # seat 2's pass (F15)
    [Card.parse('7♣'), Card.parse('6♦'), Card.parse('7♥')]

    Seat 2 held none of the cards playable when it passed; of those, seat 0 holds 8♦
    and 7♠ itself, so only the unseen ones are ruled out.

    Raises:
        NotAGameStateError: ``view`` is not a view of a family preset.
    """
    view = _check_view(view, "information_state")
    shape = _layout(view.game_name)
    players, seat, cards = view.players, view.seat, shape.cards
    facts = inference._facts(view)  # what the passes prove (F15), who put what down
    placed = [facts.played[(seat + k) % players] for k in range(players)]
    excluded = dict(zip(facts.seats, facts.allowed, strict=True))
    ruled_out = [facts.unseen & ~excluded[(seat + k) % players] for k in range(1, players)]
    order = [0] * cards
    scale = shape.event_scale(players)
    pack = shape.pack
    for number, event in enumerate(view.history, 1):
        if isinstance(event, Play):
            order[pack.index(event.card)] = number
        elif isinstance(event, Burst):
            for card in event.cards:
                order[pack.index(card)] = number
    return _tensor(
        [
            *_view_bytes(view),
            *[_plane(mask, cards) for mask in placed],
            *[struct.pack("<f", number / scale) for number in order],
            *[_plane(mask, cards) for mask in ruled_out],
        ]
    )


# -- OpenSpiel's chance nodes -------------------------------------------------------------


def chances(name: str, players: int, options: Any) -> DealerChances:
    """The deal as OpenSpiel's chance nodes: the dealer, then each card in turn to a seat (F7).

    The first node draws the dealer, each seat equally likely; then the cards dealt,
    in the pack's order, a few to a node, each card to a seat with the probability of
    the room it still has, so that every deal is exactly as likely as a shuffled pack
    makes it (:class:`~sevens_ru.common._chances.Chances`).

    >>> from sevens_ru.games.family import encode
    >>> model = encode.chances("cinquillo", 3, None)
    >>> model.length, model.outcomes([]), len(model.outcomes([0]))  # 40 cards, 3 a node
    (15, [(0, 0.333...), (1, 0.333...), (2, 0.333...)], 27)
    >>> model.text([0], 5)  # seat 0 deals: the first cards to seats 2, 1, 0 (digits of 5)
    'A♣ to seat 2, 2♣ to seat 1, 3♣ to seat 0'

    Raises:
        UnknownGameError: ``name`` is not a preset of the family.
        InvalidDealError: the preset is not for ``players`` seats with these options.
        InvalidOptionsError: ``options`` are not the preset's.
    """
    shape = _layout(name)
    game = shape.game
    options = game.options_type() if options is None else options
    game.new_game(shape.players(players), options=options, seed=0)  # checks all three
    rules = rules_for(name, options)
    count = len(rules.dealt)

    def deal(dealer: int) -> Chances:
        return Chances(
            players=players,
            pack=rules.pack,
            cards=rules.dealt.cards,
            room=hand_sizes(count, players, dealer),
            build=lambda places, _: game.new_game(
                players, dealer=dealer, hands=places, options=options
            ),
            dealt=lambda state: (state.deal, None),
            actions=functools.partial(_actions, rules),
            max_moves=max_moves(rules, players),
            infer=_Sampler,
            observation_text=_observation_text,
            dealt_text=_dealt_text,
        )

    return DealerChances(players=players, deal=deal, dealer=lambda state: state.dealer)


def max_moves(rules: Rules, players: int) -> int:
    """The most moves (plays, and passes that are moves) a game of ``rules`` can last.

    A game has fewer plays than cards; a voluntary pass comes at most twice per seat
    between two plays (F13's guard), a limited one ``passes`` times per seat (N4).
    """
    plays = len(rules.dealt) - 1
    if rules.policy == "voluntary":
        return plays * (2 * players - 1)
    if rules.policy == "limited":
        return plays + rules.limit * players
    return plays


def _actions(rules: Rules, state: FamilyState) -> list[int]:
    """The action numbers of the moves made in ``state``: its plays, and its passes where they are moves."""
    passes = rules.policy != "forced"
    pack, count = rules.pack, len(rules.pack)
    return [
        pack.index(event.card) if isinstance(event, Play) else count
        for event in state.history
        if isinstance(event, Play) or (passes and isinstance(event, Pass))
    ]


class _Sampler:
    """A view's states, drawn exactly uniformly (:func:`~sevens_ru.games.family.inference.sample_state`)."""

    def __init__(self, view: FamilyView) -> None:
        self.view = view

    def sample_state(self, rng: Any) -> FamilyState:
        return inference.sample_state(self.view, rng)


def _dealt_text(seen: FamilyView) -> str:
    """The cards the viewer was dealt: its hand and the cards it laid out and played."""
    own = set(seen.hand) | set(getattr(seen, "laid", ((),) * seen.players)[seen.seat])
    for event in seen.history:
        if event.seat == seen.seat and isinstance(event, Play):
            own.add(event.card)
    return " ".join(map(str, type(seen).pack.sorted(own)))


def _observation_text(seen: FamilyView) -> str:
    pack = type(seen).pack
    hand = " ".join(map(str, seen.hand))
    table = " ".join(map(str, pack.sorted(seen.table)))
    return (
        f"seat {seen.seat}; dealer {seen.dealer}; hand: {hand}; table: {table}; "
        f"sizes: {list(seen.hand_sizes)}; passes: {list(seen.passes)}; out: "
        f"{list(seen.finished)}; burst: {list(seen.burst)}; to play: {seen.current_player}"
    )


# -- a preset's tensors ----------------------------------------------------------------------


def tensors(name: str) -> Tensors:
    """The :class:`~sevens_ru.games.Tensors` of the preset ``name``: the functions above bound to it.

    >>> from sevens_ru.games.family import encode
    >>> model = encode.tensors("domino")
    >>> model.observation_size(3), model.information_state_size(3), model.lockstep is None
    (187, 499, True)

    Raises:
        UnknownGameError: ``name`` is not a preset of the family.
    """
    _layout(name)

    def bound(function: Callable[..., Any]) -> Callable[..., Any]:
        return functools.partial(function, name)

    return Tensors(
        observation=observation,
        observation_size=bound(observation_size),
        information_state=information_state,
        information_state_size=bound(information_state_size),
        observation_of=observation_of,
        observe_into=observe_into,
        chances=bound(chances),
    )
