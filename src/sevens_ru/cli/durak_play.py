r"""``sevens-ru play --game durak``: a human against Durak bots in the terminal.

The human's seat is played by a :class:`HumanPlayer`, a Durak bot (``choose(view,
rng)``) that shows the seat's view and asks for a move, so the game runs through
:func:`sevens_ru.durak.play.play_game` like a game between bots, and the human sees
exactly what the seat may see (D17).

>>> import io, random
>>> from sevens_ru import durak
>>> from sevens_ru.cli.durak_play import HumanPlayer
>>> from sevens_ru.cli.output import Output
>>> typed = io.StringIO("take\nlead 6H\n1\n")  # a wrong phase, a card not held, a number
>>> out = Output(io.StringIO(), plain=True, stdin=typed)
>>> state = durak.new_game(3, dealer=0, seed=7)
>>> HumanPlayer(out, "en").choose(durak.view(state, 1), random.Random(0))
Lead(['6♣'])
>>> print(out.stream.getvalue())  # doctest: +ELLIPSIS
<BLANKLINE>
Trump card: Q♣   Cards in hand: Seat 0: 9  You: 9  Seat 2: 9
You attack Seat 2
Your hand: Q♦ A♦ 10♥ A♥ 8♠ 9♠ 6♣* 7♣* 9♣*   (* = trump)
Your moves: 1) lead 6♣  2) lead 7♣  3) lead 8♠ ... 11) lead A♦ A♥
Your move (? for help): You are attacking: lead one to four cards of one rank.
Your moves: 1) lead 6♣ ...
Your move (? for help): You do not hold 6♥.
Your moves: 1) lead 6♣ ...
Your move (? for help):
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import Card, Language
from ..durak.bots import Bot
from ..durak.moves import Cover, InvalidMoveError, Lead, Move, parse_move
from ..durak.observation import PlayerView
from ..durak.options import Options
from ..durak.play import play_game as play_bot_game
from ..durak.state import GameState
from ..errors import CardParseError
from ._ask import ask_move
from .durak_render import (
    event_lines,
    hand_line,
    move_text,
    ranking_table,
    table_line,
    turn_line,
)
from .output import Output
from .play import GameAbandonedError
from .render import seat_name
from .texts import say

__all__ = ["HumanPlayer", "play_durak", "read_move"]


def read_move(text: str, view: PlayerView) -> Move:
    """The move ``text`` names for ``view``'s seat, legal or not.

    Besides the text form (``lead 7♣ 7♦``, ``cover 7♣ 8♣``, ``take``), bare cards are read
    as the move they can only mean: when attacking, the cards to lead; when defending,
    the attacking card and then the cover.

    >>> from sevens_ru import durak
    >>> from sevens_ru.cli.durak_play import read_move
    >>> seen = durak.view(durak.new_game(3, dealer=0, seed=7), 1)
    >>> read_move("lead 7c", seen), read_move("9c 9s", seen)
    (Lead(['7♣']), Lead(['9♣', '9♠']))

    Raises:
        InvalidMoveError: the text is not a move (the message says why).
    """
    try:
        return parse_move(text)
    except InvalidMoveError:
        words = text.split()
        try:
            cards = [Card.parse(word) for word in words]
        except CardParseError:
            raise InvalidMoveError(f"cannot read {text!r} as a move") from None
        if not view.table:
            return Lead(cards)
        if len(cards) == 2:
            return Cover(cards[0], cards[1])
        raise


def _why_not(move: Move, view: PlayerView, lang: Language) -> str:
    """Why ``move`` is not legal for ``view``'s seat now, in ``lang``."""
    hand = set(view.hand)
    if not view.table:
        if not isinstance(move, Lead):
            return say(lang, "d_must_lead")
        missing = [card for card in move.cards if card not in hand]
        return say(lang, "d_not_held", cards=" ".join(card.label(lang) for card in missing))
    if not isinstance(move, Cover):
        return say(lang, "d_must_defend")
    uncovered = {attack for attack, cover in view.table if cover is None}
    if move.attack not in uncovered:
        return say(lang, "d_not_attacking", card=move.attack.label(lang))
    if move.card not in hand:
        return say(lang, "d_not_held", cards=move.card.label(lang))
    trump = view.trump.suit
    fields = {"card": move.card.label(lang), "attack": move.attack.label(lang)}
    if move.attack.suit == trump:
        return say(lang, "d_not_beat_trump", **fields)
    return say(lang, "d_not_beat", suit=move.attack.suit.symbol, trump=trump.symbol, **fields)


