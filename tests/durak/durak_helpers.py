"""Strategies and independent rule checks shared by the Durak tests."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from sevens_ru import DECK, Card, Rank, Suit, durak

seeds = st.integers(min_value=-(2**70), max_value=2**70)


def cards(text: str) -> list[str]:
    return text.split()


def hands(*rows: str) -> list[list[str]]:
    return [row.split() for row in rows]


def beats(card: Card, attack: Card, trump: Suit) -> bool:
    """D8, written out plainly: a higher card of the suit, or a trump on a non-trump."""
    if card.suit == attack.suit:
        return card.rank > attack.rank
    return card.suit == trump


def pack(options: durak.Options) -> set[Card]:
    """D1: 36 cards, or the 32 from 7 up with ``short_deck``."""
    return {card for card in DECK if not options.short_deck or card.rank != Rank.SIX}


def bound_on_moves(players: int, take_limit: int) -> int:
    """The bound of the rules module, derived again: 5 moves a bout, L·(⌊9n/2⌋ + 1) bouts."""
    covered_bouts = (9 * players) // 2  # each sets aside 2 of the 9n cards or more
    return 5 * take_limit * (covered_bouts + 1)


@st.composite
def setups(draw: st.DrawFn) -> durak.GameState:
    """A new game of any size, dealer, pack and repetition limit."""
    players = draw(st.integers(min_value=2, max_value=4))
    short_deck = players < 4 and draw(st.booleans())
    take_limit = draw(st.sampled_from([1, 2, 3, 10, 100, 100, 100, 100]))
    options = durak.Options(short_deck=short_deck, take_limit=take_limit)
    dealer = draw(st.integers(min_value=0, max_value=players - 1))
    return durak.new_game(players, dealer=dealer, seed=draw(seeds), options=options)


def random_states(state: durak.GameState, rng: random.Random) -> list[durak.GameState]:
    """Every state of a game played from ``state`` with uniformly random legal moves."""
    states = [state]
    while moves := durak.legal_moves(state):
        state = durak.apply(state, rng.choice(moves))
        states.append(state)
    return states


@st.composite
def games(draw: st.DrawFn) -> list[durak.GameState]:
    """A whole random game (every state from the deal to the end)."""
    return random_states(draw(setups()), random.Random(draw(st.integers(0, 2**32))))


def play(state: durak.GameState, *moves: str) -> durak.GameState:
    for move in moves:
        state = durak.apply(state, move)
    return state
