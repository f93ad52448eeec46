"""The family's presets as :class:`~sevens_ru.games.Game` values (F1, F2).

Each is a :class:`FamilyGame`: a :class:`~sevens_ru.games.Game` whose functions are
the one engine's, bound to the preset, with its options class as ``game.Options`` and,
for fan-tan and cinquillo, ``game.payoffs`` (T7) and ``game.scores`` (C5). All five
are made from one table, :data:`GAMES` holds them by name, and the registry imports
each from its module in ``sevens_ru/games/family/entries/``.

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
import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from ...common._games import Game as Names
from ...common._records import Record
from ...common._tags import Tags
from ...common.cards import Card, Language
from ...common.packs import Pack
from .._game import Game
from .._layout import server_part
from ..sevens.options import Options as RussianOptions
from . import actions, game, kernels, observation, options, picture, record, scoring, text
from .bots.registry import registry
from .moves import parse_move
from .names import NAMES
from .observation import FamilyView
from .state import FamilyState

__all__ = [
    "CINQUILLO",
    "DOMINO",
    "FAN_TAN",
    "GAMES",
    "SEVENS_52",
    "SHICHINARABE",
    "FamilyGame",
    "bound",
]


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

    def to_json(
        state: FamilyState, *, indent: int | str | None = None, tags: Tags | None = None
    ) -> str:
        return record.to_json(preset, state, indent=indent, tags=tags)

    def from_json(text: str | bytes, *, max_bytes: int | None = record.MAX_BYTES) -> FamilyState:
        return record.from_json(preset, text, max_bytes=max_bytes)

    def read_record(
        text: str | bytes, *, max_bytes: int | None = record.MAX_BYTES
    ) -> Record[FamilyState]:
        return record.read_record(preset, text, max_bytes=max_bytes)

    return {
        "new_game": new_game,
        **game.bound(preset),  # apply, legal_moves, legal_actions, legal_mask, is_over
        "ranking": functools.partial(scoring.ranking, preset),
        "returns": functools.partial(scoring.returns, preset),
        "view": functools.partial(observation.view, preset, view_type),
        "to_json": to_json,
        "from_json": from_json,
        "read_record": read_record,
        "parse_move": parse_move,
        "num_actions": lambda players: actions.num_actions(pack),
        "action_of": functools.partial(actions.action_of, pack),
        "move_of": functools.partial(actions.move_of, pack),
    }


def _random_setup(players: int, rng: random.Random) -> Mapping[str, Any]:
    """A random dealer (F7)."""
    return {"dealer": rng.randrange(players)}


def _hide_others(preset: game.Preset) -> Callable[..., FamilyState]:
    """``hide_others`` of a preset: the centre cards stay where they are, the rest is dealt again.

    Where the centre cards are (or who holds the opening card) is public from the start
    (S3, N2, C3) or shows in the first automatic passes; the other cards hidden from the
    viewer are shuffled among the other seats, sizes kept. The centre rank stays, none in
    domino (nothing is public before its first card, DO2). The deal
    is drawn again until its automatic events before the first move are the same (a
    burst, N5, or a pass); after a few tries the deal itself is given back.
    """

    def hide_others(state: FamilyState, viewer: int, rng: random.Random) -> FamilyState:
        rank = preset.rules(state.options).centre
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


def _commands(name: str) -> Callable[[], Any]:
    """The preset's part of the ``sevens-ru`` command, imported when the command runs (rich)."""
    return lambda: importlib.import_module(f"{__package__}.command.commands").GAMES[name]


def _series(name: str) -> Callable[[], Any]:
    """The preset's part of series play (M3), imported when a series is played."""
    return lambda: importlib.import_module(f"{__package__}.series").rules(name)


def _variants(
    every: Sequence[Any], small: Sequence[Any]
) -> Callable[[int], Sequence[Mapping[str, Any]]]:
    """Setups that cover the options, every dealer in turn; ``small`` only up to 6 seats."""

    def variants(players: int) -> Sequence[Mapping[str, Any]]:
        chosen = [*every, *(small if players <= 6 else ())]
        return tuple(
            {"dealer": (players - 1 + number) % players, "options": each}
            for number, each in enumerate(chosen)
        )

    return variants


_LANGUAGES: tuple[Language, ...] = ("en", "ru", "fr", "de")
_TITLES: dict[str, tuple[str, ...]] = {
    "sevens-52": ("Sevens", "Семёрки (52 карты)", "Sept", "Sieben"),
    "fan-tan": ("Fan Tan", "Фан-тан", "Fan-tan", "Fan Tan"),
    "shichinarabe": ("Shichinarabe", "Ситинарабэ", "Shichinarabe", "Shichi Narabe"),
    "domino": ("Card Domino", "Домино (карточное)", "Domino", "Domino (Karten)"),
    "cinquillo": ("Cinquillo", "Кинкильо", "Cinquillo", "Cinquillo"),
    "sevens": ("Russian Sevens", "Семёрки", "Sept russe", "Russische Sieben"),  # not registered
}
"""The presets' titles (F1) in the languages of :data:`_LANGUAGES`."""

