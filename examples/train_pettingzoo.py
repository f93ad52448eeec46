"""Train a policy by self-play in a PettingZoo AEC environment, then measure it against the game's bots.

    python examples/train_pettingzoo.py                    # Durak, 3 players: a few minutes
    python examples/train_pettingzoo.py --game sevens --players 4
    python examples/train_pettingzoo.py --quick            # a smoke run (no learning to speak of)

Every seat of ``sevens_ru.envs.pettingzoo.env(game)`` is an agent, and all of them are
the same policy (``examples/linear_policy.py``: a masked linear softmax, REINFORCE with
numpy), in PettingZoo's own loop: ``agent_iter()``, ``last()`` for the agent's
observation and action mask, ``step(action)``. The rewards come at the end (the
game's returns); each agent's decisions of a deal learn from its reward. Then the
greedy policy plays duplicate matches against the game's random and heuristic bots
(Durak's figure is the fool rate: lower is better), before and after training.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
from linear_policy import LinearPolicy, arguments, run

from sevens_ru.envs.pettingzoo import env


def train(name: str, players: int, policy: LinearPolicy, deals: int, seed: int) -> int:
    """Self-play ``deals`` deals; learn after every 8 of them. Returns the decisions made."""
    table = env(name, players=players)
    table.reset(seed=seed)
    batch: list[tuple[Any, ...]] = []  # observation, legal actions, action, return
    made = 0
    for deal in range(deals):
        table.reset()
        mine: dict[str, list[tuple[Any, Any, int]]] = {agent: [] for agent in table.agents}
        rewards = dict.fromkeys(table.agents, 0.0)
        for agent in table.agent_iter():
            observation, reward, termination, truncation, _ = table.last()
            rewards[agent] += reward
            if termination or truncation:
                table.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            action = policy.act(observation["observation"], legal)
            mine[agent].append((observation["observation"], legal, action))
            table.step(action)
        for agent, decisions in mine.items():
            batch += [(*decision, rewards[agent]) for decision in decisions]
            made += len(decisions)
        if deal % 8 == 7 or deal == deals - 1:
            policy.learn_from(batch)
            batch = []
    return made


def main(argv: list[str] | None = None) -> None:
    parser = arguments(__doc__, "durak", 3, deals=(6000, 20, "deals of self-play"))

    def trained(game: Any, policy: LinearPolicy, args: argparse.Namespace) -> str:
        made = train(game.name, args.players, policy, args.deals, args.seed)
        return f"{args.deals:,} deals of self-play, {made:,} decisions"

    run(parser.parse_args(argv), trained)


if __name__ == "__main__":
    main()
