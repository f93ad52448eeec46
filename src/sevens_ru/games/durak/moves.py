"""The three moves of old Durak and their text form: ``lead``, ``cover`` and ``take``.

A :class:`~sevens_ru.durak.Lead` puts one to four cards of one rank on the table (D6); a
:class:`~sevens_ru.durak.Cover`
beats one attacking card with one card of the defender's hand (D8); a
:class:`~sevens_ru.durak.Take`
picks up every card of the bout (D9). Joining (D7) is not a move: the engine does it.

Every move has a text form, written by ``str`` and read by :func:`~sevens_ru.durak.parse_move`; the
cards may be written in any notation :meth:`~sevens_ru.Card.parse` knows.

>>> from sevens_ru import durak
>>> durak.parse_move("lead 7c 7♦"), durak.parse_move("COVER 7♣ В♣"), durak.parse_move("take")
(Lead(['7♣', '7♦']), Cover('7♣', 'J♣'), Take())
>>> str(durak.Lead(["7♦", "7♣"])), str(durak.Cover("7♣", "8♣"))
('lead 7♣ 7♦', 'cover 7♣ 8♣')
"""

from __future__ import annotations

from collections.abc import Iterable, Sized
from itertools import islice
from typing import TypeAlias

import attrs

from ...common._quote import excerpt, got
from ...common.cards import Card, Rank
from ...common.packs import RUSSIAN_36
from ...errors import CardParseError, InvalidMoveError

__all__ = [
    "LONGEST_MOVE_TEXT",
    "Cover",
    "InvalidMoveError",
    "Lead",
    "Move",
    "Take",
    "as_card",
    "parse_move",
]


def as_card(item: object) -> Card:
    """``item`` if it is a :class:`~sevens_ru.Card`, else ``Card.parse(item)``.

    >>> as_card("qs")
    Card.parse('Q♠')
    """
    if isinstance(item, Card):
        return item
    return Card.parse(item)  # type: ignore[arg-type]  # Card.parse explains what is not text


def _move_card(item: object) -> Card:
    """:func:`as_card`, for a card of a move: one of Durak's pack (D1), else InvalidMoveError.

    >>> _move_card("2♣")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidMoveError: 2♣ is not a card of Durak, whose pack is the 36 cards 6 to A (D1)
    """
    card = as_card(item)
    if card not in RUSSIAN_36:  # the pack of every Durak move, with the short deck too
        raise InvalidMoveError(
            f"{card} is not a card of Durak, whose pack is the 36 cards 6 to A (D1)"
        )
    return card


