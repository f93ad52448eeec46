"""Cards and their notation: the 52 cards 2 to A, and the 36-card Russian pack (R1, R2).

This module knows the cards, how they are written and the Russian pack's numbering
(:data:`DECK`, :attr:`Card.index`, :func:`mask_of`); the other packs, with their own
numbering, are in :mod:`sevens_ru.common.packs`. It knows nothing about the rules of
any game played with them.

>>> from sevens_ru import Card, Rank, Suit, DECK
>>> card = Card.parse("10♦")
>>> card.rank, card.suit
(<Rank.TEN: 10>, <Suit.DIAMONDS: 1>)
>>> str(card), card.label("ru")
('10♦', '10♦')
>>> Card.parse("Д♦"), Card.parse("Т♠")  # Russian: Д (дама) is the queen, Т (туз) the ace
(Card.parse('Q♦'), Card.parse('A♠'))
>>> Card.parse("Дб"), Card.parse("10 ♦")  # a Russian suit letter (б: бубны), a space
(Card.parse('Q♦'), Card.parse('10♦'))
>>> len(DECK), DECK[0], DECK[-1]
(36, Card.parse('6♣'), Card.parse('A♠'))
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Literal, get_args

import attrs

from ..errors import (
    CardParseError,
    InvalidCardError,
    InvalidMaskError,
    NotInDeckError,
    UnknownLanguageError,
    WrongTypeError,
)
from ._quote import excerpt, got

__all__ = [
    "CARD_LANGUAGES",
    "DECK",
    "LANGUAGES",
    "LONGEST_CARD_TEXT",
    "Card",
    "CardLanguage",
    "Language",
    "Rank",
    "Suit",
    "as_cards",
    "cards_from_mask",
    "mask_of",
]

Language = Literal["en", "ru", "fr", "de"]
"""A language code accepted by :meth:`Card.label` and :meth:`Rank.label`."""

LANGUAGES: tuple[Language, ...] = get_args(Language)
"""The language codes, in the order English, Russian, French, German."""

CardLanguage = Literal["en", "ru", "fr", "de", "es"]
"""A language of the cards' short names: those of :data:`Language`, and Spanish (F6).

