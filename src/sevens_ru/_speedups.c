/* sevens_ru._speedups: the main game's hot paths in C (see sevens_ru.common._core).
 *
 * The pure-Python engine is the reference. Each function here computes exactly what
 * its Python counterpart computes, on the same packed ints, and draws the same
 * numbers from the same random.Random by calling the generator's own methods in the
 * same order. The Python layer stays the one place of validation and messages: a
 * function that meets anything it does not handle (a card given as text, an illegal
 * move, an object that is not one of the engine's) returns None, and its Python
 * caller goes on with the pure-Python path, which raises the proper error.
 *
 * The bit layout mirrors sevens_ru._board. A card set is a 36-bit int, bit i for
 * DECK[i] (i = suit * 9 + rank - 6). A state's board is one int:
 *
 *     bits 0-35    the playable cards: 9s of unopened rows, cards next to a row end
 *     bits 36-71   the cards on the table
 *     bits 72-119  the passes, 8 bits per seat (seat s from bit 72 + 8 s)
 *
 * Here a board is two 64-bit words, and every change to it is the same addition the
 * Python engine makes, so the ints that come out are the ones Python would make.
 *
 * The classes and slots it works on are handed over by sevens_ru.common._core.bindings()
 * on first use.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define CARDS 36
#define ALL_CARDS ((UINT64_C(1) << CARDS) - 1)
#define TABLE_SHIFT 36
#define MAX_SEATS 6
#define NINE 3 /* the position of the 9 in a suit's nine bits */
#define NINE_OF_DIAMONDS (UINT64_C(1) << (9 + NINE))

/* -- card sets ----------------------------------------------------------------- */

static inline int
lowest(uint64_t cards) /* the index of the lowest card of a non-empty set */
{
    return __builtin_ctzll(cards);
}

