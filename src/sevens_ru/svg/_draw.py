"""What both games' pictures are drawn with: cards, backs, empty places, words, the frame.

Everything here returns SVG markup as text. A card face carries ``data-card`` (its
record notation, ``"10♦"``) so that a page can find and click it; backs carry nothing
about the card they hide.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..common._quote import excerpt
from ..common.cards import LANGUAGES, Card, Language, Rank, Suit
from ..errors import UnknownLanguageError

CARD_WIDTH = 40
CARD_HEIGHT = 56
MARGIN = 16
LABEL_WIDTH = 132
"""The column, left of each hand, that names the seat and says how it stands."""
SEAT_HEIGHT = 66
FACE_STEP = 24
"""How far apart the cards of a hand shown face up are: their corners stay readable."""
BACK_STEP = 8

STYLE = (
    ".felt{fill:#1d6b40}"
    ".card>rect{fill:#fff;stroke:#37474f;stroke-width:1}"
    ".card text{font-family:'DejaVu Sans',Arial,sans-serif}"
    ".red text{fill:#c62828}.black text{fill:#212121}"
    ".corner{font-size:12px;font-weight:bold}.pip{font-size:22px;text-anchor:middle}"
    ".back>rect{fill:#294d8f;stroke:#e3e8f3;stroke-width:1.5}"
    ".back>path{fill:none;stroke:#6f8fcb;stroke-width:1}"
    ".place>rect{fill:none;stroke:#8dbf9f;stroke-width:1;stroke-dasharray:3 3}"
    ".place.open>rect{stroke:#ffffff;stroke-width:1.5}"
    ".place text{fill:#8dbf9f;font:11px 'DejaVu Sans',Arial,sans-serif;text-anchor:middle}"
    ".last>rect{stroke:#ffb300;stroke-width:3}"
    ".island>rect{stroke:#ef6c00;stroke-width:2;stroke-dasharray:4 3}"
    ".legal>rect{stroke:#00796b;stroke-width:2}"
    ".label{fill:#ffffff;font:14px 'DejaVu Sans',Arial,sans-serif}"
    ".small{fill:#d7ecdf;font:12px 'DejaVu Sans',Arial,sans-serif}"
    ".turn{fill:#ffd54f;font-weight:bold}"
    ".mark{fill:#ffd54f;font:bold 12px 'DejaVu Sans',Arial,sans-serif}"
    ".title{fill:#ffffff;font:bold 15px 'DejaVu Sans',Arial,sans-serif}"
)


def phrasebook(package: str, name: str) -> dict[str, dict[Language, str]]:
    """The phrases of the data file ``name`` of ``package``, by key, each in every language.

    The file is a JSON object of phrases, ``{"seat": {"en": "Seat {seat}", "ru":
    "Игрок {seat}", "fr": ..., "de": ...}, ...}``; the texts of each phrase come in the
    order of :data:`~sevens_ru.LANGUAGES`. The pictures' phrases and the command's
    messages are read so.

    >>> phrasebook("sevens_ru.svg", "words.json")["trump"]["ru"]
    'Козырь'

    Raises:
        ValueError: a phrase is not text in each of the languages, and only them.
    """
    phrases = json.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))
    book: dict[str, dict[Language, str]] = {}
    for key, words in phrases.items():
        if (
            not isinstance(words, dict)
            or sorted(words) != sorted(LANGUAGES)
            or not all(isinstance(word, str) for word in words.values())
        ):
            raise ValueError(f"{name}: {key!r} needs a text in each of {', '.join(LANGUAGES)}")
        book[key] = {lang: words[lang] for lang in LANGUAGES}
    return book


_WORDS = phrasebook(__package__ or "sevens_ru.svg", "words.json")
"""The pictures' phrases, by key and language (the data file ``words.json``)."""


def scene(
    position: Any,
    seat: int | None,
    state_type: type,
    view: Callable[[Any, int], Any],
    legal_moves: Callable[[Any], tuple[Any, ...]],
) -> tuple[Any, list[tuple[Card, ...] | int], tuple[Any, ...]]:
    """What a picture shows of a state or a view: the public facts, the hands, the legal moves.

    The public facts are a view (of the seat to move, for a whole state); each hand is
    its cards where the picture may show them, else their number. A state drawn for
    ``seat`` is drawn from that seat's view alone.
    """
    if isinstance(position, state_type) and seat is not None:
        position = view(position, seat)
    if isinstance(position, state_type):
        seen = view(position, position.current_player or 0)  # type: ignore[attr-defined]
        return seen, list(position.hands), legal_moves(position)  # type: ignore[attr-defined]
    hands: list[tuple[Card, ...] | int] = [
        position.hand if other == position.seat else size
        for other, size in enumerate(position.hand_sizes)
    ]
    return position, hands, position.legal_moves()


def check_language(lang: object) -> Language:
    """``lang`` if it is one of :data:`sevens_ru.LANGUAGES`, else :class:`UnknownLanguageError`."""
    if lang not in LANGUAGES:
        raise UnknownLanguageError(
            f"unknown language {excerpt(lang)}: expected one of {', '.join(map(repr, LANGUAGES))}"
        )
    return lang


