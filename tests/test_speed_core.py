"""The speed work inside the core changes nothing a user can see.

The deal procedure is fixed by ``sevens_ru.shuffle``'s documentation and pinned here;
``apply`` and ``ranking`` are checked against a plain implementation of the rules
written from the specification (R5-R19), as unlike the engine's bit tricks as possible.
"""

from __future__ import annotations

import hashlib
import random
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sevens_ru as s7
from sevens_ru.common import shuffle
from sevens_ru.games.sevens.deal import deal_seeded

# -- the deal ------------------------------------------------------------------------


def documented_order(digest: bytes) -> bytes:
    """Step 3 of the shuffle, as documented: card i's key is word i with its lowest byte
    replaced by i; the cards sorted by key."""
    count = len(digest) // 8
    words = struct.unpack(f">{count}Q", digest)
    keys = [(word & ~0xFF) | index for index, word in enumerate(words)]
    return bytes(index for _, index in sorted((key, key & 0xFF) for key in keys))


def test_shuffle_matches_the_documented_procedure() -> None:
    rng = random.Random(3)
    for count in (0, 1, 2, 9, 36, 52, 256):
        for _ in range(20):
            seed = rng.getrandbits(rng.choice((8, 64, 200))) * rng.choice((1, -1))
            data = b"sevens-ru shuffle v1\x00" + seed.to_bytes(
                (seed.bit_length() + 8) // 8, "big", signed=True
            )
            digest = hashlib.shake_256(data).digest(8 * count)
            assert shuffle.shuffled_bytes(seed, count) == documented_order(digest)


@pytest.mark.parametrize("count", [2, 36, 100])
def test_shuffle_orders_keys_that_share_their_first_six_bytes(count: int) -> None:
    # The fast path compares the first six random bytes; when two keys share them, the
    # seventh decides, and the engine must notice and sort whole words (about one deal
    # in 10**12 does this, so the digests are made by hand).
    rng = random.Random(count)
    for case in range(200):
        words = [rng.getrandbits(64) for _ in range(count)]
        first, second = rng.sample(range(count), 2)
        prefix = words[first] >> 16
        words[second] = (prefix << 16) | (words[second] & 0xFFFF)
        if case % 2:  # the seventh byte against the card index order
            low, high = sorted((first, second))
            words[low] = (prefix << 16) | (0xF0 << 8)
            words[high] = (prefix << 16) | (0x0F << 8)
        if case % 5 == 0:  # several ties at once, one of them with the smallest prefix
            words[-1] = words[0] & ~0xFFFF | 0x1234
        digest = struct.pack(f">{count}Q", *words)
        assert shuffle._order(digest, shuffle._plan(count)) == documented_order(digest)


def test_shuffle_of_an_all_zero_digest() -> None:
    # Every prefix is zero: all keys tie on the fast path's bytes.
    digest = bytes(8 * 36)
    assert shuffle._order(digest, shuffle._plan(36)) == bytes(range(36))


def test_seeded_deals_are_pinned() -> None:
    # R5 deals from seeds, as the engine dealt them before any speed work: 1,659 seeds
    # for each player count, hashed.
    digest = hashlib.sha256()
    for players in range(2, 7):
        for seed in [*range(-50, 500), 2**64 - 1, -(2**63), 10**30]:
            digest.update(repr(deal_seeded(players, seed)).encode())
    assert digest.hexdigest() == "0441e17e8fbe00b77fc900eee3d20cffa33feb8cb0d686e631b3d41c7711f1a2"
    assert deal_seeded(4, 7) == (3260287112, 39543899664, 10576135, 25904713824)


# -- play and ranking against a plain reference --------------------------------------


def reference_game(
    hands: list[set[int]], choose: random.Random
) -> tuple[list[tuple[int, int]], list[int], int]:
    """Play by the rules with card indexes and sets: (history, passes, winner).

    History entries are (seat, card) for a play and (seat, -1) for a pass.
    """
    players = len(hands)
    lows: dict[int, int] = {}  # suit -> lowest rank index on the table
    highs: dict[int, int] = {}
    history: list[tuple[int, int]] = []
    passes = [0] * players
    seat = next(s for s in range(players) if 12 in hands[s])  # R7: 9♦ opens
    first = True
    while True:
        if first:
            playable = [12]
            first = False
        else:
            playable = []
            for card in sorted(hands[seat]):
                suit, rank = divmod(card, 9)
                if suit not in lows:
                    if rank == 3:  # the 9 of an unopened row (R9)
                        playable.append(card)
                elif rank in (lows[suit] - 1, highs[suit] + 1):
                    playable.append(card)
        if playable:
            card = playable[choose.randrange(len(playable))]
            hands[seat].remove(card)
            suit, rank = divmod(card, 9)
            lows[suit] = min(lows.get(suit, rank), rank)
            highs[suit] = max(highs.get(suit, rank), rank)
            history.append((seat, card))
            if not hands[seat]:  # R14
                return history, passes, seat
        else:  # R11
            passes[seat] += 1
            history.append((seat, -1))
        seat = (seat + 1) % players


