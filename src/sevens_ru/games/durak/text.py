"""A state of old Durak as plain text, every hand shown (the environments' ``render``).

>>> from sevens_ru import durak
>>> print(text(durak.new_game(2, dealer=0, seed=1)).splitlines()[0])
Durak, 2 players, trump K♣: seat 1 is to lead against seat 0
"""

from __future__ import annotations

from .game import is_over
from .state import GameState

__all__ = ["text"]


def text(state: GameState) -> str:
    """Who is to move, the bout, the cards set aside, then each seat's hand."""
    if is_over(state):
        where = "a draw" if state.loser is None else f"seat {state.loser} is the fool"
    elif state.table:
        where = f"seat {state.defender} defends against seat {state.attacker}"
    else:
        where = f"seat {state.attacker} is to lead against seat {state.defender}"
    bout = " ".join(f"{attack}/{cover}" if cover else str(attack) for attack, cover in state.table)
    lines = [
        f"Durak, {state.players} players, trump {state.trump}: {where}",
        f"bout: {bout or 'none'}; set aside: {len(state.set_aside)} cards",
    ]
    for seat, hand in enumerate(state.hands):
        cards = " ".join(map(str, hand)) or "no cards, out"
        lines.append(f"seat {seat}: {cards}")
    return "\n".join(lines)
