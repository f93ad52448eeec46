"""What the commands of every game share: seating the bots, watching a game, showing a match, stepping through a record, saving it.

Each game's part of the command (:mod:`sevens_ru.cli.sevens.commands`,
:mod:`sevens_ru.cli.durak.commands`) brings what is its own (its options, how to draw
its games: a :class:`Drawing`, its person at the terminal) and leaves the rest to these
functions; a game without a part of its own is drawn by :data:`PLAIN`.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import textwrap
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

import attrs

from .. import games
from ..common._bots import bot_steps, lineup_of, rngs_for
from ..common._match import bot_name
from ..common._tags import BotTag, Tags
from ..common.cards import Language
from ..errors import InvalidSeatError
from ..games import Game, State
from ._arguments import argument
from .output import Output, Progress, escape
from .texts import Narrator, plural, say

__all__ = [
    "PLAIN",
    "Drawing",
    "against",
    "browse",
    "cycled",
    "delay_of",
    "finish",
    "follow",
    "game_tags",
    "human_seat",
    "introduce",
    "named",
    "played",
    "record_game",
    "replay_game",
    "save_record",
    "seat_of",
    "seated",
    "show_match",
    "timed_match",
    "watch",
    "with_human",
]

B = TypeVar("B")
T = TypeVar("T")


# The arguments


def cycled(items: Sequence[T], seats: int) -> list[T]:
    """``items`` repeated to fill ``seats``: ``[a, b]`` at 3 seats is ``[a, b, a]``.

    >>> from sevens_ru.cli._shared import cycled
    >>> cycled(["heuristic", "random"], 3)
    ['heuristic', 'random', 'heuristic']
    """
    return [items[seat % len(items)] for seat in range(seats)]


def seated(
    make: Callable[[str], B], names: Sequence[str], seats: int, option: str
) -> tuple[list[B], list[str]]:
    """The bots called ``names`` (by ``make``) and their names, repeated to fill ``seats``.

    A bot's name is its own ``name`` if it has one (``"search:rollouts=200"``), else the
    name it was made from. A name ``make`` refuses is a bad value of the argument
    ``option``.

    >>> from sevens_ru.bots import make_bot
    >>> from sevens_ru.cli._shared import seated
    >>> bots, names = seated(make_bot, ["heuristic", "Random"], 3, "--bots")
    >>> names, bots[0] is bots[2]
    (['heuristic', 'random', 'heuristic'], True)
    """
    with argument(option):
        bots = [make(name) for name in names]
    labels = [
        bot.name if isinstance(getattr(bot, "name", None), str) else name.strip()  # type: ignore[attr-defined]
        for bot, name in zip(bots, names, strict=True)
    ]
    return cycled(bots, seats), cycled(labels, seats)


def seat_of(args: argparse.Namespace, players: int) -> int:
    """The human's seat of ``play`` (``--seat``), checked against the ``players``."""
    seat: int = args.seat
    if not 0 <= seat < players:
        raise argparse.ArgumentError(
            None, f"argument --seat: must be 0 to {players - 1} with {players} players, got {seat}"
        )
    return seat


def delay_of(args: argparse.Namespace) -> float:
    """The pause between the moves of ``demo``: ``--delay``, else 0.3 s on a terminal and none in a pipe."""
    if args.delay is not None:
        return float(args.delay)
    return 0.3 if sys.stdout.isatty() else 0.0


def record_game(text: str) -> str | None:
    """The ``"game"`` of a game record's JSON text, or ``None`` if it names none.

    >>> from sevens_ru.cli._shared import record_game
    >>> record_game('{"format": 1, "game": "durak"}'), record_game("not JSON")
    ('durak', None)
    """
    try:
        record = json.loads(text)
    except ValueError:
        return None
    game = record.get("game") if isinstance(record, dict) else None
    return game if isinstance(game, str) else None


def finish(
    out: Output,
    args: argparse.Namespace,
    state: T,
    save: Callable[..., None],
    tags: Callable[[T], Tags] | None = None,
) -> int:
    """Save the record of the game ``state`` with ``save`` if ``--save`` asks; the exit status, 0.

    ``tags(state)`` gives the record's tags (who played, the date, the result).
    """
    if args.save is not None:
        if tags is None:
            save(out, state, args.save, args.lang)
        else:
            save(out, state, args.save, args.lang, tags(state))
    return 0


