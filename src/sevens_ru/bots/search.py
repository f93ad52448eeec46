"""Perfect-information Monte Carlo: sample the hidden hands, play each candidate out."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Literal

import attrs

from .._board import passes_field, playable_mask
from ..cards import Card, cards_from_mask, mask_of
from ..errors import InvalidOptionsError
from ..events import Play
from ..game import apply, new_game
from ..inference import infer
from ..observation import PlayerView, view as view_of
from ..state import GameState
from ..playout import playout
from ..scoring import Standing
from ._base import NoMoveError, legal_moves_of
from ._endgame import endgame
from ._rollout import greedy_playout
from ._weights import chain, decisions

__all__ = ["SearchBot"]


def _check_rollouts(_bot: object, _attribute: object, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidOptionsError(f"SearchBot.rollouts must be a positive int, got {value!r}")


def _check_time_limit(_bot: object, _attribute: object, value: float | None) -> None:
    if value is not None and (
        isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0
    ):
        raise InvalidOptionsError(
            f"SearchBot.time_limit must be None or a positive number of seconds, got {value!r}"
        )


def _check_rollout(_bot: object, _attribute: object, value: str) -> None:
    if value not in ("greedy", "random"):
        raise InvalidOptionsError(f"SearchBot.rollout must be 'greedy' or 'random', got {value!r}")


def _check_share(_bot: object, _attribute: object, value: float) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise InvalidOptionsError(f"SearchBot.place_weight must be from 0 to 1, got {value!r}")


@attrs.frozen
class SearchBot:
    """Determinized search: many deals of the hidden hands, each candidate played out.

    For each decision the bot reads the view once with :func:`~sevens_ru.inference.infer`,
    then repeats: draw the other seats' hands exactly uniformly among those consistent
    with everything it has seen (hand sizes, the cards played, every pass, R21), and for
    every legal card play the rest of that game out. In the playouts every seat plays
    as :class:`~sevens_ru.bots.HeuristicBot` would if it saw that deal (``rollout="greedy"``, the
    default), or uniformly random legal cards (``rollout="random"``, through
    :func:`~sevens_ru.playout.playout`). Every candidate is tried on the same deals, so
    the luck of the draw cancels between them. The bot plays the card with the best
    mean result: 1 for a win, plus ``place_weight`` times the share of the other seats
    it finished ahead of, which tells losing lines apart.

    The budget is ``rollouts`` playouts per decision, split evenly between the legal
    cards (at least one deal each); with a single legal card it plays it at once. With
    ``time_limit`` (seconds), it instead deals and plays out until that time has passed
    (at least one deal): stronger on a fast machine, but then the choices depend on the
    machine's speed, so a game no longer replays exactly from its seeds.

    >>> import random
    >>> import sevens_ru as s7
    >>> from sevens_ru.bots import SearchBot
    >>> state = s7.apply(s7.new_game(4, seed=1), "9♦")
    >>> SearchBot(rollouts=300).choose(s7.view(state, 3), random.Random(0))
    Card.parse('9♣')
    """

    name: str = "search"
    """The name shown in results."""
    rollouts: int = attrs.field(default=600, validator=_check_rollouts)
    """Playouts per decision, shared between the legal cards."""
    time_limit: float | None = attrs.field(default=None, validator=_check_time_limit)
    """Seconds per decision instead of ``rollouts`` (not reproducible), or ``None``."""
    place_weight: float = attrs.field(default=0.25, validator=_check_share)
    """Value of beating one more seat, as a share of the value of a win."""
    rollout: Literal["greedy", "random"] = attrs.field(default="greedy", validator=_check_rollout)
    """How every seat plays in the playouts: ``"greedy"`` as
    :class:`~sevens_ru.bots.HeuristicBot` does (blocking, following up), or ``"random"``
    (uniformly random legal cards)."""
    temperature: float | None = attrs.field(default=None)
    """The opponent model's temperature, or ``None`` for uniform deals."""
    chain_steps: int = attrs.field(default=10)
    endgame: int = attrs.field(default=0)
    """Hand size from which on the rest of each deal is played exactly, or 0."""
    """Deals drawn per deal played out, when weighing them."""

    def choose(self, view: PlayerView, rng: random.Random) -> Card:
        """The legal card with the best mean playout result (see the class documentation)."""
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
        return self._search(seen, moves, lambda: hands, rng)

    def _search(
        self,
        view: PlayerView,
        moves: tuple[Card, ...],
        deal: Callable[[], tuple[int, ...]],
        rng: random.Random,
    ) -> Card:
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
        while True:
            hands = deal()
            if exact:
                for number, card in enumerate(moves):
                    totals[number] += endgame(
                        hands, table, playable, passes, seat, card.index, self.place_weight,
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
                )
                for card in plays:
                    state = apply(state, card)
                for number, card in enumerate(moves):
                    totals[number] += self._value(playout(apply(state, card), rng), seat)
            done += 1
            if deadline is None:
                if done >= rounds:
                    break
            elif time.perf_counter() >= deadline:
                break
        best = max(totals)
        return moves[totals.index(best)]

    def _value(self, standings: tuple[Standing, ...], seat: int) -> float:
        places = [standing.place for standing in standings]
        mine = next(standing.place for standing in standings if standing.seat == seat)
        beaten = sum(1 for place in places if place > mine)
        return (mine == 1) + self.place_weight * beaten / (len(places) - 1)
