"""Cards and their notation: the 36-card Russian pack (R1, R2).

This module knows the pack and how cards are written; it knows nothing about the
rules of any game played with it.

>>> from sevens_ru import Card, Rank, Suit, DECK
>>> card = Card.parse("10♦")
>>> card.rank, card.suit
(<Rank.TEN: 10>, <Suit.DIAMONDS: 1>)
>>> str(card), card.label("ru")
('10♦', '10♦')
>>> Card.parse("Д♦"), Card.parse("Т♠")  # Russian: Д (дама) is the queen, Т (туз) the ace
(Card.parse('Q♦'), Card.parse('A♠'))
>>> len(DECK), DECK[0], DECK[-1]
(36, Card.parse('6♣'), Card.parse('A♠'))
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Literal, get_args

import attrs

from .errors import CardParseError, InvalidCardError, UnknownLanguageError

__all__ = [
    "DECK",
    "LANGUAGES",
    "Card",
    "Language",
    "Rank",
    "Suit",
    "cards_from_mask",
    "mask_of",
]

Language = Literal["en", "ru", "fr", "de"]
"""A language code accepted by :meth:`Card.label` and :meth:`Rank.label`."""

LANGUAGES: tuple[Language, ...] = get_args(Language)
"""The language codes, in the order English, Russian, French, German."""


def _check_language(lang: Language) -> Language:
    if lang not in LANGUAGES:
        raise UnknownLanguageError(
            f"unknown language {lang!r}: expected one of {', '.join(map(repr, LANGUAGES))}"
        )
    return lang


class Suit(enum.IntEnum):
    """The four suits, in canonical order (R2): clubs < diamonds < hearts < spades.

    >>> Suit.HEARTS.symbol, Suit.HEARTS.letter
    ('♥', 'H')
    >>> sorted([Suit.SPADES, Suit.CLUBS])
    [<Suit.CLUBS: 0>, <Suit.SPADES: 3>]
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    @property
    def letter(self) -> str:
        """The English initial: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    def __str__(self) -> str:
        return self.symbol


_RANK_LABELS: dict[Language, tuple[str, ...]] = {
    "en": ("6", "7", "8", "9", "10", "J", "Q", "K", "A"),
    "ru": ("6", "7", "8", "9", "10", "В", "Д", "К", "Т"),
    "fr": ("6", "7", "8", "9", "10", "V", "D", "R", "A"),
    "de": ("6", "7", "8", "9", "10", "B", "D", "K", "A"),
}


class Rank(enum.IntEnum):
    """The nine ranks, low to high (R1). The value is the rank's number, 11–14 for faces.

    >>> Rank.QUEEN.label("en"), Rank.QUEEN.label("ru"), Rank.QUEEN.label("fr")
    ('Q', 'Д', 'D')
    >>> Rank(10), Rank.SIX < Rank.ACE
    (<Rank.TEN: 10>, True)
    """

    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    def label(self, lang: Language = "en") -> str:
        """The short name in ``lang``: ``"10"``, or a face letter (J/В/V/B for the jack...)."""
        return _RANK_LABELS[_check_language(lang)][self - 6]

    def __str__(self) -> str:
        return self.label()


def _check_rank(_card: object, _attribute: object, value: Rank) -> None:
    if not isinstance(value, Rank):
        raise InvalidCardError(
            f"Card() takes a Rank, got {type(value).__name__} {value!r}; "
            "to read card text such as '10♦' use Card.parse"
        )


def _check_suit(_card: object, _attribute: object, value: Suit) -> None:
    if not isinstance(value, Suit):
        raise InvalidCardError(
            f"Card() takes a Suit, got {type(value).__name__} {value!r}; "
            "to read card text such as '10♦' use Card.parse"
        )


@attrs.frozen(order=False, repr=False)
class Card:
    """A playing card: a :class:`Rank` and a :class:`Suit`.

    Cards compare in the canonical order of R2 (by suit, then by rank), and
    :attr:`index` is the card's position in :data:`DECK`.

    >>> Card(Rank.JACK, Suit.DIAMONDS)
    Card.parse('J♦')
    >>> Card.parse("9♦") < Card.parse("6♥") < Card.parse("A♥")
    True
    >>> Card.parse("J♦").index
    14
    """

    rank: Rank = attrs.field(validator=_check_rank)
    """The card's rank."""
    suit: Suit = attrs.field(validator=_check_suit)
    """The card's suit."""
    index: int = attrs.field(init=False, eq=False)
    """Position in :data:`DECK` (0 = 6♣ … 35 = A♠): ``suit * 9 + rank - 6``."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "index", self.suit * 9 + self.rank - 6)

    @property
    def bit(self) -> int:
        """``1 << index``: this card in a 36-bit card set (see :func:`mask_of`)."""
        return 1 << self.index

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: a rank, then a suit, in any case, surrounding spaces ignored.

        Ranks: ``6``–``9``, ``10`` or ``T``, and the face letters of English
        (``J Q K A``), French (``V D R A``: valet, dame, roi, as), German
        (``B D K A``: Bube, Dame, König, Ass) and Russian (``В Д К Т``: валет, дама,
        король, туз). Suits: ``♣ ♦ ♥ ♠`` (or the outlined ``♧ ♢ ♡ ♤``) or the letters
        ``C D H S``.

        Beware: the Latin ``T`` is the **ten**, the Cyrillic ``Т`` (туз) is the **ace**.

        >>> Card.parse(" qs "), Card.parse("10h"), Card.parse("T♣"), Card.parse("Т♣")
        (Card.parse('Q♠'), Card.parse('10♥'), Card.parse('10♣'), Card.parse('A♣'))
        >>> Card.parse("B♦"), Card.parse("V♦"), Card.parse("в♦")  # the jack, three ways
        (Card.parse('J♦'), Card.parse('J♦'), Card.parse('J♦'))
        >>> Card.parse("1♦")
        Traceback (most recent call last):
        ...
        sevens_ru.errors.CardParseError: cannot read '1♦' as a card: unknown rank '1'; expected a rank ...

        Raises:
            CardParseError: ``text`` is not a card in any of these notations.
        """
        if isinstance(text, str):
            card = _BY_TEXT.get(text.strip().lower())
            if card is not None:
                return card
        raise CardParseError(_explain(text))

    def label(self, lang: Language = "en") -> str:
        """The short name in ``lang`` (``"en"``, ``"ru"``, ``"fr"``, ``"de"``).

        >>> card = Card.parse("J♦")
        >>> [card.label(lang) for lang in ("en", "ru", "fr", "de")]
        ['J♦', 'В♦', 'V♦', 'B♦']
        """
        return self.rank.label(lang) + self.suit.symbol

    def __str__(self) -> str:
        return _RANK_LABELS["en"][self.rank - 6] + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index < other.index
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index <= other.index
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index > other.index
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index >= other.index
        return NotImplemented


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""The 36 cards in canonical order (R2): 6♣ 7♣ … A♣ 6♦ … A♠."""
DECK_MASK = (1 << len(DECK)) - 1
"""The whole pack as a card set: the 36 low bits (bit ``i`` is ``DECK[i]``)."""


def cards_from_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a 36-bit card set, in canonical order (bit ``i`` is ``DECK[i]``).

    >>> cards_from_mask(0b1_0000_0001)
    (Card.parse('6♣'), Card.parse('A♣'))
    """
    cards = []
    while mask:
        low = mask & -mask
        cards.append(DECK[low.bit_length() - 1])
        mask ^= low
    return tuple(cards)


