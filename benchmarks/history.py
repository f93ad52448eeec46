"""The cost of a long history: ``history``, ``view``, ``hash`` and ``==`` at 10³–10⁵ Durak moves.

A game of three players who always take (D9) goes on until the repetition limit (D13),
so with a high ``take_limit`` it reaches any length: :func:`taking_game` plays one, the
attacker leading his lowest single card and the defender taking. For each length ``n``
the script plays ``n`` moves and times, at the last state:

- ``cold``: the first ``history``, ``view(state, seat)``, ``hash`` and ``==`` (against
  the same game replayed separately), nothing asked before;
- ``per ply``: the same asked again after each of the next moves, the way a learner or
  a server reads a game as it goes; the mean time per move, which is what a whole
  game costs per move. O(1) amortised per move means these stay flat as ``n`` grows
  (``history`` and ``view`` return a fresh tuple of every event, so they also copy
  ``n`` references, at C speed).

    python benchmarks/history.py                  # 10^3, 10^4, 10^5 moves
    python benchmarks/history.py --moves 1000 --plies 5
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from functools import partial

from sevens_ru import durak
from sevens_ru.durak import Lead, Move

LONG = durak.Options(take_limit=10**7)  # never reached here: the game goes on


def taking_move(state: durak.GameState) -> Move:
    """The defender takes; the attacker leads his lowest single card."""
    moves = durak.legal_moves(state)
    if not isinstance(moves[0], Lead):
        return moves[-1]  # the take, last of the defences
    return min((move for move in moves if isinstance(move, Lead)), key=lambda m: m.cards)


def taking_game(moves: int, options: durak.Options = LONG) -> list[durak.GameState]:
    """Every state of a three-player game of ``moves`` moves in which every bout is taken."""
    state = durak.new_game(3, dealer=0, seed=1, options=options)
    states = [state]
    for _ in range(moves):
        state = durak.apply(state, taking_move(state))
        states.append(state)
    assert not durak.is_over(state) or moves >= options.take_limit, "the loop ended early"
    return states


def replay(states: list[durak.GameState]) -> list[durak.GameState]:
    """The same game played again from a new deal object: equal states, no shared links."""
    state = durak.new_game(3, dealer=0, seed=1, options=states[0].options)
    again = [state]
    for after in states[1:]:
        state = durak.apply(state, _last_move(after))
        again.append(state)
    return again


def _last_move(state: durak.GameState) -> Move:
    return state._move  # type: ignore[return-value]  # a move made it


def timed(function: Callable[[], object]) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def measure(moves: int, plies: int) -> dict[str, float]:
    """Seconds for each figure at a game of ``moves`` moves (per ply: mean over ``plies``)."""
    states = taking_game(moves + plies)
    twins = replay(states)
    tip, twin = states[moves], twins[moves]
    figures = {
        "history cold": timed(lambda: tip.history),
        "view cold": timed(lambda: durak.view(tip, 0)),
        "hash cold": timed(lambda: hash(tip)),
        "== cold": timed(lambda: tip == twin),
    }
    assert tip == twin
    assert hash(tip) == hash(twin)
    after = range(moves + 1, moves + plies + 1)
    per_ply: dict[str, Callable[[int], object]] = {
        "history per ply": lambda k: states[k].history,
        "view per ply": lambda k: durak.view(states[k], 0),
        "hash per ply": lambda k: hash(states[k]),
        "== per ply": lambda k: states[k] == twins[k],
    }
    for name, figure in per_ply.items():
        figures[name] = sum(timed(partial(figure, k)) for k in after) / plies
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--moves", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--plies", type=int, default=20, help="moves timed per ply")
    args = parser.parse_args(argv)
    rows = {moves: measure(moves, args.plies) for moves in args.moves}
    names = list(next(iter(rows.values())))
    print("figure".ljust(16) + "".join(f"{moves:>14,} moves" for moves in rows))
    for name in names:
        cells = "".join(f"{_shown(rows[moves][name]):>20}" for moves in rows)
        print(name.ljust(16) + cells)
    return 0


def _shown(seconds: float) -> str:
    if seconds >= 0.1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-4:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} µs"


if __name__ == "__main__":
    sys.exit(main())
