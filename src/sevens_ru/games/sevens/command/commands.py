"""``sevens-ru demo``, ``play``, ``simulate`` and ``replay`` for Russian Sevens.

:data:`~sevens_ru.cli.sevens.commands.GAME` is this game's entry in the command's table of games
(:data:`sevens_ru.cli.GAMES`): what is this game's own in the command, its
:data:`~sevens_ru.cli.sevens.commands.DRAWING` of the rows after each card for :func:`~sevens_ru.cli.sevens.commands.demo` and :func:`~sevens_ru.cli.sevens.commands.replay`,
:func:`~sevens_ru.cli.sevens.play.play` for a person against bots, and the title and
note of its match results (the match itself is :func:`sevens_ru.tournament.play_match`).
Each command writes to an :class:`~sevens_ru.cli.output.Output`.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ....cli._commands import Game, plain_settings
from ....cli._shared import Drawing, replay_game, watch
from ....cli.output import Output
from ....cli.texts import Narrator
from ....common.cards import Language
from ..bots import Bot
from ..definition import GAME as SEVENS
from ..options import Options
from ..state import GameState
from .play import HumanPlayer, play
from .render import draw_rows, event_lines, ranking_table, result_line, show_deal

__all__ = ["DRAWING", "GAME", "demo", "replay", "save", "settings"]


def _end(out: Output, state: GameState, tell: Narrator, demo: bool) -> None:
    """The rows (after a demo: the replay has shown them), the winner and the ranking."""
    if demo:
        draw_rows(out, state.table, tell.lang)
    out.line(f"[bold]{result_line(state, tell)}[/]")
    ranking_table(out, state, tell)


DRAWING: Drawing[GameState] = Drawing(
    deal=show_deal,
    moved=lambda before, after, tell, demo: event_lines(before, after, tell, rows=demo),
    end=_end,
    position=lambda out, state, tell, first: draw_rows(out, state.table, tell.lang),
)
"""How the command shows a game of Russian Sevens: each card played (with the rows in a
demo, under each position in a replay), the passes, the winner and the ranking."""


def demo(
    out: Output,
    bots: Sequence[Bot],
    tell: Narrator,
    *,
    seed: int | None,
    delay: float,
    options: Options | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> GameState:
    """Bots play one game, told by ``tell``, play by play with the row after each card.

    ``bots[seat]`` plays ``seat``, as :func:`sevens_ru.play.play_game` plays them, named
    as ``tell`` names them (by default, by :func:`~sevens_ru.bots.bot_name`).
    """
    return watch(
        out, SEVENS, DRAWING, bots, tell, seed=seed, delay=delay, sleep=sleep, options=options
    )


def replay(out: Output, text: str, *, lang: Language, step: bool) -> GameState:
    """Show a saved game (the JSON ``text`` of a :func:`~sevens_ru.to_json` record) move by move.

    With ``step``, wait after each card for Enter (next), ``b`` (back) or ``q`` (quit).
    """
    return replay_game(out, SEVENS, DRAWING, text, lang=lang, step=step)


def save(out: Output, state: GameState, path: Path, lang: Language) -> None:
    """Write the game record of ``state`` to ``path`` (see :func:`~sevens_ru.to_json`)."""
    GAME.save(out, state, path, lang)


_settings = plain_settings(SEVENS)


def settings(args: argparse.Namespace, players: int, option: str) -> dict[str, Any]:
    """Check the player count (R4) and that no option of Durak is given; the seed of a game.

    A bad argument raises argparse's ``ArgumentError``, naming ``option`` if it is the
    player count.
    """
    return _settings(args, players, option)


GAME = Game(
    SEVENS,
    settings,
    DRAWING,
    play=play,
    person=lambda out, tell: HumanPlayer(out, tell.lang),
    lineups={
        "demo": ("heuristic", "search", "random"),
        "play": ("heuristic",),
        "simulate": ("heuristic", "random", "random", "random"),
    },
)
"""Russian Sevens in the command: its entry in :data:`sevens_ru.cli.GAMES`."""
