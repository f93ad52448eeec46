"""Write the documentation's pictures of positions, drawn by sevens_ru.svg, into docs/images/.

    python docs/make_pictures.py

The pictures are committed; ``tests/test_svg.py`` fails when one differs from what
this script draws now, so they cannot drift from the code.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import sevens_ru as s7
from sevens_ru import durak, games, svg

IMAGES = Path(__file__).parent / "images"


def pictures() -> dict[str, str]:
    """The pictures by file name: a Sevens game and a Durak bout, as states and as views; the family's."""
    state = s7.new_game(4, seed=7)
    for _ in range(14):
        state = s7.apply(state, s7.legal_moves(state)[-1])
    bout = durak.new_game(3, dealer=0, seed=7)
    for move in ("lead 6♣",):
        bout = durak.apply(bout, move)
    bout = durak.apply(bout, durak.legal_moves(bout)[0])
    return {
        "sevens-state.svg": svg.position(state),
        "sevens-view-ru.svg": svg.position(s7.view(state, 1), lang="ru"),
        "durak-state.svg": svg.position(bout),
        "durak-view-de.svg": svg.position(durak.view(bout, 0), lang="de"),
        "shichinarabe-burst.svg": svg.position(_burst()),
        "fan-tan-view-fr.svg": svg.position(_fan_tan(), lang="fr"),
    }


def _burst() -> object:
    """Shichinarabe just after the first burst of a random game: its cards laid out, islands dashed (N6)."""
    game = games.get("shichinarabe")
    state = game.new_game(4, seed=0)
    rng = random.Random(0)
    while not state.burst:
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


def _fan_tan() -> object:
    """Fan Tan with voluntary passes, seat 0's view: the pool, the chips paid, "may pass"."""
    game = games.get("fan-tan")
    state = game.new_game(4, seed=3, options=game.options_type(voluntary_passes=True))
    for _ in range(9):
        state = game.apply(state, game.legal_moves(state)[0])
    return game.view(state, state.current_player)


def main() -> int:
    """Write every picture."""
    IMAGES.mkdir(exist_ok=True)
    for name, picture in pictures().items():
        (IMAGES / name).write_text(picture + "\n", encoding="utf-8")
        print(f"wrote docs/images/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
