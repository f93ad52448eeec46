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
import time
from typing import Any

import numpy as np
from linear_policy import LinearPolicy, legal_of, measure, report

from sevens_ru import games
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
    envs = CardGameVectorEnv(name, num_envs, players=players)
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="sevens", help="a registered game with tensors")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--envs", type=int, default=1024, help="games in lockstep")
    parser.add_argument("--steps", type=int, default=3000, help="steps of every game")
    parser.add_argument("--deals", type=int, default=500, help="deals of each measuring match")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a few steps only (CI)")
    args = parser.parse_args(argv)
    if args.quick:
        args.envs, args.steps, args.deals = 64, 64, 10
    game = games.get(args.game)
    assert game.tensors is not None, f"{game.name} has no tensors"
    tensors = game.tensors()
    policy = LinearPolicy(
        game.num_actions(args.players), tensors.observation_size(args.players), seed=args.seed
    )
    before = measure(args.game, policy, args.players, args.deals, seed=args.seed)
    started = time.perf_counter()
    played = train(args.game, args.players, policy, args.envs, args.steps, args.seed)
    seconds = time.perf_counter() - started
    print(
        f"{game.title()}, {args.players} players: {played:,} deals of self-play "
        f"({args.envs} games x {args.steps} steps) in {seconds:.0f} s"
    )
    after = measure(args.game, policy, args.players, args.deals, seed=args.seed + 1)
    print(report(args.game, args.players, before, after))


if __name__ == "__main__":
    main()