def _lead_cards(value: Iterable[Card | str]) -> tuple[Card, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidMoveError(
            f"Lead() takes a list of cards such as ['7♣', '7♦'], got {got(value)}; "
            "to read move text use parse_move('lead 7♣ 7♦')"
        )
    given = len(value) if isinstance(value, Sized) else None
    if given is not None and not 1 <= given <= 4:  # refused before any card is read
        raise InvalidMoveError(f"a lead is one to four cards of one rank (D6), got {given:,} cards")
    cards = sorted(_move_card(item) for item in islice(value, 5))
    if not 1 <= len(cards) <= 4:
        count = "more than 4" if cards else "no"
        raise InvalidMoveError(f"a lead is one to four cards of one rank (D6), got {count} cards")
    text = " ".join(map(str, cards))
    if len(set(cards)) != len(cards):
        raise InvalidMoveError(f"a lead names every card once, got {text}")
    if len({card.rank for card in cards}) != 1:
        raise InvalidMoveError(f"the cards of a lead are all of one rank (D6), got {text}")
    return tuple(cards)


@attrs.frozen(repr=False)
class Lead:
    """The attacker puts ``cards`` on the table against the defender (D6).

    The cards, one to four of one rank, are kept in canonical order, so two leads of the
    same cards are equal however they were listed.

    >>> from sevens_ru import durak
    >>> lead = durak.Lead(["7♦", "7♣"])
    >>> lead.cards, lead.rank
    ((Card.parse('7♣'), Card.parse('7♦')), <Rank.SEVEN: 7>)
    >>> durak.Lead(["7♣", "8♣"])
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidMoveError: the cards of a lead are all of one rank (D6), got 7♣ 8♣
    """

    cards: tuple[Card, ...] = attrs.field(converter=_lead_cards)
    """The cards led, in canonical order."""
    mask: int = attrs.field(init=False, eq=False)
    """The cards led as a 36-bit card set (see :func:`sevens_ru.mask_of`)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "mask", sum(card.bit for card in self.cards))

    @property
    def rank(self) -> Rank:
        """The rank of the cards led."""
        return self.cards[0].rank

    def __str__(self) -> str:
        return "lead " + " ".join(map(str, self.cards))

    def __repr__(self) -> str:
        return f"Lead({[str(card) for card in self.cards]!r})"


@attrs.frozen(repr=False)
class Cover:
    """The defender beats the attacking card ``attack`` with ``card`` from his hand (D8).

    >>> from sevens_ru import durak
    >>> move = durak.Cover("7♣", "8♣")
    >>> move.attack, move.card, str(move)
    (Card.parse('7♣'), Card.parse('8♣'), 'cover 7♣ 8♣')
    """

    attack: Card = attrs.field(converter=_move_card)
    """The attacking card being covered."""
    card: Card = attrs.field(converter=_move_card)
    """The card laid on it."""

    def __attrs_post_init__(self) -> None:
        if self.attack == self.card:
            raise InvalidMoveError(f"a card cannot cover itself: cover {self.attack} {self.card}")

    def __str__(self) -> str:
        return f"cover {self.attack} {self.card}"

    def __repr__(self) -> str:
        return f"Cover({str(self.attack)!r}, {str(self.card)!r})"


@attrs.frozen
class Take:
    """The defender takes every card of the bout into his hand (D9).

    >>> from sevens_ru import durak
    >>> durak.Take() == durak.parse_move("take"), str(durak.Take())
    (True, 'take')
    """

    def __str__(self) -> str:
        return "take"


Move: TypeAlias = Lead | Cover | Take
"""A move of old Durak: what :func:`~sevens_ru.durak.legal_moves` lists and
:func:`~sevens_ru.durak.apply` takes."""

LONGEST_MOVE_TEXT = 128
"""The longest text :func:`~sevens_ru.durak.parse_move` reads; longer text is refused at once."""

_VERBS = "'lead' and one to four cards of one rank, 'cover' and two cards, or 'take'"


def parse_move(text: str) -> Move:
    """Read a move written as ``"lead 7♣ 7♦"``, ``"cover 7♣ 8♣"`` or ``"take"``.

    The verb may be in any case; the cards in any notation of :meth:`sevens_ru.Card.parse`,
    separated by spaces. ``str(move)`` writes the text back.

    >>> from sevens_ru import durak
    >>> durak.parse_move("  cover qh kh ")
    Cover('Q♥', 'K♥')
    >>> durak.parse_move("beat 7♣ 8♣")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidMoveError: cannot read 'beat 7♣ 8♣' as a move: unknown verb 'beat'; expected 'lead' and one to four cards of one rank, 'cover' and two cards, or 'take'

    Text longer than :data:`~sevens_ru.durak.moves.LONGEST_MOVE_TEXT` characters is refused without being read.

    Raises:
        InvalidMoveError: ``text`` is not a move (the message says what is wrong).
    """
    if not isinstance(text, str):
        raise InvalidMoveError(
            f"expected move text such as 'lead 7♣ 7♦', 'cover 7♣ 8♣' or 'take', got {got(text)}"
        )
    if len(text) > LONGEST_MOVE_TEXT:
        raise InvalidMoveError(
            f"cannot read {excerpt(text)} as a move: a move is written in at most "
            f"{LONGEST_MOVE_TEXT} characters, e.g. 'lead 7♣ 7♦'"
        )
    words = text.split()
    quoted = excerpt(text)
    if not words:
        raise InvalidMoveError(f"cannot read {quoted} as a move: it is empty; expected {_VERBS}")
    verb, cards = words[0].lower(), words[1:]
    try:
        if verb == "take" and not cards:
            return _TAKE
        if verb == "cover" and len(cards) == 2:
            return Cover(cards[0], cards[1])
        if verb == "lead" and cards:
            return Lead(cards)
    except (InvalidMoveError, CardParseError) as error:
        raise InvalidMoveError(f"cannot read {quoted} as a move: {error}") from None
    if verb in ("take", "cover", "lead"):
        wanted = {"take": "no cards", "cover": "two cards", "lead": "one to four cards"}[verb]
        raise InvalidMoveError(
            f"cannot read {quoted} as a move: '{verb}' takes {wanted}, got {len(cards)}"
        )
    raise InvalidMoveError(
        f"cannot read {quoted} as a move: unknown verb {excerpt(words[0])}; expected {_VERBS}"
    )


_TAKE = Take()
