"""``sevens-ru demo``, ``play``, ``simulate`` and ``replay`` for the presets of the layout family.

:data:`GAMES` holds each preset's entry in the command's table of games
(:data:`sevens_ru.cli.GAMES`), by name: what is the preset's own in the command, its
options (``--option NAME=VALUE``, the fields of its options class, and ``--dealer``),
its :data:`DRAWING` of the rows after each card for ``demo`` and ``replay`` (the
automatic passes and bursts told, fan-tan's chips into the pool, the places of the seats
that go out), :func:`~sevens_ru.games.family.command.play.play` for a person against
bots (``pass`` offered where it is a move), its person at the terminal for ``play
--series``, and the outcome at the end (fan-tan's chips, cinquillo's scores). The match
of ``simulate`` is the library's (:func:`sevens_ru.tournament.play_match`).

>>> from sevens_ru.cli import main
>>> main(["demo", "--game", "fan-tan", "--players", "3", "--seed", "4", "--plain"])  # doctest: +ELLIPSIS
--- The deal ---
Seat 0 (heuristic): ...
Antes: 1 2 2; in the pool: 5
...
Seat ... wins!
...
>>> main(["demo", "--game", "sevens-52", "--option", "ace=middle"])  # the message goes to standard error
2
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Sequence
from typing import Any

import attrs

from ....cli._arguments import argument
from ....cli._commands import Game
from ....cli._shared import Drawing
from ....cli.output import Output
from ....cli.texts import Narrator
from ....common._quote import excerpt
from ....errors import InvalidOptionsError
from ..definition import GAMES as PRESETS
from ..definition import FamilyGame
from .play import HumanPlayer, play
from .render import draw_rows, end, event_lines, opening, show_deal

__all__ = ["DRAWING", "GAMES", "options_of", "settings_of"]


def _position(out: Output, state: Any, tell: Narrator, first: bool) -> None:
    """A position of a replay: the engine's first events at the deal, then the rows."""
    opening(out, state, tell, first)
    draw_rows(out, state, tell.lang)


DRAWING: Drawing[Any] = Drawing(
    deal=show_deal,
    moved=lambda before, after, tell, demo: event_lines(before, after, tell, rows=demo),
    end=end,
    start=opening,
    position=_position,
)
"""How the command shows a game of the family: the deal (fan-tan's antes, shichinarabe's
sevens laid out), each move with its row in a demo, the passes and bursts, the places of
the seats that go out, the winner and the ranking with the preset's outcome."""

_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})


def options_of(options_type: type, given: Sequence[str] | None) -> Any:
    """The options of ``options_type`` that ``given`` (``NAME=VALUE`` texts) set, the rest by default.

    A value is read as the field's default is: ``true``/``false`` (or yes/no, on/off,
    1/0) for a switch, a whole number for a count, else as written.

    >>> from sevens_ru import games
    >>> options_of(games.get("fan-tan").Options, ["voluntary_passes=yes", "ante=2"]).ante
    2
    >>> options_of(games.get("domino").Options, ["colour=red"])
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidOptionsError: no option 'colour': DominoOptions has pack, ace, play_to_end, place_numbering

    Raises:
        InvalidOptionsError: not ``NAME=VALUE``, no such option, or a bad value.
    """
    fields = {field.name: field for field in attrs.fields(options_type)}
    values: dict[str, Any] = {}
    for text in given or ():
        name, equals, value = text.partition("=")
        name = name.strip()
        if not equals:
            raise InvalidOptionsError(f"an option is written NAME=VALUE, got {excerpt(text)}")
        if name not in fields:
            raise InvalidOptionsError(
                f"no option {excerpt(name)}: {options_type.__name__} has {', '.join(fields)}"
            )
        values[name] = _value(fields[name].default, value.strip())
    return options_type(**values)


def _value(default: object, text: str) -> object:
    """``text`` as a value of the kind of ``default``: a switch, a whole number or text."""
    if isinstance(default, bool):
        if text.lower() in _TRUE:
            return True
        if text.lower() in _FALSE:
            return False
        return text  # refused by the options class, with its message
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            return text
    return text


def settings_of(game: FamilyGame) -> Any:
    """The check of the settings of ``game``'s command: seats, ``--option``, ``--dealer``; the keywords of a game.

    ``simulate`` gets the options; ``demo`` and ``play`` the options, the dealer
    (``--dealer``, by default the last seat, F7) and the seed.
    """

    def settings(args: argparse.Namespace, players: int, option: str) -> dict[str, Any]:
        if getattr(args, "short_deck", False):
            raise argparse.ArgumentError(
                None, "argument --short-deck: an option of Durak: add --game durak"
            )
        with argument(option):
            game.seats(players)
        with argument("--option"):
            options = options_of(game.options_type, getattr(args, "option", None))
        with argument("--option"):
            game.new_game(players, seed=0, options=options)  # DO1: 32 cards for at most 6
        if args.command == "simulate":
            return {"options": options}
        dealer = getattr(args, "dealer", None)
        with argument("--dealer"):
            game.new_game(players, seed=0, options=options, dealer=dealer)
        return {"options": options, "dealer": dealer, "seed": args.seed}

    return settings


def _command(game: FamilyGame) -> Game:
    """The command's part of one preset."""
    return Game(
        game,
        settings_of(game),
        DRAWING,
        play=functools.partial(play, game=game),
        person=lambda out, tell: HumanPlayer(out, tell.lang, tell.names),
        lineups={
            "demo": ("heuristic", "random"),
            "play": ("heuristic",),
            "simulate": ("heuristic", "random", "random", "random"),
        },
        takes_option=True,
    )


GAMES: dict[str, Game] = {name: _command(game) for name, game in PRESETS.items()}
"""Each preset's entry in :data:`sevens_ru.cli.GAMES`, by name."""
