r"""``sevens-ru play --game durak``: a human against Durak bots in the terminal.

The human's seat is played by a :class:`HumanPlayer`, a Durak bot (``choose(view,
rng)``) that shows the seat's view and asks for a move, so the game runs through
:func:`sevens_ru.durak.play.play_game` like a game between bots, and the human sees
exactly what the seat may see (D17). The main game's is :mod:`sevens_ru.cli.sevens.play`.

>>> import io, random
>>> from sevens_ru import durak
>>> from sevens_ru.cli.durak.play import HumanPlayer
>>> from sevens_ru.cli.output import Output
>>> typed = io.StringIO("взять\nходить 6H\n\n1\n")  # a wrong phase, a card not held, Enter, a number
>>> out = Output(io.StringIO(), plain=True, stdin=typed)
>>> state = durak.new_game(3, dealer=0, seed=7)
>>> HumanPlayer(out, "ru").choose(durak.view(state, 1), random.Random(0))
Lead(['6♣'])
>>> print(out.stream.getvalue())  # doctest: +ELLIPSIS
<BLANKLINE>
Козырь: Д♣   Карт на руках: Игрок 0: 9  Вы: 9  Игрок 2: 9
Ваши карты: Д♦ Т♦ 10♥ Т♥ 8♠ 9♠ 6♣* 7♣* 9♣*   (* = козырь)
Ваши ходы: 1) ходить 6♣  2) ходить 7♣  3) ходить 8♠ ... 11) ходить Т♦ Т♥
Ваш ход (? — помощь): Вы ходите: выложите от одной до четырёх карт одного достоинства.
Ваши ходы: 1) ходить 6♣ ...
Ваш ход (? — помощь): У вас нет 6♥.
Ваши ходы: 1) ходить 6♣ ...
Ваш ход (? — помощь): Выберите один из номеров 1–11 (? — помощь).
Ваш ход (? — помощь):
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ....cli._ask import ask_move, reason
from ....cli._shared import against, follow, human_seat
from ....cli.output import Output, listed
from ....cli.texts import TEXTS, Narrator, say
from ....common.cards import Card, Language, Suit
from ....errors import CardParseError
from ..bots import Bot, legal_moves_of
from ..moves import Cover, InvalidMoveError, Lead, Move, parse_move
from ..observation import PlayerView
from ..options import Options
from ..play import play_game
from ..state import GameState
from .render import (
    event_lines,
    hand_line,
    move_text,
    ranking_table,
    table_line,
    trump_line,
    turn_line,
)

__all__ = ["HumanPlayer", "play", "read_move"]

_VERBS = {"d_lead": "lead", "d_cover": "cover", "d_take": "take"}
_WIDEST = 100
"""The widest line of moves, however wide the terminal: a glance takes in no more."""


def read_move(text: str, view: PlayerView, lang: Language = "en") -> Move:
    """The move ``text`` names for ``view``'s seat, legal or not.

    Besides the text form (``lead 7♣ 7♦``, ``cover 7♣ 8♣``, ``take``), the verbs of
    ``lang`` are read (``ходить``, ``крыть``, ``взять`` in Russian; see
    :func:`~sevens_ru.cli.durak.render.move_text`), and bare cards as the move they can
    only mean: when attacking, the cards to lead; when defending, the attacking card and
    then the cover.

    >>> from sevens_ru import durak
    >>> from sevens_ru.cli.durak.play import read_move
    >>> seen = durak.view(durak.new_game(3, dealer=0, seed=7), 1)
    >>> read_move("lead 7c", seen), read_move("9c 9s", seen), read_move("Ausspielen 7♣", seen, "de")
    (Lead(['7♣']), Lead(['9♣', '9♠']), Lead(['7♣']))
    >>> read_move("крыть 7♣", seen, "ru")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidMoveError: cannot read 'крыть 7♣' as a move: 'cover' takes two cards, got 1

    Raises:
        InvalidMoveError: the text is not a move (the message says why).
    """
    words = text.split()
    if words:
        verbs = {TEXTS[key][lang].lower(): verb for key, verb in _VERBS.items()}
        words[0] = verbs.get(words[0].lower(), words[0])
    try:
        return parse_move(" ".join(words))
    except InvalidMoveError as error:
        if not words or not _is_card(words[0]):  # not bare cards: the move text's error
            raise InvalidMoveError(f"cannot read {text!r} as a move: {reason(error)}") from None
    try:
        cards = [Card.parse(word) for word in words]
    except CardParseError as error:
        raise InvalidMoveError(f"cannot read {text!r} as a move: {error}") from None
    if not view.table:
        return Lead(cards)
    if len(cards) == 2:
        return Cover(cards[0], cards[1])
    raise InvalidMoveError(
        f"cannot read {text!r} as a move: a cover names two cards, the attacking card then "
        f"yours, got {len(cards)}"
    )


def _is_card(word: str) -> bool:
    try:
        Card.parse(word)
    except CardParseError:
        return False
    return True


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


def _hand(hand: Sequence[Card], trump: Suit, lang: Language) -> str:
    """The line of the person's ``hand``, with the ``*`` legend only when a trump is marked.

    >>> from sevens_ru import Card, Suit
    >>> from sevens_ru.cli.output import strip_markup
    >>> hand = [Card.parse(text) for text in ["9♠", "6♦"]]
    >>> strip_markup(_hand(hand, Suit.CLUBS, "en")), strip_markup(_hand(hand, Suit.SPADES, "en"))
    ('Your hand: 6♦ 9♠', 'Your hand: 6♦ 9♠*   (* = trump)')
    """
    line = f"{say(lang, 'hand')}: {hand_line(hand, trump, lang)}"
    if any(card.suit == trump for card in hand):
        line += f"   [dim]({say(lang, 'd_marked')})[/]"
    return line


class HumanPlayer:
    """A seat played by a person at the terminal: a Durak bot that asks for its moves.

    ``choose`` shows the seat's view (the trump card, every seat's number of cards, the
    table with which card covers which, the hand with the trumps marked) and the
    numbered legal moves, then reads a move until a legal one comes: its number, its
    text form in ``lang`` or in English, bare cards (see :func:`read_move`), or an empty
    line when there is only one move. ``?`` shows help; ``q`` or the end of the input
    raises :class:`~sevens_ru.errors.GameAbandonedError`. Who attacks whom is said by
    the game's narration, once a bout (see :func:`play`).
    """

    def __init__(self, out: Output, lang: Language, names: Sequence[str] = ()) -> None:
        self.out = out
        self.lang = lang
        self.names = names

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """Show ``view`` and ask for a legal move (``rng`` is not used: the person chooses)."""
        out, lang = self.out, self.lang
        moves = legal_moves_of(view, rng)
        self._show(view)
        head, _, _ = say(lang, "d_moves", moves="\0").partition("\0")
        numbered = [f"{number}) {move_text(move, lang)}" for number, move in enumerate(moves, 1)]
        listing = listed(head, numbered, min(out.width, _WIDEST))
        out.line(listing)
        return ask_move(
            out,
            lang,
            moves,
            texts="d_",
            read=lambda text: read_move(text, view, lang),
            unreadable=(InvalidMoveError,),
            refusal=lambda move: _why_not(move, view, lang),
            listing=listing,
        )

    def _show(self, view: PlayerView) -> None:
        out, lang = self.out, self.lang
        out.line()
        tell = Narrator(lang, human=view.seat, names=self.names)
        sizes = "  ".join(f"{tell.seat(seat)}: {size}" for seat, size in enumerate(view.hand_sizes))
        trump = say(lang, "d_trump_card", card=f"[bold]{view.trump.label(lang)}[/]")
        out.line(f"{trump}   {say(lang, 'd_sizes', sizes=sizes)}")
        if view.table:
            out.line(f"{say(lang, 'd_table')}: [bold]{table_line(view.table, lang)}[/]")
        out.line(_hand(view.hand, view.trump.suit, lang))


def play(
    out: Output,
    opponents: Sequence[Bot],
    tell: Narrator,
    *,
    dealer: int = 0,
    seed: int | None,
    options: Options | None = None,
) -> GameState:
    """Play one game of Durak to the end: the person at seat ``tell.human``, the ``opponents`` in the other seats, in order.

    The person's hand is shown first, before a lead can take cards from it (D7); then
    every lead, join, cover and take is announced, who attacks whom at each bout, and
    who goes out; the result and the ranking are shown at the end. The bots are named
    as ``tell`` names them (by default, by :func:`~sevens_ru.bots.bot_name`). Raises
    :class:`~sevens_ru.errors.GameAbandonedError` if the person stops.
    """
    lang = tell.lang
    tell, bots = against(
        out, tell, opponents, lambda told: HumanPlayer(out, lang, told.names), "d_intro"
    )
    human = human_seat(tell)
    states = play_game(bots, seed=seed, dealer=dealer, options=options)
    first = next(states)
    out.line(trump_line(first, tell))
    out.line(_hand(first.hand(human), first.trump_suit, lang))
    assert first.attacker is not None  # a new game
    assert first.defender is not None
    out.line(turn_line(first.attacker, first.defender, tell))
    final = follow(out, first, states, lambda before, after: event_lines(before, after, tell))
    out.line()
    ranking_table(out, final, tell)
    return final
