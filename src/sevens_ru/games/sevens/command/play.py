r"""``sevens-ru play``: a human against bots in the terminal.

The human's seat is played by a :class:`HumanPlayer`, a bot (``choose(view, rng)``)
that shows the seat's view and asks for a card, so the game runs through
:func:`sevens_ru.play.play_game` like a game between bots, and the human sees exactly
what the seat may see (R20). Old Durak's is :mod:`sevens_ru.cli.durak.play`.

>>> import io, random
>>> import sevens_ru as s7
>>> from sevens_ru.cli.sevens.play import HumanPlayer
>>> from sevens_ru.cli.output import Output
>>> typed = io.StringIO("\nQ♠\nK♦\n8d\n")  # Enter, a card not held, one not playable, 8♦
>>> out = Output(io.StringIO(), plain=True, stdin=typed)
>>> state = s7.apply(s7.new_game(4, seed=1), "9♦")
>>> HumanPlayer(out, "en").choose(s7.view(state, 3), random.Random(0))
Card.parse('8♦')
>>> print(out.stream.getvalue())  # doctest: +ELLIPSIS
<BLANKLINE>
Table
  ♣   not open
  ♦   ·  ·  ·  9  ·  ·  ·  ·  ·
  ♥   not open
  ♠   not open
Your hand: 9♣* J♣ 8♦* K♦ 7♥ 8♠ 9♠* 10♠ K♠   (* = playable)
Playable: 1) 9♣  2) 8♦  3) 9♠
Your card (? for help): Choose one of 1–3 (? for help).
Your card (? for help): You do not hold Q♠.
Playable: 1) 9♣  2) 8♦  3) 9♠
Your card (? for help): K♦ cannot be played now: it must be a 9 or next to the end of its row.
Playable: 1) 9♣  2) 8♦  3) 9♠
Your card (? for help):
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ....cli._ask import ask_move
from ....cli._shared import against, follow
from ....cli.output import Output
from ....cli.texts import Narrator, say
from ....common.cards import Card, Language
from ....errors import CardParseError
from ..bots import Bot, legal_moves_of
from ..observation import PlayerView
from ..options import Options
from ..play import play_game
from ..state import GameState
from .render import draw_rows, event_lines, hand_line, ranking_table, result_line

__all__ = ["HumanPlayer", "play"]


class HumanPlayer:
    """A seat played by a person at the terminal: a bot that asks for its cards.

    ``choose`` shows the rows, the seat's hand with the playable cards marked and the
    playable cards numbered, then reads a card until a legal one comes (R10): a card in
    any notation :meth:`~sevens_ru.Card.parse` reads, its number in the list, or an
    empty line when only one card is playable. ``?`` shows help; ``q`` or the end of
    the input raises :class:`~sevens_ru.errors.GameAbandonedError`.
    """

    def __init__(self, out: Output, lang: Language) -> None:
        self.out = out
        self.lang = lang

    def choose(self, view: PlayerView, rng: random.Random) -> Card:
        """Show ``view`` and ask for a playable card (``rng`` is not used: the person chooses)."""
        out, lang = self.out, self.lang
        moves = legal_moves_of(view, rng)
        out.line()
        draw_rows(out, view.table, lang)
        hand = hand_line(view.hand, moves, lang)
        out.line(f"{say(lang, 'hand')}: {hand}   [dim]({say(lang, 'marked')})[/]")
        listed = "  ".join(f"{number}) {card.label(lang)}" for number, card in enumerate(moves, 1))
        out.line(say(lang, "playable", cards=listed))

        def refusal(card: Card) -> str:
            key = "not_held" if card not in view.hand else "not_playable"
            return say(lang, key, card=card.label(lang))

        return ask_move(
            out,
            lang,
            moves,
            texts="",
            read=Card.parse,
            unreadable=(CardParseError,),
            refusal=refusal,
            listing=say(lang, "playable", cards=listed),
        )


def play(
    out: Output,
    opponents: Sequence[Bot],
    tell: Narrator,
    *,
    seed: int | None,
    options: Options | None = None,
) -> GameState:
    """Play one game to the end: the person at seat ``tell.human``, the ``opponents`` in the other seats, in order.

    Every play and pass is announced (R11); the ranking is shown at the end. The deal
    and the bots' choices come from ``seed`` (:func:`sevens_ru.play.play_game`); the
    bots are named as ``tell`` names them (by default, by :func:`~sevens_ru.bots.bot_name`).
    Raises :class:`~sevens_ru.errors.GameAbandonedError` if the person stops.
    """
    tell, bots = against(out, tell, opponents, lambda told: HumanPlayer(out, told.lang), "intro")
    states = play_game(bots, seed=seed, options=options)
    final = follow(
        out, next(states), states, lambda before, after: event_lines(before, after, tell)
    )
    out.line()
    draw_rows(out, final.table, tell.lang)
    out.line(f"[bold]{result_line(final, tell)}[/]")
    ranking_table(out, final, tell)
    return final