static inline int
count(uint64_t cards) /* SWAR: no library call where the compiler may not use POPCNT */
{
    cards -= cards >> 1 & UINT64_C(0x5555555555555555);
    cards = (cards & UINT64_C(0x3333333333333333)) + (cards >> 2 & UINT64_C(0x3333333333333333));
    cards = (cards + (cards >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((cards * UINT64_C(0x0101010101010101)) >> 56);
}

/* Per card: the cards its play makes playable (R9), the cards of its suit further
 * from the 9 (which wait for it), and its points (R3). Filled by init_tables(). */
static uint64_t OPENED_BY[CARDS];
static uint64_t BEYOND[CARDS];
static int POINTS[CARDS];

static void
init_tables(void)
{
    static const int points[9] = {6, 7, 8, 9, 10, 2, 3, 4, 11};
    for (int index = 0; index < CARDS; index++) {
        int suit = index / 9 * 9, position = index % 9;
        uint64_t row = UINT64_C(0x1FF) << suit;
        if (position == NINE) {
            OPENED_BY[index] = (UINT64_C(1) << (index - 1)) | (UINT64_C(1) << (index + 1));
            BEYOND[index] = row & ~(UINT64_C(1) << index);
        }
        else if (position < NINE) {
            OPENED_BY[index] = position > 0 ? UINT64_C(1) << (index - 1) : 0;
            BEYOND[index] = ((UINT64_C(1) << position) - 1) << suit;
        }
        else {
            OPENED_BY[index] = position < 8 ? UINT64_C(1) << (index + 1) : 0;
            BEYOND[index] = row & ~((UINT64_C(1) << (index + 1)) - 1);
        }
        POINTS[index] = points[position];
    }
}

/* -- boards --------------------------------------------------------------------- */

typedef struct {
    uint64_t lo, hi; /* bits 0-63 and 64-127 */
} Board;

static inline uint64_t
board_playable(Board board)
{
    return board.lo & ALL_CARDS;
}

static inline uint64_t
board_table(Board board)
{
    return (board.lo >> TABLE_SHIFT | board.hi << (64 - TABLE_SHIFT)) & ALL_CARDS;
}

static inline uint64_t
board_passes(Board board) /* seat s in bits 8 s to 8 s + 7 */
{
    return board.hi >> (2 * TABLE_SHIFT - 64);
}

static inline Board
board_add(Board board, Board change)
{
    Board sum;
    sum.lo = board.lo + change.lo;
    sum.hi = board.hi + change.hi + (sum.lo < board.lo);
    return sum;
}

/* What playing card i adds to a board: the card to the table, out of the playable
 * cards, the cards it opens into them: (bit << 36) + opened - bit, as Python adds it. */
static Board PLAY[CARDS];
/* One more pass for seat s: 1 << (72 + 8 s). */
static Board PASS[MAX_SEATS];

static void
init_boards(void)
{
    for (int index = 0; index < CARDS; index++) {
        uint64_t bit = UINT64_C(1) << index;
        Board on_table = {0, 0};
        int shift = index + TABLE_SHIFT;
        if (shift < 64)
            on_table.lo = UINT64_C(1) << shift;
        else
            on_table.hi = UINT64_C(1) << (shift - 64);
        /* opened - bit, negative when the card opens nothing below it: two's complement */
        Board difference = {OPENED_BY[index] - bit, OPENED_BY[index] >= bit ? 0 : ~UINT64_C(0)};
        PLAY[index] = board_add(on_table, difference);
    }
    for (int seat = 0; seat < MAX_SEATS; seat++) {
        PASS[seat].lo = 0;
        PASS[seat].hi = UINT64_C(1) << (2 * TABLE_SHIFT - 64 + 8 * seat);
    }
}

/* Ints to and from C. Where CPython's layout of an int is known (3.10 to 3.13), its
 * digits are read and written directly; elsewhere through the public byte API. */
#if PY_VERSION_HEX < 0x030E0000
#define DIGIT_ACCESS 1
#if PY_VERSION_HEX >= 0x030C0000
#define DIGITS(value) (((PyLongObject *)(value))->long_value.ob_digit)
#define DIGIT_COUNT(value) \
    ((Py_ssize_t)(((PyLongObject *)(value))->long_value.lv_tag >> _PyLong_NON_SIZE_BITS))
#define NEGATIVE(value) \
    ((((PyLongObject *)(value))->long_value.lv_tag & _PyLong_SIGN_MASK) == 2)
#else
#define DIGITS(value) (((PyLongObject *)(value))->ob_digit)
#define DIGIT_COUNT(value) Py_ABS(Py_SIZE(value))
#define NEGATIVE(value) (Py_SIZE(value) < 0)
#endif
#endif

/* A non-negative int below 2**128 as two words; -1 with an error for anything else. */
static int
int_to_words(PyObject *value, Board *words)
{
#ifdef DIGIT_ACCESS
    if (PyLong_CheckExact(value) && !NEGATIVE(value)) {
        uint64_t lo = 0, hi = 0;
        for (Py_ssize_t digit = DIGIT_COUNT(value) - 1; digit >= 0; digit--) {
            if (hi >> (64 - PyLong_SHIFT))
                goto overflow;
            hi = hi << PyLong_SHIFT | lo >> (64 - PyLong_SHIFT);
            lo = lo << PyLong_SHIFT | DIGITS(value)[digit];
        }
        words->lo = lo;
        words->hi = hi;
        return 0;
    }
#endif
    unsigned char bytes[16];
    if (!PyLong_Check(value)) {
        PyErr_Format(PyExc_TypeError, "expected an int, not %.100s", Py_TYPE(value)->tp_name);
        return -1;
    }
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t size = PyLong_AsNativeBytes(
        value, bytes, sizeof bytes,
        Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER |
            Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    if (size < 0)
        return -1;
    if ((size_t)size > sizeof bytes)
        goto overflow;
#else
    if (_PyLong_AsByteArray((PyLongObject *)value, bytes, sizeof bytes, 1, 0) < 0)
        return -1;
#endif
    words->lo = words->hi = 0;
    for (int byte = 7; byte >= 0; byte--) {
        words->lo = words->lo << 8 | bytes[byte];
        words->hi = words->hi << 8 | bytes[8 + byte];
    }
    return 0;
overflow:
    PyErr_SetString(PyExc_OverflowError, "the engine's ints have at most 128 bits");
    return -1;
}

static PyObject *
words_to_int(Board words)
{
    if (!words.hi)
        return PyLong_FromUnsignedLongLong(words.lo);
#ifdef DIGIT_ACCESS
    digit digits[128 / PyLong_SHIFT + 1];
    Py_ssize_t used = 0;
    while (words.lo || words.hi) {
        digits[used++] = (digit)(words.lo & PyLong_MASK);
        words.lo = words.lo >> PyLong_SHIFT | words.hi << (64 - PyLong_SHIFT);
        words.hi >>= PyLong_SHIFT;
    }
#if PY_VERSION_HEX >= 0x030C0000
    return (PyObject *)_PyLong_FromDigits(0, used, digits);
#else
    PyLongObject *value = _PyLong_New(used);
    if (value != NULL)
        memcpy(value->ob_digit, digits, (size_t)used * sizeof(digit));
    return (PyObject *)value;
#endif
#else
    unsigned char bytes[16];
    for (int byte = 0; byte < 8; byte++) {
        bytes[byte] = (unsigned char)(words.lo >> (8 * byte));
        bytes[8 + byte] = (unsigned char)(words.hi >> (8 * byte));
    }
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(bytes, sizeof bytes, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(bytes, sizeof bytes, 1, 0);
#endif
#endif
}

static inline int
board_from_int(PyObject *value, Board *board)
{
    return int_to_words(value, board);
}

static inline PyObject *
board_to_int(Board board)
{
    return words_to_int(board);
}

static int
card_set(PyObject *value, uint64_t *cards) /* a 36-bit card set from an int */
{
    Board words;
    if (int_to_words(value, &words) < 0)
        return -1;
    if (words.hi || words.lo > ALL_CARDS) {
        PyErr_SetString(PyExc_ValueError, "a card set has 36 bits");
        return -1;
    }
    *cards = words.lo;
    return 0;
}

static int
small_int(PyObject *value, long low, long high, const char *what, long *result)
{
    long number = PyLong_Check(value) ? PyLong_AsLong(value) : -1;
    if (number == -1 && PyErr_Occurred())
        return -1;
    if (!PyLong_Check(value) || number < low || number > high) {
        PyErr_Format(PyExc_ValueError, "%s must be an int from %ld to %ld", what, low, high);
        return -1;
    }
    *result = number;
    return 0;
}

/* -- what the Python engine hands over (sevens_ru.common._core.bindings) ------------------ */

static struct {
    int bound;
    PyTypeObject *state;  /* the class of the engine's states */
    Py_ssize_t setup, board, turn, moves, parent; /* its slots */
    PyTypeObject *setup_type; /* the class of a state's setup */
    Py_ssize_t deal, options; /* its slots */
    PyTypeObject *card;   /* Card */
    Py_ssize_t index;     /* its slot */
    PyObject *deck;       /* DECK */
    PyObject *standing;   /* Standing */
    PyObject *randrange, *shuffle, *randbelow; /* random.Random's, as Python defines them */
} B;

static PyObject *S_random, *S_getrandbits, *S_rank_by_passes, *S_place_numbering, *S_dense,
    *S_randrange, *S_shuffle, *S__randbelow, *S_cards, *S_seats, *S_counts;

static int
slot_offset(PyObject *owner, PyObject *names, Py_ssize_t position, Py_ssize_t *offset)
{
    PyObject *name = PyTuple_GetItem(names, position);
    if (name == NULL)
        return -1;
    PyObject *descriptor = PyObject_GetAttr(owner, name);
    if (descriptor == NULL)
        return -1;
    int good = Py_IS_TYPE(descriptor, &PyMemberDescr_Type) &&
               ((PyMemberDescrObject *)descriptor)->d_member->type == T_OBJECT_EX;
    if (good)
        *offset = ((PyMemberDescrObject *)descriptor)->d_member->offset;
    else
        PyErr_Format(PyExc_TypeError, "%R is not a slot of %R", name, owner);
    Py_DECREF(descriptor);
    return good ? 0 : -1;
}

static PyObject *
binding(PyObject *bindings, const char *name)
{
    PyObject *value = PyDict_GetItemString(bindings, name); /* borrowed */
    if (value == NULL)
        PyErr_Format(PyExc_KeyError, "sevens_ru.common._core.bindings() lacks %s", name);
    return value;
}

static int
bind(void)
{
    PyObject *core = PyImport_ImportModule("sevens_ru.common._core");
    if (core == NULL)
        return -1;
    PyObject *bindings = PyObject_CallMethod(core, "bindings", NULL);
    Py_DECREF(core);
    if (bindings == NULL)
        return -1;
    int result = -1;
    PyObject *state, *state_slots, *setup, *setup_slots, *card, *card_slots, *deck, *standing, *rng;
    if (!PyDict_Check(bindings) || (state = binding(bindings, "state")) == NULL ||
        (state_slots = binding(bindings, "state_slots")) == NULL ||
        (setup = binding(bindings, "setup")) == NULL ||
        (setup_slots = binding(bindings, "setup_slots")) == NULL ||
        (card = binding(bindings, "card")) == NULL ||
        (card_slots = binding(bindings, "card_slots")) == NULL || (deck = binding(bindings, "deck")) == NULL ||
        (standing = binding(bindings, "standing")) == NULL ||
        (rng = binding(bindings, "random")) == NULL)
        goto done;
    if (!PyType_Check(state) || !PyType_Check(setup) || !PyType_Check(card) ||
        !PyTuple_Check(deck) || PyTuple_GET_SIZE(deck) != CARDS || !PyTuple_Check(state_slots) ||
        !PyTuple_Check(setup_slots) || !PyTuple_Check(card_slots)) {
        PyErr_SetString(PyExc_TypeError, "sevens_ru.common._core.bindings() gave unexpected values");
        goto done;
    }
    if (slot_offset(state, state_slots, 0, &B.setup) < 0 ||
        slot_offset(state, state_slots, 1, &B.board) < 0 ||
        slot_offset(state, state_slots, 2, &B.turn) < 0 ||
        slot_offset(state, state_slots, 3, &B.moves) < 0 ||
        slot_offset(state, state_slots, 4, &B.parent) < 0 ||
        slot_offset(setup, setup_slots, 0, &B.deal) < 0 ||
        slot_offset(setup, setup_slots, 1, &B.options) < 0 ||
        slot_offset(card, card_slots, 0, &B.index) < 0)
        goto done;
    if ((B.randrange = PyObject_GetAttr(rng, S_randrange)) == NULL ||
        (B.shuffle = PyObject_GetAttr(rng, S_shuffle)) == NULL ||
        (B.randbelow = PyObject_GetAttrString(rng, "_randbelow_with_getrandbits")) == NULL)
        goto done;
    B.state = (PyTypeObject *)Py_NewRef(state);
    B.setup_type = (PyTypeObject *)Py_NewRef(setup);
    B.card = (PyTypeObject *)Py_NewRef(card);
    B.deck = Py_NewRef(deck);
    B.standing = Py_NewRef(standing);
    B.bound = 1;
    result = 0;
done:
    Py_DECREF(bindings);
    return result;
}

#define ENSURE_BOUND()                         \
    do {                                       \
        if (!B.bound && bind() < 0)            \
            return NULL;                       \
    } while (0)

/* -- the engine's objects ---------------------------------------------------------- */

static inline PyObject *
slot(PyObject *owner, Py_ssize_t offset) /* borrowed; NULL if unset */
{
    return *(PyObject **)((char *)owner + offset);
}

typedef struct { /* a state's facts, read from its slots */
    PyObject *setup;
    PyObject *deal_tuple; /* borrowed from the setup */
    int players;
    unsigned known;           /* the seats whose dealt hand has been read into deal */
    uint64_t deal[MAX_SEATS]; /* the dealt hands */
    Board board;
    int turn; /* -1 once over */
    uint64_t moves;
} Position;

static inline int
hand_of(Position *position, int seat, uint64_t *hand) /* the dealt hand, read on first use */
{
    if (!(position->known >> seat & 1)) {
        if (card_set(PyTuple_GET_ITEM(position->deal_tuple, seat), &position->deal[seat]) < 0)
            return -1;
        position->known |= 1u << seat;
    }
    *hand = position->deal[seat];
    return 0;
}

/* Read a state of the engine's own class; 0 if it is one, 1 if it is something else
 * (the Python path handles it), -1 on an error. */
static int
read_state(PyObject *state, Position *position)
{
    if (Py_TYPE(state) != B.state)
        return 1;
    PyObject *setup = slot(state, B.setup), *board = slot(state, B.board);
    PyObject *turn = slot(state, B.turn), *moves = slot(state, B.moves);
    if (setup == NULL || board == NULL || turn == NULL || moves == NULL ||
        Py_TYPE(setup) != B.setup_type)
        return 1;
    PyObject *deal = slot(setup, B.deal);
    if (deal == NULL || !PyTuple_CheckExact(deal) || PyTuple_GET_SIZE(deal) < 2 ||
        PyTuple_GET_SIZE(deal) > MAX_SEATS)
        return 1;
    position->setup = setup;
    position->deal_tuple = deal;
    position->players = (int)PyTuple_GET_SIZE(deal);
    position->known = 0;
    if (board_from_int(board, &position->board) < 0 || card_set(moves, &position->moves) < 0)
        return -1;
    if (turn == Py_None) {
        position->turn = -1;
        return 0;
    }
    long seat;
    if (small_int(turn, 0, position->players - 1, "a state's turn", &seat) < 0)
        return -1;
    position->turn = (int)seat;
    return 0;
}

static int
read_all_hands(Position *position)
{
    uint64_t hand;
    for (int seat = 0; seat < position->players; seat++)
        if (hand_of(position, seat, &hand) < 0)
            return -1;
    return 0;
}

/* A new state of the engine's class, as sevens_ru.apply() builds it. */
static PyObject *
make_state(PyObject *setup, Board board, int turn, uint64_t moves, PyObject *parent)
{
    PyObject *state = B.state->tp_alloc(B.state, 0);
    if (state == NULL)
        return NULL;
    PyObject *board_int = board_to_int(board);
    PyObject *turn_int = turn < 0 ? Py_NewRef(Py_None) : PyLong_FromLong(turn);
    PyObject *moves_int = PyLong_FromUnsignedLongLong(moves);
    if (board_int == NULL || turn_int == NULL || moves_int == NULL) {
        Py_XDECREF(board_int);
        Py_XDECREF(turn_int);
        Py_XDECREF(moves_int);
        Py_DECREF(state);
        return NULL;
    }
    *(PyObject **)((char *)state + B.setup) = Py_NewRef(setup);
    *(PyObject **)((char *)state + B.board) = board_int;
    *(PyObject **)((char *)state + B.turn) = turn_int;
    *(PyObject **)((char *)state + B.moves) = moves_int;
    *(PyObject **)((char *)state + B.parent) = Py_NewRef(parent);
    return state;
}

/* Play card `index` for the seat to play: the new board, turn and moves (R9-R14).
 * After the play, each following seat that holds no playable card passes (R11), up
 * to a seat that can play: at worst the one that just played (R13). */
static int
play(Position *position, int index)
{
    uint64_t bit = UINT64_C(1) << index, hand;
    int turn = position->turn;
    position->board = board_add(position->board, PLAY[index]);
    if (position->moves == bit) { /* else another legal card: the hand is not empty */
        if (hand_of(position, turn, &hand) < 0)
            return -1;
        if ((board_table(position->board) & hand) == hand) { /* its last card (R14) */
            position->turn = -1;
            position->moves = 0;
            return 0;
        }
    }
    for (int step = 0; step < position->players; step++) {
        turn = turn + 1 < position->players ? turn + 1 : 0;
        if (hand_of(position, turn, &hand) < 0)
            return -1;
        position->moves = hand & board_playable(position->board);
        if (position->moves) {
            position->turn = turn;
            return 0;
        }
        position->board = board_add(position->board, PASS[turn]);
    }
    PyErr_SetString(PyExc_RuntimeError, "no seat can play: the state is inconsistent (R13)");
    return -1;
}

/* -- the ranking (R15-R18) ---------------------------------------------------------- */

/* Standings are immutable values, shared: a table from their key (see standings()) to
 * the Standing object, emptied when full. */
#define CACHE_SLOTS (1 << 17)
#define CACHE_MAX (1 << 16)

static struct {
    uint64_t key; /* 0: empty */
    PyObject *standing;
} *cache;
static Py_ssize_t cached;

static size_t
cache_slot(uint64_t key) /* where key is, or the empty slot where it would go */
{
    size_t where = (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 47);
    while (cache[where].key && cache[where].key != key)
        where = (where + 1) & (CACHE_SLOTS - 1);
    return where;
}

static PyObject * /* borrowed */
standing_of(uint64_t row, int place)
{
    uint64_t key = row << 3 | (uint64_t)place;
    if (cache == NULL && (cache = PyMem_Calloc(CACHE_SLOTS, sizeof *cache)) == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    size_t where = cache_slot(key);
    if (cache[where].key)
        return cache[where].standing;
    PyObject *standing = PyObject_CallFunction(
        B.standing, "iiiii", (int)(row >> 6 & 7), place, (int)(row >> 23), (int)(row >> 9 & 255),
        (int)(row & 63));
    if (standing == NULL)
        return NULL;
    if (cached >= CACHE_MAX) { /* bounded, for very long runs */
        for (size_t slot = 0; slot < CACHE_SLOTS; slot++)
            if (cache[slot].key) {
                cache[slot].key = 0;
                Py_DECREF(cache[slot].standing);
            }
        cached = 0;
    }
    where = cache_slot(key); /* again: making the Standing ran Python code */
    if (cache[where].key) {
        Py_DECREF(standing);
        return cache[where].standing;
    }
    cache[where].key = key;
    cache[where].standing = standing;
    cached++;
    return standing;
}

typedef struct {
    int by_passes, dense;
} Ranking;

static int
read_options(PyObject *options, Ranking *ranking)
{
    PyObject *by_passes = PyObject_GetAttr(options, S_rank_by_passes);
    if (by_passes == NULL)
        return -1;
    ranking->by_passes = PyObject_IsTrue(by_passes);
    Py_DECREF(by_passes);
    PyObject *numbering = PyObject_GetAttr(options, S_place_numbering);
    if (numbering == NULL)
        return -1;
    ranking->dense = PyObject_RichCompareBool(numbering, S_dense, Py_EQ);
    Py_DECREF(numbering);
    return ranking->by_passes < 0 || ranking->dense < 0 ? -1 : 0;
}

/* The standings of a finished game, as sevens_ru.scoring.standings() ranks it: one
 * row per seat, from the most significant bits down cards left (from bit 23), passes
 * if they count (bit 17), points (bit 9), then the seat (bit 6) and its passes. */
static PyObject *
standings(const uint64_t *deal, int players, uint64_t table, uint64_t passes, Ranking ranking)
{
    uint64_t rows[MAX_SEATS];
    for (int seat = 0; seat < players; seat++) {
        uint64_t hand = deal[seat] & ~table, seat_passes = passes >> (8 * seat) & 255;
        uint64_t points = 0;
        for (uint64_t rest = hand; rest; rest &= rest - 1)
            points += (uint64_t)POINTS[lowest(rest)];
        uint64_t row = (uint64_t)count(hand) << 23 | points << 9 | (uint64_t)seat << 6;
        row += (ranking.by_passes ? seat_passes << 17 : 0) + seat_passes;
        int at = seat;
        while (at > 0 && rows[at - 1] > row) { /* insertion sort */
            rows[at] = rows[at - 1];
            at--;
        }
        rows[at] = row;
    }
    PyObject *result = PyTuple_New(players);
    if (result == NULL)
        return NULL;
    int place = 0;
    uint64_t previous = UINT64_MAX;
    for (int position = 0; position < players; position++) {
        uint64_t row = rows[position];
        if (row >> 9 != previous) { /* else a shared place (R18) */
            previous = row >> 9;
            place = ranking.dense ? place + 1 : position + 1;
        }
        PyObject *standing = standing_of(row, place);
        if (standing == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        PyTuple_SET_ITEM(result, position, Py_NewRef(standing));
    }
    return result;
}

/* -- random numbers, drawn as the Python engine draws them ----------------------------- */

/* What Python's options[int(draw * total)] picks from a tuple of `total`, for any
 * draw: the number, its errors, negative numbers counted from the end. */
static long
python_pick(PyObject *draw, int total)
{
    PyObject *numbers = PyTuple_New(total);
    if (numbers == NULL)
        return -1;
    for (int number = 0; number < total; number++)
        PyTuple_SET_ITEM(numbers, number, PyLong_FromLong(number)); /* small ints */
    PyObject *size = PyLong_FromLong(total);
    PyObject *product = size == NULL ? NULL : PyNumber_Multiply(draw, size);
    Py_XDECREF(size);
    PyObject *whole = product == NULL ? NULL : PyNumber_Long(product);
    Py_XDECREF(product);
    PyObject *chosen = whole == NULL ? NULL : PyObject_GetItem(numbers, whole);
    Py_XDECREF(whole);
    Py_DECREF(numbers);
    if (chosen == NULL)
        return -1;
    long number = PyLong_AsLong(chosen);
    Py_DECREF(chosen);
    return number;
}

/* The card that card number int(draw * count) of `moves` (canonical order) is: the
 * choice playout() documents. */
static int
pick(PyObject *draw, uint64_t moves, int *index)
{
    int total = count(moves);
    long number = -1;
    if (PyFloat_CheckExact(draw)) { /* what random() returns */
        double product = PyFloat_AS_DOUBLE(draw) * (double)total;
        if (product >= 0.0 && product < (double)total)
            number = (long)product;
    }
    if (number < 0 && (number = python_pick(draw, total)) < 0)
        return -1;
    while (number-- > 0)
        moves &= moves - 1;
    *index = lowest(moves);
    return 0;
}

/* -- the module's functions -------------------------------------------------------------- */

static int
positional(const char *function, Py_ssize_t given, Py_ssize_t expected)
{
    if (given == expected)
        return 1;
    PyErr_Format(PyExc_TypeError, "%s() takes %zd arguments (%zd given)", function, expected,
                 given);
    return 0;
}

PyDoc_STRVAR(apply_doc, "apply(state, card, /)\n--\n\n"
                        "sevens_ru.apply() for a Card that is legal, else None.");

static PyObject *
sp_apply(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!positional("apply", nargs, 2))
        return NULL;
    ENSURE_BOUND();
    PyObject *state = args[0], *card = args[1];
    if (Py_TYPE(card) != B.card)
        Py_RETURN_NONE;
    PyObject *index_int = slot(card, B.index);
    long index = index_int != NULL && PyLong_CheckExact(index_int) ? PyLong_AsLong(index_int) : -1;
    if (index < 0 || index >= CARDS) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    Position position;
    int found = read_state(state, &position);
    if (found < 0)
        return NULL;
    if (found > 0 || !(position.moves >> index & 1)) /* illegal moves are explained in Python */
        Py_RETURN_NONE;
    if (play(&position, (int)index) < 0)
        return NULL;
    return make_state(position.setup, position.board, position.turn, position.moves, state);
}

PyDoc_STRVAR(legal_moves_doc, "legal_moves(state, /)\n--\n\n"
                              "sevens_ru.legal_moves() for the engine's states, else None.");

static PyObject *
sp_legal_moves(PyObject *module, PyObject *state)
{
    ENSURE_BOUND();
    if (Py_TYPE(state) != B.state)
        Py_RETURN_NONE;
    PyObject *moves_int = slot(state, B.moves);
    if (moves_int == NULL)
        Py_RETURN_NONE;
    uint64_t moves;
    if (card_set(moves_int, &moves) < 0)
        return NULL;
    PyObject *cards = PyTuple_New(count(moves));
    if (cards == NULL)
        return NULL;
    for (Py_ssize_t number = 0; moves; moves &= moves - 1, number++)
        PyTuple_SET_ITEM(cards, number, Py_NewRef(PyTuple_GET_ITEM(B.deck, lowest(moves))));
    return cards;
}

static int
state_setup(PyObject *state, Position *position, Ranking *ranking)
{
    PyObject *options = slot(position->setup, B.options);
    if (options == NULL) {
        PyErr_SetString(PyExc_AttributeError, "a state's setup lacks its options");
        return -1;
    }
    return read_options(options, ranking);
}

PyDoc_STRVAR(ranking_doc, "ranking(state, /)\n--\n\n"
                          "sevens_ru.ranking() for the engine's finished states, else None.");

static PyObject *
sp_ranking(PyObject *module, PyObject *state)
{
    ENSURE_BOUND();
    Position position;
    Ranking ranking;
    int found = read_state(state, &position);
    if (found != 0)
        return found < 0 ? NULL : Py_NewRef(Py_None);
    if (position.turn >= 0) /* not over: Python explains (R19) */
        Py_RETURN_NONE;
    if (state_setup(state, &position, &ranking) < 0 || read_all_hands(&position) < 0)
        return NULL;
    return standings(position.deal, position.players, board_table(position.board),
                     board_passes(position.board), ranking);
}

PyDoc_STRVAR(playout_doc, "playout(state, rng, /)\n--\n\n"
                          "sevens_ru.playout.playout() for the engine's states, else None.");

static PyObject *
sp_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!positional("playout", nargs, 2))
        return NULL;
    ENSURE_BOUND();
    Position position;
    Ranking ranking;
    int found = read_state(args[0], &position);
    if (found != 0)
        return found < 0 ? NULL : Py_NewRef(Py_None);
    if (state_setup(args[0], &position, &ranking) < 0)
        return NULL;
    PyObject *random = PyObject_GetAttr(args[1], S_random);
    if (random == NULL)
        return NULL;
    while (position.turn >= 0) {
        int index;
        if (position.moves & (position.moves - 1)) { /* a choice: draw */
            PyObject *draw = PyObject_CallNoArgs(random);
            int failed = draw == NULL || pick(draw, position.moves, &index) < 0;
            Py_XDECREF(draw);
            if (failed)
                goto error;
        }
        else
            index = lowest(position.moves);
        if (play(&position, index) < 0)
            goto error;
    }
    Py_DECREF(random);
    if (read_all_hands(&position) < 0)
        return NULL;
    return standings(position.deal, position.players, board_table(position.board),
                     board_passes(position.board), ranking);
error:
    Py_DECREF(random);
    return NULL;
}

PyDoc_STRVAR(playout_state_doc,
             "playout_state(state, rng, /)\n--\n\n"
             "sevens_ru.playout.playout_state() for the engine's states, else None.");

static PyObject *
sp_playout_state(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!positional("playout_state", nargs, 2))
        return NULL;
    ENSURE_BOUND();
    Position position;
    int found = read_state(args[0], &position);
    if (found != 0)
        return found < 0 ? NULL : Py_NewRef(Py_None);
    PyObject *random = PyObject_GetAttr(args[1], S_random);
    if (random == NULL)
        return NULL;
    PyObject *state = Py_NewRef(args[0]);
    while (position.turn >= 0) {
        int index;
        if (position.moves & (position.moves - 1)) {
            PyObject *draw = PyObject_CallNoArgs(random);
            int failed = draw == NULL || pick(draw, position.moves, &index) < 0;
            Py_XDECREF(draw);
            if (failed)
                goto error;
        }
        else
            index = lowest(position.moves);
        if (play(&position, index) < 0)
            goto error;
        PyObject *next = make_state(position.setup, position.board, position.turn,
                                    position.moves, state);
        if (next == NULL)
            goto error;
        Py_SETREF(state, next);
    }
    Py_DECREF(random);
    return state;
error:
    Py_DECREF(random);
    Py_DECREF(state);
    return NULL;
}

static int
read_deal(PyObject *deal, uint64_t *hands, int *players)
{
    if (!PyTuple_Check(deal) || PyTuple_GET_SIZE(deal) < 2 ||
        PyTuple_GET_SIZE(deal) > MAX_SEATS) {
        PyErr_SetString(PyExc_TypeError, "a deal is a tuple of 2 to 6 card sets");
        return -1;
    }
    *players = (int)PyTuple_GET_SIZE(deal);
    for (int seat = 0; seat < *players; seat++)
        if (card_set(PyTuple_GET_ITEM(deal, seat), &hands[seat]) < 0)
            return -1;
    return 0;
}

PyDoc_STRVAR(standings_doc, "standings(deal, table, passes, options, /)\n--\n\n"
                            "sevens_ru.scoring.standings().");

static PyObject *
sp_standings(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!positional("standings", nargs, 4))
        return NULL;
    ENSURE_BOUND();
    uint64_t deal[MAX_SEATS], table;
    int players;
    Ranking ranking;
    if (read_deal(args[0], deal, &players) < 0 || card_set(args[1], &table) < 0 ||
        read_options(args[3], &ranking) < 0)
        return NULL;
    unsigned long long passes = PyLong_AsUnsignedLongLong(args[2]);
    if (passes == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    return standings(deal, players, table, passes, ranking);
}

/* -- the seeded shuffle (sevens_ru.shuffle) ------------------------------------------- */

/* SHAKE-256 (FIPS 202): Keccak-f[1600], 136 bytes absorbed or squeezed per block. */
#define SHAKE_RATE 136

static const uint64_t ROUND_CONSTANTS[24] = {
    UINT64_C(0x0000000000000001), UINT64_C(0x0000000000008082), UINT64_C(0x800000000000808a),
    UINT64_C(0x8000000080008000), UINT64_C(0x000000000000808b), UINT64_C(0x0000000080000001),
    UINT64_C(0x8000000080008081), UINT64_C(0x8000000000008009), UINT64_C(0x000000000000008a),
    UINT64_C(0x0000000000000088), UINT64_C(0x0000000080008009), UINT64_C(0x000000008000000a),
    UINT64_C(0x000000008000808b), UINT64_C(0x800000000000008b), UINT64_C(0x8000000000008089),
    UINT64_C(0x8000000000008003), UINT64_C(0x8000000000008002), UINT64_C(0x8000000000000080),
    UINT64_C(0x000000000000800a), UINT64_C(0x800000008000000a), UINT64_C(0x8000000080008081),
    UINT64_C(0x8000000000008080), UINT64_C(0x0000000080000001), UINT64_C(0x8000000080008008),
};
static inline uint64_t
rotate(uint64_t lane, int bits)
{
    return lane << bits | lane >> ((64 - bits) & 63); /* no shift by 64 for 0 bits */
}

/* One round, from the state a to the state e (lane (x, y) is a[x + 5 y]): theta, rho
 * and pi into the five lanes b of each output plane, then chi (and iota) into e, the
 * column parities c of the next round gathered on the way. */
static inline void
plane(const uint64_t *b, uint64_t *e, uint64_t *c)
{
    for (int x = 0; x < 5; x++) {
        e[x] = b[x] ^ (~b[(x + 1) % 5] & b[(x + 2) % 5]);
        c[x] ^= e[x];
    }
}

/* Rho and pi: lane i of the new state's plane i / 5 comes from lane PI_SOURCE[i] of
 * the old one, rotated by RHO[i] bits. */
static const int PI_SOURCE[25] = {0, 6,  12, 18, 24, 3, 9, 10, 16, 22, 1, 7, 13,
                                  19, 20, 4, 5, 11, 17, 23, 2, 8, 14, 15, 21};
static const int RHO[25] = {0,  44, 43, 21, 14, 28, 20, 3,  45, 61, 1,  6, 25,
                            8,  18, 27, 36, 10, 15, 56, 62, 55, 39, 41, 2};

static inline __attribute__((always_inline)) void
keccak_round(const uint64_t *a, uint64_t *e, uint64_t *c, uint64_t constant)
{
    uint64_t d[5], b[5];
    for (int x = 0; x < 5; x++)
        d[x] = c[(x + 4) % 5] ^ rotate(c[(x + 1) % 5], 1);
    for (int x = 0; x < 5; x++)
        c[x] = 0;
    for (int y = 0; y < 5; y++) {
        for (int x = 0; x < 5; x++) {
            int source = PI_SOURCE[5 * y + x];
            b[x] = rotate(a[source] ^ d[source % 5], RHO[5 * y + x]);
        }
        plane(b, e + 5 * y, c);
    }
    e[0] ^= constant; /* iota */
    c[0] ^= constant;
}

/* The permutation, two rounds at a time from s to e and back. */
static void
keccak(uint64_t s[25])
{
    uint64_t e[25], c[5];
    for (int x = 0; x < 5; x++)
        c[x] = s[x] ^ s[x + 5] ^ s[x + 10] ^ s[x + 15] ^ s[x + 20];
    for (int round = 0; round < 24; round += 2) {
        keccak_round(s, e, c, ROUND_CONSTANTS[round]);
        keccak_round(e, s, c, ROUND_CONSTANTS[round + 1]);
    }
}

static inline void
absorb_byte(uint64_t state[25], size_t position, unsigned char byte)
{
    state[position / 8] ^= (uint64_t)byte << (8 * (position % 8));
}

/* The first `total` 64-bit big-endian words of SHAKE-256 of `message`. A block of
 * output is 17 lanes, little-endian: each word is a lane with its bytes reversed. */
static void
shake256_words(const unsigned char *message, size_t size, uint64_t *words, int total)
{
    uint64_t state[25] = {0};
    size_t position = 0;
    for (size_t byte = 0; byte < size; byte++) {
        absorb_byte(state, position++, message[byte]);
        if (position == SHAKE_RATE) {
            keccak(state);
            position = 0;
        }
    }
    absorb_byte(state, position, 0x1F); /* SHAKE's domain bits and the padding */
    absorb_byte(state, SHAKE_RATE - 1, 0x80);
    keccak(state);
    for (int word = 0, lane = 0; word < total; word++, lane++) {
        if (lane == SHAKE_RATE / 8) {
            keccak(state);
            lane = 0;
        }
        words[word] = __builtin_bswap64(state[lane]);
    }
}

static const char DOMAIN[] = "sevens-ru shuffle v1"; /* and its terminating zero byte */

/* Steps 1 and 2 of the shuffle: the first `total` big-endian words of SHAKE-256 of the
 * domain and the seed as the shortest signed big-endian bytes (seed.to_bytes()). */
static int
seed_digest(PyObject *seed, int total, uint64_t *digest)
{
    unsigned char fixed[sizeof DOMAIN + 9];
    memcpy(fixed, DOMAIN, sizeof DOMAIN);
    int overflow = 0;
    long long number = PyLong_CheckExact(seed) ? PyLong_AsLongLongAndOverflow(seed, &overflow) : 0;
    if (PyLong_CheckExact(seed) && !overflow && number != LLONG_MIN) {
        if (number == -1 && PyErr_Occurred())
            return -1;
        unsigned long long magnitude = number < 0 ? 0ULL - (unsigned long long)number
                                                  : (unsigned long long)number;
        int bits = magnitude ? 64 - __builtin_clzll(magnitude) : 0;
        int size = (bits + 8) / 8;
        for (int byte = 0; byte < size; byte++)
            fixed[sizeof DOMAIN + byte] =
                (unsigned char)((unsigned long long)number >> (8 * (size - 1 - byte)));
        shake256_words(fixed, sizeof DOMAIN + (size_t)size, digest, total);
        return 0;
    }
    /* A huge seed, or an int subclass: its own bit_length() and to_bytes(), as Python. */
    PyObject *bits = PyObject_CallMethod(seed, "bit_length", NULL);
    PyObject *eight = PyLong_FromLong(8);
    PyObject *sum = bits == NULL ? NULL : PyNumber_Add(bits, eight);
    PyObject *size = sum == NULL ? NULL : PyNumber_FloorDivide(sum, eight);
    Py_XDECREF(bits);
    Py_XDECREF(eight);
    Py_XDECREF(sum);
    if (size == NULL)
        return -1;
    PyObject *arguments = Py_BuildValue("(Ns)", size, "big");
    PyObject *keywords = Py_BuildValue("{sO}", "signed", Py_True);
    PyObject *to_bytes = PyObject_GetAttrString(seed, "to_bytes");
    PyObject *data = arguments == NULL || keywords == NULL || to_bytes == NULL
                         ? NULL
                         : PyObject_Call(to_bytes, arguments, keywords);
    Py_XDECREF(arguments);
    Py_XDECREF(keywords);
    Py_XDECREF(to_bytes);
    if (data == NULL)
        return -1;
    if (!PyBytes_Check(data)) {
        PyErr_SetString(PyExc_TypeError, "seed.to_bytes() did not return bytes");
        Py_DECREF(data);
        return -1;
    }
    size_t length = (size_t)PyBytes_GET_SIZE(data);
    unsigned char *message = PyMem_Malloc(sizeof DOMAIN + length);
    if (message == NULL) {
        Py_DECREF(data);
        PyErr_NoMemory();
        return -1;
    }
    memcpy(message, DOMAIN, sizeof DOMAIN);
    memcpy(message + sizeof DOMAIN, PyBytes_AS_STRING(data), length);
    Py_DECREF(data);
    shake256_words(message, sizeof DOMAIN + length, digest, total);
    PyMem_Free(message);
    return 0;
}

/* Step 3: the card indexes in increasing order of key, card i's key being word i with
 * its lowest byte replaced by i. The keys are distributed by their top byte (a counting
 * sort: random keys rarely share it), then put in order within each top byte. */
static void
order_cards(const uint64_t *words, int total, unsigned char *order)
{
    uint64_t keys[256], sorted[256];
    int starts[257] = {0};
    for (int card = 0; card < total; card++) {
        keys[card] = (words[card] & ~UINT64_C(0xFF)) | (uint64_t)card;
        starts[(keys[card] >> 56) + 1]++;
    }
    for (int top = 1; top <= 256; top++)
        starts[top] += starts[top - 1];
    for (int card = 0; card < total; card++)
        sorted[starts[keys[card] >> 56]++] = keys[card];
    for (int position = 1; position < total; position++) { /* insertion: nearly in order */
        uint64_t key = sorted[position];
        int at = position;
        while (at > 0 && sorted[at - 1] > key) {
            sorted[at] = sorted[at - 1];
            at--;
        }
        sorted[at] = key;
    }
    for (int position = 0; position < total; position++)
        order[position] = (unsigned char)(sorted[position] & 0xFF);
}

PyDoc_STRVAR(shuffled_bytes_doc,
             "shuffled_bytes(seed, count, /)\n--\n\n"
             "sevens_ru.shuffle.shuffled_bytes() for an int seed and 0 to 256 cards.");

static PyObject *
sp_shuffled_bytes(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!positional("shuffled_bytes", nargs, 2))
        return NULL;
    long total;
    if (small_int(args[1], 0, 256, "count", &total) < 0)
        return NULL;
    if (!PyLong_Check(args[0]))
        Py_RETURN_NONE;
    uint64_t digest[256];
    unsigned char order[256];
    if (seed_digest(args[0], (int)total, digest) < 0)
        return NULL;
    order_cards(digest, (int)total, order);
    return PyBytes_FromStringAndSize((const char *)order, total);
}

PyDoc_STRVAR(seeded_deal_doc, "seeded_deal(players, seed, /)\n--\n\n"
                              "sevens_ru.deal._seeded_deal(): (hands, the seat holding 9D).");

static PyObject *
sp_seeded_deal(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!positional("seeded_deal", nargs, 2))
        return NULL;
    long players;
    if (small_int(args[0], 2, MAX_SEATS, "players", &players) < 0)
        return NULL;
    if (!PyLong_Check(args[1]))
        Py_RETURN_NONE;
    uint64_t digest[CARDS];
    unsigned char order[CARDS];
    if (seed_digest(args[1], CARDS, digest) < 0)
        return NULL;
    order_cards(digest, CARDS, order);
    uint64_t hands[MAX_SEATS] = {0};
    long opener = 0;
    for (int position = 0; position < CARDS; position++) { /* one card at a time (R5) */
        int seat = position % (int)players;
        hands[seat] |= UINT64_C(1) << order[position];
        if ((UINT64_C(1) << order[position]) == NINE_OF_DIAMONDS)
            opener = seat;
    }
    PyObject *deal = PyTuple_New(players);
    if (deal == NULL)
        return NULL;
    for (int seat = 0; seat < players; seat++) {
        PyObject *hand = PyLong_FromUnsignedLongLong(hands[seat]);
        if (hand == NULL) {
            Py_DECREF(deal);
            return NULL;
        }
        PyTuple_SET_ITEM(deal, seat, hand);
    }
    return Py_BuildValue("(Nl)", deal, opener);
}