@pytest.mark.parametrize("players", range(2, 7))
def test_apply_plays_the_rules_of_a_plain_reference(players: int) -> None:
    for seed in range(60):
        state = s7.new_game(players, seed=seed)
        hands = [{card.index for card in hand} for hand in state.hands]
        history, passes, winner = reference_game(hands, random.Random(seed))
        choose = random.Random(seed)
        while moves := s7.legal_moves(state):
            state = s7.apply(state, moves[choose.randrange(len(moves))])
        events = [
            (event.seat, event.card.index if isinstance(event, s7.Play) else -1)
            for event in state.history
        ]
        assert events == history
        assert list(state.passes) == passes
        assert state.winner == winner
        assert [len(hand) for hand in state.hands] == [len(hand) for hand in hands]


def reference_places(state: s7.GameState) -> list[int]:
    """R15-R18 by sorting tuples: the place of every seat."""
    options = state.options
    hands = state.hands
    keys: list[tuple[int, ...]] = []
    for seat, hand in enumerate(hands):
        points = sum(s7.card_points(card) for card in hand)
        if options.rank_by_passes:
            keys.append((len(hand), state.passes[seat], points))
        else:
            keys.append((len(hand), points))
    places = []
    for key in keys:
        better = sorted({other for other in keys if other < key})
        if options.place_numbering == "dense":
            places.append(len(better) + 1)
        else:
            places.append(sum(other < key for other in keys) + 1)
    return places


@settings(max_examples=150, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**64),
    by_passes=st.booleans(),
    numbering=st.sampled_from(["competition", "dense"]),
)
def test_ranking_matches_a_plain_reference(
    players: int, seed: int, by_passes: bool, numbering: str
) -> None:
    options = s7.Options(rank_by_passes=by_passes, place_numbering=numbering)  # type: ignore[arg-type]
    state = s7.new_game(players, seed=seed, options=options)
    choose = random.Random(seed)
    while moves := s7.legal_moves(state):
        state = s7.apply(state, choose.choice(moves))
    standings = s7.ranking(state)
    by_seat = sorted(standings, key=lambda standing: standing.seat)
    assert [standing.place for standing in by_seat] == reference_places(state)
    assert [standing.cards_left for standing in by_seat] == [len(h) for h in state.hands]
    assert [standing.points for standing in by_seat] == [
        s7.card_points(hand) for hand in state.hands
    ]
    assert [standing.passes for standing in by_seat] == list(state.passes)
    assert standings[0].seat == state.winner  # R15
    assert [standing.place for standing in standings] == sorted(
        standing.place for standing in standings
    )


# -- the state value -----------------------------------------------------------------


def test_states_are_game_states_and_cannot_be_made_directly() -> None:
    state = s7.new_game(3, seed=1)
    after = s7.apply(state, "9♦")
    assert isinstance(state, s7.GameState)
    assert isinstance(after, s7.GameState)
    assert type(after) is s7.GameState  # the class itself, as messages and logs name it
    with pytest.raises(s7.NotAGameStateError, match="not directly"):
        s7.GameState()
    with pytest.raises(AttributeError):
        after.extra = 1  # type: ignore[attr-defined]


def test_equal_histories_equal_states_across_paths() -> None:
    # Two routes to the same history give equal, equally hashed states; a different
    # order of the same cards does not (the history differs).
    first = ["9♦", "10♦", "9♣", "6♠", "7♠", "8♠", "9♠", "10♠", "J♠"]
    first += ["Q♠", "K♠", "A♠", "6♥", "7♥", "8♥", "9♥", "10♥", "J♥"]
    second = [str(card) for card in s7.DECK if str(card) not in first]
    state = s7.new_game(2, hands=[first, second])  # R6; seat 0 holds 9♦ (R7)
    one = s7.apply(s7.apply(s7.apply(state, "9♦"), "8♦"), "10♦")
    two = s7.apply(s7.apply(s7.apply(state, "9♦"), "8♦"), "10♦")
    assert one == two
    assert hash(one) == hash(two)
    assert one.history == two.history
    other = s7.apply(s7.apply(state, "9♦"), "8♦")
    assert other != one
    assert {one, two, other} == {one, other}


def test_caches_start_again_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    # The caches of legal-move tuples and rollout steps are bounded; emptied when full,
    # they go on giving the same answers (R7, R9).
    from sevens_ru.games.sevens import game, playout

    monkeypatch.setattr(game, "_MAX_MOVES", 3)
    monkeypatch.setattr(playout, "_MAX_CHOICES", 3)
    # Start from empty caches: earlier tests may have filled them with every key this
    # game needs, and a cache only empties when a new key arrives.
    monkeypatch.setattr(game, "_MOVES", {})
    monkeypatch.setattr(playout, "_CHOICES", {})
    state = s7.new_game(3, seed=12)
    rng = random.Random(1)
    while moves := s7.legal_moves(state):
        seat: int = state.current_player  # type: ignore[assignment]
        playable = game.playable_mask(s7.mask_of(state.table))
        assert moves == s7.cards_from_mask(playable & s7.mask_of(state.hand(seat)))
        state = s7.apply(state, rng.choice(moves))
    assert len(game._MOVES) <= 3
    start = s7.new_game(5, seed=3)
    assert playout.playout(start, random.Random(4)) == s7.ranking(
        playout.playout_state(start, random.Random(4))
    )
    assert len(playout._CHOICES) <= 3
