"""Determinized search for every preset: deals of the hidden hands drawn exactly, each move played out.

For each decision the bot reads the view once (:func:`~sevens_ru.games.family.inference.state_sampler`,
the preset's exact inference, F15), then repeats: draw a whole state consistent with
everything the seat has seen, uniformly among those deals (hand sizes, the cards on
the table, what every pass proves, a burst's cards), and play every legal move (a
voluntary pass included) from it to the end on the compiled core, every seat then
moving as the heuristic bot would if it saw that deal
(:func:`~sevens_ru.games.family.playout.greedy_playout`, ``rollout="greedy"``, the
default), or at random (:func:`~sevens_ru.games.family.playout.playout`,
``rollout="random"``). Every candidate is
tried on the same deals, so the luck of the draw cancels between them, and the bot
makes the move with the best mean outcome, in the preset's own terms:

- **fan-tan**: the seat's net chips (T7: antes, passes, cards left, the fines of
  passes made while able, the pool);
- **cinquillo**: the seat's score (C5: 5 and the others' cards for the winner);
- **the others**: 1 for a win, plus ``place_weight`` times the share of the other
  seats it finished ahead of; ``place_weight`` is by default 0.25 where the first seat
  out ends the deal, and 1 where play goes on for every place (shichinarabe,
  ``play_to_end``), where each place counts.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Literal

import attrs
from attrs.validators import ge, in_, le, optional

from ....common._bots import A_NUMBER, bot_setting, check_playouts, check_seconds
from ..game import PRESETS, Preset, apply
from ..inference import state_sampler
from ..moves import Move
from ..observation import FamilyView
from ..playout import greedy_playout, greedy_playout_state
from ..playout import playout as random_playout
from ..playout import playout_state as random_playout_state
from ..scoring import Standing, antes, payoffs, scores
from ..state import FamilyState
from ._base import FamilyBot, legal_moves_of

__all__ = ["SearchBot"]

_check_rollout = bot_setting("must be 'greedy' or 'random'", in_(("greedy", "random")))
_check_share = bot_setting(
    "must be None or a number from 0 to 1", optional([A_NUMBER, ge(0), le(1)])
)


@attrs.frozen
class SearchBot(FamilyBot):
    """Determinized search: many exact deals of the hidden hands, each legal move played out on each.

    The budget is ``rollouts`` playouts per decision, split evenly between the legal
    moves (at least one deal each); with a single legal move it makes it at once. With
    ``time_limit`` (seconds) it deals instead until that time has passed (at least one
    deal): then its choices depend on the machine's speed, so a game no longer replays
    exactly from its seeds. Otherwise it is deterministic given its ``rng``.

    >>> import random
    >>> from sevens_ru import games
    >>> fan_tan = games.get("fan-tan")
    >>> state = fan_tan.new_game(4, seed=6)
    >>> seen = fan_tan.view(state, state.current_player)
    >>> seen.legal_moves()  # it holds 6♦ and 8♥ beside them
    (Card.parse('7♦'), Card.parse('7♥'))
    >>> SearchBot("fan-tan", rollouts=400).choose(seen, random.Random(0))
    Card.parse('7♥')
    >>> SearchBot("domino", rollouts=0)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidOptionsError: domino SearchBot.rollouts must be an int from 1 to 1,000,000 (playouts per decision), got 0
    """

    name: str = "search"
    rollouts: int = attrs.field(default=1000, validator=check_playouts)
    """Playouts per decision, shared between the legal moves."""
    time_limit: float | None = attrs.field(default=None, validator=check_seconds)
    """Seconds per decision instead of ``rollouts`` (not reproducible), or ``None``."""
    place_weight: float | None = attrs.field(default=None, validator=_check_share)
    """Value of beating one more seat, as a share of the value of a win, where the
    outcome is the ranking; ``None``: the preset's (see the module)."""
    rollout: Literal["greedy", "random"] = attrs.field(default="greedy", validator=_check_rollout)
    """How every seat plays in the playouts: ``"greedy"`` as the heuristic bot does on
    the drawn deal (:func:`~sevens_ru.games.family.playout.greedy_playout`), or
    ``"random"`` (uniformly random legal moves)."""

    def choose(self, view: FamilyView, rng: random.Random) -> Move:
        """The legal move with the best mean outcome over the deals (see the module)."""
        moves = legal_moves_of(self.game, view, rng)
        if len(moves) == 1:
            return moves[0]
        preset = PRESETS[self.game]
        draw = state_sampler(view)
        value = self._valuer(preset, view)
        totals = [0.0] * len(moves)
        rounds = max(1, self.rollouts // len(moves))
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while True:
            state = draw(rng)
            for number, move in enumerate(moves):
                totals[number] += value(apply(preset, state, move), rng)
            done += 1
            if done >= rounds if deadline is None else time.perf_counter() >= deadline:
                break  # the budget is spent: its playouts, or its time
        return moves[totals.index(max(totals))]

    def _valuer(
        self, preset: Preset, view: FamilyView
    ) -> Callable[[FamilyState, random.Random], float]:
        """What a playout from a state is worth to the seat, in the preset's own terms."""
        seat = view.seat
        rules = preset.rules(view.options)
        greedy = self.rollout == "greedy"
        playout = greedy_playout if greedy else random_playout
        playout_state = greedy_playout_state if greedy else random_playout_state
        if rules.chips:  # T7: the chips
            if rules.policy == "forced":  # no fines: the standings tell every payment

                def chips(state: FamilyState, rng: random.Random) -> float:
                    return float(
                        _chips(playout(state, rng), antes(state), view.options.pass_cost)[seat]
                    )

                return chips

            def chips_and_fines(state: FamilyState, rng: random.Random) -> float:
                return float(payoffs(preset, playout_state(state, rng))[seat])

            return chips_and_fines
        if preset.name == "cinquillo":  # C5: the score
            if rules.to_end:  # the score is of the hands when the winner went out

                def later_score(state: FamilyState, rng: random.Random) -> float:
                    return float(scores(preset, playout_state(state, rng))[seat])

                return later_score

            def score(state: FamilyState, rng: random.Random) -> float:
                standings = playout(state, rng)
                if standings[0].seat != seat:
                    return 0.0
                return 5.0 + sum(standing.cards_left for standing in standings)

            return score
        weight = self.place_weight
        if weight is None:
            weight = 1.0 if rules.to_end and not rules.first_out_ends else 0.25
        share = weight / (view.players - 1)

        def placed(state: FamilyState, rng: random.Random) -> float:
            standings = playout(state, rng)
            mine = next(standing.place for standing in standings if standing.seat == seat)
            beaten = sum(1 for standing in standings if standing.place > mine)
            return (mine == 1) + share * beaten

        return placed


def _chips(standings: tuple[Standing, ...], ante: tuple[int, ...], pass_cost: int) -> list[int]:
    """T7 without fines: each seat's net chips from the standings of a finished deal."""
    net = [0] * len(standings)
    pool = 0
    for standing in standings:
        paid = ante[standing.seat] + pass_cost * standing.passes + standing.cards_left
        net[standing.seat] -= paid
        pool += paid
    net[standings[0].seat] += pool  # the first seat out: the only place 1 (T6)
    return net
