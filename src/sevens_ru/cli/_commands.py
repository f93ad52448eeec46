"""The four commands, for any game of the registry: from the parsed arguments to the game's functions.

A game of the command is a :class:`Game`: a game of the registry
(:class:`sevens_ru.games.Game`) and its own part of the command, where it has one
(:attr:`sevens_ru.games.Game.commands`: :mod:`sevens_ru.cli.sevens.commands`,
:mod:`sevens_ru.cli.durak.commands`): the check of its options, how its games are
drawn (a :class:`~sevens_ru.cli._shared.Drawing`), its person at the terminal, and the
title and note of its match results. All else comes from the game itself: its bots by
name, its records, its match (:func:`sevens_ru.tournament.match`) and the columns of
its results. A game without a part of its own gets :func:`plain_game`: ``simulate``,
``demo`` and ``replay`` with the moves written as text, and no ``play``.

The commands here read the arguments, check them all before anything is played (a bad
one raises :class:`argparse.ArgumentError`), seat the bots and call the game.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs

from ..common._match import figures_of, match_rules, play_match
from ..common._ray import connect
from ..common._tags import Tags
from ..common.cards import Language
from ..games import Game as GameValue
from ..svg import replay_html
from . import _series
from ._arguments import argument
from ._shared import (
    PLAIN,
    Drawing,
    delay_of,
    finish,
    game_tags,
    replay_game,
    save_record,
    seat_of,
    seated,
    show_match,
    timed_match,
    watch,
    with_human,
)
from .output import Output
from .texts import Narrator, say

__all__ = ["COMMANDS", "Game", "plain_game"]


def plain_settings(
    game: GameValue[Any, Any, Any],
) -> Callable[[argparse.Namespace, int, str], dict[str, Any]]:
    """The check of the settings of a game without options of the command: the seats, and the seed.

    The options of the command that belong to another game (``--dealer``,
    ``--short-deck``) are refused, naming a game that takes them (``--option`` is
    refused by :meth:`Game.settings_of`).
    """

    def settings(args: argparse.Namespace, players: int, option: str) -> dict[str, Any]:
        for given, name in (
            (getattr(args, "dealer", None), "--dealer"),
            (getattr(args, "short_deck", False), "--short-deck"),
        ):
            if given not in (None, False):
                raise argparse.ArgumentError(
                    None, f"argument {name}: an option of Durak: add --game durak"
                )
        with argument(option):
            game.seats(players)
        return {} if args.command == "simulate" else {"seed": args.seed}

    return settings


def _players_title(result: Any) -> str:
    return f"{result.players} players"


def _fair_share(result: Any) -> str:
    return f"fair win rate {1 / result.players:.3f}"


@attrs.frozen
class Game:
    """One game of the command: its entry in the table of games, :data:`sevens_ru.cli.GAMES`."""

    game: GameValue[Any, Any, Any]
    """The game of the registry."""
    settings: Callable[[argparse.Namespace, int, str], dict[str, Any]]
    """Check the player count (named as the option given) and the game's own options,
    before any bot is made; the keywords they give the game's functions (its ``new_game``
    setup, and ``seed`` for ``demo`` and ``play``)."""
    drawing: Drawing[Any] = PLAIN
    """How ``demo`` and ``replay`` show its games."""
    play: Callable[..., Any] | None = None
    """Its ``play(out, opponents, tell, **settings)``: the person at ``tell.human``
    against bots; ``None``: the game cannot be played in the terminal."""
    person: Callable[[Output, Any], Any] | None = None
    """Its person at the terminal, ``person(out, tell)``: a bot (``choose(view, rng)``)
    that shows the seat's view and asks for a move, for ``play --series``; ``None``: a
    series of the game cannot be played in the terminal."""
    title: Callable[[Any], str] = _players_title
    """The title of a match's table of results."""
    note: Callable[[Any], str] = _fair_share
    """The note under that table."""
    lineups: Mapping[str, tuple[str, ...]] | None = None
    """The bots by command when none are named (``demo``, ``play`` and ``simulate``);
    ``None``: the game's bots, one of each."""
    indent: int | None = 1
    """The indent of a record saved with ``--save`` (``to_json(state, indent=...)``);
    ``None`` for a game whose ``to_json`` takes no indent."""
    takes_option: bool = False
    """Whether :attr:`settings` reads ``--option NAME=VALUE`` (the fields of the game's
    options class); if not, :meth:`settings_of` refuses ``--option``."""

    def settings_of(self, args: argparse.Namespace, players: int, option: str) -> dict[str, Any]:
        """:attr:`settings`, once ``--option`` is refused if the game does not take it.

        The message names the games of the command that do take it (:data:`sevens_ru.cli.GAMES`).

        >>> import argparse
        >>> from sevens_ru.cli import GAMES
        >>> args = argparse.Namespace(command="simulate", option=["ace=high"], seed=None)
        >>> GAMES["sevens"].settings_of(args, 4, "--players")
        Traceback (most recent call last):
        ...
        argparse.ArgumentError: argument --option: sevens takes no options: add --game sevens-52, fan-tan, shichinarabe, domino or cinquillo
        """
        if getattr(args, "option", None) and not self.takes_option:
            from . import GAMES  # the table of the command, built once this module is

            names = [name for name, game in GAMES.items() if game.takes_option]
            where = ""
            if names:
                listed = ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]
                where = f": add --game {listed}"
            raise argparse.ArgumentError(
                None, f"argument --option: {self.game.name} takes no options{where}"
            )
        return self.settings(args, players, option)

    @property
    def players(self) -> int:
        """The seats of ``demo`` and ``play`` without ``--players``."""
        return self.game.default_players

    @property
    def bots(self) -> Mapping[str, tuple[str, ...]]:
        """The bots by command when none are named: ``demo``, ``play`` and ``simulate``."""
        if self.lineups is not None:
            return self.lineups
        names = self.game.bots.names
        return {"demo": names, "play": names[:1], "simulate": names}

    @property
    def columns(self) -> Mapping[str, Callable[[Any], object]]:
        """The columns of a match's table between a bot's games and its time per move.

        The header, and what to show of a bot's results: the game's match figures.
        """
        figures = figures_of(self.game, match_rules(self.game))
        return {figure.heading: _figure_of(figure.name) for figure in figures}

    def make_bot(self, description: str) -> Any:
        """A bot of the game by name (``"heuristic"``, ``"search:rollouts=50"``)."""
        return self.game.bots.make(description)

    def match(self, bots: Any, games: int, **settings: Any) -> Any:
        """The game's match (:func:`sevens_ru.tournament.match`), for ``simulate``."""
        return play_match(self.game, bots, games, **settings)

    def save(
        self, out: Output, state: Any, path: Path, lang: Language, tags: Tags | None = None
    ) -> None:
        """Write the game record of ``state`` to ``path``, with its ``tags`` if given, and say so."""
        keywords: dict[str, Any] = {} if self.indent is None else {"indent": self.indent}
        save_record(out, self.game.to_json(state, tags=tags, **keywords), path, lang)


