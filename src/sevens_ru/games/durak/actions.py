"""Action numbers of old Durak: one fixed number for every lead, cover and take there can be.

The numbering, in the order :func:`~sevens_ru.durak.legal_moves` lists the moves, so
that :func:`~sevens_ru.durak.legal_actions` is ascending and in the same order:

- **0 to 134, the leads** (D6): a lead of rank ``r`` (6 = 0, 7 = 1, …, ace = 8) is
  ``15 r + k``, where ``k`` is the place of its set of suits among the 15 non-empty
  sets of suits taken in this order: fewer suits first, then by the lowest suit, then
  by the next ones (♣, ♦, ♥, ♠, ♣♦, ♣♥, ♣♠, ♦♥, ♦♠, ♥♠, ♣♦♥, ♣♦♠, ♣♥♠, ♦♥♠, ♣♦♥♠).
- **135 to 1250, the covers** (D8): by attacking card in :data:`~sevens_ru.DECK`
  order, then by covering card in deck order, counting only the cards that could ever
  cover it whatever the trump: every card of the other suits, and the higher cards of
  its own suit (35 for a six, 27 for an ace).
- **1251, the take** (D9).

>>> from sevens_ru import durak
>>> durak.NUM_ACTIONS
1252
>>> durak.action_of("lead 6♣"), durak.action_of("lead 7♣ 7♦"), durak.action_of("take")
(0, 19, 1251)
>>> durak.move_of(135), durak.move_of(1250)
(Cover('6♣', '7♣'), Cover('A♠', 'A♥'))
>>> state = durak.new_game(2, seed=1)
>>> [durak.move_of(action) for action in durak.legal_actions(state)] == list(durak.legal_moves(state))
True
"""

from __future__ import annotations

from ...common._numbers import as_action
from ...errors import InvalidMoveError
from .deal import PACK
from .moves import Cover, Lead, Move, Take, parse_move

_CARDS = PACK.cards  # card i of every card set

__all__ = [
    "COVER_ACTIONS",
    "LEAD_ACTIONS",
    "NUM_ACTIONS",
    "TAKE_ACTION",
    "action_of",
    "defence_mask",
    "lead_mask",
    "move_of",
]

# The non-empty sets of suits (bit s = suit s) in the order of the leads of one rank.
_SUIT_SETS = sorted(range(1, 16), key=lambda suits: (suits.bit_count(), suits & -suits, suits))
_PLACE_OF_SUITS = {suits: place for place, suits in enumerate(_SUIT_SETS)}
# _LEAD_PATTERN[suits]: the leads (places 0-14) that the cards of one rank in ``suits`` allow.
_LEAD_PATTERN = tuple(
    sum(1 << place for place, subset in enumerate(_SUIT_SETS) if subset & ~suits == 0)
    for suits in range(16)
)


def _suit_start(index: int) -> int:
    return index - index % 9


# Per attacking card: the first cover number, and how many cards could ever cover it.
_COVER_COUNTS = tuple(35 - (index - _suit_start(index)) for index in range(len(PACK)))
_COVER_BASE = tuple(135 + sum(_COVER_COUNTS[:index]) for index in range(len(PACK)))

LEAD_ACTIONS = range(135)
"""The action numbers of the leads: 9 ranks × 15 sets of suits."""
COVER_ACTIONS = range(135, _COVER_BASE[-1] + _COVER_COUNTS[-1])
"""The action numbers of the covers: 1,116 pairs of an attacking and a covering card."""
TAKE_ACTION = COVER_ACTIONS.stop
"""The action number of the take: 1251, the last."""
NUM_ACTIONS = TAKE_ACTION + 1
"""The number of actions of old Durak: 1,252."""


def _moves() -> tuple[Move, ...]:
    moves: list[Move] = [
        Lead([_CARDS[suit * 9 + rank] for suit in range(4) if suits >> suit & 1])
        for rank in range(9)
        for suits in _SUIT_SETS
    ]
    for attack in PACK.cards:
        start = _suit_start(attack.index)
        moves.extend(
            Cover(attack, card) for card in PACK.cards if not start <= card.index <= attack.index
        )
    moves.append(Take())
    return tuple(moves)


_MOVES = _moves()