/* -- the sampler's inner loop (sevens_ru.inference) -------------------------------------- */

/* How a random.Random's randrange() and shuffle() are drawn. Where they are
 * random.Random's own, with its _randbelow_with_getrandbits(), their calls to
 * getrandbits() are made here, one for one; otherwise the methods themselves. */
typedef struct {
    PyObject *rng;
    PyObject *getrandbits; /* set when the draws are made here */
} Draws;

static int
is_method_of(PyObject *rng, PyObject *name, PyObject *function)
{
    PyObject *bound = PyObject_GetAttr(rng, name);
    if (bound == NULL)
        return -1;
    int same = PyMethod_Check(bound) && PyMethod_GET_FUNCTION(bound) == function &&
               PyMethod_GET_SELF(bound) == rng;
    Py_DECREF(bound);
    return same;
}

static int
draws_of(PyObject *rng, Draws *draws)
{
    draws->rng = rng;
    draws->getrandbits = NULL;
    int own = 1, same;
    PyObject *names[3] = {S_randrange, S_shuffle, S__randbelow};
    PyObject *functions[3] = {B.randrange, B.shuffle, B.randbelow};
    for (int method = 0; method < 3 && own; method++) {
        if ((same = is_method_of(rng, names[method], functions[method])) < 0)
            return -1;
        own = same;
    }
    if (own && (draws->getrandbits = PyObject_GetAttr(rng, S_getrandbits)) == NULL)
        return -1;
    return 0;
}

