"""Old Durak as a :class:`~sevens_ru.games.Game`: what the registry gives as ``"durak"``.

>>> from sevens_ru import games
>>> durak = games.get("durak")
>>> state = durak.new_game(3, dealer=0, seed=7)
>>> str(durak.legal_moves(state)[0]), durak.num_actions(3)
('lead 6♣', 1252)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...common._deals import deal_again
from .._game import Game
from .._layout import folder_parts
from .deal import pack
from .game import new_game
from .moves import Move
from .observation import PlayerView
from .options import Options
from .state import GameState

__all__ = ["GAME"]


def _variants(players: int) -> Sequence[Mapping[str, Any]]:
    """Every dealer, with the full pack and, where the seats allow it, the short one (D1)."""
    decks = (False, True) if players < 4 else (False,)
    return tuple(
        {"dealer": dealer, "options": Options(short_deck=short)}
        for short in decks
        for dealer in range(players)
    )


def _random_setup(players: int, rng: random.Random) -> Mapping[str, Any]:
    """A random dealer."""
    return {"dealer": rng.randrange(players)}


def hide_others(state: GameState, viewer: int, rng: random.Random) -> GameState:
    """A new game of ``state``'s setup with the cards ``viewer`` cannot see dealt otherwise.

    The other seats' cards and the undealt ones are shuffled together and dealt again
    to the other seats (sizes kept); the trump card stays where it is, since it is
    turned up for everyone (D4).

    >>> import random
    >>> from sevens_ru import durak
    >>> state = durak.new_game(3, dealer=0, seed=7)
    >>> other = hide_others(state, 1, random.Random(1))
    >>> other.deal[1] == state.deal[1] and other.deal != state.deal
    True
    >>> durak.view(other, 1) == durak.view(state, 1)
    True
    """
    dealt = {card for hand in state.deal for card in hand}
    undealt = [card for card in pack(state.options.short_deck) if card not in dealt]
    hands = deal_again(state.deal, viewer, state.trump, rng, undealt)
    return new_game(
        state.players, dealer=state.dealer, hands=hands, trump=state.trump, options=state.options
    )


GAME: Game[GameState, PlayerView, Move] = Game(
    titles={
        "en": "Old Durak",
        "ru": "Дурачки",
        "fr": "Durak à l'ancienne",
        "de": "Altes Durak",
    },
    default_players=3,
    setup=("dealer", "trump", "options"),
    **folder_parts(__package__),
    variants=_variants,
    random_setup=_random_setup,
    hide_others=hide_others,
)
"""Old Russian Durak, the second game of the library."""
