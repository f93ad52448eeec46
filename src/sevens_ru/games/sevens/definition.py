"""Russian Sevens as a :class:`~sevens_ru.games.Game`: what the registry gives as ``"sevens"``.

>>> from sevens_ru import games
>>> sevens = games.get("sevens")
>>> state = sevens.new_game(4, seed=7)
>>> sevens.legal_moves(state), sevens.num_actions(4), sevens.pack
((Card.parse('9♦'),), 36, Pack.RUSSIAN_36)
"""

from __future__ import annotations

import importlib
import operator
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...common.cards import Card
from .._game import Game, Tensors, rules_of
from . import actions, game, moves, observation, picture, record, scoring
from .bots.registry import _REGISTRY
from .deal import PACK, check_players
from .game import new_game
from .kernels import kernels
from .observation import PlayerView
from .options import Options
from .state import GameState
from .text import text

__all__ = ["GAME"]


_NINE_OF_DIAMONDS = Card.parse("9♦")

_VARIANTS = tuple(
    {"options": Options(rank_by_passes=by_passes, place_numbering=numbering)}
    for by_passes in (False, True)
    for numbering in ("competition", "dense")
)


def _variants(players: int) -> Sequence[Mapping[str, Any]]:
    """Every combination of the ranking options (R17, R18)."""
    return _VARIANTS


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
    others = [seat for seat in range(state.players) if seat != viewer]
    pool = [card for seat in others for card in state.deal[seat] if card != _NINE_OF_DIAMONDS]
    rng.shuffle(pool)
    hands = [list(hand) for hand in state.deal]
    for seat in others:
        holds_nine = _NINE_OF_DIAMONDS in state.deal[seat]
        size = len(state.deal[seat]) - holds_nine
        hands[seat] = pool[:size] + ([_NINE_OF_DIAMONDS] if holds_nine else [])
        pool = pool[size:]
    return new_game(state.players, hands=hands, options=state.options)


GAME: Game[GameState, PlayerView, Card] = Game(
    name="sevens",
    titles={
        "en": "Russian Sevens",
        "ru": "Семёрки",
        "fr": "Sept russe",
        "de": "Russisches Sieben",
    },
    min_players=2,
    max_players=6,
    default_players=4,
    state_type=GameState,
    view_type=PlayerView,
    options_type=Options,
    setup=("options",),
    num_actions=lambda players: actions.NUM_ACTIONS,
    bots=_REGISTRY,
    **rules_of(game, observation, scoring, record, actions, moves),
    pack=PACK,
    variants=_variants,
    hide_others=hide_others,
    tensors=lambda: Tensors.of("sevens_ru.games.sevens.encode"),  # numpy, when asked for
    draw=picture.picture,
    positions=picture.positions,
    check_players=check_players,
    text=text,
    kernels=kernels,
    commands=lambda: importlib.import_module("sevens_ru.cli.sevens").GAME,
    server=lambda: importlib.import_module("sevens_ru.web.sevens").GAME,
    match=lambda: importlib.import_module("sevens_ru.games.sevens.tournament").RULES,
    turn=operator.attrgetter("_turn"),  # current_player without the property
)
"""The main game of the library."""
