"""``sevens_ru.cards``: the names of ``sevens_ru.common.cards``, where the code lives.

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

__all__ = [
    "DECK",
    "LANGUAGES",
    "LONGEST_CARD_TEXT",
    "Card",
    "Language",
    "Rank",
    "Suit",
    "as_cards",
    "cards_from_mask",
    "mask_of",
]
