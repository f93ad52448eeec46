"""How the command draws a game of old Durak: hands, the table, the events, the ranking.

Every line is written in the language of ``--lang``; the cards use that language's
labels (:meth:`~sevens_ru.Card.label`), which :meth:`~sevens_ru.Card.parse` reads back.

>>> from sevens_ru import durak
>>> from sevens_ru.cli.durak_render import event_lines
>>> from sevens_ru.cli.output import strip_markup
>>> before = durak.new_game(3, dealer=0, seed=7)
>>> after = durak.apply(before, "lead 6♣")
>>> for line in event_lines(before, after, "en", human=2):
...     print(strip_markup(line))
Seat 1 leads 6♣
You join with 6♦
Seat 0 joins with 6♥
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card, Language, Suit
from ..durak.events import Covered, Joined, Led, Took
from ..durak.moves import Cover, Lead, Move
from ..durak.scoring import payoffs, ranking
from ..durak.state import GameState
from .output import Output
from .render import seat_name
from .texts import say

__all__ = [
    "cards_text",
    "event_lines",
    "hand_line",
    "move_text",
    "ranking_table",
    "result_line",
    "show_deal",
    "table_line",
    "turn_line",
]


def cards_text(cards: Iterable[Card], lang: Language) -> str:
    """Cards in ``lang``'s labels, separated by spaces.

    >>> from sevens_ru import Card
    >>> from sevens_ru.cli.durak_render import cards_text
    >>> cards_text([Card.parse("QS"), Card.parse("10H")], "ru")
    'Д♠ 10♥'
    """
    return " ".join(card.label(lang) for card in cards)


def move_text(move: Move, lang: Language) -> str:
    """A move in its text form (``lead 7♣ 7♦``, ``cover 7♣ 8♣``, ``take``), cards in ``lang``.

    The verbs stay English: they are what :func:`~sevens_ru.durak.parse_move` reads,
    and so what a player types.

    >>> from sevens_ru import durak
    >>> from sevens_ru.cli.durak_render import move_text
    >>> move_text(durak.Cover("JC", "QC"), "de"), move_text(durak.Take(), "fr")
    ('cover B♣ D♣', 'take')
    """
    if isinstance(move, Lead):
        return f"lead {cards_text(move.cards, lang)}"
    if isinstance(move, Cover):
        return f"cover {move.attack.label(lang)} {move.card.label(lang)}"
    return "take"


def hand_line(hand: Iterable[Card], trump: Suit, lang: Language) -> str:
    """A hand sorted by suit and rank with the trumps last, each trump marked ``*``.

    >>> from sevens_ru import Card, Suit
    >>> from sevens_ru.cli.durak_render import hand_line
    >>> from sevens_ru.cli.output import strip_markup
    >>> hand = [Card.parse(text) for text in ["9♠", "Q♣", "6♦", "6♣"]]
    >>> strip_markup(hand_line(hand, Suit.CLUBS, "en"))
    '6♦ 9♠ 6♣* Q♣*'
    """
    ordered = sorted(hand, key=lambda card: (card.suit == trump, card))
    return " ".join(
        f"[bold yellow]{card.label(lang)}*[/]" if card.suit == trump else card.label(lang)
        for card in ordered
    )


def table_line(table: Sequence[tuple[Card, Card | None]], lang: Language) -> str:
    """The cards of the bout: each attacking card with its cover, or ``—`` if uncovered.

    >>> from sevens_ru import durak
    >>> from sevens_ru.cli.durak_render import table_line
    >>> state = durak.apply(durak.new_game(3, dealer=0, seed=7), "lead 6♣")
    >>> table_line(durak.apply(state, "cover 6♦ 7♦").table, "en")
    '6♣/—  6♦/7♦  6♥/—'
    """
    return "  ".join(
        f"{attack.label(lang)}/{cover.label(lang) if cover else '—'}" for attack, cover in table
    )


def _name(seat: int, lang: Language, human: int | None, names: Sequence[str]) -> str:
    return seat_name(seat, lang, human=human, bot=names[seat] if seat < len(names) else None)


def turn_line(
    attacker: int,
    defender: int,
    lang: Language,
    *,
    human: int | None = None,
    names: Sequence[str] = (),
) -> str:
    """Who attacks whom (D5), from the human's point of view if there is one.

    >>> from sevens_ru.cli.durak_render import turn_line
    >>> turn_line(1, 2, "en"), turn_line(1, 2, "en", human=2), turn_line(2, 0, "ru", human=2)
    ('Seat 1 attacks Seat 2', 'Seat 1 attacks you', 'Вы ходите под Место 0')
    """
    if attacker == human:
        return say(lang, "d_you_attack", defender=_name(defender, lang, human, names))
    if defender == human:
        return say(lang, "d_attacks_you", attacker=_name(attacker, lang, human, names))
    return say(
        lang,
        "d_attacks",
        attacker=_name(attacker, lang, human, names),
        defender=_name(defender, lang, human, names),
    )


def result_line(
    state: GameState, lang: Language, *, human: int | None = None, names: Sequence[str] = ()
) -> str:
    """How a finished game ended: who is the fool, or which draw (D12, D13).

    >>> from sevens_ru import durak
    >>> from sevens_ru.cli.durak_render import result_line
    >>> state = durak.new_game(3, dealer=0, seed=11)
    >>> while not durak.is_over(state):
    ...     state = durak.apply(state, durak.legal_moves(state)[0])
    >>> result_line(state, "en"), result_line(state, "de", human=1)
    ('Seat 1 is the fool!', 'Sie sind der Dumme!')
    """
    loser = state.loser
    if loser is not None:
        if loser == human:
            return say(lang, "d_you_fool")
        return say(lang, "d_fool", name=_name(loser, lang, human, names))
    if state.takes_in_a_row >= state.options.take_limit:
        return say(lang, "d_draw_limit", count=state.takes_in_a_row)
    return say(lang, "d_draw_empty")


def event_lines(
    before: GameState,
    after: GameState,
    lang: Language,
    *,
    human: int | None = None,
    names: Sequence[str] = (),
) -> list[str]:
    """Lines for the move from ``before`` to ``after``: its events, then what followed.

    The events are the lead, every join (D7), the cover or the take; then, if the
    move settled the bout, the cards set aside (D10), who is out (D11), and who attacks
    whom next (D5) or how the game ended (D12, D13).
    """
    lines = []
    for event in after.history[len(before.history) :]:
        mine = event.seat == human
        name = _name(event.seat, lang, human, names)
        if isinstance(event, Led):
            cards = f"[bold]{cards_text(event.cards, lang)}[/]"
            lines.append(
                say(lang, "d_you_lead", cards=cards)
                if mine
                else say(lang, "d_leads", name=name, cards=cards)
            )
        elif isinstance(event, Joined):
            cards = f"[bold]{cards_text(event.cards, lang)}[/]"
            line = (
                say(lang, "d_you_join", cards=cards)
                if mine
                else say(lang, "d_joins", name=name, cards=cards)
            )
            lines.append(f"[cyan]{line}[/]")
        elif isinstance(event, Covered):
            fields = {
                "attack": event.attack.label(lang),
                "card": f"[bold]{event.card.label(lang)}[/]",
            }
            lines.append(
                say(lang, "d_you_cover", **fields)
                if mine
                else say(lang, "d_covers", name=name, **fields)
            )
        elif isinstance(event, Took):
            cards = cards_text(event.cards, lang)
            line = (
                say(lang, "d_you_take", cards=cards)
                if mine
                else say(lang, "d_takes", name=name, cards=cards)
            )
            lines.append(f"[yellow]{line}[/]")
    if after.bouts == before.bouts:
        return lines
    if not after.takes_in_a_row:
        count = len(after.set_aside) - len(before.set_aside)
        lines.append(f"[dim]{say(lang, 'd_set_aside', count=count)}[/]")
    for seat in after.out:
        if seat not in before.out:
            line = (
                say(lang, "d_you_out")
                if seat == human
                else say(lang, "d_out", name=_name(seat, lang, human, names))
            )
            lines.append(f"[green]{line}[/]")
    if after.attacker is not None and after.defender is not None:
        lines.append(
            f"[dim]{turn_line(after.attacker, after.defender, lang, human=human, names=names)}[/]"
        )
    else:
        lines.append(f"[bold]{result_line(after, lang, human=human, names=names)}[/]")
    return lines


def show_deal(out: Output, state: GameState, lang: Language, names: Sequence[str]) -> None:
    """The trump card and every seat's hand as dealt (for a demo or a replay)."""
    out.rule(say(lang, "deal"))
    out.line(
        say(
            lang,
            "d_trump",
            card=f"[bold]{state.trump.label(lang)}[/]",
            dealer=_name(state.dealer, lang, None, names),
            undealt=len(state.undealt),
        )
    )
    for seat, hand in enumerate(state.deal):
        out.line(f"{_name(seat, lang, None, names)}: {hand_line(hand, state.trump_suit, lang)}")
    out.line(f"[dim]({say(lang, 'd_marked')})[/]")


def ranking_table(
    out: Output,
    state: GameState,
    lang: Language,
    *,
    human: int | None = None,
    names: Sequence[str] = (),
) -> None:
    """The final ranking (D14) with each seat's payoff at a stake of 1 (D15)."""
    money = payoffs(state, stake=1)
    rows = []
    for standing in ranking(state):
        if standing.out_after is not None:
            result = say(lang, "d_out_after", bout=standing.out_after)
        else:
            result = say(lang, "d_the_fool" if standing.loser else "d_a_draw")
        rows.append(
            [
                str(standing.place),
                _name(standing.seat, lang, human, names),
                str(standing.cards_left),
                result,
                f"{money[standing.seat]:+d}",
            ]
        )
    headers = [say(lang, key) for key in ("place", "player", "cards", "d_result", "d_payoff")]
    out.table(headers, rows, title=say(lang, "ranking"), right=(0, 2, 4))
