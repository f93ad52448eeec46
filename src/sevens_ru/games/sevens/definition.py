"""Russian Sevens as a :class:`~sevens_ru.games.Game`: what the registry gives as ``"sevens"``.

>>> from sevens_ru import games
>>> sevens = games.get("sevens")
>>> state = sevens.new_game(4, seed=7)
>>> sevens.legal_moves(state), sevens.num_actions(4), sevens.pack
((Card.parse('9♦'),), 36, Pack.RUSSIAN_36)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...common.cards import Card
from .._game import Game, Tensors
from . import actions
from .bots.registry import _REGISTRY
from .deal import PACK
from .game import apply, is_over, legal_actions, legal_mask, legal_moves, new_game
from .observation import PlayerView, view
from .options import Options
from .record import from_json, to_json
from .scoring import ranking, returns
from .state import GameState

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


def _tensors() -> Tensors:
    from . import encode  # numpy, when asked for

    return Tensors(
        observation=encode.observation,
        observation_size=encode.observation_size,
        information_state=encode.information_state,
        information_state_size=encode.information_state_size,
        observation_of=encode.observation_of,
        observe_into=encode.observe_into,
    )


def _draw(position: Any, lang: Any = "en", **keywords: Any) -> str:
    from ...svg import position as picture

    return picture(position, lang=lang, **keywords)


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
    new_game=new_game,
    legal_moves=legal_moves,
    apply=apply,
    is_over=is_over,
    ranking=ranking,
    view=view,
    returns=returns,
    to_json=to_json,
    from_json=from_json,
    parse_move=Card.parse,
    num_actions=lambda players: actions.NUM_ACTIONS,
    action_of=actions.action_of,
    move_of=actions.move_of,
    legal_actions=legal_actions,
    legal_mask=legal_mask,
    bots=_REGISTRY,
    pack=PACK,
    variants=_variants,
    hide_others=hide_others,
    tensors=_tensors,
    draw=_draw,
)
"""The main game of the library."""
