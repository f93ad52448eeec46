"""The picture of a position of Durak: trump, the bout, the set-aside cards, the hands."""

from __future__ import annotations

from ...common.cards import Card, Language
from ...svg import _draw as draw
from ...svg._draw import CARD_HEIGHT, LABEL_WIDTH, MARGIN, SEAT_HEIGHT, card_text, say, seat_name
from .events import Covered, Event, Joined, Led
from .game import apply, legal_moves, new_game
from .moves import Cover, Lead, Move
from .observation import PlayerView, view
from .state import GameState

_TOP = 84
"""Where the trump card, the set-aside pile and the bout's attacking cards start."""
_BOUT_LEFT = 200
_PAIR_STEP = 64
_COVER_OFFSET = (12, 18)
_SEATS_TOP = _TOP + CARD_HEIGHT + 40


def positions(state: GameState) -> list[GameState]:
    """Every position of ``state``'s game from the deal to ``state``, replayed from its deal."""
    at = new_game(
        state.players,
        dealer=state.dealer,
        hands=state.deal,
        trump=state.trump,
        options=state.options,
    )
    states = [at]
    for move in state.moves:
        at = apply(at, move)
        states.append(at)
    return states


def picture(position: GameState | PlayerView, seat: int | None, lang: Language) -> str:
    """The SVG of a state (every hand face up, or only ``seat``'s) or of a view."""
    seen, hands, legal = draw.scene(position, seat, GameState, view, legal_moves)
    return _draw(seen, hands, legal, lang)


def last_move(history: tuple[Event, ...]) -> tuple[Event, ...]:
    """The events of the last move: a lead with its joins (D7), a cover or a take."""
    events: list[Event] = []
    for event in reversed(history):
        events.insert(0, event)
        if not isinstance(event, Joined):
            break
    return tuple(events)


def describe(event: Event, lang: Language) -> str:
    """One event as a sentence of ``lang``."""
    name = seat_name(lang, event.seat)
    if isinstance(event, Led):
        return say(lang, "leads", name=name, cards=card_text(lang, event.cards))
    if isinstance(event, Joined):
        return say(lang, "joins", name=name, cards=card_text(lang, event.cards))
    if isinstance(event, Covered):
        return say(
            lang, "covers", name=name, attack=event.attack.label(lang), card=event.card.label(lang)
        )
    return say(lang, "takes", name=name, cards=card_text(lang, event.cards))


def _cards_of(move: Move) -> tuple[Card, ...]:
    if isinstance(move, Lead):
        return move.cards
    if isinstance(move, Cover):
        return (move.card,)
    return ()


def _draw(
    seen: PlayerView, hands: list[tuple[Card, ...] | int], legal: tuple[Move, ...], lang: Language
) -> str:
    if seen.is_over:
        if seen.loser is not None:
            title = say(lang, "fool_title", name=seat_name(lang, seen.loser))
        else:
            title = say(lang, "draw")
    else:
        title = say(
            lang,
            "attack_title",
            attacker=seat_name(lang, seen.attacker or 0),
            defender=seat_name(lang, seen.defender or 0),
        )
    body = [draw.text(MARGIN, 26, title, "title")]
    last = last_move(seen.history)
    if last:
        what = "; ".join(describe(event, lang) for event in last)
        body.append(draw.text(MARGIN, 46, say(lang, "last", what=what), "small"))
    body.append(draw.text(MARGIN, _TOP - 8, say(lang, "trump"), "small"))
    body.append(draw.face(seen.trump, MARGIN, _TOP, lang, "trump"))
    aside = len(seen.set_aside)
    body.append(draw.text(MARGIN + 60, _TOP - 8, say(lang, "set_aside", count=aside), "small"))
    for i in range(min(aside, 3)):
        body.append(draw.back(MARGIN + 60 + 3 * i, _TOP + 3 * i))
    marked: set[Card] = set()
    for event in last:
        if isinstance(event, (Led, Joined)):
            marked.update(event.cards)
        elif isinstance(event, Covered):
            marked.add(event.card)
    for i, (attack, cover) in enumerate(seen.table):
        x = _BOUT_LEFT + i * _PAIR_STEP
        body.append(draw.face(attack, x, _TOP, lang, "last" if attack in marked else ""))
        if cover is not None:
            dx, dy = _COVER_OFFSET
            body.append(
                draw.face(cover, x + dx, _TOP + dy, lang, "last" if cover in marked else "")
            )
    width: float = _BOUT_LEFT + 4 * _PAIR_STEP + MARGIN
    legal_cards = frozenset(card for move in legal for card in _cards_of(move))
    out_order = {other: place for place, other in enumerate(seen.out, 1)}
    for other, cards in enumerate(hands):
        y = _SEATS_TOP + other * SEAT_HEIGHT
        turn = other == seen.current_player
        name = ("▶ " if turn else "") + seat_name(lang, other)
        body.append(draw.text(MARGIN, y + 20, name, "label turn" if turn else "label"))
        body.append(draw.text(MARGIN, y + 40, _status(seen, other, out_order, lang), "small"))
        markup, end = draw.hand(
            cards, MARGIN + LABEL_WIDTH, y, lang, marked=legal_cards if turn else frozenset()
        )
        body.append(f'<g class="hand" data-seat="{other}">{markup}</g>')
        width = max(width, end + MARGIN)
    height = _SEATS_TOP + len(hands) * SEAT_HEIGHT + 4
    return draw.document(width, height, body, title)


def _status(seen: PlayerView, seat: int, out_order: dict[int, int], lang: Language) -> str:
    if seat in out_order:
        return f"{say(lang, 'out')} ({out_order[seat]})"
    if seen.is_over:
        return say(lang, "fool") if seat == seen.loser else say(lang, "draw")
    if seat == seen.attacker:
        return say(lang, "attacks")
    if seat == seen.defender:
        return say(lang, "defends")
    return ""
