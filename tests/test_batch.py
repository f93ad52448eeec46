"""The numpy batch engine agrees with the core engine move for move (R5-R19).

Every test feeds the same deals and the same cards to ``GameBatch`` and to
``new_game``/``apply``, and compares what each shows after every step.
"""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

import sevens_ru as s7  # noqa: E402
import sevens_ru.deal  # noqa: E402
from sevens_ru.games.sevens.batch import (  # noqa: E402
    BatchError,
    GameBatch,
    _kernels,
    random_words,
)

OPTIONS = [
    s7.Options(),
    s7.Options(rank_by_passes=True),
    s7.Options(place_numbering="dense"),
    s7.Options(rank_by_passes=True, place_numbering="dense"),
]


def places_of(state: s7.GameState) -> list[int]:
    """The core ranking as places by seat, like GameBatch.places()."""
    return [standing.place for standing in sorted(s7.ranking(state), key=lambda s: s.seat)]


def assert_same(batch: GameBatch, states: list[s7.GameState]) -> None:
    """Everything the batch shows equals what the states show."""
    assert batch.done.tolist() == [s7.is_over(state) for state in states]
    assert batch.current_player.tolist() == [
        -1 if state.current_player is None else state.current_player for state in states
    ]
    assert batch.winner.tolist() == [
        -1 if state.winner is None else state.winner for state in states
    ]
    assert batch.passes.tolist() == [list(state.passes) for state in states]
    assert batch.hand_sizes.tolist() == [list(state.hand_sizes) for state in states]
    assert batch.hands.tolist() == [[s7.mask_of(hand) for hand in state.hands] for state in states]
    assert batch.table.tolist() == [s7.mask_of(state.table) for state in states]
    mask = batch.legal_mask()
    assert mask.shape == (len(states), 36)
    assert [[s7.DECK[i] for i in np.flatnonzero(row)] for row in mask] == [
        list(s7.legal_moves(state)) for state in states
    ]
    assert batch.legal_sets().tolist() == [s7.mask_of(s7.legal_moves(state)) for state in states]


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("options", OPTIONS, ids=repr)
def test_batch_agrees_with_apply_move_for_move(players: int, options: s7.Options) -> None:
    # Same deals, same cards chosen from the core's legal moves: after every step the
    # same player to move (R10), passes (R11), legal cards (R7, R9), end (R14), and
    # at the end the same winner and ranking (R15-R18).
    rng = random.Random(players)
    states = [s7.new_game(players, seed=rng.getrandbits(64), options=options) for _ in range(40)]
    batch = GameBatch.from_states(states)
    assert_same(batch, states)
    while not batch.done.all():
        cards = []
        for number, state in enumerate(states):
            moves = s7.legal_moves(state)
            if not moves:
                cards.append(-1)
                continue
            card = rng.choice(moves)
            cards.append(card.index)
            states[number] = s7.apply(state, card)
        batch = batch.step(np.array(cards))
        assert_same(batch, states)
    assert batch.places().tolist() == [places_of(state) for state in states]
    assert [batch.standings(number) for number in range(len(states))] == [
        s7.ranking(state) for state in states
    ]


@pytest.mark.parametrize("players", range(2, 7))
def test_random_cards_follow_the_documented_procedure(players: int) -> None:
    # Card number r * k >> 32 among k legal cards, r from random_words().
    states = [s7.new_game(players, seed=seed) for seed in range(30)]
    batch = GameBatch.from_states(states)
    ours, theirs = np.random.default_rng(11), np.random.default_rng(11)
    while not batch.done.all():
        cards = batch.random_cards(ours)
        words = random_words(theirs, len(states))
        for number, state in enumerate(states):
            moves = s7.legal_moves(state)
            if not moves:
                assert cards[number] == -1
                continue
            card = moves[int(words[number]) * len(moves) >> 32]
            assert cards[number] == card.index
            states[number] = s7.apply(state, card)
        batch = batch.step(cards)
    assert batch.places().tolist() == [places_of(state) for state in states]


