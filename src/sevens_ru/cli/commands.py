"""``sevens-ru demo``, ``simulate`` and ``replay``."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ..bots import Bot, bot_name
from ..cards import Language
from ..events import Play
from ..game import apply, is_over, new_game
from ..observation import view
from ..record import from_json, to_json
from ..scoring import ranking
from ..state import GameState
from ..tournament import play_match
from ._shared import browse, save_record, show_match, timed_match
from .output import Output, escape, strip_markup
from .render import draw_rows, event_line, hand_line, ranking_table, row_line, seat_name
from .texts import say

__all__ = ["demo", "replay", "save", "simulate"]


def show_deal(out: Output, state: GameState, lang: Language, names: Sequence[str]) -> None:
    """Every seat's hand as dealt (for a demo or a replay, where nothing is hidden)."""
    out.rule(say(lang, "deal"))
    for seat, hand in enumerate(state.deal):
        name = seat_name(seat, lang, bot=names[seat] if seat < len(names) else None)
        out.line(f"{name}: {hand_line(hand, (), lang)}")


def demo(
    out: Output,
    bots: Sequence[Bot],
    *,
    players: int,
    seed: int | None,
    lang: Language,
    delay: float,
    sleep: Callable[[float], None] = time.sleep,
) -> GameState:
    """Bots play one game, shown play by play with the rows after each card."""
    state = new_game(players, seed=seed)
    rng = random.Random(seed)
    names = [bot_name(bot) for bot in bots]
    show_deal(out, state, lang, names)
    out.rule()
    seen = 0
    while not is_over(state):
        seat = state.current_player
        assert seat is not None  # not over
        card = bots[seat].choose(view(state, seat), rng)
        state = apply(state, card)
        for event in state.history[seen:]:
            line = event_line(event, lang, bots=names)
            if isinstance(event, Play):
                row = row_line(state.table, event.card.suit, lang)
                padding = " " * max(2, 36 - len(strip_markup(line)))
                line = f"{line}{padding}[dim]{row}[/]"
            out.line(line)
        seen = len(state.history)
        if delay:
            sleep(delay)
    out.rule()
    draw_rows(out, state.table, lang)
    winner = state.winner
    assert winner is not None
    out.line(f"[bold]{say(lang, 'wins', name=seat_name(winner, lang, bot=names[winner]))}[/]")
    ranking_table(out, ranking(state), lang, bots=names)
    return state


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
    """Many games between bots; a results table with 95 % intervals, or JSON."""
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
    rows = [
        [
            escape(bot.name),
            str(bot.games),
            str(bot.win_rate),
            str(bot.mean_place),
            str(bot.mean_cards_left),
            str(bot.mean_passes),
            f"{bot.ms_per_move:.2f}",
        ]
        for bot in result.bots
    ]
    show_match(
        out,
        result,
        seconds,
        as_json=as_json,
        title=f"{result.players} players",
        headers=["bot", "games", "win rate", "mean place", "cards left", "passes", "ms/move"],
        rows=rows,
        note=f"fair win rate {1 / result.players:.3f}",
    )


def replay(
    out: Output,
    path: Path,
    *,
    lang: Language,
    step: bool,
) -> GameState:
    """Show a saved game (a :func:`~sevens_ru.to_json` record) move by move.

    With ``step``, wait after each card for Enter (next), ``b`` (back) or ``q`` (quit).
    """
    state = from_json(path.read_text(encoding="utf-8"))
    plays = [event.card for event in state.history if isinstance(event, Play)]
    states = [new_game(state.players, hands=state.deal, options=state.options)]
    for card in plays:
        states.append(apply(states[-1], card))
    show_deal(out, states[0], lang, ())

    def show(number: int) -> None:
        if number:
            before = len(states[number - 1].history)
            for event in states[number].history[before:]:
                out.line(event_line(event, lang))
        draw_rows(out, states[number].table, lang)

    last = browse(out, lang, len(plays), show, step=step)
    if last < len(plays):
        return states[last]
    if is_over(state):
        winner = state.winner
        assert winner is not None
        out.line(f"[bold]{say(lang, 'wins', name=seat_name(winner, lang))}[/]")
        ranking_table(out, ranking(state), lang)
    return state


def save(out: Output, state: GameState, path: Path, lang: Language) -> None:
    """Write the game record of ``state`` to ``path`` (see :func:`~sevens_ru.to_json`)."""
    save_record(out, to_json(state, indent=1), path, lang)
