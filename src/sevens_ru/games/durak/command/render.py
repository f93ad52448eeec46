"""How the command draws a game of old Durak: hands, the table, the events, the ranking.

Every line is written in the language of ``--lang``; the cards use that language's
labels (:meth:`~sevens_ru.Card.label`), which :meth:`~sevens_ru.Card.parse` reads back.

>>> from sevens_ru import durak
>>> from sevens_ru.cli.durak.render import event_lines
>>> from sevens_ru.cli.output import strip_markup
>>> before = durak.new_game(3, dealer=0, seed=7)
>>> after = durak.apply(before, "lead 6♣")
>>> from sevens_ru.cli.texts import Narrator
>>> for line in event_lines(before, after, Narrator("en", human=2)):
...     print(strip_markup(line))
Seat 1 leads 6♣
You join with 6♦
Seat 0 joins with 6♥
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ....cli.output import Output
from ....cli.texts import Narrator, say
from ....common.cards import Card, Language, Suit
from ..events import Covered, Event, Joined, Led, Took
from ..moves import Cover, Lead, Move
from ..scoring import payoffs, ranking
from ..state import GameState

__all__ = [
    "cards_text",
    "event_lines",
    "hand_line",
    "move_text",
    "ranking_table",
    "result_line",
    "show_deal",
    "table_line",
    "trump_line",
    "turn_line",
]


def cards_text(cards: Iterable[Card], lang: Language) -> str:
    """Cards in ``lang``'s labels, separated by spaces.

    >>> from sevens_ru import Card
    >>> from sevens_ru.cli.durak.render import cards_text
    >>> cards_text([Card.parse("QS"), Card.parse("10H")], "ru")
    'Д♠ 10♥'
    """
    return " ".join(card.label(lang) for card in cards)


def move_text(move: Move, lang: Language) -> str:
    """A move in its text form (``lead 7♣ 7♦``, ``cover 7♣ 8♣``, ``take``), in ``lang``.

    The verbs and the cards are those of ``lang``: what a player may type, as
    :func:`~sevens_ru.cli.durak.play.read_move` reads them (besides the English form of
    :func:`~sevens_ru.durak.parse_move`, always understood).

    >>> from sevens_ru import durak
    >>> from sevens_ru.cli.durak.render import move_text
    >>> move_text(durak.Cover("JC", "QC"), "de"), move_text(durak.Take(), "fr")
    ('decken B♣ D♣', 'ramasser')
    >>> move_text(durak.Lead(["7C", "7D"]), "ru"), move_text(durak.Lead(["7C"]), "en")
    ('ходить 7♣ 7♦', 'lead 7♣')
    """
    if isinstance(move, Lead):
        return f"{say(lang, 'd_lead')} {cards_text(move.cards, lang)}"
    if isinstance(move, Cover):
        return f"{say(lang, 'd_cover')} {move.attack.label(lang)} {move.card.label(lang)}"
    return say(lang, "d_take")


def hand_line(hand: Iterable[Card], trump: Suit, lang: Language) -> str:
    """A hand sorted by suit and rank with the trumps last, each trump marked ``*``.

    >>> from sevens_ru import Card, Suit
    >>> from sevens_ru.cli.durak.render import hand_line
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
    >>> from sevens_ru.cli.durak.render import table_line
    >>> state = durak.apply(durak.new_game(3, dealer=0, seed=7), "lead 6♣")
    >>> table_line(durak.apply(state, "cover 6♦ 7♦").table, "en")
    '6♣/—  6♦/7♦  6♥/—'
    """
    return "  ".join(
        f"{attack.label(lang)}/{cover.label(lang) if cover else '—'}" for attack, cover in table
    )


def turn_line(attacker: int, defender: int, tell: Narrator) -> str:
    """Who attacks whom (D5), from the person's point of view if there is one.

    >>> from sevens_ru.cli.durak.render import turn_line
    >>> from sevens_ru.cli.texts import Narrator
    >>> turn_line(1, 2, Narrator("en")), turn_line(1, 2, Narrator("en", human=2))
    ('Seat 1 attacks Seat 2', 'Seat 1 attacks you')
    >>> turn_line(2, 0, Narrator("ru", human=2))
    'Вы ходите, отбивается Игрок 0'
    """
    if attacker == tell.human:
        return tell.say("d_you_attack", defender=tell.seat(defender))
    if defender == tell.human:
        return tell.say("d_attacks_you", attacker=tell.seat(attacker))
    return tell.say("d_attacks", attacker=tell.seat(attacker), defender=tell.seat(defender))


def result_line(state: GameState, tell: Narrator) -> str:
    """How a finished game ended: who is the fool, or which draw (D12, D13).

    >>> from sevens_ru import durak
    >>> from sevens_ru.cli.durak.render import result_line
    >>> from sevens_ru.cli.texts import Narrator
    >>> state = durak.new_game(3, dealer=0, seed=11)
    >>> while not durak.is_over(state):
    ...     state = durak.apply(state, durak.legal_moves(state)[0])
    >>> result_line(state, Narrator("en")), result_line(state, Narrator("de", human=1))
    ('Seat 1 is the fool!', 'Sie sind der Dumme!')
    """
    loser = state.loser
    if loser is not None:
        return (
            tell.say("d_you_fool")
            if loser == tell.human
            else tell.say("d_fool", name=tell.seat(loser))
        )
    if state.takes_in_a_row >= state.options.take_limit:
        return tell.say("d_draw_limit", count=state.takes_in_a_row)
    return tell.say("d_draw_empty")


def event_lines(
    before: GameState, after: GameState, tell: Narrator, *, table: bool = False
) -> list[str]:
    """Lines for the move from ``before`` to ``after``: its events, then what followed.

    The events are the lead, every join (D7), the cover or the take; then, if the
    move settled the bout, the cards set aside (D10), who is out (D11), and who attacks
    whom next (D5) or how the game ended (D12, D13). With ``table``, the table of the
    bout follows while the bout goes on.
    """
    lines = [_event_line(event, tell) for event in after.history[len(before.history) :]]
    if after.bouts == before.bouts:
        if table and after.table:
            lines.append(f"[dim]    {tell.say('d_table')}: {table_line(after.table, tell.lang)}[/]")
        return lines
    if not after.takes_in_a_row:
        count = len(after.set_aside) - len(before.set_aside)
        lines.append(f"[dim]{tell.say('d_set_aside', count=count)}[/]")
    for seat in after.out:
        if seat not in before.out:
            out = (
                tell.say("d_you_out")
                if seat == tell.human
                else tell.say("d_out", name=tell.seat(seat))
            )
            lines.append(f"[green]{out}[/]")
    if after.attacker is not None and after.defender is not None:
        lines.append(f"[dim]{turn_line(after.attacker, after.defender, tell)}[/]")
    else:
        lines.append(f"[bold]{result_line(after, tell)}[/]")
    return lines


_EVENTS = {Led: "lead", Joined: "join", Covered: "cover", Took: "take"}


def _event_line(event: Event, tell: Narrator) -> str:
    """One event: ``"Seat 1 leads 6♣"``, or ``"You join with 6♦"`` for the person's seat."""
    lang = tell.lang
    if isinstance(event, Covered):
        fields = {"attack": event.attack.label(lang), "card": f"[bold]{event.card.label(lang)}[/]"}
    else:
        cards = cards_text(event.cards, lang)
        fields = {"cards": cards if isinstance(event, Took) else f"[bold]{cards}[/]"}
    verb = _EVENTS[type(event)]
    if event.seat == tell.human:
        line = tell.say(f"d_you_{verb}", **fields)
    else:
        line = tell.say(f"d_{verb}s", name=tell.seat(event.seat), **fields)
    style = "cyan" if isinstance(event, Joined) else "yellow" if isinstance(event, Took) else None
    return f"[{style}]{line}[/]" if style else line


