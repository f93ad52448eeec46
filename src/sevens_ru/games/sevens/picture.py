"""The picture of a position of the main game: the four rows, the hands, passes and turn."""

from __future__ import annotations

from ...common.cards import Card, Language, Suit
from ...svg import _draw as draw
from ...svg._draw import CARD_HEIGHT, CARD_WIDTH, LABEL_WIDTH, MARGIN, SEAT_HEIGHT, say, seat_name
from .deal import PACK
from .events import Pass, Play
from .game import apply, legal_moves, new_game
from .observation import PlayerView, view
from .state import GameState

_ROW_STEP = 64
_PLACE_STEP = CARD_WIDTH + 6
_ROWS_TOP = 60


def positions(state: GameState) -> list[GameState]:
    """Every position of ``state``'s game from the deal to ``state``, replayed from its deal."""
    position = new_game(state.players, hands=state.deal, options=state.options)
    states = [position]
    for event in state.history:
        if isinstance(event, Play):
            position = apply(position, event.card)
            states.append(position)
    return states


def picture(position: GameState | PlayerView, seat: int | None, lang: Language) -> str:
    """The SVG of a state (every hand face up, or only ``seat``'s) or of a view."""
    seen, hands, legal = draw.scene(position, seat, GameState, view, legal_moves)
    return _draw(seen, hands, frozenset(legal), lang)


def _draw(
    seen: PlayerView, hands: list[tuple[Card, ...] | int], legal: frozenset[Card], lang: Language
) -> str:
    history = seen.history
    plays = [event for event in history if isinstance(event, Play)]
    last = plays[-1] if plays else None
    just_passed = set()
    for event in reversed(history):  # the passes since the last play (R11)
        if not isinstance(event, Pass):
            break
        just_passed.add(event.seat)
    if seen.winner is not None:
        title = say(lang, "won", name=seat_name(lang, seen.winner))
    else:
        title = say(lang, "to_play", name=seat_name(lang, seen.current_player or 0))
    body = [draw.text(MARGIN, 26, title, "title")]
    if last is not None:
        line = say(lang, "last_play", name=seat_name(lang, last.seat), card=last.card.label(lang))
        body.append(draw.text(MARGIN, 46, line, "small"))
    open_places = frozenset(seen.playable())
    last_card = last.card if last is not None else None
    for row, suit in enumerate(Suit):
        y = _ROWS_TOP + row * _ROW_STEP
        for column, rank in enumerate(PACK.ranks):
            x = MARGIN + column * _PLACE_STEP
            card = Card(rank, suit)
            if card in seen.table:
                body.append(draw.face(card, x, y, lang, "last" if card == last_card else ""))
            else:
                body.append(draw.place(rank, suit, x, y, lang, open_=card in open_places))
    width: float = MARGIN + 8 * _PLACE_STEP + CARD_WIDTH + MARGIN
    seats_top = _ROWS_TOP + 4 * _ROW_STEP + 12
    for other, cards in enumerate(hands):
        y = seats_top + other * SEAT_HEIGHT
        turn = other == seen.current_player
        name = ("▶ " if turn else "") + seat_name(lang, other)
        body.append(draw.text(MARGIN, y + 20, name, "label turn" if turn else "label"))
        if other == seen.winner:
            status = "★ " + say(lang, "winner")
        else:
            status = say(lang, "passes", count=seen.passes[other])
        body.append(draw.text(MARGIN, y + 40, status, "small"))
        if other in just_passed:
            body.append(draw.text(MARGIN, y + 56, say(lang, "passed"), "mark"))
        marked = legal if turn else frozenset()
        markup, end = draw.hand(cards, MARGIN + LABEL_WIDTH, y, lang, marked=marked)
        body.append(f'<g class="hand" data-seat="{other}">{markup}</g>')
        width = max(width, end + MARGIN)
    height = seats_top + len(hands) * SEAT_HEIGHT + 4
    return draw.document(width, max(height, seats_top + CARD_HEIGHT), body, title)
