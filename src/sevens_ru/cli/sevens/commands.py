"""``sevens-ru demo``, ``play``, ``simulate`` and ``replay`` for Russian Sevens.

:data:`GAME` is this game's entry in the command's table of games
(:data:`sevens_ru.cli.GAMES`); the functions it runs are :func:`demo`,
:func:`~sevens_ru.cli.sevens.play.play` and :func:`replay`, which write to an
:class:`~sevens_ru.cli.output.Output`, and for ``simulate``
:func:`sevens_ru.tournament.play_match`.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ...common.cards import Language
from ...games.sevens.bots import Bot, make_bot
from ...games.sevens.events import Play
from ...games.sevens.game import apply, is_over, new_game
from ...games.sevens.options import Options
from ...games.sevens.play import play_game
from ...games.sevens.record import from_json, to_json
from ...games.sevens.state import GameState
from ...games.sevens.tournament import play_match
from .._arguments import argument
from .._commands import Game
from .._shared import browse, follow, named, save_record
from ..output import Output
from ..texts import Narrator
from .play import play
from .render import draw_rows, event_lines, ranking_table, result_line, show_deal

__all__ = ["GAME", "demo", "replay", "save", "settings"]


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

    ``bots[seat]`` plays ``seat``, through :func:`sevens_ru.play.play_game`, named as
    ``tell`` names them (by default, by :func:`~sevens_ru.bots.bot_name`).
    """
    tell = named(tell, bots)
    lang = tell.lang
    states = play_game(bots, seed=seed, options=options)
    first = next(states)
    show_deal(out, first, tell)
    out.rule()
    final = follow(
        out,
        first,
        states,
        lambda before, after: event_lines(before, after, tell, rows=True),
        delay=delay,
        sleep=sleep,
    )
    out.rule()
    draw_rows(out, final.table, lang)
    out.line(f"[bold]{result_line(final, tell)}[/]")
    ranking_table(out, final, tell)
    return final


def replay(out: Output, text: str, *, lang: Language, step: bool) -> GameState:
    """Show a saved game (the JSON ``text`` of a :func:`~sevens_ru.to_json` record) move by move.

    With ``step``, wait after each card for Enter (next), ``b`` (back) or ``q`` (quit).
    """
    state = from_json(text)
    plays = [event.card for event in state.history if isinstance(event, Play)]
    states = [new_game(state.players, hands=state.deal, options=state.options)]
    for card in plays:
        states.append(apply(states[-1], card))
    tell = Narrator(lang)
    show_deal(out, states[0], tell)

    def show(number: int) -> None:
        if number:
            for line in event_lines(states[number - 1], states[number], tell):
                out.line(line)
        draw_rows(out, states[number].table, lang)

    last = browse(out, lang, len(plays), show, step=step)
    if last < len(plays):
        return states[last]
    if is_over(state):
        out.line(f"[bold]{result_line(state, tell)}[/]")
        ranking_table(out, state, tell)
    return state


def save(out: Output, state: GameState, path: Path, lang: Language) -> None:
    """Write the game record of ``state`` to ``path`` (see :func:`~sevens_ru.to_json`)."""
    save_record(out, to_json(state, indent=1), path, lang)


# The game in the command


def settings(args: argparse.Namespace, players: int, option: str) -> dict[str, Any]:
    """Check the player count (R4) and that no option of Durak is given; the seed of a game.

    A bad argument raises argparse's ``ArgumentError``, naming ``option`` if it is the
    player count.
    """
    for given, name in (
        (getattr(args, "dealer", None), "--dealer"),
        (args.short_deck, "--short-deck"),
    ):
        if given not in (None, False):
            raise argparse.ArgumentError(
                None, f"argument {name}: an option of Durak: add --game durak"
            )
    with argument(option):
        new_game(players)
    return {} if args.command == "simulate" else {"seed": args.seed}


GAME = Game(
    make_bot=make_bot,
    settings=settings,
    demo=demo,
    play=play,
    replay=replay,
    save=save,
    load=from_json,
    match=play_match,
    title=lambda result: f"{result.players} players",
    columns={
        "win rate": lambda bot: bot.win_rate,
        "mean place": lambda bot: bot.mean_place,
        "cards left": lambda bot: bot.mean_cards_left,
        "passes": lambda bot: bot.mean_passes,
    },
    note=lambda result: f"fair win rate {1 / result.players:.3f}",
    players=4,
    bots={
        "demo": ("heuristic", "search", "random"),
        "play": ("heuristic",),
        "simulate": ("heuristic", "random", "random", "random"),
    },
)
"""Russian Sevens in the command: its entry in :data:`sevens_ru.cli.GAMES`."""