def game_tags(game: Game[Any, Any, Any], state: Any, players: Sequence[object | str]) -> Tags:
    """The tags of a game of the command: each seat's player, its bot, today's date and the result.

    ``players`` are by seat: a bot, named and described by its :class:`~sevens_ru.BotTag`,
    or a person's name.

    >>> import sevens_ru as s7
    >>> from sevens_ru.bots import make_bot
    >>> from sevens_ru.cli._shared import game_tags
    >>> tags = game_tags(s7.games.get("sevens"), s7.new_game(2, seed=1), ["Anna", make_bot("random")])
    >>> tags.players, tags.bots, tags.result
    (('Anna', 'random'), (None, BotTag(name='random', settings=())), None)
    """
    bots = [None if isinstance(player, str) else BotTag.of(player) for player in players]
    names = [player if bot is None else bot.name for player, bot in zip(players, bots, strict=True)]
    over = game.is_over(state)
    return Tags(
        date=datetime.date.today(),
        players=[str(name) for name in names],
        bots=bots,
        result=Tags.result_of(game.ranking(state)) if over else None,
    )


# Games


def with_human(opponents: Sequence[B], human: int, player: B) -> list[B]:
    """The players by seat: ``player`` at seat ``human``, the ``opponents`` in the other seats, in order.

    >>> from sevens_ru.cli._shared import with_human
    >>> with_human(["a", "b"], 1, "you")
    ['a', 'you', 'b']
    """
    return [*opponents[:human], player, *opponents[human:]]


def named(tell: Narrator, bots: Sequence[object]) -> Narrator:
    """``tell``, naming each seat after its bot (:func:`~sevens_ru.bots.bot_name`) unless it names them already.

    ``bots`` are by seat; the person's seat (``tell.human``) gets no name.
    """
    if tell.names:
        return tell
    names = ["" if seat == tell.human else bot_name(bot) for seat, bot in enumerate(bots)]
    return attrs.evolve(tell, names=names)


def human_seat(tell: Narrator) -> int:
    """The person's seat in a game against bots: ``tell.human``, which must be given."""
    if tell.human is None:
        raise InvalidSeatError(
            "a game against bots needs the person's seat: Narrator(lang, human=seat)"
        )
    return tell.human


def introduce(out: Output, tell: Narrator, key: str, players: int, **fields: object) -> None:
    """The first lines of a game against bots: the message ``key`` (with ``fields``), then each bot's seat."""
    out.line(f"[bold]{tell.say(key, players=players, seat=tell.human, **fields)}[/]")
    bots = Narrator(tell.lang, names=tell.names)
    for seat in range(players):
        if seat != tell.human:
            out.line(f"  {bots.seat(seat)}")


def follow(
    out: Output,
    before: T,
    states: Iterable[T],
    lines: Callable[[T, T], Iterable[str]],
    *,
    delay: float = 0.0,
    sleep: Callable[[float], None] = time.sleep,
) -> T:
    """Write ``lines(before, after)`` for each step of a game, ``before`` then ``states``; the last state.

    With a ``delay``, ``sleep`` for that long after each step.
    """
    for after in states:
        for line in lines(before, after):
            out.line(line)
        before = after
        if delay:
            sleep(delay)
    return before


def against(
    out: Output,
    tell: Narrator,
    opponents: Sequence[B],
    person: Callable[[Narrator], B],
    key: str,
    **fields: object,
) -> tuple[Narrator, list[B]]:
    """The seats of a game of ``play``: the person (``person(tell)``) at ``tell.human``, the ``opponents`` around.

    Writes the first lines (the message ``key`` with ``fields``, then each bot's seat,
    see :func:`introduce`); returns ``tell`` naming the bots, and the players by seat.
    """
    human = human_seat(tell)
    tell = named(tell, with_human(opponents, human, None))
    players = with_human(opponents, human, person(tell))
    introduce(out, tell, key, len(players), **fields)
    return tell, players


S = TypeVar("S")
G = TypeVar("G", bound=State)  # a state of a game of the registry


def _nothing(out: Output, state: object, tell: Narrator) -> None:
    """Nothing to show."""


