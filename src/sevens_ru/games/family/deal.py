"""The deal (F7, F8): the hand sizes for a dealer, seeded deals and explicit ones checked.

The whole pack is dealt one card at a time, starting with the dealer's left neighbour
(seat ``dealer + 1``) and going in turn order, so the first ``len(pack) mod n`` seats
from there hold one card more. With the default dealer, ``n − 1``, that is exactly R5.

>>> hand_sizes(52, 5, 4), hand_sizes(52, 5, 1)
((11, 11, 10, 10, 10), (10, 10, 11, 11, 10))
>>> hand_sizes(40, 3, 2)
(14, 13, 13)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...common._hands import read_hands
from ...common._numbers import as_int
from ...common._quote import got
from ...common.cards import Card
from ...common.shuffle import shuffled_bytes
from ...errors import InvalidDealError
from .kernels import core
from .presets import Rules

__all__ = ["check_dealer", "deal_hands", "deal_seeded", "hand_sizes"]

# The compiled core's seeded deal (games/family/_kernels.c), None with the pure-Python engine.
_fast_family_deal = None if core is None else core.family_deal


def hand_sizes(cards: int, players: int, dealer: int) -> tuple[int, ...]:
    """How many of ``cards`` each seat is dealt with ``dealer`` dealing (F7)."""
    return tuple(
        len(range((seat - dealer - 1) % players, cards, players)) for seat in range(players)
    )


def check_dealer(dealer: object, players: int) -> int:
    """``dealer`` as an ``int`` seat (``None``: the default ``n − 1``, F7), else :class:`InvalidDealError`."""
    if dealer is None:
        return players - 1
    number = as_int(dealer)
    if number is None or not 0 <= number < players:
        raise InvalidDealError(
            f"the dealer is a seat from 0 to {players - 1} (F7), got {got(dealer)}"
        )
    return number


def deal_seeded(rules: Rules, players: int, dealer: int, seed: object) -> tuple[int, ...]:
    """The hands (card sets of ``rules.pack``) of the deal that ``seed`` shuffles.

    The dealt cards, in the order of ``rules.dealt``, are shuffled by
    :func:`sevens_ru.shuffle.shuffled`, and the card at position ``p`` goes to seat
    ``(dealer + 1 + p) mod n`` (F7). For the Russian pack and the default dealer, that is
    the deal of :func:`sevens_ru.new_game` itself.
    """
    number = as_int(seed)
    if number is None:
        raise InvalidDealError(f"the seed must be an int, got {got(seed)}")
    if _fast_family_deal is not None and rules.kernel is not None:  # the same deal in C
        dealt: tuple[int, ...] = _fast_family_deal(rules.kernel, players, dealer, number)
        return dealt
    order = shuffled_bytes(number, len(rules.dealt))
    bits = [1 << rules.pack.index(card) for card in rules.dealt.cards]
    hands = [0] * players
    for position, card in enumerate(order):
        hands[(dealer + 1 + position) % players] |= bits[card]
    return tuple(hands)


def deal_hands(
    rules: Rules, players: int, dealer: int, hands: Sequence[Iterable[Card | str]]
) -> tuple[int, ...]:
    """Check an explicit deal (F8) and return its hands as card sets of ``rules.pack``.

    The hands must be disjoint, make up exactly the cards dealt, and have the sizes F7
    gives for ``dealer``.
    """
    masks, _ = read_hands(
        players,
        hands,
        cite="F8",
        pack=rules.pack,
        within=rules.cards_mask,
        outside=f"which is not in the pack of the game ({rules.dealt.name}, F6)",
    )
    sizes = hand_sizes(len(rules.dealt), players, dealer)
    missing = rules.cards_mask & ~sum(masks)
    lacking = (
        f"; the deal lacks {' '.join(map(str, rules.pack.cards_of(missing)))}" if missing else ""
    )
    for seat, (mask, size) in enumerate(zip(masks, sizes, strict=True)):
        if mask.bit_count() != size:
            shown = ", ".join(map(str, sizes))
            raise InvalidDealError(
                f"seat {seat} holds {mask.bit_count()} cards, expected {size} (F7: with "
                f"{players} players and dealer {dealer}, the hands hold {shown}){lacking}"
            )
    return tuple(masks)
