"""What the family's tests share: random games of any preset, deals built to order, end positions."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from hypothesis import strategies as st

from sevens_ru import Card, games
from sevens_ru.games.family import game as engine
from sevens_ru.games.family.deal import hand_sizes
from sevens_ru.games.family.definition import FamilyGame
from sevens_ru.games.family.presets import rules_for
from sevens_ru.games.family.state import FamilyState, Setup

PRESETS = ("sevens-52", "fan-tan", "shichinarabe", "domino", "cinquillo")
Game = games.Game[Any, Any, Any]


def game(name: str) -> Any:  # a FamilyGame, its states and views read dynamically
    found = games.get(name)
    assert isinstance(found, FamilyGame)
    return found


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def deal_to_order(
    name: str,
    players: int,
    dealer: int,
    holds: Mapping[int, str],
    lacks: Mapping[int, str] = {},
    options: object = None,
) -> list[list[Card]]:
    """A deal of ``name`` in which each seat holds ``holds[seat]`` and none of ``lacks[seat]``."""
    g = game(name)
    rules = rules_for(name, options if options is not None else g.Options())
    sizes = hand_sizes(len(rules.dealt), players, dealer)
    hands: list[list[Card]] = [cards(holds.get(seat, "")) for seat in range(players)]
    placed = {card for hand in hands for card in hand}
    for card in rules.dealt.cards:
        if card in placed:
            continue
        for seat in range(players):
            if len(hands[seat]) < sizes[seat] and card not in cards(lacks.get(seat, "")):
                hands[seat].append(card)
                break
        else:
            raise AssertionError(f"no seat can take {card}")
    return hands


def dealt(name: str, players: int, dealer: int, **order: Any) -> Any:
    """The new game of ``name`` on :func:`deal_to_order`'s deal."""
    hands = deal_to_order(name, players, dealer, **order)
    return game(name).new_game(players, dealer=dealer, hands=hands, options=order.get("options"))


def play(g: Game, state: Any, moves: Iterable[str]) -> Any:
    for move in moves:
        state = g.apply(state, move)
    return state


def end_position(
    state: FamilyState,
    hands: Mapping[int, str],
    *,
    passes: Iterable[int],
    finished: Iterable[int],
    faults: Iterable[tuple[int, tuple[int, ...]]] = (),
) -> FamilyState:
    """A finished position of ``state``'s game with these hands left (for the ranking's examples).

    The spec's examples give only the end of a game; the position is made with the
    engine's own builder, as ``apply`` makes one: each seat was dealt the cards it holds,
    and cards now on the table up to the size of its hand as dealt.
    """
    setup = state._setup
    pack = setup.rules.pack
    deal = [pack.mask_of(cards(hands.get(seat, ""))) for seat in range(state.players)]
    table = setup.rules.cards_mask & ~sum(deal)
    rest = list(pack.cards_of(table))
    for seat, size in enumerate(state.hand_sizes):
        while deal[seat].bit_count() < size:
            deal[seat] |= 1 << pack.index(rest.pop())
    work = engine._Work(Setup(setup.rules, setup.players, setup.dealer, setup.options, tuple(deal)))
    work.table, work.turn, work.moves = table, None, 0
    work.passes, work.finished, work.burst = list(passes), list(finished), []
    work.centre, work.streak, work.faults = state._centre, 0, list(faults)
    return work.freeze(type(state), None)


def random_game(name: str, seed: int, players: int | None = None) -> tuple[list[Any], list[Any]]:
    """Every state and move of a random game of ``name`` (a variant and dealer from the seed)."""
    g = game(name)
    rng = random.Random(seed)
    if players is None:
        players = rng.randint(g.min_players, g.max_players)
    setup = dict(rng.choice(list(g.variants(players))))
    setup["dealer"] = rng.randrange(players)
    state = g.new_game(players, seed=seed, **setup)
    states, moves = [state], []
    while legal := g.legal_moves(state):
        moves.append(rng.choice(legal))
        state = g.apply(state, moves[-1])
        states.append(state)
    return states, moves


seeds = st.integers(min_value=0, max_value=2**64)
