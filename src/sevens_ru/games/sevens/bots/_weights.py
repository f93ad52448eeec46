"""How likely each seat's observed plays were, under a softened heuristic, for a sampled deal.

:class:`~sevens_ru.bots.SearchBot` draws deals exactly uniformly among those consistent
with the facts (:mod:`sevens_ru.inference`); this module weighs each such deal by the
likelihood of the other seats' plays: at each of their past decisions with a choice,
the chance that a player who held that deal's hand would have played the card it did,
if it chose by the heuristic's score (the playouts' scores, see
:mod:`sevens_ru.games.sevens.bots._rollout`) softened into a softmax of the given temperature. With
uniform draws, these likelihoods are the importance weights of the deals under that
opponent model.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ....common._core import speedups
from .._board import BEYOND, NINES, OPENED_BY, playable_mask
from ..deal import PACK, hand_sizes
from ..events import Play
from ..observation import PlayerView
from ..scoring import card_points

_SIZE = len(PACK)  # the cards of the pack, 36

_WHOLE = PACK.full_mask  # the whole pack as a card set

__all__ = ["Decisions", "chain", "decisions", "log_likelihood"]

_IS_NINE = tuple(bool(NINES >> index & 1) for index in range(len(PACK)))
_POINTS = tuple(card_points(card) for card in PACK.cards)

Decisions = tuple[tuple[int, int, int, int, int, int], ...]
"""Per past play of another seat: (seat, the table before it, the cards playable then,
the card's index, the cards that seat played from then on, this card included, and
its :func:`danger_weight` then)."""


def decisions(view: PlayerView) -> Decisions:
    """The other seats' past plays in ``view``, as :data:`Decisions`."""
    table = 0
    sizes = list(hand_sizes(view.players, view.dealer))
    found: list[tuple[int, int, int, int]] = []
    for event in view.history:
        if isinstance(event, Play):
            if event.seat != view.seat:
                found.append(
                    (event.seat, table, event.card.index, danger_weight(sizes, event.seat))
                )
            table |= event.card.bit
            sizes[event.seat] -= 1
    later = [0] * view.players
    result: list[tuple[int, int, int, int, int, int]] = []
    for seat, before, index, weight in reversed(found):
        later[seat] |= 1 << index
        result.append((seat, before, playable_mask(before), index, later[seat], weight))
    result.reverse()
    return tuple(result)


def score(index: int, own: int, theirs: int, weight: int) -> int:
    """The heuristic's score of playing ``DECK[index]`` from ``own``, in integers.

    :class:`~sevens_ru.bots.HeuristicBot`'s score with its default weights doubled,
    the cards of ``theirs`` (the others' cards) counted ``weight`` times (its danger,
    see :func:`danger_weight`), all times 16, plus the card's points (R3), which
    break ties as the heuristic breaks them.
    """
    released = OPENED_BY[index]
    waiting = BEYOND[index]
    own_released = (released & own).bit_count()
    value = (
        6 * (own_released - weight * (released & theirs).bit_count())
        + 2 * ((waiting & own).bit_count() - weight * (waiting & theirs).bit_count())
        + (0 if released else 1)
        - (4 if _IS_NINE[index] and not own_released else 0)
    )
    return value * 16 + _POINTS[index]


def danger_weight(sizes: Sequence[int], turn: int) -> int:
    """How many times seat ``turn`` counts the others' cards, by the hand sizes.

    The heuristic's ``danger``: an opponent's card weighs ``1 + 2 / cards left`` of its
    most dangerous possible holder with at most 2 cards; here every other seat counts
    as a possible holder: 3 when one holds a single card, 2 when the fewest are two.
    """
    fewest = min((size for seat, size in enumerate(sizes) if seat != turn), default=_SIZE)
    return 3 if fewest == 1 else 2 if fewest == 2 else 1


