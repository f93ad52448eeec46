"""``sevens-ru play``: a human against bots in the terminal."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..bots import Bot, bot_name
from ..cards import Card, Language
from ..errors import CardParseError, GameAbandonedError
from ..game import apply, is_over, legal_moves
from ..observation import view
from ..scoring import ranking
from ..state import GameState
from ._ask import ask_move
from .output import Output
from .render import draw_rows, event_line, hand_line, ranking_table, seat_name
from .texts import say

__all__ = ["GameAbandonedError", "ask_card", "play_game"]


def ask_card(out: Output, state: GameState, seat: int, lang: Language) -> Card:
    """Ask the human at ``seat`` for a card until a legal one comes (R10).

    Accepted: a card in any notation :meth:`Card.parse` reads, the number of a card in
    the list of playable ones, or an empty line when only one card is playable.
    """
    moves = legal_moves(state)
    hand = state.hand(seat)
    draw_rows(out, state.table, lang)
    out.line(
        f"{say(lang, 'hand')}: {hand_line(hand, moves, lang)}   [dim]({say(lang, 'marked')})[/]"
    )
    listed = "  ".join(f"{number}) {card.label(lang)}" for number, card in enumerate(moves, 1))
    out.line(say(lang, "playable", cards=listed))

    def refusal(card: Card) -> str:
        key = "not_held" if card not in hand else "not_playable"
        return say(lang, key, card=card.label(lang))

    card = ask_move(
        out,
        lang,
        moves,
        texts="",
        read=Card.parse,
        unreadable=(CardParseError,),
        refusal=refusal,
        listing=say(lang, "playable", cards=listed),
    )
    if card is None:
        raise GameAbandonedError
    return card


def play_game(
    out: Output,
    state: GameState,
    human: int,
    opponents: Sequence[Bot | None],
    rng: random.Random,
    lang: Language,
) -> GameState:
    """Play ``state`` to the end: the human at ``human``, ``opponents[seat]`` elsewhere.

    Every play and pass is announced (R11); the ranking is shown at the end. Raises
    :class:`GameAbandonedError` if the human stops.
    """
    names = [bot_name(bot) if bot is not None else "" for bot in opponents]
    out.line(f"[bold]{say(lang, 'intro', players=state.players, seat=human)}[/]")
    for other, name in enumerate(names):
        if other != human:
            out.line(f"  {seat_name(other, lang, bot=name)}")
    seen = 0
    while not is_over(state):
        seat = state.current_player
        assert seat is not None  # not over
        if seat == human:
            out.line()
            card = ask_card(out, state, seat, lang)
        else:
            bot = opponents[seat]
            assert bot is not None  # every other seat has a bot
            card = bot.choose(view(state, seat), rng)
        state = apply(state, card)
        for event in state.history[seen:]:
            out.line(event_line(event, lang, human=human, bots=names))
        seen = len(state.history)
    out.line()
    draw_rows(out, state.table, lang)
    winner = state.winner
    assert winner is not None
    if winner == human:
        out.line(f"[bold green]{say(lang, 'you_win')}[/]")
    else:
        out.line(f"[bold]{say(lang, 'wins', name=seat_name(winner, lang, bot=names[winner]))}[/]")
    ranking_table(out, ranking(state), lang, human=human, bots=names)
    return state
