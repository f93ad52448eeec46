"""Many games in lockstep with numpy: a batch engine for learning and large simulations.

A :class:`GameBatch` holds ``size`` games of one player count and advances them all
at once: :meth:`~GameBatch.step` plays one card in every game still going, and the
automatic passes (R11) follow inside it, as in :func:`sevens_ru.apply`. Each game
exposes its legal moves as a mask over the 36 cards (:meth:`~GameBatch.legal_mask`),
whether it is over (:attr:`~GameBatch.done`) and, at the end, its ranking
(:meth:`~GameBatch.places`, :meth:`~GameBatch.standings`). A batch is immutable like a
:class:`~sevens_ru.GameState`: a step returns a new batch and its arrays are read-only.

Card ``i`` is ``DECK[i]`` (bit ``i`` of a card set), as everywhere in the library.
This module needs numpy (``pip install "sevens-ru[numpy]"``); the rest of the library
does not.

>>> import numpy as np
>>> from sevens_ru.batch import GameBatch
>>> batch = GameBatch.deal(3, players=4, rng=np.random.default_rng(7))
>>> batch.legal_mask().sum(axis=1)  # only 9♦ opens (R7)
array([1, 1, 1])
>>> final = batch.play_random(np.random.default_rng(1))
>>> bool(final.done.all()), final.places().shape
(True, (3, 4))
"""

from __future__ import annotations

from collections.abc import Sequence

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as error:  # pragma: no cover - only without the extra
    raise ImportError('sevens_ru.batch needs numpy: pip install "sevens-ru[numpy]"') from error

from ....common._games import not_a_state
from ....common._numbers import as_int
from ....errors import (
    BatchError,
    GameNotOverError,
    IllegalMoveError,
    InvalidDealError,
    InvalidOptionsError,
    NotAGameStateError,
)
from .._board import NINE_OF_DIAMONDS, NINES, ROW, passes_field
from ..deal import PACK, check_players, hand_sizes
from ..names import SEVENS
from ..options import Options
from ..scoring import Standing, standings
from ..state import GameState
from ._kernels import (
    BIT_OF,
    CARD_BITS,
    CARDS,
    DEAL_CHUNK,
    HALF,
    LOW_HALF,
    NO_CARD,
    OPENED,
    SUIT_POINTS,
    BoolArray,
    CardSetArray,
    IntArray,
    game_numbers,
    popcount,
    read_only,
    selection_tables,
)

_WHOLE = PACK.full_mask  # the whole pack as a card set

__all__ = ["BatchError", "GameBatch", "random_words"]