def log_likelihood(hands: tuple[int, ...], past: Decisions, temperature: float) -> float:
    """The log-likelihood of the plays ``past`` if the hands now are ``hands``.

    At each decision a seat holds its hand now plus the cards it played from then on;
    it plays a card with probability ``exp(score / temperature)`` over the sum of that
    over its playable cards (a single playable card: probability 1). Summed seat by seat.
    """
    if speedups is not None:  # the compiled core: the same sums in C
        return float(speedups.log_likelihood(hands, past, temperature))
    total = 0.0
    for seat, hand in enumerate(hands):
        total += _seat_log_likelihood(past, seat, hand, temperature)
    return total


def _seat_log_likelihood(past: Decisions, seat: int, hand: int, temperature: float) -> float:
    """The log-likelihood of the plays of ``seat`` in ``past`` if it holds ``hand`` now."""
    total = 0.0
    for who, table, playable, index, later, weight in past:
        if who != seat:
            continue
        own = hand | later
        moves = own & playable
        if not moves & (moves - 1):
            continue
        theirs = _WHOLE & ~table & ~own
        scores = []
        while moves:
            low = moves & -moves
            moves ^= low
            scores.append(score(low.bit_length() - 1, own, theirs, weight))
        top = max(scores)
        scale = 16 * temperature
        spread = 0.0
        for value in scores:  # in order, as the compiled core adds them up
            spread += math.exp((value - top) / scale)
        total += (score(index, own, theirs, weight) - top) / scale - math.log(spread)
    return total


def chain(
    hands: tuple[int, ...],
    allowed: tuple[int, ...],
    seat: int,
    past: Decisions,
    temperature: float,
    steps: int,
    rng: random.Random,
) -> tuple[int, ...]:
    """``steps`` steps of a Markov chain over the deals, from ``hands``; the deal reached.

    A step picks two other seats than ``seat`` (the viewer), a card of each, and
    proposes to swap them: refused if either seat may not hold its new card
    (``allowed``, per seat, R21), else accepted with probability
    ``min(1, L(new) / L(old))`` for the likelihood ``L`` of :func:`log_likelihood`.
    Swaps keep the hand sizes and the proposal is symmetric, so the chain's
    equilibrium is the uniform distribution over the consistent deals weighted by
    ``L``: the deals as likely as the other seats' plays make them. The viewer must
    be the seat to play (the sampler's R11 constraint on the seat to play is then its
    own). Random numbers come from ``rng.getrandbits`` alone.
    """
    if speedups is not None:  # the compiled core: the same chain and draws in C
        return tuple(speedups.chain(hands, allowed, seat, past, temperature, steps, rng))
    current = list(hands)
    others = [other for other in range(len(hands)) if other != seat]
    many = len(others)
    likelihood = [
        _seat_log_likelihood(past, other, hand, temperature) for other, hand in enumerate(current)
    ]
    for _ in range(steps if many > 1 else 0):
        pair = _below(rng, many * (many - 1))
        first = others[pair // (many - 1)]
        second = pair % (many - 1)
        second = others[second + 1 if second >= pair // (many - 1) else second]
        if not current[first] or not current[second]:
            continue
        one = _below(rng, current[first].bit_count())
        other = _below(rng, current[second].bit_count())
        give = _nth_card(current[first], one)
        take = _nth_card(current[second], other)
        if not allowed[second] & give or not allowed[first] & take:
            continue  # a card the other seat cannot hold (R21)
        mine = current[first] ^ give ^ take
        theirs = current[second] ^ take ^ give
        now = _seat_log_likelihood(past, first, mine, temperature)
        then = _seat_log_likelihood(past, second, theirs, temperature)
        ratio = (now + then) - (likelihood[first] + likelihood[second])
        if ratio < 0 and not rng.getrandbits(53) * 2.0**-53 < math.exp(ratio):
            continue
        current[first], current[second] = mine, theirs
        likelihood[first], likelihood[second] = now, then
    return tuple(current)


def _below(rng: random.Random, limit: int) -> int:
    """A number below ``limit``: ``getrandbits`` of its length, again while too big."""
    bits = limit.bit_length()
    while True:
        value = rng.getrandbits(bits)
        if value < limit:
            return value


def _nth_card(cards: int, number: int) -> int:
    """The card ``number`` (from 0, in deck order) of the set ``cards``, as a set."""
    for _ in range(number):
        cards &= cards - 1
    return cards & -cards