def mask_of(cards: Iterable[Card]) -> int:
    """The 36-bit card set of ``cards``: the sum of ``1 << card.index``.

    >>> mask_of([Card.parse("6♣"), Card.parse("A♣")]) == 0b1_0000_0001
    True
    """
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


_RANK_WORDS = {
    "t": Rank.TEN,
    "j": Rank.JACK,
    "q": Rank.QUEEN,
    "k": Rank.KING,
    "a": Rank.ACE,
    "v": Rank.JACK,
    "d": Rank.QUEEN,
    "r": Rank.KING,
    "b": Rank.JACK,
    "в": Rank.JACK,
    "д": Rank.QUEEN,
    "к": Rank.KING,
    "т": Rank.ACE,
    **{str(rank.value): rank for rank in Rank if rank <= Rank.TEN},
}
_SUIT_WORDS = {
    **{symbol: suit for suit in Suit for symbol in ("♣♦♥♠"[suit], "♧♢♡♤"[suit])},
    **{
        symbol + variation: suit
        for symbol, suit in zip("♣♦♥♠", Suit, strict=True)
        for variation in "\ufe0f\ufe0e"
    },
    **{
        symbol + variation: suit
        for symbol, suit in zip("♧♢♡♤", Suit, strict=True)
        for variation in "\ufe0f\ufe0e"
    },
    **{suit.letter.lower(): suit for suit in Suit},
}
_BY_TEXT = {
    rank_word + suit_word: DECK[suit * 9 + rank - 6]
    for rank_word, rank in _RANK_WORDS.items()
    for suit_word, suit in _SUIT_WORDS.items()
}

_RANK_HELP = "6–9, 10 or T, J Q K A, V D R A, B D K A, or Cyrillic В Д К Т"
_SUIT_HELP = "♣ ♦ ♥ ♠ or C D H S"


def _explain(text: object) -> str:
    """Say why ``text`` is not a card (called only once parsing has failed)."""
    if not isinstance(text, str):
        return f"expected card text such as '10♦' or 'QS', got {type(text).__name__} {text!r}"
    stripped = text.strip().lower()
    if not stripped:
        return (
            f"cannot read {text!r} as a card: it is empty; expected a rank then a suit, e.g. '10♦'"
        )
    rank_word = "10" if stripped.startswith("10") else stripped[0]
    if rank_word not in _RANK_WORDS:
        return (
            f"cannot read {text!r} as a card: unknown rank {text.strip()[: len(rank_word)]!r}; "
            f"expected a rank ({_RANK_HELP}) then a suit ({_SUIT_HELP}), e.g. '10♦' or 'QS'"
        )
    rest = text.strip()[len(rank_word) :]
    if not rest:
        return f"cannot read {text!r} as a card: the suit is missing; expected one of {_SUIT_HELP}"
    return (
        f"cannot read {text!r} as a card: unknown suit {rest!r}; "
        f"expected one of {_SUIT_HELP} right after the rank"
    )