/* _randbelow_with_getrandbits(n) for 0 < n < 2**62: r = getrandbits(n.bit_length()),
 * again while r >= n. */
static long long
below(Draws *draws, long long n)
{
    int bits = 64 - __builtin_clzll((unsigned long long)n);
    PyObject *size = PyLong_FromLong(bits);
    if (size == NULL)
        return -1;
    long long r;
    do {
        PyObject *drawn = PyObject_CallOneArg(draws->getrandbits, size);
        r = drawn == NULL ? -1 : PyLong_AsLongLong(drawn);
        Py_XDECREF(drawn);
        if (r < 0) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "getrandbits() gave a negative number");
            Py_DECREF(size);
            return -1;
        }
    } while (r >= n);
    Py_DECREF(size);
    return r;
}

/* rng.randrange(total) for an int total > 0, as a new reference. */
static PyObject *
randrange(Draws *draws, PyObject *total)
{
    if (draws->getrandbits == NULL)
        return PyObject_CallMethodOneArg(draws->rng, S_randrange, total);
    PyObject *size; /* total.bit_length() */
#ifdef DIGIT_ACCESS
    if (PyLong_CheckExact(total)) {
        size_t bits = _PyLong_NumBits(total);
        size = bits == (size_t)-1 ? NULL : PyLong_FromSize_t(bits);
    }
    else
#endif
        size = PyObject_CallMethod(total, "bit_length", NULL);
    if (size == NULL)
        return NULL;
    PyObject *drawn;
    int again;
    do {
        drawn = PyObject_CallOneArg(draws->getrandbits, size);
        again = drawn == NULL ? -1 : PyObject_RichCompareBool(drawn, total, Py_GE);
        if (again)
            Py_CLEAR(drawn);
    } while (again > 0);
    Py_DECREF(size);
    return drawn;
}

/* rng.shuffle() of a list of card indexes. */
static int
shuffle(Draws *draws, int *cards, int total)
{
    if (draws->getrandbits != NULL) {
        for (int last = total - 1; last > 0; last--) {
            long long other = below(draws, last + 1);
            if (other < 0)
                return -1;
            int card = cards[last];
            cards[last] = cards[other];
            cards[other] = card;
        }
        return 0;
    }
    PyObject *list = PyList_New(total);
    if (list == NULL)
        return -1;
    for (int position = 0; position < total; position++)
        PyList_SET_ITEM(list, position, PyLong_FromLong(cards[position]));
    PyObject *done = PyObject_CallMethodOneArg(draws->rng, S_shuffle, list);
    int failed = done == NULL;
    Py_XDECREF(done);
    long index;
    for (int position = 0; position < total && !failed; position++)
        if (small_int(PyList_GET_ITEM(list, position), 0, CARDS - 1, "a card index", &index) < 0)
            failed = 1;
        else
            cards[position] = (int)index;
    Py_DECREF(list);
    return failed ? -1 : 0;
}

/* bisect.bisect_right(cumulative, drawn), comparing as the bisect module does. */
static Py_ssize_t
bisect_right(PyObject *cumulative, PyObject *drawn)
{
    Py_ssize_t low = 0, high = PyList_GET_SIZE(cumulative);
    while (low < high) {
        Py_ssize_t middle = (low + high) / 2;
        int less = PyObject_RichCompareBool(drawn, PyList_GET_ITEM(cumulative, middle), Py_LT);
        if (less < 0)
            return -1;
        if (less)
            high = middle;
        else
            low = middle + 1;
    }
    return low;
}

typedef struct { /* one group of interchangeable cards, read from its _Group */
    int cards[CARDS], total;     /* card indexes */
    int seats[MAX_SEATS], holders; /* positions among the other seats */
    int counts;                  /* whether they meet the seat to play's R11 constraint */
} Group;

static int
int_items(PyObject *items, int most, long high, const char *what, int *values, int *total)
{
    if (!PyTuple_Check(items) || PyTuple_GET_SIZE(items) > most) {
        PyErr_Format(PyExc_TypeError, "a group's %s must be a tuple of at most %d", what, most);
        return -1;
    }
    *total = (int)PyTuple_GET_SIZE(items);
    long value;
    for (int item = 0; item < *total; item++) {
        if (small_int(PyTuple_GET_ITEM(items, item), 0, high, what, &value) < 0)
            return -1;
        values[item] = (int)value;
    }
    return 0;
}

static int
read_group(PyObject *object, Group *group)
{
    PyObject *cards = PyObject_GetAttr(object, S_cards);
    PyObject *seats = cards == NULL ? NULL : PyObject_GetAttr(object, S_seats);
    PyObject *counts = seats == NULL ? NULL : PyObject_GetAttr(object, S_counts);
    int failed = counts == NULL ||
                 int_items(cards, CARDS, CARDS - 1, "cards", group->cards, &group->total) < 0 ||
                 int_items(seats, MAX_SEATS, MAX_SEATS - 1, "seats", group->seats,
                           &group->holders) < 0 ||
                 (group->counts = PyObject_IsTrue(counts)) < 0;
    Py_XDECREF(cards);
    Py_XDECREF(seats);
    Py_XDECREF(counts);
    return failed ? -1 : 0;
}

/* The state after dealing `split` of `group`, as Inference._after() makes it: the
 * sizes the other seats still have to fill, and whether the seat to play has a card
 * it could play (R11). */
static PyObject *
after(PyObject *state, const Group *group, PyObject *split, long must_play)
{
    PyObject *sizes = PyTuple_GetItem(state, 0), *met = PyTuple_GetItem(state, 1);
    if (sizes == NULL || met == NULL || !PyTuple_Check(sizes) || !PyTuple_Check(split) ||
        PyTuple_GET_SIZE(split) != group->holders) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "a sampling state is (sizes, met)");
        return NULL;
    }
    Py_ssize_t others = PyTuple_GET_SIZE(sizes);
    long left[MAX_SEATS];
    if (others > MAX_SEATS) {
        PyErr_SetString(PyExc_ValueError, "at most 5 other seats");
        return NULL;
    }
    for (Py_ssize_t position = 0; position < others; position++)
        if ((left[position] = PyLong_AsLong(PyTuple_GET_ITEM(sizes, position))) == -1 &&
            PyErr_Occurred())
            return NULL;
    int now_met = PyObject_IsTrue(met);
    if (now_met < 0)
        return NULL;
    for (int holder = 0; holder < group->holders; holder++) {
        long amount = PyLong_AsLong(PyTuple_GET_ITEM(split, holder));
        if (amount == -1 && PyErr_Occurred())
            return NULL;
        int position = group->seats[holder];
        if (position >= others) {
            PyErr_SetString(PyExc_ValueError, "a group's seat is not among the others");
            return NULL;
        }
        left[position] -= amount;
        if (amount && group->counts && must_play >= 0)
            now_met = now_met || position == must_play;
    }
    PyObject *new_sizes = PyTuple_New(others);
    if (new_sizes == NULL)
        return NULL;
    for (Py_ssize_t position = 0; position < others; position++) {
        PyObject *size = PyLong_FromLong(left[position]);
        if (size == NULL) {
            Py_DECREF(new_sizes);
            return NULL;
        }
        PyTuple_SET_ITEM(new_sizes, position, size);
    }
    return Py_BuildValue("(NO)", new_sizes, now_met ? Py_True : Py_False);
}

