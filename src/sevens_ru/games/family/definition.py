"""The family's presets as :class:`~sevens_ru.games.Game` values (F1, F2).

Each is a :class:`FamilyGame`: a :class:`~sevens_ru.games.Game` whose functions are
the one engine's, bound to the preset, with its options class as ``game.Options`` and,
for fan-tan and cinquillo, ``game.payoffs`` (T7) and ``game.scores`` (C5). The registry
imports each from its module in ``sevens_ru/games/family/entries/``.

>>> from sevens_ru import games
>>> fan_tan = games.get("fan-tan")
>>> fan_tan.Options is fan_tan.options_type, fan_tan.Options().ante, fan_tan.pack
(True, 1, Pack.FRENCH_52)
>>> state = fan_tan.new_game(3, dealer=2, seed=7)
>>> while not fan_tan.is_over(state):
...     state = fan_tan.apply(state, fan_tan.legal_moves(state)[0])
>>> sum(fan_tan.payoffs(state))
0
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from ...common.cards import Card, Language, Rank
from ...common.packs import FRENCH_52, SPANISH_40, Pack
from .._game import Game
from . import actions, game, observation, record, scoring
from .bots.registry import registry
from .moves import parse_move
from .names import NAMES
from .observation import FamilyView
from .options import (
    CinquilloOptions,
    DominoOptions,
    FanTanOptions,
    Sevens52Options,
    ShichinarabeOptions,
)
from .state import (
    CinquilloState,
    DominoState,
    FamilyState,
    FanTanState,
    Sevens52State,
    ShichinarabeState,
)

__all__ = ["CINQUILLO", "DOMINO", "FAN_TAN", "SEVENS_52", "SHICHINARABE", "FamilyGame", "bound"]


@attrs.frozen(eq=False, repr=False)
class FamilyGame(Game[FamilyState, FamilyView, Any]):
    """A preset of the family: a :class:`~sevens_ru.games.Game` with its preset's own parts."""

    payoffs: Callable[[FamilyState], tuple[int, ...]] | None = None
    """Fan-tan's net chips of a finished deal (T7), ``None`` for the others."""
    scores: Callable[[FamilyState], tuple[int, ...]] | None = None
    """Cinquillo's scores of a finished game (C5), ``None`` for the others."""

    @property
    def Options(self) -> type:  # noqa: N802  # the name F2 gives it: a class
        """The preset's options class (F2), the same as :attr:`options_type`."""
        return self.options_type


def bound(preset: game.Preset, view_type: type[FamilyView], pack: Pack) -> dict[str, Any]:
    """The engine's functions bound to ``preset``: the keywords of a :class:`Game` they fill."""

    def new_game(
        players: object = 4,
        *,
        dealer: object = None,
        seed: object = None,
        hands: Any = None,
        options: object = None,
    ) -> FamilyState:
        return game.new_game(
            preset, players, dealer=dealer, seed=seed, hands=hands, options=options
        )

    def to_json(state: FamilyState, *, indent: int | str | None = None) -> str:
        return record.to_json(preset, state, indent=indent)

    def from_json(text: str | bytes, *, max_bytes: int | None = record.MAX_BYTES) -> FamilyState:
        return record.from_json(preset, text, max_bytes=max_bytes)

    return {
        "new_game": new_game,
        "legal_moves": functools.partial(game.legal_moves, preset),
        "apply": functools.partial(game.apply, preset),
        "is_over": functools.partial(game.is_over, preset),
        "ranking": functools.partial(scoring.ranking, preset),
        "returns": functools.partial(scoring.returns, preset),
        "view": functools.partial(observation.view, preset, view_type),
        "to_json": to_json,
        "from_json": from_json,
        "parse_move": parse_move,
        "num_actions": lambda players: actions.num_actions(pack),
        "action_of": functools.partial(actions.action_of, pack),
        "move_of": functools.partial(actions.move_of, pack),
        "legal_actions": functools.partial(game.legal_actions, preset),
        "legal_mask": functools.partial(game.legal_mask, preset),
    }


def _random_setup(players: int, rng: random.Random) -> Mapping[str, Any]:
    """A random dealer (F7)."""
    return {"dealer": rng.randrange(players)}


def _hide_others(
    preset: game.Preset, fixed: Callable[[Any], Rank | None]
) -> Callable[..., FamilyState]:
    """``hide_others`` of a preset: the centre cards stay where they are, the rest is dealt again.

    Where the centre cards are (or who holds the opening card) is public from the start
    (S3, N2, C3) or shows in the first automatic passes; the other cards hidden from the
    viewer are shuffled among the other seats, sizes kept. ``fixed`` gives the rank that
    stays, ``None`` for none (domino: nothing is public before the first card). The deal
    is drawn again until its automatic events before the first move are the same (a
    burst, N5, or a pass); after a few tries the deal itself is given back.
    """

    def hide_others(state: FamilyState, viewer: int, rng: random.Random) -> FamilyState:
        rank = fixed(state.options)
        start = game.new_game(
            preset, state.players, dealer=state.dealer, hands=state.deal, options=state.options
        )
        # N5: a seat that bursts before the first move shows its cards; they stay too.
        shown = set(start.burst)
        others = [seat for seat in range(state.players) if seat != viewer and seat not in shown]

        def kept(seat: int) -> list[Card]:
            return [card for card in state.deal[seat] if card.rank == rank]

        for _ in range(_TRIES):  # a deal with the same automatic events before the first move
            pool = [card for seat in others for card in state.deal[seat] if card.rank != rank]
            rng.shuffle(pool)
            hands = [list(hand) for hand in state.deal]
            for seat in others:
                size = len(state.deal[seat]) - len(kept(seat))
                hands[seat], pool = pool[:size] + kept(seat), pool[size:]
            other = game.new_game(
                preset, state.players, dealer=state.dealer, hands=hands, options=state.options
            )
            if other.history == start.history:
                return other
        return start

    return hide_others