_VARIANTS: dict[str, tuple[tuple[Any, ...], tuple[Any, ...]]] = {
    "sevens-52": (
        (
            options.Sevens52Options(),
            options.Sevens52Options(opener="7♥", ace="high", place_numbering="dense"),
            options.Sevens52Options(opener="left", voluntary_passes=True),
            options.Sevens52Options(play_to_end=True, rank_by_passes=True),
            options.Sevens52Options(voluntary_passes=True, play_to_end=True),
        ),
        (),
    ),
    "fan-tan": (
        (
            options.FanTanOptions(),
            options.FanTanOptions(voluntary_passes=True),
            options.FanTanOptions(opener="7♦", ace="high", ante=2, short_ante=0, pass_cost=2),
            options.FanTanOptions(voluntary_passes=True, opener="7♥", place_numbering="dense"),
        ),
        (),
    ),
    "shichinarabe": (
        (
            options.ShichinarabeOptions(),
            options.ShichinarabeOptions(passes=0, first="left"),
            options.ShichinarabeOptions(first_out_ends=True, passes=1, place_numbering="dense"),
            options.ShichinarabeOptions(ace="high", passes=5),
        ),
        (),
    ),
    "domino": (
        (options.DominoOptions(), options.DominoOptions(ace="high", play_to_end=True)),
        (
            options.DominoOptions(pack=32),
            options.DominoOptions(pack=32, play_to_end=True),
        ),  # DO1: up to 6
    ),
    "cinquillo": (
        (
            options.CinquilloOptions(),
            options.CinquilloOptions(centre=6, play_to_end=True),
            options.CinquilloOptions(place_numbering="dense"),
        ),
        (),
    ),
    "sevens": (
        (
            RussianOptions(),
            RussianOptions(rank_by_passes=True),
            RussianOptions(place_numbering="dense"),
        ),
        (),
    ),
}
"""The setups ``api_test`` plays each preset with: its options, and those for few seats only."""

_OUTCOMES: dict[str, dict[str, Callable[[game.Preset, FamilyState], tuple[int, ...]]]] = {
    "fan-tan": {"payoffs": scoring.payoffs},  # T7
    "cinquillo": {"scores": scoring.scores},  # C5
}
"""The presets' own outcome functions beyond the ranking."""


def make(view_type: type[FamilyView], names: Names | None = None) -> FamilyGame:
    """The preset whose views are ``view_type``s, from the tables above and its rules.

    ``names`` are its names in messages, by default those of :data:`~.names.NAMES`.
    """
    name = view_type.game_name
    options_type = type(_VARIANTS[name][0][0])
    state_type = next(kind for kind in FamilyState.__subclasses__() if kind.game_name == name)
    preset = game.preset(name, options_type, state_type, names or NAMES[name])
    rules = preset.rules(options_type())
    outcomes: dict[str, Any] = {
        key: functools.partial(function, preset)
        for key, function in _OUTCOMES.get(name, {}).items()
    }
    return FamilyGame(
        name=name,
        titles=dict(zip(_LANGUAGES, _TITLES[name], strict=True)),
        min_players=rules.min_players,
        max_players=rules.max_players,
        default_players=4,
        state_type=state_type,
        view_type=view_type,
        options_type=options_type,
        setup=("dealer", "options"),
        bots=registry(name),
        **bound(preset, view_type, rules.pack),
        pack=rules.pack,
        variants=_variants(*_VARIANTS[name]),
        random_setup=_random_setup,
        hide_others=_hide_others(preset),
        tensors=lambda: importlib.import_module(f"{__package__}.encode").tensors(name),
        series=_series(name),
        server=functools.partial(server_part, __package__ or "", name),  # starlette, when asked for
        kernels=kernels.kernels,
        draw=picture.picture,
        positions=picture.positions,
        text=text.text,
        commands=_commands(name),
        **outcomes,
    )


GAMES: dict[str, FamilyGame] = {
    view_type.game_name: make(view_type)
    for view_type in (
        observation.Sevens52View,
        observation.FanTanView,
        observation.ShichinarabeView,
        observation.DominoView,
        observation.CinquilloView,
    )
}
"""The five presets by name, in the order they are registered (F1)."""

SEVENS_52 = GAMES["sevens-52"]
"""Sevens with 52 cards (S): Card Dominoes, Parliament."""
FAN_TAN = GAMES["fan-tan"]
"""Fan Tan, Play or Pay (T): the Hoyle game, with chips."""
SHICHINARABE = GAMES["shichinarabe"]
"""Shichinarabe, Japanese Sevens (N): sevens laid out, three passes, bursts."""
DOMINO = GAMES["domino"]
"""The French Domino (DO): any card opens and sets the start rank."""
CINQUILLO = GAMES["cinquillo"]
"""Cinquillo (C): the Spanish 40-card pack, the fives open."""