PyDoc_STRVAR(sample_doc,
             "sample(groups, splits, split_table, start, must_play, rng, /)\n--\n\n"
             "The inner loop of Inference.sample_masks(): the other seats' card sets.");

static PyObject *
sp_sample(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!positional("sample", nargs, 6))
        return NULL;
    ENSURE_BOUND();
    PyObject *groups = args[0], *splits = args[1], *split_table = args[2], *start = args[3];
    PyObject *must_play_pair = args[4];
    if (!PyTuple_Check(groups) || !PyDict_Check(splits) || !PyTuple_Check(start) ||
        PyTuple_GET_SIZE(start) != 2 || !PyTuple_Check(PyTuple_GET_ITEM(start, 0))) {
        PyErr_SetString(PyExc_TypeError, "sample() takes an Inference's groups, tables and start");
        return NULL;
    }
    long must_play = -1;
    if (must_play_pair != Py_None) {
        PyObject *position = PyTuple_Check(must_play_pair) && PyTuple_GET_SIZE(must_play_pair)
                                 ? PyTuple_GET_ITEM(must_play_pair, 0)
                                 : must_play_pair;
        if (small_int(position, 0, MAX_SEATS - 1, "must_play's seat", &must_play) < 0)
            return NULL;
    }
    Py_ssize_t others = PyTuple_GET_SIZE(PyTuple_GET_ITEM(start, 0));
    if (others > MAX_SEATS) {
        PyErr_SetString(PyExc_ValueError, "at most 5 other seats");
        return NULL;
    }
    Draws draws;
    if (draws_of(args[5], &draws) < 0)
        return NULL;
    uint64_t masks[MAX_SEATS] = {0};
    PyObject *state = Py_NewRef(start), *table = NULL, *drawn = NULL, *result = NULL;
    for (Py_ssize_t number = 0; number < PyTuple_GET_SIZE(groups); number++) {
        Group group;
        if (read_group(PyTuple_GET_ITEM(groups, number), &group) < 0)
            goto done;
        /* The split table of this group from this state: Inference._split_table(). */
        PyObject *key = Py_BuildValue("(nO)", number, state);
        if (key == NULL)
            goto done;
        table = PyDict_GetItemWithError(splits, key);
        Py_DECREF(key);
        if (table != NULL)
            Py_INCREF(table);
        else if (PyErr_Occurred() ||
                 (table = PyObject_CallFunction(split_table, "nO", number, state)) == NULL)
            goto done;
        PyObject *choices = PyTuple_Check(table) && PyTuple_GET_SIZE(table) == 2
                                ? PyTuple_GET_ITEM(table, 0)
                                : NULL;
        PyObject *cumulative = choices ? PyTuple_GET_ITEM(table, 1) : NULL;
        if (choices == NULL || !PyList_Check(choices) || !PyList_Check(cumulative) ||
            PyList_GET_SIZE(cumulative) == 0 ||
            PyList_GET_SIZE(choices) != PyList_GET_SIZE(cumulative)) {
            PyErr_SetString(PyExc_TypeError, "a split table is (splits, cumulative weights)");
            goto done;
        }
        /* choice = bisect_right(cumulative, rng.randrange(cumulative[-1])) */
        drawn = randrange(&draws, PyList_GET_ITEM(cumulative, PyList_GET_SIZE(cumulative) - 1));
        if (drawn == NULL)
            goto done;
        Py_ssize_t choice = bisect_right(cumulative, drawn);
        Py_CLEAR(drawn);
        if (choice < 0)
            goto done;
        if (choice >= PyList_GET_SIZE(choices)) {
            PyErr_SetString(PyExc_ValueError, "randrange() gave a number beyond the weights");
            goto done;
        }
        PyObject *split = PyList_GET_ITEM(choices, choice);
        if (!PyTuple_Check(split) || PyTuple_GET_SIZE(split) != group.holders) {
            PyErr_SetString(PyExc_TypeError, "a split is a tuple, an amount per seat");
            goto done;
        }
        /* The group's cards shuffled, then dealt to its seats in the split's amounts. */
        if (shuffle(&draws, group.cards, group.total) < 0)
            goto done;
        int dealt = 0;
        for (int holder = 0; holder < group.holders; holder++) {
            long amount = PyLong_AsLong(PyTuple_GET_ITEM(split, holder));
            if (amount < 0 || dealt + amount > group.total || group.seats[holder] >= others) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "a split deals the group's cards");
                goto done;
            }
            for (long card = 0; card < amount; card++)
                masks[group.seats[holder]] |= UINT64_C(1) << group.cards[dealt++];
        }
        PyObject *next = after(state, &group, split, must_play);
        if (next == NULL)
            goto done;
        Py_SETREF(state, next);
        Py_CLEAR(table);
    }
    result = PyList_New(others);
    for (Py_ssize_t position = 0; result != NULL && position < others; position++) {
        PyObject *mask = PyLong_FromUnsignedLongLong(masks[position]);
        if (mask == NULL)
            Py_CLEAR(result);
        else
            PyList_SET_ITEM(result, position, mask);
    }
done:
    Py_XDECREF(table);
    Py_XDECREF(drawn);
    Py_DECREF(state);
    Py_XDECREF(draws.getrandbits);
    return result;
}

PyDoc_STRVAR(greedy_playout_doc,
             "greedy_playout(hands, table, playable, passes, turn, first, rng, options, /)\n--\n\n"
             "sevens_ru.bots._rollout.greedy_playout().");

static PyObject *
sp_greedy_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!positional("greedy_playout", nargs, 8))
        return NULL;
    ENSURE_BOUND();
    PyObject *hand_list = args[0];
    if (!PyList_Check(hand_list) || PyList_GET_SIZE(hand_list) < 2 ||
        PyList_GET_SIZE(hand_list) > MAX_SEATS) {
        PyErr_SetString(PyExc_TypeError, "greedy_playout() takes a list of 2 to 6 hands");
        return NULL;
    }
    int players = (int)PyList_GET_SIZE(hand_list);
    uint64_t hands[MAX_SEATS], table, playable;
    long turn, first;
    Ranking ranking;
    for (int seat = 0; seat < players; seat++)
        if (card_set(PyList_GET_ITEM(hand_list, seat), &hands[seat]) < 0)
            return NULL;
    if (card_set(args[1], &table) < 0 || card_set(args[2], &playable) < 0 ||
        small_int(args[4], 0, players - 1, "turn", &turn) < 0 ||
        small_int(args[5], 0, CARDS - 1, "first", &first) < 0 || read_options(args[7], &ranking) < 0)
        return NULL;
    unsigned long long passes = PyLong_AsUnsignedLongLong(args[3]);
    if (passes == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    PyObject *getrandbits = PyObject_GetAttr(args[6], S_getrandbits);
    if (getrandbits == NULL)
        return NULL;
    PyObject *three = PyLong_FromLong(3); /* a small int: never fails */
    uint64_t bit = UINT64_C(1) << first;
    while (1) {
        hands[turn] ^= bit;
        table |= bit;
        playable = (playable ^ bit) | OPENED_BY[lowest(bit)];
        if (!hands[turn])
            break; /* the player's last card (R14) */
        uint64_t moves = 0;
        int seat = (int)turn;
        for (int step = 0; step < players; step++) { /* R11, R13 */
            seat = seat + 1 < players ? seat + 1 : 0;
            moves = hands[seat] & playable;
            if (moves)
                break;
            passes += UINT64_C(1) << (seat << 3);
        }
        if (!moves) {
            PyErr_SetString(PyExc_RuntimeError, "no seat can play: the deal is inconsistent");
            goto error;
        }
        turn = seat;
        if (moves & (moves - 1)) { /* a choice: score every card (doubled weights, in ints) */
            uint64_t own = hands[turn], theirs = ALL_CARDS & ~table & ~own;
            long long best = -(1LL << 30);
            bit = 0;
            for (; moves; moves &= moves - 1) {
                int index = lowest(moves);
                uint64_t released = OPENED_BY[index], waiting = BEYOND[index];
                int own_released = count(released & own);
                long long score = 6 * (own_released - count(released & theirs)) +
                                  2 * (count(waiting & own) - count(waiting & theirs)) +
                                  (released ? 0 : 1) -
                                  (index % 9 == NINE && !own_released ? 4 : 0);
                PyObject *noise = PyObject_CallOneArg(getrandbits, three);
                if (noise == NULL)
                    goto error;
                long long extra = PyLong_Check(noise) ? PyLong_AsLongLong(noise) : -1;
                int bad = !PyLong_Check(noise) || (extra == -1 && PyErr_Occurred());
                Py_DECREF(noise);
                if (bad) {
                    if (!PyErr_Occurred())
                        PyErr_SetString(PyExc_TypeError, "rng.getrandbits() must return an int");
                    goto error;
                }
                score = score * 8 + extra;
                if (score > best) {
                    best = score;
                    bit = moves & -moves;
                }
            }
        }
        else
            bit = moves;
    }
    Py_DECREF(three);
    Py_DECREF(getrandbits);
    for (int seat = 0; seat < players; seat++) { /* the hands as the Python version leaves them */
        PyObject *hand = PyLong_FromUnsignedLongLong(hands[seat]);
        if (hand == NULL)
            return NULL;
        PyList_SetItem(hand_list, seat, hand);
    }
    return standings(hands, players, table, passes, ranking);
error:
    Py_DECREF(three);
    Py_DECREF(getrandbits);
    return NULL;
}

/* ---- bots: search ---- */

/* The heuristic's score of playing card `index` from `own` against `theirs`, as
 * sevens_ru.bots._weights.score() gives it: its weights doubled, the others' cards
 * counted `weight` times, times 16, plus the card's points (R3). */
static inline long long
search_score(int index, uint64_t own, uint64_t theirs, int weight)
{
    uint64_t released = OPENED_BY[index], waiting = BEYOND[index];
    int own_released = count(released & own);
    long long score = 6 * (own_released - weight * count(released & theirs)) +
                      2 * (count(waiting & own) - weight * count(waiting & theirs)) +
                      (released ? 0 : 1) - (index % 9 == NINE && !own_released ? 4 : 0);
    return score * 16 + POINTS[index];
}

/* The weight of the others' cards for `turn`, by the hand sizes: 3 when another seat
 * holds one card, 2 when the fewest are two, else 1 (the heuristic's danger). */
static inline int
danger_weight(const int *sizes, int players, int turn)
{
    int fewest = CARDS;
    for (int seat = 0; seat < players; seat++)
        if (seat != turn && sizes[seat] < fewest)
            fewest = sizes[seat];
    return fewest == 1 ? 3 : fewest == 2 ? 2 : 1;
}

typedef struct {
    int seat, index, weight;
    uint64_t table, playable, later;
} Decision;

/* Read a tuple of (seat, table, playable, card index, later plays) into `decisions`. */
static int
read_decisions(PyObject *past, int players, Decision *decisions)
{
    if (!PyTuple_Check(past) || PyTuple_GET_SIZE(past) > CARDS) {
        PyErr_SetString(PyExc_TypeError, "the decisions are a tuple of at most 36");
        return -1;
    }
    for (Py_ssize_t number = 0; number < PyTuple_GET_SIZE(past); number++) {
        PyObject *decision = PyTuple_GET_ITEM(past, number);
        if (!PyTuple_Check(decision) || PyTuple_GET_SIZE(decision) != 6) {
            PyErr_SetString(PyExc_TypeError, "a decision is (seat, table, playable, card index, "
                                             "later plays, weight)");
            return -1;
        }
        long seat, index, weight;
        Decision *into = &decisions[number];
        if (small_int(PyTuple_GET_ITEM(decision, 0), 0, players - 1, "seat", &seat) < 0 ||
            card_set(PyTuple_GET_ITEM(decision, 1), &into->table) < 0 ||
            card_set(PyTuple_GET_ITEM(decision, 2), &into->playable) < 0 ||
            small_int(PyTuple_GET_ITEM(decision, 3), 0, CARDS - 1, "card index", &index) < 0 ||
            card_set(PyTuple_GET_ITEM(decision, 4), &into->later) < 0 ||
            small_int(PyTuple_GET_ITEM(decision, 5), 1, 3, "weight", &weight) < 0)
            return -1;
        into->weight = (int)weight;
        into->seat = (int)seat;
        into->index = (int)index;
    }
    return 0;
}

/* The log-likelihood of the decisions of `seat` among `decisions` if it holds `hand`. */
static double
seat_log_likelihood(const Decision *decisions, Py_ssize_t total, int seat, uint64_t hand,
                    double temperature)
{
    double sum = 0.0;
    for (Py_ssize_t number = 0; number < total; number++) {
        const Decision *decision = &decisions[number];
        if (decision->seat != seat)
            continue;
        uint64_t own = hand | decision->later, moves = own & decision->playable;
        if (!(moves & (moves - 1)))
            continue;
        uint64_t theirs = ALL_CARDS & ~decision->table & ~own;
        long long scores[CARDS], top = LLONG_MIN;
        int many = 0;
        for (; moves; moves &= moves - 1) {
            long long value = search_score(lowest(moves), own, theirs, decision->weight);
            scores[many++] = value;
            if (value > top)
                top = value;
        }
        double spread = 0.0, scale = 16.0 * temperature;
        for (int position = 0; position < many; position++)
            spread += exp((double)(scores[position] - top) / scale);
        long long played = search_score(decision->index, own, theirs, decision->weight);
        sum += (double)(played - top) / scale - log(spread);
    }
    return sum;
}

