"""The layout family's presets beside the Russian game, per move: ``benchmarks/run.py``'s preset table.

For each preset (``sevens-52``, ``fan-tan``, ``shichinarabe``, ``domino``,
``cinquillo``), the three workloads of the Russian game that the speed target names,
each on the preset's own public :class:`~sevens_ru.games.Game` and playout:

- ``api:NAME``: ``new_game(seed=...)``, ``legal_moves`` and ``apply`` with a uniformly
  random move to the end, ``ranking``;
- ``playout:NAME``: ``new_game(seed=...)`` then
  :func:`sevens_ru.games.family.playout.playout`;
- ``rollout:NAME``: the playout alone, from dealt games made before the clock starts.

They run in the same interleaved rounds as the Russian game's ``api``, ``playout`` and
``rollout``, so that a noisy machine slows all alike. A game of a preset is longer than a
Russian one (52 cards, passes that are moves), so the figures are per *move* (a call of
``apply``, automatic passes not counted), from the mean moves per random game of each,
and each round's ratio to the Russian game's per-move figure of the same round gives
the median ratio printed. The issue's target is a ratio of at most 1.5 for every preset
and workload, with the compiled core.

    python benchmarks/run.py                      # the family table after the others
    python benchmarks/run.py --game fan-tan       # one preset (or several: repeat it)
    python benchmarks/run.py --no-family          # the Russian game's figures only
    python benchmarks/run.py --game russian       # the family's engine as Russian Sevens

``--game russian`` measures the family's engine playing Russian Sevens
(:data:`sevens_ru.games.family.russian.RUSSIAN`, not registered) beside the library's own
engine for it, the registered ``sevens``: what making ``sevens`` a preset of the family's
engine would cost.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from typing import Any

import harness

from sevens_ru import games
from sevens_ru.games.family.playout import playout as family_playout
from sevens_ru.games.family.russian import RUSSIAN as RUSSIAN_ON_FAMILY
from sevens_ru.games.sevens.playout import playout as russian_playout

PRESETS = ("sevens-52", "fan-tan", "shichinarabe", "domino", "cinquillo")
"""The presets of the table, in the order the registry lists them."""
CHOICES = (*PRESETS, "russian")
"""What ``--game`` takes: a preset, or ``russian``, the family's engine as Russian Sevens."""
KINDS = ("api", "playout", "rollout")
"""The workloads of each preset, each the Russian game's workload of the same name."""
TARGET = 1.5
"""The most a preset's time per move may be, as a multiple of the Russian game's (issue 19)."""
RUSSIAN = "sevens"


def game_of(name: str) -> games.Game[Any, Any, Any]:
    """The game ``name`` of the registry, or for ``"russian"`` the family's Russian Sevens."""
    return RUSSIAN_ON_FAMILY if name == "russian" else games.get(name)


def playout_of(name: str) -> Callable[..., object]:
    """The random playout of the game ``name``: the Russian game's own, or the family's."""
    return russian_playout if name == RUSSIAN else family_playout


def api_workload(name: str, players: int, rng: random.Random) -> harness.Workload:
    """Whole random games of ``name`` through its public functions."""
    game = game_of(name)

    def run(count: int) -> int:
        new_game, legal_moves, apply, ranking = (
            game.new_game,
            game.legal_moves,
            game.apply,
            game.ranking,
        )
        draw, seed_bits = rng.random, rng.getrandbits
        for _ in range(count):
            state = new_game(players, seed=seed_bits(64))
            while moves := legal_moves(state):
                total = len(moves)
                state = apply(state, moves[int(draw() * total)] if total > 1 else moves[0])
            ranking(state)
        return count

    return run


def playout_workload(name: str, players: int, rng: random.Random) -> harness.Workload:
    """A seeded deal of ``name``, then its random playout to the ranking."""
    new_game, playout = game_of(name).new_game, playout_of(name)

    def run(count: int) -> int:
        seed_bits = rng.getrandbits
        for _ in range(count):
            playout(new_game(players, seed=seed_bits(64)), rng)
        return count

    return run


def rollout_workload(name: str, players: int, rng: random.Random) -> harness.Workload:
    """The random playout of ``name`` alone, from 1,000 dealt games taken in turn."""
    new_game, playout = game_of(name).new_game, playout_of(name)
    states = [new_game(players, seed=rng.getrandbits(64)) for _ in range(1000)]

    def run(count: int) -> int:
        for number in range(count):
            playout(states[number % len(states)], rng)
        return count

    return run


MAKERS = {"api": api_workload, "playout": playout_workload, "rollout": rollout_workload}


def workloads(names: Sequence[str], players: int, seed: int) -> dict[str, harness.Workload]:
    """Each preset's workloads, named ``KIND:NAME``."""
    rng = random.Random(seed)
    return {f"{kind}:{name}": MAKERS[kind](name, players, rng) for name in names for kind in KINDS}


def moves_per_game(name: str, players: int, count: int, seed: int) -> float:
    """The mean number of moves (calls of ``apply``) of a random game of ``name``."""
    game = game_of(name)
    rng = random.Random(seed)
    moves = 0
    for _ in range(count):
        state = game.new_game(players, seed=rng.getrandbits(64))
        while legal := game.legal_moves(state):
            state = game.apply(state, legal[int(rng.random() * len(legal))])
            moves += 1
    return moves / count


def report(
    figures: dict[str, harness.Figure],
    names: Sequence[str],
    players: int,
    seed: int,
    quick: bool,
) -> list[str]:
    """One FAMILY line per preset and workload, then a table of µs per move and ratios.

    ``figures`` holds the Russian game's ``api``, ``playout`` and ``rollout`` and each
    preset's ``KIND:NAME`` of the same run.
    """
    count = 100 if quick else 1000
    moves = {name: moves_per_game(name, players, count, seed) for name in (RUSSIAN, *names)}

    def per_move(name: str, kind: str) -> list[float]:  # µs per move, round by round
        figure = figures[kind if name == RUSSIAN else f"{kind}:{name}"]
        return [1e6 / rate / moves[name] for rate in figure.rates()]

    lines = []
    rows = [
        f"{'game':<13} {'moves/game':>10}"
        + "".join(f" {kind + ' µs/move':>17} {'×' + RUSSIAN:>8}" for kind in KINDS)
    ]
    for name in (RUSSIAN, *names):
        row = f"{name:<13} {moves[name]:>10.1f}"
        for kind in KINDS:
            mine, theirs = per_move(name, kind), per_move(RUSSIAN, kind)
            ratios = [ours / russian for ours, russian in zip(mine, theirs, strict=True)]
            ratio = statistics.median(ratios)
            row += f" {statistics.median(mine):>17.3f} {ratio:>8.2f}"
            if name == RUSSIAN:
                continue
            line = (
                f"FAMILY game={name} workload={kind} players={players} "
                f"moves_per_game={moves[name]:.1f} us_per_move={statistics.median(mine):.3f} "
                f"{RUSSIAN}_us_per_move={statistics.median(theirs):.3f} "
                f"ratio={ratio:.2f} (min {min(ratios):.2f}, max {max(ratios):.2f})"
            )
            if not quick:
                line += f" target<={TARGET:g}x {'met' if ratio <= TARGET else 'NOT met'}"
            lines.append(line)
        rows.append(row)
    return [*lines, "", *rows]
