"""Determinized search: deals of the hidden hands, weighed by the plays; each candidate valued."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Literal

import attrs
from attrs.validators import and_, ge, gt, in_, le, lt, optional

from ....common._bots import A_NUMBER, AN_INT, bot_setting, check_playouts, check_seconds
from ....common.cards import Card, cards_from_mask, mask_of
from .._board import passes_field, playable_mask
from ..deal import MIN_PLAYERS, hand_sizes
from ..events import Play
from ..game import apply, new_game
from ..inference import infer
from ..observation import PlayerView
from ..observation import view as view_of
from ..playout import playout
from ..scoring import Standing
from ..state import GameState
from ._base import NoMoveError, legal_moves_of
from ._endgame import endgame
from ._rollout import greedy_playout
from ._weights import chain, decisions

__all__ = ["SearchBot"]

_MOST_CARDS = max(hand_sizes(MIN_PLAYERS))  # the largest hand (R5)


_check_rollout = bot_setting("must be 'greedy' or 'random'", in_(("greedy", "random")))
_check_temperature = bot_setting(
    "must be None or a positive number", optional(and_(A_NUMBER, gt(0), lt(1e6)))
)
_check_chain_steps = bot_setting("must be a positive int", AN_INT, ge(1))
_check_endgame = bot_setting(
    f"must be an int from 0 (never) to {_MOST_CARDS} cards", AN_INT, ge(0), le(_MOST_CARDS)
)
_check_share = bot_setting("must be from 0 to 1", A_NUMBER, ge(0), le(1))


@attrs.frozen
class SearchBot:
    """Determinized search: many deals of the hidden hands, each candidate played to the end.

    For each decision the bot reads the view once with :func:`~sevens_ru.inference.infer`,
    then repeats: take a deal of the other seats' hands consistent with everything it
    has seen (hand sizes, the cards played, every pass, R21), and for every legal card
    find what it is worth on that deal. Every candidate is tried on the same deals, so
    the luck of the draw cancels between them. The bot plays the card with the best
    mean result: 1 for a win, plus ``place_weight`` times the share of the other seats
    it finished ahead of, which tells losing lines apart.

    **The deals.** With ``temperature=None`` they are drawn exactly uniformly among the
    consistent ones. By default they also follow what the other seats' *plays* suggest:
    a seat that opened a row most likely held a card to follow it up. The bot weighs
    each deal by how likely the others' plays were had they held those hands and
    chosen as :class:`~sevens_ru.bots.HeuristicBot` does, softened (at each of their
    past choices, a card's chance grows as ``exp(score / temperature)``, the score in
    the heuristic's points). It draws from those weights with a Markov chain over the
    deals that swaps two cards between two other seats (refused where a pass rules a
    card out, R21; accepted with the likelihood ratio), starting from an exact uniform
    deal and taking ``chain_steps`` swaps between two deals played out.

    **The value of a card on a deal.** While the bot holds more than ``endgame`` cards,
    a playout: every seat plays as :class:`~sevens_ru.bots.HeuristicBot` would if it saw
    that deal (``rollout="greedy"``, the default), or uniformly random legal cards
    (``rollout="random"``, through :func:`~sevens_ru.playout.playout`). From ``endgame``
    cards on (4 by default), the rest of the deal is played exactly instead: the bot
    tries every line of its own, while the others play the heuristic's card (ties to
    the card with more points, R3), and keeps the best; a table of the positions it has
    valued makes each one count once. Earlier than that, exact play trusts the others
    to play like the heuristic too much, and plays as if it knew the deal.

    The budget is ``rollouts`` deals' worth of candidates per decision, split evenly
    between the legal cards (at least one deal each); with a single legal card it plays
    it at once. With ``time_limit`` (seconds), it instead deals until that time has
    passed (at least one deal): stronger on a fast machine, but then the choices depend
    on the machine's speed, so a game no longer replays exactly from its seeds. The
    search of earlier versions is ``SearchBot(rollouts=600, temperature=None, endgame=0)``
    (uniform deals, playouts to the end), by name
    ``"search:rollouts=600,temperature=none,endgame=0"``.

    >>> import random
    >>> import sevens_ru as s7
    >>> from sevens_ru.bots import SearchBot
    >>> state = s7.apply(s7.new_game(4, seed=1), "9♦")
    >>> seen = s7.view(state, 3)  # 9♣, 8♦ or 9♠; it holds 8♠ 10♠ K♠ after 9♠
    >>> SearchBot(rollouts=300).choose(seen, random.Random(0))
    Card.parse('9♠')
    >>> SearchBot(rollouts=300, temperature=None, endgame=0).choose(seen, random.Random(0))
    Card.parse('9♣')
    """

    name: str = "search"
    """The name shown in results."""
    rollouts: int = attrs.field(default=2000, validator=check_playouts)
    """Playouts per decision, shared between the legal cards."""
    time_limit: float | None = attrs.field(default=None, validator=check_seconds)
    """Seconds per decision instead of ``rollouts`` (not reproducible), or ``None``."""
    place_weight: float = attrs.field(default=0.25, validator=_check_share)
    """Value of beating one more seat, as a share of the value of a win."""
    rollout: Literal["greedy", "random"] = attrs.field(default="greedy", validator=_check_rollout)
    """How every seat plays in the playouts: ``"greedy"`` as
    :class:`~sevens_ru.bots.HeuristicBot` does (blocking, following up), or ``"random"``
    (uniformly random legal cards)."""
    temperature: float | None = attrs.field(default=0.5, validator=_check_temperature)
    """The opponent model's temperature, in points of the heuristic's score: the lower,
    the more surely the others play the heuristic's best card; ``None`` for uniform
    deals (the plays not weighed)."""
    chain_steps: int = attrs.field(default=10, validator=_check_chain_steps)
    """Steps of the chain over the deals between two deals played out (ten times as
    many before the first)."""
    endgame: int = attrs.field(default=4, validator=_check_endgame)
    """Play the rest of each deal exactly once the bot holds at most this many cards;
    0: never (playouts to the end)."""

    def choose(self, view: PlayerView, rng: random.Random) -> Card:
        """The legal card with the best mean value over the deals (see the class documentation)."""
        moves = legal_moves_of(view, rng)
        if len(moves) == 1:
            return moves[0]
        inference = infer(view)
        past = decisions(view) if self.temperature is not None else ()
        if self.temperature is None or not past:
            return self._search(view, moves, lambda: inference.sample_masks(rng), rng)
        temperature, steps = self.temperature, self.chain_steps
        allowed = tuple(
            0 if other == view.seat else mask_of(inference.allowed(other))
            for other in range(view.players)
        )
        hands = chain(
            inference.sample_masks(rng), allowed, view.seat, past, temperature, 10 * steps, rng
        )

        def deal() -> tuple[int, ...]:
            nonlocal hands
            hands = chain(hands, allowed, view.seat, past, temperature, steps, rng)
            return hands

        return self._search(view, moves, deal, rng)

    def choose_seeing_all(self, state: GameState, rng: random.Random) -> Card:
        """For measurement only: the same search as :meth:`choose`, shown every hand.

        It plays every candidate out on the true deal of ``state`` (which no seat may
        see, R20) instead of sampled ones, so it measures how much better
        :meth:`choose` could play with perfect inference. Not a way to play.
        """
        seat = state.current_player
        if seat is None:
            raise NoMoveError("the game is over: no one is to play")
        seen = view_of(state, seat)
        moves = legal_moves_of(seen, rng)
        if len(moves) == 1:
            return moves[0]
        hands = tuple(mask_of(state.hand(other)) for other in range(state.players))
        return self._search(seen, moves, lambda: hands, rng, one_deal=True)

    def _search(
        self,
        view: PlayerView,
        moves: tuple[Card, ...],
        deal: Callable[[], tuple[int, ...]],
        rng: random.Random,
        *,
        one_deal: bool = False,
    ) -> Card:
        """The candidate with the best total value over the deals ``deal()`` gives."""
        seat = view.seat
        table = mask_of(view.table)
        playable = playable_mask(table)
        passes = passes_field(view.passes)
        played = [0] * view.players
        plays = []
        for event in view.history:
            if isinstance(event, Play):
                played[event.seat] |= event.card.bit
                plays.append(event.card)
        totals = [0.0] * len(moves)
        rounds = max(1, self.rollouts // len(moves))
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        exact = self.rollout == "greedy" and len(view.hand) <= self.endgame
        if exact and one_deal:  # the same deal every time: its exact values once
            rounds, deadline = 1, None
        while True:
            hands = deal()
            if exact:
                for number, card in enumerate(moves):
                    totals[number] += endgame(
                        hands,
                        table,
                        playable,
                        passes,
                        seat,
                        card.index,
                        self.place_weight,
                        view.options,
                    )
            elif self.rollout == "greedy":
                for number, card in enumerate(moves):
                    standings = greedy_playout(
                        list(hands), table, playable, passes, seat, card.index, rng, view.options
                    )
                    totals[number] += self._value(standings, seat)
            else:
                state = new_game(
                    view.players,
                    hands=[
                        cards_from_mask(hand | played[other]) for other, hand in enumerate(hands)
                    ],
                    options=view.options,
                    dealer=view.dealer,
                )
                for card in plays:
                    state = apply(state, card)
                for number, card in enumerate(moves):
                    totals[number] += self._value(playout(apply(state, card), rng), seat)
            done += 1
            if done >= rounds if deadline is None else time.perf_counter() >= deadline:
                break  # the budget is spent: its playouts, or its time
        best = max(totals)
        return moves[totals.index(best)]

    def _value(self, standings: tuple[Standing, ...], seat: int) -> float:
        places = [standing.place for standing in standings]
        mine = next(standing.place for standing in standings if standing.seat == seat)
        beaten = sum(1 for place in places if place > mine)
        return (mine == 1) + self.place_weight * beaten / (len(places) - 1)
