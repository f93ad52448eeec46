"""The packs that cards come from (the Sevens family's rules F3–F5), each with its own numbering.

A :class:`Pack` is a value: its cards in its canonical order (by suit ♣ < ♦ < ♥ < ♠,
then by its rank order), and from that order its card sets, ints of up to 52 bits
with bit ``i`` for ``pack.cards[i]``. Four packs come with the library:

====================  =====  ====================================================
pack                  cards  ranks of each suit, in order
====================  =====  ====================================================
:data:`RUSSIAN_36`       36  6 7 8 9 10 J Q K A (R1): :data:`~sevens_ru.DECK`, the
                             main game's and Durak's full pack
:data:`PIQUET_32`        32  7 8 9 10 J Q K A: Durak's short deck (D1)
:data:`FRENCH_52`        52  A 2 3 … 10 J Q K, the ace low (F4's default)
:data:`SPANISH_40`       40  A 2 3 4 5 6 7 J Q K (C1: oros ♦, copas ♥, espadas ♠,
                             bastos ♣; sota J, caballo Q, rey K)
====================  =====  ====================================================

and :data:`FRENCH_52_ACE_HIGH`, the same 52 cards ranked 2 … A (F4's ``ace="high"``).
The Sevens family's names for them (F3) are :data:`~sevens_ru.cards.PACK_52`,
:data:`~sevens_ru.cards.PACK_32` and :data:`~sevens_ru.cards.PACK_40`, the same values.
The Russian pack's numbering is exactly :attr:`Card.index <sevens_ru.Card.index>` and
:func:`~sevens_ru.mask_of`; another pack numbers the same card otherwise.

>>> from sevens_ru import FRENCH_52, PIQUET_32, RUSSIAN_36, DECK, Card
>>> len(RUSSIAN_36), RUSSIAN_36.cards == DECK, RUSSIAN_36.index("J♦") == Card.parse("J♦").index
(36, True, True)
>>> len(PIQUET_32), PIQUET_32.cards[0], PIQUET_32.index("J♦"), FRENCH_52.index("J♦")
(32, Card.parse('7♣'), 12, 23)
>>> "6♣" in PIQUET_32, Card.parse("2♣") in FRENCH_52
(False, True)
>>> from sevens_ru.common.packs import PACK_32, PACK_40, PACK_52
>>> PACK_52 is FRENCH_52, PACK_32 is PIQUET_32, len(PACK_40), PACK_40.cards[6:8]
(True, True, 40, (Card.parse('7♣'), Card.parse('J♣')))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import ClassVar

import attrs

from ..errors import InvalidPackError, NotInPackError, WrongTypeError
from ._quote import excerpt, got
from .cards import DECK, Card, Rank, Suit, card_set, cards_in

__all__ = [
    "FRENCH_52",
    "FRENCH_52_ACE_HIGH",
    "PACKS",
    "PACK_32",
    "PACK_40",
    "PACK_52",
    "PIQUET_32",
    "RUSSIAN_36",
    "SPANISH_40",
    "Pack",
]


def _check_name(_pack: object, _attribute: object, value: str) -> None:
    if not isinstance(value, str):
        raise WrongTypeError(f"Pack() takes its name as a str, got {got(value)}")
    if not 0 < len(value) <= 40 or not value.isprintable():
        raise InvalidPackError(
            f"a pack's name is 1 to 40 printable characters, got {excerpt(value)}"
        )


def _as_cards(value: object) -> tuple[Card, ...]:
    if not isinstance(value, Iterable) or isinstance(value, (str, Card)):
        raise WrongTypeError(f"Pack() takes its cards as an iterable of cards, got {got(value)}")
    cards = tuple(value)
    for card in cards:
        if not isinstance(card, Card):
            raise WrongTypeError(f"Pack() takes Card values, got {got(card)}")
    return cards


def _check_cards(_pack: object, _attribute: object, cards: tuple[Card, ...]) -> None:
    if not cards:  # and at most the 52 cards there are: card sets of up to 52 bits
        raise InvalidPackError("a pack holds at least one card, got none")
    if len(set(cards)) != len(cards):
        twice = next(card for index, card in enumerate(cards) if card in cards[:index])
        raise InvalidPackError(f"a pack holds each card once, but {twice} is in it twice")


@attrs.frozen(repr=False)
class Pack:
    """A pack of cards: which cards, in which order, and so the card sets of that order.

    ``pack.cards`` lists the cards in the pack's canonical order (F5: by suit, then by
    the pack's rank order), :meth:`index` gives a card's place in it, and a card set
    is an int with bit ``i`` for ``pack.cards[i]`` (:meth:`mask_of`, :meth:`cards_of`,
    :attr:`full_mask`). The built-in packs are the constants :data:`RUSSIAN_36`,
    :data:`PIQUET_32`, :data:`FRENCH_52`, :data:`FRENCH_52_ACE_HIGH` and
    :data:`SPANISH_40` (also ``Pack.RUSSIAN_36`` and so on), all in :data:`PACKS`; a
    game of another package may make its own, ``Pack(name, cards)``.

    Comparing two cards keeps the one order of :class:`~sevens_ru.Card` (2 lowest, A
    highest) in every pack; :meth:`sorted` puts cards in a pack's own order.

    >>> from sevens_ru import Pack, SPANISH_40
    >>> SPANISH_40.ranks[6:], SPANISH_40.suits[0]
    ((<Rank.SEVEN: 7>, <Rank.JACK: 11>, <Rank.QUEEN: 12>, <Rank.KING: 13>), <Suit.CLUBS: 0>)
    >>> mask = SPANISH_40.mask_of(["A♣", "K♠"])
    >>> mask == 1 | 1 << 39, SPANISH_40.cards_of(mask)
    (True, (Card.parse('A♣'), Card.parse('K♠')))
    >>> SPANISH_40.sorted(["J♣", "7♣", "A♣"])  # the pack's order: the ace low
    (Card.parse('A♣'), Card.parse('7♣'), Card.parse('J♣'))
    >>> sorted(SPANISH_40.cards_of(SPANISH_40.mask_of(["J♣", "7♣", "A♣"])))  # cards' own order
    [Card.parse('7♣'), Card.parse('J♣'), Card.parse('A♣')]
    >>> Pack.PIQUET_32 is PIQUET_32, PIQUET_32
    (True, Pack.PIQUET_32)
    >>> Pack("nines", [Card.parse(text) for text in ("9♣", "9♦", "9♥", "9♠")]).full_mask
    15
    """

    name: str = attrs.field(validator=_check_name)
    """A short name, such as ``"russian-36"``."""
    cards: tuple[Card, ...] = attrs.field(converter=_as_cards, validator=_check_cards)
    """The cards in the pack's canonical order; bit ``i`` of a card set is ``cards[i]``."""
    ranks: tuple[Rank, ...] = attrs.field(init=False, eq=False)
    """The ranks of the pack, in its order (the order of a row, F4): ``A 2 … K`` for :data:`FRENCH_52`."""
    suits: tuple[Suit, ...] = attrs.field(init=False, eq=False)
    """The suits of the pack, in its order (♣ ♦ ♥ ♠ for every built-in pack)."""
    full_mask: int = attrs.field(init=False, eq=False)
    """The whole pack as a card set: the ``len(pack)`` low bits."""
    _places: dict[Card, int] = attrs.field(init=False, eq=False)

    RUSSIAN_36: ClassVar[Pack]
    PIQUET_32: ClassVar[Pack]
    FRENCH_52: ClassVar[Pack]
    FRENCH_52_ACE_HIGH: ClassVar[Pack]
    SPANISH_40: ClassVar[Pack]

    def __attrs_post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "ranks", tuple(dict.fromkeys(card.rank for card in self.cards)))
        set_(self, "suits", tuple(dict.fromkeys(card.suit for card in self.cards)))
        set_(self, "full_mask", (1 << len(self.cards)) - 1)
        set_(self, "_places", {card: index for index, card in enumerate(self.cards)})

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        """Whether ``card`` (a card, or card text such as ``"2♣"``) is in the pack."""
        if isinstance(card, str):
            card = Card.parse(card)
        return isinstance(card, Card) and card in self._places

    def __repr__(self) -> str:
        for name in _BUILT_IN:
            if getattr(Pack, name, None) == self:
                return f"Pack.{name}"
        return f"<Pack {self.name!r}: {self.cards[0]} … {self.cards[-1]}, {len(self)} cards>"

    def index(self, card: Card | str) -> int:
        """The place of ``card`` (a card, or card text) in :attr:`cards`, from 0.

        >>> from sevens_ru import FRENCH_52, PIQUET_32
        >>> FRENCH_52.index("A♣"), FRENCH_52.index("2♣"), FRENCH_52.index("K♠")
        (0, 1, 51)
        >>> PIQUET_32.index("6♣")
        Traceback (most recent call last):
        ...
        sevens_ru.errors.NotInPackError: 6♣ is not in the pack piquet-32 (32 cards: 7♣ … A♠)

        Raises:
            NotInPackError: a card that is not in this pack.
            CardParseError: text that is not a card.
            WrongTypeError: neither a card nor text.
        """
        if type(card) is Card:
            place = self._places.get(card)
            if place is not None:
                return place
        found = self._card(card, "index")
        place = self._places.get(found)
        if place is None:
            raise NotInPackError(f"{found} is not in {self._described()}")
        return place

    def mask_of(self, cards: Card | str | Iterable[Card | str]) -> int:
        """The card set of ``cards`` in this pack's order: bit ``index(card)`` for each card.

        ``cards`` is one card or card text, or an iterable of them (a card named twice
        counts once), as for :func:`sevens_ru.mask_of`.

        >>> from sevens_ru import PIQUET_32
        >>> PIQUET_32.mask_of("7♣"), PIQUET_32.mask_of(["8♣", "A♠"]) == 0b10 | 1 << 31
        (1, True)

        Raises:
            NotInPackError: a card that is not in this pack.
            CardParseError: text that is not a card, or an item that is neither.
            WrongTypeError: ``cards`` is neither a card, nor text, nor iterable.
        """
        if isinstance(cards, (Card, str)):
            return 1 << self.index(cards)
        try:
            items: Iterator[object] = iter(cards)
        except TypeError:
            raise WrongTypeError(
                f"{self._name('mask_of')} takes a card, card text such as '9♦', or an "
                f"iterable of them, got {type(cards).__name__}"
            ) from None
        places = self._places
        mask = 0
        for card in items:
            place = places.get(card) if type(card) is Card else None
            mask |= 1 << (self.index(card) if place is None else place)  # type: ignore[arg-type]
        return mask

    def cards_of(self, mask: int) -> tuple[Card, ...]:
        """The cards of the card set ``mask`` (bit ``i`` for ``cards[i]``), in the pack's order.

        Any integer from 0 to :attr:`full_mask` is a card set (numpy integers too).

        >>> from sevens_ru import PIQUET_32
        >>> PIQUET_32.cards_of(0b11), PIQUET_32.cards_of(PIQUET_32.full_mask) == PIQUET_32.cards
        ((Card.parse('7♣'), Card.parse('8♣')), True)
        >>> PIQUET_32.cards_of(1 << 32)
        Traceback (most recent call last):
        ...
        sevens_ru.errors.InvalidMaskError: Pack.PIQUET_32.cards_of() takes a card set from 0 to 2**32 - 1 (bit i for cards[i]), got 4294967296

        Raises:
            InvalidMaskError: ``mask`` is negative, or has a bit at ``len(pack)`` or above.
            WrongTypeError: ``mask`` is not an integer (a bool is not one either).
        """
        if type(mask) is not int or mask < 0 or mask >> len(self.cards):
            mask = self._card_set(mask)
        return cards_in(mask, self.cards)

    def sorted(self, cards: Iterable[Card | str]) -> tuple[Card, ...]:
        """``cards`` (cards or card texts) in this pack's order; a card named twice stays twice.

        >>> from sevens_ru import FRENCH_52, RUSSIAN_36
        >>> FRENCH_52.sorted(["K♣", "A♣", "2♣"]), RUSSIAN_36.sorted(["A♣", "6♣"])
        ((Card.parse('A♣'), Card.parse('2♣'), Card.parse('K♣')), (Card.parse('6♣'), Card.parse('A♣')))

        Raises:
            NotInPackError: a card that is not in this pack.
            CardParseError: text that is not a card.
        """
        chosen = [self._card(card, "sorted") for card in cards]
        return tuple(sorted(chosen, key=self.index))

    def _card(self, card: object, method: str) -> Card:
        if isinstance(card, Card):
            return card
        if isinstance(card, str):
            return Card.parse(card)
        raise WrongTypeError(
            f"{self._name(method)} takes a card or card text such as '9♦', got {got(card)}"
        )

    def _card_set(self, mask: object) -> int:
        return card_set(mask, self._name("cards_of"), len(self.cards), "bit i for cards[i]")

    def _name(self, method: str) -> str:
        return f"{self!r}.{method}()" if repr(self).startswith("Pack.") else f"Pack.{method}()"

    def _described(self) -> str:
        return f"the pack {self.name} ({len(self)} cards: {self.cards[0]} … {self.cards[-1]})"


