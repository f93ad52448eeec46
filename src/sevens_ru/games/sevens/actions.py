"""Action numbers of the main game, for learners and search: a card's action is its index.

Action ``a`` plays ``DECK[a]`` (0 = 6♣ … 35 = A♠, see :attr:`Card.index`), so there are
:data:`NUM_ACTIONS` actions. :func:`sevens_ru.legal_actions` lists the legal ones in
ascending order, :func:`sevens_ru.legal_mask` gives them as a 36-bit int, and
:func:`sevens_ru.apply` takes an action number (any integral number, numpy's too) as
well as a card.

>>> import sevens_ru as s7
>>> s7.NUM_ACTIONS, s7.action_of("9♦"), s7.move_of(12)
(36, 12, Card.parse('9♦'))
>>> state = s7.new_game(4, seed=1)
>>> s7.legal_actions(state), s7.legal_mask(state) == 1 << 12
((12,), True)
>>> s7.apply(state, 12) == s7.apply(state, "9♦")
True
"""

from __future__ import annotations

from ...common._numbers import as_action
from ...common.cards import Card
from ...errors import InvalidMoveError
from .deal import PACK

_CARDS = PACK.cards

__all__ = ["NUM_ACTIONS", "action_of", "move_of"]

NUM_ACTIONS = len(PACK)
"""The number of actions of the main game: one per card, 36."""


def action_of(card: Card | str) -> int:
    """The action number that plays ``card`` (a :class:`Card` or card text): its index in :data:`DECK`.

    >>> from sevens_ru import action_of
    >>> action_of("6♣"), action_of("A♠")
    (0, 35)

    Raises:
        CardParseError: ``card`` is text that is not a card, or not a card at all.
        InvalidMoveError: a card of another pack (a 2, 3, 4 or 5), which no action plays.
    """
    if not isinstance(card, Card):
        card = Card.parse(card)
    try:
        return card.index
    except AttributeError:
        raise InvalidMoveError(
            f"{card} is not a card of the main game (R1: 6 to A), so no action plays it"
        ) from None


def move_of(action: int) -> Card:
    """The card that action number ``action`` plays (any integral number, numpy's too).

    >>> from sevens_ru import move_of
    >>> move_of(35)
    Card.parse('A♠')
    >>> move_of(36)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidMoveError: there is no action 36: the actions of the main game are 0 to 35, one per card

    Raises:
        InvalidMoveError: ``action`` is not an integral number from 0 to 35.
    """
    return _CARDS[check_action(action)]


def check_action(action: object) -> int:
    """``action`` as an ``int`` if it is an action number of the main game, else an :class:`InvalidMoveError`."""
    return as_action(action, NUM_ACTIONS, "the main game", ", one per card")
