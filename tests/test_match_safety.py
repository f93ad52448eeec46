"""Bots never see the deal's randomness (F4), and a bot's failure ends a match with a MatchError (F7).

A bot that recovers the seed of the generator it is handed (``helpers.seed_of`` undoes
the seeding of a fresh ``random.Random``) and deals the game again from it would know
every hand. The generators of both games' ``play_game`` and ``play_match`` (and so of
the command's ``demo``, ``play`` and ``simulate``) come from the seed by a one-way step
(:func:`sevens_ru.common._bots.bots_seed`), so the rebuilt deal is never the real one.
"""

from __future__ import annotations

import os
import random
import sys
from typing import Any

import pytest

import sevens_ru as s7
import sevens_ru.bots
import sevens_ru.durak.bots
from helpers import seed_of
from sevens_ru import durak
from sevens_ru.games.durak import tournament as durak_tournament
from sevens_ru.games.durak.play import play_game as durak_play_game
from sevens_ru.games.sevens.play import play_game
from sevens_ru.games.sevens.tournament import play_match


class DealSpy:
    """A bot of either game that tries to rebuild the deal from its generator's seed."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.tries = 0
        self.rebuilt = 0

    def choose(self, view: Any, rng: random.Random) -> Any:
        seed = seed_of(rng)
        if seed is not None:  # nothing drawn yet: the generator's seed is recoverable
            self.tries += 1
            guess: Any
            if self.game is durak:
                guess = durak.new_game(view.players, dealer=view.dealer, seed=seed)
            else:
                guess = s7.new_game(view.players, seed=seed)
            if guess.hand(view.seat) == view.hand:
                self.rebuilt += 1
        return rng.choice(view.legal_moves())


def test_the_spy_works_on_a_generator_seeded_with_the_deal() -> None:
    # the attack, against random.Random(seed) as bots were given it before
    spy = DealSpy(durak)
    view = durak.view(durak.new_game(3, dealer=0, seed=11), 1)
    spy.choose(view, random.Random(11))
    assert (spy.tries, spy.rebuilt) == (1, 1)


@pytest.mark.parametrize("game", [s7, durak], ids=["sevens", "durak"])
def test_no_bot_rebuilds_the_deal_from_its_generator(game: Any) -> None:
    spy = DealSpy(game)
    players = 3
    for seed in range(20):
        play = durak_play_game if game is durak else play_game
        for _ in play([spy] * players, seed=seed):
            pass
    match = durak_tournament.play_match if game is durak else play_match
    match([spy], 10, seed=1, players=players)
    assert spy.tries >= 20  # the spy did look, in every game it moved first in
    assert spy.rebuilt == 0


class Exits:
    """A bot that ends the process it runs in."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        sys.exit(3)


class Dies:
    """A bot that kills the process it runs in."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        os._exit(3)


class Fails:
    def choose(self, view: Any, rng: random.Random) -> Any:
        raise ValueError("a bot's own error")


@pytest.mark.parametrize("game", [s7, durak], ids=["sevens", "durak"])
def test_a_bot_that_fails_ends_the_match_with_a_match_error(game: Any) -> None:
    match = durak_tournament.play_match if game is durak else play_match
    others = [durak.bots.RandomBot()] if game is durak else [s7.bots.RandomBot()]
    with pytest.raises(
        s7.MatchError, match=r"deal 0, rotation \d: bot 'Fails' in seat \d failed"
    ) as raised:
        match([Fails(), *others], 3, seed=1)
    assert isinstance(raised.value.__cause__, ValueError)


@pytest.mark.parametrize("game", [s7, durak], ids=["sevens", "durak"])
@pytest.mark.parametrize("jobs", [1, 2])
def test_sys_exit_in_a_bot_is_a_match_error(game: Any, jobs: int) -> None:
    match = durak_tournament.play_match if game is durak else play_match
    others = [durak.bots.RandomBot()] if game is durak else [s7.bots.RandomBot()]
    with pytest.raises(s7.MatchError, match=r"bot 'Exits' in seat \d failed: SystemExit: 3"):
        match([Exits(), *others], 2, seed=1, jobs=jobs)


def test_a_dying_worker_is_a_match_error() -> None:
    with pytest.raises(s7.MatchError, match="a worker process died"):
        play_match([Dies(), s7.bots.RandomBot()], 4, seed=1, jobs=2)
