"""How the command draws a game of Russian Sevens: rows, hands, events and the ranking.

Every line is written in the language of ``--lang``; the cards use that language's
labels (:meth:`~sevens_ru.Card.label`), which :meth:`~sevens_ru.Card.parse` reads back.

>>> import sevens_ru as s7
>>> from sevens_ru.cli.sevens.render import row_line
>>> state = s7.apply(s7.apply(s7.new_game(4, seed=1), "9♦"), "8♦")
>>> row_line(state.table, s7.Suit.DIAMONDS, "en")
'♦   ·  ·  8  9  ·  ·  ·  ·  ·'
>>> row_line(state.table, s7.Suit.HEARTS, "de")
'♥   nicht eröffnet'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ....cli.output import Output, strip_markup
from ....cli.texts import Narrator, say
from ....common.cards import Card, Language, Suit
from ..deal import PACK
from ..events import Pass, Play
from ..scoring import ranking
from ..state import GameState

__all__ = [
    "draw_rows",
    "event_line",
    "event_lines",
    "hand_line",
    "ranking_table",
    "result_line",
    "row_line",
    "show_deal",
]


def row_line(table: Collection[Card], suit: Suit, lang: Language) -> str:
    """One suit's row, 6 to A, with ``·`` where a card is not on the table yet (R8)."""
    ranks = {card.rank for card in table if card.suit == suit}
    if not ranks:
        return f"{suit.symbol}   {say(lang, 'not_open')}"
    cells = [rank.label(lang).rjust(2) if rank in ranks else " ·" for rank in PACK.ranks]
    return f"{suit.symbol}  " + " ".join(cells)


def draw_rows(out: Output, table: Collection[Card], lang: Language) -> None:
    """The four rows, one line each, under a title."""
    out.line(f"[bold]{say(lang, 'table')}[/]")
    for suit in Suit:
        out.line("  " + row_line(table, suit, lang))


def hand_line(hand: Sequence[Card], playable: Collection[Card], lang: Language) -> str:
    """A hand in canonical order (R2), playable cards highlighted and marked ``*``.

    >>> import sevens_ru as s7
    >>> from sevens_ru.cli.sevens.render import hand_line
    >>> from sevens_ru.cli.output import strip_markup
    >>> hand = [s7.Card.parse(text) for text in ["6♣", "Q♦", "9♠"]]
    >>> strip_markup(hand_line(hand, [hand[2]], "ru"))
    '6♣ Д♦ 9♠*'
    """
    return " ".join(
        f"[bold green]{card.label(lang)}*[/]" if card in playable else card.label(lang)
        for card in sorted(hand)
    )


def event_line(event: Play | Pass, tell: Narrator) -> str:
    """One line for a play or a pass (R11), as the command announces it."""
    mine = event.seat == tell.human
    if isinstance(event, Play):
        card = f"[bold]{event.card.label(tell.lang)}[/]"
        if mine:
            return tell.say("you_play", card=card)
        return tell.say("plays", name=tell.seat(event.seat), card=card)
    line = tell.say("you_pass") if mine else tell.say("passes", name=tell.seat(event.seat))
    return f"[yellow]{line}[/]"


def event_lines(
    before: GameState, after: GameState, tell: Narrator, *, rows: bool = False
) -> list[str]:
    """Lines for the card played from ``before`` to ``after``: the play, then the passes (R11).

    With ``rows``, the row of the card played follows its line.

    >>> import sevens_ru as s7
    >>> from sevens_ru.cli.sevens.render import event_lines
    >>> from sevens_ru.cli.texts import Narrator
    >>> from sevens_ru.cli.output import strip_markup
    >>> before = s7.new_game(4, seed=1)
    >>> for line in event_lines(before, s7.apply(before, "9♦"), Narrator("en", human=2)):
    ...     print(strip_markup(line))
    Seat 1 plays 9♦
    You pass: you hold no playable card
    """
    lines = []
    for event in after.history[len(before.history) :]:
        line = event_line(event, tell)
        if rows and isinstance(event, Play):
            row = row_line(after.table, event.card.suit, tell.lang)
            padding = " " * max(2, 36 - len(strip_markup(line)))
            line = f"{line}{padding}[dim]{row}[/]"
        lines.append(line)
    return lines


def show_deal(out: Output, state: GameState, tell: Narrator) -> None:
    """Every seat's hand as dealt (for a demo or a replay, where nothing is hidden)."""
    out.rule(tell.say("deal"))
    for seat, hand in enumerate(state.deal):
        out.line(f"{tell.seat(seat)}: {hand_line(hand, (), tell.lang)}")


def result_line(state: GameState, tell: Narrator) -> str:
    """Who won a finished game (R14).

    >>> import sevens_ru as s7
    >>> from sevens_ru.cli.sevens.render import result_line
    >>> from sevens_ru.cli.texts import Narrator
    >>> state = s7.new_game(2, seed=1)
    >>> while not s7.is_over(state):
    ...     state = s7.apply(state, s7.legal_moves(state)[0])
    >>> result_line(state, Narrator("en")), result_line(state, Narrator("de", human=state.winner))
    ('Seat 0 wins!', 'Sie haben gewonnen!')
    """
    winner: int = state.winner  # type: ignore[assignment]  # the game is over
    return tell.say("you_win") if winner == tell.human else tell.say("wins", name=tell.seat(winner))


def ranking_table(out: Output, state: GameState, tell: Narrator) -> None:
    """The final ranking (R15-R18) as a table."""
    rows = [
        [
            str(standing.place),
            tell.seat(standing.seat),
            str(standing.cards_left),
            str(standing.points),
            str(standing.passes),
        ]
        for standing in ranking(state)
    ]
    headers = [tell.say(key) for key in ("place", "player", "cards", "points", "passes_column")]
    out.table(headers, rows, title=tell.say("ranking"), right=(0, 2, 3, 4))
