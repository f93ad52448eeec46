"""``sevens-ru demo``, ``play``, ``simulate`` and ``replay`` for old Durak (``--game durak``).

The second game of the library, old Durak (:mod:`sevens_ru.durak`), through the same
command as the first: :data:`COMMANDS` is this game's entry in the command's table of
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
>>> main(["demo", "--game", "durak", "--bots", "search"])  # Durak has no search bot
2
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from ...bots import bot_name
from ...cards import Language
from ...durak.bots import Bot, make_bot
from ...durak.game import apply, is_over, new_game
from ...durak.options import Options
from ...durak.play import play_game
from ...durak.record import from_json, to_json
from ...durak.state import GameState
from ...durak.tournament import play_match
from ...shuffle import fresh_seed
from .._arguments import argument
from .._shared import (
    Command,
    browse,
    cycled,
    delay_of,
    save_record,
    seat_of,
    seated,
    show_match,
    timed_match,
)
from ..output import Output
from .play import play
from .render import event_lines, ranking_table, show_deal, turn_line

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
    dealer: int = 0,
    sleep: Callable[[float], None] = time.sleep,
) -> GameState:
    """Bots play one game of Durak, shown move by move with the table of each bout.

    ``bots[seat]`` plays ``seat``, through :func:`sevens_ru.durak.play.play_game`;
    ``names`` names them (default: :func:`~sevens_ru.bots.bot_name`).
    """
    names = [bot_name(bot) for bot in bots] if names is None else names
    states = play_game(bots, seed=seed, dealer=dealer, options=options)
    before = next(states)
    show_deal(out, before, lang, names)
    out.rule()
    assert before.attacker is not None  # a new game
    assert before.defender is not None
    out.line(f"[dim]{turn_line(before.attacker, before.defender, lang, names=names)}[/]")
    for after in states:
        for line in event_lines(before, after, lang, names=names, table=True):
            out.line(line)
        before = after
        if delay:
            sleep(delay)
    out.rule()
    ranking_table(out, before, lang, names=names)
    return before


def simulate(
    out: Output,
    bots: Sequence[Bot],
    names: Sequence[str],
    *,
    games: int,
    seed: int,
    players: int | None,
    duplicate: bool,
    jobs: int,
    options: Options,
    as_json: bool,
    show_progress: bool,
) -> None:
    """Many Durak games between bots (:func:`~sevens_ru.durak.tournament.play_match`); a results table with 95 % intervals, or JSON."""
    result, seconds = timed_match(
        out,
        lambda progress: play_match(
            bots,
            games,
            seed=seed,
            players=players,
            duplicate=duplicate,
            jobs=jobs,
            options=options,
            names=names,
            progress=progress,
        ),
        games=games,
        show_progress=show_progress,
    )
    deck = ", 32 cards" if options.short_deck else ""
    show_match(
        out,
        result,
        seconds,
        as_json=as_json,
        title=f"Durak: {result.players} players{deck}",
        columns={
            "fool rate": lambda bot: bot.fool_rate,
            "draws": lambda bot: bot.draw_rate,
            "mean place": lambda bot: bot.mean_place,
            "payoff": lambda bot: bot.mean_payoff,
        },
        note=f"fair fool rate {1 / result.players:.3f} less the draws; payoff at a stake of 1",
    )


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
    show_deal(out, states[0], lang, ())

    def show(number: int) -> None:
        shown = states[number]
        if number:
            for line in event_lines(states[number - 1], shown, lang, table=True):
                out.line(line)
        elif shown.attacker is not None and shown.defender is not None:
            out.line(f"[dim]{turn_line(shown.attacker, shown.defender, lang)}[/]")

    last = browse(out, lang, len(states) - 1, show, step=step)
    if last < len(states) - 1:
        return states[last]
    if is_over(state):
        ranking_table(out, state, lang)
    return state


def save(out: Output, state: GameState, path: Path, lang: Language) -> None:
    """Write the Durak game record of ``state`` to ``path`` (see :func:`~sevens_ru.durak.to_json`)."""
    save_record(out, to_json(state, indent=1), path, lang)


# The commands, from the parsed arguments

_DEMO_BOTS = ("heuristic", "random")
_OPPONENTS = ("heuristic",)
_LINEUP = ("heuristic", "random", "random")


def _table(
    args: argparse.Namespace, default: int, option: str = "--players"
) -> tuple[int, Options]:
    """The player count (D2) and the options (D1), checked before any bot is made."""
    players: int = default if args.players is None else args.players
    options = Options(short_deck=args.short_deck)
    with argument(option):
        new_game(players, dealer=0, seed=0)
    with argument("--short-deck"):
        new_game(players, dealer=0, seed=0, options=options)
    return players, options


def _game(args: argparse.Namespace) -> tuple[int, Options, int, int]:
    """The players, options, dealer (D5) and seed of ``demo`` and ``play``."""
    players, options = _table(args, 3)
    dealer: int = 0 if args.dealer is None else args.dealer
    seed = fresh_seed() if args.seed is None else args.seed
    with argument("--dealer"):
        new_game(players, dealer=dealer, seed=seed, options=options)
    return players, options, dealer, seed


def _demo(args: argparse.Namespace, out: Output) -> int:
    players, options, dealer, seed = _game(args)
    names = cycled(args.bots or _DEMO_BOTS, players)
    bots = seated(make_bot, names, players, "--bots")
    state = demo(
        out,
        bots,
        names=names,
        seed=seed,
        dealer=dealer,
        options=options,
        lang=args.lang,
        delay=delay_of(args),
    )
    if args.save is not None:
        save(out, state, args.save, args.lang)
    return 0


def _play(args: argparse.Namespace, out: Output) -> int:
    players, options, dealer, seed = _game(args)
    seat = seat_of(args, players)
    others = cycled(args.opponents or _OPPONENTS, players - 1)
    opponents = seated(make_bot, others, players - 1, "--opponents")
    names = [*others[:seat], "", *others[seat:]]
    state = play(
        out, seat, opponents, seed=seed, dealer=dealer, options=options, lang=args.lang, names=names
    )
    if args.save is not None:
        save(out, state, args.save, args.lang)
    return 0


def _simulate(args: argparse.Namespace, out: Output) -> int:
    names = list(args.bots or _LINEUP)
    bots = seated(make_bot, names, len(names), "--bots")
    players, options = _table(args, len(names), "--bots" if args.players is None else "--players")
    if len(bots) > players:
        raise argparse.ArgumentError(
            None, f"argument --players: {len(bots)} bots cannot sit at {players} seats"
        )
    simulate(
        out,
        bots,
        names,
        games=args.games,
        seed=args.seed,
        players=players,
        duplicate=not args.no_duplicate,
        jobs=args.jobs,
        options=options,
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
"""The commands of old Durak, by name: this game's entry in :data:`sevens_ru.cli.GAMES`."""