def action_of(move: Move | str) -> int:
    """The action number of ``move`` (a :class:`~sevens_ru.durak.Lead`, ``Cover`` or ``Take``, or its text).

    >>> from sevens_ru import durak
    >>> durak.action_of(durak.Cover("6♣", "7♣")), durak.action_of("cover 6♣ 6♦")
    (135, 143)
    >>> durak.action_of("cover 8♣ 7♣")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidMoveError: cover 8♣ 7♣ is never legal (a lower card of the same suit, D8), so it has no action number

    Raises:
        InvalidMoveError: ``move`` is not a move (or move text), or a cover that no
            trump makes legal.
    """
    if isinstance(move, str):
        move = parse_move(move)
    if isinstance(move, Lead):
        suits = 0
        for card in move.cards:
            suits |= 1 << card.suit
        return 15 * (move.rank - 6) + _PLACE_OF_SUITS[suits]
    if isinstance(move, Cover):
        attack, cover = move.attack.index, move.card.index
        start = _suit_start(attack)
        if start <= cover <= attack:
            raise InvalidMoveError(
                f"{move} is never legal (a lower card of the same suit, D8), so it has no "
                "action number"
            )
        return _COVER_BASE[attack] + (cover if cover < start else cover - (attack - start + 1))
    if isinstance(move, Take):
        return TAKE_ACTION
    raise InvalidMoveError(
        "action_of() takes a move (durak.Lead, durak.Cover or durak.Take) or its text, "
        f"got {type(move).__name__} {move!r}"
    )


def move_of(action: int) -> Move:
    """The move that action number ``action`` stands for (any integral number, numpy's too).

    >>> from sevens_ru import durak
    >>> durak.move_of(19), durak.move_of(1251)
    (Lead(['7♣', '7♦']), Take())

    Raises:
        InvalidMoveError: ``action`` is not an integral number from 0 to 1251.
    """
    detail = f" (leads 0–134, covers 135–{TAKE_ACTION - 1}, take {TAKE_ACTION})"
    number = as_action(action, NUM_ACTIONS, "Durak", detail)
    return _MOVES[number]


def lead_mask(hand: int) -> int:
    """The leads (D6) from the card set ``hand``, as an int with bit ``a`` set for action ``a``.

    >>> from sevens_ru import mask_of, Card
    >>> mask = lead_mask(mask_of([Card.parse("7♣"), Card.parse("7♠"), Card.parse("9♦")]))
    >>> [action for action in range(135) if mask >> action & 1]
    [15, 18, 21, 46]
    """
    mask = 0
    for rank, suits in suits_by_rank(hand):
        mask |= _LEAD_PATTERN[suits] << 15 * rank
    return mask


def suits_by_rank(hand: int) -> list[tuple[int, int]]:
    """The ranks that the card set ``hand`` holds (0 for 6 to 8 for A), each with its suits.

    The suits of a rank are a 4-bit set, bit ``s`` for suit ``s``: the cards of that rank
    a lead may be made of (D6).

    >>> from sevens_ru import mask_of, Card
    >>> suits_by_rank(mask_of([Card.parse("7♣"), Card.parse("7♠"), Card.parse("9♦")]))
    [(1, 9), (3, 2)]
    """
    found = []
    for rank in range(9):
        suits = (
            (hand >> rank & 1)
            | (hand >> (rank + 8) & 2)
            | (hand >> (rank + 16) & 4)
            | (hand >> (rank + 24) & 8)
        )
        if suits:
            found.append((rank, suits))
    return found


def defence_mask(hand: int, uncovered: int, beaten_by: tuple[int, ...]) -> int:
    """The covers of the ``uncovered`` cards from ``hand`` and the take (D8, D9), as an action mask.

    All three are as for :func:`~sevens_ru.durak.game.defences`: card sets, and the
    card sets that beat each card under the trump.

    >>> from sevens_ru import Card, Suit, mask_of
    >>> from sevens_ru.games.durak.state import BEATEN_BY
    >>> hand = mask_of([Card.parse("8♣"), Card.parse("6♠")])
    >>> mask = defence_mask(hand, Card.parse("7♣").bit, BEATEN_BY[Suit.SPADES])
    >>> [move_of(action) for action in range(NUM_ACTIONS) if mask >> action & 1]
    [Cover('7♣', '8♣'), Cover('7♣', '6♠'), Take()]
    """
    mask = 1 << TAKE_ACTION
    while uncovered:
        low = uncovered & -uncovered
        attack = low.bit_length() - 1
        covers = hand & beaten_by[attack]
        if covers:
            start = attack - attack % 9
            packed = (covers & ((1 << start) - 1)) | (covers >> (attack + 1) << start)
            mask |= packed << _COVER_BASE[attack]
        uncovered ^= low
    return mask
