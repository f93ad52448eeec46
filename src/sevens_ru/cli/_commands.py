"""The four commands, for any game of the table: from the parsed arguments to the game's functions.

A game of the command is a :class:`Game`: its bots by name, the check of its player
count and options, its ``demo``, ``play``, ``replay`` and ``save``, and its
``play_match`` with the columns of its results (:mod:`sevens_ru.cli.sevens.commands`,
:mod:`sevens_ru.cli.durak.commands`). The
commands here read the arguments, check them all before anything is played (a bad
one raises :class:`argparse.ArgumentError`), seat the bots and call the game.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs

from ..common._ray import connect
from ..common.cards import Language
from ..svg import replay_html
from ._shared import delay_of, finish, seat_of, seated, show_match, timed_match, with_human
from .output import Output
from .texts import Narrator, say

__all__ = ["COMMANDS", "Game"]


@attrs.frozen
class Game:
    """One game of the command: its entry in the table of games, :data:`sevens_ru.cli.GAMES`."""

    make_bot: Callable[[str], Any]
    """Its bots by name (the game's ``make_bot``)."""
    settings: Callable[[argparse.Namespace, int, str], dict[str, Any]]
    """Check the player count (named as the option given) and the game's own options,
    before any bot is made; the keywords they give the game's functions."""
    demo: Callable[..., Any]
    """Its ``demo(out, bots, tell, *, delay, **settings)``: one game between bots, shown."""
    play: Callable[..., Any]
    """Its ``play(out, opponents, tell, **settings)``: the person at ``tell.human`` against bots."""
    replay: Callable[..., Any]
    """Its ``replay(out, text, *, lang, step)``: a game record, step by step."""
    save: Callable[[Output, Any, Path, Language], None]
    """Its ``save(out, state, path, lang)``: the record of a finished game, to a file."""
    load: Callable[[str], Any]
    """Its ``from_json``: the state of a game record's text, every move checked."""
    match: Callable[..., Any]
    """Its ``play_match`` (:func:`sevens_ru.tournament.play_match`), for ``simulate``."""
    title: Callable[[Any], str]
    """The title of a match's table of results."""
    columns: Mapping[str, Callable[[Any], object]]
    """The columns of that table between a bot's games and its time per move: the
    header, and what to show of a bot's results."""
    note: Callable[[Any], str]
    """The note under that table."""
    players: int
    """The seats of ``demo`` and ``play`` without ``--players``."""
    bots: Mapping[str, tuple[str, ...]]
    """The bots by command when none are named: ``demo``, ``play`` and ``simulate``."""


def demo(game: Game, args: argparse.Namespace, out: Output) -> int:
    """``sevens-ru demo``: bots play one game, shown move by move."""
    players = game.players if args.players is None else args.players
    settings = game.settings(args, players, "--players")
    bots, names = seated(game.make_bot, args.bots or game.bots["demo"], players, "--bots")
    tell = Narrator(args.lang, names=names)
    state = game.demo(out, bots, tell, delay=delay_of(args), **settings)
    return finish(out, args, state, game.save)


def play(game: Game, args: argparse.Namespace, out: Output) -> int:
    """``sevens-ru play``: a person against bots."""
    players = game.players if args.players is None else args.players
    settings = game.settings(args, players, "--players")
    seat = seat_of(args, players)
    names = args.opponents or game.bots["play"]
    bots, names = seated(game.make_bot, names, players - 1, "--opponents")
    tell = Narrator(args.lang, human=seat, names=with_human(names, seat, ""))
    state = game.play(out, bots, tell, **settings)
    return finish(out, args, state, game.save)


def simulate(game: Game, args: argparse.Namespace, out: Output) -> int:
    """``sevens-ru simulate``: a match between bots (the game's ``play_match``), its results in a table or as JSON."""
    lineup = args.bots or game.bots["simulate"]
    bots, names = seated(game.make_bot, lineup, len(lineup), "--bots")
    given = args.players is not None
    players = args.players if given else len(bots)
    settings = game.settings(args, players, "--players" if given else "--bots")
    if len(bots) > players:
        raise argparse.ArgumentError(
            None, f"argument --players: {len(bots)} bots cannot sit at {players} seats"
        )
    _check_backend(args)
    result, seconds = timed_match(
        out,
        lambda progress: game.match(
            bots,
            args.games,
            seed=args.seed,
            players=players,
            duplicate=not args.no_duplicate,
            jobs=args.jobs,
            backend=args.backend,
            move_timeout=args.move_timeout,
            progress=progress,
            **settings,
        ),
        games=args.games,
        show_progress=not args.quiet,
    )
    renamed = (attrs.evolve(bot, name=name) for bot, name in zip(result.bots, names, strict=True))
    show_match(
        out,
        attrs.evolve(result, bots=tuple(renamed)),  # the names as typed, for both games
        seconds,
        as_json=args.json,
        title=game.title(result),
        columns=game.columns,
        note=game.note(result),
    )
    return 0


def _check_backend(args: argparse.Namespace) -> None:
    """Refuse ``--address`` or ``--jobs`` that do not go with ``--backend``; connect to Ray.

    With ``--backend ray`` this connects to the cluster (``--address``, or Ray's own
    choice) before the match, so that a missing Ray or a wrong address is told before
    anything is played.
    """
    if args.backend != "ray":
        if args.address is not None:
            raise argparse.ArgumentError(None, "argument --address: goes with --backend ray")
        return
    if args.jobs != 1:
        raise argparse.ArgumentError(
            None,
            "argument --jobs: counts local processes; with --backend ray the cluster's "
            "CPUs play the deals",
        )
    connect(args.address)


def replay(game: Game, args: argparse.Namespace, out: Output) -> int:
    """``sevens-ru replay``: step through the game record ``args.record`` (its text).

    With ``--html OUT``, write the game as one HTML page instead (:func:`sevens_ru.svg.replay_html`).
    """
    if args.html is None:
        game.replay(out, args.record, lang=args.lang, step=args.step)
        return 0
    page = replay_html(game.load(args.record), lang=args.lang)
    args.html.write_text(page, encoding="utf-8")
    out.line(say(args.lang, "wrote_html", path=str(args.html)))
    return 0


COMMANDS: Mapping[str, Callable[[Game, argparse.Namespace, Output], int]] = {
    "demo": demo,
    "play": play,
    "simulate": simulate,
    "replay": replay,
}
"""The commands, by name: each runs with a game, the parsed arguments and the output."""
