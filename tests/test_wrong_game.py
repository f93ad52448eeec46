"""Every function of either game refuses the other game's state or view, and says what to call."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

import sevens_ru as s7
from sevens_ru import durak
from sevens_ru.games.durak import bots as durak_bots
from sevens_ru.games.sevens import inference, playout
from sevens_ru.games.sevens.batch import GameBatch
from sevens_ru.games.sevens.bots import HeuristicBot, RandomBot, SearchBot

SEVENS_STATE = s7.new_game(4, seed=1)
DURAK_STATE = durak.new_game(3, dealer=0, seed=1)
SEVENS_VIEW = s7.view(SEVENS_STATE, 0)
DURAK_VIEW = durak.view(DURAK_STATE, 0)
RNG = random.Random(1)

# (what is called, the call given a value, the message for a value of the other game)
SEVENS_CALLS: list[tuple[str, Callable[[object], object], str]] = [
    ("legal_moves", lambda x: s7.legal_moves(x), "use sevens_ru.durak.legal_moves"),  # type: ignore[arg-type]
    ("apply", lambda x: s7.apply(x, "9♦"), "use sevens_ru.durak.apply"),  # type: ignore[arg-type]
    ("is_over", lambda x: s7.is_over(x), "use sevens_ru.durak.is_over"),  # type: ignore[arg-type]
    ("ranking", lambda x: s7.ranking(x), "use sevens_ru.durak.ranking"),  # type: ignore[arg-type]
    ("view", lambda x: s7.view(x, 0), "use sevens_ru.durak.view"),  # type: ignore[arg-type]
    ("to_json", lambda x: s7.to_json(x), "use sevens_ru.durak.to_json"),  # type: ignore[arg-type]
    ("playout", lambda x: playout.playout(x, RNG), "its functions are in sevens_ru.durak"),  # type: ignore[arg-type]
    (
        "playout_state",
        lambda x: playout.playout_state(x, RNG),  # type: ignore[arg-type]
        "its functions are in sevens_ru.durak",
    ),
    (
        "GameBatch.from_states",
        lambda x: GameBatch.from_states([x]),  # type: ignore[list-item]
        "its functions are in sevens_ru.durak",
    ),
]
SEVENS_VIEW_CALLS: list[tuple[str, Callable[[object], object], str]] = [
    (
        "possible_holders",
        lambda x: inference.possible_holders(x),  # type: ignore[arg-type]
        "its functions are in sevens_ru.durak",
    ),
    (
        "sample_hands",
        lambda x: inference.sample_hands(x, RNG),  # type: ignore[arg-type]
        "its functions are in sevens_ru.durak",
    ),
    (
        "Inference",
        lambda x: inference.Inference(x),  # type: ignore[arg-type]
        "its functions are in sevens_ru.durak",
    ),
    *(
        (
            f"{type(bot).__name__}.choose",
            lambda x, bot=bot: bot.choose(x, RNG),
            "use a bot of sevens_ru.durak.bots",
        )
        for bot in (RandomBot(), HeuristicBot(), SearchBot(rollouts=4))
    ),
]
DURAK_CALLS: list[tuple[str, Callable[[object], object], str]] = [
    ("legal_moves", lambda x: durak.legal_moves(x), "use sevens_ru.legal_moves"),  # type: ignore[arg-type]
    ("apply", lambda x: durak.apply(x, "take"), "use sevens_ru.apply"),  # type: ignore[arg-type]
    ("is_over", lambda x: durak.is_over(x), "use sevens_ru.is_over"),  # type: ignore[arg-type]
    ("ranking", lambda x: durak.ranking(x), "use sevens_ru.ranking"),  # type: ignore[arg-type]
    ("payoffs", lambda x: durak.payoffs(x), "its functions are in sevens_ru"),  # type: ignore[arg-type]
    ("next_dealer", lambda x: durak.next_dealer(x), "its functions are in sevens_ru"),  # type: ignore[arg-type]
    ("view", lambda x: durak.view(x, 0), "use sevens_ru.view"),  # type: ignore[arg-type]
    ("to_json", lambda x: durak.to_json(x), "use sevens_ru.to_json"),  # type: ignore[arg-type]
]
DURAK_VIEW_CALLS: list[tuple[str, Callable[[object], object], str]] = [
    (
        f"{type(bot).__name__}.choose",
        lambda x, bot=bot: bot.choose(x, RNG),  # type: ignore[misc]
        "use a bot of sevens_ru.bots",
    )
    for bot in (durak_bots.RandomBot(), durak_bots.HeuristicBot())
]

CASES = [
    *((name, call, hint, "Sevens", "GameState", DURAK_STATE) for name, call, hint in SEVENS_CALLS),
    *(
        (name, call, hint, "Sevens", "PlayerView", DURAK_VIEW)
        for name, call, hint in SEVENS_VIEW_CALLS
    ),
    *((name, call, hint, "Durak", "GameState", SEVENS_STATE) for name, call, hint in DURAK_CALLS),
    *(
        (name, call, hint, "Durak", "PlayerView", SEVENS_VIEW)
        for name, call, hint in DURAK_VIEW_CALLS
    ),
]


@pytest.mark.parametrize(
    ("call", "hint", "game", "kind", "foreign"),
    [case[1:] for case in CASES],
    ids=[f"{case[3]}-{case[0]}" for case in CASES],
)
def test_the_other_games_value_is_named(
    call: Callable[[object], object], hint: str, game: str, kind: str, foreign: object
) -> None:
    other = "Durak" if game == "Sevens" else "Sevens"
    with pytest.raises(s7.NotAGameStateError) as error:
        call(foreign)
    message = str(error.value)
    assert f"takes a {game} {kind}; this is a {other} {kind}" in message
    assert message.endswith((hint, f"{hint})"))
    assert isinstance(error.value, TypeError)  # a WrongTypeError


@pytest.mark.parametrize(
    ("call", "game", "kind"),
    [(case[1], case[3], case[4]) for case in CASES],
    ids=[f"{case[3]}-{case[0]}" for case in CASES],
)
def test_anything_else_is_named_by_its_type(
    call: Callable[[object], object], game: str, kind: str
) -> None:
    with pytest.raises(s7.NotAGameStateError, match=rf"takes a {game} {kind} .*, got NoneType$"):
        call(None)


def test_a_suggested_function_exists() -> None:
    for name, call, _hint, _, _, foreign in CASES:
        with pytest.raises(s7.NotAGameStateError) as error:
            call(foreign)
        use = re.search(r"use (sevens_ru[.\w]*)$", str(error.value))
        if use is not None:
            module, _, attribute = use.group(1).rpartition(".")
            assert hasattr(__import__(module, fromlist=["_"]), attribute), name


def test_a_view_where_a_state_is_due_and_back() -> None:
    with pytest.raises(
        s7.NotAGameStateError,
        match=r"^legal_moves\(\) takes a Sevens GameState from new_game\(\) or apply\(\), "
        r"got a Sevens PlayerView$",
    ):
        s7.legal_moves(SEVENS_VIEW)  # type: ignore[arg-type]
    with pytest.raises(
        s7.NotAGameStateError,
        match=r"^a Durak bot's choose\(\) takes a Durak PlayerView from durak.view\(state, seat\), "
        r"got a Durak GameState$",
    ):
        durak_bots.RandomBot().choose(DURAK_STATE, RNG)  # type: ignore[arg-type]


def test_the_issue_example() -> None:
    with pytest.raises(
        s7.NotAGameStateError,
        match=r"^apply\(\) takes a Sevens GameState; this is a Durak GameState: "
        r"use sevens_ru.durak.apply$",
    ):
        s7.apply(DURAK_STATE, "9♦")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("apply", "move"),
    [(s7.apply, "9♦"), (s7.apply, "not a card"), (durak.apply, "9♦"), (durak.apply, "take")],
)
def test_apply_checks_the_state_before_reading_the_move(
    apply: Callable[[object, object], object], move: str
) -> None:
    # Both games: what is not a state is named first, whatever the move is.
    with pytest.raises(s7.NotAGameStateError, match=r"apply\(\) takes a"):
        apply("x", move)


def test_a_plugin_game_without_a_package_is_named_without_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib
    import sys
    from pathlib import Path

    from sevens_ru import games

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "examples"))
    monkeypatch.setattr(games, "_entries", dict(games._entries))
    tops = importlib.import_module("tops")
    games.register(tops.GAME)
    try:
        state = tops.GAME.new_game(2, seed=1)
        with pytest.raises(s7.NotAGameStateError) as raised:
            s7.apply(state, "9♦")
    finally:
        sys.modules.pop("tops", None)
    message = str(raised.value)
    assert "Tops" in message and "has no counterpart" in message, message
    assert "are in" not in message and message.endswith("has no counterpart"), message
