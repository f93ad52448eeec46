"""A state of a family game as plain text, every hand shown (the environments' ``render``).

The first line names the preset, the seats and who is to move (or who won); then each
suit's row over the preset's whole rank order (F4), ``·`` where a card is not on the
table and the rank marked ``'`` for a card beyond a gap (an island, N6); then the
preset's extras (fan-tan's pool, domino's start rank); then each seat: its passes,
how it stands (out, burst), its chips paid or the sevens it laid, and its hand. A
finished game ends with its places, and fan-tan's chips or cinquillo's scores.

>>> from sevens_ru import games
>>> game = games.get("cinquillo")
>>> print(text(game.apply(game.new_game(4, dealer=3, seed=6), "5♦")))
Cinquillo, 4 players: seat 3 to play
♣  not open
♦   ·  ·  ·  ·  5  ·  ·  ·  ·  ·
♥  not open
♠  not open
seat 0 (0 passes): A♣ 2♣ Q♣ A♦ J♦ 3♥ 2♠ 5♠ 6♠ Q♠
seat 1 (0 passes): 3♣ 5♣ Q♦ K♦ 5♥ Q♥ 4♠ 7♠ K♠
seat 2 (1 pass): 4♣ 6♣ J♣ K♣ 2♦ 7♦ A♥ 2♥ 7♥ 3♠
seat 3 (0 passes): 7♣ 3♦ 4♦ 6♦ 4♥ 6♥ J♥ K♥ A♠ J♠
"""

from __future__ import annotations

from ...common.cards import Card
from .picture import islands
from .presets import rules_for
from .scoring import Standing
from .state import FamilyState

__all__ = ["text"]

_TITLES = {
    "sevens-52": "Sevens",
    "fan-tan": "Fan Tan",
    "shichinarabe": "Shichinarabe",
    "domino": "Card Domino",
    "cinquillo": "Cinquillo",
    "sevens": "Russian Sevens",
}


def text(state: FamilyState) -> str:
    """The rows, the preset's extras, then each seat's passes, standing and hand; the outcome once over."""
    from .definition import GAMES  # the presets are made from this module's functions

    name = type(state).game_name
    game = GAMES.get(name)
    rules = rules_for(name, state.options)
    over = state.current_player is None
    standings: tuple[Standing, ...] = game.ranking(state) if over and game else ()
    if over:
        where = f"seat {standings[0].seat} won" if standings else "over"
    else:
        where = f"seat {state.current_player} to play"
    lines = [f"{_TITLES.get(name, name)}, {state.players} players: {where}"]
    table = state.table_mask
    apart = islands(rules, table, state._centre)
    pack = rules.pack
    for row, line in enumerate(rules.lines):
        suit = pack.suits[row]
        if state.row(suit) is None and not any(table & bit for bit in line):
            lines.append(f"{suit.symbol}  not open")
            continue
        cells = []
        for place, bit in enumerate(line):  # each place 3 columns: an island marked ' (N6)
            label = rules.order[place].label() if table & bit else "·"
            cells.append(label.rjust(2) + ("'" if apart & bit else " "))
        lines.append(f"{suit.symbol}  " + "".join(cells).rstrip())
    pool = getattr(state, "pool", None)
    if pool is not None:
        lines.append(f"pool: {pool}")
    if name == "domino":
        rank = getattr(state, "start_rank", None)
        lines.append("any card opens" if rank is None else f"start rank: {rank.label()}")
    for seat, hand in enumerate(state.hands):
        passes = state.passes[seat]
        told = [f"{passes} pass{'es' if passes != 1 else ''}"]
        if rules.policy == "limited":
            told[0] += f" of {rules.limit}"
        if seat in state.burst:
            told.append("burst")
        elif seat in state.finished:
            told.append(f"out {state.finished.index(seat) + 1}")
        paid = getattr(state, "paid", None)
        laid = getattr(state, "laid", None)
        if paid is not None:
            told.append(f"paid {paid[seat]}")
        if laid and laid[seat]:
            told.append("laid " + _cards(laid[seat]))
        lines.append(f"seat {seat} ({', '.join(told)}): {_cards(hand) or 'no cards'}")
    if standings:
        places = ", ".join(f"{standing.place}. seat {standing.seat}" for standing in standings)
        lines.append(f"places: {places}")
        payoffs = getattr(game, "payoffs", None)
        scores = getattr(game, "scores", None)
        if payoffs is not None:
            lines.append("chips: " + " ".join(f"{chips:+d}" for chips in payoffs(state)))
        if scores is not None:
            lines.append("scores: " + " ".join(map(str, scores(state))))
    return "\n".join(lines)


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))
