"""The heuristic's policy on card sets: the scores of :class:`~sevens_ru.games.family.bots.HeuristicBot`, and its move.

One place for the scores that the heuristic bot plays by and that the search bot's
greedy playouts (:func:`~sevens_ru.games.family.playout.greedy_playout`) play every
seat by; the compiled core's greedy playouts (``_kernels.c``) compute the same integers.
A seat that sees ``own`` and ``table`` counts as the others' every card that is in
neither (``theirs``). For a playable card it looks at the cards it *releases* (that
become playable, F11, with shichinarabe's islands, N6) and those *beyond* it, further
from the centre in the direction its row would grow (both ways for a centre card); see
:func:`score`. Domino's first card (DO2) is scored by :func:`opening_key`.

>>> from sevens_ru import Card
>>> from sevens_ru.games.family.options import Sevens52Options
>>> from sevens_ru.games.family.presets import rules_for
>>> rules = rules_for("sevens-52", Sevens52Options())
>>> pack = rules.pack
>>> own, table = pack.mask_of(["8♦", "9♦", "7♠"]), pack.mask_of(["7♦"])
>>> centre = rules.place(rules.centre)
>>> eight, seven = pack.index(Card.parse("8♦")), pack.index(Card.parse("7♠"))
>>> score(rules, own, table, centre, eight)  # 9♦ follows; 10♦ to K♦ wait, theirs
0.0
>>> score(rules, own, table, centre, seven)  # 6♠ and 8♠ theirs, 12 spades wait, lonely
-20.0
"""

from __future__ import annotations

from collections.abc import Callable

from .presets import Rules
from .rows import playable

__all__ = ["DEFAULT_WEIGHTS", "greedy_move", "may_pass", "opening_key", "score"]

DEFAULT_WEIGHTS = (3.0, 1.0, 0.5, 2.0)
"""The heuristic's weights ``follow``, ``beyond``, ``tempo`` and ``lonely``, by default."""


def score(
    rules: Rules,
    own: int,
    table: int,
    centre: int,
    index: int,
    weights: tuple[float, float, float, float] = DEFAULT_WEIGHTS,
) -> float:
    """The score of playing card ``index`` (playable) for a seat holding ``own``.

    ``follow`` for each released card of its own, less for each of the others'; ``beyond``
    for each own card beyond it, less for each of theirs; ``tempo`` for a card that
    releases nothing; ``lonely`` less for a centre card that releases none of its own.
    """
    follow, beyond, tempo, lonely = weights
    theirs = rules.cards_mask & ~own & ~table
    bit = 1 << index
    card = rules.pack.cards[index]
    place = rules.place(card.rank)
    released = playable(rules, table | bit, centre) & ~playable(rules, table, centre) & ~bit
    line = rules.lines[rules.pack.suits.index(card.suit)]
    if place == centre:
        waiting = sum(line) & ~bit
    elif place > centre:
        waiting = sum(line[place + 1 :])
    else:
        waiting = sum(line[:place])
    waiting &= ~table
    own_released = (released & own).bit_count()
    return (
        follow * (own_released - (released & theirs).bit_count())
        + beyond * ((waiting & own).bit_count() - (waiting & theirs).bit_count())
        + (tempo if not released else 0.0)
        - (lonely if place == centre and not own_released else 0.0)
    )


def opening_key(rules: Rules, own: int, index: int) -> int:
    """DO2: the worth of opening with card ``index``: the cards of its rank held, then own neighbours, then pips."""
    card = rules.pack.cards[index]
    place = rules.place(card.rank)
    line = rules.lines[rules.pack.suits.index(card.suit)]
    same = sum(1 for other in rules.lines if own & other[place])
    near = sum(1 for step in (-1, 1) if 0 <= place + step < len(line) and own & line[place + step])
    return same * 1000 + near * 100 + rules.points[card.rank]


def may_pass(rules: Rules, passes: int) -> bool:
    """Whether a seat that has passed ``passes`` times passes rather than play a card that scores below 0.

    Never under fan-tan's chips (T5: a pass while able costs a chip, a fine and more);
    in shichinarabe only while it keeps its last pass (N5: without one, a seat with no
    playable card bursts); elsewhere always (F13: the guard stops a round of passes).
    """
    if rules.chips:
        return False
    if rules.policy == "limited":
        return passes < rules.limit - 1
    return True


def greedy_move(
    rules: Rules,
    own: int,
    table: int,
    centre: int,
    moves: int,
    passes: int,
    draw: Callable[[], float],
    weights: tuple[float, float, float, float] = DEFAULT_WEIGHTS,
) -> int:
    """The heuristic's action for a seat holding ``own``, of the legal actions ``moves`` (a mask, PASS at ``len(pack)``).

    The card with the best score, then the most pips (S8, DO6), then ``int(draw() * k)``
    of the ``k`` cards still tied, in action order; ``PASS`` where the best card
    scores below 0 and :func:`may_pass` allows it. ``draw`` is called only for a tie.
    """
    count = len(rules.pack)
    cards = moves & ~(1 << count)
    if not cards:
        return count
    if not cards & (cards - 1) and cards == moves:
        return cards.bit_length() - 1
    keys: list[tuple[float, int, int]] = []
    while cards:
        low = cards & -cards
        cards ^= low
        index = low.bit_length() - 1
        if centre < 0:
            keys.append((opening_key(rules, own, index), 0, index))
        else:
            points = rules.points[rules.pack.cards[index].rank]
            keys.append((score(rules, own, table, centre, index, weights), points, index))
    best = max(key[:2] for key in keys)
    if moves >> count and centre >= 0 and best[0] < 0 and may_pass(rules, passes):
        return count
    tied = [key[2] for key in keys if key[:2] == best]
    return tied[0] if len(tied) == 1 else tied[int(draw() * len(tied))]