_TRIES = 20


def _variants(
    *options: Any, small: Sequence[Any] = ()
) -> Callable[[int], Sequence[Mapping[str, Any]]]:
    """Setups that cover the options, every dealer in turn; ``small`` only up to 6 seats."""

    def variants(players: int) -> Sequence[Mapping[str, Any]]:
        chosen = [*options, *(small if players <= 6 else ())]
        return tuple(
            {"dealer": (players - 1 + number) % players, "options": each}
            for number, each in enumerate(chosen)
        )

    return variants


def _game(
    preset: game.Preset,
    view_type: type[FamilyView],
    *,
    titles: Mapping[Language, str],
    pack: Pack,
    max_players: int,
    variants: Callable[[int], Sequence[Mapping[str, Any]]],
    fixed: Callable[[Any], Rank | None],
    **extra: Any,
) -> FamilyGame:
    return FamilyGame(
        name=preset.name,
        titles=titles,
        min_players=2,
        max_players=max_players,
        default_players=4,
        state_type=preset.state_type,
        view_type=view_type,
        options_type=preset.options_type,
        setup=("dealer", "options"),
        bots=registry(preset.name),
        **bound(preset, view_type, pack),
        pack=pack,
        variants=variants,
        random_setup=_random_setup,
        hide_others=_hide_others(preset, fixed),
        **extra,
    )


def _seven(options: object) -> Rank:
    return Rank.SEVEN


_SEVENS_52 = game.preset("sevens-52", Sevens52Options, Sevens52State, NAMES["sevens-52"])
SEVENS_52: FamilyGame = _game(
    _SEVENS_52,
    observation.Sevens52View,
    titles={"en": "Sevens", "ru": "Семёрки (52 карты)", "fr": "Sept", "de": "Sieben"},
    pack=FRENCH_52,
    max_players=8,
    fixed=_seven,
    variants=_variants(
        Sevens52Options(),
        Sevens52Options(opener="7♥", ace="high", place_numbering="dense"),
        Sevens52Options(opener="left", voluntary_passes=True),
        Sevens52Options(play_to_end=True, rank_by_passes=True),
        Sevens52Options(voluntary_passes=True, play_to_end=True),
    ),
)
"""Sevens with 52 cards (S): Card Dominoes, Parliament."""

_FAN_TAN = game.preset("fan-tan", FanTanOptions, FanTanState, NAMES["fan-tan"])
FAN_TAN: FamilyGame = _game(
    _FAN_TAN,
    observation.FanTanView,
    titles={"en": "Fan Tan", "ru": "Фан-тан", "fr": "Fan-tan", "de": "Fan Tan"},
    pack=FRENCH_52,
    max_players=8,
    fixed=_seven,
    variants=_variants(
        FanTanOptions(),
        FanTanOptions(voluntary_passes=True),
        FanTanOptions(opener="7♦", ace="high", ante=2, short_ante=0, pass_cost=2),
        FanTanOptions(voluntary_passes=True, opener="7♥", place_numbering="dense"),
    ),
    payoffs=functools.partial(scoring.payoffs, _FAN_TAN),
)
"""Fan Tan, Play or Pay (T): the Hoyle game, with chips."""

_SHICHINARABE = game.preset(
    "shichinarabe", ShichinarabeOptions, ShichinarabeState, NAMES["shichinarabe"]
)
SHICHINARABE: FamilyGame = _game(
    _SHICHINARABE,
    observation.ShichinarabeView,
    titles={
        "en": "Shichinarabe",
        "ru": "Ситинарабэ",
        "fr": "Shichinarabe",
        "de": "Shichi Narabe",
    },
    pack=FRENCH_52,
    max_players=8,
    fixed=_seven,
    variants=_variants(
        ShichinarabeOptions(),
        ShichinarabeOptions(passes=0, first="left"),
        ShichinarabeOptions(first_out_ends=True, passes=1, place_numbering="dense"),
        ShichinarabeOptions(ace="high", passes=5),
    ),
)
"""Shichinarabe, Japanese Sevens (N): sevens laid out, three passes, bursts."""

_DOMINO = game.preset("domino", DominoOptions, DominoState, NAMES["domino"])
DOMINO: FamilyGame = _game(
    _DOMINO,
    observation.DominoView,
    titles={
        "en": "Card Domino",
        "ru": "Домино (карточное)",
        "fr": "Domino",
        "de": "Domino (Karten)",
    },
    pack=FRENCH_52,
    max_players=8,
    fixed=lambda options: None,
    variants=_variants(
        DominoOptions(),
        DominoOptions(ace="high", play_to_end=True),
        small=(DominoOptions(pack=32), DominoOptions(pack=32, play_to_end=True)),
    ),
)
"""The French Domino (DO): any card opens and sets the start rank."""

_CINQUILLO = game.preset("cinquillo", CinquilloOptions, CinquilloState, NAMES["cinquillo"])
CINQUILLO: FamilyGame = _game(
    _CINQUILLO,
    observation.CinquilloView,
    titles={"en": "Cinquillo", "ru": "Кинкильо", "fr": "Cinquillo", "de": "Cinquillo"},
    pack=SPANISH_40,
    max_players=6,
    fixed=lambda options: Rank(options.centre),
    variants=_variants(
        CinquilloOptions(),
        CinquilloOptions(centre=6, play_to_end=True),
        CinquilloOptions(place_numbering="dense"),
    ),
    scores=functools.partial(scoring.scores, _CINQUILLO),
)
"""Cinquillo (C): the Spanish 40-card pack, the fives open."""