static int
read_temperature(PyObject *value, double *temperature)
{
    *temperature = PyFloat_AsDouble(value);
    if (*temperature == -1.0 && PyErr_Occurred())
        return -1;
    if (!(*temperature > 0)) {
        PyErr_SetString(PyExc_ValueError, "the temperature must be positive");
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(log_likelihood_doc,
             "log_likelihood(hands, past, temperature, /)\n--\n\n"
             "sevens_ru.bots._weights.log_likelihood().");

static PyObject *
sp_log_likelihood(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!positional("log_likelihood", nargs, 3))
        return NULL;
    uint64_t hands[MAX_SEATS];
    int players;
    double temperature;
    Decision decisions[CARDS];
    if (read_deal(args[0], hands, &players) < 0 || read_temperature(args[2], &temperature) < 0 ||
        read_decisions(args[1], players, decisions) < 0)
        return NULL;
    Py_ssize_t total = PyTuple_GET_SIZE(args[1]);
    double sum = 0.0;
    for (int seat = 0; seat < players; seat++)
        sum += seat_log_likelihood(decisions, total, seat, hands[seat], temperature);
    return PyFloat_FromDouble(sum);
}

/* getrandbits(bits) as an unsigned number, or -1 on an error. */
static long long
random_bits(PyObject *getrandbits, int bits)
{
    PyObject *size = PyLong_FromLong(bits);
    if (size == NULL)
        return -1;
    PyObject *drawn = PyObject_CallOneArg(getrandbits, size);
    Py_DECREF(size);
    long long value = drawn == NULL ? -1 : PyLong_AsLongLong(drawn);
    Py_XDECREF(drawn);
    if (value < 0 && !PyErr_Occurred())
        PyErr_SetString(PyExc_ValueError, "getrandbits() gave a negative number");
    return value;
}

/* A number below n (> 0): getrandbits(n.bit_length()), again while it is >= n. */
static long long
random_below(PyObject *getrandbits, long long n)
{
    int bits = 64 - __builtin_clzll((unsigned long long)n);
    long long value;
    do
        value = random_bits(getrandbits, bits);
    while (value >= n);
    return value;
}

static int
nth_card(uint64_t cards, long long n)
{
    while (n-- > 0)
        cards &= cards - 1;
    return lowest(cards);
}

PyDoc_STRVAR(chain_doc,
             "chain(hands, allowed, seat, past, temperature, steps, rng, /)\n--\n\n"
             "sevens_ru.bots._weights.chain().");

static PyObject *
sp_chain(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!positional("chain", nargs, 7))
        return NULL;
    uint64_t hands[MAX_SEATS], allowed[MAX_SEATS];
    int players, allowed_players;
    long viewer, steps;
    double temperature;
    Decision decisions[CARDS];
    if (read_deal(args[0], hands, &players) < 0 ||
        read_deal(args[1], allowed, &allowed_players) < 0)
        return NULL;
    if (allowed_players != players) {
        PyErr_SetString(PyExc_ValueError, "one allowed card set per seat");
        return NULL;
    }
    if (small_int(args[2], 0, players - 1, "seat", &viewer) < 0 ||
        read_decisions(args[3], players, decisions) < 0 ||
        read_temperature(args[4], &temperature) < 0 ||
        small_int(args[5], 0, LONG_MAX, "steps", &steps) < 0)
        return NULL;
    Py_ssize_t total = PyTuple_GET_SIZE(args[3]);
    int others[MAX_SEATS], many = 0;
    for (int seat = 0; seat < players; seat++)
        if (seat != viewer)
            others[many++] = seat;
    double likelihood[MAX_SEATS];
    for (int seat = 0; seat < players; seat++)
        likelihood[seat] = seat_log_likelihood(decisions, total, seat, hands[seat], temperature);
    PyObject *getrandbits = PyObject_GetAttr(args[6], S_getrandbits);
    if (getrandbits == NULL)
        return NULL;
    for (long step = 0; many > 1 && step < steps; step++) {
        long long pair = random_below(getrandbits, many * (many - 1));
        if (pair < 0)
            goto error;
        int first = others[pair / (many - 1)], second = (int)(pair % (many - 1));
        second = others[second >= pair / (many - 1) ? second + 1 : second];
        if (!hands[first] || !hands[second])
            continue;
        long long one = random_below(getrandbits, count(hands[first]));
        long long other = one < 0 ? -1 : random_below(getrandbits, count(hands[second]));
        if (other < 0)
            goto error;
        uint64_t give = UINT64_C(1) << nth_card(hands[first], one);
        uint64_t take = UINT64_C(1) << nth_card(hands[second], other);
        if (!(allowed[second] & give) || !(allowed[first] & take))
            continue; /* a card the other seat cannot hold (R21) */
        uint64_t mine = hands[first] ^ give ^ take, theirs = hands[second] ^ take ^ give;
        double now = seat_log_likelihood(decisions, total, first, mine, temperature);
        double then = seat_log_likelihood(decisions, total, second, theirs, temperature);
        double ratio = (now + then) - (likelihood[first] + likelihood[second]);
        if (ratio < 0) {
            long long drawn = random_bits(getrandbits, 53);
            if (drawn < 0)
                goto error;
            if (!((double)drawn * 0x1p-53 < exp(ratio)))
                continue;
        }
        hands[first] = mine;
        hands[second] = theirs;
        likelihood[first] = now;
        likelihood[second] = then;
    }
    Py_DECREF(getrandbits);
    PyObject *result = PyTuple_New(players);
    for (int seat = 0; result != NULL && seat < players; seat++) {
        PyObject *hand = PyLong_FromUnsignedLongLong(hands[seat]);
        if (hand == NULL)
            Py_CLEAR(result);
        else
            PyTuple_SET_ITEM(result, seat, hand);
    }
    return result;
error:
    Py_DECREF(getrandbits);
    return NULL;
}

/* Exact play of the end: the seat to search chooses every one of its cards to play
 * (the best for it), every other seat plays as the playouts' heuristic would, with ties
 * to the card with more points (R3), then to the lowest; on one deal, with the values
 * of the positions where the searching seat is to play kept in a table. */

#define MEMO_SLOTS (1 << 15)

typedef struct {
    uint64_t table, passes;
    double value;
    unsigned generation;
} MemoSlot;

typedef struct {
    uint64_t deal[MAX_SEATS]; /* every seat's hand at the start of the search */
    int players, seat;
    Ranking ranking;
    double place_weight;
    MemoSlot *memo;
    unsigned generation;
} Endgame;

static MemoSlot *endgame_memo;
static unsigned endgame_generation;

static double
endgame_value(const Endgame *game, uint64_t table, uint64_t passes)
{
    uint64_t keys[MAX_SEATS];
    for (int seat = 0; seat < game->players; seat++) {
        uint64_t hand = game->deal[seat] & ~table, seat_passes = passes >> (8 * seat) & 255;
        uint64_t points = 0;
        for (uint64_t rest = hand; rest; rest &= rest - 1)
            points += (uint64_t)POINTS[lowest(rest)];
        keys[seat] = (uint64_t)count(hand) << 14 |
                     (game->ranking.by_passes ? seat_passes << 8 : 0) | points;
    }
    int beaten = 0;
    for (int seat = 0; seat < game->players; seat++)
        beaten += keys[seat] > keys[game->seat];
    int won = (game->deal[game->seat] & ~table) == 0;
    return (double)won + game->place_weight * (double)beaten / (double)(game->players - 1);
}

/* The value for game->seat once `turn` plays card `index` on `table`. */
static double
endgame_after(Endgame *game, uint64_t table, uint64_t playable, uint64_t passes, int turn,
              int index)
{
    while (1) {
        uint64_t bit = UINT64_C(1) << index;
        table |= bit;
        playable = (playable ^ bit) | OPENED_BY[index];
        if (!(game->deal[turn] & ~table))
            return endgame_value(game, table, passes); /* the player's last card (R14) */
        uint64_t moves = 0;
        int seat = turn;
        for (int step = 0; step < game->players; step++) { /* R11, R13 */
            seat = seat + 1 < game->players ? seat + 1 : 0;
            moves = game->deal[seat] & ~table & playable;
            if (moves)
                break;
            passes += UINT64_C(1) << (seat << 3);
        }
        turn = seat;
        if (seat == game->seat && (moves & (moves - 1))) {
            uint64_t hash = (table ^ passes * UINT64_C(0x9E3779B97F4A7C15)) *
                            UINT64_C(0xBF58476D1CE4E5B9);
            size_t where = (size_t)(hash >> 49);
            MemoSlot *slot = &game->memo[where];
            if (slot->generation == game->generation && slot->table == table &&
                slot->passes == passes)
                return slot->value;
            double best = -1.0;
            for (uint64_t rest = moves; rest; rest &= rest - 1) {
                double value = endgame_after(game, table, playable, passes, turn, lowest(rest));
                if (value > best)
                    best = value;
            }
            slot->generation = game->generation;
            slot->table = table;
            slot->passes = passes;
            slot->value = best;
            return best;
        }
        if (moves & (moves - 1)) { /* another seat's choice, as the heuristic scores it */
            uint64_t own = game->deal[turn] & ~table, theirs = ALL_CARDS & ~table & ~own;
            int sizes[MAX_SEATS];
            for (int other = 0; other < game->players; other++)
                sizes[other] = count(game->deal[other] & ~table);
            int weight = danger_weight(sizes, game->players, turn);
            long long best = LLONG_MIN;
            for (; moves; moves &= moves - 1) {
                int card = lowest(moves);
                long long score = search_score(card, own, theirs, weight);
                if (score > best) {
                    best = score;
                    index = card;
                }
            }
        }
        else
            index = lowest(moves);
    }
}

PyDoc_STRVAR(endgame_doc,
             "endgame(hands, table, playable, passes, turn, first, place_weight, options, /)"
             "\n--\n\n"
             "sevens_ru.bots._endgame.endgame().");

static PyObject *
sp_endgame(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!positional("endgame", nargs, 8))
        return NULL;
    ENSURE_BOUND();
    Endgame game;
    if (read_deal(args[0], game.deal, &game.players) < 0)
        return NULL;
    uint64_t table, playable;
    long turn, first;
    if (card_set(args[1], &table) < 0 || card_set(args[2], &playable) < 0 ||
        small_int(args[4], 0, game.players - 1, "turn", &turn) < 0 ||
        small_int(args[5], 0, CARDS - 1, "first", &first) < 0 ||
        read_options(args[7], &game.ranking) < 0)
        return NULL;
    unsigned long long passes = PyLong_AsUnsignedLongLong(args[3]);
    if (passes == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    game.place_weight = PyFloat_AsDouble(args[6]);
    if (game.place_weight == -1.0 && PyErr_Occurred())
        return NULL;
    if (!(game.deal[turn] >> first & 1)) {
        PyErr_SetString(PyExc_ValueError, "the first card is not in the hand of the seat to play");
        return NULL;
    }
    if (endgame_memo == NULL &&
        (endgame_memo = PyMem_Calloc(MEMO_SLOTS, sizeof *endgame_memo)) == NULL)
        return PyErr_NoMemory();
    if (++endgame_generation == 0) { /* wrapped: clear the table once */
        memset(endgame_memo, 0, MEMO_SLOTS * sizeof *endgame_memo);
        endgame_generation = 1;
    }
    game.memo = endgame_memo;
    game.generation = endgame_generation;
    game.seat = (int)turn;
    return PyFloat_FromDouble(endgame_after(&game, table, playable, passes, (int)turn, (int)first));
}

PyDoc_STRVAR(layout_doc, "layout()\n--\n\n"
                         "The bit layout this module was compiled with, to check against "
                         "sevens_ru._board.");

static PyObject *
sp_layout(PyObject *module, PyObject *unused)
{
    PyObject *play = PyTuple_New(CARDS), *opened_by = PyTuple_New(CARDS);
    PyObject *beyond = PyTuple_New(CARDS), *pass = PyTuple_New(MAX_SEATS);
    if (play == NULL || opened_by == NULL || beyond == NULL || pass == NULL)
        goto error;
    for (int index = 0; index < CARDS; index++) {
        PyTuple_SET_ITEM(play, index, board_to_int(PLAY[index]));
        PyTuple_SET_ITEM(opened_by, index, PyLong_FromUnsignedLongLong(OPENED_BY[index]));
        PyTuple_SET_ITEM(beyond, index, PyLong_FromUnsignedLongLong(BEYOND[index]));
    }
    for (int seat = 0; seat < MAX_SEATS; seat++)
        PyTuple_SET_ITEM(pass, seat, board_to_int(PASS[seat]));
    return Py_BuildValue("{sisisKsNsNsNsN}", "TABLE_SHIFT", TABLE_SHIFT, "PASSES_SHIFT",
                         2 * TABLE_SHIFT, "NINE_OF_DIAMONDS",
                         (unsigned long long)NINE_OF_DIAMONDS, "PLAY", play, "PASS", pass,
                         "OPENED_BY", opened_by, "BEYOND", beyond);
error:
    Py_XDECREF(play);
    Py_XDECREF(opened_by);
    Py_XDECREF(beyond);
    Py_XDECREF(pass);
    return NULL;
}

