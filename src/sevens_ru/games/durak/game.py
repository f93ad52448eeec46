"""The rules of play (D5–D13) and four of the five functions: new game, legal moves, apply, is over.

The engine's automations, done inside :func:`~sevens_ru.durak.apply` and never by a caller:

- **joining** (D7): after a lead, every other seat, the defender included, adds all
  its cards of the led rank to the attack, in clockwise order from the attacker's left;
- **settling** (D9, D10): once every attacking card is covered, the bout's cards are set
  aside; after a take, they go to the defender; either way the next attacker and
  defender are found among the seats still holding cards (D5);
- **going out and the end** (D11–D13): seats left without cards are out; the game ends
  when at most one seat holds cards, or when ``take_limit`` bouts in a row have ended
  with a take. If the take that reaches the limit also leaves a single seat holding
  cards, that seat is the fool: D12 is checked before D13.

**Every game ends.** A covered bout sets aside at least two of the ``9n`` cards in play
for good (n players), so at most ``C = ⌊9n/2⌋`` bouts are covered; between two covered
bouts fewer than ``L = take_limit`` bouts end with a take, and ``L`` in a row end the
game. So a game has at most ``L·(C + 1)`` bouts. A bout has at most five moves: a lead
of ``k ≤ 4`` attacking cards, then at most ``k`` covers, or at most ``k − 1`` covers and a
take. A game therefore has at most ``5·L·(⌊9n/2⌋ + 1)`` moves: 5,000 for two players,
7,000 for three and 9,500 for four with the default ``L = 100``.

A covered bout sets aside as many covers as attacking cards, an even number, and a take
only moves cards between hands; so the number of cards held keeps the parity of ``9n``.
With three players it stays odd: a three-player game never ends in a D12 draw.

>>> from sevens_ru import durak
>>> state = durak.new_game(3, dealer=0, seed=7)
>>> durak.legal_moves(state)[:3]
(Lead(['6♣']), Lead(['7♣']), Lead(['8♠']))
>>> state = durak.apply(state, "lead 6♣")  # seats 2 and 0 must join their sixes (D7)
>>> for event in state.history:
...     print(event)
seat 1 leads 6♣
seat 2 joins 6♦
seat 0 joins 6♥
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, cast

from ...common._core import speedups
from ...common._games import not_a_state
from ...common._numbers import as_int
from ...common._quote import got
from ...common.cards import Card, cards_from_mask
from ...common.shuffle import fresh_seed
from ...errors import IllegalMoveError, InvalidDealError, InvalidOptionsError, NotAGameStateError
from .actions import defence_mask, lead_mask, move_of, suits_by_rank
from .deal import HAND_SIZE, PACK, check_dealer, check_players, deal_hands, deal_seeded, pack_mask
from .moves import Cover, InvalidMoveError, Lead, Move, Take, parse_move
from .names import DURAK
from .options import Options
from .state import GameState, Setup, build_state

__all__ = [
    "apply",
    "defences",
    "is_over",
    "leads",
    "legal_actions",
    "legal_mask",
    "legal_moves",
    "max_moves",
    "new_game",
]

_DEFAULT_OPTIONS = Options()
_TAKE = Take()

# The compiled core's action path (games/durak/_kernels.c), each None for a case it leaves to
# the Python code below, and None with the pure-Python engine.
_core: Any = cast(Any, speedups)
_fast_durak_act = None if speedups is None else _core.durak_act
_fast_durak_legal_actions = None if speedups is None else _core.durak_legal_actions
_fast_durak_legal_moves = None if speedups is None else _core.durak_legal_moves
_fast_durak_legal_mask = None if speedups is None else _core.durak_legal_mask

# The cards of each rank (by rank - 6), as card sets.
_RANK_CARDS = tuple(sum(1 << (suit * 9 + offset) for suit in range(4)) for offset in range(9))


def _subsets(suits: int) -> list[int]:
    """The non-empty subsets of a 4-bit suit set: fewer suits first, then in suit order."""
    subsets = [subset for subset in range(1, 16) if subset & ~suits == 0]
    return sorted(subsets, key=lambda subset: (subset.bit_count(), subset & -subset, subset))


# _LEADS[offset][suits]: the leads of rank offset + 6 from the cards of that rank in the
# suits of a 4-bit set (bit s = suit s), in canonical order.
_LEADS = tuple(
    tuple(
        tuple(
            Lead([PACK.cards[suit * 9 + offset] for suit in range(4) if subset >> suit & 1])
            for subset in _subsets(suits)
        )
        for suits in range(16)
    )
    for offset in range(9)
)
# _COVERS[a][c]: the move covering DECK[a] with DECK[c], for every pair that can ever be one.
_COVERS = tuple(
    tuple(
        Cover(attack, card)
        if attack.suit != card.suit or attack.rank < card.rank
        else None  # never a cover, whatever the trump
        for card in PACK.cards
    )
    for attack in PACK.cards
)


def new_game(
    players: int = 4,
    *,
    dealer: int = 0,
    seed: int | None = None,
    hands: Sequence[Iterable[Card | str]] | None = None,
    trump: Card | str | None = None,
    options: Options | None = None,
) -> GameState:
    """Deal a new game of old Durak for ``players`` seats (D1–D5).

    With ``seed``, the pack is shuffled reproducibly (the same on every platform and
    Python version; see :mod:`sevens_ru.shuffle`) and dealt one card at a time from the
    dealer's left (D3); the trump card is turned up as D4 says. With ``hands`` and
    ``trump``, the deal is the one given, validated: nine different cards of the pack
    per seat, and the trump card left over (2 or 3 players) or in the dealer's hand
    (4 players, 36 cards). With neither, the pack is shuffled from fresh OS entropy.
    The dealer's left neighbour leads first (D5).

    >>> from sevens_ru import durak
    >>> state = durak.new_game(4, dealer=3, seed=42)
    >>> state.attacker, state.defender, state.trump in state.hand(3)
    (0, 1, True)
    >>> durak.new_game(5)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidDealError: Durak is for 2 to 4 players (D2), got 5

    Raises:
        InvalidDealError: a bad player count, seed or deal, a trump card without hands,
            or both ``seed`` and ``hands``.
        InvalidSeatError: ``dealer`` is not a seat of the game.
        InvalidOptionsError: ``options`` is not a :class:`~sevens_ru.durak.Options`, or
            asks for the short pack with 4 players.
    """
    if options is None:
        options = _DEFAULT_OPTIONS
    elif not isinstance(options, Options):
        raise InvalidOptionsError(f"options must be a sevens_ru.durak.Options, got {got(options)}")
    players = check_players(players, options.short_deck)
    check_dealer(players, dealer)
    if hands is not None:
        if seed is not None:
            raise InvalidDealError("give either a seed or explicit hands, not both")
        deal, trump_index = deal_hands(players, dealer, hands, trump, short_deck=options.short_deck)
    else:
        if trump is not None:
            raise InvalidDealError(
                "a trump card is given only with explicit hands; a shuffled deal turns up its own"
            )
        seed = fresh_seed() if seed is None else seed
        deal, trump_index = deal_seeded(players, dealer, seed, short_deck=options.short_deck)
    return dealt_game(players, dealer, options, deal, trump_index)


def dealt_game(
    players: int, dealer: int, options: Options, deal: tuple[int, ...], trump_index: int
) -> GameState:
    """The new game of a deal already checked: nine cards a seat as card sets, and the trump card's number.

    What :func:`new_game` builds from explicit hands once it has read them (D3, D4), for
    a caller whose deal is right by construction (OpenSpiel's chance nodes deal it);
    nothing is checked again.

    >>> from sevens_ru import durak
    >>> state = durak.new_game(3, dealer=1, seed=5)
    >>> again = dealt_game(3, 1, state.options, state._setup.deal, state._setup.trump)
    >>> again == state
    True
    """
    undealt = pack_mask(options.short_deck) & ~sum(deal)
    attacker = (dealer + 1) % players
    return build_state(
        setup=Setup(players, dealer, options, deal, trump_index, undealt),
        hands=deal,
        attacker=attacker,
        defender=(attacker + 1) % players,
        attack=0,
        uncovered=0,
        covers=0,
        aside=0,
        out=(0,) * players,  # D11: nobody is out
        bouts=0,
        takes=0,
        parent=None,
        move=None,
    )


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """The moves the current player may make, in canonical order; empty exactly when the game is over.

    Before the lead, the attacker's leads (D6): by rank, low to high, then fewer cards
    first, then in canonical order. During the defence, the covers (D8), by attacking
    card then covering card in canonical order, and last the take (D9).

    >>> from sevens_ru import durak
    >>> state = durak.new_game(2, seed=1)
    >>> state.trump, state.hand(0)
    (Card.parse('K♣'), (Card.parse('9♣'), Card.parse('A♣'), Card.parse('9♦'), Card.parse('J♦'), Card.parse('K♦'), Card.parse('9♥'), Card.parse('10♠'), Card.parse('K♠'), Card.parse('A♠')))
    >>> durak.legal_moves(durak.apply(state, "lead 6♦"))  # any trump, or a higher diamond
    (Cover('6♦', '9♣'), Cover('6♦', 'A♣'), Cover('6♦', '9♦'), Cover('6♦', 'J♦'), Cover('6♦', 'K♦'), Take())
    >>> durak.legal_moves(durak.apply(state, "lead 7♣"))  # a trump: only a higher trump
    (Cover('7♣', '9♣'), Cover('7♣', 'A♣'), Take())
    """
    try:
        moves = state._legal
    except AttributeError:
        raise _not_a_state("legal_moves", state) from None
    if moves is None:
        if _fast_durak_legal_moves is None or (moves := _fast_durak_legal_moves(state)) is None:
            moves = _legal_moves(state)
        _set_legal(state, moves)  # a state refuses assignment: through the slot itself
    return moves


_set_legal = GameState.__dict__["_legal"].__set__


def _legal_moves(state: GameState) -> tuple[Move, ...]:
    if state._attacker is None:
        return ()
    if not state._attack:
        return leads(state._hands[state._attacker])
    hand = state._hands[state._defender]  # type: ignore[index]  # not None while playing
    return defences(hand, state._uncovered, state._setup.beaten_by)


def defences(hand: int, uncovered: int, beaten_by: tuple[int, ...]) -> tuple[Move, ...]:
    """The covers of the uncovered cards from ``hand``, then the take (D8, D9), as :func:`~sevens_ru.durak.legal_moves` lists them.

    All three are card sets; ``beaten_by`` is :data:`~sevens_ru.durak.state.BEATEN_BY` of the trump suit.

    >>> from sevens_ru import Card, Suit, mask_of
    >>> from sevens_ru.durak.state import BEATEN_BY
    >>> hand = mask_of([Card.parse("8♣"), Card.parse("6♠")])
    >>> defences(hand, Card.parse("7♣").bit, BEATEN_BY[Suit.SPADES])
    (Cover('7♣', '8♣'), Cover('7♣', '6♠'), Take())
    """
    moves: list[Move] = []
    while uncovered:
        low = uncovered & -uncovered
        index = low.bit_length() - 1
        row = _COVERS[index]
        covers = hand & beaten_by[index]
        while covers:
            bit = covers & -covers
            moves.append(row[bit.bit_length() - 1])  # type: ignore[arg-type]  # never None
            covers ^= bit
        uncovered ^= low
    moves.append(_TAKE)
    return tuple(moves)


def leads(hand: int) -> tuple[Lead, ...]:
    """Every lead from the card set ``hand`` (D6), in the order of :func:`~sevens_ru.durak.legal_moves`.

    >>> from sevens_ru import mask_of, Card
    >>> leads(mask_of([Card.parse("7♣"), Card.parse("7♠"), Card.parse("9♦")]))
    (Lead(['7♣']), Lead(['7♠']), Lead(['7♣', '7♠']), Lead(['9♦']))
    """
    moves: tuple[Lead, ...] = ()
    for rank, suits in suits_by_rank(hand):
        moves += _LEADS[rank][suits]
    return moves


def legal_actions(state: GameState) -> tuple[int, ...]:
    """The action numbers of :func:`~sevens_ru.durak.legal_moves`, ascending and in the same order.

    See :mod:`sevens_ru.durak.actions` for the numbering.

    >>> from sevens_ru import durak
    >>> state = durak.new_game(2, seed=1)
    >>> durak.legal_actions(state)[:3], durak.legal_moves(state)[:3]
    ((1, 2, 7), (Lead(['6♦']), Lead(['6♥']), Lead(['6♦', '6♥'])))
    """
    if _fast_durak_legal_actions is not None:  # the compiled core; None: the Python path
        found = _fast_durak_legal_actions(state)
        if found is not None:
            return found  # type: ignore[no-any-return]
    mask = legal_mask(state)
    actions = []
    while mask:
        low = mask & -mask
        actions.append(low.bit_length() - 1)
        mask ^= low
    return tuple(actions)


def legal_mask(state: GameState) -> int:
    """The legal actions as an int: bit ``a`` is set when action ``a`` is legal (0 once over).

    >>> from sevens_ru import durak
    >>> state = durak.apply(durak.new_game(2, seed=1), "lead 6♦")
    >>> mask = durak.legal_mask(state)
    >>> mask >> durak.actions.TAKE_ACTION, mask.bit_count() == len(durak.legal_moves(state))
    (1, True)
    """
    if _fast_durak_legal_mask is not None:  # the compiled core; None: the Python path
        mask = _fast_durak_legal_mask(state)
        if mask is not None:
            return mask  # type: ignore[no-any-return]
    try:
        attacker = state._attacker
    except AttributeError:
        raise _not_a_state("legal_mask", state) from None
    if attacker is None:
        return 0
    if not state._attack:
        return lead_mask(state._hands[attacker])
    hand = state._hands[state._defender]  # type: ignore[index]  # not None while playing
    return defence_mask(hand, state._uncovered, state._setup.beaten_by)


def apply(state: GameState, move: Move | str | int) -> GameState:
    """Make ``move`` for the current player and return the new state; ``state`` is left as it was.

    ``move`` is a :class:`~sevens_ru.durak.Lead`, :class:`~sevens_ru.durak.Cover` or
    :class:`~sevens_ru.durak.Take`, its text (``"lead 7♣ 7♦"``, ``"cover 7♣ 8♣"``,
    ``"take"``), or its action number (:mod:`sevens_ru.durak.actions`). After a lead the other seats join (D7); after the last cover or a take
    the bout is settled and the next bout's attacker and defender are found (D9, D10),
    or the game ends (D11–D13). See the module documentation for the list.

    >>> from sevens_ru import durak
    >>> state = durak.new_game(2, seed=1)
    >>> durak.apply(state, "cover 7♣ 8♣")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.IllegalMoveError: seat 1 cannot cover 7♣ 8♣: no bout is in progress; seat 1 is to lead one to four cards of one rank (D6); legal moves: lead 6♦, lead 6♥, lead 6♦ 6♥, ...

    Raises:
        IllegalMoveError: the move is not legal now: a card not in the player's hand, a
            cover that does not beat (D8), a lead during a defence, or any move after
            the end (the message names the move, the seat, the reason and the legal moves).
        InvalidMoveError: ``move`` is text that is not a move, a number that is not an
            action, or not a move at all.
    """
    if type(move) is int and _fast_durak_act is not None:  # an action number, in C
        new = _fast_durak_act(state, move)
        if new is not None:  # else not legal, or not a state: explained below
            return new  # type: ignore[no-any-return]
    try:
        attacker = state._attacker
    except AttributeError:
        raise _not_a_state("apply", state) from None
    if not isinstance(move, (Lead, Cover, Take)):
        move = _as_move(move)
    if attacker is None:
        raise IllegalMoveError(_why_illegal(state, move))
    setup = state._setup
    hands = state._hands
    attack = state._attack
    if not attack:  # the attacker leads (D6), then the others join (D7)
        if not isinstance(move, Lead) or move.mask & ~hands[attacker]:
            raise IllegalMoveError(_why_illegal(state, move))
        new_hands = list(hands)
        new_hands[attacker] ^= move.mask
        attack = move.mask
        same_rank = _RANK_CARDS[move.cards[0].rank - 6]
        for seat in setup.seats_after[attacker][:-1]:
            joined = new_hands[seat] & same_rank
            if joined:
                new_hands[seat] ^= joined
                attack |= joined
        return _go_on(state, move, new_hands, attack, attack, 0)
    defender: int = state._defender  # type: ignore[assignment]  # not None while playing
    new_hands = list(hands)
    if isinstance(move, Cover):  # D8
        attack_bit = move.attack.bit
        bit = move.card.bit
        if not (
            state._uncovered & attack_bit
            and hands[defender] & bit
            and setup.beaten_by[move.attack.index] & bit
        ):
            raise IllegalMoveError(_why_illegal(state, move))
        new_hands[defender] ^= bit
        uncovered = state._uncovered ^ attack_bit
        covers = state._covers | bit
        if uncovered:
            return _go_on(state, move, new_hands, attack, uncovered, covers)
        return _settle(state, move, new_hands, state._aside | attack | covers, 0)  # D10
    if isinstance(move, Take):  # D9
        new_hands[defender] |= attack | state._covers
        return _settle(state, move, new_hands, state._aside, state._takes + 1)
    raise IllegalMoveError(_why_illegal(state, move))


def _go_on(
    state: GameState, move: Move, hands: list[int], attack: int, uncovered: int, covers: int
) -> GameState:
    """The state after a lead, or a cover that leaves a card uncovered: the bout goes on (D7, D8)."""
    return build_state(
        setup=state._setup,
        hands=tuple(hands),
        attacker=state._attacker,
        defender=state._defender,
        attack=attack,
        uncovered=uncovered,
        covers=covers,
        aside=state._aside,  # the rest stays as it was until the bout is settled
        out=state._out,
        bouts=state._bouts,
        takes=state._takes,
        parent=state,
        move=move,
    )


def _settle(state: GameState, move: Move, hands: list[int], aside: int, takes: int) -> GameState:
    """The state after the bout of ``state`` is settled by ``move`` (D9–D13)."""
    setup = state._setup
    bouts = state._bouts + 1
    out = state._out
    holders = 0
    for seat, hand in enumerate(hands):
        if hand:
            holders += 1
        elif not out[seat]:  # D11: out once the bout is settled
            out = (*out[:seat], bouts, *out[seat + 1 :])
    attacker: int | None = None
    defender: int | None = None
    if holders >= 2 and takes < setup.take_limit:  # else the game is over (D12, D13)
        beaten: int = state._defender  # type: ignore[assignment]  # not None while playing
        attacker = beaten
        if takes or not hands[beaten]:  # D9, D10: the next seat with cards leads
            for attacker in setup.seats_after[beaten]:
                if hands[attacker]:
                    break
        for defender in setup.seats_after[attacker]:  # D5: the next seat with cards
            if hands[defender]:
                break
    return build_state(
        setup=setup,
        hands=tuple(hands),
        attacker=attacker,
        defender=defender,
        attack=0,  # the next bout is not led yet
        uncovered=0,
        covers=0,
        aside=aside,
        out=out,
        bouts=bouts,
        takes=takes,
        parent=state,
        move=move,
    )


def is_over(state: GameState) -> bool:
    """Whether the game is over (D12, D13).

    >>> from sevens_ru import durak
    >>> durak.is_over(durak.new_game(3, seed=0))
    False
    """
    try:
        return state._attacker is None
    except AttributeError:
        raise _not_a_state("is_over", state) from None


def max_moves(players: int, take_limit: int) -> int:
    """The most moves a game can last (see the module documentation): ``5·L·(⌊9n/2⌋ + 1)``.

    >>> max_moves(2, 100), max_moves(3, 100), max_moves(4, 100)
    (5000, 7000, 9500)

    Raises:
        InvalidDealError: ``players`` is not a player count of Durak (D2).
        InvalidOptionsError: ``take_limit`` is not a positive int.
    """
    check_players(players)
    Options(take_limit=take_limit)  # checks it
    return 5 * take_limit * (players * HAND_SIZE // 2 + 1)


def _as_move(move: object) -> Move:
    if isinstance(move, str):
        return parse_move(move)
    if as_int(move) is not None:
        return move_of(move)  # type: ignore[arg-type]  # an integral number
    raise InvalidMoveError(
        "apply() takes a move (durak.Lead, durak.Cover or durak.Take), its text such as "
        f"'lead 7♣', 'cover 7♣ 8♣' or 'take', or its action number, got {got(move)}"
    )


def _why_illegal(state: GameState, move: Move) -> str:
    """The message of the IllegalMoveError for making ``move`` in ``state``."""
    if state._attacker is None:
        result = f"seat {state.loser} lost" if state.loser is not None else "it is a draw"
        return f"cannot {move}: the game is over ({result}, D12, D13)"
    seat: int = state.current_player  # type: ignore[assignment]  # not None while playing
    hand = state._hands[seat]
    legal = ", ".join(map(str, legal_moves(state)))
    defending = bool(state._attack)
    if isinstance(move, Lead):
        if defending:
            against = " ".join(str(card) for card in cards_from_mask(state._uncovered))
            reason = f"seat {seat} defends against {against}: cover a card (D8) or take (D9)"
        else:
            missing = cards_from_mask(move.mask & ~hand)
            verb = "is" if len(missing) == 1 else "are"
            reason = f"{' '.join(map(str, missing))} {verb} not in their hand"
    elif not defending:
        reason = (
            f"no bout is in progress; seat {seat} is to lead one to four cards of one rank (D6)"
        )
    else:  # a cover: a take is always legal during a defence
        reason = _why_not_cover(state, move, hand)  # type: ignore[arg-type]
    return f"seat {seat} cannot {move}: {reason}; legal moves: {legal}"


def _why_not_cover(state: GameState, move: Cover, hand: int) -> str:
    if not state._uncovered & move.attack.bit:
        where = "already covered" if state._attack & move.attack.bit else "not on the table"
        return f"{move.attack} is {where}"
    if not hand & move.card.bit:
        return f"{move.card} is not in their hand"
    trumps = PACK.cards[state._setup.trump].suit
    rule = (
        f"a trump is covered only by a higher trump ({trumps})"
        if move.attack.suit == trumps
        else f"it needs a higher {move.attack.suit} or any trump ({trumps})"
    )
    return f"{move.card} does not beat {move.attack}: {rule} (D8)"


def _not_a_state(function: str, value: object) -> NotAGameStateError:
    return not_a_state(function, value, game=DURAK)