def test_play_random_plays_the_random_cards() -> None:
    start = GameBatch.deal(50, players=5, rng=3)
    final = start.play_random(np.random.default_rng(8))
    generator = np.random.default_rng(8)
    batch = start
    while not batch.done.all():
        batch = batch.step(batch.random_cards(generator))
    assert batch.places().tolist() == final.places().tolist()
    assert batch.passes.tolist() == final.passes.tolist()
    assert batch.table.tolist() == final.table.tolist()


def test_from_states_midgame_and_finished() -> None:
    # States part-way through and at the end carry on as the core does.
    rng = random.Random(4)
    states = []
    for seed in range(20):
        state = s7.new_game(3, seed=seed)
        for _ in range(rng.randrange(40)):
            moves = s7.legal_moves(state)
            if not moves:
                break
            state = s7.apply(state, rng.choice(moves))
        states.append(state)
    assert any(s7.is_over(state) for state in states)
    batch = GameBatch.from_states(states)
    assert_same(batch, states)
    final = batch.play_random(5)
    assert final.done.all()
    for number, state in enumerate(states):
        if s7.is_over(state):
            assert final.standings(number) == s7.ranking(state)


@pytest.mark.parametrize("players", range(2, 7))
def test_deal_follows_r5_and_r7(players: int) -> None:
    batch = GameBatch.deal(200, players=players, rng=np.random.default_rng(players))
    hands = batch.hands
    assert (np.bitwise_or.reduce(hands, axis=1) == (1 << 36) - 1).all()
    assert batch.hand_sizes.tolist() == [list(s7.deal.hand_sizes(players))] * 200  # R5
    nine = s7.Card.parse("9♦").bit
    holders = np.argmax((hands & nine) != 0, axis=1)
    assert batch.current_player.tolist() == holders.tolist()  # R7
    assert (batch.legal_sets() == nine).all()
    assert (batch.passes == 0).all()
    assert not batch.done.any()
    # Each deal is one a core game can be built from, and plays the same.
    for number in range(0, 200, 40):
        state = s7.new_game(players, hands=[s7.cards_from_mask(int(h)) for h in hands[number]])
        assert state.current_player == batch.current_player[number]


def test_deal_is_reproducible_and_varies() -> None:
    first = GameBatch.deal(64, rng=5).hands.tolist()
    assert GameBatch.deal(64, rng=np.random.default_rng(5)).hands.tolist() == first
    assert GameBatch.deal(64, rng=6).hands.tolist() != first
    assert len({tuple(row) for row in first}) == 64


def test_from_hands_equals_new_game() -> None:
    states = [s7.new_game(4, seed=seed) for seed in range(10)]
    hands = [[s7.mask_of(hand) for hand in state.hands] for state in states]
    batch = GameBatch.from_hands(hands, options=s7.Options(rank_by_passes=True))
    assert batch.options == s7.Options(rank_by_passes=True)
    assert_same(batch, states)


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ([1, 2, 3], "2-D array"),
        ([["a", "b"]], "2-D array|card set"),
        ([[-1, 2]], "from 0 to 2\\*\\*36"),
        ([[1 << 36, 2]], "from 0 to 2\\*\\*36"),
        ([[(1 << 36) - 1, 0]], "sizes of R5"),
        ([[(1 << 18) - 1, (1 << 18) - 1]], "hold the 36 cards"),
        (np.zeros((1, 7), dtype=np.int64), "2 to 6 players"),
        (np.zeros((0, 4), dtype=np.int64), "at least one game"),
        ([[True, False]], "2-D array"),
    ],
)
def test_from_hands_refuses_bad_deals(hands: object, message: str) -> None:
    with pytest.raises(s7.SevensError, match=message) as error:
        GameBatch.from_hands(hands)  # type: ignore[arg-type]
    assert isinstance(error.value, ValueError)


def test_step_checks_every_card() -> None:
    states = [s7.new_game(4, seed=seed) for seed in range(3)]
    batch = GameBatch.from_states(states)
    nine = s7.Card.parse("9♦").index
    jack = s7.Card.parse("J♦").index
    with pytest.raises(
        s7.IllegalMoveError, match=r"game 1: seat \d cannot play J♦; legal moves: 9♦"
    ):
        batch.step(np.array([nine, jack, nine]))  # R7
    with pytest.raises(s7.IllegalMoveError, match="card index 36"):
        batch.step(np.array([nine, nine, 36]))
    with pytest.raises(s7.IllegalMoveError, match="card index -1"):
        batch.step(np.array([-1, nine, nine]))
    with pytest.raises(BatchError, match="one card index per game"):
        batch.step(np.array([nine, nine]))
    with pytest.raises(BatchError, match="one card index per game"):
        batch.step(np.array([9.0, 9.0, 9.0]))
    assert isinstance(BatchError("x"), s7.SevensError)


