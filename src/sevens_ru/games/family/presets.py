"""What each preset's rules come to: a :class:`Rules`, made from the preset's name and options.

The engine reads nothing of a preset but its :class:`Rules`: the pack and the cards
dealt, the order of a row (F4) and the order hands are listed in (F5), the centre rank
(F10), the opening (S3, T3, N3, DO2, C3, R7), the pass policy (F13), the end (S6, N8)
and the ranking (S8, N8, DO6, C4, R15–R17).

Card sets are ints in the order of :attr:`Rules.pack`, the game's pack: bit ``i`` is
``pack.cards[i]``, the card of action number ``i`` (F5).

>>> from sevens_ru.games.family.options import DominoOptions, Sevens52Options
>>> rules = rules_for("sevens-52", Sevens52Options(ace="high"))
>>> rules.centre, [rank.label() for rank in rules.order][:3], rules.opener
(<Rank.SEVEN: 7>, ['2', '3', '4'], Card.parse('7♦'))
>>> domino = rules_for("domino", DominoOptions(pack=32))
>>> domino.centre is None, len(domino.dealt), domino.max_players
(True, 32, 6)
"""

from __future__ import annotations

from typing import Any, Literal

import attrs

from ...common.cards import Card, Rank
from ...common.packs import FRENCH_52, FRENCH_52_ACE_HIGH, PIQUET_32, RUSSIAN_36, SPANISH_40, Pack
from ..sevens.options import Options as RussianOptions
from ..sevens.scoring import POINTS as RUSSIAN_POINTS
from .options import (
    CinquilloOptions,
    DominoOptions,
    FanTanOptions,
    Sevens52Options,
    ShichinarabeOptions,
)

__all__ = ["PIPS", "PRESETS", "Policy", "Rules", "rules_for"]

PRESETS = ("sevens-52", "fan-tan", "shichinarabe", "domino", "cinquillo")
"""The names of the registered presets, in the order they are registered (F1)."""

PIPS: dict[Rank, int] = {rank: min(int(rank), 10) for rank in Rank if rank != Rank.ACE}
"""S7, DO5: the pip points, for the ranking only: A 1, 2–10 their number, J Q K 10."""
PIPS[Rank.ACE] = 1

Policy = Literal["forced", "voluntary", "limited"]
"""F13: the pass policy."""
Ranking = Literal["cards", "pips", "count"]
"""What ranks the seats left holding cards: cards left, then pips (S8, N8, R16); pips, then
cards left (DO6); or cards left alone, equal counts sharing a place (C4)."""


@attrs.frozen
class Rules:
    """The rules of one preset with one set of options, as the engine reads them."""

    name: str
    """The preset's name (``"sevens-52"`` ... and ``"sevens"`` for the Russian configuration)."""
    pack: Pack
    """The game's pack: the order of its card sets and action numbers (``game.pack``)."""
    dealt: Pack
    """The cards dealt, in the order a seeded shuffle numbers them."""
    order: tuple[Rank, ...]
    """F4: the ranks of a row, lowest first; the two ends never join."""
    listing: Pack
    """F5: the order hands and deals are listed in (the ace last with ``ace="high"``)."""
    centre: Rank | None
    """F10: the centre rank, or ``None`` where the first card chooses it (DO2)."""
    opener: Card | None
    """The card that must open, played by its holder (S3, C3, R7), or ``None``."""
    first: Literal["holder", "left", "laid"]
    """Who moves first: the opener's holder, the dealer's left neighbour, or (N3) the seat that laid 7♦."""
    layout: bool
    """N2: every centre card is laid out before play."""
    policy: Policy
    """F13: the pass policy."""
    limit: int
    """N4: the passes of a seat under the limited policy (0 otherwise)."""
    to_end: bool
    """S6, N8: a seat that empties its hand leaves play, and play goes on while two seats are in play."""
    first_out_ends: bool
    """N8: with bursts, the game still ends when the first seat goes out."""
    ranking: Ranking
    """What ranks the seats left holding cards first."""
    by_passes: bool
    """R17: at equal cards left, fewer passes rank better."""
    points: dict[Rank, int] = attrs.field(hash=False)
    """The points of each rank, for the ranking (S7; R3 in the Russian game)."""
    dense: bool
    """R18: dense place numbering."""
    min_players: int
    """The fewest seats."""
    max_players: int
    """The most seats."""
    chips: bool
    """T2–T7: fan-tan's pool and payoffs."""
    lines: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, hash=False)
    """Per suit (♣ ♦ ♥ ♠), the bit of each card of the row in :attr:`order`."""
    cards_mask: int = attrs.field(init=False, eq=False, hash=False)
    """The cards dealt, as a card set."""
    centre_place: int = attrs.field(init=False, eq=False, hash=False)
    """The place of :attr:`centre` in a row, -1 where the first card chooses it (DO2)."""
    centres: int = attrs.field(init=False, eq=False, hash=False)
    """The four centre cards as a card set (0 where the first card chooses the centre)."""
    opening_bit: int = attrs.field(init=False, eq=False, hash=False)
    """:attr:`opener` as a card set (0 for none)."""
    kernel: object = attrs.field(init=False, eq=False, hash=False, repr=False)
    """These rules as the compiled core reads them, ``None`` where it does not run
    (:func:`sevens_ru.games.family.kernels.rules_kernel`)."""

    def __attrs_post_init__(self) -> None:
        set_ = object.__setattr__
        lines = tuple(
            tuple(1 << self.pack.index(Card(rank, suit)) for rank in self.order)
            for suit in self.pack.suits
        )
        set_(self, "lines", lines)
        set_(self, "cards_mask", self.pack.mask_of(self.dealt.cards))
        place = -1 if self.centre is None else self.order.index(self.centre)
        set_(self, "centre_place", place)
        set_(self, "centres", 0 if place < 0 else sum(line[place] for line in lines))
        set_(self, "opening_bit", 0 if self.opener is None else 1 << self.pack.index(self.opener))
        from .kernels import rules_kernel  # the compiled core's copy, made once per rules

        set_(self, "kernel", rules_kernel(self))

    def place(self, rank: Rank) -> int:
        """The place of ``rank`` in a row (0 for the lowest)."""
        return self.order.index(rank)


