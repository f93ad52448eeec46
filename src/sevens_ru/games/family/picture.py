"""The picture of a position of a family game: the preset's rows, islands, hands, passes, chips and turn.

Each suit's row runs the whole of the preset's rank order (F4): 13 places for the
52-card pack (ace low, or high with ``ace="high"``), 8 for domino's 32 cards and 10 for
cinquillo's Spanish pack (7 next to the sota). A row stops at the pack's ends: its first
and last places are the lowest and highest ranks, which never join. Cards on the table
are drawn face up in their places, the empty places where a card may be played now
outlined; a card beyond a gap (an *island*, after a burst: N6) is drawn dashed, and a
line under the title says so. Below, each seat: its name, its passes (shichinarabe's out
of its k, N4), its chips paid (fan-tan, T9) or the sevens it laid (N2), and how it
stands (to move, passed, may pass, burst, out with its place), then its hand; a
finished game shows each seat's place, fan-tan's chips won or lost (T7) and
cinquillo's scores (C5). Fan-tan's pool and domino's start rank (or that any card
opens, DO2) are written under the title.

>>> import re
>>> from sevens_ru import games, svg
>>> game = games.get("shichinarabe")
>>> state = game.new_game(4, dealer=3, seed=5)
>>> picture = svg.position(state)  # every hand face up, the four sevens laid out (N2)
>>> picture.count('data-card="'), sorted(set(re.findall(r'data-card="(7.)"', picture)))
(52, ['7♠', '7♣', '7♥', '7♦'])
>>> len(positions(game.apply(state, game.legal_moves(state)[0])))
2
"""

from __future__ import annotations

from typing import Any

from ...common.cards import Card, Language
from ...errors import NotAGameStateError
from ...svg import _draw as draw
from ...svg._draw import CARD_HEIGHT, CARD_WIDTH, LABEL_WIDTH, MARGIN, card_text, say, seat_name
from .events import Pass, Play
from .moves import PASS
from .observation import FamilyView
from .presets import Rules, rules_for
from .rows import playable, row_span
from .state import FamilyState

__all__ = ["islands", "picture", "positions"]

_ROW_STEP = 64
_PLACE_STEP = CARD_WIDTH + 6
_SEAT_HEIGHT = 74
_ISLAND = ".island>rect{stroke:#ef6c00;stroke-width:2;stroke-dasharray:4 3}"
"""How a card beyond a gap is drawn (N6): dashed, in its place."""
_LABEL = LABEL_WIDTH + 36  # the seat's column: its passes of k, its chips paid, its sevens laid


def _game(name: str) -> Any:
    from .definition import GAMES  # the presets are made from this module's functions

    return GAMES[name]


def positions(state: FamilyState) -> list[FamilyState]:
    """Every position of ``state``'s game from the deal to ``state``: one after each move.

    The moves are those of its record (F18): the plays, and the passes that were moves;
    the automatic passes and bursts happen inside them.

    Raises:
        NotAGameStateError: ``state`` is not a state of a family preset.
    """
    from .definition import GAMES  # the presets are made from this module's functions
    from .game import moves_of  # the engine builds on the modules this one reads

    game = GAMES.get(getattr(type(state), "game_name", ""))
    if game is None or not isinstance(state, game.state_type):
        raise NotAGameStateError(
            f"positions() takes a state of a family preset, got {type(state).__name__}"
        )

    position = game.new_game(
        state.players, dealer=state.dealer, hands=state.deal, options=state.options
    )
    states = [position]
    for move in moves_of(state):
        position = game.apply(position, move)
        states.append(position)
    return states


def islands(rules: Rules, table: int, centre: int) -> int:
    """The cards on ``table`` that are not in their suit's row: beyond a gap after a burst (N6).

    >>> from sevens_ru.games.family.options import ShichinarabeOptions
    >>> rules = rules_for("shichinarabe", ShichinarabeOptions())
    >>> table = rules.pack.mask_of(["7♣", "8♣", "10♣", "2♦"])  # 10♣ beyond the gap at 9♣
    >>> rules.pack.cards_of(islands(rules, table, rules.centre_place))
    (Card.parse('10♣'), Card.parse('2♦'))
    """
    found = 0
    for line in rules.lines:
        span = row_span(line, table, centre)
        for place, bit in enumerate(line):
            if table & bit and (span is None or not span[0] <= place <= span[1]):
                found |= bit
    return found


def picture(position: FamilyState | FamilyView, seat: int | None, lang: Language) -> str:
    """The SVG of a state (every hand face up, or only ``seat``'s) or of a view, in ``lang``."""
    game = _game(type(position).game_name)
    seen, hands, legal = draw.scene(position, seat, game.state_type, game.view, game.legal_moves)
    return _draw(seen, hands, legal, lang)


