"""``sevens-ru demo``, ``play``, ``simulate`` and ``replay`` for old Durak (``--game durak``).

The second game of the library, old Durak (:mod:`sevens_ru.durak`), through the same
command as the first: :data:`~sevens_ru.cli.durak.commands.GAME` is this game's entry in the command's table of
games (:data:`sevens_ru.cli.GAMES`), and ``replay`` comes here for a record with
``"game": "durak"``. What is this game's own here: the options ``--dealer`` and
``--short-deck`` (:func:`~sevens_ru.cli.durak.commands.settings`), the :data:`~sevens_ru.cli.durak.commands.DRAWING` of the bouts, the person at the
terminal (:mod:`sevens_ru.cli.durak.play`) and the title and note of the match results
of ``simulate`` (:func:`sevens_ru.durak.tournament.play_match`); the bots are those of
:mod:`sevens_ru.durak.bots`.

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
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ....cli._arguments import argument
from ....cli._commands import Game
from ....cli._shared import Drawing, replay_game, watch
from ....cli.output import Output
from ....cli.texts import Narrator
from ....common.cards import Language
from ....common.shuffle import fresh_seed
from ..bots import Bot
from ..definition import GAME as DURAK
from ..game import new_game
from ..options import Options
from ..state import GameState
from .play import HumanPlayer, play
from .render import event_lines, ranking_table, show_deal, turn_line

__all__ = ["DRAWING", "GAME", "demo", "replay", "save", "settings"]


def _turn(out: Output, state: GameState, tell: Narrator, first: bool = True) -> None:
    """Who attacks whom, at the deal."""
    if first and state.attacker is not None and state.defender is not None:
        out.line(f"[dim]{turn_line(state.attacker, state.defender, tell)}[/]")


DRAWING: Drawing[GameState] = Drawing(
    deal=show_deal,
    moved=lambda before, after, tell, demo: event_lines(before, after, tell, table=True),
    end=lambda out, state, tell, demo: ranking_table(out, state, tell),
    start=_turn,
    position=_turn,
)
"""How the command shows a game of Durak: who attacks whom, each move with the table of
its bout, who goes out, and the ranking."""


def demo(
    out: Output, bots: Sequence[Bot], tell: Narrator, *, delay: float, dealer: int = 0, **setup: Any
) -> GameState:
    """Bots play one game of Durak, told by ``tell``, move by move with the table of each bout.

    ``bots[seat]`` plays ``seat``, as :func:`sevens_ru.durak.play.play_game` plays them,
    named as ``tell`` names them (by default, by :func:`~sevens_ru.bots.bot_name`);
    ``setup`` holds ``seed`` (``None``: a fresh one), ``options`` and ``sleep`` (what
    waits ``delay`` seconds after each move).
    """
    return watch(out, DURAK, DRAWING, bots, tell, delay=delay, dealer=dealer, **setup)


def replay(out: Output, text: str, *, lang: Language, step: bool) -> GameState:
    """Show a saved Durak game (the JSON ``text`` of a :func:`~sevens_ru.durak.to_json` record) move by move.

    With ``step``, wait after each move for Enter (next), ``b`` (back) or ``q`` (quit).
    """
    return replay_game(out, DURAK, DRAWING, text, lang=lang, step=step)


def save(out: Output, state: GameState, path: Path, lang: Language) -> None:
    """Write the Durak game record of ``state`` to ``path`` (see :func:`~sevens_ru.durak.to_json`)."""
    GAME.save(out, state, path, lang)


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


def _title(result: Any) -> str:
    return f"Durak: {result.players} players" + (", 32 cards" if result.options.short_deck else "")


def _note(result: Any) -> str:
    return f"fair fool rate {1 / result.players:.3f} less the draws; payoff at a stake of 1"


GAME = Game(
    DURAK,
    settings,
    DRAWING,
    play=play,
    person=lambda out, tell: HumanPlayer(out, tell.lang, tell.names),
    title=_title,
    note=_note,
    lineups={
        "demo": ("heuristic", "random"),
        "play": ("heuristic",),
        "simulate": ("heuristic", "random", "random"),
    },
)
"""Old Durak in the command: its entry in :data:`sevens_ru.cli.GAMES`."""