def say(lang: Language, key: str, **values: object) -> str:
    """A phrase of the pictures in ``lang``, with ``values`` filled in."""
    return _WORDS[key][lang].format(**values)


def seat_name(lang: Language, seat: int) -> str:
    """What a picture calls ``seat``: "Seat 2", "Игрок 2"..."""
    return say(lang, "seat", seat=seat)


def card_text(lang: Language, cards: Iterable[Card]) -> str:
    """Cards as a reader of ``lang`` writes them, separated by spaces."""
    return " ".join(card.label(lang) for card in cards)


def text(x: float, y: float, content: str, css: str = "label", *, anchor: str = "") -> str:
    """One line of text at ``(x, y)`` (its baseline)."""
    extra = f' text-anchor="{anchor}"' if anchor else ""
    return f'<text x="{x:g}" y="{y:g}" class="{css}"{extra}>{escape(content)}</text>'


def face(card: Card, x: float, y: float, lang: Language, css: str = "") -> str:
    """A card face up at ``(x, y)`` (top left), in ``lang``'s rank letters."""
    colour = "red" if card.suit in (Suit.DIAMONDS, Suit.HEARTS) else "black"
    classes = " ".join(filter(None, ("card", colour, css)))
    rank, suit = card.rank.label(lang), card.suit.symbol
    return (
        f'<g class="{classes}" transform="translate({x:g} {y:g})" data-card={quoteattr(str(card))}>'
        f"<title>{escape(card.label(lang))}</title>"
        f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="4"/>'
        f'<text x="4" y="14" class="corner">{escape(rank)}</text>'
        f'<text x="4" y="27" class="corner">{suit}</text>'
        f'<text x="{CARD_WIDTH / 2 + 4:g}" y="{CARD_HEIGHT - 10}" class="pip">{suit}</text></g>'
    )


def back(x: float, y: float) -> str:
    """A card face down at ``(x, y)``: the same for every card."""
    return (
        f'<g class="back" transform="translate({x:g} {y:g})">'
        f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="4"/>'
        f'<path d="M6 6H{CARD_WIDTH - 6}V{CARD_HEIGHT - 6}H6ZM6 6L{CARD_WIDTH - 6} {CARD_HEIGHT - 6}'
        f'M{CARD_WIDTH - 6} 6L6 {CARD_HEIGHT - 6}"/></g>'
    )


def place(rank: Rank, suit: Suit, x: float, y: float, lang: Language, *, open_: bool) -> str:
    """The empty place of a card in its row; ``open_`` when a card may be played there now.

    The rank and the suit are written on two lines, so the text of a picture names as
    cards only those drawn face up.
    """
    css = "place open" if open_ else "place"
    middle = CARD_WIDTH / 2
    return (
        f'<g class="{css}" transform="translate({x:g} {y:g})">'
        f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="4"/>'
        f'<text x="{middle:g}" y="{CARD_HEIGHT / 2 - 2:g}">{escape(rank.label(lang))}</text>'
        f'<text x="{middle:g}" y="{CARD_HEIGHT / 2 + 12:g}">{suit.symbol}</text></g>'
    )


def hand(
    cards: tuple[Card, ...] | int,
    x: float,
    y: float,
    lang: Language,
    *,
    marked: frozenset[Card] = frozenset(),
    css: dict[Card, str] | None = None,
) -> tuple[str, float]:
    """A hand at ``(x, y)``: its cards face up, or as many backs and their count.

    Returns the markup and the x where the hand ends. The cards in ``marked`` are drawn
    as legal moves; ``css`` adds classes to single cards.
    """
    if isinstance(cards, int):
        parts = [back(x + i * BACK_STEP, y) for i in range(cards)]
        end = x + max(cards - 1, 0) * BACK_STEP + CARD_WIDTH
        parts.append(
            text(
                end + 8,
                y + CARD_HEIGHT / 2 + 5,
                say(lang, "card") if cards == 1 else say(lang, "cards", count=cards),
                "small",
            )
        )
        return "".join(parts), end + 60
    step = FACE_STEP if len(cards) <= 18 else max(14.0, FACE_STEP * 17 / (len(cards) - 1))
    parts = []
    for i, card in enumerate(cards):
        classes = " ".join(
            filter(None, ("legal" if card in marked else "", (css or {}).get(card, "")))
        )
        parts.append(face(card, x + i * step, y, lang, classes))
    return "".join(parts), x + max(len(cards) - 1, 0) * step + CARD_WIDTH


def document(width: float, height: float, body: Iterable[str], title: str) -> str:
    """The whole picture: an ``<svg>`` element with its style, a felt and ``body``."""
    width, height = round(width), round(height)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label={quoteattr(title)}>'
        f"<title>{escape(title)}</title><style>{STYLE}</style>"
        f'<rect class="felt" width="{width}" height="{height}" rx="10"/>' + "".join(body) + "</svg>"
    )