class HumanPlayer:
    """A seat played by a person at the terminal: a Durak bot that asks for its moves.

    ``choose`` shows the seat's view (the trump card, the table with which card covers
    which, the hand with the trumps marked, every seat's number of cards, who attacks
    whom) and the numbered legal moves, then reads a move until a legal one comes: its
    number, its text form, bare cards (see :func:`read_move`), or an empty line when
    there is only one move. ``?`` shows help; ``q`` or the end of the input raises
    :class:`~sevens_ru.errors.GameAbandonedError`.
    """

    def __init__(self, out: Output, lang: Language, names: Sequence[str] = ()) -> None:
        self.out = out
        self.lang = lang
        self.names = names

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """Show ``view`` and ask for a legal move (``rng`` is not used: the person chooses)."""
        out, lang = self.out, self.lang
        moves = view.legal_moves()
        self._show(view)
        listed = "  ".join(
            f"{number}) {move_text(move, lang)}" for number, move in enumerate(moves, 1)
        )
        out.line(say(lang, "d_moves", moves=listed))
        move = ask_move(
            out,
            lang,
            moves,
            texts="d_",
            read=lambda text: read_move(text, view),
            unreadable=(InvalidMoveError, CardParseError),
            refusal=lambda move: _why_not(move, view, lang),
            listing=say(lang, "d_moves", moves=listed),
        )
        if move is None:
            raise GameAbandonedError
        return move

    def _show(self, view: PlayerView) -> None:
        out, lang = self.out, self.lang
        out.line()
        sizes = "  ".join(
            f"{self._name(seat, view.seat)}: {size}" for seat, size in enumerate(view.hand_sizes)
        )
        trump = say(lang, "d_trump_card", card=f"[bold]{view.trump.label(lang)}[/]")
        out.line(f"{trump}   {say(lang, 'd_sizes', sizes=sizes)}")
        if view.attacker is not None and view.defender is not None:
            out.line(
                turn_line(view.attacker, view.defender, lang, human=view.seat, names=self.names)
            )
        if view.table:
            out.line(f"{say(lang, 'd_table')}: [bold]{table_line(view.table, lang)}[/]")
        hand = hand_line(view.hand, view.trump.suit, lang)
        out.line(f"{say(lang, 'hand')}: {hand}   [dim]({say(lang, 'd_marked')})[/]")

    def _name(self, seat: int, human: int) -> str:
        bot = self.names[seat] if seat < len(self.names) else None
        return seat_name(seat, self.lang, human=human, bot=bot)


def play_durak(
    out: Output,
    human: int,
    opponents: Sequence[Bot | None],
    *,
    seed: int,
    dealer: int,
    options: Options,
    lang: Language,
    names: Sequence[str] = (),
) -> GameState:
    """Play one game of Durak to the end: the human at ``human``, ``opponents[seat]`` elsewhere.

    Every lead, join (D7), cover and take is announced, and who goes out; the result and
    the ranking are shown at the end. Raises
    :class:`~sevens_ru.errors.GameAbandonedError` if the human stops.
    """
    bots: list[Bot] = []
    for seat, bot in enumerate(opponents):
        if seat == human:
            bots.append(HumanPlayer(out, lang, names))
        else:
            assert bot is not None  # every other seat has a bot
            bots.append(bot)
    out.line(f"[bold]{say(lang, 'd_intro', players=len(bots), seat=human)}[/]")
    for seat, name in enumerate(names):
        if seat != human:
            out.line(f"  {seat_name(seat, lang, bot=name)}")
    states = iter(play_bot_game(bots, seed=seed, dealer=dealer, options=options))
    before = next(states)
    out.line(
        say(
            lang,
            "d_trump",
            card=f"[bold]{before.trump.label(lang)}[/]",
            dealer=seat_name(before.dealer, lang, human=human),
            undealt=len(before.undealt),
        )
    )
    assert before.attacker is not None  # a new game
    assert before.defender is not None
    out.line(turn_line(before.attacker, before.defender, lang, human=human, names=names))
    for after in states:
        for line in event_lines(before, after, lang, human=human, names=names):
            out.line(line)
        before = after
    out.line()
    ranking_table(out, before, lang, human=human, names=names)
    return before
