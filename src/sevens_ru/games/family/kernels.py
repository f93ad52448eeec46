"""The family's compiled core (``games/family/_kernels.c``): what it reads of the rules, and its hot paths.

The compiled core plays every preset by the same rules as the pure-Python engine
(:mod:`sevens_ru.games.family.game`, the reference), on the same slots of the same
states. It reads a preset's :class:`~sevens_ru.games.family.presets.Rules` as one C
struct, made once per rules by :func:`rules_kernel` (kept as ``rules.kernel``), and the
classes and slots it works on from :func:`bindings`, on its first call.

A row in C is a suit's bits of the pack turned to the order of the row (F4): every
pack of the family numbers a suit's cards in one run of ``width`` bits, in the order of
its row from some place on (``rotation``), so that the ace high of ``ace="high"`` and
the piquet pack of domino inside the 52 cards are rotations of the ace-low order. Rules
whose rows are not such a rotation get no kernel, and the Python path plays them.

:func:`kernels` gives the environments their hot path (``apply`` of an action number),
or ``None`` where the pure-Python engine runs.

>>> from sevens_ru.games.family.options import Sevens52Options
>>> from sevens_ru.games.family.presets import rules_for
>>> layout(rules_for("sevens-52", Sevens52Options(ace="high")))
(13, 1)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol, cast

from ...common._core import speedups
from ...common.cards import Card
from .._game import Kernels

if TYPE_CHECKING:
    from ..sevens.scoring import Standing
    from .moves import Move
    from .presets import Rules
    from .state import FamilyState, Setup

__all__ = ["FamilyCore", "bindings", "core", "kernels", "layout", "rules_kernel"]


class FamilyCore(Protocol):
    """The family's functions of ``sevens_ru._speedups``, each the C twin of a Python function.

    Where a function returns ``None``, the Python path does the work (and raises).
    """

    def family_rules(
        self,
        cards: tuple[Card, ...],
        dealt: int,
        dealt_order: tuple[int, ...],
        points: tuple[int, ...],
        parameters: tuple[int, ...],
        /,
    ) -> object:
        """:func:`rules_kernel`'s object."""

    def family_deal(
        self, kernel: object, players: int, dealer: int, seed: int, /
    ) -> tuple[int, ...]:
        """:func:`~sevens_ru.games.family.deal.deal_seeded`."""

    def family_start(self, kind: type[FamilyState], setup: Setup, /) -> FamilyState | None:
        """:func:`~sevens_ru.games.family.game.start`."""

    def family_apply(
        self, kind: type[FamilyState], state: object, move: object, /
    ) -> FamilyState | None:
        """``apply`` of a legal card, ``PASS`` or action number."""

    def family_act(self, state: object, action: object, /) -> FamilyState | None:
        """``apply`` of a legal action number, for any preset's state."""

    def family_legal_moves(
        self, kind: type[FamilyState], state: object, /
    ) -> tuple[Move, ...] | None:
        """``legal_moves``."""

    def family_legal_actions(
        self, kind: type[FamilyState], state: object, /
    ) -> tuple[int, ...] | None:
        """``legal_actions``."""

    def family_ranking(self, state: FamilyState, /) -> tuple[Standing, ...] | None:
        """The ranking of a finished game."""

    def family_playout(self, state: object, rng: random.Random, /) -> tuple[Standing, ...] | None:
        """:func:`~sevens_ru.games.family.playout.playout`."""

    def family_playout_state(self, state: object, rng: random.Random, /) -> FamilyState | None:
        """:func:`~sevens_ru.games.family.playout.playout_state`."""

    def family_greedy_playout(
        self, state: object, rng: random.Random, /
    ) -> tuple[Standing, ...] | None:
        """:func:`~sevens_ru.games.family.playout.greedy_playout`."""

    def family_greedy_playout_state(
        self, state: object, rng: random.Random, /
    ) -> FamilyState | None:
        """:func:`~sevens_ru.games.family.playout.greedy_playout_state`."""


core = cast("FamilyCore | None", speedups)
"""The compiled core's family functions, or ``None`` when the pure-Python engine runs."""

_POLICIES = {"forced": 0, "voluntary": 1, "limited": 2}
_FIRST = {"holder": 0, "left": 1, "laid": 2}
_RANKINGS = {"cards": 0, "pips": 1, "count": 2}


def layout(rules: Rules) -> tuple[int, int] | None:
    """The ``(width, rotation)`` of the rows of ``rules`` in the pack's bits, or ``None``.

    Suit ``s`` holds the bits ``s * width`` to ``s * width + width - 1``, and the card at
    place ``p`` of its row is bit ``s * width + (p + rotation) % width``.
    """
    pack = rules.pack
    if len(pack) % 4 or len(pack.suits) != 4:
        return None
    width = len(pack) // 4
    rotation = rules.lines[0][0].bit_length() - 1
    fits = all(
        line[place] == 1 << (suit * width + (place + rotation) % width)
        for suit, line in enumerate(rules.lines)
        for place in range(len(line))
    )
    return (width, rotation) if fits and len(rules.order) <= width <= 16 else None


def rules_kernel(rules: Rules) -> object:
    """``rules`` as the compiled core reads them (an opaque object), or ``None`` without it."""
    found = layout(rules)
    if core is None or found is None:
        return None
    width, rotation = found
    pack = rules.pack
    points = tuple(rules.points[card.rank] for card in pack.cards)
    dealt = tuple(pack.index(card) for card in rules.dealt.cards)
    return core.family_rules(
        pack.cards,
        rules.cards_mask,
        dealt,
        points,
        (
            width,
            rotation,
            len(rules.order),
            rules.centre_place,
            rules.opening_bit.bit_length() - 1,
            _FIRST[rules.first],
            rules.layout,
            _POLICIES[rules.policy],
            rules.limit,
            rules.to_end,
            rules.first_out_ends,
            _RANKINGS[rules.ranking],
            rules.by_passes,
            rules.dense,
            rules.chips,
        ),
    )


def bindings() -> dict[str, object]:
    """What the compiled core works on: the classes of the family's states and the slots it reads.

    It asks for these once, on its first call, after the package has been imported.
    """
    from ..sevens.scoring import Standing
    from .moves import PASS
    from .state import FamilyState, Setup

    return {
        "state": FamilyState,
        "state_slots": (
            "_setup",
            "_parent",
            "_table",
            "_seat",
            "_actions",
            "_passes",
            "_finished",
            "_burst",
            "_centre",
            "_streak",
            "_faults",
        ),
        "setup": Setup,
        "setup_slots": ("deal", "kernel", "dealer"),
        "card": Card,
        "low_card": type(Card.parse("2♣")),
        "card_slots": ("_order",),
        "pass": PASS,
        "standing": Standing,
        "random": random.Random,
    }


_fast_family_act = None if core is None else core.family_act


def kernels() -> Kernels | None:
    """``apply`` of an action number in C, for the environments; ``None`` without the core."""
    if _fast_family_act is None:
        return None
    return Kernels(act=_fast_family_act)