def trump_line(state: GameState, tell: Narrator) -> str:
    """The trump card (D4), who dealt, and how many cards are out of play.

    >>> from sevens_ru import durak
    >>> from sevens_ru.cli.durak.render import trump_line
    >>> from sevens_ru.cli.texts import Narrator
    >>> from sevens_ru.cli.output import strip_markup
    >>> state = durak.new_game(2, dealer=1, seed=3)
    >>> strip_markup(trump_line(state, Narrator("ru")))
    'Козырь В♥, сдаёт Игрок 1; вне игры 18 карт'
    >>> strip_markup(trump_line(state, Narrator("en", human=1)))
    'Trump card J♥, dealt by you; 18 cards out of play'
    """
    card = f"[bold]{state.trump.label(tell.lang)}[/]"
    undealt = len(state.undealt)
    if state.dealer == tell.human:
        return tell.say("d_you_trump", card=card, undealt=undealt)
    return tell.say("d_trump", card=card, dealer=tell.seat(state.dealer), undealt=undealt)


def show_deal(out: Output, state: GameState, tell: Narrator) -> None:
    """The trump card and every seat's hand as dealt (for a demo or a replay)."""
    out.rule(tell.say("deal"))
    out.line(trump_line(state, tell))
    for seat, hand in enumerate(state.deal):
        out.line(f"{tell.seat(seat)}: {hand_line(hand, state.trump_suit, tell.lang)}")
    out.line(f"[dim]({tell.say('d_marked')})[/]")


def ranking_table(out: Output, state: GameState, tell: Narrator) -> None:
    """The final ranking (D14) with each seat's payoff at a stake of 1 (D15)."""
    money = payoffs(state, stake=1)
    rows = []
    for standing in ranking(state):
        if standing.out_after is not None:
            result = tell.say("d_out_after", bout=standing.out_after)
        else:
            result = tell.say("d_the_fool" if standing.loser else "d_a_draw")
        rows.append(
            [
                str(standing.place),
                tell.seat(standing.seat),
                str(standing.cards_left),
                result,
                f"{money[standing.seat]:+d}",
            ]
        )
    headers = [tell.say(key) for key in ("place", "player", "cards", "d_result", "d_payoff")]
    out.table(headers, rows, title=tell.say("ranking"), right=(0, 2, 4))
