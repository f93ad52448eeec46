"""Hostile input: bounded work and short messages (F1), record limits (F2), no recursion
(F3), pickles and attributes (F5), surrogates (F8), and the cost of long histories.

``benchmarks/hostile.py`` and ``benchmarks/history.py`` give the figures; these tests
pin the behaviour: what is refused, with which error, how much memory it takes, and
how much work a long history does per move.
"""

from __future__ import annotations

import copyreg
import datetime
import io
import json
import pickle
import sys
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import sevens_ru as s7
from sevens_ru import durak
from sevens_ru.common._tags import MAX_SETTINGS, MAX_TAGS_BYTES, MAX_TEXT
from sevens_ru.common.cards import DECK_MASK, LONGEST_CARD_TEXT
from sevens_ru.games.durak import record as durak_record
from sevens_ru.games.durak.bots import SearchBot as DurakSearchBot
from sevens_ru.games.durak.bots import make_bot as make_durak_bot
from sevens_ru.games.durak.moves import LONGEST_MOVE_TEXT
from sevens_ru.games.sevens._board import NINES
from sevens_ru.games.sevens.bots import SearchBot, make_bot
from sevens_ru.games.sevens.record import LARGEST_RECORD, MAX_BYTES
from sevens_ru.games.sevens.state import Setup, build_state

HUGE = 5_000_000  # characters: large enough that copying it would show
MB = 1 << 20


@contextmanager
def peak_memory() -> Iterator[list[int]]:
    """The peak of traced memory inside the block, in bytes, above what was there before."""
    tracemalloc.start()
    start = tracemalloc.get_traced_memory()[0]
    peak: list[int] = []
    try:
        yield peak
    finally:
        peak.append(tracemalloc.get_traced_memory()[1] - start)
        tracemalloc.stop()


def refusal(call: Callable[[], object], error: type[s7.SevensError]) -> str:
    """The message of the ``error`` that ``call`` raises; it is short and encodes as UTF-8."""
    with pytest.raises(error) as raised:
        call()
    message = str(raised.value)
    assert len(message) < 400, message[:500]
    message.encode("utf-8")
    return message


def finished_sevens(players: int = 4, seed: int = 7) -> s7.GameState:
    state = s7.new_game(players, seed=seed)
    while not s7.is_over(state):
        state = s7.apply(state, s7.legal_moves(state)[-1])
    return state


def taking(state: durak.GameState, moves: int) -> durak.GameState:
    """``state`` after ``moves`` more moves in which every bout is taken (D9)."""
    for _ in range(moves):
        legal = durak.legal_moves(state)
        state = durak.apply(state, legal[-1] if isinstance(legal[-1], durak.Take) else legal[0])
    return state


# -- F1: a huge string costs what reading it once costs, and a short message -----------


def test_card_parse_refuses_huge_text_at_once() -> None:
    text = "x" * HUGE
    with peak_memory() as peak:
        message = refusal(lambda: s7.Card.parse(text), s7.CardParseError)
    assert peak[0] < MB  # no copy of the text, no message holding it
    assert "at most 24 characters" in message
    padded = " " * 11 + "9♦" + " " * 11  # spaces around still go, up to the longest text
    assert len(padded) == LONGEST_CARD_TEXT and s7.Card.parse(padded) == s7.Card.parse("9♦")
    assert "at most 24" in refusal(lambda: s7.Card.parse(padded + " "), s7.CardParseError)