def random_words(rng: np.random.Generator, size: int) -> IntArray:
    """``size`` uniformly random 32-bit words from ``rng``, as :meth:`GameBatch.random_cards` uses.

    They are the low halves, then the high halves, of the 64-bit outputs of
    ``rng.bit_generator.random_raw((size + 1) // 2)``: the same on every platform.

    >>> import numpy as np
    >>> from sevens_ru.batch import random_words
    >>> words = random_words(np.random.default_rng(1), 3)
    >>> raw = np.random.default_rng(1).bit_generator.random_raw(2)
    >>> words.tolist() == [int(raw[0]) & 0xFFFFFFFF, int(raw[1]) & 0xFFFFFFFF, int(raw[0]) >> 32]
    True
    """
    raw = rng.bit_generator.random_raw((size + 1) // 2)
    return np.concatenate((raw & 0xFFFF_FFFF, raw >> 32))[:size].astype(np.int64)


class GameBatch:
    """``size`` games of Russian Sevens with the same player count and options.

    Make one with :meth:`deal` (random deals), :meth:`from_hands` (explicit deals as
    card sets) or :meth:`from_states` (any game states), then
    advance it with :meth:`step` or :meth:`play_random`. Each returns a new batch.

    >>> import numpy as np
    >>> import sevens_ru as s7
    >>> from sevens_ru.batch import GameBatch
    >>> states = [s7.new_game(4, seed=seed) for seed in range(3)]
    >>> batch = GameBatch.from_states(states)
    >>> batch.current_player.tolist() == [state.current_player for state in states]
    True
    >>> batch = batch.step(np.full(3, s7.Card.parse("9♦").index))  # every game opens
    >>> batch.passes.tolist() == [list(s7.apply(state, "9♦").passes) for state in states]
    True
    """

    __slots__ = (
        "_cursor",
        "_done",
        "_hands",
        "_moves",
        "_passes",
        "_playable",
        "_table",
        "options",
        "players",
        "size",
    )

    players: int
    """The number of players of every game."""
    size: int
    """The number of games."""
    options: Options
    """The ranking options of every game."""
    _hands: CardSetArray  # the dealt hands, seat-major: seat s of game g at s * size + g
    _table: CardSetArray  # the cards on the table, per game
    _playable: CardSetArray  # the 9s of unopened rows and the cards next to row ends
    _moves: CardSetArray  # the legal cards of the seat to play (0 once over)
    _cursor: IntArray  # where the seat to play (the winner once over) is in _hands
    _done: BoolArray  # whether the game is over
    _passes: npt.NDArray[np.int32]  # passes, seat-major like _hands

    def __init__(self) -> None:
        raise BatchError("a GameBatch is made by GameBatch.deal(), from_hands() or from_states()")

    # -- making batches ------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        size: int,
        players: int = 4,
        *,
        rng: np.random.Generator | int | None = None,
        options: Options | None = None,
    ) -> GameBatch:
        """``size`` new games, each dealt from a uniformly shuffled pack (R5, R7).

        ``rng`` is a numpy ``Generator`` or a seed for one. These deals come from
        numpy's generator, not from the seeded deals of :func:`sevens_ru.new_game`.

        >>> import numpy as np
        >>> from sevens_ru.batch import GameBatch
        >>> GameBatch.deal(2, players=5, rng=1).hand_sizes.tolist()
        [[8, 7, 7, 7, 7], [8, 7, 7, 7, 7]]
        """
        size = _check_size(size)
        players = check_players(players)
        generator = np.random.default_rng(rng)
        hands = np.empty((players, size), dtype=np.int64)
        for start in range(0, size, DEAL_CHUNK):  # in chunks, to bound the memory used
            count = min(DEAL_CHUNK, size - start)
            # A random permutation per game: the argsort of random keys. Position p of
            # the shuffled pack goes to seat p % players.
            order = np.argsort(generator.random((count, CARDS), dtype=np.float32), axis=1)
            bits = CARD_BITS[order]
            for seat in range(players):
                hands[seat, start : start + count] = np.bitwise_or.reduce(
                    bits[:, seat::players], axis=1
                )
        return cls._new(players, _check_options(options), hands)

    @classmethod
    def from_hands(cls, hands: npt.ArrayLike, *, options: Options | None = None) -> GameBatch:
        """New games from explicit deals: ``hands[g][s]`` is seat ``s``'s card set in game ``g``.

        Each deal is validated as :func:`sevens_ru.new_game` validates explicit hands (R6).

        >>> import sevens_ru as s7
        >>> from sevens_ru.batch import GameBatch
        >>> deal = [s7.mask_of(hand) for hand in s7.new_game(2, seed=5).hands]
        >>> GameBatch.from_hands([deal, deal[::-1]]).current_player.tolist()
        [0, 1]
        """
        array = np.asarray(hands)
        if array.ndim != 2 or not (np.issubdtype(array.dtype, np.integer) or array.dtype == object):
            raise InvalidDealError(
                "hands must be a 2-D array of card sets (ints below 2**36): one row per "
                f"game, one column per seat; got shape {array.shape} of {array.dtype}"
            )
        size, players = array.shape
        _check_size(size)
        check_players(players)
        try:
            out_of_range = bool(((array < 0) | (array > _WHOLE)).any())
        except TypeError:  # an object array holding something other than ints
            out_of_range = True
        if out_of_range or (array.dtype == object and not all(type(x) is int for x in array.flat)):
            raise InvalidDealError("a card set must be an int from 0 to 2**36 - 1")
        masks = array.astype(np.int64)
        union = np.bitwise_or.reduce(masks, axis=1)
        counts = popcount(masks)
        expected = np.array(hand_sizes(players), dtype=np.int64)
        bad = (union != _WHOLE) | (counts.sum(axis=1) != CARDS) | (counts != expected).any(axis=1)
        if bad.any():
            game = int(np.flatnonzero(bad)[0])
            raise InvalidDealError(
                f"game {game}: the hands must be disjoint, hold the 36 cards and have the "
                f"sizes of R5 ({', '.join(map(str, hand_sizes(players)))} cards); got "
                f"{', '.join(str(count) for count in counts[game].tolist())} cards"
            )
        return cls._new(players, _check_options(options), np.ascontiguousarray(masks.T))

    @classmethod
    def from_states(cls, states: Sequence[GameState]) -> GameBatch:
        """A batch of the given game states, each where it stands (finished ones too).

        All states need the same player count and options.

        >>> import sevens_ru as s7
        >>> from sevens_ru.batch import GameBatch
        >>> state = s7.apply(s7.new_game(3, seed=2), "9♦")
        >>> GameBatch.from_states([state]).legal_mask()[0].nonzero()[0].tolist() == [
        ...     card.index for card in s7.legal_moves(state)
        ... ]
        True
        """
        if isinstance(states, GameState) or not isinstance(states, Sequence):
            raise NotAGameStateError("from_states() takes a sequence of GameStates")
        for state in states:
            if not isinstance(state, GameState):
                raise not_a_state(
                    "batch.GameBatch.from_states",
                    state,
                    game=SEVENS,
                    label="GameBatch.from_states() (every state)",
                )
        _check_size(len(states))
        setup = states[0]._setup
        players, options = setup.players, setup.options
        for state in states:
            if state._setup.players != players or state._setup.options != options:
                raise InvalidDealError(
                    "every game of a batch has the same player count and options"
                )
        batch = cls._new(
            players,
            options,
            np.array([state._setup.deal for state in states], dtype=np.int64).T.copy(),
        )
        batch._table = read_only(np.array([state._table for state in states], dtype=np.int64))
        batch._playable = read_only(np.array([state._playable for state in states], dtype=np.int64))
        batch._moves = read_only(np.array([state._moves for state in states], dtype=np.int64))
        batch._done = read_only(np.array([state._turn is None for state in states]))
        seats = [state._turn if state._turn is not None else state.winner for state in states]
        batch._cursor = read_only(
            np.array(seats, dtype=np.int64) * batch.size + game_numbers(batch.size)
        )
        batch._passes = read_only(
            np.array([state.passes for state in states], dtype=np.int32).T.copy()
        )
        return batch

    @classmethod
    def _new(cls, players: int, options: Options, hands: CardSetArray) -> GameBatch:
        """New games from seat-major hands (players × size), already checked."""
        size = hands.shape[1]
        batch = object.__new__(cls)
        batch.players = players
        batch.size = size
        batch.options = options
        batch._hands = read_only(hands)
        batch._table = read_only(np.zeros(size, dtype=np.int64))
        batch._playable = read_only(np.full(size, NINES, dtype=np.int64))
        batch._moves = read_only(np.full(size, NINE_OF_DIAMONDS, dtype=np.int64))  # R7
        holds = (hands & NINE_OF_DIAMONDS) != 0
        batch._cursor = read_only(
            np.argmax(holds, axis=0).astype(np.int64) * size + game_numbers(size)
        )
        batch._done = read_only(np.zeros(size, dtype=np.bool_))
        batch._passes = read_only(np.zeros((players, size), dtype=np.int32))
        return batch

    # -- what a batch shows --------------------------------------------------------

    @property
    def done(self) -> BoolArray:
        """Whether each game is over (R14)."""
        return self._done

    @property
    def current_player(self) -> IntArray:
        """The seat to play in each game, ``-1`` where the game is over."""
        return read_only(np.where(self._done, -1, self._cursor // self.size))

    @property
    def winner(self) -> IntArray:
        """The winner of each game (R14), ``-1`` where it goes on."""
        return read_only(np.where(self._done, self._cursor // self.size, -1))

    @property
    def passes(self) -> IntArray:
        """How many times each seat has passed (R11): one row per game."""
        return read_only(self._passes.T.astype(np.int64))

    @property
    def table(self) -> CardSetArray:
        """The cards on the table of each game, as card sets."""
        return self._table

    @property
    def hands(self) -> CardSetArray:
        """The cards each seat holds now, as card sets: one row per game."""
        return read_only((self._hands & ~self._table).T.copy())

    @property
    def hand_sizes(self) -> IntArray:
        """How many cards each seat holds now: one row per game."""
        return read_only(popcount(self._hands & ~self._table).T.copy())

    @property
    def playable(self) -> CardSetArray:
        """The cards that whoever holds them may play now in each game (R7, R9), as card sets."""
        return read_only(np.where(self._table == 0, NINE_OF_DIAMONDS, self._playable))

    def legal_sets(self) -> CardSetArray:
        """The legal cards of each game as a card set (0 where the game is over)."""
        return self._moves

    def legal_mask(self) -> BoolArray:
        """The legal cards of each game as a ``size × 36`` mask, in card order (R7, R9, R10).

        A row is all ``False`` exactly where the game is over.
        """
        mask: BoolArray = (self._moves[:, None] & CARD_BITS[None, :]) != 0
        return mask

    @property
    def nbytes(self) -> int:
        """The bytes of the arrays that hold the batch (hands, table, moves, passes...).

        >>> from sevens_ru.batch import GameBatch
        >>> GameBatch.deal(1000, players=4, rng=0).nbytes
        81000
        """
        return sum(
            array.nbytes
            for array in (
                self._hands,
                self._table,
                self._playable,
                self._moves,
                self._cursor,
                self._done,
                self._passes,
            )
        )

    def __len__(self) -> int:
        return self.size

    def __repr__(self) -> str:
        over = int(self._done.sum())
        return f"<GameBatch {self.size} games of {self.players} players, {over} over>"

    # -- playing -------------------------------------------------------------------

    def step(self, cards: npt.ArrayLike) -> GameBatch:
        """Play ``cards[g]`` (a card index) in every game ``g`` still going; a new batch.

        The entries of finished games are ignored (use ``-1``). Each card is checked,
        then the automatic passes follow (R11), as in :func:`sevens_ru.apply`.

        Raises:
            IllegalMoveError: some card is not legal in its game; the message names the
                first such game, its seat, card and legal moves.
        """
        indexes = np.asarray(cards)
        if indexes.shape != (self.size,) or not np.issubdtype(indexes.dtype, np.integer):
            raise BatchError(
                f"step() takes one card index per game: an int array of shape ({self.size},), "
                f"got shape {indexes.shape} of {indexes.dtype}"
            )
        live = ~self._done
        indexes = np.where(live, indexes, NO_CARD).astype(np.int64)
        indexes[(indexes < 0) | (indexes > NO_CARD)] = NO_CARD
        bits = BIT_OF[indexes]
        bad = live & ((self._moves & bits) == 0)
        if bad.any():
            game = int(np.flatnonzero(bad)[0])
            index = int(np.asarray(cards)[game])
            card = str(PACK.cards[index]) if 0 <= index < CARDS else f"card index {index}"
            legal = " ".join(
                str(PACK.cards[i]) for i in range(CARDS) if int(self._moves[game]) >> i & 1
            )
            raise IllegalMoveError(
                f"game {game}: seat {int(self._cursor[game]) // self.size} cannot play {card}; "
                f"legal moves: {legal}"
            )
        return self._advance(bits, indexes)

    def random_cards(self, rng: np.random.Generator) -> IntArray:
        """A uniformly random legal card index for every game, ``-1`` where it is over.

        With ``k`` legal cards in card order, game ``g`` plays card number
        ``r[g] * k >> 32``, where ``r`` holds ``size`` random 32-bit words: the low
        halves, then the high halves, of ``rng.bit_generator.random_raw((size + 1) // 2)``
        (see :func:`random_words`). A word is drawn for every game, whatever its ``k``.
        """
        indexes = self._random_indexes(rng)
        return read_only(np.where(indexes == NO_CARD, -1, indexes))

    def play_random(self, rng: np.random.Generator | int | None = None) -> GameBatch:
        """Play random legal cards (:meth:`random_cards`) in every game until all are over.

        >>> import numpy as np
        >>> from sevens_ru.batch import GameBatch
        >>> final = GameBatch.deal(5, rng=3).play_random(np.random.default_rng(4))
        >>> bool(final.done.all()), bool((final.winner >= 0).all())
        (True, True)
        """
        generator = np.random.default_rng(rng)
        batch = self
        while not batch._done.all():
            indexes = batch._random_indexes(generator)
            batch = batch._advance(BIT_OF[indexes], indexes)  # legal by construction
        return batch

    def _random_indexes(self, rng: np.random.Generator) -> IntArray:
        """The card indexes chosen by :meth:`random_cards` (NO_CARD where a game is over)."""
        count_of, select = selection_tables()
        moves = self._moves
        low = moves & LOW_HALF
        high = moves >> HALF
        low_count = count_of[low]
        picks = random_words(rng, self.size) * (low_count + count_of[high]) >> 32
        in_high = picks >= low_count
        half = np.where(in_high, high, low).astype(np.int64)
        return select[half * 4 + picks - low_count * in_high] + HALF * in_high  # type: ignore[no-any-return]

    def _advance(self, bits: CardSetArray, indexes: IntArray) -> GameBatch:
        """Play the one-card sets ``bits`` of card ``indexes`` (legal; 0 and NO_CARD where over)."""
        size = self.size
        span = self.players * size
        hands = self._hands.reshape(-1)
        table = self._table | bits
        playable = self._playable - bits + OPENED[indexes]
        cursor = self._cursor
        # Whose last card was that (R14)? A finished game keeps its winner.
        done = self._done | ((hands[cursor] & ~table) == 0)
        after = cursor + size  # the next seat, for every game at once
        after -= (after >= span) * span
        moves = hands[after] & playable
        if done.any():
            moves[done] = 0
            after = np.where(done, cursor, after)
        passes = self._passes
        waiting = (moves == 0) & ~done
        if waiting.any():  # these seats hold no playable card: they pass (R11)
            passes = passes.copy()
            counts = passes.reshape(-1)
            games = np.flatnonzero(waiting)
            seats = after[games]
            cards = playable[games]
            while True:  # R13: someone can play, at worst the player itself
                counts[seats] += 1
                seats += size
                seats -= (seats >= span) * span
                found = hands[seats] & cards
                playing = found != 0
                after[games[playing]] = seats[playing]
                moves[games[playing]] = found[playing]
                if playing.all():
                    break
                waiting = ~playing
                games, seats, cards = games[waiting], seats[waiting], cards[waiting]
            read_only(passes)
        batch = object.__new__(GameBatch)
        batch.players = self.players
        batch.size = size
        batch.options = self.options
        batch._hands = self._hands
        batch._table = read_only(table)
        batch._playable = read_only(playable)
        batch._moves = read_only(moves)
        batch._cursor = read_only(after)
        batch._done = read_only(done)
        batch._passes = passes
        return batch

    # -- the end -------------------------------------------------------------------

    def places(self, games: npt.ArrayLike | None = None) -> IntArray:
        """The place of every seat (1 = best), one row per game (R15–R18).

        Places are numbered as the options say (competition or dense, R18). With
        ``games`` (game numbers, or a boolean mask of the batch's size), only those
        games, which must be over.

        Raises:
            GameNotOverError: some game asked for is not over (R19).
            BatchError: ``games`` is neither game numbers nor a mask of the batch.
        """
        key = self._ranking_keys(games)
        below = key[:, None, :] < key[:, :, None]  # [g, i, j]: seat j ranks above seat i
        if self.options.place_numbering == "dense":
            seats = np.arange(self.players)
            earlier = seats[None, :] < seats[:, None]  # [j, j']: j' < j
            equal = key[:, :, None] == key[:, None, :]  # [g, j, j']
            first = ~(equal & earlier[None, :, :]).any(axis=2)  # [g, j]
            below &= first[:, None, :]
        return read_only(1 + below.sum(axis=2))

    def returns(self, games: npt.ArrayLike | None = None) -> npt.NDArray[np.float64]:
        """The zero-sum returns of every seat as :func:`sevens_ru.returns` gives them, a row per game.

        With ``games``, only those games, which must be over (as for :meth:`places`).

        >>> import numpy as np
        >>> from sevens_ru.batch import GameBatch
        >>> final = GameBatch.deal(3, players=4, rng=5).play_random(6)
        >>> returns = final.returns()
        >>> returns.shape, bool(np.allclose(returns.sum(axis=1), 0)), bool((returns.max(axis=1) == 1).all())
        ((3, 4), True, True)

        Raises:
            GameNotOverError: some game asked for is not over (R19).
            BatchError: ``games`` is neither game numbers nor a mask of the batch.
        """
        key = self._ranking_keys(games)
        better = (key[:, None, :] < key[:, :, None]).sum(axis=2)  # the seats ranked above
        equal = (key[:, None, :] == key[:, :, None]).sum(axis=2)  # the seats sharing the place
        # The mean value of the positions better + 1 ... better + equal (see sevens_ru.returns).
        values: npt.NDArray[np.float64] = (self.players - 2 * better - equal) / (self.players - 1)
        return read_only(values)

    def _ranking_keys(self, games: npt.ArrayLike | None) -> IntArray:
        """One int per seat of each game asked for that orders the seats (R16, R17): games × seats."""
        selected = _selection(games, self.size)
        done = self._done[selected]
        if not done.all():
            game = int(np.arange(self.size)[selected][np.flatnonzero(~done)[0]])
            raise GameNotOverError(
                f"game {game} is not over: the ranking exists only once every game is (R19)"
            )
        left = self._hands[:, selected] & ~self._table[selected]
        cards_left = popcount(left)
        points = sum(SUIT_POINTS[(left >> (9 * suit)) & ROW] for suit in range(4))
        key = cards_left << 16 | points
        if self.options.rank_by_passes:
            key = cards_left << 16 | self._passes[:, selected] << 8 | points
        return key.T  # type: ignore[no-any-return]  # games × seats

    def replace(self, condition: npt.ArrayLike, other: GameBatch) -> GameBatch:
        """A new batch with the games flagged by ``condition`` replaced by those of ``other``, in order.

        ``other`` holds as many games as ``condition`` flags, of the same player count and
        options. It replaces, for instance, the games that are over by new deals:

        >>> from sevens_ru.batch import GameBatch
        >>> final = GameBatch.deal(4, rng=1).play_random(2)
        >>> renewed = final.replace([True, False, True, False], GameBatch.deal(2, rng=3))
        >>> renewed.done.tolist()
        [False, True, False, True]

        Raises:
            BatchError: ``condition`` is not one flag per game, or ``other`` does not fit.
        """
        flags = np.asarray(condition)
        if flags.shape != (self.size,) or flags.dtype != np.bool_:
            raise BatchError(
                f"replace() takes one True or False per game: a bool array of shape "
                f"({self.size},), got shape {flags.shape} of {flags.dtype}"
            )
        games = np.flatnonzero(flags)
        if not isinstance(other, GameBatch) or (other.size, other.players, other.options) != (
            len(games),
            self.players,
            self.options,
        ):
            raise BatchError(
                f"replace() takes a GameBatch of {len(games)} games (one per True), with the "
                "same player count and options"
            )
        batch = object.__new__(GameBatch)
        batch.players = self.players
        batch.size = self.size
        batch.options = self.options
        for name in ("_hands", "_passes"):  # seat-major: a column per game
            array = getattr(self, name).copy()
            array[:, games] = getattr(other, name)
            setattr(batch, name, read_only(array))
        for name in ("_table", "_playable", "_moves", "_done"):
            array = getattr(self, name).copy()
            array[games] = getattr(other, name)
            setattr(batch, name, read_only(array))
        cursor = self._cursor.copy()  # seat * size + game, in the new batch's numbering
        cursor[games] = other._cursor // other.size * self.size + games
        batch._cursor = read_only(cursor)
        return batch

    def standings(self, game: int) -> tuple[Standing, ...]:
        """The ranking of game ``game`` as :func:`sevens_ru.ranking` gives it (R15–R19).

        Raises:
            GameNotOverError: that game is not over (R19).
        """
        number = as_int(game)
        if number is None:
            raise BatchError(f"a game number is an int, got {type(game).__name__}")
        game = number
        if not -self.size <= game < self.size:
            raise BatchError(f"game {game} is out of range for a batch of {self.size}")
        if not self._done[game]:
            raise GameNotOverError(
                f"game {game} is not over: the ranking exists only once it is (R19)"
            )
        deal = tuple(int(hand) for hand in self._hands[:, game])
        passes = passes_field(int(count) for count in self._passes[:, game])
        return standings(deal, int(self._table[game]), passes, self.options)


def _selection(games: npt.ArrayLike | None, size: int) -> slice | IntArray:
    """The games asked for: all of them, game numbers, or a boolean mask of ``size``."""
    if games is None:
        return slice(None)
    chosen = np.asarray(games)
    if chosen.dtype == np.bool_ and chosen.shape == (size,):
        return np.flatnonzero(chosen)
    if chosen.ndim == 1 and np.issubdtype(chosen.dtype, np.integer):
        if ((chosen < -size) | (chosen >= size)).any():
            raise BatchError(f"a game number is out of range for a batch of {size}")
        return chosen.astype(np.int64)
    raise BatchError(
        f"games must be game numbers or a bool mask of shape ({size},), "
        f"got shape {chosen.shape} of {chosen.dtype}"
    )


def _check_size(size: object) -> int:
    number = as_int(size)
    if number is None or number < 1:
        raise BatchError(f"a batch holds at least one game, got {size!r}")
    return number


def _check_options(options: Options | None) -> Options:
    if options is None:
        return Options()
    if not isinstance(options, Options):
        raise InvalidOptionsError(
            f"options must be a sevens_ru.Options, got {type(options).__name__}"
        )
    return options