def _fifty_two(options: Any) -> tuple[Pack, tuple[Rank, ...]]:
    listing = FRENCH_52_ACE_HIGH if options.ace == "high" else FRENCH_52
    return listing, listing.ranks


_SEVEN_OF = {"7♦": Card.parse("7♦"), "7♥": Card.parse("7♥")}
_CACHE: dict[tuple[str, object], Rules] = {}


def rules_for(name: str, options: object) -> Rules:
    """The rules of the preset ``name`` with ``options`` (an options object of that preset)."""
    key = (name, options)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = _make(name, options)
    return found


def _make(name: str, options: Any) -> Rules:
    common: dict[str, Any] = {
        "name": name,
        "pack": FRENCH_52,
        "dealt": FRENCH_52,
        "centre": Rank.SEVEN,
        "opener": None,
        "first": "left",
        "layout": False,
        "policy": "forced",
        "limit": 0,
        "to_end": False,
        "first_out_ends": False,
        "ranking": "cards",
        "by_passes": False,
        "points": PIPS,
        "dense": options.place_numbering == "dense",
        "min_players": 2,
        "max_players": 8,
        "chips": False,
    }
    if isinstance(options, (Sevens52Options, FanTanOptions)):
        listing, order = _fifty_two(options)
        opener = _SEVEN_OF.get(options.opener)
        common.update(
            listing=listing,
            order=order,
            opener=opener,
            first="left" if opener is None else "holder",
            policy="voluntary" if options.voluntary_passes else "forced",
        )
        if isinstance(options, Sevens52Options):
            common.update(to_end=options.play_to_end, by_passes=options.rank_by_passes)
        else:
            common.update(chips=True)
    elif isinstance(options, ShichinarabeOptions):
        listing, order = _fifty_two(options)
        common.update(
            listing=listing,
            order=order,
            first="laid" if options.first == "7♦" else "left",
            layout=True,
            policy="limited",
            limit=options.passes,
            to_end=True,
            first_out_ends=options.first_out_ends,
        )
    elif isinstance(options, DominoOptions):
        if options.pack == 32:
            common.update(dealt=PIQUET_32, listing=PIQUET_32, order=PIQUET_32.ranks, max_players=6)
        else:
            listing, order = _fifty_two(options)
            common.update(listing=listing, order=order)
        common.update(centre=None, to_end=options.play_to_end, ranking="pips")
    elif isinstance(options, CinquilloOptions):
        centre = Rank(options.centre)
        common.update(
            pack=SPANISH_40,
            dealt=SPANISH_40,
            listing=SPANISH_40,
            order=SPANISH_40.ranks,
            centre=centre,
            opener=Card.parse(f"{options.centre}♦"),
            first="holder",
            to_end=options.play_to_end,
            ranking="count",  # C4: cards, not pips
            max_players=6,
        )
    elif isinstance(options, RussianOptions):  # R1–R21, as a configuration of the engine
        common.update(
            pack=RUSSIAN_36,
            dealt=RUSSIAN_36,
            listing=RUSSIAN_36,
            order=RUSSIAN_36.ranks,
            centre=Rank.NINE,
            opener=Card.parse("9♦"),
            first="holder",
            by_passes=options.rank_by_passes,
            points=RUSSIAN_POINTS,
            max_players=6,
        )
    else:  # the presets check their options before they get here
        raise TypeError(f"no rules for options {options!r}")
    return Rules(**common)
