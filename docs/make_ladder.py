"""Write the ladder, docs/ladder.md: every bot of each game against copies of each other bot.

    python docs/make_ladder.py [--games GAME,GAME] [--deals N] [--seed S]
                               [--jobs J | --backend ray [--address ADDR]]
                               [--bots GAME=NAME,NAME ...] [--out docs/ladder.md]

The games are Russian Sevens (``sevens``), Durak (``durak``) and the five presets of
the layout family (``sevens-52``, ``fan-tan``, ``shichinarabe``, ``domino``,
``cinquillo``). The bots are those of each game's registry (``sevens_ru.bots.BOT_NAMES``,
``sevens_ru.durak.bots.BOT_NAMES``, each preset's ``game.bots``), so a bot added there
is on the ladder at the next run. For every ordered pair of different bots, the row bot
sits with copies of the column bot (1 + 3 at 4 seats; Durak: 1 + 2 at 3 seats) for
``--deals`` duplicate deals (every deal in every seat rotation), all pairs on the same
seed and so on the same deals. Each game's section gives the row bot's win rate (fool
rate in Durak) with its 95 % interval, its time per move, and the command, seed, deal
counts, date and machine of the run that made it. ``--games sevens-52,fan-tan`` plays
only those games and keeps the other sections of the page as they are;
``--bots sevens=random,heuristic`` puts only those bots on a game's ladder.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import attrs

import sevens_ru as s7
from sevens_ru import bots, games, tournament
from sevens_ru.durak import bots as durak_bots
from sevens_ru.durak import tournament as durak_tournament

PAGE = Path(__file__).parent / "ladder.md"
DEFAULT_DEALS = 100
DEFAULT_SEED = 1


@attrs.frozen
class Game:
    """One game's ladder: its bots, its match, the figure it ranks them by."""

    key: str
    """The name ``--bots`` gives it."""
    title: str
    players: int
    """The seats of every lineup: the row bot and ``players - 1`` copies of the column bot."""
    names: tuple[str, ...]
    """Its registry's bots (``BOT_NAMES``)."""
    make_bot: Callable[[str], Any]
    play_match: Callable[..., Any]
    figure: str
    """The ``BotResult`` field on the ladder."""
    label: str
    fair: str
    """What a bot as good as its opponents scores."""
    better: str


FAMILY = ("sevens-52", "fan-tan", "shichinarabe", "domino", "cinquillo")
"""The presets of the layout family, in the order of the registry (F1)."""


def _family(name: str) -> Game:
    """The ladder of one preset of the family: its registry's bots, four seats, the win rate."""
    game = games.get(name)
    return Game(
        key=name,
        title=f"{game.titles['en']} (`{name}`)",
        players=4,
        names=game.bots.names,
        make_bot=game.bots.make,
        play_match=partial(tournament.match, game),
        figure="win_rate",
        label="win rate",
        fair="1/4 = 0.250",
        better="higher is better",
    )


GAMES = (
    Game(
        key="sevens",
        title="Russian Sevens",
        players=4,
        names=bots.BOT_NAMES,
        make_bot=bots.make_bot,
        play_match=tournament.play_match,
        figure="win_rate",
        label="win rate",
        fair="1/4 = 0.250",
        better="higher is better",
    ),
    Game(
        key="durak",
        title="Old Durak",
        players=3,
        names=durak_bots.BOT_NAMES,
        make_bot=durak_bots.make_bot,
        play_match=durak_tournament.play_match,
        figure="fool_rate",
        label="fool rate",
        fair="1/3 = 0.333, less the draws",
        better="lower is better",
    ),
    *(_family(name) for name in FAMILY),
)


@attrs.frozen
class Ladder:
    """One game's results: the row bot's figure against each column bot, and its speed."""

    game: Game
    names: tuple[str, ...]
    cells: Mapping[tuple[str, str], Any]
    """``(row, column)``: the row bot's :class:`~sevens_ru.tournament.Estimate`."""
    ms_per_move: Mapping[str, float]
    """Each bot's mean time per decision over its lineups as the row bot."""
    deals: int
    games: int
    """The games of one lineup: ``deals * players``."""
    seconds: float


