"""What one seat may see (D17): its own hand and everything public, nothing else.

A :class:`~sevens_ru.durak.PlayerView` holds no reference to the game state: it is built from the
public facts alone, so no other seat's hand and no undealt card can be reached from
it. Two deals that differ only by cards swapped between *other* seats (or the undealt
cards) give equal views as long as the play has not shown those cards.

>>> from sevens_ru import durak
>>> state = durak.apply(durak.new_game(3, dealer=0, seed=7), "lead 6♣")
>>> seen = durak.view(state, 2)
>>> seen.hand_sizes, seen.attacker, seen.defender, seen.current_player
((8, 8, 8), 1, 2, 2)
>>> seen.table  # seat 1 led 6♣, seats 2 and 0 joined (D7)
((Card.parse('6♣'), None), (Card.parse('6♦'), None), (Card.parse('6♥'), None))
>>> len(seen.legal_moves()), len(seen.unseen)  # the 16 cards of seats 0 and 1, 8 undealt
(17, 24)
"""

from __future__ import annotations

import attrs

from ...common._games import not_a_state
from ...common._numbers import as_int
from ...common.cards import Card, cards_from_mask, mask_of
from ...errors import InvalidSeatError
from .._layout import seat_view
from .actions import action_of, defence_mask, lead_mask
from .deal import HAND_SIZE, pack_mask
from .events import Covered, Joined, Led, Took
from .game import defences, leads
from .moves import Move
from .names import DURAK
from .options import Options
from .state import BEATEN_BY, GameState

__all__ = ["PlayerView", "view"]


