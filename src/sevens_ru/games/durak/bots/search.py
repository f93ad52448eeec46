"""Determinized search for Durak: sample the hidden hands, play each candidate out."""

from __future__ import annotations

import random
import time
from math import ceil, log2

import attrs

from ....common._bots import check_playouts, check_seconds
from ....common.cards import mask_of
from ..inference import infer
from ..moves import Cover, Lead, Move
from ..observation import PlayerView
from ._base import legal_moves_of
from ._rollout import MoveMask, Rules, heuristic_defence, heuristic_lead, move_value, play_out

__all__ = ["SearchBot"]


def _as_mask(move: Move) -> MoveMask:
    """``move`` as :mod:`._rollout` writes moves: a card set, empty for the take."""
    if isinstance(move, Lead):
        return move.mask
    if isinstance(move, Cover):
        return move.attack.bit | move.card.bit
    return 0


@attrs.frozen
class SearchBot:
    """Determinized search: many deals of the hidden cards, each candidate move played out.

    For each decision with more than one legal move, the bot reads the view once with
    :func:`~sevens_ru.durak.inference.infer`, then draws deals of the hidden cards
    exactly uniformly among those consistent with everything it has seen (hand sizes,
    cards taken, the joins, D7, D17), and on each deal plays every candidate move and
    then the rest of the game, every seat choosing as
    :class:`~sevens_ru.durak.bots.HeuristicBot` would if it saw that deal. A playout is
    worth the payoff of D15 at a stake of 1: +1 for going out, 0 for a draw, and
    ``1 - players`` for the fool. Every candidate is tried on the same deals, so the
    luck of the draw cancels between them.

    The candidates are all the legal moves, the heuristic's own first; they are cut
    down by successive halving: the budget is split into rounds, and after each round
    the better half (by total payoff over the same deals) goes on, so most playouts
    go to the moves that are close. Ties go to the heuristic's move. ``rollouts`` is
    the budget of playouts per decision (at least one deal per candidate per round);
    with ``time_limit`` (seconds) the rounds share that time instead (at least one deal
    each): then the choices depend on the machine's speed, so a game no longer replays
    exactly from its seeds.

    >>> import random
    >>> from sevens_ru import durak
    >>> from sevens_ru.durak.bots import SearchBot
    >>> state = durak.new_game(3, dealer=0, seed=7)
    >>> bot = SearchBot(rollouts=60)
    >>> move = bot.choose(durak.view(state, 1), random.Random(0))
    >>> move in durak.legal_moves(state)
    True
    >>> move == bot.choose(durak.view(state, 1), random.Random(0))  # the same seed, the same move
    True
    """

    name: str = "search"
    """The name shown in results."""
    rollouts: int = attrs.field(default=160, validator=check_playouts)
    """Playouts per decision, shared between the candidates and the rounds."""
    time_limit: float | None = attrs.field(default=None, validator=check_seconds)
    """Seconds per decision instead of ``rollouts`` (not reproducible), or ``None``."""

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The legal move with the best total payoff over the sampled deals (see the class)."""
        moves = legal_moves_of(view, rng)
        if len(moves) == 1:
            return moves[0]
        inference = infer(view)
        seat = view.seat
        players = view.players
        trump = view.trump.suit
        hand = mask_of(view.hand)
        attack = view.attack_mask
        uncovered = view.uncovered_mask
        covers = view.cover_mask
        attacker: int = view.attacker  # type: ignore[assignment]  # not None: a move is due
        defender: int = view.defender  # type: ignore[assignment]
        takes = view.takes_in_a_row
        rules = Rules(players, trump, view.options.take_limit)
        masks = [_as_mask(move) for move in moves]
        favourite = (
            heuristic_defence(hand, uncovered, trump) if attack else heuristic_lead(hand, trump)
        )
        alive = sorted(range(len(moves)), key=lambda number: masks[number] != favourite)
        totals = [0] * len(moves)
        rounds = max(1, ceil(log2(len(alive))))
        start = time.perf_counter()
        for round_number in range(rounds):
            deadline = (
                None
                if self.time_limit is None
                else start + self.time_limit * (round_number + 1) / rounds
            )
            deals = max(1, self.rollouts // (rounds * len(alive)))
            done = 0
            while True:
                hands = inference.sample_masks(rng)
                for number in alive:
                    fool = play_out(
                        list(hands),
                        attacker,
                        defender,
                        attack,
                        uncovered,
                        covers,
                        takes,
                        masks[number],
                        rules,
                    )
                    totals[number] += move_value(fool, seat, players)
                done += 1
                if done >= deals if deadline is None else time.perf_counter() >= deadline:
                    break  # the budget is spent: its playouts, or its time
            alive.sort(key=lambda number: -totals[number])  # stable: ties keep their order
            del alive[max(1, (len(alive) + 1) // 2) :]
        return moves[alive[0]]
