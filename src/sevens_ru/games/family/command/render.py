"""How the command draws a game of the layout family: rows, hands, events, outcomes.

Every line is written in the language of ``--lang``; the cards use that language's
labels (:meth:`~sevens_ru.Card.label`), which :meth:`~sevens_ru.Card.parse` reads back.
A row runs over the preset's whole rank order (F4): ``·`` for a card not on the table,
its rank marked ``'`` for a card beyond a gap after a burst (an island, N6).

>>> from sevens_ru import games
>>> from sevens_ru.games.family.command.render import row_line
>>> game = games.get("cinquillo")
>>> state = game.apply(game.new_game(4, dealer=3, seed=6), "5♦")
>>> row_line(state, 1, "en")
'♦   ·  ·  ·  ·  5  ·  ·  ·  ·  ·'
>>> row_line(state, 2, "fr")
'♥   pas ouverte'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from ....cli.output import Output, strip_markup
from ....cli.texts import Narrator, say
from ....common.cards import Card, Language
from ..events import Burst, Pass, Play
from ..picture import islands
from ..presets import rules_for
from ..scoring import antes

__all__ = [
    "draw_rows",
    "end",
    "event_lines",
    "hand_line",
    "opening",
    "ranking_table",
    "result_line",
    "row_line",
    "seats_line",
    "show_deal",
]


def _rules(position: Any) -> Any:
    return rules_for(position.game_name, position.options)


def row_line(position: Any, row: int, lang: Language) -> str:
    """The row of the pack's suit number ``row`` of a state or a view, over the preset's rank order."""
    rules = _rules(position)
    table = position.table_mask
    line = rules.lines[row]
    suit = rules.pack.suits[row]
    if not any(table & bit for bit in line):
        return f"{suit.symbol}   {say(lang, 'not_open')}"
    apart = islands(rules, table, position._centre)
    cells = []
    for place, bit in enumerate(line):  # each place 3 columns: an island's rank marked ' (N6)
        label = rules.order[place].label(lang) if table & bit else "·"
        cells.append(label.rjust(2) + ("'" if apart & bit else " "))
    return f"{suit.symbol}  " + "".join(cells).rstrip()


def draw_rows(out: Output, position: Any, lang: Language) -> None:
    """The rows, one line each, under a title; a note when a row has islands (N6)."""
    out.line(f"[bold]{say(lang, 'table')}[/]")
    for row in range(len(_rules(position).lines)):
        out.line("  " + row_line(position, row, lang))
    rules = _rules(position)
    if islands(rules, position.table_mask, position._centre):
        out.line(f"  [dim]{say(lang, 'f_islands')}[/]")


def hand_line(hand: Sequence[Card], playable: Collection[Card], lang: Language) -> str:
    """A hand in the preset's canonical order (F5), playable cards highlighted and marked ``*``.

    >>> from sevens_ru import Card
    >>> from sevens_ru.cli.output import strip_markup
    >>> hand = [Card.parse(text) for text in ["A♣", "Q♦", "7♠"]]
    >>> strip_markup(hand_line(hand, [hand[2]], "ru"))
    'Т♣ Д♦ 7♠*'
    """
    return " ".join(
        f"[bold green]{card.label(lang)}*[/]" if card in playable else card.label(lang)
        for card in hand
    )


def seats_line(position: Any, tell: Narrator) -> str:
    """Each seat's cards in hand and passes (shichinarabe's passes left), and fan-tan's pool."""
    rules = _rules(position)
    parts = []
    for seat, count in enumerate(position.hand_sizes):
        part = tell.say("f_seats", name=tell.seat(seat), count=count, passes=position.passes[seat])
        if rules.policy == "limited":
            left = rules.limit - position.passes[seat]
            part += f" ({tell.say('f_passes_left', count=left)})"
        parts.append(part)
    line = "; ".join(parts)
    pool = getattr(position, "pool", None)
    if pool is not None:
        line += ". " + tell.say("f_pool_line", pool=pool)
    return line


def event_line(event: Play | Pass | Burst, tell: Narrator, forced: bool) -> str:
    """One line for a play, a pass (``forced``: the engine's, for want of a playable card) or a burst."""
    mine = event.seat == tell.human
    if isinstance(event, Play):
        card = f"[bold]{event.card.label(tell.lang)}[/]"
        if mine:
            return tell.say("you_play", card=card)
        return tell.say("plays", name=tell.seat(event.seat), card=card)
    if isinstance(event, Burst):
        cards = " ".join(card.label(tell.lang) for card in event.cards)
        key = "f_you_burst" if mine else "f_bursts"
        return f"[red]{tell.say(key, name=tell.seat(event.seat), cards=cards)}[/]"
    if forced:
        line = tell.say("you_pass") if mine else tell.say("passes", name=tell.seat(event.seat))
    else:
        line = tell.say("f_you_pass") if mine else tell.say("f_passes", name=tell.seat(event.seat))
    return f"[yellow]{line}[/]"


