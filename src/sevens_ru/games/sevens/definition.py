"""Russian Sevens as a :class:`~sevens_ru.games.Game`: what the registry gives as ``"sevens"``.

>>> from sevens_ru import games
>>> sevens = games.get("sevens")
>>> state = sevens.new_game(4, seed=7)
>>> sevens.legal_moves(state), sevens.num_actions(4), sevens.pack
((Card.parse('9♦'),), 36, Pack.RUSSIAN_36)
"""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...common._deals import deal_again
from ...common.cards import Card
from .._game import Game
from .._layout import folder_parts
from .game import new_game
from .observation import PlayerView
from .options import Options
from .state import GameState

__all__ = ["GAME"]


_NINE_OF_DIAMONDS = Card.parse("9♦")

_OPTIONS = tuple(
    Options(rank_by_passes=by_passes, place_numbering=numbering)
    for by_passes in (False, True)
    for numbering in ("competition", "dense")
)


def _variants(players: int) -> Sequence[Mapping[str, Any]]:
    """Every combination of the ranking options (R17, R18), each with another dealer (M2)."""
    return tuple(
        {"dealer": (players - 1 + number) % players, "options": options}
        for number, options in enumerate(_OPTIONS)
    )


def _random_setup(players: int, rng: random.Random) -> Mapping[str, Any]:
    """A random dealer (M2)."""
    return {"dealer": rng.randrange(players)}


def hide_others(state: GameState, viewer: int, rng: random.Random) -> GameState:
    """A new game of ``state``'s setup with the other seats' cards dealt otherwise (sizes kept).

    The 9♦ stays where it is: who holds it is public from the start (R7: that seat is
    to play).

    >>> import random
    >>> import sevens_ru as s7
    >>> state = s7.new_game(4, seed=7)
    >>> other = hide_others(state, 0, random.Random(1))
    >>> other.deal[0] == state.deal[0] and other.deal != state.deal
    True
    >>> s7.view(other, 0) == s7.view(state, 0)
    True
    """
    hands = deal_again(state.deal, viewer, _NINE_OF_DIAMONDS, rng)
    return new_game(state.players, hands=hands, options=state.options, dealer=state.dealer)


GAME: Game[GameState, PlayerView, Card] = Game(
    titles={
        "en": "Russian Sevens",
        "ru": "Семёрки",
        "fr": "Sept russe",
        "de": "Russisches Sieben",
    },
    default_players=4,
    setup=("dealer", "options"),
    **folder_parts(__package__),
    variants=_variants,
    random_setup=_random_setup,
    hide_others=hide_others,
    turn=operator.attrgetter("_turn"),  # current_player without the property
)
"""The main game of the library."""
