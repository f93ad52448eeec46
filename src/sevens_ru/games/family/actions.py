"""Action numbers of the family (F5): a card's action is its place in the game's pack, and pass is ``len(pack)``.

So there are ``len(pack) + 1`` actions: 53 for the 52-card presets (domino's 32-card
pack too, whose cards keep their places in the 52), 41 for cinquillo. The numbers do
not depend on the options: with ``ace="high"`` the ace keeps its number.

>>> from sevens_ru import games
>>> game = games.get("fan-tan")
>>> game.num_actions(4), game.action_of(game.parse_move("A♣")), game.action_of(game.parse_move("pass"))
(53, 0, 52)
>>> game.move_of(52), game.move_of(25)
(PASS, Card.parse('K♦'))
"""

from __future__ import annotations

from ...common._numbers import as_action
from ...common.cards import Card
from ...common.packs import Pack
from ...errors import InvalidMoveError
from .moves import PASS, Move, PassMove, parse_move

__all__ = ["action_of", "move_of", "num_actions"]


def num_actions(pack: Pack) -> int:
    """The number of actions with ``pack``: one per card, and one for :data:`PASS`."""
    return len(pack) + 1


def action_of(pack: Pack, move: Move | str) -> int:
    """The action number of ``move`` (a card, :data:`PASS`, or their text).

    Raises:
        CardParseError: text that is neither a card nor ``"pass"``.
        InvalidMoveError: a card that is not in ``pack``.
    """
    if not isinstance(move, (Card, PassMove)):
        move = parse_move(move)
    if move is PASS:
        return len(pack)
    if move not in pack:
        raise InvalidMoveError(f"{move} is not a card of this game's pack, so no action plays it")
    return pack.index(move)


def move_of(pack: Pack, action: object) -> Move:
    """The move of action number ``action`` (any integral number, numpy's too).

    Raises:
        InvalidMoveError: ``action`` is not an integral number from 0 to ``len(pack)``.
    """
    number = as_action(
        action, len(pack) + 1, "this game", f", one per card and {len(pack)} for pass"
    )
    return PASS if number == len(pack) else pack.cards[number]
