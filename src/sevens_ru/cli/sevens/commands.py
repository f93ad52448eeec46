"""``sevens-ru demo``, ``play``, ``simulate`` and ``replay`` for Russian Sevens.

:data:`COMMANDS` is this game's entry in the command's table of games
(:data:`sevens_ru.cli.GAMES`); the functions it runs are :func:`demo`,
:func:`~sevens_ru.cli.sevens.play.play`, :func:`simulate` and :func:`replay`, which
write to an :class:`~sevens_ru.cli.output.Output`.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from ...bots import Bot, bot_name, make_bot
from ...cards import Language
from ...events import Play
from ...game import apply, is_over, new_game
from ...options import Options
from ...play import play_game
from ...record import from_json, to_json
from ...state import GameState
from ...tournament import play_match
from .._arguments import argument
from .._shared import (
    Command,
    browse,
    delay_of,
    save_record,
    seat_of,
    seated,
    show_match,
    timed_match,
)
from ..output import Output
from .play import play
from .render import draw_rows, event_lines, ranking_table, result_line, show_deal

__all__ = ["COMMANDS", "demo", "replay", "save", "simulate"]


def demo(
    out: Output,
    bots: Sequence[Bot],
    *,
    seed: int | None,
    lang: Language,
    delay: float,
    options: Options | None = None,
    names: Sequence[str] | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> GameState:
    """Bots play one game, shown play by play with the row after each card.

    ``bots[seat]`` plays ``seat``, through :func:`sevens_ru.play.play_game`; ``names``
    names them (default: :func:`~sevens_ru.bots.bot_name`).
    """
    names = [bot_name(bot) for bot in bots] if names is None else names
    states = play_game(bots, seed=seed, options=options)
    before = next(states)
    show_deal(out, before, lang, names)
    out.rule()
    for after in states:
        for line in event_lines(before, after, lang, names=names, rows=True):
            out.line(line)
        before = after
        if delay:
            sleep(delay)
    out.rule()
    draw_rows(out, before.table, lang)
    out.line(f"[bold]{result_line(before, lang, names=names)}[/]")
    ranking_table(out, before, lang, names=names)
    return before


def simulate(
    out: Output,
    bots: Sequence[Bot],
    *,
    games: int,
    seed: int,
    players: int | None,
    duplicate: bool,
    jobs: int,
    as_json: bool,
    show_progress: bool,
) -> None:
    """Many games between bots (:func:`~sevens_ru.tournament.play_match`); a results table with 95 % intervals, or JSON."""
    result, seconds = timed_match(
        out,
        lambda progress: play_match(
            bots,
            games,
            seed=seed,
            players=players,
            duplicate=duplicate,
            jobs=jobs,
            progress=progress,
        ),
        games=games,
        show_progress=show_progress,
    )
    show_match(
        out,
        result,
        seconds,
        as_json=as_json,
        title=f"{result.players} players",
        columns={
            "win rate": lambda bot: bot.win_rate,
            "mean place": lambda bot: bot.mean_place,
            "cards left": lambda bot: bot.mean_cards_left,
            "passes": lambda bot: bot.mean_passes,
        },
        note=f"fair win rate {1 / result.players:.3f}",
    )


def replay(out: Output, text: str, *, lang: Language, step: bool) -> GameState:
    """Show a saved game (the JSON ``text`` of a :func:`~sevens_ru.to_json` record) move by move.

    With ``step``, wait after each card for Enter (next), ``b`` (back) or ``q`` (quit).
    """
    state = from_json(text)
    plays = [event.card for event in state.history if isinstance(event, Play)]
    states = [new_game(state.players, hands=state.deal, options=state.options)]
    for card in plays:
        states.append(apply(states[-1], card))
    show_deal(out, states[0], lang, ())

    def show(number: int) -> None:
        if number:
            for line in event_lines(states[number - 1], states[number], lang):
                out.line(line)
        draw_rows(out, states[number].table, lang)

    last = browse(out, lang, len(plays), show, step=step)
    if last < len(plays):
        return states[last]
    if is_over(state):
        out.line(f"[bold]{result_line(state, lang)}[/]")
        ranking_table(out, state, lang)
    return state


def save(out: Output, state: GameState, path: Path, lang: Language) -> None:
    """Write the game record of ``state`` to ``path`` (see :func:`~sevens_ru.to_json`)."""
    save_record(out, to_json(state, indent=1), path, lang)


# The commands, from the parsed arguments

_DEMO_BOTS = ("heuristic", "search", "random")
_OPPONENTS = ("heuristic",)
_LINEUP = ("heuristic", "random", "random", "random")


def _players(args: argparse.Namespace, default: int, option: str = "--players") -> int:
    """The player count (R4), checked before any bot is made; and no option of Durak."""
    if getattr(args, "dealer", None) is not None or args.short_deck:
        option = "--dealer" if getattr(args, "dealer", None) is not None else "--short-deck"
        raise argparse.ArgumentError(
            None, f"argument {option}: an option of Durak: add --game durak"
        )
    players: int = default if args.players is None else args.players
    with argument(option):
        new_game(players)
    return players


def _demo(args: argparse.Namespace, out: Output) -> int:
    players = _players(args, 4)
    bots = seated(make_bot, args.bots or _DEMO_BOTS, players, "--bots")
    state = demo(out, bots, seed=args.seed, lang=args.lang, delay=delay_of(args))
    if args.save is not None:
        save(out, state, args.save, args.lang)
    return 0


def _play(args: argparse.Namespace, out: Output) -> int:
    players = _players(args, 4)
    seat = seat_of(args, players)
    opponents = seated(make_bot, args.opponents or _OPPONENTS, players - 1, "--opponents")
    state = play(out, seat, opponents, seed=args.seed, lang=args.lang)
    if args.save is not None:
        save(out, state, args.save, args.lang)
    return 0


def _simulate(args: argparse.Namespace, out: Output) -> int:
    names = args.bots or _LINEUP
    bots = seated(make_bot, names, len(names), "--bots")
    players = _players(args, len(names), "--bots" if args.players is None else "--players")
    if len(bots) > players:
        raise argparse.ArgumentError(
            None, f"argument --players: {len(bots)} bots cannot sit at {players} seats"
        )
    simulate(
        out,
        bots,
        games=args.games,
        seed=args.seed,
        players=players,
        duplicate=not args.no_duplicate,
        jobs=args.jobs,
        as_json=args.json,
        show_progress=not args.quiet,
    )
    return 0


def _replay(args: argparse.Namespace, out: Output) -> int:
    replay(out, args.record, lang=args.lang, step=args.step)
    return 0


COMMANDS: Mapping[str, Command] = {
    "demo": _demo,
    "play": _play,
    "simulate": _simulate,
    "replay": _replay,
}
"""The commands of Russian Sevens, by name: this game's entry in :data:`sevens_ru.cli.GAMES`."""