@attrs.frozen
class PlayerView:
    """One seat's observation of a game of Durak (D17). Immutable; built by :func:`~sevens_ru.durak.view`.

    >>> from sevens_ru import durak
    >>> seen = durak.view(durak.new_game(2, dealer=0, seed=1), 1)
    >>> seen.seat, seen.current_player, seen.trump, len(seen.hand), seen.hand_sizes
    (1, 1, Card.parse('K♣'), 9, (9, 9))
    """

    seat: int
    """The seat that sees."""
    players: int
    """The number of players."""
    dealer: int
    """The seat that dealt."""
    options: Options
    """The rule options."""
    trump: Card
    """The trump card, shown to everyone (D4)."""
    hand: tuple[Card, ...]
    """The seat's own cards, in canonical order."""
    table: tuple[tuple[Card, Card | None], ...]
    """The attacking cards of the bout, each with its cover or ``None``."""
    set_aside: frozenset[Card]
    """The cards of the covered bouts (D10)."""
    hand_sizes: tuple[int, ...]
    """How many cards every seat holds."""
    out: tuple[int, ...]
    """The seats that have gone out, in the order they went out (D11)."""
    attacker: int | None
    """The seat that leads or led the bout; ``None`` once the game is over."""
    defender: int | None
    """The seat the bout is against; ``None`` once the game is over."""
    current_player: int | None
    """The seat to move; ``None`` once the game is over."""
    bouts: int
    """How many bouts have been settled."""
    takes_in_a_row: int
    """How many bouts in a row, up to now, ended with a take (D13)."""
    history: tuple[Led | Joined | Covered | Took, ...]
    """Every lead, join, cover and take so far, oldest first."""
    loser: int | None
    """The fool once the game is over (``None`` while playing and in a draw)."""

    @property
    def is_over(self) -> bool:
        """Whether the game is over."""
        return self.current_player is None

    @property
    def known_cards(self) -> tuple[frozenset[Card], ...]:
        """Per seat, the cards everyone knows it holds (D17).

        Those it took and has not played since, and, with 4 players and 36 cards, the
        trump card while the dealer still holds it.

        >>> from sevens_ru import durak
        >>> state = durak.new_game(4, dealer=1, seed=3)
        >>> durak.view(state, 0).known_cards[1] == {state.trump}
        True
        """
        known = [0] * self.players
        if self.players * HAND_SIZE == pack_mask(self.options.short_deck).bit_count():
            known[self.dealer] = self.trump.bit  # D4: the dealer's last card
        for event in self.history:
            if isinstance(event, Took):
                known[event.seat] |= mask_of(event.cards)
            elif isinstance(event, (Led, Joined)):
                known[event.seat] &= ~mask_of(event.cards)
            else:
                known[event.seat] &= ~event.card.bit
        return tuple(frozenset(cards_from_mask(cards)) for cards in known)

    @property
    def unseen(self) -> frozenset[Card]:
        """The cards this seat cannot place: in other hands, not known to be there, or undealt."""
        cards = pack_mask(self.options.short_deck) & ~mask_of(self.hand) & ~mask_of(self.set_aside)
        for attack, cover in self.table:
            cards &= ~attack.bit & ~(cover.bit if cover else 0)
        for seat, known in enumerate(self.known_cards):
            if seat != self.seat:
                cards &= ~mask_of(known)
        if self.players * HAND_SIZE < pack_mask(self.options.short_deck).bit_count():
            cards &= ~self.trump.bit  # D4: turned up from the cards left over
        return frozenset(cards_from_mask(cards))

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves this seat may make now, as :func:`~sevens_ru.durak.legal_moves` lists them.

        Empty unless it is this seat's turn.
        """
        if self.current_player != self.seat:
            return ()
        hand = mask_of(self.hand)
        if not self.table:
            return leads(hand)
        uncovered = mask_of(attack for attack, cover in self.table if cover is None)
        return defences(hand, uncovered, BEATEN_BY[self.trump.suit])

    # Card sets, for learners and fast bots: bit ``i`` is ``DECK[i]`` (see sevens_ru.mask_of).

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds, as a 36-bit card set: a view shows only its own seat's hand.

        Raises:
            InvalidSeatError: ``seat`` is not the view's own seat (the cards known to be
                in other hands are in :meth:`known_mask`).
        """
        if as_int(seat) != self.seat:
            raise InvalidSeatError(
                f"the view of seat {self.seat} shows only the hand of seat {self.seat}, "
                f"not of seat {seat!r} (D17); known_mask() gives the cards known to be there"
            )
        return mask_of(self.hand)

    def known_mask(self, seat: int) -> int:
        """:attr:`known_cards` of ``seat``, as a 36-bit card set.

        Raises:
            InvalidSeatError: ``seat`` is not a seat of this game.
        """
        number = as_int(seat)
        if number is None or not 0 <= number < self.players:
            raise InvalidSeatError(
                f"seat {seat!r} does not exist: seats are 0 to {self.players - 1}"
            )
        return mask_of(self.known_cards[number])

    @property
    def table_mask(self) -> int:
        """The cards of the bout, attacking cards and covers, as a card set."""
        mask = 0
        for attack, cover in self.table:
            mask |= attack.bit | (cover.bit if cover else 0)
        return mask

    @property
    def attack_mask(self) -> int:
        """The attacking cards of the bout, as a card set."""
        return mask_of(attack for attack, _ in self.table)

    @property
    def uncovered_mask(self) -> int:
        """The attacking cards not yet covered, as a card set."""
        return mask_of(attack for attack, cover in self.table if cover is None)

    @property
    def cover_mask(self) -> int:
        """The covers laid in this bout, as a card set."""
        return mask_of(cover for _, cover in self.table if cover is not None)

    @property
    def set_aside_mask(self) -> int:
        """:attr:`set_aside` as a card set."""
        return mask_of(self.set_aside)

    def legal_mask(self) -> int:
        """:meth:`legal_moves` as an int: bit ``a`` set when action ``a`` is legal (:mod:`~sevens_ru.durak.actions`).

        >>> from sevens_ru import durak
        >>> state = durak.new_game(2, seed=1)
        >>> durak.view(state, 1).legal_mask() == durak.legal_mask(state)
        True
        """
        if self.current_player != self.seat:
            return 0
        hand = mask_of(self.hand)
        if not self.table:
            return lead_mask(hand)
        return defence_mask(hand, self.uncovered_mask, BEATEN_BY[self.trump.suit])

    def legal_actions(self) -> tuple[int, ...]:
        """The action numbers of :meth:`legal_moves`, ascending and in the same order."""
        return tuple(action_of(move) for move in self.legal_moves())

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows (:func:`sevens_ru.svg.position`)."""
        from ...svg import position  # drawn on demand: the rules never need it

        return position(self)


def view(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may see of ``state`` (D17).

    >>> from sevens_ru import durak
    >>> state = durak.new_game(4, dealer=0, seed=2)
    >>> durak.view(state, 3).hand == state.hand(3), durak.view(state, 3).legal_moves()
    (True, ())

    Raises:
        InvalidSeatError: ``seat`` is not a seat of this game.
    """
    if not isinstance(state, GameState):
        raise not_a_state("view", state, game=DURAK)
    return seat_view(PlayerView, state, seat)
