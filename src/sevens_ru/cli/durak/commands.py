"""``sevens-ru demo``, ``play``, ``simulate`` and ``replay`` for old Durak (``--game durak``).

The second game of the library, old Durak (:mod:`sevens_ru.durak`), through the same
command as the first: :data:`GAME` is this game's entry in the command's table of
games (:data:`sevens_ru.cli.GAMES`), and ``replay`` comes here for a record with
``"game": "durak"``. The bots are those of :mod:`sevens_ru.durak.bots`; the games are
played by :mod:`sevens_ru.durak.play`, the matches of ``simulate`` by
:mod:`sevens_ru.durak.tournament`.

>>> from sevens_ru.cli import main
>>> main(["demo", "--game", "durak", "--players", "2", "--seed", "3", "--plain"])  # doctest: +ELLIPSIS
--- The deal ---
Trump card ..., dealt by Seat 0 (heuristic); 18 cards out of play
...
Seat 1 (random) attacks Seat 0 (heuristic)
...
>>> main(["demo", "--game", "durak", "--bots", "minimax"])  # no Durak bot of that name
2
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ...common.cards import Language
from ...common.shuffle import fresh_seed
from ...games.durak.bots import Bot, make_bot
from ...games.durak.game import apply, is_over, new_game
from ...games.durak.options import Options
from ...games.durak.play import play_game
from ...games.durak.record import from_json, to_json
from ...games.durak.state import GameState
from ...games.durak.tournament import play_match
from .._arguments import argument
from .._commands import Game
from .._shared import browse, follow, named, save_record
from ..output import Output
from ..texts import Narrator
from .play import play
from .render import event_lines, ranking_table, show_deal, turn_line

__all__ = ["GAME", "demo", "replay", "save", "settings"]


def demo(
    out: Output,
    bots: Sequence[Bot],
    tell: Narrator,
    *,
    seed: int | None,
    delay: float,
    options: Options | None = None,
    dealer: int = 0,
    sleep: Callable[[float], None] = time.sleep,
) -> GameState:
    """Bots play one game of Durak, told by ``tell``, move by move with the table of each bout.

    ``bots[seat]`` plays ``seat``, through :func:`sevens_ru.durak.play.play_game`, named
    as ``tell`` names them (by default, by :func:`~sevens_ru.bots.bot_name`).
    """
    tell = named(tell, bots)
    states = play_game(bots, seed=seed, dealer=dealer, options=options)
    first = next(states)
    show_deal(out, first, tell)
    out.rule()
    assert first.attacker is not None  # a new game
    assert first.defender is not None
    out.line(f"[dim]{turn_line(first.attacker, first.defender, tell)}[/]")
    final = follow(
        out,
        first,
        states,
        lambda before, after: event_lines(before, after, tell, table=True),
        delay=delay,
        sleep=sleep,
    )
    out.rule()
    ranking_table(out, final, tell)
    return final


def replay(out: Output, text: str, *, lang: Language, step: bool) -> GameState:
    """Show a saved Durak game (the JSON ``text`` of a :func:`~sevens_ru.durak.to_json` record) move by move.

    With ``step``, wait after each move for Enter (next), ``b`` (back) or ``q`` (quit).
    """
    state = from_json(text)
    states = [
        new_game(
            state.players,
            dealer=state.dealer,
            hands=state.deal,
            trump=state.trump,
            options=state.options,
        )
    ]
    for move in state.moves:
        states.append(apply(states[-1], move))
    tell = Narrator(lang)
    show_deal(out, states[0], tell)

    def show(number: int) -> None:
        shown = states[number]
        if number:
            for line in event_lines(states[number - 1], shown, tell, table=True):
                out.line(line)
        elif shown.attacker is not None and shown.defender is not None:
            out.line(f"[dim]{turn_line(shown.attacker, shown.defender, tell)}[/]")

    last = browse(out, lang, len(states) - 1, show, step=step)
    if last < len(states) - 1:
        return states[last]
    if is_over(state):
        ranking_table(out, state, tell)
    return state


def save(out: Output, state: GameState, path: Path, lang: Language) -> None:
    """Write the Durak game record of ``state`` to ``path`` (see :func:`~sevens_ru.durak.to_json`)."""
    save_record(out, to_json(state, indent=1), path, lang)


# The game in the command


def settings(args: argparse.Namespace, players: int, option: str) -> dict[str, Any]:
    """Check the player count (D2), the short pack (D1) and the dealer (D5); the options, dealer and seed of a game.

    Without ``--seed``, a fresh seed: the game can be saved and replayed all the same.

    A bad argument raises argparse's ``ArgumentError``, naming ``option`` if it is the
    player count.
    """
    options = Options(short_deck=args.short_deck)
    with argument(option):
        new_game(players, dealer=0, seed=0)
    with argument("--short-deck"):
        new_game(players, dealer=0, seed=0, options=options)
    if args.command == "simulate":
        return {"options": options}
    dealer: int = 0 if args.dealer is None else args.dealer
    seed = fresh_seed() if args.seed is None else args.seed
    with argument("--dealer"):
        new_game(players, dealer=dealer, seed=seed, options=options)
    return {"options": options, "dealer": dealer, "seed": seed}


GAME = Game(
    make_bot=make_bot,
    settings=settings,
    demo=demo,
    play=play,
    replay=replay,
    save=save,
    load=from_json,
    match=play_match,
    title=lambda result: (
        f"Durak: {result.players} players" + (", 32 cards" if result.options.short_deck else "")
    ),
    columns={
        "fool rate": lambda bot: bot.fool_rate,
        "draws": lambda bot: bot.draw_rate,
        "mean place": lambda bot: bot.mean_place,
        "payoff": lambda bot: bot.mean_payoff,
    },
    note=lambda result: (
        f"fair fool rate {1 / result.players:.3f} less the draws; payoff at a stake of 1"
    ),
    players=3,
    bots={
        "demo": ("heuristic", "random"),
        "play": ("heuristic",),
        "simulate": ("heuristic", "random", "random"),
    },
)
"""Old Durak in the command: its entry in :data:`sevens_ru.cli.GAMES`."""