Spanish names the cards only (``S♦``, ``C♦``, ``R♦``: sota, caballo, rey), for the
Spanish pack of cinquillo; the library's messages and titles are in the four
languages of :data:`Language`.
"""

CARD_LANGUAGES: tuple[CardLanguage, ...] = get_args(CardLanguage)
"""The language codes of :meth:`Card.label`: English, Russian, French, German, Spanish."""


def _check_language(lang: CardLanguage) -> CardLanguage:
    if lang not in CARD_LANGUAGES:
        raise UnknownLanguageError(
            f"unknown language {excerpt(lang)}: expected one of "
            f"{', '.join(map(repr, CARD_LANGUAGES))}"
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

    @property
    def russian_letter(self) -> str:
        """The Russian initial, which :meth:`Card.parse` reads too: ``т`` (трефы), ``б`` (бубны), ``ч`` (черви), ``п`` (пики)."""
        return "тбчп"[self]

    def __str__(self) -> str:
        return self.symbol


_NUMBERS = ("2", "3", "4", "5", "6", "7", "8", "9", "10")
_RANK_LABELS: dict[CardLanguage, tuple[str, ...]] = {
    "en": (*_NUMBERS, "J", "Q", "K", "A"),
    "ru": (*_NUMBERS, "В", "Д", "К", "Т"),
    "fr": (*_NUMBERS, "V", "D", "R", "A"),
    "de": (*_NUMBERS, "B", "D", "K", "A"),
    "es": (*_NUMBERS, "S", "C", "R", "A"),  # sota, caballo, rey, as (F6)
}


class Rank(enum.IntEnum):
    """The thirteen ranks, low to high. The value is the rank's number, 11–14 for faces.

    The Russian pack has the nine from :attr:`SIX` to :attr:`ACE` (R1); the ranks of a
    pack, in its own order, are :attr:`Pack.ranks <sevens_ru.Pack.ranks>` (so
    ``RUSSIAN_36.ranks``, not ``Rank``, when a game's nine ranks are meant).

    >>> Rank.QUEEN.label("en"), Rank.QUEEN.label("ru"), Rank.QUEEN.label("fr"), Rank.QUEEN.label("es")
    ('Q', 'Д', 'D', 'C')
    >>> Rank(10), Rank.SIX < Rank.ACE, Rank.TWO.label()
    (<Rank.TEN: 10>, True, '2')
    >>> len(Rank), min(Rank), max(Rank)
    (13, <Rank.TWO: 2>, <Rank.ACE: 14>)
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    def label(self, lang: CardLanguage = "en") -> str:
        """The short name in ``lang``: ``"2"`` to ``"10"``, or a face letter (J/В/V/B/S for the jack...)."""
        return _RANK_LABELS[_check_language(lang)][self - 2]

    def __str__(self) -> str:
        return self.label()


def _check_rank(_card: object, _attribute: object, value: Rank) -> None:
    if not isinstance(value, Rank):
        raise InvalidCardError(
            f"Card() takes a Rank, got {got(value)}; to read card text such as '10♦' use Card.parse"
        )


def _check_suit(_card: object, _attribute: object, value: Suit) -> None:
    if not isinstance(value, Suit):
        raise InvalidCardError(
            f"Card() takes a Suit, got {got(value)}; to read card text such as '10♦' use Card.parse"
        )


@attrs.frozen(order=False, repr=False)
class Card:
    """A playing card: a :class:`Rank` and a :class:`Suit`.

    Cards compare in the canonical order of R2 (by suit, then by rank, 2 lowest and A
    highest), whatever pack they come from, and :attr:`index` is the card's position
    in :data:`DECK`, the Russian pack. A 2, 3, 4 or 5 is a card too (of the 52-card and
    40-card packs), but it is in no place of :data:`DECK`: its :attr:`index` and
    :attr:`bit` raise :class:`~sevens_ru.errors.NotInDeckError`, and its place in a
    pack that holds it is :meth:`Pack.index <sevens_ru.Pack.index>`.

    >>> Card(Rank.JACK, Suit.DIAMONDS)
    Card.parse('J♦')
    >>> Card.parse("9♦") < Card.parse("6♥") < Card.parse("A♥")
    True
    >>> Card.parse("J♦").index
    14
    >>> Card.parse("2♥") < Card.parse("6♥"), hasattr(Card.parse("2♥"), "index")
    (True, False)
    """

    rank: Rank = attrs.field(validator=_check_rank)
    """The card's rank."""
    suit: Suit = attrs.field(validator=_check_suit)
    """The card's suit."""
    index: int = attrs.field(init=False, eq=False)
    """Position in :data:`DECK` (0 = 6♣ … 35 = A♠): ``suit * 9 + rank - 6``.

    Only the 36 cards of :data:`DECK` have one: for a 2, 3, 4 or 5 it raises
    :class:`~sevens_ru.errors.NotInDeckError` (an ``AttributeError`` too).
    """
    _order: int = attrs.field(init=False, eq=False)
    """The canonical order of every card (R2): ``suit * 16 + rank``."""

    def __attrs_post_init__(self) -> None:
        if self.rank >= 6:
            object.__setattr__(self, "index", self.suit * 9 + self.rank - 6)
            if type(self) is _LowCard:  # attrs.evolve() of a low card to a card of DECK
                object.__setattr__(self, "__class__", Card)
        object.__setattr__(self, "_order", self.suit * 16 + self.rank)

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        """A new card; a 2 to 5 is made a ``_LowCard``, the kind of Card without an index."""
        if cls is Card and isinstance(rank, Rank) and rank < 6:
            cls = _LowCard
        return object.__new__(cls)

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return Card, (self.rank, self.suit)

    @property
    def bit(self) -> int:
        """``1 << index``: this card in a 36-bit card set (see :func:`mask_of`).

        Like :attr:`index`, only for the cards of :data:`DECK`.
        """
        return 1 << self.index

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: a rank, then a suit, in any case, spaces around and between ignored.

        Ranks: ``2``–``9``, ``10`` or ``T``, and the face letters of English
        (``J Q K A``), French (``V D R A``: valet, dame, roi, as), German
        (``B D K A``: Bube, Dame, König, Ass), Russian (``В Д К Т``: валет, дама,
        король, туз) and Spanish (``S C R A``: sota, caballo, rey, as, F6). ``1``,
        ``11`` and ``12`` are refused: in a Spanish pack the numbers of the faces
        differ from pack to pack. Suits: ``♣ ♦ ♥ ♠`` (or the outlined ``♧ ♢ ♡ ♤``), the letters
        ``C D H S``, or the Russian letters ``т б ч п`` (трефы, бубны, черви, пики), as
        typed on a Russian keyboard.

        Beware: the Latin ``T`` is the **ten**, the Cyrillic ``Т`` (туз) is the **ace**,
        and a Cyrillic ``т`` after the rank is **clubs** (трефы): the rank always comes
        first, so ``ТТ`` is the ace of clubs and ``Tт`` (Latin, then Cyrillic) the ten of
        clubs. A Cyrillic letter that only looks like a Latin one (``С``, ``А``, ``Н``)
        is refused, and the message says which Latin letter it looks like. The Spanish
        ``S`` and ``C`` are suit letters too, but the rank comes first: ``SS`` is the
        jack of spades and ``CC`` the queen of clubs. Text longer
        than :data:`~sevens_ru.cards.LONGEST_CARD_TEXT` characters is refused without being read.

        >>> Card.parse(" qs "), Card.parse("10h"), Card.parse("T♣"), Card.parse("Т♣")
        (Card.parse('Q♠'), Card.parse('10♥'), Card.parse('10♣'), Card.parse('A♣'))
        >>> Card.parse("B♦"), Card.parse("V♦"), Card.parse("в♦")  # the jack, three ways
        (Card.parse('J♦'), Card.parse('J♦'), Card.parse('J♦'))
        >>> Card.parse("ТТ"), Card.parse("Дч"), Card.parse("10 п")  # Russian suit letters
        (Card.parse('A♣'), Card.parse('Q♥'), Card.parse('10♠'))
        >>> Card.parse("2♣"), Card.parse("5 h")  # cards of the 52-card pack, outside DECK
        (Card.parse('2♣'), Card.parse('5♥'))
        >>> Card.parse("S♦"), Card.parse("C♦"), Card.parse("R♦"), Card.parse("SS"), Card.parse("CC")
        (Card.parse('J♦'), Card.parse('Q♦'), Card.parse('K♦'), Card.parse('J♠'), Card.parse('Q♣'))
        >>> Card.parse("1♦")
        Traceback (most recent call last):
        ...
        sevens_ru.errors.CardParseError: cannot read '1♦' as a card: unknown rank '1'; expected a rank ...
        >>> Card.parse("9С")  # a Cyrillic С
        Traceback (most recent call last):
        ...
        sevens_ru.errors.CardParseError: cannot read '9С' as a card: unknown suit 'С': that is the Cyrillic letter С, which looks like the Latin C (clubs ♣); type the Latin C, or the Russian т (трефы); ...

        Raises:
            CardParseError: ``text`` is not a card in any of these notations.
        """
        if isinstance(text, str) and len(text) <= LONGEST_CARD_TEXT:
            key = text.strip().lower()
            card = _BY_TEXT.get(key)
            if card is None:  # perhaps spaces between the rank and the suit
                rank = key[:2] if key.startswith("10") else key[:1]
                if rank in _RANK_WORDS:
                    card = _BY_TEXT.get(rank + key[len(rank) :].lstrip())
            if card is not None:
                return card
        raise CardParseError(_explain(text))

    def label(self, lang: CardLanguage = "en") -> str:
        """The short name in ``lang`` (``"en"``, ``"ru"``, ``"fr"``, ``"de"``, ``"es"``).

        >>> card = Card.parse("J♦")
        >>> [card.label(lang) for lang in ("en", "ru", "fr", "de", "es")]
        ['J♦', 'В♦', 'V♦', 'B♦', 'S♦']
        """
        return self.rank.label(lang) + self.suit.symbol

    def __str__(self) -> str:
        return _RANK_LABELS["en"][self.rank - 2] + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self._order < other._order
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self._order <= other._order
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self._order > other._order
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self._order >= other._order
        return NotImplemented


class _LowCard(Card):
    """A 2, 3, 4 or 5: a :class:`Card` in every way but one, it has no place in :data:`DECK`.

    Its :attr:`~Card.index` and :attr:`~Card.bit` raise :class:`NotInDeckError`. The
    class is apart so that the cards of :data:`DECK` read their index as a plain slot:
    a ``__getattr__`` on :class:`Card` itself would slow every attribute of every card.
    ``Card(rank, suit)`` and :meth:`Card.parse` make it; it calls itself ``Card``.
    """

    __slots__ = ()

    if not TYPE_CHECKING:  # the index (or bit) of a low card, or a typo, gets here

        def __getattr__(self, name: str) -> object:
            if name in ("index", "bit"):  # bit: index raised inside that property
                raise NotInDeckError(
                    f"{self} has no index: Card.index, Card.bit and mask_of() number the "
                    f"cards of DECK, the Russian pack of 6 to A; a Pack numbers its own "
                    f"cards (pack.index(card))"
                )
            raise AttributeError(f"'Card' object has no attribute {name!r}", name=name, obj=self)


_LowCard.__name__ = _LowCard.__qualname__ = "Card"

LONGEST_CARD_TEXT = 24
"""The longest text :meth:`Card.parse` reads, spaces included; longer text is refused at once."""

_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""Every card once, 2♣ … A♠ (the cards :meth:`Card.parse` gives and the packs hold)."""

DECK: tuple[Card, ...] = tuple(card for card in _CARDS if card.rank >= Rank.SIX)
"""The 36 cards of the Russian pack in canonical order (R2): 6♣ 7♣ … A♣ 6♦ … A♠.

It is ``RUSSIAN_36.cards`` (:class:`~sevens_ru.Pack`); bit ``i`` of a card set is ``DECK[i]``.
"""
DECK_MASK = (1 << len(DECK)) - 1
"""The whole pack as a card set: the 36 low bits (bit ``i`` is ``DECK[i]``)."""


def cards_from_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a 36-bit card set, in canonical order (bit ``i`` is ``DECK[i]``).

    Any integer from 0 to ``2**36 - 1`` is a card set (numpy integers too).

    >>> cards_from_mask(0b1_0000_0001)
    (Card.parse('6♣'), Card.parse('A♣'))
    >>> cards_from_mask(-1)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidMaskError: cards_from_mask() takes a card set from 0 to 2**36 - 1 (bit i for DECK[i]), got -1

    Raises:
        InvalidMaskError: ``mask`` is negative, or has a bit at 36 or above.
        WrongTypeError: ``mask`` is not an integer (a bool is not one either).
    """
    if type(mask) is not int or mask < 0 or mask >> 36:
        mask = _card_set(mask)
    return cards_in(mask, DECK)


def cards_in(mask: int, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of ``cards`` whose bits are set in the checked card set ``mask``, in order.

    >>> cards_in(0b101, DECK)
    (Card.parse('6♣'), Card.parse('8♣'))
    """
    found = []
    while mask:
        low = mask & -mask
        found.append(cards[low.bit_length() - 1])
        mask ^= low
    return tuple(found)


def _card_set(mask: object) -> int:
    """``mask`` as an int card set, or the error that says why it is not one."""
    return card_set(mask, "cards_from_mask()", 36, "bit i for DECK[i]")


def card_set(mask: object, function: str, size: int, bits: str) -> int:
    """``mask`` as an int card set of a pack of ``size`` cards, or the error of ``function``.

    ``bits`` says which card each bit is, for the message.

    >>> card_set(5, "cards_of()", 52, "bit i for cards[i]")
    5
    >>> card_set(1 << 40, "cards_from_mask()", 36, "bit i for DECK[i]")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidMaskError: cards_from_mask() takes a card set from 0 to 2**36 - 1 (bit i for DECK[i]), got 1099511627776
    """
    if isinstance(mask, bool):
        raise WrongTypeError(f"{function} takes an int card set, got {mask}")
    try:
        value = operator.index(mask)  # type: ignore[arg-type]  # TypeError below if not
    except TypeError:
        raise WrongTypeError(
            f"{function} takes an int card set, got {type(mask).__name__}"
        ) from None
    if value < 0 or value >> size:
        raise InvalidMaskError(
            f"{function} takes a card set from 0 to 2**{size} - 1 ({bits}), got {excerpt(value)}"
        )
    return value


def mask_of(cards: Card | str | Iterable[Card | str]) -> int:
    """The 36-bit card set of ``cards``: bit ``card.index`` set for each card.

    ``cards`` is one card, or card text such as ``"9♦"`` (that card's set), or an
    iterable of cards or card texts (their set; a card named twice counts once). The
    cards must be of :data:`DECK`; another pack's card sets are its
    :meth:`Pack.mask_of <sevens_ru.Pack.mask_of>`.

    >>> mask_of([Card.parse("6♣"), Card.parse("A♣")]) == 0b1_0000_0001
    True
    >>> mask_of("9♦") == mask_of(["9♦"]) == Card.parse("9♦").bit
    True

    Raises:
        CardParseError: a text that is not a card, or an item that is neither.
        NotInDeckError: a card outside :data:`DECK` (a 2, 3, 4 or 5).
        WrongTypeError: ``cards`` is neither a card, nor text, nor iterable.
    """
    if isinstance(cards, (Card, str)):
        return _card(cards).bit
    mask = 0
    for card in _iterate(cards, "mask_of"):
        mask |= 1 << (card if type(card) is Card else _card(card)).index
    return mask


def as_cards(cards: Card | str | Iterable[Card | str]) -> tuple[Card, ...]:
    """The cards of ``cards``, in the order given: one card or card text, or an iterable of them.

    >>> as_cards("9♦"), as_cards(["qs", Card.parse("6♣")])
    ((Card.parse('9♦'),), (Card.parse('Q♠'), Card.parse('6♣')))

    Raises:
        CardParseError: a text that is not a card, or an item that is neither.
        WrongTypeError: ``cards`` is neither a card, nor text, nor iterable.
    """
    if isinstance(cards, (Card, str)):
        return (_card(cards),)
    return tuple(_card(card) for card in _iterate(cards, "as_cards"))


def _card(item: object) -> Card:
    return item if isinstance(item, Card) else Card.parse(item)  # type: ignore[arg-type]


def _iterate(cards: object, function: str) -> Iterable[object]:
    try:
        iterator: Iterator[object] = iter(cards)  # type: ignore[call-overload]  # or TypeError
    except TypeError:
        raise WrongTypeError(
            f"{function}() takes a card, card text such as '9♦', or an iterable of them, "
            f"got {type(cards).__name__}"
        ) from None
    return iterator


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
    "s": Rank.JACK,  # Spanish: sota, caballo (rey is the French R, as the A)
    "c": Rank.QUEEN,
    **{str(rank.value): rank for rank in Rank if rank <= Rank.TEN},  # 2 to 10
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
    **{suit.russian_letter: suit for suit in Suit},
}
_BY_TEXT = {
    rank_word + suit_word: _CARDS[suit * 13 + rank - 2]
    for rank_word, rank in _RANK_WORDS.items()
    for suit_word, suit in _SUIT_WORDS.items()
}