/* ---- learning environments: observation planes ----
 *
 * The twins of sevens_ru.encode.observe_into() and
 * sevens_ru.durak.encode.observe_into(): they write an observation tensor (float32)
 * and an action mask (int8 0 or 1 per action) into arrays the caller made, through the
 * buffer protocol, entry for entry what the Python functions write. A card plane is 36
 * entries, entry i 1.0 when bit i of the card set is set; a count is v / top rounded
 * to float32 from the double quotient, as struct.pack("<f", v / top) rounds it. */

/* A writable C-contiguous float32 ('f') or int8 ('b') array of that many entries (any
 * number if items is -1); -1 with a ValueError naming it as what for anything else. */
static int
array_buffer(PyObject *array, Py_buffer *view, char type, Py_ssize_t items, const char *what)
{
    if (PyObject_GetBuffer(array, view, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    const char *format = view->format == NULL ? "B" : view->format;
    if (*format == '<' || *format == '=' || *format == '@')
        format++;
    Py_ssize_t itemsize = type == 'f' ? 4 : 1;
    if (format[0] != type || format[1] != '\0' || view->itemsize != itemsize ||
        (items >= 0 && view->len != items * itemsize)) {
        PyBuffer_Release(view);
        if (items >= 0)
            PyErr_Format(PyExc_ValueError, "%s must be a writable %s array of %zd entries", what,
                         type == 'f' ? "float32" : "int8", items);
        else
            PyErr_Format(PyExc_ValueError, "%s must be a writable %s array", what,
                         type == 'f' ? "float32" : "int8");
        return -1;
    }
    return 0;
}

static float BYTE_PLANES[256][8]; /* the 8 entries of every byte of a card set */
static int64_t BYTE_BITS[256];    /* the 8 int8 entries (0 or 1) of every byte, as one word */
static float SIZE_VALUES[CARDS + 1], PASS_VALUES[256]; /* v / 18 and v / 36 as float32 */

static inline float
scaled(long value, int top)
{
    return (float)((double)value / (double)top);
}

static int planes_ready; /* whether init_planes() has filled the tables */

static void
init_planes(void)
{
    planes_ready = 1;
    for (int byte = 0; byte < 256; byte++) {
        unsigned char entries[8];
        for (int bit = 0; bit < 8; bit++) {
            BYTE_PLANES[byte][bit] = (float)(byte >> bit & 1);
            entries[bit] = (unsigned char)(byte >> bit & 1);
        }
        memcpy(&BYTE_BITS[byte], entries, sizeof entries);
        PASS_VALUES[byte] = scaled(byte, 36);
    }
    for (int cards = 0; cards <= CARDS; cards++)
        SIZE_VALUES[cards] = scaled(cards, 18);
}

static inline void
card_plane(float *out, uint64_t cards)
{
    for (int byte = 0; byte < CARDS / 8; byte++)
        memcpy(out + 8 * byte, BYTE_PLANES[cards >> 8 * byte & 255], sizeof BYTE_PLANES[0]);
    memcpy(out + CARDS / 8 * 8, BYTE_PLANES[cards >> CARDS / 8 * 8 & 255],
           (CARDS % 8) * sizeof(float));
}

static inline void
mask_bytes(signed char *out, uint64_t cards) /* the 36 entries of a card set as int8 */
{
    for (int byte = 0; byte < CARDS / 8; byte++)
        memcpy(out + 8 * byte, &BYTE_BITS[cards >> 8 * byte & 255], 8);
    memcpy(out + CARDS / 8 * 8, &BYTE_BITS[cards >> CARDS / 8 * 8 & 255], CARDS % 8);
}

static int
index_below(PyObject *value, int limit, int *index) /* 0 and an int from 0 to limit - 1, or 1 */
{
    if (!PyLong_CheckExact(value))
        return 1;
    long number = PyLong_AsLong(value);
    if (number == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 1;
    }
    if (number < 0 || number >= limit)
        return 1;
    *index = (int)number;
    return 0;
}

PyDoc_STRVAR(sevens_observation_doc,
             "sevens_observation(state, seat, observation, action_mask)\n--\n\n"
             "sevens_ru.encode.observe_into(): the observation of seat in state into\n"
             "observation (float32, 108 + 3 n entries) and its legal actions into action_mask\n"
             "(int8, 36 entries; all 0 unless seat is to play). True, or None for a state or\n"
             "seat the Python path handles.");

static PyObject *
sp_sevens_observation(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!planes_ready)
        init_planes();
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError,
                        "sevens_observation(state, seat, observation, action_mask)");
        return NULL;
    }
    ENSURE_BOUND();
    Position position;
    int seat, read = read_state(args[0], &position);
    if (read != 0)
        return read < 0 ? NULL : Py_NewRef(Py_None);
    if (index_below(args[1], position.players, &seat) != 0)
        Py_RETURN_NONE;
    int players = position.players;
    Py_buffer tensor, mask;
    if (array_buffer(args[2], &tensor, 'f', 3 * CARDS + 3 * players, "observation") < 0)
        return NULL;
    if (array_buffer(args[3], &mask, 'b', CARDS, "action_mask") < 0) {
        PyBuffer_Release(&tensor);
        return NULL;
    }
    uint64_t dealt[MAX_SEATS];
    for (int other = 0; other < players; other++)
        if (hand_of(&position, other, &dealt[other]) < 0) {
            PyBuffer_Release(&tensor);
            PyBuffer_Release(&mask);
            return NULL;
        }
    float *out = tensor.buf;
    uint64_t table = board_table(position.board), passes = board_passes(position.board);
    card_plane(out, dealt[seat] & ~table);
    card_plane(out + CARDS, table);
    card_plane(out + 2 * CARDS, table ? board_playable(position.board) : NINE_OF_DIAMONDS);
    out += 3 * CARDS;
    for (int k = 0; k < players; k++) {
        int other = (seat + k) % players;
        out[k] = (float)(position.turn == other);
        out[players + k] = SIZE_VALUES[count(dealt[other] & ~table)];
        out[2 * players + k] = PASS_VALUES[passes >> (8 * other) & 255];
    }
    mask_bytes(mask.buf, position.turn == seat ? position.moves : 0);
    PyBuffer_Release(&tensor);
    PyBuffer_Release(&mask);
    Py_RETURN_TRUE;
}

PyDoc_STRVAR(sevens_act_doc, "sevens_act(state, action)\n--\n\n"
                             "sevens_ru.apply() for a legal action number (an int) of the\n"
                             "engine's states, as the environments' steps make it; None for\n"
                             "anything else, which the Python path handles (and explains).");

static PyObject *
sp_sevens_act(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "sevens_act(state, action)");
        return NULL;
    }
    ENSURE_BOUND();
    int index;
    if (index_below(args[1], CARDS, &index) != 0) /* an int from 0 to 35 */
        Py_RETURN_NONE;
    Position position;
    int found = read_state(args[0], &position);
    if (found < 0)
        return NULL;
    if (found > 0 || !(position.moves >> index & 1))
        Py_RETURN_NONE;
    if (play(&position, index) < 0)
        return NULL;
    return make_state(position.setup, position.board, position.turn, position.moves, args[0]);
}

static int
int_array(PyObject *array, Py_buffer *view, char type, Py_ssize_t items, const char *what)
{ /* a C-contiguous array of int64 ('q'), int32 ('i') or bool ('?') of that many entries */
    if (PyObject_GetBuffer(array, view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    const char *format = view->format == NULL ? "B" : view->format;
    if (*format == '<' || *format == '=' || *format == '@')
        format++;
    Py_ssize_t itemsize = type == 'q' ? 8 : type == 'i' ? 4 : 1;
    int good = format[1] == '\0' && view->itemsize == itemsize && view->len == items * itemsize;
    if (type == 'q')
        good = good && (format[0] == 'q' || (format[0] == 'l' && sizeof(long) == 8));
    else if (type == 'i')
        good = good && (format[0] == 'i' || (format[0] == 'l' && sizeof(long) == 4));
    else
        good = good && format[0] == '?';
    if (!good) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_ValueError, "%s must be a contiguous %s array of %zd entries", what,
                     type == 'q' ? "int64" : type == 'i' ? "int32" : "bool", items);
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(batch_observation_doc,
             "batch_observation(observation, action_mask, hands, table, playable, moves, cursor,\n"
             "                  done, passes, games)\n--\n\n"
             "The vector environment's observations (sevens_ru.envs.gymnasium): row k of\n"
             "observation (float32, rows x (108 + 3 n)) is sevens_ru.encode.observation of the\n"
             "seat at cursor[g] in game g = games[k] (every game if games is None), row k of\n"
             "action_mask (int8, rows x 36, or None) the bits of moves[g]. The other arrays are\n"
             "a GameBatch's: hands and passes seat-major (n x size), the rest one per game.\n"
             "None; a ValueError for arrays of the wrong type or size.");

static PyObject *
sp_batch_observation(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!planes_ready)
        init_planes();
    if (nargs != 10) {
        PyErr_SetString(PyExc_TypeError, "batch_observation() takes 10 arguments");
        return NULL;
    }
    enum { TENSOR, MASK, HANDS, TABLE, PLAYABLE, MOVES, CURSOR, DONE, PASSES, GAMES, VIEWS };
    Py_buffer views[VIEWS];
    int held[VIEWS] = {0};
    PyObject *result = NULL;
    int has_mask = args[1] != Py_None, has_games = args[9] != Py_None;
    Py_ssize_t size = PyObject_Length(args[3]), players = PyObject_Length(args[2]);
    Py_ssize_t rows = has_games ? PyObject_Length(args[9]) : size;
    if (size < 0 || players < 0 || rows < 0)
        return NULL;
    if (size == 0 || players < 2 || players > MAX_SEATS) {
        PyErr_SetString(PyExc_ValueError, "batch_observation(): a batch of 2 to 6 players");
        return NULL;
    }
    Py_ssize_t width = 3 * CARDS + 3 * players;
#define TAKE(which, call)      \
    do {                       \
        if ((call) < 0)        \
            goto done;         \
        held[which] = 1;       \
    } while (0)
    TAKE(TENSOR, array_buffer(args[0], &views[TENSOR], 'f', rows * width, "observation"));
    if (has_mask)
        TAKE(MASK, array_buffer(args[1], &views[MASK], 'b', rows * CARDS, "action_mask"));
    TAKE(HANDS, int_array(args[2], &views[HANDS], 'q', players * size, "hands"));
    TAKE(TABLE, int_array(args[3], &views[TABLE], 'q', size, "table"));
    TAKE(PLAYABLE, int_array(args[4], &views[PLAYABLE], 'q', size, "playable"));
    TAKE(MOVES, int_array(args[5], &views[MOVES], 'q', size, "moves"));
    TAKE(CURSOR, int_array(args[6], &views[CURSOR], 'q', size, "cursor"));
    TAKE(DONE, int_array(args[7], &views[DONE], '?', size, "done"));
    TAKE(PASSES, int_array(args[8], &views[PASSES], 'i', players * size, "passes"));
    if (has_games)
        TAKE(GAMES, int_array(args[9], &views[GAMES], 'q', rows, "games"));
#undef TAKE
    const int64_t *hand = views[HANDS].buf, *tables = views[TABLE].buf,
                  *open = views[PLAYABLE].buf, *legal = views[MOVES].buf,
                  *where = views[CURSOR].buf;
    const int32_t *passed = views[PASSES].buf;
    const char *over = views[DONE].buf;
    const int64_t *chosen = has_games ? views[GAMES].buf : NULL;
    for (Py_ssize_t row = 0; row < rows; row++) {
        Py_ssize_t game = chosen == NULL ? row : (Py_ssize_t)chosen[row];
        Py_ssize_t seat = 0 <= game && game < size ? (Py_ssize_t)(where[game] / size) : -1;
        if (seat < 0 || seat >= players) {
            PyErr_SetString(PyExc_ValueError,
                            "batch_observation(): a game or a cursor out of range");
            goto done;
        }
        uint64_t on_table = (uint64_t)tables[game];
        float *out = (float *)views[TENSOR].buf + row * width;
        card_plane(out, (uint64_t)hand[seat * size + game] & ~on_table);
        card_plane(out + CARDS, on_table);
        card_plane(out + 2 * CARDS, on_table ? (uint64_t)open[game] : NINE_OF_DIAMONDS);
        out += 3 * CARDS;
        for (Py_ssize_t k = 0, other = seat; k < players; k++, other++) {
            if (other == players)
                other = 0;
            out[k] = (float)(k == 0 && !over[game]);
            out[players + k] = SIZE_VALUES[count((uint64_t)hand[other * size + game] & ~on_table)];
            int32_t passed_here = passed[other * size + game];
            out[2 * players + k] = 0 <= passed_here && passed_here < 256
                                       ? PASS_VALUES[passed_here]
                                       : scaled(passed_here, 36);
        }
        if (has_mask)
            mask_bytes((signed char *)views[MASK].buf + row * CARDS, (uint64_t)legal[game]);
    }
    result = Py_NewRef(Py_None);
done:
    for (int view = 0; view < VIEWS; view++)
        if (held[view])
            PyBuffer_Release(&views[view]);
    return result;
}

static int
card_set_at(PyObject *sequence, Py_ssize_t position, uint64_t *cards)
{
    return card_set(PyTuple_GET_ITEM(sequence, position), cards);
}

PyDoc_STRVAR(durak_observation_doc,
             "durak_observation(observation, seat, hands, trump, uncovered, attack, covers,\n"
             "                  set_aside, shown, dealer, out, attacker, defender, takes)\n--\n\n"
             "The observation of sevens_ru.durak.encode.observe_into() from the state's\n"
             "facts: hands and out are tuples by seat, dealer is -1 unless the dealer's trump\n"
             "card is known while held, attacker and defender are None once over, takes the\n"
             "float takes_in_a_row / take_limit.");

static PyObject *
sp_durak_observation(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!planes_ready)
        init_planes();
    if (nargs != 14) {
        PyErr_SetString(PyExc_TypeError,
                        "durak_observation() takes 14 arguments (see its docstring)");
        return NULL;
    }
    PyObject *hands = args[2], *out_flags = args[10];
    if (!PyTuple_CheckExact(hands) || !PyTuple_CheckExact(out_flags) ||
        PyTuple_GET_SIZE(hands) < 2 || PyTuple_GET_SIZE(hands) > MAX_SEATS ||
        PyTuple_GET_SIZE(out_flags) != PyTuple_GET_SIZE(hands)) {
        PyErr_SetString(PyExc_TypeError, "durak_observation(): hands and out are tuples by seat");
        return NULL;
    }
    int players = (int)PyTuple_GET_SIZE(hands), seat, dealer = -1, attacker = -1, defender = -1;
    int no_dealer = PyLong_CheckExact(args[9]) && PyLong_AsLong(args[9]) == -1;
    if (PyErr_Occurred())
        PyErr_Clear();
    if (index_below(args[1], players, &seat) != 0 ||
        (!no_dealer && index_below(args[9], players, &dealer) != 0) ||
        (args[11] != Py_None && index_below(args[11], players, &attacker) != 0) ||
        (args[12] != Py_None && index_below(args[12], players, &defender) != 0)) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "durak_observation(): a seat out of range");
        return NULL;
    }
    uint64_t hand[MAX_SEATS], cards[6];
    for (int other = 0; other < players; other++)
        if (card_set_at(hands, other, &hand[other]) < 0)
            return NULL;
    for (int position = 0; position < 6; position++) /* trump ... shown */
        if (card_set(args[3 + position], &cards[position]) < 0)
            return NULL;
    double takes = PyFloat_AsDouble(args[13]);
    if (takes == -1.0 && PyErr_Occurred())
        return NULL;
    Py_buffer tensor;
    if (array_buffer(args[0], &tensor, 'f', 181 + 40 * players, "observation") < 0)
        return NULL;
    uint64_t trump = cards[0], uncovered = cards[1], attack = cards[2], shown = cards[5];
    float *out = tensor.buf;
    card_plane(out, hand[seat]);
    card_plane(out + CARDS, trump);
    card_plane(out + 2 * CARDS, uncovered);
    card_plane(out + 3 * CARDS, attack & ~uncovered);
    card_plane(out + 4 * CARDS, cards[3]); /* the covers */
    card_plane(out + 5 * CARDS, cards[4]); /* set aside */
    out += 6 * CARDS;
    for (int k = 1; k < players; k++) { /* what is known of the others' hands (D17) */
        int other = (seat + k) % players;
        uint64_t known = hand[other] & shown;
        if (other == dealer)
            known |= hand[other] & trump;
        card_plane(out, known);
        out += CARDS;
    }
    for (int k = 0; k < players; k++) {
        int other = (seat + k) % players;
        long gone = PyLong_AsLong(PyTuple_GET_ITEM(out_flags, other));
        if (gone == -1 && PyErr_Occurred()) {
            PyBuffer_Release(&tensor);
            return NULL;
        }
        out[k] = (float)(gone > 0);
        out[players + k] = (float)(attacker >= 0 && (attacker - seat + players) % players == k);
        out[2 * players + k] =
            (float)(defender >= 0 && (defender - seat + players) % players == k);
        out[3 * players + k] = PASS_VALUES[count(hand[other])]; /* v / 36 */
    }
    out[4 * players] = (float)takes;
    PyBuffer_Release(&tensor);
    Py_RETURN_TRUE;
}

