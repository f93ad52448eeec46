"""The rules of play (R7–R14) and four of the five functions.

The engine's one automation is the pass (R11): when the next seat holds no playable
card, :func:`apply` records a :class:`Pass` for it and moves on, until it reaches a
seat that can play. A caller never passes.

>>> import sevens_ru as s7
>>> state = s7.new_game(4, seed=1)
>>> state.current_player, s7.legal_moves(state)
(1, (Card.parse('9♦'),))
>>> state = s7.apply(state, "9♦")  # seat 2 holds no 8♦, 10♦ or 9: it passes
>>> state.history
(Play(seat=1, card=Card.parse('9♦')), Pass(seat=2))
>>> state.current_player, s7.legal_moves(state)
(3, (Card.parse('9♣'), Card.parse('8♦'), Card.parse('9♠')))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...common._core import speedups
from ...common._games import not_a_state
from ...common._numbers import as_int
from ...common._quote import got
from ...common.cards import Card, cards_from_mask
from ...common.shuffle import fresh_seed
from ...errors import IllegalMoveError, InvalidDealError, InvalidOptionsError, NotAGameStateError
from ._board import NINE_OF_DIAMONDS, NINES, PASS, PLAY, TABLE_SHIFT, playable_mask
from .actions import NUM_ACTIONS, check_action
from .deal import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PACK,
    check_dealer,
    check_players,
    deal_and_opener,
    deal_hands,
)
from .names import SEVENS
from .options import Options
from .state import GameState, Setup, blank_state, build_state

__all__ = [
    "apply",
    "is_over",
    "legal_actions",
    "legal_mask",
    "legal_moves",
    "new_game",
    "playable_mask",
]

_DEFAULT_OPTIONS = Options()
_BITS = tuple(card.bit for card in PACK.cards)

# Legal-move tuples by card set. A legal set holds at most two cards per suit, so there
# are fewer than 400,000 possible keys; 40,000 occur in 100,000 random games. The cache
# starts again from empty if it ever holds _MAX_MOVES.
_MOVES: dict[int, tuple[Card, ...]] = {}
_ACTIONS: dict[int, tuple[int, ...]] = {}  # the same for legal_actions()
_MAX_MOVES = 1 << 17
# The compiled core's functions, which give None for what they leave to the Python path.
_fast_apply = None if speedups is None else speedups.apply
_fast_legal_moves = None if speedups is None else speedups.legal_moves
_fast_legal_actions = None if speedups is None else speedups.legal_actions


def new_game(
    players: int = 4,
    *,
    seed: int | None = None,
    hands: Sequence[Iterable[Card | str]] | None = None,
    options: Options | None = None,
    dealer: int | None = None,
) -> GameState:
    """Deal a new game for ``players`` seats (R4–R7, M2).

    With ``seed``, the deal is shuffled reproducibly (the same on every platform and
    Python version; see :mod:`sevens_ru.shuffle`). With ``hands``, the deal is the one
    given, a hand per seat, validated against R5 and R6. With neither, the pack is
    shuffled from fresh OS entropy. The holder of 9♦ is to play (R7).

    ``dealer`` (default ``players − 1``) deals: seat ``dealer + 1`` receives the first
    card, so with 5 players it holds the 8-card hand (M2). The default is R5's deal,
    from seat 0; the same seed with another dealer turns the same hands round the table.

    >>> import sevens_ru as s7
    >>> state = s7.new_game(5, seed=42)
    >>> [len(hand) for hand in state.hands], state.dealer
    ([8, 7, 7, 7, 7], 4)
    >>> [len(hand) for hand in s7.new_game(5, seed=42, dealer=1).hands]
    [7, 7, 8, 7, 7]
    >>> s7.new_game(7)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidDealError: the game is for 2 to 6 players (R4), got 7

    Raises:
        InvalidDealError: a bad player count, dealer, seed or deal, or both ``seed``
            and ``hands``.
        InvalidOptionsError: ``options`` is not an :class:`Options`.
    """
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        players = check_players(players)  # raises, unless an integral number in range
    if dealer is None:
        dealer = players - 1
    elif type(dealer) is not int or not 0 <= dealer < players:
        dealer = check_dealer(players, dealer)  # raises, unless an integral number in range
    if options is None:
        options = _DEFAULT_OPTIONS
    elif not isinstance(options, Options):
        raise InvalidOptionsError(f"options must be a sevens_ru.Options, got {got(options)}")
    if hands is not None:
        if seed is not None:
            raise InvalidDealError("give either a seed or explicit hands, not both")
        return dealt_game(players, deal_hands(players, hands, dealer), options, dealer)
    deal, opener = deal_and_opener(players, fresh_seed() if seed is None else seed, dealer)
    return _start(players, deal, options, dealer, opener)


def dealt_game(players: int, deal: tuple[int, ...], options: Options, dealer: int) -> GameState:
    """The new game of a deal already checked: ``deal`` a card set per seat, of R5's sizes for ``dealer``.

    What :func:`new_game` builds from explicit hands once it has read them, for a caller
    whose deal is right by construction (OpenSpiel's chance nodes deal it); nothing is
    checked again.

    >>> import sevens_ru as s7
    >>> state = s7.new_game(3, seed=5)
    >>> dealt_game(3, state._setup.deal, state.options, state.dealer) == state
    True
    """
    opener = 0
    while not deal[opener] & NINE_OF_DIAMONDS:
        opener += 1
    return _start(players, deal, options, dealer, opener)


def _start(
    players: int, deal: tuple[int, ...], options: Options, dealer: int, opener: int
) -> GameState:
    return build_state(
        setup=Setup(players, options, deal, dealer),
        board=NINES,  # an empty table, no passes; R9: the 9s open the rows...
        turn=opener,
        moves=NINE_OF_DIAMONDS,  # ...but R7: the holder of 9♦ must open with it
        parent=None,
    )


def legal_moves(state: GameState) -> tuple[Card, ...]:
    """The cards the current player may play, in canonical order (R7, R9, R10).

    The tuple is empty exactly when the game is over.

    >>> import sevens_ru as s7
    >>> s7.legal_moves(s7.new_game(2, seed=3))
    (Card.parse('9♦'),)

    Raises:
        NotAGameStateError: ``state`` is not a :class:`GameState`.
    """
    if _fast_legal_moves is not None:  # the compiled core; None: a case for the Python path
        moves = _fast_legal_moves(state)
        if moves is not None:
            return moves
    # The state's check and the table's look-up in one try, in line: the check as a
    # function shared with legal_mask() cost 5 % of api-python in benchmarks/run.py
    # (2026-12-02).
    try:
        return _MOVES[state._moves]
    except AttributeError:
        raise _not_a_state("legal_moves", state) from None
    except KeyError:
        if len(_MOVES) >= _MAX_MOVES:  # bounded, for very long runs
            _MOVES.clear()
        mask = state._moves
        moves = _MOVES[mask] = cards_from_mask(mask)
        return moves


def apply(state: GameState, card: Card | str | int) -> GameState:
    """Play ``card`` for the current player and return the new state.

    ``card`` is a :class:`Card`, card text, or an action number: the card's index in
    :data:`DECK` (see :mod:`sevens_ru.actions`), any integral number, numpy's too.

    ``state`` itself is left as it was. After the play, the engine records a pass for
    every following seat that holds no playable card (R11) and stops at the next seat
    that can play, or ends the game if the card was the player's last (R14).

    >>> import sevens_ru as s7
    >>> state = s7.new_game(4, seed=1)
    >>> s7.apply(state, "J♦")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.IllegalMoveError: seat 1 cannot play J♦: the first card of the game must be 9♦ (R7); legal moves: 9♦

    Raises:
        IllegalMoveError: the card is not in the current player's hand (a card of
            another pack, such as 2♣, never is), not playable now, or the game is over.
        CardParseError: ``card`` is text that is not a card (or not a card at all).
        InvalidMoveError: ``card`` is a number that is not an action (0 to 35).
        NotAGameStateError: ``state`` is not a :class:`GameState`.
    """
    if _fast_apply is not None:  # the compiled core; None: a case for the Python path
        new = _fast_apply(state, card)
        if new is not None:
            return new
    try:
        moves = state._moves
    except AttributeError:
        raise _not_a_state("apply", state) from None
    if type(card) is Card:
        try:
            index = card.index
        except AttributeError:  # a card outside the pack (F6): a 2, 3, 4 or 5
            raise IllegalMoveError(_not_in_pack(state, card)) from None
    elif type(card) is int and 0 <= card < NUM_ACTIONS:  # an action number
        index = card
    else:
        index = _index_of(state, card)
    bit = _BITS[index]
    if not moves & bit:  # every move is checked, the engine's own suggestions too
        raise IllegalMoveError(_why_illegal(state, PACK.cards[index]))
    setup = state._setup
    deal = setup.deal
    turn: int | None = state._turn
    # The card goes to the table and leaves the playable set, the card beyond it becomes
    # playable (R9): one addition to the board.
    board = state._board + PLAY[index]
    # With another legal card the hand is not empty; else check (R14).
    if moves != bit or deal[turn] << TABLE_SHIFT | board != board:  # type: ignore[index]
        next_seat = setup.next_seat
        turn = next_seat[turn]  # type: ignore[index]
        moves = deal[turn] & board  # the board's low bits are the playable cards
        while not moves:  # R13: someone can play, at worst the seat that just played
            board += PASS[turn]  # R11
            turn = next_seat[turn]
            moves = deal[turn] & board
    else:  # that was the player's last card: the game is over (R14)
        turn = None
        moves = 0
    # build_state() in line, a function call less: 1.05x faster api-python in
    # benchmarks/run.py (2026-12-02); this is the engine's hottest path.
    new = blank_state()  # writable until its class is GameState (sevens_ru.common._linked)
    new._setup = setup
    new._board = board
    new._turn = turn
    new._moves = moves
    new._parent = state
    new.__class__ = GameState
    return new


def _index_of(state: GameState, card: object) -> int:
    """The index of ``card``: a :class:`Card` (or subclass), card text or an action number."""
    if not isinstance(card, Card):
        if as_int(card) is not None:
            return check_action(card)
        card = Card.parse(card)  # type: ignore[arg-type]  # CardParseError if not text
    if card not in PACK:
        raise IllegalMoveError(_not_in_pack(state, card))
    return card.index


def _not_in_pack(state: GameState, card: Card) -> str:
    """The message of the IllegalMoveError for a card that is not of the game (F6)."""
    reason = "it is not a card of the game, whose pack is the 36 cards 6 to A (R1)"
    if state._turn is None:
        return f"cannot play {card}: {reason}, and the game is over (seat {state.winner} won, R14)"
    legal = " ".join(map(str, legal_moves(state)))
    return f"seat {state._turn} cannot play {card}: {reason}; legal moves: {legal}"


def legal_actions(state: GameState) -> tuple[int, ...]:
    """The action numbers of :func:`legal_moves`, ascending: each card's index in :data:`DECK`.

    >>> import sevens_ru as s7
    >>> state = s7.apply(s7.new_game(4, seed=1), "9♦")
    >>> s7.legal_actions(state) == tuple(card.index for card in s7.legal_moves(state))
    True

    Raises:
        NotAGameStateError: ``state`` is not a :class:`GameState`.
    """
    if _fast_legal_actions is not None:  # the compiled core; None: a case for the Python path
        actions = _fast_legal_actions(state)
        if actions is not None:
            return actions
    mask = legal_mask(state)
    try:
        return _ACTIONS[mask]
    except KeyError:
        if len(_ACTIONS) >= _MAX_MOVES:  # bounded, for very long runs
            _ACTIONS.clear()
        actions = _ACTIONS[mask] = tuple(card.index for card in cards_from_mask(mask))
        return actions


def legal_mask(state: GameState) -> int:
    """The legal actions as a 36-bit int: bit ``a`` is set when ``DECK[a]`` may be played.

    >>> import sevens_ru as s7
    >>> s7.legal_mask(s7.new_game(4, seed=1)) == s7.Card.parse("9♦").bit
    True

    Raises:
        NotAGameStateError: ``state`` is not a :class:`GameState`.
    """
    try:
        return state._moves
    except AttributeError:
        raise _not_a_state("legal_mask", state) from None


def is_over(state: GameState) -> bool:
    """Whether someone has played their last card (R14).

    >>> import sevens_ru as s7
    >>> s7.is_over(s7.new_game(3, seed=0))
    False

    Raises:
        NotAGameStateError: ``state`` is not a :class:`GameState`.
    """
    try:
        return state._turn is None
    except AttributeError:
        raise _not_a_state("is_over", state) from None


def _why_illegal(state: GameState, card: Card) -> str:
    """The message of the IllegalMoveError for playing ``card`` in ``state``."""
    if state._turn is None:
        return f"cannot play {card}: the game is over (seat {state.winner} won, R14)"
    seat = state._turn
    legal = " ".join(map(str, legal_moves(state)))
    if not state._setup.deal[seat] & ~state._table & card.bit:
        where = "is on the table" if state._table & card.bit else "is not in their hand"
        reason = f"{card} {where}"
    elif not state._table:
        reason = "the first card of the game must be 9♦ (R7)"
    else:
        row = state.row(card.suit)
        if row is None:
            reason = f"the {card.suit} row is not open: it opens with 9{card.suit} (R9)"
        else:
            low, high = (PACK.cards[card.suit * 9 + rank - 6] for rank in row)
            reason = (
                f"it is not next to an end of the {card.suit} row {low}–{high} (R9)"
                if low != high
                else f"it is not next to the {low} that opens the {card.suit} row (R9)"
            )
    return f"seat {seat} cannot play {card}: {reason}; legal moves: {legal}"


def _not_a_state(function: str, value: object) -> NotAGameStateError:
    return not_a_state(function, value, game=SEVENS)