def event_lines(before: Any, after: Any, tell: Narrator, *, rows: bool = False) -> list[str]:
    """Lines for the move from ``before`` to ``after`` and what the engine did after it.

    The play or pass, fan-tan's chips into the pool for a pass (T4), a seat going out
    with its place (S6, N7), and the automatic passes and bursts that follow (F13, N5).
    With ``rows``, the row of the card played follows its line.

    >>> from sevens_ru import games
    >>> from sevens_ru.cli.output import strip_markup
    >>> game = games.get("sevens-52")
    >>> before = game.new_game(4, dealer=3, seed=12)
    >>> for line in event_lines(before, game.apply(before, "7♦"), Narrator("en", human=2)):
    ...     print(strip_markup(line))
    Seat 1 plays 7♦
    You pass: you hold no playable card
    """
    rules = _rules(after)
    forced = rules.policy == "forced"
    cost = after.options.pass_cost if rules.chips else 0
    pool = getattr(before, "pool", 0)
    finished = len(before.finished)
    lines = []
    for event in after.history[len(before.history) :]:
        line = event_line(event, tell, forced)
        if isinstance(event, Pass) and cost:
            pool += cost
            line += f"  [dim]{tell.say('f_pool', chips=cost, pool=pool)}[/]"
        if rows and isinstance(event, Play):
            row = row_line(after, rules.pack.suits.index(event.card.suit), tell.lang)
            padding = " " * max(2, 36 - len(strip_markup(line)))
            line = f"{line}{padding}[dim]{row}[/]"
        lines.append(line)
        if isinstance(event, Play) and event.seat in after.finished[finished:]:
            place = after.finished.index(event.seat) + 1
            finished += 1
            if rules.to_end or rules.layout:  # a place is told where play goes on (S6, N7)
                key = "f_you_out" if event.seat == tell.human else "f_out"
                lines.append(f"[green]{tell.say(key, name=tell.seat(event.seat), place=place)}[/]")
        if isinstance(event, Play) and after.game_name == "domino" and not before.table_mask:
            label = event.card.rank.label(tell.lang)
            card = event.card.label(tell.lang)
            lines.append(f"[dim]{tell.say('f_start_rank', card=card, rank=label)}[/]")
    return lines


def show_deal(out: Output, state: Any, tell: Narrator) -> None:
    """Every seat's hand as dealt (for a demo or a replay, where nothing is hidden).

    Fan-tan's antes and pool (T2) and the sevens each seat lays out in shichinarabe (N2)
    follow.
    """
    out.rule(tell.say("deal"))
    rules = _rules(state)
    for seat, hand in enumerate(state.deal):
        out.line(f"{tell.seat(seat)}: {hand_line(hand, (), tell.lang)}")
    if rules.layout:
        for seat, laid in enumerate(state.laid):
            if laid:
                cards = " ".join(card.label(tell.lang) for card in laid)
                out.line(f"[dim]{tell.say('f_lays', name=tell.seat(seat), cards=cards)}[/]")
    if rules.chips:
        paid = antes(state)
        told = tell.say("f_antes", antes=" ".join(map(str, paid)), pool=sum(paid))
        out.line(f"[dim]{told}[/]")


def opening(out: Output, state: Any, tell: Narrator, first: bool = True) -> None:
    """What the engine did before the first move: the automatic passes and bursts (S3, T3, N5)."""
    if not first:
        return
    rules = _rules(state)
    forced = rules.policy == "forced"
    cost = state.options.pass_cost if rules.chips else 0
    pool = sum(antes(state)) if rules.chips else 0
    for event in state.history:
        if isinstance(event, Play):
            break
        line = event_line(event, tell, forced)
        if isinstance(event, Pass) and cost:
            pool += cost
            line += f"  [dim]{tell.say('f_pool', chips=cost, pool=pool)}[/]"
        out.line(line)


def result_line(state: Any, tell: Narrator) -> str:
    """Who won a finished game: the seat placed first (F16)."""
    from ..definition import GAMES  # the presets, made once this package is imported

    winner: int = GAMES[state.game_name].ranking(state)[0].seat
    return tell.say("you_win") if winner == tell.human else tell.say("wins", name=tell.seat(winner))


def ranking_table(out: Output, state: Any, tell: Narrator) -> None:
    """The final ranking (F16) as a table, with fan-tan's chips (T7) or cinquillo's score (C5).

    A seat that burst (N5) is marked ✖: its cards went onto the table, so it holds none.
    """
    from ..definition import GAMES  # the presets, made once this package is imported

    game = GAMES[state.game_name]
    extra: tuple[int, ...] | None = None
    headers = [tell.say(key) for key in ("place", "player", "cards", "points", "passes_column")]
    if game.payoffs is not None:
        extra = game.payoffs(state)
        headers.append(tell.say("f_chips"))
    elif game.scores is not None:
        extra = game.scores(state)
        headers.append(tell.say("f_score"))
    rows = []
    for standing in game.ranking(state):
        burst = " ✖" if standing.seat in state.burst else ""
        row = [
            str(standing.place),
            tell.seat(standing.seat) + burst,
            str(standing.cards_left),
            str(standing.points),
            str(standing.passes),
        ]
        if extra is not None:
            row.append(f"{extra[standing.seat]:+d}" if game.payoffs else str(extra[standing.seat]))
        rows.append(row)
    right = tuple(number for number in range(len(headers)) if number != 1)
    out.table(headers, rows, title=tell.say("ranking"), right=right)
    if state.burst:
        out.line(f"[dim]{tell.say('f_burst_note')}[/]")


def end(out: Output, state: Any, tell: Narrator, demo: bool) -> None:
    """The rows (after a demo: a replay has shown them), the winner and the ranking."""
    if demo:
        draw_rows(out, state, tell.lang)
    out.line(f"[bold]{result_line(state, tell)}[/]")
    ranking_table(out, state, tell)