def play_ladder(
    game: Game,
    names: Sequence[str],
    *,
    deals: int,
    seed: int,
    jobs: int = 1,
    backend: str = "processes",
    report: Callable[[str], None] = lambda line: None,
) -> Ladder:
    """Every bot of ``names`` against copies of every other, ``deals`` duplicate deals each."""
    started = time.perf_counter()
    cells: dict[tuple[str, str], Any] = {}
    seconds = dict.fromkeys(names, 0.0)
    moves = dict.fromkeys(names, 0)
    games = 0
    for row in names:
        for column in names:
            if row == column:
                continue
            lineup = [row] + [column] * (game.players - 1)
            result = game.play_match(
                [game.make_bot(name) for name in lineup],
                deals,
                seed=seed,
                names=lineup,
                jobs=jobs,
                backend=backend,
            )
            first = result.bots[0]
            cells[row, column] = first.figures[game.figure]
            seconds[row] += first.seconds
            moves[row] += first.moves
            games = result.games
            report(f"{game.key}: {row} against {column}: {game.label} {cells[row, column]}")
    return Ladder(
        game=game,
        names=tuple(names),
        cells=cells,
        ms_per_move={name: 1000 * seconds[name] / max(1, moves[name]) for name in names},
        deals=deals,
        games=games,
        seconds=time.perf_counter() - started,
    )


def table(ladder: Ladder) -> str:
    """The ladder as a Markdown table: a row per bot, a column per opponent."""
    names = ladder.names
    header = ["bot", *(f"against {name}" for name in names), "ms/move"]
    lines = [
        "| " + " | ".join(header) + " |",
        "|" + "|".join(["---"] + ["--:"] * (len(names) + 1)) + "|",
    ]
    for row in names:
        cells = ["—" if row == column else f"{ladder.cells[row, column]}" for column in names]
        lines.append(f"| `{row}` | " + " | ".join(cells) + f" | {ladder.ms_per_move[row]:.2f} |")
    return "\n".join(lines)


def machine(backend: str) -> str:
    """The machine the ladder was played on, and the cluster with Ray."""
    text = (
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}, sevens-ru {s7.__version__} "
        f"({s7.IMPLEMENTATION} core)"
    )
    if backend == "ray":
        import ray

        text += f"; a Ray cluster of {int(ray.cluster_resources().get('CPU', 0))} CPUs"
    return text


INTRO = [
    "# The ladder",
    "",
    "Every bot of each game against copies of each other bot, over duplicate deals.",
    "Each cell is the figure of the bot of its row in games where it sits with",
    "copies of the bot of its column, with its 95 % interval (the Wilson score",
    "interval, each deal one sample: see {mod}`sevens_ru.tournament`). Every deal is",
    "played once per seat rotation, so the row bot plays each hand from every seat",
    "and the luck of the cards cancels; every lineup of a game uses the same seed, and",
    "so the same deals. `ms/move` is the row bot's mean time per decision over its",
    "lineups, on the machine of its section while the matches ran (other load on it",
    "counts too).",
    "",
    "This page is made by a command anyone can rerun; the bots are those of each",
    "game's registry (`BOT_NAMES`, `game.bots`), each with its default settings, so a",
    "new bot appears at the next run. Each section names the command that made it;",
    "`--games` plays only the games it names and keeps the other sections.",
    "",
    "A larger run narrows the intervals (by about the square root of the deals); on a",
    "cluster, `--backend ray` plays it there ([a million-game tournament on a",
    "cluster](howto/cluster.md)).",
]
"""The page's opening, before the sections of the games."""


def section(ladder: Ladder, command: str, *, seed: int, backend: str) -> str:
    """One game's section of the page: its table, and the run that made it."""
    game = ladder.game
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        f"## {game.title}, {game.players} players",
        "",
        f"The {game.label} of the row bot at {game.players} seats, with "
        f"{game.players - 1} copies of the column bot; {game.better}, and a bot as "
        f"good as its opponents scores {game.fair}. Each cell: {ladder.deals} "
        f"duplicate deals, {ladder.games} games.",
        "",
        table(ladder),
        "",
        "```sh",
        command,
        "```",
        "",
        f"- Seed: {seed}",
        f"- Made: {when}, backend `{backend}`",
        f"- Machine: {machine(backend)}",
        f"- Time: {ladder.seconds:.0f} s",
    ]
    return "\n".join(lines)


