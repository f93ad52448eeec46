"""Train a policy by self-play on Gymnasium's vector environment, then measure it against the game's bots.

    python examples/train_gymnasium.py                      # Russian Sevens, 4 players: a few minutes
    python examples/train_gymnasium.py --game fan-tan --players 3
    python examples/train_gymnasium.py --quick              # a smoke run (no learning to speak of)

``CardGameVectorEnv(game, 1024)`` plays a thousand games in lockstep, every seat by
the same policy (``examples/linear_policy.py``: a masked linear softmax, REINFORCE with
numpy). At each step every game moves: its observation row and its action mask in
``info["action_mask"]`` go in, an action per game comes out. When a game ends,
``info["returns"]`` holds every seat's return, and each decision of that game learns
from the return of the seat that made it. Then the greedy policy plays duplicate
matches against the game's random and heuristic bots, and the win rates are printed
with their 95 % intervals, before and after training.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode
from linear_policy import LinearPolicy, arguments, legal_of, run

from sevens_ru.envs.gymnasium import CardGameVectorEnv


class Decisions:
    """The decisions of the deals not yet over, kept until their returns are known."""

    def __init__(self) -> None:
        self.columns: list[list[Any]] = [[], [], [], [], []]  # deal, seat, x, mask, action
        self.returns: dict[int, Any] = {}  # the returns of the deals that ended, by deal

    def add(self, *columns: Any) -> None:
        for kept, column in zip(self.columns, columns, strict=True):
            kept.append(column)

    def ready(self) -> tuple[Any, ...] | None:
        """The decisions of the deals that ended (forgotten then), with their seats' returns."""
        if not self.returns or not self.columns[0]:
            return None
        deal, seat, x, mask, action = (np.concatenate(column) for column in self.columns)
        done = np.isin(deal, np.fromiter(self.returns, dtype=np.int64))
        value = np.array(
            [
                self.returns[d][s]
                for d, s in zip(deal[done].tolist(), seat[done].tolist(), strict=True)
            ]
        )
        self.columns = [[column[~done]] for column in (deal, seat, x, mask, action)]
        self.returns = {}
        return x[done], legal_of(mask[done]), action[done], value


def train(
    name: str, players: int, policy: LinearPolicy, num_envs: int, steps: int, seed: int
) -> int:
    """Self-play: ``steps`` steps of ``num_envs`` games, learning every 16 steps; the deals played."""
    # SAME_STEP: a game that ends is dealt again in that step, so every observation
    # returned is a decision to make (NEXT_STEP would return the end, then ignore an action).
    envs = CardGameVectorEnv(
        name, num_envs, players=players, autoreset_mode=AutoresetMode.SAME_STEP
    )
    observations, info = envs.reset(seed=seed)
    deal = np.arange(num_envs, dtype=np.int64)  # a number per deal: game + num_envs * its count
    decisions = Decisions()
    played = 0
    for step in range(steps):
        masks = info["action_mask"].astype(bool)
        actions = policy.sample(observations, masks)
        decisions.add(deal.copy(), info["seat"].copy(), observations, masks, actions)
        observations, _, ended, _, info = envs.step(actions)
        for game in np.flatnonzero(ended).tolist():  # every seat's return, by deal
            decisions.returns[int(deal[game])] = info["returns"][game]
            deal[game] += num_envs
            played += 1
        if step % 16 == 15 and (batch := decisions.ready()) is not None:
            policy.learn(*batch)
    return played


def main(argv: list[str] | None = None) -> None:
    parser = arguments(
        __doc__,
        "sevens",
        4,
        envs=(1024, 64, "games in lockstep"),
        steps=(3000, 64, "steps of every game"),
    )

    def trained(game: Any, policy: LinearPolicy, args: argparse.Namespace) -> str:
        deals = train(game.name, args.players, policy, args.envs, args.steps, args.seed)
        return f"{deals:,} deals of self-play ({args.envs} games x {args.steps} steps)"

    run(parser.parse_args(argv), trained)


if __name__ == "__main__":
    main()
