"""A masked linear softmax policy trained by policy gradient, with numpy alone: the train_*.py examples' learner.

The policy scores each action ``a`` of an observation ``x`` as ``W[a] · x + b[a]``
and plays the legal actions with the probabilities of a softmax over their scores
(the illegal ones never). :meth:`LinearPolicy.learn` is REINFORCE: each decision's
log-probability is pushed up or down by its return, less the mean return of its batch
(the baseline), by Adam's steps; only the rows of the legal actions take part, so a
game of a thousand actions (Durak) learns as fast as one of 36. :class:`PolicyBot`
plays the greedy policy as a bot of the library (``choose(view, rng)``), so that the
library's match runner measures it against the game's own bots (:func:`measure`).

It is deliberately small: the examples show the wiring of each framework, from the
environment's observation and action mask to a measured win rate; bring your own
network (PyTorch, JAX) for more.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from sevens_ru import games
from sevens_ru.common._intervals import Estimate
from sevens_ru.tournament import match

Array = npt.NDArray[np.float64]
Actions = npt.NDArray[np.int64]


class LinearPolicy:
    """Scores ``W[a] · x + b[a]`` over the legal actions, a softmax of them, learned by REINFORCE."""

    def __init__(self, actions: int, features: int, *, rate: float = 0.01, seed: int = 0) -> None:
        self.weights: Array = np.zeros((actions, features + 1))  # the last column: the bias
        self.rate = rate
        self.rng = np.random.default_rng(seed)
        self._moments: Array = np.zeros_like(self.weights)  # Adam's first and second moments
        self._squares: Array = np.zeros_like(self.weights)
        self._steps = 0

    # One observation at a time (PettingZoo, OpenSpiel): only the legal rows are scored.

    def _chances(self, observation: Any, legal: Actions) -> Array:
        rows = self.weights[legal]
        scores = rows[:, :-1] @ np.asarray(observation, dtype=np.float64) + rows[:, -1]
        weights: Array = np.exp(scores - scores.max())
        weights /= weights.sum()
        return weights

    def act(self, observation: Any, legal: Sequence[int] | Actions) -> int:
        """A legal action drawn from the policy's probabilities."""
        actions = np.asarray(legal, dtype=np.int64)
        return int(self.rng.choice(actions, p=self._chances(observation, actions)))

    def best(self, observation: Any, legal: Sequence[int] | Actions) -> int:
        """The legal action of highest score."""
        actions = np.asarray(legal, dtype=np.int64)
        return int(actions[np.argmax(self._chances(observation, actions))])

    # Many games at once (a vector environment): every action scored, the illegal masked.

    def sample(self, observations: Any, masks: Any) -> Actions:
        """An action per row of ``observations``, drawn among those its row of ``masks`` allows."""
        x = np.asarray(observations, dtype=np.float64)
        scores = x @ self.weights[:, :-1].T + self.weights[:, -1]
        scores = np.where(np.asarray(masks, dtype=bool), scores, -np.inf)
        scores -= scores.max(axis=1, keepdims=True)
        chances = np.exp(scores)
        chances /= chances.sum(axis=1, keepdims=True)
        draws = self.rng.random((len(x), 1))
        actions: Actions = (chances.cumsum(axis=1) < draws).sum(axis=1)
        np.minimum(actions, chances.shape[1] - 1, out=actions)
        return actions

    def learn(
        self,
        observations: Any,
        legal: Sequence[Actions],
        actions: Any,
        returns: Any,
        *,
        baseline: bool = True,
    ) -> float:
        """One step of REINFORCE over a batch of decisions and their returns; the batch's mean return.

        ``legal[i]`` are decision ``i``'s legal actions. The gradient of ``log π(a | x)``
        is ``(onehot(a) − π) ⊗ x`` on the legal rows: each decision's is weighted by its
        return less the batch's mean (without ``baseline``, by its return alone: with
        returns of 1, a step of imitation, the cross-entropy's gradient), and Adam takes
        the step.
        """
        x = np.hstack((np.asarray(observations, dtype=np.float64), np.ones((len(legal), 1))))
        value = np.asarray(returns, dtype=np.float64)
        mean = float(value.mean())
        baseline_value = mean if baseline else 0.0
        lengths = np.array([len(row) for row in legal])
        starts = np.concatenate(([0], lengths.cumsum()[:-1]))
        rows = np.concatenate(legal).astype(np.int64)
        decision = np.repeat(np.arange(len(legal)), lengths)
        scores = np.einsum("pf,pf->p", self.weights[rows], x[decision])
        scores -= np.maximum.reduceat(scores, starts)[decision]
        chances = np.exp(scores)
        chances /= np.add.reduceat(chances, starts)[decision]
        chosen = rows == np.asarray(actions, dtype=np.int64)[decision]
        share = (value - baseline_value)[decision] * (chosen - chances)  # ascent on the returns
        order = np.argsort(rows, kind="stable")
        touched, first = np.unique(rows[order], return_index=True)
        gradient = np.zeros_like(self.weights)
        terms = share[order, None] * x[decision[order]]
        gradient[touched] = np.add.reduceat(terms, first) / len(legal)
        self._steps += 1
        self._moments = 0.9 * self._moments + 0.1 * gradient
        self._squares = 0.999 * self._squares + 0.001 * gradient**2
        moment = self._moments / (1 - 0.9**self._steps)
        square = self._squares / (1 - 0.999**self._steps)
        self.weights += self.rate * moment / (np.sqrt(square) + 1e-8)
        return mean

    def learn_from(
        self, decisions: Sequence[tuple[Any, Any, int, float]], *, baseline: bool = True
    ) -> float:
        """:meth:`learn` from a list of decisions ``(observation, legal actions, action, return)``."""
        x, legal, actions, returns = zip(*decisions, strict=True)
        return self.learn(
            np.array(x), list(legal), np.array(actions), np.array(returns), baseline=baseline
        )