def sections_of(text: str) -> dict[str, str]:
    """The sections of a page by the key of their game (those whose heading names one)."""
    found = {}
    for part in text.split("\n## ")[1:]:
        heading = part.split("\n", 1)[0]
        for game in GAMES:
            if heading.startswith(f"{game.title}, "):
                found[game.key] = "## " + part.strip("\n")
    return found


def page(sections: Mapping[str, str]) -> str:
    """The Markdown of docs/ladder.md: the opening, then each game's section in the order of :data:`GAMES`."""
    parts = ["\n".join(INTRO)]
    parts += [sections[game.key] for game in GAMES if game.key in sections]
    return "\n\n".join(parts) + "\n"


def parser() -> argparse.ArgumentParser:
    """The script's arguments."""
    parse = argparse.ArgumentParser(
        prog="python docs/make_ladder.py", description=__doc__.split("\n\n")[0]
    )
    parse.add_argument(
        "--games",
        default=None,
        metavar="GAME,GAME",
        help="only these games; the page keeps the others' sections (default: every game)",
    )
    parse.add_argument("--deals", type=int, default=DEFAULT_DEALS, help="deals per lineup")
    parse.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parse.add_argument("--jobs", type=int, default=1, help="processes (the result is the same)")
    parse.add_argument("--backend", choices=("processes", "ray"), default="processes")
    parse.add_argument("--address", default=None, help="with --backend ray: the cluster")
    parse.add_argument(
        "--bots",
        action="append",
        default=[],
        metavar="GAME=NAME,NAME",
        help="only these bots on a game's ladder (default: its registry's BOT_NAMES)",
    )
    parse.add_argument("--out", type=Path, default=PAGE, help="the page (default docs/ladder.md)")
    return parse


def lineups(chosen: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """The bots of each game's ladder: its ``BOT_NAMES``, or those ``--bots`` gives."""
    names = {game.key: game.names for game in GAMES}
    for text in chosen:
        key, _, listed = text.partition("=")
        if key not in names or len(listed.split(",")) < 2:
            raise SystemExit(
                f"--bots {text!r}: expected GAME=NAME,NAME with GAME one of {', '.join(names)}"
            )
        names[key] = tuple(listed.split(","))
    return names


def games_of(chosen: str | None) -> tuple[Game, ...]:
    """The games ``--games`` names (all of them for ``None``), in the order of :data:`GAMES`."""
    if chosen is None:
        return GAMES
    keys = [key.strip() for key in chosen.split(",")]
    unknown = [key for key in keys if key not in {game.key for game in GAMES}]
    if unknown or not keys:
        known = ", ".join(game.key for game in GAMES)
        raise SystemExit(f"--games {chosen!r}: expected names among {known}")
    return tuple(game for game in GAMES if game.key in keys)


def command(args: argparse.Namespace) -> str:
    """The command that makes the page again, with the options given."""
    words = ["python docs/make_ladder.py"]
    if args.games is not None:
        words.append(f"--games {args.games}")
    words += [f"--deals {args.deals}", f"--seed {args.seed}"]
    if args.jobs != 1:
        words.append(f"--jobs {args.jobs}")
    if args.backend != "processes":
        words.append(f"--backend {args.backend}")
    words += [f"--bots {text}" for text in args.bots]
    if args.out.resolve() != PAGE.resolve():
        words.append(f"--out {args.out}")
    return " ".join(words)


def main(argv: Sequence[str] | None = None) -> int:
    """Play the chosen games' ladders and write the page, keeping the other games' sections."""
    args = parser().parse_args(argv)
    chosen = lineups(args.bots)
    played = games_of(args.games)
    if args.backend == "ray" and args.address is not None:
        import ray

        ray.init(address=args.address)
    kept = sections_of(args.out.read_text(encoding="utf-8")) if args.out.exists() else {}
    rerun = command(args)
    for game in played:
        ladder = play_ladder(
            game,
            chosen[game.key],
            deals=args.deals,
            seed=args.seed,
            jobs=args.jobs,
            backend=args.backend,
            report=lambda line: print(line, file=sys.stderr, flush=True),
        )
        kept[game.key] = section(ladder, rerun, seed=args.seed, backend=args.backend)
        args.out.write_text(page(kept), encoding="utf-8")  # each game's section as it ends
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
