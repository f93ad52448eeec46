"""``sevens-ru demo --series`` and ``play --series``: a series of deals (M1–M10) at one table.

Written once for every game of the command that has series rules: each deal is drawn
by the game's own :class:`~sevens_ru.cli._shared.Drawing` and played by its bots (and,
with ``play``, by the person through the game's own player at the terminal,
:attr:`~sevens_ru.cli._commands.Game.person`); between deals come the stacks or
totals, what the deal changed, and the bank. The series' options come from
``--scoring``, ``--deals``, ``--target``, ``--start``, ``--ante``, ``--fine``, ``--debt``
and ``--stake`` (:class:`~sevens_ru.series.SeriesOptions`), each refused as a bad
argument where the game does not take it.

>>> from sevens_ru.cli import main
>>> main(["demo", "--series", "--deals", "2", "--players", "3", "--seed", "4", "--plain",
...       "--bots", "heuristic", "random"])  # doctest: +ELLIPSIS
A series of Russian Sevens, 3 players, scored by the bank
...
--- Deal 1, dealt by Seat 2 (heuristic) ---
...
The series is over after 2 deals.
...
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..common._bots import bots_seed
from ..errors import SevensError
from ..series import (
    Series,
    SeriesOptions,
    apply,
    from_json,
    is_over,
    new_series,
    ranking,
    to_json,
)
from ..series.game import rules_of
from ._arguments import argument
from ._shared import delay_of, named, replay_game, seat_of, seated, with_human
from .output import Output, escape
from .texts import Narrator, say

if TYPE_CHECKING:
    from ._commands import Game

__all__ = [
    "FLAGS",
    "demo",
    "is_series_record",
    "play",
    "replay",
    "series_options",
    "show_totals",
    "wanted",
]

FLAGS = ("scoring", "start", "ante", "fine", "debt", "deals", "target", "stake")
"""The series options the command takes, each as ``--NAME`` (``SeriesOptions``' fields)."""

_MONEY = ("bank", "chips")  # the kinds whose totals are stacks


def wanted(args: argparse.Namespace) -> bool:
    """Whether ``args`` ask for a series (``--series``).

    Raises:
        argparse.ArgumentError: a series option without ``--series``.
    """
    if getattr(args, "series", False):
        return True
    for name in FLAGS:
        if _given(getattr(args, name, None)):
            raise argparse.ArgumentError(None, f"argument --{name}: goes with --series")
    return False


def _given(value: object) -> bool:
    """Whether a series flag was given: a number (0 too), or ``--debt``."""
    return value is not None and value is not False


def series_options(game: Game, args: argparse.Namespace, players: int) -> SeriesOptions | None:
    """The series' options of ``args``, or ``None`` without ``--series``; checked for ``game``.

    Raises:
        argparse.ArgumentError: a series option without ``--series``, a bad value, or
            one that ``game`` does not take (named as its flag).
    """
    if not wanted(args):
        return None
    given = {name: getattr(args, name) for name in FLAGS if _given(getattr(args, name, None))}
    for name, value in given.items():
        with argument(f"--{name}"):
            SeriesOptions(**{name: value})
    options = SeriesOptions(**given)
    with argument("--series"):
        rules = rules_of(game.game)
    kind = options.scoring or rules.scoring
    for name in ("ante", "fine", "debt"):
        if name in given and kind != "bank":
            raise argparse.ArgumentError(
                None, f"argument --{name}: goes with the bank (--scoring bank), not {kind}"
            )
    with argument("--scoring" if "scoring" in given else "--series"):
        new_series(game.game, players, seed=0, series_options=options)
    return options


def _setup(
    game: Game, args: argparse.Namespace, players: int
) -> tuple[dict[str, Any], SeriesOptions]:
    """The keywords of :func:`~sevens_ru.series.new_series` from the game's settings and the series flags."""
    settings = game.settings_of(args, players, "--players")
    options = series_options(game, args, players)
    assert options is not None  # --series was given
    keywords: dict[str, Any] = {"seed": settings.pop("seed", None)}
    if "dealer" in settings:
        keywords["first_dealer"] = settings.pop("dealer")
    if "options" in settings:
        keywords["options"] = settings.pop("options")
    with argument("--series"):
        new_series(game.game, players, series_options=options, **keywords)
    return keywords, options


def demo(game: Game, args: argparse.Namespace, out: Output) -> int:
    """``sevens-ru demo --series``: bots play a whole series, every deal shown move by move."""
    players = game.players if args.players is None else args.players
    keywords, options = _setup(game, args, players)
    bots, names = seated(game.make_bot, args.bots or game.bots["demo"], players, "--bots")
    tell = named(Narrator(args.lang, names=names), bots)
    table = new_series(game.game, players, series_options=options, **keywords)
    rngs = [random.Random(bots_seed(table._seed))] * players
    final = _run(out, game, table, tell, lambda seat: bots[seat], rngs, delay_of(args), demo=True)
    _save(out, args, final)
    return 0


def play(game: Game, args: argparse.Namespace, out: Output) -> int:
    """``sevens-ru play --series``: a person against bots for a whole series."""
    if game.person is None:
        raise argparse.ArgumentError(
            None, f"argument --game: {game.game.name} cannot be played in the terminal"
        )
    players = game.players if args.players is None else args.players
    keywords, options = _setup(game, args, players)
    seat = seat_of(args, players)
    names = args.opponents or game.bots["play"]
    bots, names = seated(game.make_bot, names, players - 1, "--opponents")
    tell = Narrator(args.lang, human=seat, names=with_human(names, seat, ""))
    person = game.person(out, tell)
    players_by_seat = with_human(bots, seat, person)
    table = new_series(game.game, players, series_options=options, **keywords)
    rngs = [random.Random(bots_seed(table._seed))] * players
    final = _run(out, game, table, tell, lambda each: players_by_seat[each], rngs, 0.0, demo=False)
    _save(out, args, final)
    return 0


def _run(
    out: Output,
    game: Game,
    table: Series,
    tell: Narrator,
    player: Callable[[int], Any],
    rngs: Sequence[random.Random],
    delay: float,
    *,
    demo: bool,
    sleep: Callable[[float], None] = time.sleep,
) -> Series:
    """Play ``table`` to its end, ``player(seat)`` choosing each seat's moves; the final series."""
    drawing = game.drawing
    _introduce(out, table, tell)
    start: int = table.series_options.start  # type: ignore[assignment]  # resolved
    show_totals(
        out, table, tell, say(tell.lang, "s_start"), changes=None, totals=(start,) * table.players
    )
    while True:
        state = table.current
        number = table.deal_number
        if table.dealer == tell.human:
            heading = say(tell.lang, "s_deal_you", number=number + 1)
        else:
            heading = say(tell.lang, "s_deal", number=number + 1, name=tell.seat(table.dealer))
        out.rule(escape(heading))
        if table.bank is not None:
            out.line(escape(say(tell.lang, "s_in_bank", chips=table.bank)))
        if demo:
            drawing.deal(out, state, tell)
            out.rule()
        drawing.start(out, state, tell)
        while table.deal_number == number and not is_over(table):
            seat: int = table.current_player  # type: ignore[assignment]  # in play
            move = player(seat).choose(game.game.view(table.current, seat), rngs[seat])
            try:
                after = apply(table, move)
            except SevensError as error:
                raise type(error)(f"seat {seat}: {error}") from error
            finished = after.played[number] if after.deal_number != number or after.over else None
            last = after.current if finished is None else finished
            for line in drawing.moved(state, last, tell, demo):
                out.line(line)
            state, table = last, after
            if delay:
                sleep(delay)
        out.rule()
        drawing.end(out, state, tell, demo)
        result = table.results[number]
        show_totals(
            out,
            table,
            tell,
            say(tell.lang, "s_after", number=number + 1),
            changes=result.change,
            totals=result.totals,
        )
        if is_over(table):
            break
    _finish(out, table, tell)
    return table


def is_series_record(text: str) -> bool:
    """Whether the JSON ``text`` of a record is a series record (it has ``"deals"``)."""
    try:
        record = json.loads(text)
    except ValueError:
        return False
    return isinstance(record, dict) and "deals" in record


def replay(game: Game, args: argparse.Namespace, out: Output) -> int:
    """``sevens-ru replay`` of a series record: each deal as the game replays it, the totals between."""
    if args.html is not None:
        raise argparse.ArgumentError(
            None, "argument --html: a series record is replayed in the terminal, deal by deal"
        )
    table = from_json(args.record)
    tell = Narrator(args.lang)
    _introduce(out, table, tell)
    for number, state in enumerate(table.played):
        dealer = tell.seat(state.dealer)
        out.rule(escape(say(tell.lang, "s_deal", number=number + 1, name=dealer)))
        text = game.game.to_json(state)
        replay_game(out, game.game, game.drawing, text, lang=tell.lang, step=args.step)
        result = table.results[number]
        title = say(tell.lang, "s_after", number=number + 1)
        show_totals(out, table, tell, title, changes=result.change, totals=result.totals)
    if is_over(table):
        _finish(out, table, tell)
    return 0


def _introduce(out: Output, table: Series, tell: Narrator) -> None:
    """The series' title, how it ends, the bank's ante and fine, and the person's seat."""
    lang = tell.lang
    options = table.series_options
    scoring = say(lang, f"s_{table.scoring}")
    title = say(
        lang, "s_title", game=table.game.title(lang), players=table.players, scoring=scoring
    )
    out.line(f"[bold]{escape(title)}[/]")
    if options.deals is not None:
        out.line(escape(say(lang, "s_end_deals", count=options.deals)))
    if options.target is not None:
        out.line(escape(say(lang, "s_end_target", target=options.target)))
    if table.scoring == "bank":
        out.line(escape(say(lang, "s_end_ante")))
        out.line(escape(say(lang, "s_antes", ante=options.ante, fine=options.fine)))
    elif table.scoring == "chips" and options.start:
        out.line(escape(say(lang, "s_end_broke")))
    if tell.human is not None:
        out.line(escape(say(lang, "s_intro", seat=tell.human)))
    bots = Narrator(lang, names=tell.names)
    for seat in range(table.players):
        if seat != tell.human and tell.names:
            out.line(f"  {escape(bots.seat(seat))}")


def show_totals(
    out: Output,
    table: Series,
    tell: Narrator,
    title: str,
    *,
    changes: Sequence[int] | None,
    totals: Sequence[int] | None = None,
) -> None:
    """Every seat's stack or total (``totals``, by default the series' now), with ``changes`` if given, and the bank."""
    lang = tell.lang
    shown = table.totals if totals is None else totals
    column = say(lang, "s_stack" if table.scoring in _MONEY else "s_total")
    headers = [say(lang, "player"), column]
    rows = []
    for seat, total in enumerate(shown):
        row = [escape(tell.seat(seat)), str(total)]
        if changes is not None:
            row.append(f"{changes[seat]:+d}")
        rows.append(row)
    if changes is not None:
        headers.append(say(lang, "s_change"))
    out.table(headers, rows, title=escape(title), right=tuple(range(1, len(headers))))
    if table.bank is not None and changes is not None:  # M10 (i): n × start in all
        start: int = table.series_options.start  # type: ignore[assignment]  # resolved
        bank = table.players * start - sum(shown)
        out.line(escape(say(lang, "s_in_bank", chips=bank)))


def _finish(out: Output, table: Series, tell: Narrator) -> None:
    """The end of the series: how many deals, who won, the ranking."""
    lang = tell.lang
    out.rule()
    out.line(escape(say(lang, "s_over", count=len(table.played))))
    standings = ranking(table)
    winners = [standing.seat for standing in standings if standing.place == 1]
    if len(winners) > 1:
        line = say(lang, "s_shared", names=", ".join(tell.seat(seat) for seat in winners))
    elif winners[0] == tell.human:
        line = say(lang, "s_you_win")
    else:
        line = say(lang, "s_wins", name=tell.seat(winners[0]))
    out.line(f"[bold]{escape(line)}[/]")
    column = say(lang, "s_stack" if table.scoring in _MONEY else "s_total")
    rows = [
        [str(standing.place), escape(tell.seat(standing.seat)), str(standing.total)]
        for standing in standings
    ]
    out.table(
        [say(lang, "place"), say(lang, "player"), column],
        rows,
        title=escape(say(lang, "s_ranking")),
        right=(0, 2),
    )


def _save(out: Output, args: argparse.Namespace, table: Series) -> None:
    """Write the series record to ``--save`` if given, and say so."""
    if args.save is None:
        return
    args.save.write_text(to_json(table, indent=1) + "\n", encoding="utf-8")
    out.line(f"[dim]{escape(say(args.lang, 's_saved', path=args.save))}[/]")