PyDoc_STRVAR(durak_mask_doc,
             "durak_mask(action_mask, hand, uncovered, leading, beaten_by, lead_patterns,\n"
             "           cover_base, take)\n--\n\n"
             "The legal actions of Durak's seat to move into the int8 action_mask, as\n"
             "sevens_ru.durak.legal_mask() numbers them: with leading true the leads from\n"
             "hand (lead_patterns: per 4-bit set of suits, the 15-bit set of its leads), else\n"
             "the covers of the uncovered cards (beaten_by and cover_base: per attacking card)\n"
             "and the take.");

static PyObject *
sp_durak_mask(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 8 || !PyTuple_CheckExact(args[4]) || PyTuple_GET_SIZE(args[4]) != CARDS ||
        !PyTuple_CheckExact(args[5]) || PyTuple_GET_SIZE(args[5]) != 16 ||
        !PyTuple_CheckExact(args[6]) || PyTuple_GET_SIZE(args[6]) != CARDS) {
        PyErr_SetString(PyExc_TypeError, "durak_mask() takes 8 arguments (see its docstring)");
        return NULL;
    }
    uint64_t hand, uncovered;
    int leading = PyObject_IsTrue(args[3]);
    long take = PyLong_AsLong(args[7]);
    if (leading < 0 || (take == -1 && PyErr_Occurred()) || card_set(args[1], &hand) < 0 ||
        card_set(args[2], &uncovered) < 0)
        return NULL;
    Py_buffer mask;
    if (array_buffer(args[0], &mask, 'b', -1, "action_mask") < 0)
        return NULL;
    if (take < 0 || take >= mask.len) {
        PyBuffer_Release(&mask);
        PyErr_SetString(PyExc_ValueError, "durak_mask(): action_mask has no entry for the take");
        return NULL;
    }
    signed char *out = mask.buf;
    Py_ssize_t size = mask.len;
    memset(out, 0, (size_t)size);
    if (leading) { /* D6: the leads, 15 per rank */
        for (int rank = 0; rank < 9; rank++) {
            unsigned suits = 0;
            for (int suit = 0; suit < 4; suit++)
                suits |= (unsigned)(hand >> (9 * suit + rank) & 1) << suit;
            if (!suits)
                continue;
            long pattern = PyLong_AsLong(PyTuple_GET_ITEM(args[5], suits));
            if (pattern == -1 && PyErr_Occurred())
                goto error;
            for (int place = 0; place < 15; place++)
                if (pattern >> place & 1 && 15 * rank + place < size)
                    out[15 * rank + place] = 1;
        }
    }
    else { /* D8, D9: the covers of every uncovered card, and the take */
        out[take] = 1;
        for (uint64_t left = uncovered; left; left &= left - 1) {
            int attack = lowest(left), start = attack - attack % 9;
            uint64_t beaten;
            long base = PyLong_AsLong(PyTuple_GET_ITEM(args[6], attack));
            if ((base == -1 && PyErr_Occurred()) ||
                card_set(PyTuple_GET_ITEM(args[4], attack), &beaten) < 0)
                goto error;
            for (uint64_t covers = hand & beaten; covers; covers &= covers - 1) {
                int cover = lowest(covers); /* never from start to attack: they do not beat it */
                long action = base + (cover < start ? cover : cover - (attack - start + 1));
                if (action < 0 || action >= size) {
                    PyErr_SetString(PyExc_ValueError, "durak_mask(): an action out of range");
                    goto error;
                }
                out[action] = 1;
            }
        }
    }
    PyBuffer_Release(&mask);
    Py_RETURN_NONE;
error:
    PyBuffer_Release(&mask);
    return NULL;
}

PyDoc_STRVAR(action_mask_doc, "action_mask(array, legal)\n--\n\n"
                              "Write bit a of the int legal into entry a of the int8 array\n"
                              "(0 or 1), for every entry: sevens_ru._planes.mask_into().");

#define MAX_ACTIONS 4096

static PyObject *
sp_action_mask(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyLong_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "action_mask(array, legal: int)");
        return NULL;
    }
    Py_buffer checked;
    if (array_buffer(args[0], &checked, 'b', -1, "mask_into(): the array") < 0)
        return NULL;
    Py_ssize_t size = checked.len;
    if (size > MAX_ACTIONS) {
        PyBuffer_Release(&checked);
        PyErr_Format(PyExc_ValueError,
                     "action_mask() writes into a writable int8 array of at most %d entries",
                     MAX_ACTIONS);
        return NULL;
    }
    unsigned char bytes[MAX_ACTIONS / 8];
    size_t used = (size_t)(size + 7) / 8;
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t needed = PyLong_AsNativeBytes(args[1], bytes, (Py_ssize_t)used,
                                             Py_ASNATIVEBYTES_LITTLE_ENDIAN |
                                                 Py_ASNATIVEBYTES_UNSIGNED_BUFFER |
                                                 Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    int fits = needed >= 0 && (size_t)needed <= used;
#else
    int fits = _PyLong_AsByteArray((PyLongObject *)args[1], bytes, used, 1, 0) == 0;
#endif
    if (fits && size % 8 && bytes[used - 1] >> (size % 8))
        fits = 0;
    if (!fits) {
        PyBuffer_Release(&checked);
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "action_mask(): legal must be an int from 0 to 2**%zd - 1",
                     size);
        return NULL;
    }
    signed char *out = checked.buf;
    memset(out, 0, (size_t)size);
    for (size_t byte = 0; byte < used; byte++)
        for (unsigned bits = bytes[byte]; bits; bits &= bits - 1)
            out[8 * byte + (size_t)__builtin_ctz(bits)] = 1;
    PyBuffer_Release(&checked);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"layout", sp_layout, METH_NOARGS, layout_doc},
    {"apply", (PyCFunction)(void (*)(void))sp_apply, METH_FASTCALL, apply_doc},
    {"legal_moves", sp_legal_moves, METH_O, legal_moves_doc},
    {"ranking", sp_ranking, METH_O, ranking_doc},
    {"playout", (PyCFunction)(void (*)(void))sp_playout, METH_FASTCALL, playout_doc},
    {"playout_state", (PyCFunction)(void (*)(void))sp_playout_state, METH_FASTCALL,
     playout_state_doc},
    {"standings", (PyCFunction)(void (*)(void))sp_standings, METH_FASTCALL, standings_doc},
    {"shuffled_bytes", (PyCFunction)(void (*)(void))sp_shuffled_bytes, METH_FASTCALL,
     shuffled_bytes_doc},
    {"seeded_deal", (PyCFunction)(void (*)(void))sp_seeded_deal, METH_FASTCALL, seeded_deal_doc},
    {"sample", (PyCFunction)(void (*)(void))sp_sample, METH_FASTCALL, sample_doc},
    {"greedy_playout", (PyCFunction)(void (*)(void))sp_greedy_playout, METH_FASTCALL,
     greedy_playout_doc},
    {"sevens_observation", (PyCFunction)(void (*)(void))sp_sevens_observation, METH_FASTCALL,
     sevens_observation_doc},
    {"durak_observation", (PyCFunction)(void (*)(void))sp_durak_observation, METH_FASTCALL,
     durak_observation_doc},
    {"action_mask", (PyCFunction)(void (*)(void))sp_action_mask, METH_FASTCALL, action_mask_doc},
    {"sevens_act", (PyCFunction)(void (*)(void))sp_sevens_act, METH_FASTCALL, sevens_act_doc},
    {"batch_observation", (PyCFunction)(void (*)(void))sp_batch_observation, METH_FASTCALL,
     batch_observation_doc},
    {"durak_mask", (PyCFunction)(void (*)(void))sp_durak_mask, METH_FASTCALL, durak_mask_doc},
    {"log_likelihood", (PyCFunction)(void (*)(void))sp_log_likelihood, METH_FASTCALL,
     log_likelihood_doc},
    {"endgame", (PyCFunction)(void (*)(void))sp_endgame, METH_FASTCALL, endgame_doc},
    {"chain", (PyCFunction)(void (*)(void))sp_chain, METH_FASTCALL, chain_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "sevens_ru._speedups",
    "The main game's hot paths in C; see sevens_ru.common._core.",
    -1,
    methods,
};

PyMODINIT_FUNC
PyInit__speedups(void)
{
    init_tables();
    init_boards();
#define INTERN(name)                                                 \
    if ((S_##name = PyUnicode_InternFromString(#name)) == NULL)     \
        return NULL;
    INTERN(random)
    INTERN(getrandbits)
    INTERN(rank_by_passes)
    INTERN(place_numbering)
    INTERN(dense)
    INTERN(randrange)
    INTERN(shuffle)
    INTERN(_randbelow)
    INTERN(cards)
    INTERN(seats)
    INTERN(counts)
#undef INTERN
    return PyModule_Create(&module_def);
}
