"""Save a game as a JSON record, load it back, replay it, and catch a forged record.

A record holds the players, the options, the deal and the cards played; loading it
replays every card through ``apply``, so a record that was edited into an illegal
game is refused with a ``RecordError`` that names the move at fault.

Run it:

python examples/game_records.py                    # writes the record to a temporary folder
python examples/game_records.py --out game.json    # or to a file you keep
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from pathlib import Path

import sevens_ru as s7


def play_random_game(seed: int) -> s7.GameState:
    """A finished game with random moves (any finished or unfinished state will do)."""
    state = s7.new_game(4, seed=seed, options=s7.Options(rank_by_passes=True))
    rng = random.Random(seed)
    while not s7.is_over(state):
        state = s7.apply(state, rng.choice(s7.legal_moves(state)))
    return state


def replay(record_text: str) -> None:
    """Step through a recorded game, one card at a time, from its deal."""
    record = json.loads(record_text)  # a plain JSON object: read it with any tool
    state = s7.new_game(
        record["players"], hands=record["deal"], options=s7.Options(**record["options"])
    )
    for ply, card in enumerate(record["moves"], 1):
        seat = state.current_player
        state = s7.apply(state, card)
        if ply <= 5:
            print(f"  move {ply}: seat {seat} plays {card}; passes so far {state.passes}")
    print(f"  ... {len(record['moves'])} cards in all; seat {state.winner} won")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Game records: save, load, replay, check.")
    parser.add_argument("--out", type=Path, default=None, help="where to write the record")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)

    game = play_random_game(args.seed)

    with tempfile.TemporaryDirectory() as folder:
        path = args.out or Path(folder) / "game.json"
        # 1. Save: to_json() gives text; indent makes it easy to read and to diff.
        path.write_text(s7.to_json(game, indent=2), encoding="utf-8")
        print(f"saved {path.stat().st_size} bytes")

        # 2. Load: from_json() replays and checks every move. The loaded state is
        # equal to the saved one: same deal, options and history.
        text = path.read_text(encoding="utf-8")
        loaded = s7.from_json(text)
        assert loaded == game
        assert loaded.history == game.history
        print("loaded an equal game; its ranking:")
        for standing in s7.ranking(loaded):
            print(f"  {standing}")

    # 3. Replay step by step, e.g. to animate a game or to study it.
    print("replay:")
    replay(text)

    # 4. A forged record: swap the first two moves. The opening card must be 9♦ (R7),
    # so loading fails, and the message names the move.
    forged = json.loads(text)
    forged["moves"][0], forged["moves"][1] = forged["moves"][1], forged["moves"][0]
    try:
        s7.from_json(json.dumps(forged))
    except s7.RecordError as error:
        print(f"forged record refused: {error}")
    else:
        raise AssertionError("a forged record was accepted")

    # 5. Many games: one record per line (JSON Lines) keeps a log easy to append to.
    lines = "\n".join(s7.to_json(play_random_game(seed)) for seed in range(3))
    games = [s7.from_json(line) for line in lines.splitlines()]
    print(f"{len(games)} games in a JSON Lines log, winners {[g.winner for g in games]}")


if __name__ == "__main__":
    main()