def test_step_ignores_finished_games_and_keeps_the_old_batch() -> None:
    final = s7.new_game(2, seed=1)
    while moves := s7.legal_moves(final):
        final = s7.apply(final, moves[0])
    fresh = s7.new_game(2, seed=2)
    batch = GameBatch.from_states([final, fresh])
    after = batch.step(np.array([17, s7.Card.parse("9♦").index]))  # entry 0 ignored
    assert_same(after, [final, s7.apply(fresh, "9♦")])
    assert_same(batch, [final, fresh])  # immutable: the old batch is unchanged


def test_arrays_are_read_only() -> None:
    batch = GameBatch.deal(4, rng=0)
    for array in (batch.done, batch.table, batch.legal_sets(), batch.passes, batch.hands):
        with pytest.raises(ValueError, match="read-only"):
            array[0] = 1


def test_ranking_exists_only_at_the_end() -> None:
    batch = GameBatch.deal(3, rng=1)
    with pytest.raises(s7.GameNotOverError, match="R19"):
        batch.places()
    with pytest.raises(s7.GameNotOverError, match="R19"):
        batch.standings(0)
    final = batch.play_random(2)
    with pytest.raises(BatchError, match="out of range"):
        final.standings(3)
    with pytest.raises(BatchError, match="is an int"):
        final.standings("0")  # type: ignore[arg-type]
    assert final.standings(-1) == final.standings(2)


def test_from_states_refuses_mixed_or_wrong_input() -> None:
    with pytest.raises(s7.SevensError, match="same player count"):
        GameBatch.from_states([s7.new_game(2, seed=1), s7.new_game(3, seed=1)])
    with pytest.raises(s7.SevensError, match="same player count and options"):
        GameBatch.from_states(
            [s7.new_game(2, seed=1), s7.new_game(2, seed=1, options=s7.Options(True))]
        )
    with pytest.raises(s7.NotAGameStateError):
        GameBatch.from_states([s7.new_game(2, seed=1), "state"])  # type: ignore[list-item]
    with pytest.raises(s7.NotAGameStateError):
        GameBatch.from_states(s7.new_game(2, seed=1))  # type: ignore[arg-type]
    with pytest.raises(BatchError, match="at least one game"):
        GameBatch.from_states([])
    with pytest.raises(BatchError, match=r"GameBatch\.deal"):
        GameBatch()


def test_deal_refuses_bad_arguments() -> None:
    with pytest.raises(s7.InvalidDealError, match="R4"):
        GameBatch.deal(3, players=7)
    with pytest.raises(BatchError, match="at least one game"):
        GameBatch.deal(0)
    with pytest.raises(s7.InvalidOptionsError):
        GameBatch.deal(3, options="dense")  # type: ignore[arg-type]


def test_popcount_fallback_matches() -> None:
    # numpy before 2.0 has no bitwise_count; the fallback must count the same.
    values = np.random.default_rng(0).integers(0, 1 << 36, 1000, dtype=np.int64)
    values[:3] = [0, (1 << 36) - 1, 1 << 35]
    assert (_kernels._popcount_swar(values) == [bin(int(v)).count("1") for v in values]).all()


def test_random_words_are_the_documented_halves() -> None:
    words = random_words(np.random.default_rng(4), 5)
    raw = [int(value) for value in np.random.default_rng(4).bit_generator.random_raw(3)]
    low = [value & 0xFFFF_FFFF for value in raw]
    high = [value >> 32 for value in raw]
    assert words.tolist() == (low + high)[:5]


def test_repr_len_nbytes() -> None:
    batch = GameBatch.deal(10, players=3, rng=0)
    assert len(batch) == 10
    assert batch.size == 10
    assert batch.players == 3
    assert repr(batch) == "<GameBatch 10 games of 3 players, 0 over>"
    assert batch.nbytes > 10 * 3 * 8
