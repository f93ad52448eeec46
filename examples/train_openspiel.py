"""Train a policy through OpenSpiel's RL environment from a teacher's moves, then measure it against the game's bots.

    python examples/train_openspiel.py                       # fan-tan, 4 players: a few minutes
    python examples/train_openspiel.py --game durak --players 3
    python examples/train_openspiel.py --quick               # a smoke run (no learning to speak of)

``import sevens_ru.envs.openspiel`` registers ``python_<name>_ru`` for every game, and
OpenSpiel's own ``rl_environment.Environment`` plays it: it deals (the chance nodes,
the dealer first in the layout family's presets), and at each step gives the player
to move its observation tensor and legal actions in a ``TimeStep``. Every seat plays
the policy being trained (``examples/linear_policy.py``: a masked linear softmax, with
numpy), and each decision learns the move the game's heuristic bot would make there
(imitation, as the first stage of AlphaGo or of expert iteration; the bot reads the
library's view of the OpenSpiel state's ``game_state``). Then the greedy policy plays
duplicate matches of the library against the game's random and heuristic bots, before
and after training.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from linear_policy import LinearPolicy, arguments, run
from open_spiel.python import rl_environment

import sevens_ru.envs.openspiel
from sevens_ru import games


def train(name: str, players: int, policy: LinearPolicy, deals: int, seed: int) -> tuple[int, int]:
    """``deals`` deals played by the policy, learning the heuristic bot's moves after every 8. Returns the decisions and the game length."""
    game = games.get(name)
    teacher = game.bots.make("heuristic")
    rng = random.Random(seed)
    environment = rl_environment.Environment(
        sevens_ru.envs.openspiel.short_name(game),
        players=players,
        observation_type=rl_environment.ObservationType.OBSERVATION,
        chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed),
    )
    batch: list[tuple[Any, ...]] = []  # observation, legal actions, the teacher's action, 1
    made = 0
    for deal in range(deals):
        step = environment.reset()
        while not step.last():
            seat = step.observations["current_player"]
            observation = step.observations["info_state"][seat]
            legal = step.observations["legal_actions"][seat]
            seen = game.view(environment.get_state.game_state, seat)  # the library's state
            batch.append((observation, legal, game.action_of(teacher.choose(seen, rng)), 1.0))
            step = environment.step([policy.act(observation, legal)])
            made += 1
        if deal % 8 == 7 or deal == deals - 1:
            policy.learn_from(batch, baseline=False)
            batch = []
    return made, environment.game.max_game_length()


def main(argv: list[str] | None = None) -> None:
    parser = arguments(__doc__, "fan-tan", 4, deals=(1500, 10, "deals of imitation"))

    def trained(game: Any, policy: LinearPolicy, args: argparse.Namespace) -> str:
        made, longest = train(game.name, args.players, policy, args.deals, args.seed)
        return (
            f"{args.deals:,} deals through OpenSpiel, {made:,} decisions learned from the "
            f"heuristic bot (at most {longest} a deal)"
        )

    run(parser.parse_args(argv), trained)


if __name__ == "__main__":
    main()
