/* The main game's kernels, Sevens (see sevens_ru.common._core): the board, apply() with its
 * automatic passes, legal_moves(), the seeded deal, the ranking, the playouts, the
 * search bot's kernels and the observation planes of the learning environments.
 *
 * Each function here computes exactly what its Python counterpart computes, on the same
 * packed ints, and draws the same numbers from the same random.Random by calling the
 * generator's own methods in the same order. A function that meets anything it does not
 * handle (a card given as text, an illegal move, an object that is not one of the
 * engine's) returns None, and its Python caller goes on with the pure-Python path,
 * which raises the proper error.
 *
 * The bit layout mirrors sevens_ru._board. A state's board is one int:
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
#include "common.h"

#include <limits.h>
#include <math.h>

#include "args.h"
#include "draw.h"
#include "kernels.h"
#include "planes.h"
#include "shake.h"

#define CARDS 36 /* the 36-card Russian pack (games/sevens/deal.py, PACK) */
#include "pack.h"

#define TABLE_SHIFT 36
#define NINE 3 /* the position of the 9 in a suit's nine bits */
#define NINE_OF_DIAMONDS (UINT64_C(1) << (9 + NINE))

/* -- card sets ----------------------------------------------------------------- */

/* Per card: the cards its play makes playable (R9), the cards of its suit further
 * from the 9 (which wait for it), and its points (R3). Filled by init_tables(). */
/* The observation's counts: a hand's size / 18 and a seat's passes / 36, as float32. */
static float SIZE_VALUES[CARDS + 1], PASS_VALUES[256];
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

typedef Words Board; /* bits 0-63 and 64-127 */

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
} B; /* and random.Random's own methods, which draw.c keeps (draw_bind()) */

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
    if (draw_bind(rng) < 0)
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

static inline PyObject *
none_or_error(int found) /* what a function returns for read_state()'s 1 or -1 */
{
    return found < 0 ? NULL : Py_NewRef(Py_None);
}

/* The work of a function name(state, ...) on one of the engine's states, read; `more`
 * are the arguments after the state. */
typedef PyObject *(*StateBody)(PyObject *state, PyObject *const *more, Position *position);

/* name(state, ...), with as many objects as `format` has letters 'O' (2 to 4): the
 * arguments, the bindings, the state read, then the body; None for a state of another
 * kind (the Python path handles it). Inlined, with the body, into each function that
 * STATE_FUNCTION() defines. */
static ALWAYS_INLINE PyObject *
with_state(const char *name, const char *format, StateBody body, PyObject *const *args,
           Py_ssize_t nargs)
{
    PyObject *state, *more[3]; /* those `format` does not name stay unset */
    Position position;
    if (parse_args(name, args, nargs, format, &state, &more[0], &more[1], &more[2]) < 0 ||
        (!B.bound && bind() < 0))
        return NULL;
    int found = read_state(state, &position);
    return found != 0 ? none_or_error(found) : body(state, args + 1, &position);
}