@attrs.frozen
class Drawing(Generic[S]):
    """How ``demo`` and ``replay`` show the games of one game: its part of both.

    ``demo`` shows :attr:`deal`, a rule, :attr:`start`, the lines of each move
    (:attr:`moved`, ``demo=True``), a rule and :attr:`end` (``demo=True``); ``replay``
    shows :attr:`deal`, then each position under a rule (the lines of the move that
    led to it, ``demo=False``, then :attr:`position`), and :attr:`end` once the game
    is over.
    """

    deal: Callable[[Output, S, Narrator], None]
    """The deal, ``deal(out, state, tell)``."""
    moved: Callable[[S, S, Narrator, bool], Iterable[str]]
    """The lines of one move, ``moved(before, after, tell, demo)``."""
    end: Callable[[Output, S, Narrator, bool], None]
    """The result of a finished game, ``end(out, state, tell, demo)``."""
    start: Callable[[Output, S, Narrator], None] = _nothing
    """What ``demo`` shows before the first move (who leads, say)."""
    position: Callable[[Output, S, Narrator, bool], None] = lambda out, state, tell, first: None
    """What ``replay`` shows of each position after the lines of its move,
    ``position(out, state, tell, first)`` (``first`` for the deal)."""


def _plain_deal(out: Output, state: Any, tell: Narrator) -> None:
    for seat in range(state.players):
        out.line(escape(tell.seat(seat)))


def _plain_moved(before: Any, after: Any, tell: Narrator, demo: bool) -> list[str]:
    return [escape(str(event)) for event in after.history[len(before.history) :]]


def _plain_end(out: Output, state: Any, tell: Narrator, demo: bool) -> None:
    game = games.game_of(state)
    if game is not None:
        for standing in game.ranking(state):
            out.line(escape(f"{standing.place}. {tell.seat(standing.seat)}"))


PLAIN: Drawing[Any] = Drawing(_plain_deal, _plain_moved, _plain_end)
"""The drawing of a game that brings none: the seats, each move's events as text, the ranking."""


def played(
    game: Game[G, Any, Any], bots: Sequence[Any], *, seed: int | None, **setup: Any
) -> Iterator[G]:
    """The states of one game of ``game`` between ``bots`` (one per seat), dealt from ``seed``.

    As each game's ``play_game`` plays it: the bots draw from one generator, seeded by
    a one-way step from ``seed`` (:func:`sevens_ru.common._bots.rngs_for`).
    """
    lineup = lineup_of(bots)
    state = game.new_game(len(lineup), seed=seed, **setup)
    yield from bot_steps(
        state,
        lineup,
        rngs_for(None, seed, len(lineup)),
        view=game.view,
        apply=game.apply,
        is_over=game.is_over,
    )


def watch(
    out: Output,
    game: Game[G, Any, Any],
    drawing: Drawing[G],
    bots: Sequence[Any],
    tell: Narrator,
    *,
    delay: float,
    sleep: Callable[[float], None] = time.sleep,
    seed: int | None = None,
    **setup: Any,
) -> G:
    """Bots play one game of ``game``, drawn by ``drawing`` move by move; the last state.

    ``bots[seat]`` plays ``seat``, named as ``tell`` names them (by default, by
    :func:`~sevens_ru.bots.bot_name`); ``setup`` holds the game's ``new_game`` keywords.
    """
    tell = named(tell, bots)
    states = played(game, bots, seed=seed, **setup)
    first = next(states)
    drawing.deal(out, first, tell)
    out.rule()
    drawing.start(out, first, tell)
    final = follow(
        out,
        first,
        states,
        lambda before, after: drawing.moved(before, after, tell, True),
        delay=delay,
        sleep=sleep,
    )
    out.rule()
    drawing.end(out, final, tell, True)
    return final


# Matches


class _Match(Protocol):
    """What :func:`show_match` reads of a match result."""

    @property
    def deals(self) -> int: ...

    @property
    def games(self) -> int: ...

    @property
    def seed(self) -> int: ...

    @property
    def duplicate(self) -> bool: ...

    @property
    def bots(self) -> Sequence[Any]: ...

    def to_dict(self) -> dict[str, Any]: ...


M = TypeVar("M", bound=_Match)


def timed_match(
    out: Output, play: Callable[[Progress], M], *, games: int, show_progress: bool
) -> tuple[M, float]:
    """Play a match of ``games`` deals with a progress bar; the result and the seconds it took."""
    started = time.perf_counter()
    with out.progress("deals", games, enabled=show_progress) as progress:
        result = play(progress)
    return result, time.perf_counter() - started


