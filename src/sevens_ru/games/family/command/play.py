r"""``sevens-ru play --game sevens-52`` (or any preset of the layout family): a person against bots.

The person's seat is played by a :class:`HumanPlayer`, a bot (``choose(view, rng)``)
that shows the seat's view and asks for a move, so the game runs as a game between bots
does (``sevens_ru.cli._shared.played``), and the person sees exactly what the seat
may see (F17). Where a pass is a move (voluntary passes, S5 and T5; shichinarabe's k
passes, N4), ``pass`` is offered beside the playable cards.

>>> import io, random
>>> from sevens_ru import games
>>> from sevens_ru.games.family.command.play import HumanPlayer
>>> from sevens_ru.cli.output import Output
>>> typed = io.StringIO("\nQ♠\n10♣\npass\n")  # Enter, a card not held, one not playable, pass
>>> out = Output(io.StringIO(), plain=True, stdin=typed)
>>> game = games.get("shichinarabe")
>>> state = game.new_game(4, dealer=3, seed=5)
>>> HumanPlayer(out, "en").choose(game.view(state, 2), random.Random(0))
PASS
>>> print(out.stream.getvalue())  # doctest: +NORMALIZE_WHITESPACE
<BLANKLINE>
Table
  ♣   ·  ·  ·  ·  ·  ·  7  ·  ·  ·  ·  ·  ·
  ♦   ·  ·  ·  ·  ·  ·  7  ·  ·  ·  ·  ·  ·
  ♥   ·  ·  ·  ·  ·  ·  7  ·  ·  ·  ·  ·  ·
  ♠   ·  ·  ·  ·  ·  ·  7  ·  ·  ·  ·  ·  ·
Seat 0: 12 cards, 0 passes (3 passes left); Seat 1: 12 cards, 0 passes (3 passes left); You: 11 cards, 0 passes (3 passes left); Seat 3: 13 cards, 0 passes (3 passes left)
Your hand: 2♣ 4♣ 10♣ J♣ 8♦* A♥ 8♥* 9♥ 10♥ A♠ K♠   (* = playable)
Moves: 1) 8♦  2) 8♥  3) pass
Your move (? for help): Choose one of 1–3 (? for help).
Your move (? for help): You do not hold Q♠.
Moves: 1) 8♦  2) 8♥  3) pass
Your move (? for help): 10♣ cannot be played now: it must be a centre card of an unopened row or next to an end of its row.
Moves: 1) 8♦  2) 8♥  3) pass
Your move (? for help):
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ....cli._ask import ask_move
from ....cli._shared import against, follow, played
from ....cli.output import Output
from ....cli.texts import Narrator, say
from ....common.cards import Card, Language
from ....errors import CardParseError
from ..moves import PASS, Move, parse_move
from ..presets import rules_for
from .render import (
    draw_rows,
    event_lines,
    hand_line,
    opening,
    ranking_table,
    result_line,
    seats_line,
)

__all__ = ["HumanPlayer", "play"]


class HumanPlayer:
    """A seat played by a person at the terminal: a bot that asks for its moves.

    ``choose`` shows the rows, every seat's cards and passes, the seat's hand with the
    playable cards marked and the moves numbered (``pass`` last where it is one), then
    reads a move until a legal one comes: a card in any notation
    :meth:`~sevens_ru.Card.parse` reads (the Spanish S, C, R too), ``pass``, its number
    in the list, or an empty line when there is one move. ``?`` shows help; ``q`` or
    the end of the input raises :class:`~sevens_ru.errors.GameAbandonedError`.
    """

    def __init__(self, out: Output, lang: Language, names: Sequence[str] = ()) -> None:
        self.out = out
        self.lang = lang
        self.names = tuple(names)

    def choose(self, view: Any, rng: random.Random) -> Move:
        """Show ``view`` and ask for a legal move (``rng`` is not used: the person chooses)."""
        out, lang = self.out, self.lang
        moves: tuple[Move, ...] = view.legal_moves()
        tell = Narrator(lang, human=view.seat, names=self.names)
        out.line()
        draw_rows(out, view, lang)
        out.line(seats_line(view, tell))
        cards = [move for move in moves if move is not PASS]
        hand = hand_line(view.hand, cards, lang)
        out.line(f"{say(lang, 'hand')}: {hand}   [dim]({say(lang, 'marked')})[/]")
        listed = "  ".join(
            f"{number}) {say(lang, 'f_pass') if move is PASS else move.label(lang)}"
            for number, move in enumerate(moves, 1)
        )
        listing = say(lang, "f_moves", moves=listed)
        out.line(listing)

        def refusal(move: Move) -> str:
            if move is PASS:
                return say(lang, "f_no_pass")
            card: Card = move
            if card not in view.hand:
                return say(lang, "not_held", card=card.label(lang))
            rules = rules_for(view.game_name, view.options)
            if rules.opener is not None and rules.opener not in view.table:
                opener = rules.opener.label(lang)
                return say(lang, "f_first_card", card=card.label(lang), opener=opener)
            return say(lang, "f_not_playable", card=card.label(lang))

        def read(text: str) -> Move:
            if text.strip().lower() in _PASS:
                return PASS
            return parse_move(text)

        return ask_move(
            out,
            lang,
            moves,
            texts="f_",
            read=read,
            unreadable=(CardParseError,),
            refusal=refusal,
            listing=listing,
        )


_PASS = frozenset({"pass", "p", "пропуск", "пас", "passer", "passe", "passen"})
"""What a person types to pass, in any of the languages."""


def play(
    out: Output,
    opponents: Sequence[Any],
    tell: Narrator,
    *,
    game: Any,
    seed: int | None,
    **setup: Any,
) -> Any:
    """Play one game of ``game`` to the end: the person at seat ``tell.human``, the ``opponents`` in the other seats, in order.

    Every play, pass and burst is announced, with fan-tan's chips into the pool; the
    ranking is shown at the end, with fan-tan's chips won or lost and cinquillo's
    scores. The deal and the bots' choices come from ``seed``; ``setup`` holds the
    preset's ``dealer`` and ``options``. Raises
    :class:`~sevens_ru.errors.GameAbandonedError` if the person stops.
    """
    tell, bots = against(
        out,
        tell,
        opponents,
        lambda told: HumanPlayer(out, told.lang, told.names),
        "f_intro",
        game=game.title(tell.lang),
    )
    states = played(game, bots, seed=seed, **setup)
    first = next(states)
    opening(out, first, tell)
    final = follow(out, first, states, lambda before, after: event_lines(before, after, tell))
    out.line()
    draw_rows(out, final, tell.lang)
    out.line(f"[bold]{result_line(final, tell)}[/]")
    ranking_table(out, final, tell)
    return final
