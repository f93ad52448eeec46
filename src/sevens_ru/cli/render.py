"""How the command draws the game: rows, hands, events and the ranking.

>>> import sevens_ru as s7
>>> from sevens_ru.cli.render import row_line
>>> state = s7.apply(s7.apply(s7.new_game(4, seed=1), "9♦"), "8♦")
>>> row_line(state.table, s7.Suit.DIAMONDS, "en")
'♦   ·  ·  8  9  ·  ·  ·  ·  ·'
>>> row_line(state.table, s7.Suit.HEARTS, "de")
'♥   nicht eröffnet'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..cards import Card, Language, Rank, Suit
from ..events import Pass, Play
from ..scoring import Standing
from .output import Output
from .texts import say

__all__ = ["draw_rows", "event_line", "hand_line", "ranking_table", "row_line", "seat_name"]


def seat_name(
    seat: int, lang: Language, *, human: int | None = None, bot: str | None = None
) -> str:
    """``"You"`` for the human's seat, else ``"Seat 2"`` (with the bot's name if given).

    >>> from sevens_ru.cli.render import seat_name
    >>> seat_name(2, "fr", bot="heuristic"), seat_name(0, "ru", human=0)
    ('Place 2 (heuristic)', 'Вы')
    """
    if seat == human:
        return say(lang, "you")
    name = say(lang, "seat", seat=seat)
    return f"{name} ({bot})" if bot else name


def row_line(table: Collection[Card], suit: Suit, lang: Language) -> str:
    """One suit's row, 6 to A, with ``·`` where a card is not on the table yet (R8)."""
    ranks = {card.rank for card in table if card.suit == suit}
    if not ranks:
        return f"{suit.symbol}   {say(lang, 'not_open')}"
    cells = [rank.label(lang).rjust(2) if rank in ranks else " ·" for rank in Rank]
    return f"{suit.symbol}  " + " ".join(cells)


def draw_rows(out: Output, table: Collection[Card], lang: Language) -> None:
    """The four rows, one line each, under a title."""
    out.line(f"[bold]{say(lang, 'table')}[/]")
    for suit in Suit:
        out.line("  " + row_line(table, suit, lang))


def hand_line(hand: Sequence[Card], playable: Collection[Card], lang: Language) -> str:
    """A hand in canonical order (R2), playable cards highlighted and marked ``*``.

    >>> import sevens_ru as s7
    >>> from sevens_ru.cli.render import hand_line
    >>> from sevens_ru.cli.output import strip_markup
    >>> hand = [s7.Card.parse(text) for text in ["6♣", "Q♦", "9♠"]]
    >>> strip_markup(hand_line(hand, [hand[2]], "ru"))
    '6♣ Д♦ 9♠*'
    """
    return " ".join(
        f"[bold green]{card.label(lang)}*[/]" if card in playable else card.label(lang)
        for card in sorted(hand)
    )


def event_line(
    event: Play | Pass, lang: Language, *, human: int | None = None, bots: Sequence[str] = ()
) -> str:
    """One line for a play or a pass (R11), as the command announces it."""
    bot = bots[event.seat] if event.seat < len(bots) else None
    name = seat_name(event.seat, lang, human=human, bot=bot)
    if isinstance(event, Play):
        card = f"[bold]{event.card.label(lang)}[/]"
        if event.seat == human:
            return say(lang, "you_play", card=card)
        return say(lang, "plays", name=name, card=card)
    if event.seat == human:
        return f"[yellow]{say(lang, 'you_pass')}[/]"
    return f"[yellow]{say(lang, 'passes', name=name)}[/]"


def ranking_table(
    out: Output,
    standings: Sequence[Standing],
    lang: Language,
    *,
    human: int | None = None,
    bots: Sequence[str] = (),
) -> None:
    """The final ranking (R15-R18) as a table."""
    rows = [
        [
            str(standing.place),
            seat_name(
                standing.seat,
                lang,
                human=human,
                bot=bots[standing.seat] if standing.seat < len(bots) else None,
            ),
            str(standing.cards_left),
            str(standing.points),
            str(standing.passes),
        ]
        for standing in standings
    ]
    headers = [say(lang, key) for key in ("place", "player", "cards", "points", "passes_column")]
    out.table(headers, rows, title=say(lang, "ranking"), right=(0, 2, 3, 4))