/* The module's function sp_<name>, of a state and more objects, from <name>_of(). */
#define STATE_FUNCTION(name, format)                                                      \
    static PyObject *sp_##name(PyObject *module, PyObject *const *args, Py_ssize_t nargs) \
    {                                                                                     \
        return with_state(#name, format, name##_of, args, nargs);                         \
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
    /* at the slots' offsets, as slot() reads them */
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

static int
options_arg(PyObject *options, int players, void *ranking) /* read_options() for parse_args() */
{
    (void)players;
    return read_options(options, ranking);
}

/* The standings of a finished game, as sevens_ru.scoring.standings() ranks it: one
 * row per seat, from the most significant bits down cards left (from bit 23), passes
 * if they count (bit 17), points (bit 9), then the seat (bit 6) and its passes. */
static void
ranked_rows(const uint64_t *deal, int players, uint64_t table, uint64_t passes, Ranking ranking,
            uint64_t *rows)
{
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
}

static PyObject *
standings(const uint64_t *deal, int players, uint64_t table, uint64_t passes, Ranking ranking)
{
    uint64_t rows[MAX_SEATS];
    ranked_rows(deal, players, table, passes, ranking, rows);
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
    *index = nth_card(moves, number);
    return 0;
}

/* -- the module's functions -------------------------------------------------------------- */

PyDoc_STRVAR(apply_doc, "apply(state, card, /)\n--\n\n"
                        "sevens_ru.apply() for a Card, or an action number (an int), that is\n"
                        "legal, else None.");

static inline PyObject *
apply_of(PyObject *state, PyObject *const *more, Position *position)
{
    PyObject *card = more[0];
    int index;
    if (Py_TYPE(card) == B.card) {
        PyObject *index_int = slot(card, B.index);
        if (index_int == NULL || index_below(index_int, CARDS, &index) != 0)
            Py_RETURN_NONE; /* a card outside the pack: Python explains */
    }
    else if (index_below(card, CARDS, &index) != 0) /* an action number, from 0 to 35 */
        Py_RETURN_NONE;
    if (!(position->moves >> index & 1)) /* illegal moves are explained in Python */
        Py_RETURN_NONE;
    if (play(position, index) < 0)
        return NULL;
    return make_state(position->setup, position->board, position->turn, position->moves, state);
}

STATE_FUNCTION(apply, "OO")

PyDoc_STRVAR(legal_moves_doc, "legal_moves(state, /)\n--\n\n"
                              "sevens_ru.legal_moves() for the engine's states, else None.");

/* The legal cards of one of the engine's states (its moves slot) as a tuple: the Cards
 * of DECK, or with `numbers` their indexes (the action numbers); None for anything else. */
static PyObject *
legal_tuple(PyObject *state, int numbers)
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
    PyObject *legal = PyTuple_New(count(moves));
    if (legal == NULL)
        return NULL;
    for (Py_ssize_t number = 0; moves; moves &= moves - 1, number++) {
        int index = lowest(moves);
        PyTuple_SET_ITEM(legal, number,
                         numbers ? PyLong_FromLong(index) /* small ints: never NULL */
                                 : Py_NewRef(PyTuple_GET_ITEM(B.deck, index)));
    }
    return legal;
}

static PyObject *
sp_legal_moves(PyObject *module, PyObject *state)
{
    return legal_tuple(state, 0);
}

PyDoc_STRVAR(legal_actions_doc, "legal_actions(state, /)\n--\n\n"
                                "sevens_ru.legal_actions() for the engine's states, else None.");

static PyObject *
sp_legal_actions(PyObject *module, PyObject *state)
{
    return legal_tuple(state, 1);
}

static int
state_setup(Position *position, Ranking *ranking)
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

/* Read `state`, a finished state of the engine, into `position` and `ranking`: 1 when
 * read; 0 otherwise, with `*result` what the caller returns (None for a state that is not
 * the engine's or not over, as Python explains it (R19); NULL with an exception). */
static int
read_finished(PyObject *state, Position *position, Ranking *ranking, PyObject **result)
{
    int found = read_state(state, position);
    if (found != 0) {
        *result = none_or_error(found);
        return 0;
    }
    if (position->turn >= 0) {
        *result = Py_NewRef(Py_None);
        return 0;
    }
    if (state_setup(position, ranking) < 0 || read_all_hands(position) < 0) {
        *result = NULL;
        return 0;
    }
    return 1;
}

static PyObject *
sp_ranking(PyObject *module, PyObject *state)
{
    ENSURE_BOUND();
    Position position;
    Ranking ranking;
    PyObject *result;
    if (!read_finished(state, &position, &ranking, &result))
        return result;
    return standings(position.deal, position.players, board_table(position.board),
                     board_passes(position.board), ranking);
}

PyDoc_STRVAR(sevens_returns_doc,
             "sevens_returns(state, /)\n--\n\n"
             "sevens_ru.returns() for the engine's finished states, else None: the ranking's\n"
             "values without making its Standing objects.");

static PyObject *
sp_sevens_returns(PyObject *module, PyObject *state)
{
    ENSURE_BOUND();
    Position position;
    Ranking ranking;
    PyObject *result;
    if (!read_finished(state, &position, &ranking, &result))
        return result;
    int players = position.players;
    uint64_t rows[MAX_SEATS];
    double values[MAX_SEATS];
    ranked_rows(position.deal, players, board_table(position.board), board_passes(position.board),
                ranking, rows);
    /* scoring.returns(): the seats sharing a place (equal rows above the seat's bits, R18)
     * share the values of their positions, (n - 2 first - shared) / (n - 1) each. */
    for (int first = 0, last; first < players; first = last) {
        for (last = first + 1; last < players && rows[last] >> 9 == rows[first] >> 9; last++)
            ;
        double share = (double)(players - 2 * first - (last - first)) / (double)(players - 1);
        for (int at = first; at < last; at++)
            values[rows[at] >> 6 & 7] = share;
    }
    result = PyTuple_New(players);
    for (int seat = 0; result != NULL && seat < players; seat++) {
        PyObject *value = PyFloat_FromDouble(values[seat]);
        if (value == NULL)
            Py_CLEAR(result);
        else
            PyTuple_SET_ITEM(result, seat, value);
    }
    return result;
}

/* The card a playout plays for the seat to play: drawn where it has a choice. */
static inline int
playout_card(PyObject *random, uint64_t moves, int *index)
{
    if (!(moves & (moves - 1))) {
        *index = lowest(moves);
        return 0;
    }
    PyObject *draw = PyObject_CallNoArgs(random); /* a choice: draw */
    int failed = draw == NULL || pick(draw, moves, index) < 0;
    Py_XDECREF(draw);
    return failed ? -1 : 0;
}

PyDoc_STRVAR(playout_doc, "playout(state, rng, /)\n--\n\n"
                          "sevens_ru.playout.playout() for the engine's states, else None.");

static inline PyObject *
playout_of(PyObject *state, PyObject *const *more, Position *position)
{
    PyObject *rng = more[0];
    Ranking ranking;
    (void)state;
    if (state_setup(position, &ranking) < 0)
        return NULL;
    PyObject *random = PyObject_GetAttr(rng, S_random);
    if (random == NULL)
        return NULL;
    while (position->turn >= 0) {
        int index;
        if (playout_card(random, position->moves, &index) < 0 || play(position, index) < 0)
            goto error;
    }
    Py_DECREF(random);
    if (read_all_hands(position) < 0)
        return NULL;
    return standings(position->deal, position->players, board_table(position->board),
                     board_passes(position->board), ranking);
error:
    Py_DECREF(random);
    return NULL;
}

STATE_FUNCTION(playout, "OO")

PyDoc_STRVAR(playout_state_doc,
             "playout_state(state, rng, /)\n--\n\n"
             "sevens_ru.playout.playout_state() for the engine's states, else None.");

static inline PyObject *
playout_state_of(PyObject *start, PyObject *const *more, Position *position)
{
    PyObject *rng = more[0];
    PyObject *random = PyObject_GetAttr(rng, S_random);
    if (random == NULL)
        return NULL;
    PyObject *state = Py_NewRef(start);
    while (position->turn >= 0) {
        int index;
        if (playout_card(random, position->moves, &index) < 0 || play(position, index) < 0)
            goto error;
        PyObject *next = make_state(position->setup, position->board, position->turn,
                                    position->moves, state);
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

STATE_FUNCTION(playout_state, "OO")

PyDoc_STRVAR(standings_doc, "standings(deal, table, passes, options, /)\n--\n\n"
                            "sevens_ru.scoring.standings().");

static PyObject *
sp_standings(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t deal[MAX_SEATS], table;
    int players;
    unsigned long long passes;
    Ranking ranking;
    if (parse_args("standings", args, nargs, "HCP&", deal, &players, &table, &passes,
                   options_arg, &ranking) < 0)
        return NULL;
    ENSURE_BOUND();
    return standings(deal, players, table, passes, ranking);
}

/* -- the seeded deal (R5), from the shuffle of shake.c ------------------------------------ */

PyDoc_STRVAR(seeded_deal_doc, "seeded_deal(players, seed, /)\n--\n\n"
                              "sevens_ru.deal._seeded_deal(): (hands, the seat holding 9D).");

static PyObject *
sp_seeded_deal(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    long players;
    PyObject *seed;
    if (parse_args("seeded_deal", args, nargs, "iO", ARGS_RANGE(2, MAX_SEATS, "players"),
                   &players, &seed) < 0)
        return NULL;
    if (!PyLong_Check(seed))
        Py_RETURN_NONE;
    uint64_t digest[CARDS];
    unsigned char order[CARDS];
    if (shake_seed_digest(seed, CARDS, digest) < 0)
        return NULL;
    shake_order_cards(digest, CARDS, order);
    uint64_t hands[MAX_SEATS] = {0};
    long opener = 0;
    for (int position = 0; position < CARDS; position++) { /* one card at a time (R5) */
        int seat = position % (int)players;
        hands[seat] |= UINT64_C(1) << order[position];
        if ((UINT64_C(1) << order[position]) == NINE_OF_DIAMONDS)
            opener = seat;
    }
    PyObject *deal = card_sets_to_ints(hands, players, 0);
    return deal == NULL ? NULL : Py_BuildValue("(Nl)", deal, opener);
}

/* -- the sampler's inner loop (sevens_ru.inference) -------------------------------------- */

/* Its draws are random.Random's, made in draw.c. */

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
    PyObject *groups, *splits, *split_table, *start, *must_play_pair, *rng;
    if (parse_args("sample", args, nargs, "OOOOOO", &groups, &splits, &split_table, &start,
                   &must_play_pair, &rng) < 0)
        return NULL;
    ENSURE_BOUND();
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
    if (draw_of(rng, &draws) < 0)
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
        drawn = draw_randrange(&draws,
                               PyList_GET_ITEM(cumulative, PyList_GET_SIZE(cumulative) - 1));
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
        if (draw_shuffle(&draws, group.cards, group.total, CARDS) < 0)
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
    result = card_sets_to_ints(masks, others, 1);
done:
    Py_XDECREF(table);
    Py_XDECREF(drawn);
    Py_DECREF(state);
    Py_XDECREF(draws.getrandbits);
    return result;
}

/* The heuristic's score of playing card `index` from `own` against `theirs`, as
 * sevens_ru.bots._weights.score() gives it: its weights doubled, the others' cards
 * counted `weight` times. */
static inline long long
heuristic_score(int index, uint64_t own, uint64_t theirs, int weight)
{
    uint64_t released = OPENED_BY[index], waiting = BEYOND[index];
    int own_released = count(released & own);
    return 6 * (own_released - weight * count(released & theirs)) +
           2 * (count(waiting & own) - weight * count(waiting & theirs)) + (released ? 0 : 1) -
           (index % 9 == NINE && !own_released ? 4 : 0);
}

PyDoc_STRVAR(greedy_playout_doc,
             "greedy_playout(hands, table, playable, passes, turn, first, rng, options, /)\n--\n\n"
             "sevens_ru.bots._rollout.greedy_playout().");

static PyObject *
sp_greedy_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    struct {
        uint64_t hands[MAX_SEATS], table, playable;
        int players;
        unsigned long long passes;
        long turn, first;
        PyObject *rng;
        Ranking ranking;
    } in; /* as parse_args() reads them; the loop works on copies that no call can change */
    if (parse_args("greedy_playout", args, nargs, "hCCPsiO&", in.hands, &in.players, &in.table,
                   &in.playable, &in.passes, "turn", &in.turn, ARGS_RANGE(0, CARDS - 1, "first"),
                   &in.first, &in.rng, options_arg, &in.ranking) < 0)
        return NULL;
    ENSURE_BOUND();
    uint64_t hands[MAX_SEATS], table = in.table, playable = in.playable;
    memcpy(hands, in.hands, sizeof hands);
    int players = in.players;
    unsigned long long passes = in.passes;
    long turn = in.turn, first = in.first;
    PyObject *rng = in.rng;
    Ranking ranking = in.ranking;
    PyObject *hand_list = args[0]; /* the list of hands ('h'), written back at the end */
    PyObject *getrandbits = PyObject_GetAttr(rng, S_getrandbits);
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
                long long score = heuristic_score(lowest(moves), own, theirs, 1);
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
                    bit = moves & (0 - moves);
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

/* The heuristic's score of playing card `index` (heuristic_score()), times 16, plus the
 * card's points (R3): ties go to the card with more points. */
static inline long long
search_score(int index, uint64_t own, uint64_t theirs, int weight)
{
    return heuristic_score(index, own, theirs, weight) * 16 + POINTS[index];
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

typedef struct {
    Decision decisions[CARDS];
    Py_ssize_t total;
} Past;

/* Read a tuple of (seat, table, playable, card index, later plays) into a Past
 * (parse_args()'s '&'; players is the number of seats of the deal). */
static int
past_arg(PyObject *past, int players, void *into_past)
{
    Decision *decisions = ((Past *)into_past)->decisions;
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
    ((Past *)into_past)->total = PyTuple_GET_SIZE(past);
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
temperature_arg(PyObject *value, int players, void *into) /* parse_args()'s '&' */
{
    double *temperature = into;
    (void)players;
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
    uint64_t hands[MAX_SEATS];
    int players;
    double temperature;
    Past past;
    if (parse_args("log_likelihood", args, nargs, "H&&", hands, &players, past_arg, &past,
                   temperature_arg, &temperature) < 0)
        return NULL;
    double sum = 0.0;
    for (int seat = 0; seat < players; seat++)
        sum += seat_log_likelihood(past.decisions, past.total, seat, hands[seat], temperature);
    return PyFloat_FromDouble(sum);
}

PyDoc_STRVAR(chain_doc,
             "chain(hands, allowed, seat, past, temperature, steps, rng, /)\n--\n\n"
             "sevens_ru.bots._weights.chain().");

static PyObject *
sp_chain(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t hands[MAX_SEATS], allowed[MAX_SEATS];
    int players, allowed_players;
    long viewer, steps;
    double temperature;
    Past past;
    PyObject *rng;
    if (parse_args("chain", args, nargs, "HHs&&iO", hands, &players, allowed, &allowed_players,
                   "seat", &viewer, past_arg, &past, temperature_arg, &temperature,
                   ARGS_RANGE(0, LONG_MAX, "steps"), &steps, &rng) < 0)
        return NULL;
    if (allowed_players != players) {
        PyErr_SetString(PyExc_ValueError, "one allowed card set per seat");
        return NULL;
    }
    const Decision *decisions = past.decisions;
    Py_ssize_t total = past.total;
    int others[MAX_SEATS], many = 0;
    for (int seat = 0; seat < players; seat++)
        if (seat != viewer)
            others[many++] = seat;
    double likelihood[MAX_SEATS];
    for (int seat = 0; seat < players; seat++)
        likelihood[seat] = seat_log_likelihood(decisions, total, seat, hands[seat], temperature);
    PyObject *getrandbits = PyObject_GetAttr(rng, S_getrandbits);
    if (getrandbits == NULL)
        return NULL;
    for (long step = 0; many > 1 && step < steps; step++) {
        long long pair = draw_below(getrandbits, many * (many - 1));
        if (pair < 0)
            goto error;
        int first = others[pair / (many - 1)], second = (int)(pair % (many - 1));
        second = others[second >= pair / (many - 1) ? second + 1 : second];
        if (!hands[first] || !hands[second])
            continue;
        long long one = draw_below(getrandbits, count(hands[first]));
        long long other = one < 0 ? -1 : draw_below(getrandbits, count(hands[second]));
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
            long long drawn = draw_bits(getrandbits, 53);
            if (drawn < 0)
                goto error;
            if (!((double)drawn * (1.0 / 9007199254740992.0) < exp(ratio)))
                continue;
        }
        hands[first] = mine;
        hands[second] = theirs;
        likelihood[first] = now;
        likelihood[second] = then;
    }
    Py_DECREF(getrandbits);
    return card_sets_to_ints(hands, players, 0);
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
    Endgame game;
    uint64_t table, playable;
    unsigned long long passes;
    long turn, first;
    if (parse_args("endgame", args, nargs, "HCCPsiF&", game.deal, &game.players, &table,
                   &playable, &passes, "turn", &turn, ARGS_RANGE(0, CARDS - 1, "first"), &first,
                   &game.place_weight, options_arg, &game.ranking) < 0)
        return NULL;
    ENSURE_BOUND();
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

/* ---- learning environments: observation planes (see planes.h) ---- */

PyDoc_STRVAR(sevens_observation_doc,
             "sevens_observation(state, seat, observation, action_mask)\n--\n\n"
             "sevens_ru.encode.observe_into(): the observation of seat in state into\n"
             "observation (float32, 108 + 3 n entries) and its legal actions into action_mask\n"
             "(int8, 36 entries; all 0 unless seat is to play). True, or None for a state or\n"
             "seat the Python path handles.");

static inline PyObject *
sevens_observation_of(PyObject *state, PyObject *const *more, Position *position)
{
    PyObject *seat_int = more[0], *observation = more[1], *action_mask = more[2];
    int seat;
    (void)state;
    if (index_below(seat_int, position->players, &seat) != 0)
        Py_RETURN_NONE;
    int players = position->players;
    Py_buffer tensor, mask;
    if (planes_array(observation, &tensor, 'f', 3 * CARDS + 3 * players, "observation") < 0)
        return NULL;
    if (planes_array(action_mask, &mask, 'b', CARDS, "action_mask") < 0) {
        PyBuffer_Release(&tensor);
        return NULL;
    }
    uint64_t dealt[MAX_SEATS];
    for (int other = 0; other < players; other++)
        if (hand_of(position, other, &dealt[other]) < 0) {
            PyBuffer_Release(&tensor);
            PyBuffer_Release(&mask);
            return NULL;
        }
    float *out = tensor.buf;
    uint64_t table = board_table(position->board), passes = board_passes(position->board);
    card_plane(out, dealt[seat] & ~table);
    card_plane(out + CARDS, table);
    card_plane(out + 2 * CARDS, table ? board_playable(position->board) : NINE_OF_DIAMONDS);
    out += 3 * CARDS;
    for (int k = 0; k < players; k++) {
        int other = (seat + k) % players;
        out[k] = (float)(position->turn == other);
        out[players + k] = SIZE_VALUES[count(dealt[other] & ~table)];
        out[2 * players + k] = PASS_VALUES[passes >> (8 * other) & 255];
    }
    mask_bytes(mask.buf, position->turn == seat ? position->moves : 0);
    PyBuffer_Release(&tensor);
    PyBuffer_Release(&mask);
    Py_RETURN_TRUE;
}

STATE_FUNCTION(sevens_observation, "OOOO")

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
    PyObject *observation, *action_mask, *hand_array, *table_array, *playable_array, *moves_array,
        *cursor_array, *done_array, *passes_array, *games_array;
    if (parse_args("batch_observation", args, nargs, "OOOOOOOOOO", &observation, &action_mask,
                   &hand_array, &table_array, &playable_array, &moves_array, &cursor_array,
                   &done_array, &passes_array, &games_array) < 0)
        return NULL;
    enum { TENSOR, MASK, HANDS, TABLE, PLAYABLE, MOVES, CURSOR, DONE, PASSES, GAMES, VIEWS };
    Py_buffer views[VIEWS];
    int held[VIEWS] = {0};
    PyObject *result = NULL;
    int has_mask = action_mask != Py_None, has_games = games_array != Py_None;
    Py_ssize_t size = PyObject_Length(table_array), players = PyObject_Length(hand_array);
    Py_ssize_t rows = has_games ? PyObject_Length(games_array) : size;
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
    TAKE(TENSOR, planes_array(observation, &views[TENSOR], 'f', rows * width, "observation"));
    if (has_mask)
        TAKE(MASK, planes_array(action_mask, &views[MASK], 'b', rows * CARDS, "action_mask"));
    TAKE(HANDS, planes_int_array(hand_array, &views[HANDS], 'q', players * size, "hands"));
    TAKE(TABLE, planes_int_array(table_array, &views[TABLE], 'q', size, "table"));
    TAKE(PLAYABLE, planes_int_array(playable_array, &views[PLAYABLE], 'q', size, "playable"));
    TAKE(MOVES, planes_int_array(moves_array, &views[MOVES], 'q', size, "moves"));
    TAKE(CURSOR, planes_int_array(cursor_array, &views[CURSOR], 'q', size, "cursor"));
    TAKE(DONE, planes_int_array(done_array, &views[DONE], '?', size, "done"));
    TAKE(PASSES, planes_int_array(passes_array, &views[PASSES], 'i', players * size, "passes"));
    if (has_games)
        TAKE(GAMES, planes_int_array(games_array, &views[GAMES], 'q', rows, "games"));
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

PyMethodDef sevens_methods[] = {
    {"layout", sp_layout, METH_NOARGS, layout_doc},
    {"apply", (PyCFunction)(void (*)(void))sp_apply, METH_FASTCALL, apply_doc},
    {"legal_moves", sp_legal_moves, METH_O, legal_moves_doc},
    {"legal_actions", sp_legal_actions, METH_O, legal_actions_doc},
    {"ranking", sp_ranking, METH_O, ranking_doc},
    {"sevens_returns", sp_sevens_returns, METH_O, sevens_returns_doc},
    {"playout", (PyCFunction)(void (*)(void))sp_playout, METH_FASTCALL, playout_doc},
    {"playout_state", (PyCFunction)(void (*)(void))sp_playout_state, METH_FASTCALL,
     playout_state_doc},
    {"standings", (PyCFunction)(void (*)(void))sp_standings, METH_FASTCALL, standings_doc},
    {"seeded_deal", (PyCFunction)(void (*)(void))sp_seeded_deal, METH_FASTCALL, seeded_deal_doc},
    {"sample", (PyCFunction)(void (*)(void))sp_sample, METH_FASTCALL, sample_doc},
    {"greedy_playout", (PyCFunction)(void (*)(void))sp_greedy_playout, METH_FASTCALL,
     greedy_playout_doc},
    {"sevens_observation", (PyCFunction)(void (*)(void))sp_sevens_observation, METH_FASTCALL,
     sevens_observation_doc},
    {"batch_observation", (PyCFunction)(void (*)(void))sp_batch_observation, METH_FASTCALL,
     batch_observation_doc},
    {"log_likelihood", (PyCFunction)(void (*)(void))sp_log_likelihood, METH_FASTCALL,
     log_likelihood_doc},
    {"endgame", (PyCFunction)(void (*)(void))sp_endgame, METH_FASTCALL, endgame_doc},
    {"chain", (PyCFunction)(void (*)(void))sp_chain, METH_FASTCALL, chain_doc},
    {NULL, NULL, 0, NULL},
};

void
sevens_init(void)
{
    init_tables();
    init_boards();
    scale_table(SIZE_VALUES, CARDS + 1, CARDS / 2);
    scale_table(PASS_VALUES, 256, CARDS);
}