def _draw(
    seen: FamilyView, hands: list[tuple[Card, ...] | int], legal: tuple[Any, ...], lang: Language
) -> str:
    rules = rules_for(seen.game_name, seen.options)
    history = seen.history
    plays = [event for event in history if type(event) is Play]
    last = plays[-1] if plays else None
    just_passed: set[int] = set()
    for event in reversed(history):  # the passes (and bursts) since the last play
        if type(event) is Play:
            break
        if type(event) is Pass:
            just_passed.add(event.seat)
    if seen.ranking is not None:
        title = say(lang, "won", name=seat_name(lang, seen.ranking[0].seat))
    else:
        title = say(lang, "to_play", name=seat_name(lang, seen.current_player or 0))
    body = [draw.text(MARGIN, 26, title, "title")]
    lines: list[str] = []
    if last is not None:
        lines.append(
            say(lang, "last_play", name=seat_name(lang, last.seat), card=last.card.label(lang))
        )
    lines.extend(_extras(seen, lang))
    table, centre = seen.table_mask, seen._centre
    apart = islands(rules, table, centre)
    if apart:
        lines.append(say(lang, "islands"))
        body.append(f"<style>{_ISLAND}</style>")
    for number, told in enumerate(lines):
        body.append(draw.text(MARGIN, 46 + 16 * number, told, "small"))
    rows_top = 60 + 16 * max(len(lines) - 1, 0)
    pack = rules.pack
    open_places = playable(rules, table, centre) if seen.current_player is not None else 0
    last_card = last.card if last is not None else None
    for row, line in enumerate(rules.lines):
        y = rows_top + row * _ROW_STEP
        suit = pack.suits[row]
        for column, bit in enumerate(line):
            x = MARGIN + column * _PLACE_STEP
            card = Card(rules.order[column], suit)
            if table & bit:
                css = "last" if card == last_card else "island" if apart & bit else ""
                body.append(draw.face(card, x, y, lang, css))
            else:
                body.append(draw.place(card.rank, suit, x, y, lang, open_=bool(open_places & bit)))
    width: float = MARGIN + (len(rules.order) - 1) * _PLACE_STEP + CARD_WIDTH + MARGIN
    seats_top = rows_top + len(rules.lines) * _ROW_STEP + 12
    marked = frozenset(move for move in legal if move is not PASS)
    for other, cards in enumerate(hands):
        y = seats_top + other * _SEAT_HEIGHT
        turn = other == seen.current_player
        name = ("▶ " if turn else "") + seat_name(lang, other)
        body.append(draw.text(MARGIN, y + 20, name, "label turn" if turn else "label"))
        for number, told in enumerate(_status(seen, rules, other, lang)):
            body.append(draw.text(MARGIN, y + 36 + 14 * number, told, "small"))
        mark = _mark(seen, other, turn and PASS in legal, just_passed, lang)
        if mark:
            body.append(draw.text(MARGIN, y + 66, mark, "mark"))
        markup, end = draw.hand(
            cards, MARGIN + _LABEL, y, lang, marked=marked if turn else frozenset()
        )
        body.append(f'<g class="hand" data-seat="{other}">{markup}</g>')
        width = max(width, end + MARGIN)
    height = seats_top + len(hands) * _SEAT_HEIGHT + 4
    return draw.document(width, max(height, seats_top + CARD_HEIGHT), body, title)


def _extras(seen: FamilyView, lang: Language) -> list[str]:
    """The lines under the title that the preset adds: fan-tan's pool, domino's start rank."""
    pool = getattr(seen, "pool", None)
    if pool is not None:
        return [say(lang, "pool", chips=pool)]
    if seen.game_name == "domino":
        rank = getattr(seen, "start_rank", None)
        if rank is None:
            return [say(lang, "any_card")]
        return [say(lang, "start_rank", rank=rank.label(lang))]
    return []


def _status(seen: FamilyView, rules: Rules, seat: int, lang: Language) -> list[str]:
    """A seat's lines under its name: its passes, and its chips paid or the sevens it laid."""
    passes = seen.passes[seat]
    if rules.policy == "limited":
        lines = [say(lang, "passes_of", count=passes, limit=rules.limit)]
    else:
        lines = [say(lang, "passes", count=passes)]
    if seen.ranking is not None:  # the outcome, public once the game is over (F17)
        payoffs: tuple[int, ...] | None = getattr(seen, "payoffs", None)
        scores: tuple[int, ...] | None = getattr(seen, "scores", None)
        if payoffs is not None:
            lines.append(say(lang, "chips", chips=f"{payoffs[seat]:+d}"))
        elif scores is not None:
            lines.append(say(lang, "score", score=scores[seat]))
        else:
            place = next(standing.place for standing in seen.ranking if standing.seat == seat)
            lines.append(say(lang, "place", place=place))
        return lines
    paid = getattr(seen, "paid", None)
    laid = getattr(seen, "laid", None)
    if paid:
        lines.append(say(lang, "paid", chips=paid[seat]))
    elif laid and laid[seat]:
        lines.append(say(lang, "laid", cards=card_text(lang, laid[seat])))
    return lines


def _mark(
    seen: FamilyView,
    seat: int,
    may_pass: bool,
    just_passed: set[int],
    lang: Language,
) -> str:
    """How a seat stands, in the picture's highlight: won, out with its place, burst, passed, may pass."""
    if seen.ranking is not None and seen.ranking[0].seat == seat:
        return "★ " + say(lang, "winner")
    if seat in seen.burst:
        return "✖ " + say(lang, "burst")
    if seat in seen.finished:
        return say(lang, "out_place", place=seen.finished.index(seat) + 1)
    if seat in just_passed:
        return say(lang, "passed")
    if may_pass:
        return say(lang, "can_pass")
    return ""