def show_match(
    out: Output,
    result: _Match,
    seconds: float,
    *,
    as_json: bool,
    title: str,
    columns: Mapping[str, Callable[[Any], object]],
    note: str,
) -> None:
    """The result as JSON (with the ``seconds``), or as a table under ``title`` and a ``note``.

    The table has a row per bot of ``result.bots``, a column per entry of ``columns``
    (the header, and what to show of a bot), after the bot's name and games and before
    its milliseconds per move.
    """
    if as_json:
        record = result.to_dict()
        record["seconds"] = round(seconds, 3)
        out.stream.write(json.dumps(record, indent=2) + "\n")
        return
    rows = [
        [
            escape(bot.name),
            str(bot.games),
            *(_figure(column(bot)) for column in columns.values()),
            f"{bot.ms_per_move:.2f}",
        ]
        for bot in result.bots
    ]
    headers = ["bot", "games", *columns, "ms/move"]
    deals = plural("en", result.deals, ("deal", "deals"))
    games = plural("en", result.games, ("game", "games"))
    played = f"{result.deals} {deals}"
    if result.duplicate:
        played += f", each in every seat rotation: {result.games} {games}"
    else:
        played += f", each once: {result.games} {games}"
    out.table(
        headers, rows, title=f"{title}, {played}, seed {result.seed}", right=(1, len(headers) - 1)
    )
    told = (
        f"95% intervals under each figure: Student t over per-deal means; {note}; {seconds:.1f} s"
    )
    out.line(f"[dim]{escape(textwrap.fill(told, min(out.width, 80) - 1))}[/]")


def _figure(value: object) -> str:
    """A figure of a match in a table's cell: its value, and its 95 % interval under it.

    >>> from sevens_ru.tournament import Estimate
    >>> print(_figure(Estimate(0.388, 0.2875, 0.4971, 80)))
    0.388
    0.287–0.497
    """
    mean, low, high = (getattr(value, name, None) for name in ("mean", "low", "high"))
    if not all(isinstance(number, (int, float)) for number in (mean, low, high)):
        return str(value)
    return f"{mean:.3f}\n{low:.3f}–{high:.3f}"


# Records


def browse(
    out: Output, lang: Language, total: int, show: Callable[[int], None], *, step: bool
) -> int:
    """Show the positions 0 to ``total`` of a game, each under a rule, by ``show(number)``.

    With ``step``, wait after each for Enter (next), ``b`` (back) or ``q`` (quit); any
    other key is answered with the keys. Returns the number of the position shown
    last: ``total``, unless the person quit.
    """
    number = 0
    shown = -1
    while True:
        if number != shown:
            title = say(lang, "ply", number=number, total=total) if number else say(lang, "start")
            out.rule(title)
            show(number)
            shown = number
        if number == total:
            return number
        if step:
            try:
                answer = out.ask(say(lang, "step")).strip().lower()
            except EOFError:  # Ctrl-D: end the prompt's line
                out.line()
                answer = "q"
            if answer == "q":
                return number
            if answer == "b":
                number = max(0, number - 1)
                continue
            if answer:
                out.line(escape(say(lang, "keys", key=answer)))
                continue
        number += 1


def replay_game(
    out: Output,
    game: Game[G, Any, Any],
    drawing: Drawing[G],
    text: str,
    *,
    lang: Language,
    step: bool,
) -> G:
    """Show a saved game of ``game`` (the JSON ``text`` of its record) move by move; the last state shown.

    The record's tags name the seats ("Seat 0 (heuristic)") and head the game (its
    event, site, date and round). Its positions are the game's :attr:`~sevens_ru.games.Game.positions` (the final one
    alone for a game that has none). With ``step``, wait after each move for Enter
    (next), ``b`` (back) or ``q`` (quit).
    """
    record = game.read_record(text)
    state = record.state
    states = list(game.positions(state)) if game.positions is not None else [state]
    tell = Narrator(lang, names=record.tags.players or ())
    told = record.tags.headline(say(lang, "round", round="{round}"))
    if told:
        out.line(f"[bold]{escape(told)}[/]")
    drawing.deal(out, states[0], tell)

    def show(number: int) -> None:
        if number:
            for line in drawing.moved(states[number - 1], states[number], tell, False):
                out.line(line)
        drawing.position(out, states[number], tell, not number)

    last = browse(out, lang, len(states) - 1, show, step=step)
    if last < len(states) - 1:
        return states[last]
    if game.is_over(state):
        drawing.end(out, state, tell, False)
    return state


def save_record(out: Output, record: str, path: Path, lang: Language) -> None:
    """Write the game ``record`` (JSON text) to ``path`` and say so."""
    path.write_text(record + "\n", encoding="utf-8")
    out.line(f"[dim]{escape(say(lang, 'saved', path=path))}[/]")