def _figure_of(name: str) -> Callable[[Any], object]:
    return lambda bot: bot.figures[name]


def plain_game(game: GameValue[Any, Any, Any]) -> Game:
    """The command's part of a game that brings none: the game's bots, moves written as text."""
    return Game(game, plain_settings(game), indent=None)


def demo(game: Game, args: argparse.Namespace, out: Output) -> int:
    """``sevens-ru demo``: bots play one game, shown move by move (a series with ``--series``)."""
    if _series.wanted(args):
        return _series.demo(game, args, out)
    players = game.players if args.players is None else args.players
    settings = game.settings_of(args, players, "--players")
    bots, names = seated(game.make_bot, args.bots or game.bots["demo"], players, "--bots")
    tell = Narrator(args.lang, names=names)
    state = watch(out, game.game, game.drawing, bots, tell, delay=delay_of(args), **settings)
    return finish(out, args, state, game.save, lambda final: game_tags(game.game, final, bots))


def play(game: Game, args: argparse.Namespace, out: Output) -> int:
    """``sevens-ru play``: a person against bots (for a series with ``--series``)."""
    if _series.wanted(args):
        return _series.play(game, args, out)
    if game.play is None:
        raise argparse.ArgumentError(
            None, f"argument --game: {game.game.name} cannot be played in the terminal"
        )
    players = game.players if args.players is None else args.players
    settings = game.settings_of(args, players, "--players")
    seat = seat_of(args, players)
    names = args.opponents or game.bots["play"]
    bots, names = seated(game.make_bot, names, players - 1, "--opponents")
    tell = Narrator(args.lang, human=seat, names=with_human(names, seat, ""))
    state = game.play(out, bots, tell, **settings)
    players = with_human(bots, seat, args.name)
    return finish(out, args, state, game.save, lambda final: game_tags(game.game, final, players))


def simulate(game: Game, args: argparse.Namespace, out: Output) -> int:
    """``sevens-ru simulate``: a match between bots (the game's match), its results in a table or as JSON."""
    lineup = args.bots or game.bots["simulate"]
    bots, names = seated(game.make_bot, lineup, len(lineup), "--bots")
    given = args.players is not None
    players = args.players if given else len(bots)
    settings = game.settings_of(args, players, "--players" if given else "--bots")
    if len(bots) > players:
        raise argparse.ArgumentError(
            None, f"argument --players: {len(bots)} bots cannot sit at {players} seats"
        )
    _check_backend(args)
    result, seconds = timed_match(
        out,
        lambda progress: game.match(
            bots,
            args.deals,
            seed=args.seed,
            players=players,
            duplicate=not args.no_duplicate,
            jobs=args.jobs,
            backend=args.backend,
            move_timeout=args.move_timeout,
            progress=progress,
            records=args.records is not None,
            **settings,
        ),
        games=args.deals,
        show_progress=not args.quiet,
    )
    if args.records is not None:
        with args.records.open("w", encoding="utf-8") as file:
            file.writelines(record + "\n" for record in result.records)
    renamed = (attrs.evolve(bot, name=name) for bot, name in zip(result.bots, names, strict=True))
    show_match(
        out,
        attrs.evolve(result, bots=tuple(renamed)),  # the names as typed, for every game
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
    A series record (:mod:`sevens_ru.series`) is replayed deal by deal.
    """
    if _series.is_series_record(args.record):
        return _series.replay(game, args, out)
    if args.html is None:
        replay_game(out, game.game, game.drawing, args.record, lang=args.lang, step=args.step)
        return 0
    record = game.game.read_record(args.record)
    page = replay_html(record.state, lang=args.lang, tags=record.tags)
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
