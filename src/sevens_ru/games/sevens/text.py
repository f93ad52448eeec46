"""A state of the main game as plain text, every hand shown (the environments' ``render``).

>>> import sevens_ru as s7
>>> print(text(s7.new_game(2, seed=1)).splitlines()[0])
Russian Sevens, 2 players: seat 1 to play
"""

from __future__ import annotations

from ...common.cards import Suit
from .deal import PACK
from .game import is_over
from .state import GameState

__all__ = ["text"]


def text(state: GameState) -> str:
    """The rows, then each seat's passes and hand."""
    over = is_over(state)
    where = f"seat {state.winner} won" if over else f"seat {state.current_player} to play"
    lines = [f"Russian Sevens, {state.players} players: {where}"]
    for suit in Suit:
        row = state.row(suit)
        if row is None:
            lines.append(f"{suit.symbol}  not open")
        else:
            low, high = row
            cells = [rank.label() if low <= rank <= high else "·" for rank in PACK.ranks]
            lines.append(f"{suit.symbol}  " + " ".join(cell.rjust(2) for cell in cells))
    for seat, hand in enumerate(state.hands):
        passes = state.passes[seat]
        cards = " ".join(map(str, hand)) or "no cards"
        lines.append(f"seat {seat} ({passes} pass{'es' if passes != 1 else ''}): {cards}")
    return "\n".join(lines)