def _pack(name: str, ranks: str) -> Pack:
    return Pack(name, [Card.parse(rank + suit.symbol) for suit in Suit for rank in ranks.split()])


RUSSIAN_36 = Pack("russian-36", DECK)
"""The 36 cards 6 to A (R1, D1): :data:`~sevens_ru.DECK` itself, the main game's and Durak's full pack."""
PIQUET_32 = _pack("piquet-32", "7 8 9 10 J Q K A")
"""The 32 cards 7 to A, in that order: Durak's short deck (D1), F3's ``PACK_32``."""
FRENCH_52 = _pack("french-52", "A 2 3 4 5 6 7 8 9 10 J Q K")
"""The 52 cards, ranked ace low: A 2 3 … 10 J Q K (F4's default), F3's ``PACK_52``."""
FRENCH_52_ACE_HIGH = _pack("french-52-ace-high", "2 3 4 5 6 7 8 9 10 J Q K A")
"""The same 52 cards ranked 2 … K A, for the presets' option ``ace="high"`` (F4)."""
SPANISH_40 = _pack("spanish-40", "A 2 3 4 5 6 7 J Q K")
"""The Spanish 40 cards (C1): A 2 3 4 5 6 7 J Q K (as, 2–7, sota, caballo, rey), F3's ``PACK_40``.

The Spanish suits are the library's: oros ♦, copas ♥, espadas ♠, bastos ♣.
"""

PACK_52 = FRENCH_52
"""F3's name for :data:`FRENCH_52`: the 52 cards, ace low (A 2 … K), of sevens-52, fan-tan,
shichinarabe and domino."""
PACK_32 = PIQUET_32
"""F3's name for :data:`PIQUET_32`: the 32 cards 7 … A, of domino's ``pack=32``."""
PACK_40 = SPANISH_40
"""F3's name for :data:`SPANISH_40`: the Spanish 40 cards A 2 … 7 J Q K, of cinquillo."""

PACKS: tuple[Pack, ...] = (RUSSIAN_36, PIQUET_32, FRENCH_52, FRENCH_52_ACE_HIGH, SPANISH_40)
"""The built-in packs, in that order."""

_BUILT_IN = ("RUSSIAN_36", "PIQUET_32", "FRENCH_52", "FRENCH_52_ACE_HIGH", "SPANISH_40")
for _name, _value in zip(_BUILT_IN, PACKS, strict=True):
    setattr(Pack, _name, _value)

assert RUSSIAN_36.cards is DECK
assert len({Card(rank, suit) for suit in Suit for rank in Rank} - set(FRENCH_52.cards)) == 0
assert all(card.index == place for place, card in enumerate(RUSSIAN_36.cards))