assert len(_BY_TEXT) == len(_RANK_WORDS) * len(_SUIT_WORDS)  # no text names two cards

_RANK_HELP = "2–9, 10 or T, J Q K A, V D R A, B D K A, S C R A, or Cyrillic В Д К Т"
_SUIT_HELP = "♣ ♦ ♥ ♠, C D H S, or Cyrillic т б ч п"

# Cyrillic letters that look like Latin ones (lower case), and the Latin ones they look like.
_LOOKALIKES = dict(zip("авекмнорстухі", "abekmhopctyxi", strict=True))
_LATIN_TWINS = {latin: cyrillic for cyrillic, latin in _LOOKALIKES.items()}
_RUSSIAN_WORDS = ("валет", "дама", "король", "туз", "трефы", "бубны", "черви", "пики")
_RUSSIAN_NAMES: dict[Rank | Suit, str] = {
    **{rank: rank.label("ru") for rank in Rank if rank <= Rank.TEN},
    **{
        meaning: f"{letter} ({word})"
        for meaning, letter, word in zip(
            (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE, *Suit),
            (*"ВДКТ", *(suit.russian_letter for suit in Suit)),
            _RUSSIAN_WORDS,
            strict=True,
        )
    },
}


def _explain(text: object) -> str:
    """Say why ``text`` is not a card (called only once parsing has failed)."""
    if not isinstance(text, str):
        return f"expected card text such as '10♦' or 'QS', got {got(text)}"
    if len(text) > LONGEST_CARD_TEXT:
        return (
            f"cannot read {excerpt(text)} as a card: a card is written in at most "
            f"{LONGEST_CARD_TEXT} characters, e.g. '10♦'"
        )
    stripped = text.strip()
    if not stripped:
        return (
            f"cannot read {text!r} as a card: it is empty; expected a rank then a suit, e.g. '10♦'"
        )
    rank_word = "10" if stripped.startswith("10") else stripped[0]
    if rank_word.lower() not in _RANK_WORDS:
        return (
            f"cannot read {text!r} as a card: unknown rank {rank_word!r}"
            f"{_lookalike(rank_word, _RANK_WORDS)}; "
            f"expected a rank ({_RANK_HELP}) then a suit ({_SUIT_HELP}), e.g. '10♦' or 'QS'"
        )
    rest = stripped[len(rank_word) :].lstrip()
    if not rest:
        return f"cannot read {text!r} as a card: the suit is missing; expected one of {_SUIT_HELP}"
    return (
        f"cannot read {text!r} as a card: unknown suit {rest!r}{_lookalike(rest, _SUIT_WORDS)}; "
        f"expected one of {_SUIT_HELP} after the rank"
    )


def _lookalike(letter: str, words: dict[str, Rank] | dict[str, Suit]) -> str:
    """What to say of a ``letter`` that is not in ``words`` but looks like one that is."""
    key = letter.lower()
    latin = _LOOKALIKES.get(key)
    if latin is not None:
        meaning = words.get(latin)
        if meaning is None:
            return f" (the Cyrillic letter {letter}, which looks like the Latin {latin.upper()})"
        return (
            f": that is the Cyrillic letter {letter}, which looks like the Latin "
            f"{latin.upper()} ({_name(meaning)}); type the Latin {latin.upper()}, or the "
            f"Russian {_RUSSIAN_NAMES[meaning]}"
        )
    twin = _LATIN_TWINS.get(key)
    meaning = words.get(twin) if twin is not None else None
    if twin is not None and meaning is not None:
        return (
            f": that is the Latin letter {letter}; the Cyrillic {twin} that looks like it "
            f"stands for {_name(meaning)}"
        )
    return ""


def _name(meaning: Rank | Suit) -> str:
    if isinstance(meaning, Suit):
        return f"{meaning.name.lower()} {meaning.symbol}"
    return "the ten" if meaning is Rank.TEN else f"the {meaning.name.lower()}"
