"""Train a policy by self-play through OpenSpiel's RL environment, then measure it against the game's bots.

    python examples/train_openspiel.py                       # fan-tan, 4 players: a few minutes
    python examples/train_openspiel.py --game sevens --players 3
    python examples/train_openspiel.py --quick               # a smoke run (no learning to speak of)

``import sevens_ru.envs.openspiel`` registers ``python_<name>_ru`` for every game, and
OpenSpiel's own ``rl_environment.Environment`` plays it: it deals (the chance nodes,
the dealer first in the layout family's presets), and at each step gives the player
to move its observation tensor and legal actions in a ``TimeStep``; the rewards come
at the last step. Every seat is the same policy (``examples/linear_policy.py``: a
masked linear softmax, REINFORCE with numpy). Then the greedy policy plays duplicate
matches of the library against the game's random and heuristic bots, before and after
training.
"""

from __future__ import annotations

import argparse
from typing import Any

from linear_policy import LinearPolicy, arguments, run
from open_spiel.python import rl_environment

import sevens_ru.envs.openspiel
from sevens_ru import games


def train(name: str, players: int, policy: LinearPolicy, deals: int, seed: int) -> tuple[int, int]:
    """Self-play ``deals`` deals; learn after every 8 of them. Returns the decisions and the game length."""
    environment = rl_environment.Environment(
        sevens_ru.envs.openspiel.short_name(games.get(name)),
        players=players,
        observation_type=rl_environment.ObservationType.OBSERVATION,
        chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed),
    )
    batch: list[tuple[Any, ...]] = []  # observation, legal actions, action, return
    made = 0
    for deal in range(deals):
        step = environment.reset()
        mine: list[list[tuple[Any, Any, int]]] = [[] for _ in range(players)]
        while not step.last():
            seat = step.observations["current_player"]
            observation = step.observations["info_state"][seat]
            legal = step.observations["legal_actions"][seat]
            action = policy.act(observation, legal)
            mine[seat].append((observation, legal, action))
            step = environment.step([action])
        for seat, decisions in enumerate(mine):
            batch += [(*decision, step.rewards[seat]) for decision in decisions]
            made += len(decisions)
        if deal % 8 == 7 or deal == deals - 1:
            policy.learn_from(batch)
            batch = []
    return made, environment.game.max_game_length()


def main(argv: list[str] | None = None) -> None:
    parser = arguments(__doc__, "sevens", 3, deals=(4000, 10, "deals of self-play"))

    def trained(game: Any, policy: LinearPolicy, args: argparse.Namespace) -> str:
        made, longest = train(game.name, args.players, policy, args.deals, args.seed)
        return (
            f"{args.deals:,} deals of self-play through OpenSpiel, {made:,} decisions "
            f"(at most {longest} a deal)"
        )

    run(parser.parse_args(argv), trained)


if __name__ == "__main__":
    main()
