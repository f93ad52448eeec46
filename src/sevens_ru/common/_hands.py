"""Reading explicit hands, one list of cards per seat, and checking the player count.

Both games validate an explicit deal the same way before their own rules (sizes,
trump card) apply: every hand is a list of cards, every card is read with
:meth:`~sevens_ru.Card.parse` unless it already is a ``Card``, and no card is dealt
twice. A player count is an int in the game's range. This module knows nothing of
either game's rules: each game gives its range and the rule that sets it.

>>> from sevens_ru.common._hands import read_hands
>>> from sevens_ru import cards_from_mask
>>> masks, owner = read_hands(2, [["9♦", "6♣"], ["AS"]], cite="R6")
>>> [cards_from_mask(mask) for mask in masks]
[(Card.parse('6♣'), Card.parse('9♦')), (Card.parse('A♠'),)]
>>> owner[Card.parse("A♠")]
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..errors import CardParseError, InvalidDealError, NotInPackError
from ._numbers import as_int
from ._quote import excerpt, got
from .cards import Card
from .packs import RUSSIAN_36, Pack

__all__ = ["check_dealer", "check_player_count", "read_hands"]


def check_player_count(players: object, fewest: int, most: int, *, game: str, rule: str) -> int:
    """``players`` as an ``int`` if it is an integral number from ``fewest`` to ``most``, else an :class:`InvalidDealError`.

    >>> check_player_count(5, 2, 4, game="Durak", rule="D2")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidDealError: Durak is for 2 to 4 players (D2), got 5
    """
    count = as_int(players)  # any integral number, numpy's too; never a bool
    if count is None:
        raise InvalidDealError(
            f"the number of players must be an int from {fewest} to {most}, got {got(players)}"
        )
    if not fewest <= count <= most:
        raise InvalidDealError(
            f"{game} is for {fewest} to {most} players ({rule}), got {excerpt(count)}"
        )
    return count


def check_dealer(players: int, dealer: object, *, rule: str, name: str = "the dealer") -> int:
    """``dealer`` as an ``int`` if it is a seat of a ``players``-seat game, else an :class:`InvalidDealError`.

    ``name`` says what the seat is in the message (``"first_dealer"``), ``rule`` the rule
    that makes it a seat.

    >>> check_dealer(4, 4, rule="M2")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidDealError: the dealer is a seat from 0 to 3 (M2), got 4
    """
    seat = as_int(dealer)  # any integral number, numpy's too; never a bool
    if seat is None or not 0 <= seat < players:
        shown = got(dealer) if seat is None else excerpt(seat)
        raise InvalidDealError(f"{name} is a seat from 0 to {players - 1} ({rule}), got {shown}")
    return seat


def read_hands(
    players: int,
    hands: Sequence[Iterable[Card | str]],
    *,
    cite: str,
    pack: Pack = RUSSIAN_36,
    within: int | None = None,
    outside: str = "",
) -> tuple[tuple[int, ...], dict[Card, int]]:
    """The hands as card sets of ``pack`` (bit ``i`` is ``pack.cards[i]``), and the seat holding each card.

    ``cite`` is the rule that forbids dealing a card twice (``"R6"``, ``"D3"``). A card
    outside ``pack``, or outside its card set ``within`` when one is given (the cards
    of the game, when its card sets are those of a larger pack), is refused with the
    reason ``outside``.

    >>> read_hands(2, [["2♣"], []], cite="R6", outside="which is not in the pack of 6 to A (R1)")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidDealError: seat 0 holds 2♣, which is not in the pack of 6 to A (R1)

    >>> read_hands(2, [["9♦"], ["9D"]], cite="R6")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidDealError: card 9♦ is dealt in the hands of seats 0 and 1; every card is dealt once (R6)

    Raises:
        InvalidDealError: ``hands`` is not a list of ``players`` lists of cards, a card
            does not parse or is outside ``pack``, or a card is dealt twice.
    """
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise InvalidDealError(
            f"hands must be a sequence with one hand per seat, got {type(hands).__name__}"
        )
    if len(hands) != players:
        raise InvalidDealError(f"expected {players} hands (one per seat), got {len(hands)}")
    masks = []
    owner: dict[Card, int] = {}
    for seat, hand in enumerate(hands):
        if isinstance(hand, (str, bytes)) or not isinstance(hand, Iterable):
            raise InvalidDealError(
                f"the hand of seat {seat} must be a list of cards such as ['9♦', '6♣'], "
                f"got {got(hand)}"
            )
        mask = 0
        for position, item in enumerate(hand):
            try:
                card = item if isinstance(item, Card) else Card.parse(item)
            except CardParseError as error:
                raise InvalidDealError(f"seat {seat}, card {position}: {error}") from error
            try:
                bit = 1 << pack.index(card)
            except NotInPackError:
                bit = 0
            if not bit or (within is not None and not within & bit):
                reason = outside or f"which is not in the pack {pack.name}"
                raise InvalidDealError(f"seat {seat} holds {card}, {reason}")
            if card in owner:
                where = (
                    f"twice in the hand of seat {seat}"
                    if owner[card] == seat
                    else f"in the hands of seats {owner[card]} and {seat}"
                )
                raise InvalidDealError(
                    f"card {card} is dealt {where}; every card is dealt once ({cite})"
                )
            owner[card] = seat
            mask |= bit
        masks.append(mask)
    return tuple(masks), owner