def legal_of(masks: Any) -> list[Actions]:
    """Each row's legal actions, from a 2-D action mask."""
    rows, actions = np.nonzero(np.asarray(masks))
    return np.split(actions.astype(np.int64), np.flatnonzero(np.diff(rows)) + 1)


class PolicyBot:
    """The greedy policy as a bot of ``game``: it reads a view's observation tensor and its legal actions."""

    def __init__(self, game: Any, policy: LinearPolicy) -> None:
        self.game = game
        self.policy = policy
        self._observation = game.tensors().observation

    def choose(self, view: Any, rng: random.Random) -> Any:
        action = self.policy.best(self._observation(view), view.legal_actions())
        return self.game.move_of(action)


WIN_FIGURE = {"durak": "fool_rate"}
"""A game's figure of its matches that stands for winning where it is not ``win_rate``:
Durak's matches measure the fool, so a lower rate is better there."""


def measure(
    name: str, policy: LinearPolicy, players: int, deals: int, seed: int
) -> dict[str, Estimate]:
    """The greedy policy's win (or fool) rate, with its 95 % interval, against the game's random and heuristic bots.

    A duplicate match of the library (:func:`sevens_ru.tournament.match`): each deal
    played in every rotation of the seats, the policy in one seat, the bots in the others.
    """
    game = games.get(name)
    found = {}
    for kind in ("random", "heuristic"):
        lineup = [PolicyBot(game, policy), *(game.bots.make(kind) for _ in range(players - 1))]
        result = match(game, lineup, deals, seed=seed, players=players)
        found[kind] = result.bots[0].figures[WIN_FIGURE.get(name, "win_rate")]
    return found


def report(name: str, players: int, before: dict[str, Estimate], after: dict[str, Estimate]) -> str:
    """The rates before and after training, a line per opponent."""
    figure = WIN_FIGURE.get(name, "win_rate").replace("_", " ")
    lines = []
    for kind in ("random", "heuristic"):
        lines.append(
            f"{figure} against {players - 1} {kind} bots: untrained {before[kind]}, "
            f"trained {after[kind]} (an even share: {1 / players:.3f})"
        )
    return "\n".join(lines)


def arguments(
    description: str | None, game: str, players: int, **budgets: tuple[int, int, str]
) -> argparse.ArgumentParser:
    """The examples' command line: the game, its players, the measuring matches, ``--quick``,
    and each budget ``name=(default, quick value, help)``."""
    parser = argparse.ArgumentParser(description=(description or "").splitlines()[0])
    parser.add_argument("--game", default=game, help="a registered game with tensors")
    parser.add_argument("--players", type=int, default=players)
    for name, (default, _, text) in budgets.items():
        parser.add_argument(f"--{name}", type=int, default=default, help=text)
    parser.add_argument("--match", type=int, default=300, help="deals of each measuring match")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a tiny budget: a smoke run (CI)")
    parser.set_defaults(quick_values={name: quick for name, (_, quick, _) in budgets.items()})
    return parser


def run(
    args: argparse.Namespace, train: Callable[[Any, LinearPolicy, argparse.Namespace], str]
) -> None:
    """Measure the untrained policy, ``train`` it (it says what it did), measure it again, print both."""
    if args.quick:
        for name, value in args.quick_values.items():
            setattr(args, name, value)
        args.match = 6
    game = games.get(args.game)
    assert game.tensors is not None, f"{game.name} has no tensors"
    policy = LinearPolicy(
        game.num_actions(args.players),
        game.tensors().observation_size(args.players),
        seed=args.seed,
    )
    before = measure(args.game, policy, args.players, args.match, seed=args.seed)
    started = time.perf_counter()
    done = train(game, policy, args)
    print(
        f"{game.title()}, {args.players} players: {done}, in {time.perf_counter() - started:.0f} s"
    )
    after = measure(args.game, policy, args.players, args.match, seed=args.seed + 1)
    print(report(args.game, args.players, before, after))
