"""``sevens-ru demo|play|simulate --game durak`` and the replay of a Durak record.

The second game of the library, old Durak (:mod:`sevens_ru.durak`), through the same
command as the first: ``--game durak`` picks it, and ``replay`` recognises a Durak
record by its ``"game": "durak"``. The bots are ``random`` and ``heuristic``
(:mod:`sevens_ru.durak.bots`); the games are played by :mod:`sevens_ru.durak.play`,
the matches of ``simulate`` by :mod:`sevens_ru.durak.tournament`.

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

import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ..bots import UnknownBotError
from ..cards import Language
from ..durak.bots import Bot, HeuristicBot, RandomBot
from ..durak.game import apply, is_over, new_game
from ..durak.options import Options
from ..durak.play import play_game
from ..durak.record import from_json, to_json
from ..durak.state import GameState
from ..durak.tournament import play_match
from ._shared import browse, save_record, show_match, timed_match
from .durak_render import event_lines, ranking_table, show_deal, table_line, turn_line
from .output import Output, escape
from .texts import say

__all__ = ["DURAK_BOTS", "demo", "is_durak_record", "make_durak_bot", "replay", "save", "simulate"]

_FACTORIES: dict[str, Callable[[], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}

DURAK_BOTS: tuple[str, ...] = tuple(_FACTORIES)
"""The Durak bots the command knows by name: ``random`` and ``heuristic``."""


def make_durak_bot(name: str) -> Bot:
    """The Durak bot called ``name`` (``random`` or ``heuristic``).

    >>> from sevens_ru.cli.durak import make_durak_bot
    >>> make_durak_bot("heuristic")
    HeuristicBot()
    >>> make_durak_bot("search")
    Traceback (most recent call last):
    ...
    sevens_ru.errors.UnknownBotError: unknown Durak bot 'search': expected random or heuristic

    Raises:
        UnknownBotError: no Durak bot has that name (the Durak bots take no settings).
    """
    factory = _FACTORIES.get(name.strip().lower())
    if factory is None:
        raise UnknownBotError(f"unknown Durak bot {name!r}: expected {' or '.join(DURAK_BOTS)}")
    return factory()


def is_durak_record(text: str) -> bool:
    """Whether ``text`` is JSON of a Durak game record (``"game": "durak"``).

    >>> from sevens_ru.cli.durak import is_durak_record
    >>> is_durak_record('{"format": 1, "game": "durak"}'), is_durak_record("not JSON")
    (True, False)
    """
    try:
        record = json.loads(text)
    except ValueError:
        return False
    return isinstance(record, dict) and record.get("game") == "durak"


def _bout_lines(
    before: GameState, after: GameState, lang: Language, names: Sequence[str]
) -> list[str]:
    """The lines of one move, then the table while the bout goes on."""
    lines = event_lines(before, after, lang, names=names)
    if after.table and after.bouts == before.bouts:
        lines.append(f"[dim]    {say(lang, 'd_table')}: {table_line(after.table, lang)}[/]")
    return lines


def demo(
    out: Output,
    bots: Sequence[Bot],
    names: Sequence[str],
    *,
    seed: int,
    dealer: int,
    options: Options,
    lang: Language,
    delay: float,
    sleep: Callable[[float], None] = time.sleep,
) -> GameState:
    """Bots play one game of Durak, shown move by move with the table of each bout."""
    states = iter(play_game(bots, seed=seed, dealer=dealer, options=options))
    before = next(states)
    show_deal(out, before, lang, names)
    out.rule()
    assert before.attacker is not None  # a new game
    assert before.defender is not None
    out.line(f"[dim]{turn_line(before.attacker, before.defender, lang, names=names)}[/]")
    for after in states:
        for line in _bout_lines(before, after, lang, names):
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
    """Many Durak games between bots; a results table with 95 % intervals, or JSON."""
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
    rows = [
        [
            escape(bot.name),
            str(bot.games),
            str(bot.fool_rate),
            str(bot.draw_rate),
            str(bot.mean_place),
            str(bot.mean_payoff),
            f"{bot.ms_per_move:.2f}",
        ]
        for bot in result.bots
    ]
    deck = ", 32 cards" if options.short_deck else ""
    show_match(
        out,
        result,
        seconds,
        as_json=as_json,
        title=f"Durak: {result.players} players{deck}",
        headers=["bot", "games", "fool rate", "draws", "mean place", "payoff", "ms/move"],
        rows=rows,
        note=f"fair fool rate {1 / result.players:.3f} less the draws; payoff at a stake of 1",
    )


def replay(out: Output, text: str, *, lang: Language, step: bool) -> GameState:
    """Show a saved Durak game (a :func:`~sevens_ru.durak.to_json` record) move by move.

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
            for line in _bout_lines(states[number - 1], shown, lang, ()):
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
