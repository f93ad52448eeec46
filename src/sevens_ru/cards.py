"""``sevens_ru.cards``: the names of ``sevens_ru.common.cards`` and ``sevens_ru.common.packs``, where the code lives.

This path is kept for the code that imports it; new code may import either.
"""

from __future__ import annotations

from .common.cards import (
    DECK,
    LANGUAGES,
    LONGEST_CARD_TEXT,
    Card,
    Language,
    Rank,
    Suit,
    as_cards,
    cards_from_mask,
    mask_of,
)
from .common.packs import (
    FRENCH_52,
    FRENCH_52_ACE_HIGH,
    PACKS,
    PIQUET_32,
    RUSSIAN_36,
    SPANISH_40,
    Pack,
)

__all__ = [
    "DECK",
    "FRENCH_52",
    "FRENCH_52_ACE_HIGH",
    "LANGUAGES",
    "LONGEST_CARD_TEXT",
    "PACKS",
    "PIQUET_32",
    "RUSSIAN_36",
    "SPANISH_40",
    "Card",
    "Language",
    "Pack",
    "Rank",
    "Suit",
    "as_cards",
    "cards_from_mask",
    "mask_of",
]