def test_a_huge_durak_move_is_refused_at_once() -> None:
    text = "lead " + "7♣ " * (HUGE // 3)
    state = durak.new_game(3, seed=1)
    for call in (lambda: durak.parse_move(text), lambda: durak.apply(state, text)):
        with peak_memory() as peak:
            message = refusal(call, s7.InvalidMoveError)
        assert peak[0] < MB
        assert f"at most {LONGEST_MOVE_TEXT} characters" in message
    many = ["7♣"] * HUGE  # a list is not read beyond its length either
    with peak_memory() as peak:
        message = refusal(lambda: durak.Lead(many), s7.InvalidMoveError)
    assert peak[0] < MB
    assert "5,000,000 cards" in message


def test_a_record_holding_a_huge_move() -> None:
    record = json.loads(s7.to_json(s7.new_game(4, seed=1)))
    record["moves"] = ["x" * HUGE]
    text = json.dumps(record)
    message = refusal(lambda: s7.from_json(text), s7.RecordError)
    assert message.startswith("the record is at least 5,000,") and "max_bytes=16,384" in message
    with peak_memory() as peak:  # without the limit: the text is read once, no more
        message = refusal(lambda: s7.from_json(text, max_bytes=None), s7.RecordError)
    assert peak[0] < len(text) + MB
    assert message.startswith("moves[0] ('xxxx") and "5,000,000 characters" in message


@pytest.mark.parametrize(
    "value",
    [
        "x" * HUGE,
        ["9♦"] * 100_000,
        {str(key): key for key in range(100_000)},
        10**4000,
        json.loads("[" * 900 + "]" * 900),
        "\ud800" * 1000,
    ],
    ids=["string", "list", "object", "int", "nested", "surrogates"],
)
def test_every_message_quotes_a_short_excerpt(value: object) -> None:
    sevens, game = s7.new_game(4, seed=1), durak.new_game(3, seed=1)
    calls: list[Callable[[], object]] = [
        lambda: s7.apply(sevens, value),  # type: ignore[arg-type]
        lambda: durak.apply(game, value),  # type: ignore[arg-type]
        lambda: durak.parse_move(value),  # type: ignore[arg-type]
        lambda: s7.new_game(2, hands=[value, value]),  # type: ignore[list-item]
        lambda: s7.new_game(value),  # type: ignore[arg-type]
        lambda: sevens.hand(value),  # type: ignore[arg-type]
        lambda: s7.Options(place_numbering=value),  # type: ignore[arg-type]
        lambda: durak.Options(short_deck=value),  # type: ignore[arg-type]
        lambda: s7.from_json(json.dumps({"format": 1, "game": "sevens", "players": value})),
        lambda: durak.from_json(json.dumps({"format": value})),
    ]
    for call in calls:
        try:
            call()
        except s7.SevensError as error:
            message = str(error)
            assert len(message) < 400, message[:500]
            message.encode("utf-8")
        else:
            pytest.fail("accepted a hostile value")


@pytest.mark.parametrize(
    "value",
    ["x" * HUGE, "\ud800" * 1000, ["search"] * 100_000],
    ids=["string", "surrogates", "list"],
)
def test_bot_settings_and_names_are_quoted_short(value: object) -> None:
    text = value if isinstance(value, str) else "x"
    calls: list[Callable[[], object]] = [
        lambda: SearchBot(rollouts=value),  # type: ignore[arg-type]
        lambda: SearchBot(temperature=value),  # type: ignore[arg-type]
        lambda: DurakSearchBot(rollouts=value),  # type: ignore[arg-type]
        lambda: DurakSearchBot(time_limit=value),  # type: ignore[arg-type]
        lambda: make_bot(value),  # type: ignore[arg-type]
        lambda: make_durak_bot(value),  # type: ignore[arg-type]
        lambda: make_bot(f"search:rollouts={text}"),
        lambda: make_durak_bot(f"search:{text}=1"),
        lambda: make_durak_bot(f"heuristic:{text}"),
    ]
    for call in calls:
        with pytest.raises(s7.SevensError) as refused:
            call()
        message = str(refused.value)
        assert len(message) < 400, message[:500]
        message.encode("utf-8")


# -- F2: record limits -------------------------------------------------------------------


def durak_text(**changes: Any) -> str:
    record = json.loads(durak.to_json(durak.new_game(3, dealer=0, seed=7)))
    for field, value in changes.items():
        if field == "take_limit":
            record["options"]["take_limit"] = value
        else:
            record[field] = value
    return json.dumps(record, ensure_ascii=False)


def test_a_durak_record_refuses_a_take_limit_above_the_maximum() -> None:
    # D13: the limit bounds a game's length, so it bounds what a record makes a server replay
    assert durak_record.MAX_TAKE_LIMIT == 1000
    assert durak.from_json(durak_text(take_limit=1000)).options.take_limit == 1000
    text = durak_text(take_limit=10**6, moves=["not even a move"] * 1000)
    message = refusal(lambda: durak.from_json(text), s7.RecordError)
    assert "take_limit of at most 1000" in message and "1,000,000" in message
    long = durak.new_game(3, seed=1, options=durak.Options(take_limit=1001))
    message = refusal(lambda: durak.to_json(long), s7.RecordError)  # never written either
    assert "at most 1000" in message
    assert pickle.loads(pickle.dumps(taking(long, 50))) == taking(long, 50)  # pickles still do


def widest_tags(players: int) -> s7.Tags:
    """Tags of the most lines (every tag, a bot of the most settings at every seat) and bytes."""
    base: dict[str, Any] = {
        "date": datetime.datetime(2025, 5, 1, 12, 0, 0, 123456, tzinfo=datetime.timezone.utc),
        "result": tuple(range(1, players + 1)),
        "bots": tuple(
            s7.BotTag("b", {f"s{k}": 0 for k in range(MAX_SETTINGS)}) for _ in range(players)
        ),
    }
    texts: dict[str | int, str] = {"event": "e", "site": "s", "round": "r"}
    texts.update(dict.fromkeys(range(players), "p"))

    def tags() -> s7.Tags:
        named = [texts[seat] for seat in range(players)]
        return s7.Tags(
            **base, players=named, **{k: v for k, v in texts.items() if isinstance(k, str)}
        )

    def size() -> int:
        return len(json.dumps(tags().to_json(), ensure_ascii=False).encode())

    for fill, width in (("𝄞", 4), ("x", 1)):  # 4-byte characters first, then single bytes
        for key in texts:
            while len(texts[key]) < MAX_TEXT and size() + width <= MAX_TAGS_BYTES:
                texts[key] += fill
    return tags()


def tagged(text: str, tags: s7.Tags) -> dict[str, Any]:
    """The record ``text`` with ``tags`` put in as ``to_json`` puts them (the result unchecked)."""
    record = json.loads(text)
    head = {key: record.pop(key) for key in ("format", "game")}
    return {**head, "tags": tags.to_json(), **record}


def test_the_stated_largest_records() -> None:
    # Sevens: the 36 cards of the deal, and at most 35 played (R14) of which 4 tens;
    # a dealer other than the default (M2) adds its field.
    def sevens_bound(players: int, indent: int | None, tags: s7.Tags | None = None) -> int:
        record = json.loads(s7.to_json(s7.new_game(players, seed=1, dealer=0)))
        if tags is not None:
            record = tagged(json.dumps(record), tags)
        record["options"] = {"rank_by_passes": False, "place_numbering": "competition"}
        tens_first = sorted((str(card) for card in s7.DECK), key=lambda text: -len(text))
        record["moves"] = tens_first[: 36 - (players - 1)]
        return len(json.dumps(record, ensure_ascii=False, indent=indent).encode())

    assert max(sevens_bound(players, None) for players in range(2, 7)) == 731
    assert max(sevens_bound(players, 16) for players in range(2, 7)) == 4055 < MAX_BYTES
    # the tags: at most 4,096 bytes, and the most lines at six seats
    assert len(json.dumps(widest_tags(6).to_json(), ensure_ascii=False).encode()) == 4096
    tagged_sizes = [sevens_bound(players, None, widest_tags(players)) for players in range(2, 7)]
    assert max(tagged_sizes) <= 731 + len(', "tags": ') + 4096 == LARGEST_RECORD == 4837
    assert max(sevens_bound(players, 16, widest_tags(players)) for players in range(2, 7)) < 15_000
    for seed in range(200):
        for players in (2, 6):
            assert len(s7.to_json(finished_sevens(players, seed)).encode()) <= 731 - 13
    # Durak: at most 1000 × 19 bouts of four players, each a lead and four more moves.
    bouts = durak_record.MAX_TAKE_LIMIT * (4 * 9 // 2 + 1)
    lead, cover = len('"lead 10♣ 10♦ 10♥ 10♠", '.encode()), len('"cover 10♣ 10♠", '.encode())
    options = durak.Options(take_limit=durak_record.MAX_TAKE_LIMIT)
    setup = max(
        len(durak.to_json(durak.new_game(4, dealer=3, seed=seed, options=options)).encode())
        for seed in range(300)
    )
    assert setup == 452
    assert bouts * (lead + 4 * cover) + setup == 2_204_452
    assert durak_record.LARGEST_RECORD == 2_204_452 + 4106
    widest = max(  # indent=16: a newline and 32 spaces more before every move
        len(
            durak.to_json(
                durak.new_game(4, dealer=3, seed=seed, options=options), indent=16
            ).encode()
        )
        for seed in range(300)
    )
    assert widest + bouts * (lead + 4 * cover + 5 * 32) == 5_246_674 < durak_record.MAX_BYTES
    deal = durak.new_game(4, dealer=3, seed=1, options=options)
    plain, tags = durak.to_json(deal, indent=16), widest_tags(4)
    with_tags = json.dumps(tagged(plain, tags), ensure_ascii=False, indent=16).encode()
    assert len(with_tags) - len(plain.encode()) < 11_000  # what tags add at indent=16
    long = taking(durak.new_game(3, seed=1, options=options), 2000)  # 1000 takes: a draw
    assert durak.is_over(long) and long.is_draw
    assert len(durak.to_json(long).encode()) < 2_204_452


def test_max_bytes_counts_the_bytes_before_parsing() -> None:
    text = s7.to_json(finished_sevens())
    size = len(text.encode())
    assert s7.from_json(text, max_bytes=size) == finished_sevens()
    message = refusal(lambda: s7.from_json(text, max_bytes=size - 1), s7.RecordError)
    assert f"the record is {size:,} bytes long" in message  # exact: ♦ is 3 bytes
    assert "(a Sevens record is at most 4,837 bytes)" in message
    assert refusal(lambda: s7.from_json(text.encode(), max_bytes=100), s7.RecordError)
    huge = "{" + " " * (durak_record.MAX_BYTES + 1)
    assert "at least" in refusal(lambda: durak.from_json(huge), s7.RecordError)
    for bad in (-1, 1.5, "10", True):
        refusal(lambda: s7.from_json(text, max_bytes=bad), s7.InvalidOptionsError)  # type: ignore[arg-type]  # noqa: B023


# -- F3: no RecursionError, however deep the call sits -----------------------------------


def at_depth(headroom: int, call: Callable[[], object]) -> object:
    """``call()`` from a stack with only ``headroom`` frames left before the limit."""
    depth = 0
    frame = sys._getframe()
    while frame is not None:
        depth += 1
        frame = frame.f_back  # type: ignore[assignment]

    def down(frames: int) -> object:
        return down(frames - 1) if frames else call()

    return down(sys.getrecursionlimit() - depth - headroom)


@pytest.mark.parametrize("headroom", [40, 100, 400])
def test_deeply_nested_values_raise_our_errors_at_any_depth(headroom: int) -> None:
    nested: list[Any] = []  # what json.loads("[" * 990 + "]" * 990) gives, made without recursion
    for _ in range(990):
        nested = [nested]
    sevens, game = s7.new_game(4, seed=1), durak.new_game(3, seed=1)
    calls: dict[str, tuple[Callable[[], object], type[s7.SevensError]]] = {
        "apply": (lambda: s7.apply(sevens, nested), s7.CardParseError),  # type: ignore[arg-type]
        "durak.apply": (lambda: durak.apply(game, nested), s7.InvalidMoveError),  # type: ignore[arg-type]
        "parse_move": (lambda: durak.parse_move(nested), s7.InvalidMoveError),  # type: ignore[arg-type]
        "new_game": (lambda: s7.new_game(2, hands=[nested, nested]), s7.InvalidDealError),
        "durak.new_game": (
            lambda: durak.new_game(2, hands=[nested, nested], trump="6♠"),
            s7.InvalidDealError,
        ),
        "from_json": (lambda: s7.from_json("[" * 100_000), s7.RecordError),
        "a nested field": (
            lambda: s7.from_json('{"format": 1, "deal": ' + "[" * 990 + "]" * 990 + "}"),
            s7.RecordError,
        ),
    }
    for name, (call, error) in calls.items():
        with pytest.raises(error) as refused:
            at_depth(headroom, call)
        assert len(str(refused.value)) < 400, name


# -- F5: pickles are rebuilt through the rules; attributes cannot be written ------------


class Forger(pickle.Pickler):
    """Writes states (and setups) as their raw slots, as a hand-made pickle would."""

    def reducer_override(self, value: object) -> Any:
        if isinstance(value, (s7.GameState, durak.GameState, Setup)):
            slots = {
                name: getattr(value, name)
                for cls in type(value).__mro__
                for name in cls.__dict__.get("__slots__", ())
                if hasattr(value, name)
            }
            return copyreg.__newobj__, (type(value),), (None, slots)  # type: ignore[attr-defined]
        return NotImplemented


def forged(value: object) -> bytes:
    buffer = io.BytesIO()
    Forger(buffer).dump(value)
    return buffer.getvalue()


def test_a_pickle_of_raw_slots_is_refused() -> None:
    # Each seat holding all 36 cards, "over": what a hand-made pickle could say
    impossible = build_state(
        setup=Setup(2, s7.Options(), (DECK_MASK, DECK_MASK)),
        board=NINES,
        turn=None,
        moves=0,
        parent=None,
    )
    for state in (impossible, finished_sevens(), taking(durak.new_game(3, seed=2), 30)):
        with pytest.raises(s7.RecordError, match="unpickled only through its game's rules"):
            pickle.loads(forged(state))


def test_pickles_replay_through_the_rules() -> None:
    from sevens_ru.games.durak.state import _rebuild as durak_rebuild
    from sevens_ru.games.sevens.state import _rebuild

    sevens = finished_sevens()
    game = taking(durak.new_game(3, seed=2), 30)
    for state in (sevens, game):
        copy = pickle.loads(pickle.dumps(state))
        assert copy == state and copy.history == state.history
    with pytest.raises(s7.RecordError, match="does not replay") as refused:
        _rebuild(2, s7.Options(), (DECK_MASK, DECK_MASK), ())
    assert isinstance(refused.value.__cause__, s7.InvalidDealError)
    setup = game._setup
    arguments: tuple[object, ...]
    for arguments in (
        (setup.players, setup.dealer, setup.options, setup.deal, setup.trump, ["cover 6♣ 7♣"]),
        (setup.players, setup.dealer, setup.options, (DECK_MASK,) * 3, setup.trump, []),
        (setup.players, setup.dealer, setup.options, setup.deal, 99, []),
        (setup.players, 7, setup.options, setup.deal, setup.trump, []),
        (setup.players, setup.dealer, "options", setup.deal, setup.trump, []),
    ):
        with pytest.raises(s7.RecordError, match="does not replay"):
            durak_rebuild(*arguments)


def test_no_attribute_of_a_state_can_be_written_or_deleted() -> None:
    sevens = s7.apply(s7.new_game(4, seed=1), "9♦")
    game = taking(durak.new_game(3, seed=2), 3)
    durak.legal_moves(game)
    hash(sevens), hash(game), sevens.history, game.history  # the slots filled on demand too
    for state in (sevens, game):
        for name in ("_board", "_setup", "_parent", "_hash", "_line", "_hands", "_legal", "x"):
            with pytest.raises(AttributeError, match="cannot be changed"):
                setattr(state, name, 0)
            with pytest.raises(AttributeError, match="cannot be changed"):
                delattr(state, name)
    assert sevens == s7.apply(s7.new_game(4, seed=1), "9♦")  # untouched


# -- F8: surrogates ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "field", ["format", "game", "players", "options", "deal", "moves", "trump", "\ud800"]
)
def test_a_lone_surrogate_gives_a_message_that_encodes(field: str) -> None:
    for value in ("\ud800", ["\ud800"], {"\udfff": "\ud800"}, [["9♦", "\ud800"]]):
        for load, record in (
            (s7.from_json, json.loads(s7.to_json(s7.new_game(4, seed=1)))),
            (durak.from_json, json.loads(durak.to_json(durak.new_game(3, seed=1)))),
        ):
            record[field] = value
            refusal(lambda: load(json.dumps(record)), s7.RecordError)  # noqa: B023


# -- The cost of a long history ----------------------------------------------------------


def count_calls(monkeypatch: pytest.MonkeyPatch, cls: type, name: str) -> list[int]:
    calls = [0]
    original = getattr(cls, name)

    def counted(self: object) -> object:
        calls[0] += 1
        return original(self)

    monkeypatch.setattr(cls, name, counted)
    return calls


def test_reading_the_history_every_move_decodes_each_move_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    decoded = count_calls(monkeypatch, durak.GameState, "_events")
    state = durak.new_game(3, seed=1, options=durak.Options(take_limit=10**6))
    for ply in range(1, 2001):
        state = taking(state, 1)
        assert len(state.moves) == ply
        durak.view(state, ply % 3)
        assert state.history[-1] is not None
    assert decoded[0] == 2000


def test_hash_and_equality_every_move_cost_one_step(monkeypatch: pytest.MonkeyPatch) -> None:
    options = durak.Options(take_limit=10**6)
    one = two = durak.new_game(3, seed=1, options=options)
    one, two = taking(one, 500), taking(two, 500)  # equal states, no shared links
    assert one == two and hash(one) == hash(two)
    steps = count_calls(monkeypatch, durak.GameState, "_step")
    for _ in range(1000):
        one, two = taking(one, 1), taking(two, 1)
        assert hash(one) == hash(two) and one == two
    assert steps[0] <= 1000 * 6  # a few steps a move, not the whole chain


def test_histories_of_branching_lines() -> None:
    # Branches read in any order give the history a fresh replay gives (both games).
    import random

    rng = random.Random(5)
    cases: list[tuple[Any, Any, Any, Any]] = [
        (durak, durak.apply, durak.legal_moves, lambda: durak.new_game(3, seed=3)),
        (s7, s7.apply, s7.legal_moves, lambda: s7.new_game(4, seed=3)),
    ]
    for game, apply, legal, new in cases:
        states: list[Any] = [new()]
        for _ in range(300):
            base = rng.choice(states)
            if not legal(base):
                continue
            child = apply(base, rng.choice(legal(base)))
            states.append(child)
            if rng.random() < 0.5:
                rng.choice(states).history  # noqa: B018  # read some on the way
        for state in rng.sample(states, len(states)):
            again = new()
            steps = []
            link = state
            while link._parent is not None:
                steps.append(link)
                link = link._parent
            for step in reversed(steps):  # the move that made each step: a new card on the table
                move = step._move if game is durak else min(step.table - step._parent.table)
                again = apply(again, move)
            assert state.history == again.history
            assert state == again and hash(state) == hash(again)
