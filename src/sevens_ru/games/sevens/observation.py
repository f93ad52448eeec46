"""What one seat may see (R20): its own hand and everything public, nothing else.

A :class:`PlayerView` holds no reference to the game state: it is built from the
public facts alone, so no other seat's hand can be reached from it. Two deals that
differ only by cards swapped between *other* seats give equal views.

>>> import sevens_ru as s7
>>> state = s7.apply(s7.new_game(4, seed=1), "9♦")
>>> seen = s7.view(state, 3)
>>> seen.seat, seen.hand_sizes, seen.legal_moves()
(3, (9, 8, 9, 9), (Card.parse('9♣'), Card.parse('8♦'), Card.parse('9♠')))
>>> len(seen.unseen)  # the 26 cards in the other hands
26
"""

from __future__ import annotations

import attrs

from ...common._games import not_a_state
from ...common._numbers import as_int
from ...common._quote import got
from ...common.cards import Card, Rank, Suit, cards_from_mask, mask_of
from ...errors import InvalidCardError, InvalidSeatError
from .._layout import seat_view
from ._board import playable_mask
from .deal import PACK
from .events import Pass, Play
from .names import SEVENS
from .options import Options
from .state import GameState

_WHOLE = PACK.full_mask  # the whole pack as a card set

__all__ = ["PlayerView", "view"]


@attrs.frozen
class PlayerView:
    """One seat's observation of a game (R20). Immutable; built by :func:`view`.

    It holds the seat's own hand and the public facts, and nothing from which another
    seat's cards could be read: bots take a view, never a state.

    >>> import sevens_ru as s7
    >>> seen = s7.view(s7.apply(s7.new_game(4, seed=1), "9♦"), 2)
    >>> seen.seat, seen.current_player, seen.passes
    (2, 3, (0, 0, 1, 0))
    >>> seen.history
    (Play(seat=1, card=Card.parse('9♦')), Pass(seat=2))
    """

    seat: int
    """The seat that sees."""
    players: int
    """The number of players."""
    dealer: int
    """The dealer (M2): seat ``dealer + 1`` received the first card."""
    options: Options
    """The ranking options."""
    hand: tuple[Card, ...]
    """The seat's own cards, in canonical order."""
    table: frozenset[Card]
    """The cards on the table."""
    hand_sizes: tuple[int, ...]
    """How many cards every seat holds."""
    passes: tuple[int, ...]
    """How many times every seat has passed."""
    current_player: int | None
    """The seat to play, or ``None`` once the game is over."""
    history: tuple[Play | Pass, ...]
    """Every play and pass so far, oldest first."""
    winner: int | None
    """The winner once the game is over, else ``None``."""

    def row(self, suit: Suit) -> tuple[Rank, Rank] | None:
        """The lowest and highest rank of ``suit``'s row, or ``None`` if it is not open.

        >>> import sevens_ru as s7
        >>> seen = s7.view(s7.apply(s7.new_game(4, seed=1), "9♦"), 0)
        >>> seen.row(s7.Suit.DIAMONDS), seen.row(s7.Suit.SPADES)
        ((<Rank.NINE: 9>, <Rank.NINE: 9>), None)
        """
        if not isinstance(suit, Suit):
            raise InvalidCardError(f"row() takes a Suit, got {got(suit)}")
        ranks = [card.rank for card in self.table if card.suit == suit]
        return (min(ranks), max(ranks)) if ranks else None

    @property
    def is_over(self) -> bool:
        """Whether the game is over (someone played their last card, R14)."""
        return self.current_player is None

    @property
    def table_mask(self) -> int:
        """The cards on the table, as a 36-bit card set."""
        return mask_of(self.table)

    @property
    def unseen(self) -> frozenset[Card]:
        """The cards neither in this hand nor on the table: those the other seats hold.

        >>> import sevens_ru as s7
        >>> len(s7.view(s7.new_game(3, seed=4), 0).unseen)
        24
        """
        return frozenset(cards_from_mask(_WHOLE & ~mask_of(self.hand) & ~self.table_mask))

    @property
    def playable_mask(self) -> int:
        """:meth:`playable` as a 36-bit card set."""
        return playable_mask(self.table_mask)

    def playable(self) -> tuple[Card, ...]:
        """Every card that its holder could play now, wherever it is (R7, R9).

        >>> import sevens_ru as s7
        >>> s7.view(s7.new_game(2, seed=1), 0).playable()
        (Card.parse('9♦'),)
        """
        return cards_from_mask(self.playable_mask)

    def legal_moves(self) -> tuple[Card, ...]:
        """The cards this seat may play now: empty unless it is this seat's turn.

        >>> import sevens_ru as s7
        >>> state = s7.new_game(4, seed=1)  # seat 1 holds 9♦
        >>> s7.view(state, 1).legal_moves(), s7.view(state, 0).legal_moves()
        ((Card.parse('9♦'),), ())
        """
        return cards_from_mask(self.legal_mask())

    # Card sets, for learners and fast bots: bit ``i`` is ``DECK[i]`` (see sevens_ru.mask_of).

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds, as a 36-bit card set: a view shows only its own seat's hand.

        >>> import sevens_ru as s7
        >>> seen = s7.view(s7.new_game(4, seed=1), 2)
        >>> s7.cards_from_mask(seen.hand_mask(2)) == seen.hand
        True
        >>> seen.hand_mask(1)
        Traceback (most recent call last):
        ...
        sevens_ru.errors.InvalidSeatError: the view of seat 2 shows only the hand of seat 2, not of seat 1 (R20)

        Raises:
            InvalidSeatError: ``seat`` is not the view's own seat.
        """
        if as_int(seat) != self.seat:
            raise InvalidSeatError(
                f"the view of seat {self.seat} shows only the hand of seat {self.seat}, "
                f"not of seat {seat!r} (R20)"
            )
        return mask_of(self.hand)

    def legal_mask(self) -> int:
        """:meth:`legal_moves` as a 36-bit int: bit ``a`` set when action ``a`` (``DECK[a]``) is legal."""
        if self.current_player != self.seat:
            return 0
        return mask_of(self.hand) & self.playable_mask

    def legal_actions(self) -> tuple[int, ...]:
        """The action numbers of :meth:`legal_moves`, ascending (the cards' indexes in :data:`DECK`).

        >>> import sevens_ru as s7
        >>> s7.view(s7.new_game(4, seed=1), 1).legal_actions()
        (12,)
        """
        return tuple(card.index for card in cards_from_mask(self.legal_mask()))

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows (:func:`sevens_ru.svg.position`)."""
        from ...svg import position  # drawn on demand: the rules never need it

        return position(self)


def view(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may see of ``state`` (R20).

    >>> import sevens_ru as s7
    >>> seen = s7.view(s7.new_game(2, seed=6), 0)
    >>> len(seen.hand), seen.hand_sizes
    (18, (18, 18))

    Raises:
        InvalidSeatError: ``seat`` is not a seat of this game.
        NotAGameStateError: ``state`` is not a :class:`GameState`.
    """
    if not isinstance(state, GameState):
        raise not_a_state("view", state, game=SEVENS)
    return seat_view(PlayerView, state, seat)
