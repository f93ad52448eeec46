/* The layout family's kernels (see sevens_ru.games.family.kernels): new_game's
 * automations, apply() of a card, PASS or an action number, the legal moves and
 * actions, the seeded deal, the ranking and the random playouts, for every preset.
 *
 * Each function computes exactly what the pure-Python engine computes
 * (sevens_ru.games.family.game, the reference: its _Work follows the same steps), on
 * the same slots of the same states, and draws the same numbers from the same
 * random.Random by calling its random() in the same order. A function that meets
 * anything it does not handle (a move given as text, an illegal move, an object that
 * is not one of the engine's) returns None, and its Python caller goes on with the
 * pure-Python path, which raises the proper error.
 *
 * A card set is an int of up to 64 bits in the order of the preset's pack (bit i is
 * pack.cards[i]); a state's legal moves are its legal cards and, at bit len(pack),
 * PASS. The rules come as one struct per preset and options (Rules, made once by
 * family_rules() and kept in a capsule as rules.kernel). A suit's cards are one run of
 * `width` bits of the pack, in the order of its row turned by `rotation` (F4: the ace
 * high of ace="high", domino's piquet cards inside the 52): turned back, the row is a
 * run of bits from the centre, whose two ends a few bit operations find.
 *
 * The classes and slots it works on are handed over by
 * sevens_ru.games.family.kernels.bindings() on first use.
 */
#include "common.h"

#include <structmember.h>

#include "args.h"
#include "kernels.h"
#include "shake.h"

#define CARDS 52 /* the largest pack of the family; each preset's own size is in its Rules */
#include "pack.h"

#define SEATS 8     /* the most seats of a preset (S2, T1, N1, DO1) */
#define PLACES 16   /* the most places of a row this file handles */
#define MOST_CARDS 60 /* the largest pack: its PASS bit and card sets stay below 64 bits */

enum { FIRST_HOLDER, FIRST_LEFT, FIRST_LAID };   /* kernels._FIRST */
enum { FORCED, VOLUNTARY, LIMITED };             /* kernels._POLICIES (F13) */

/* -- the rules of one preset with its options (presets.Rules) ------------------------ */

typedef struct {
    int cards;            /* len(pack), and the action number of PASS */
    uint64_t dealt;       /* the cards dealt (rules.cards_mask) */
    uint64_t pass;        /* the PASS bit of a state's legal moves: 1 << cards */
    int width, rotation, places;
    uint64_t suit_bits;   /* the `width` bits of one suit */
    uint64_t place_bits;  /* the `places` bits of one row, turned to row order */
    int centre;           /* the centre's place in a row, -1: the first card chooses (DO2) */
    uint64_t centres;     /* the four centre cards, laid out by the layout (N2) */
    uint64_t opener;      /* the card that must open (S3, C3, R7), 0 for none */
    int first, layout, policy, limit, to_end, first_out_ends;
    int ranking, by_passes, dense, chips; /* the ranking (S8, DO6, C4, R17, R18) and T5 */
    uint64_t at[4][PLACES];  /* the card at each place of each suit's row */
    signed char suit_of[64], place_of[64]; /* of each card */
    int points[64];          /* of each card (S7, DO5, R3) */
    signed char by_order[64]; /* a Card's _order (suit * 16 + rank) to its card, -1 none */
    int dealt_count;
    unsigned char dealt_order[64]; /* the card of each place of the dealt pack (F7) */
    PyObject *cards_tuple;   /* pack.cards */
} Rules;

#define RULES_CAPSULE "sevens_ru.games.family.rules"

static void
rules_free(PyObject *capsule)
{
    Rules *rules = PyCapsule_GetPointer(capsule, RULES_CAPSULE);
    if (rules != NULL) {
        Py_XDECREF(rules->cards_tuple);
        PyMem_Free(rules);
    }
}

static int
tuple_ints(PyObject *tuple, Py_ssize_t size, long low, long high, const char *what, long *out)
{
    if (!PyTuple_CheckExact(tuple) || PyTuple_GET_SIZE(tuple) != size) {
        PyErr_Format(PyExc_TypeError, "family_rules(): %s must be a tuple of %zd ints", what, size);
        return -1;
    }
    for (Py_ssize_t item = 0; item < size; item++)
        if (small_int(PyTuple_GET_ITEM(tuple, item), low, high, what, &out[item]) < 0)
            return -1;
    return 0;
}

enum {
    P_WIDTH, P_ROTATION, P_PLACES, P_CENTRE, P_OPENER, P_FIRST, P_LAYOUT, P_POLICY, P_LIMIT,
    P_TO_END, P_FIRST_OUT_ENDS, P_RANKING, P_BY_PASSES, P_DENSE, P_CHIPS, PARAMETERS
};

PyDoc_STRVAR(family_rules_doc,
             "family_rules(cards, dealt, dealt_order, points, parameters, /)\n--\n\n"
             "sevens_ru.games.family.kernels.rules_kernel(): the rules as a capsule.");

static PyObject *
sp_family_rules(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *cards, *dealt_mask, *dealt_order, *points, *parameters;
    if (parse_args("family_rules", args, nargs, "OOOOO", &cards, &dealt_mask, &dealt_order,
                   &points, &parameters) < 0)
        return NULL;
    if (!PyTuple_CheckExact(cards) || PyTuple_GET_SIZE(cards) < 4 ||
        PyTuple_GET_SIZE(cards) > MOST_CARDS) {
        PyErr_SetString(PyExc_TypeError, "family_rules(): cards must be a tuple of 4 to 60 cards");
        return NULL;
    }
    int size = (int)PyTuple_GET_SIZE(cards);
    long values[MOST_CARDS], parameter[PARAMETERS];
    Rules *rules = PyMem_Calloc(1, sizeof *rules);
    if (rules == NULL)
        return PyErr_NoMemory();
    rules->cards = size;
    rules->pass = UINT64_C(1) << size;
    if (card_set_of(dealt_mask, size, &rules->dealt) < 0 ||
        tuple_ints(parameters, PARAMETERS, -1, 1000, "parameters", parameter) < 0 ||
        tuple_ints(points, size, 0, 1000, "points", values) < 0)
        goto error;
    for (int index = 0; index < size; index++)
        rules->points[index] = (int)values[index];
    rules->width = (int)parameter[P_WIDTH];
    rules->rotation = (int)parameter[P_ROTATION];
    rules->places = (int)parameter[P_PLACES];
    rules->centre = (int)parameter[P_CENTRE];
    rules->opener = parameter[P_OPENER] < 0 ? 0 : UINT64_C(1) << (parameter[P_OPENER] % size);
    rules->first = (int)parameter[P_FIRST];
    rules->layout = (int)parameter[P_LAYOUT];
    rules->policy = (int)parameter[P_POLICY];
    rules->limit = (int)parameter[P_LIMIT];
    rules->to_end = (int)parameter[P_TO_END];
    rules->first_out_ends = (int)parameter[P_FIRST_OUT_ENDS];
    rules->ranking = (int)parameter[P_RANKING]; /* 0 cards then pips, 1 pips, 2 cards (C4) */
    rules->by_passes = (int)parameter[P_BY_PASSES];
    rules->dense = (int)parameter[P_DENSE];
    rules->chips = (int)parameter[P_CHIPS];
    if (rules->width * 4 != size || rules->width > PLACES || rules->places < 1 ||
        rules->places > rules->width || rules->rotation < 0 || rules->rotation >= rules->width ||
        rules->centre >= rules->places || rules->first > FIRST_LAID ||
        rules->policy > LIMITED || parameter[P_OPENER] >= size ||
        (rules->first == FIRST_HOLDER && !rules->opener) ||
        (rules->centre < 0 && (rules->layout || rules->first == FIRST_LAID))) {
        PyErr_SetString(PyExc_ValueError, "family_rules(): rules that are no layout of a pack");
        goto error;
    }
    rules->suit_bits = (UINT64_C(1) << rules->width) - 1;
    rules->place_bits = (UINT64_C(1) << rules->places) - 1;
    memset(rules->suit_of, -1, sizeof rules->suit_of);
    memset(rules->place_of, -1, sizeof rules->place_of);
    memset(rules->by_order, -1, sizeof rules->by_order);
    for (int suit = 0; suit < 4; suit++)
        for (int place = 0; place < rules->places; place++) {
            int index = suit * rules->width + (place + rules->rotation) % rules->width;
            rules->at[suit][place] = UINT64_C(1) << index;
            rules->suit_of[index] = (signed char)suit;
            rules->place_of[index] = (signed char)place;
        }
    if (rules->centre >= 0)
        for (int suit = 0; suit < 4; suit++)
            rules->centres |= rules->at[suit][rules->centre];
    for (int index = 0; index < size; index++) { /* each card by its canonical order */
        PyObject *order = PyObject_GetAttrString(PyTuple_GET_ITEM(cards, index), "_order");
        long number = order == NULL ? -1 : PyLong_AsLong(order);
        Py_XDECREF(order);
        if (number == -1 && PyErr_Occurred())
            goto error;
        if (number < 0 || number > 63 || rules->by_order[number] >= 0) {
            PyErr_SetString(PyExc_ValueError, "family_rules(): cards that are not a pack");
            goto error;
        }
        rules->by_order[number] = (signed char)index;
    }
    if (!PyTuple_CheckExact(dealt_order) || PyTuple_GET_SIZE(dealt_order) < 1 ||
        PyTuple_GET_SIZE(dealt_order) > size) {
        PyErr_SetString(PyExc_TypeError, "family_rules(): dealt_order must be a tuple of cards");
        goto error;
    }
    rules->dealt_count = (int)PyTuple_GET_SIZE(dealt_order);
    if (tuple_ints(dealt_order, rules->dealt_count, 0, size - 1, "dealt_order", values) < 0)
        goto error;
    uint64_t seen = 0;
    for (int place = 0; place < rules->dealt_count; place++) {
        rules->dealt_order[place] = (unsigned char)values[place];
        seen |= UINT64_C(1) << values[place];
    }
    if (seen != rules->dealt) {
        PyErr_SetString(PyExc_ValueError, "family_rules(): dealt_order is not the cards dealt");
        goto error;
    }
    rules->cards_tuple = Py_NewRef(cards);
    PyObject *capsule = PyCapsule_New(rules, RULES_CAPSULE, rules_free);
    if (capsule == NULL) {
        Py_DECREF(rules->cards_tuple);
        PyMem_Free(rules);
    }
    return capsule;
error:
    PyMem_Free(rules);
    return NULL;
}

static inline const Rules *
rules_of(PyObject *kernel) /* NULL, with no error, for what is not a capsule of Rules */
{
    if (!PyCapsule_CheckExact(kernel))
        return NULL;
    const Rules *rules = PyCapsule_GetPointer(kernel, RULES_CAPSULE);
    if (rules == NULL)
        PyErr_Clear();
    return rules;
}

/* -- rows and playable cards (F10, F11, N6) ------------------------------------------ */

/* The playable cards of one suit's row on `table`, with the centre at place `centre`:
 * the centre card while it is not down, else the cards just beyond the two ends of the
 * run that holds it (cards beyond a gap, islands, are not its ends). */
static inline uint64_t
suit_playable(const Rules *rules, uint64_t table, int suit, int centre)
{
    uint64_t bits = table >> (suit * rules->width) & rules->suit_bits;
    uint64_t row = (bits >> rules->rotation | bits << (rules->width - rules->rotation)) &
                   rules->place_bits;
    if (!(row >> centre & 1))
        return rules->at[suit][centre];
    uint64_t found = 0;
    int high = centre + lowest(~(row >> centre)) - 1; /* the run's highest place */
    if (high + 1 < rules->places)
        found |= rules->at[suit][high + 1];
    int low = bit_length(~row & ((UINT64_C(1) << centre) - 1)); /* its lowest place */
    if (low > 0)
        found |= rules->at[suit][low - 1];
    return found;
}

static inline uint64_t
all_playable(const Rules *rules, uint64_t table, int centre)
{
    if (centre < 0) /* DO2: the first card may be any card */
        return rules->dealt;
    return suit_playable(rules, table, 0, centre) | suit_playable(rules, table, 1, centre) |
           suit_playable(rules, table, 2, centre) | suit_playable(rules, table, 3, centre);
}

/* -- a game in C: a state's slots as plain values, what the Python engine's _Work holds */

typedef struct {
    const Rules *rules;
    int players, dealer;
    uint64_t deal[SEATS];
    uint64_t table;
    int turn; /* -1 once over */
    uint64_t moves;
    PyObject *passes_tuple; /* the state's passes (borrowed), read into `passes` when needed */
    int passes[SEATS], passes_read;
    int finished[SEATS], finished_count;
    int burst[SEATS], burst_count;
    int centre, streak;
    uint64_t playable; /* all_playable() of table and centre, while `known` */
    int known;
    int passed; /* whether `passes` changed since the state was read */
    int tabled; /* whether `table` changed since the state was read */
    int fault, payee_count, payees[2 * 4]; /* T5: a chosen pass while able, and whom it pays */
} Game;

static inline uint64_t
hand(const Game *game, int seat)
{
    return game->deal[seat] & ~game->table;
}

static inline uint64_t
playable_now(Game *game)
{
    if (!game->known) {
        game->playable = all_playable(game->rules, game->table, game->centre);
        game->known = 1;
    }
    return game->playable;
}

static int
seats_in_play(const Game *game)
{
    int count = 0;
    for (int seat = 0; seat < game->players; seat++)
        count += hand(game, seat) != 0;
    return count;
}

static int
next_in_play(const Game *game, int seat) /* F9: the next seat holding cards, -1 if none */
{
    for (int step = 0; step < game->players; step++) {
        seat = seat + 1 < game->players ? seat + 1 : 0;
        if (hand(game, seat))
            return seat;
    }
    return -1;
}

static int
game_over(const Game *game) /* S6, N8 */
{
    if (!game->rules->to_end)
        return game->finished_count > 0;
    return seats_in_play(game) <= 1 || (game->rules->first_out_ends && game->finished_count);
}

/* Each seat's passes, read from the state's tuple on first need: 0, or -1 with an error. */
static int
read_passes(Game *game)
{
    if (game->passes_read)
        return 0;
    for (int seat = 0; seat < game->players; seat++) {
        long number;
        if (small_int(PyTuple_GET_ITEM(game->passes_tuple, seat), 0, 1 << 20, "a count",
                      &number) < 0)
            return -1;
        game->passes[seat] = (int)number;
    }
    game->passes_read = 1;
    return 0;
}

static inline int
add_pass(Game *game, int seat) /* a pass of `seat`, and one more in the passes that end the history */
{
    if (read_passes(game) < 0)
        return -1;
    game->passes[seat]++;
    game->passed = 1;
    game->streak++;
    return 0;
}

static inline void
give_turn(Game *game, int seat, uint64_t cards, int may_pass)
{
    game->turn = seat;
    game->moves = cards | (may_pass ? game->rules->pass : 0);
}

/* Hand the turn to `seat` (in play) or on from it: the automations of F13 and N5. */
static int
settle(Game *game, int seat)
{
    const Rules *rules = game->rules;
    for (int step = 0; seat >= 0 && !game_over(game); step++) {
        if (step > 4 * SEATS) { /* F12: unreachable for a state the rules made */
            PyErr_SetString(PyExc_RuntimeError, "no seat in play can move (F12)");
            return -1;
        }
        uint64_t held = hand(game, seat), opening = rules->opener & ~game->table;
        uint64_t cards = held & (opening ? opening : playable_now(game));
        if (rules->policy == FORCED) {
            if (cards) {
                give_turn(game, seat, cards, 0);
                return 0;
            }
            if (add_pass(game, seat) < 0) /* the engine's pass (F13) */
                return -1;
        }
        else if (rules->policy == VOLUNTARY) {
            int guarded = cards && game->streak >= seats_in_play(game) - 1;
            give_turn(game, seat, cards, !opening && !guarded);
            return 0;
        }
        else { /* limited (N4, N5) */
            if (read_passes(game) < 0)
                return -1;
            int left = game->passes[seat] < rules->limit;
            if (cards || left) {
                give_turn(game, seat, cards, left);
                return 0;
            }
            game->table |= held; /* N5, N6: the burst seat's cards go to the table */
            game->known = 0;
            game->tabled = 1;
            game->burst[game->burst_count++] = seat;
        }
        seat = next_in_play(game, seat);
    }
    game->turn = -1;
    game->moves = 0;
    return 0;
}

/* The seat to move plays card `index` (legal), then the automations run. */
static int
play(Game *game, int index)
{
    const Rules *rules = game->rules;
    int seat = game->turn;
    uint64_t bit = UINT64_C(1) << index;
    game->table |= bit;
    game->tabled = 1;
    game->streak = 0;
    if (game->centre < 0) { /* DO2: the first card's rank is the start rank */
        game->centre = rules->place_of[index];
        game->known = 0;
    }
    else if (game->known) { /* only the card's suit changes */
        int suit = rules->suit_of[index];
        game->playable = (game->playable & ~(rules->suit_bits << (suit * rules->width))) |
                         suit_playable(rules, game->table, suit, game->centre);
    }
    if (!hand(game, seat))
        game->finished[game->finished_count++] = seat;
    return settle(game, next_in_play(game, seat));
}

/* T5: for each centre card `seat` holds, the other seats that hold a card next to it. */
static void
find_payees(Game *game, int seat)
{
    const Rules *rules = game->rules;
    int centre = game->centre, count = 0;
    uint64_t held = hand(game, seat);
    for (int suit = 0; suit < 4; suit++) {
        if (!(held & rules->at[suit][centre]))
            continue;
        for (int side = -1; side <= 1; side += 2) {
            int place = centre + side;
            if (place < 0 || place >= rules->places)
                continue;
            for (int other = 0; other < game->players; other++)
                if (other != seat && hand(game, other) & rules->at[suit][place])
                    game->payees[count++] = other;
        }
    }
    for (int at = 1; at < count; at++) /* in seat order */
        for (int back = at; back > 0 && game->payees[back - 1] > game->payees[back]; back--) {
            int swapped = game->payees[back];
            game->payees[back] = game->payees[back - 1];
            game->payees[back - 1] = swapped;
        }
    game->payee_count = count;
}

/* The seat to move passes (a legal move), then the automations run. */
static int
pass_turn(Game *game)
{
    int seat = game->turn;
    if (game->rules->chips && (game->moves & ~game->rules->pass)) { /* T5: while able */
        game->fault = 1;
        find_payees(game, seat);
    }
    if (add_pass(game, seat) < 0)
        return -1;
    return settle(game, next_in_play(game, seat));
}

/* -- what the Python engine hands over (kernels.bindings()) ------------------------------ */

enum { /* kernels.bindings()' state_slots */
    SETUP, PARENT, TABLE, TURN, MOVES, PASSES, FINISHED, BURST, CENTRE, STREAK, FAULTS, SLOTS
};

static struct {
    int bound;
    PyTypeObject *state;  /* FamilyState: each preset's state class is a subclass */
    Py_ssize_t slot[SLOTS];
    PyTypeObject *setup;
    Py_ssize_t deal, kernel, dealer;
    PyTypeObject *card, *low_card;
    Py_ssize_t order;
    PyObject *pass;       /* PASS */
    PyObject *standing;   /* Standing */
} B;

/* random.Random's own random(), to tell a generator that has it from one with its own:
 * the playouts here draw from the first kind, and leave the others to Python, which
 * indexes the moves with whatever their random() gives. */
static PyCFunction plain_random;

static int
bind(void)
{
    PyObject *module = PyImport_ImportModule("sevens_ru.games.family.kernels");
    PyObject *given = module == NULL ? NULL : PyObject_CallMethod(module, "bindings", NULL);
    Py_XDECREF(module);
    if (given == NULL)
        return -1;
    int result = -1;
    PyObject *value[10];
    const char *names[10] = {"state", "state_slots", "setup", "setup_slots", "card",
                             "low_card", "card_slots", "pass", "standing", "random"};
    for (int name = 0; name < 10; name++)
        if (!PyDict_Check(given) || (value[name] = PyDict_GetItemString(given, names[name])) == NULL) {
            PyErr_Format(PyExc_KeyError, "family bindings() lack %s", names[name]);
            goto done;
        }
    if (!PyType_Check(value[0]) || !PyType_Check(value[2]) || !PyType_Check(value[4]) ||
        !PyType_Check(value[5]) || !PyTuple_Check(value[1]) || !PyTuple_Check(value[3]) ||
        !PyTuple_Check(value[6]) || PyTuple_GET_SIZE(value[1]) != SLOTS) {
        PyErr_SetString(PyExc_TypeError, "family bindings() gave unexpected values");
        goto done;
    }
    for (int which = 0; which < SLOTS; which++)
        if (slot_offset(value[0], value[1], which, &B.slot[which]) < 0)
            goto done;
    if (slot_offset(value[2], value[3], 0, &B.deal) < 0 ||
        slot_offset(value[2], value[3], 1, &B.kernel) < 0 ||
        slot_offset(value[2], value[3], 2, &B.dealer) < 0 ||
        slot_offset(value[4], value[6], 0, &B.order) < 0)
        goto done;
    PyObject *generator = PyObject_CallNoArgs(value[9]); /* a random.Random, for its random() */
    PyObject *random = generator == NULL ? NULL : PyObject_GetAttr(generator, S_random);
    int plain = random != NULL && PyCFunction_Check(random);
    if (plain)
        plain_random = PyCFunction_GET_FUNCTION(random);
    Py_XDECREF(random);
    Py_XDECREF(generator);
    if (!plain) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "family bindings(): random.Random has no random()");
        goto done;
    }
    B.state = (PyTypeObject *)Py_NewRef(value[0]);
    B.setup = (PyTypeObject *)Py_NewRef(value[2]);
    B.card = (PyTypeObject *)Py_NewRef(value[4]);
    B.low_card = (PyTypeObject *)Py_NewRef(value[5]);
    B.pass = Py_NewRef(value[7]);
    B.standing = Py_NewRef(value[8]);
    B.bound = 1;
    result = 0;
done:
    Py_DECREF(given);
    return result;
}

static inline PyObject *
state_slot(PyObject *state, int which)
{
    return slot(state, B.slot[which]);
}

/* A seat list (a tuple of small ints) into `seats`: its length, or -1 (with an error,
 * or with none for what is not such a tuple). */
static int
read_seats(PyObject *tuple, int players, int *seats)
{
    if (tuple == NULL || !PyTuple_CheckExact(tuple) || PyTuple_GET_SIZE(tuple) > players)
        return -1;
    int size = (int)PyTuple_GET_SIZE(tuple);
    for (int item = 0; item < size; item++) {
        long number;
        if (small_int(PyTuple_GET_ITEM(tuple, item), 0, 1 << 20, "a count", &number) < 0)
            return -1;
        seats[item] = (int)number;
    }
    return size;
}

static int
read_setup(PyObject *setup, Game *game) /* 0, 1 for what the Python path handles, -1 */
{
    /* The setup of the last call, read: most calls are moves of the same game. It holds
     * its objects, so that none of them is another object at the same address. */
    static struct {
        PyObject *setup, *deal, *kernel, *dealer;
        const Rules *rules;
        int players, dealer_seat;
        uint64_t hands[SEATS];
    } last;
    if (setup == NULL || Py_TYPE(setup) != B.setup)
        return 1;
    PyObject *deal = slot(setup, B.deal), *kernel = slot(setup, B.kernel);
    PyObject *dealer = slot(setup, B.dealer);
    game->known = game->passed = game->tabled = game->fault = 0;
    if (setup != last.setup || deal != last.deal || kernel != last.kernel || dealer != last.dealer) {
        if (deal == NULL || kernel == NULL || dealer == NULL || !PyTuple_CheckExact(deal) ||
            PyTuple_GET_SIZE(deal) < 2 || PyTuple_GET_SIZE(deal) > SEATS)
            return 1;
        const Rules *rules = rules_of(kernel);
        if (rules == NULL)
            return 1;
        int players = (int)PyTuple_GET_SIZE(deal);
        uint64_t hands[SEATS];
        long seat;
        if (small_int(dealer, 0, players - 1, "a dealer", &seat) < 0)
            return -1;
        for (int each = 0; each < players; each++)
            if (card_set_of(PyTuple_GET_ITEM(deal, each), rules->cards, &hands[each]) < 0)
                return -1;
        PyObject *held[4] = {last.setup, last.deal, last.kernel, last.dealer};
        last.setup = Py_NewRef(setup);
        last.deal = Py_NewRef(deal);
        last.kernel = Py_NewRef(kernel);
        last.dealer = Py_NewRef(dealer);
        last.rules = rules;
        last.players = players;
        last.dealer_seat = (int)seat;
        memcpy(last.hands, hands, sizeof hands);
        memcpy(game->deal, hands, sizeof hands);
        game->rules = rules;
        game->players = players;
        game->dealer = (int)seat;
        for (int each = 0; each < 4; each++) /* last: freeing them may run Python code */
            Py_XDECREF(held[each]);
        return 0;
    }
    game->rules = last.rules;
    game->players = last.players;
    game->dealer = last.dealer_seat;
    memcpy(game->deal, last.hands, sizeof game->deal);
    return 0;
}

/* Read a state of a preset's class into `game`: 0, 1 for something else (the Python
 * path handles it), -1 on an error. */
static int
read_state(PyObject *state, Game *game)
{
    if (Py_TYPE(state)->tp_base != B.state)
        return 1;
    for (int which = 0; which < SLOTS; which++)
        if (state_slot(state, which) == NULL)
            return 1;
    int found = read_setup(state_slot(state, SETUP), game);
    if (found != 0)
        return found;
    PyObject *turn = state_slot(state, TURN);
    long number = -1;
    if (turn != Py_None && small_int(turn, 0, game->players - 1, "a state's turn", &number) < 0)
        return -1;
    game->turn = (int)number;
    if (card_set_of(state_slot(state, TABLE), game->rules->cards, &game->table) < 0 ||
        card_set_of(state_slot(state, MOVES), game->rules->cards + 1, &game->moves) < 0)
        return -1;
    long centre, streak;
    if (small_int(state_slot(state, CENTRE), -1, game->rules->places - 1, "a centre", &centre) < 0 ||
        small_int(state_slot(state, STREAK), 0, 1 << 20, "a streak", &streak) < 0)
        return -1;
    game->centre = (int)centre;
    game->streak = (int)streak;
    PyObject *passes = state_slot(state, PASSES);
    game->passes_tuple = passes;
    game->passes_read = 0;
    if (!PyTuple_CheckExact(passes) || PyTuple_GET_SIZE(passes) != game->players ||
        (game->finished_count = read_seats(state_slot(state, FINISHED), game->players,
                                           game->finished)) < 0 ||
        (game->burst_count = read_seats(state_slot(state, BURST), game->players, game->burst)) < 0) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "a state's passes or seats are not its seats'");
        return -1;
    }
    return 0;
}

static inline PyObject *
none_or_error(int found) /* what a function returns for read_state()'s 1 or -1 */
{
    return found < 0 ? NULL : Py_NewRef(Py_None);
}

static PyObject *
seats_tuple(const int *seats, int count)
{
    PyObject *tuple = PyTuple_New(count);
    for (int item = 0; tuple != NULL && item < count; item++) {
        PyObject *number = PyLong_FromLong(seats[item]);
        if (number == NULL)
            Py_CLEAR(tuple);
        else
            PyTuple_SET_ITEM(tuple, item, number);
    }
    return tuple;
}

/* A slot's value: the parent's where it has not changed, else a new tuple. */
static PyObject *
kept_seats(PyObject *parent, int which, const int *seats, int count)
{
    PyObject *old = parent == NULL ? NULL : state_slot(parent, which);
    if (old != NULL && PyTuple_GET_SIZE(old) == count)
        return Py_NewRef(old);
    return seats_tuple(seats, count);
}

/* faults: the parent's, with the new one (seat, payees) after them */
static PyObject *
faults_of(PyObject *parent, const Game *game, int seat)
{
    PyObject *old = parent == NULL ? NULL : state_slot(parent, FAULTS);
    if (!game->fault)
        return old == NULL ? PyTuple_New(0) : Py_NewRef(old);
    Py_ssize_t size = PyTuple_GET_SIZE(old);
    PyObject *payees = seats_tuple(game->payees, game->payee_count);
    PyObject *fault = payees == NULL ? NULL : Py_BuildValue("(iN)", seat, payees);
    PyObject *faults = fault == NULL ? NULL : PyTuple_New(size + 1);
    if (faults == NULL) {
        Py_XDECREF(fault);
        return NULL;
    }
    for (Py_ssize_t item = 0; item < size; item++)
        PyTuple_SET_ITEM(faults, item, Py_NewRef(PyTuple_GET_ITEM(old, item)));
    PyTuple_SET_ITEM(faults, size, fault);
    return faults;
}

/* A new state of `kind` from `game`, after `parent` (NULL for a new game), whose
 * `mover` made the move: its values first, then the state. */
static PyObject *
make_state(PyTypeObject *kind, PyObject *setup, PyObject *parent, const Game *game, int mover)
{
    PyObject *value[SLOTS] = {NULL};
    value[SETUP] = Py_NewRef(setup);
    value[PARENT] = Py_NewRef(parent == NULL ? Py_None : parent);
    value[TABLE] = parent != NULL && !game->tabled ? Py_NewRef(state_slot(parent, TABLE))
                                                    : PyLong_FromUnsignedLongLong(game->table);
    value[TURN] = game->turn < 0 ? Py_NewRef(Py_None) : PyLong_FromLong(game->turn);
    value[MOVES] = PyLong_FromUnsignedLongLong(game->moves);
    value[PASSES] = parent != NULL && !game->passed ? Py_NewRef(state_slot(parent, PASSES))
                                                     : seats_tuple(game->passes, game->players);
    value[FINISHED] = kept_seats(parent, FINISHED, game->finished, game->finished_count);
    value[BURST] = kept_seats(parent, BURST, game->burst, game->burst_count);
    value[CENTRE] = PyLong_FromLong(game->centre);
    value[STREAK] = PyLong_FromLong(game->streak);
    value[FAULTS] = faults_of(parent, game, mover);
    PyObject *state = NULL;
    for (int which = 0; which < SLOTS; which++)
        if (value[which] == NULL)
            goto done;
    if ((state = kind->tp_alloc(kind, 0)) == NULL)
        goto done;
    for (int which = 0; which < SLOTS; which++) { /* at the slots' offsets, as slot() reads them */
        *(PyObject **)((char *)state + B.slot[which]) = value[which];
        value[which] = NULL;
    }
done:
    for (int which = 0; which < SLOTS; which++)
        Py_XDECREF(value[which]);
    return state;
}

#define ENSURE_BOUND()                \
    do {                              \
        if (!B.bound && bind() < 0)   \
            return NULL;              \
    } while (0)

static inline int
is_state_type(PyObject *kind)
{
    return PyType_Check(kind) && ((PyTypeObject *)kind)->tp_base == B.state;
}

/* -- the moves ------------------------------------------------------------------------ */

/* The action number of `move` (a Card of the pack, PASS or an int), or -1 for what the
 * Python path reads (text, a card of another pack, a number out of range). */
static int
action_of(const Rules *rules, PyObject *move)
{
    if (move == B.pass)
        return rules->cards;
    if (Py_TYPE(move) == B.card || Py_TYPE(move) == B.low_card) {
        PyObject *order = slot(move, B.order);
        long number = order != NULL && PyLong_CheckExact(order) ? PyLong_AsLong(order) : -1;
        if (number < 0 || number > 63) {
            PyErr_Clear();
            return -1;
        }
        return rules->by_order[number];
    }
    int index;
    return index_below(move, rules->cards + 1, &index) == 0 ? index : -1;
}

/* Make the legal move `action` in `game` (its state `state`): the new state, or None
 * for an illegal move (explained in Python). */
static PyObject *
moved(PyObject *state, Game *game, int action)
{
    if (action < 0 || game->turn < 0 || !(game->moves >> action & 1))
        Py_RETURN_NONE;
    int mover = game->turn;
    if ((action == game->rules->cards ? pass_turn(game) : play(game, action)) < 0)
        return NULL;
    return make_state(Py_TYPE(state), state_slot(state, SETUP), state, game, mover);
}

PyDoc_STRVAR(family_apply_doc,
             "family_apply(state_type, state, move, /)\n--\n\n"
             "sevens_ru.games.family.game.apply() of a legal card, PASS or action number of a\n"
             "state of state_type; None for anything else.");

static PyObject *
sp_family_apply(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *kind, *state, *move;
    Game game;
    if (parse_args("family_apply", args, nargs, "OOO", &kind, &state, &move) < 0)
        return NULL;
    ENSURE_BOUND();
    if ((PyObject *)Py_TYPE(state) != kind)
        Py_RETURN_NONE;
    int found = read_state(state, &game);
    if (found != 0)
        return none_or_error(found);
    return moved(state, &game, action_of(game.rules, move));
}

PyDoc_STRVAR(family_act_doc,
             "family_act(state, action, /)\n--\n\n"
             "apply() of a legal action number (an int) of a family state, as the environments\n"
             "step; None for anything else, which the Python path handles (and explains).");

static PyObject *
sp_family_act(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *state, *action;
    Game game;
    if (parse_args("family_act", args, nargs, "OO", &state, &action) < 0)
        return NULL;
    ENSURE_BOUND();
    int found = read_state(state, &game), index;
    if (found != 0)
        return none_or_error(found);
    if (index_below(action, game.rules->cards + 1, &index) != 0)
        Py_RETURN_NONE;
    return moved(state, &game, index);
}

/* The legal moves of a state of `kind`: its card set of moves and its rules, 0; 1 for
 * what the Python path handles; -1. */
static int
read_moves(PyObject *kind, PyObject *state, uint64_t *moves, const Rules **rules)
{
    if ((PyObject *)Py_TYPE(state) != kind || !is_state_type(kind))
        return 1;
    PyObject *setup = state_slot(state, SETUP), *legal = state_slot(state, MOVES);
    if (setup == NULL || legal == NULL || Py_TYPE(setup) != B.setup)
        return 1;
    PyObject *kernel = slot(setup, B.kernel);
    if (kernel == NULL || (*rules = rules_of(kernel)) == NULL)
        return 1;
    return card_set_of(legal, (*rules)->cards + 1, moves) < 0 ? -1 : 0;
}

/* The legal moves of a state of `kind` (its cards in the pack's order, then PASS) or,
 * `as_actions`, their action numbers; None for anything else. */
static PyObject *
legal(const char *name, PyObject *const *args, Py_ssize_t nargs, int as_actions)
{
    PyObject *kind, *state;
    uint64_t moves;
    const Rules *rules;
    if (parse_args(name, args, nargs, "OO", &kind, &state) < 0)
        return NULL;
    ENSURE_BOUND();
    int found = read_moves(kind, state, &moves, &rules);
    if (found != 0)
        return none_or_error(found);
    PyObject *result = PyTuple_New(count(moves));
    for (Py_ssize_t number = 0; result != NULL && moves; moves &= moves - 1, number++) {
        int index = lowest(moves);
        PyObject *item = as_actions               ? PyLong_FromLong(index) /* a small int */
                         : index == rules->cards ? Py_NewRef(B.pass)
                                                 : Py_NewRef(PyTuple_GET_ITEM(rules->cards_tuple, index));
        PyTuple_SET_ITEM(result, number, item);
    }
    return result;
}

PyDoc_STRVAR(family_legal_moves_doc,
             "family_legal_moves(state_type, state, /)\n--\n\n"
             "legal_moves() of a state of state_type: its cards in the pack's order, then PASS;\n"
             "None for anything else.");

static PyObject *
sp_family_legal_moves(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    return legal("family_legal_moves", args, nargs, 0);
}

PyDoc_STRVAR(family_legal_actions_doc,
             "family_legal_actions(state_type, state, /)\n--\n\n"
             "legal_actions() of a state of state_type, ascending; None for anything else.");

static PyObject *
sp_family_legal_actions(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    return legal("family_legal_actions", args, nargs, 1);
}

/* -- a new game ------------------------------------------------------------------------ */

PyDoc_STRVAR(family_start_doc,
             "family_start(state_type, setup, /)\n--\n\n"
             "sevens_ru.games.family.game.start(): the new game of setup, its automations\n"
             "played; None for a setup the Python path handles.");

static PyObject *
sp_family_start(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *kind, *setup;
    Game game;
    if (parse_args("family_start", args, nargs, "OO", &kind, &setup) < 0)
        return NULL;
    ENSURE_BOUND();
    if (!is_state_type(kind))
        Py_RETURN_NONE;
    int found = read_setup(setup, &game);
    if (found != 0)
        return none_or_error(found);
    const Rules *rules = game.rules;
    game.table = rules->layout ? rules->centres : 0; /* N2: the centres go to the table */
    game.centre = rules->centre;
    game.streak = game.finished_count = game.burst_count = 0;
    game.turn = -1;
    game.moves = 0;
    for (int seat = 0; seat < game.players; seat++)
        game.passes[seat] = 0;
    game.passed = game.passes_read = 1; /* a new tuple */
    int first = game.dealer + 1 < game.players ? game.dealer + 1 : 0; /* F7: its left */
    if (rules->first != FIRST_LEFT) { /* the opener's holder, or (N3) the seat that laid 7♦ */
        uint64_t held = rules->first == FIRST_HOLDER ? rules->opener : rules->at[1][rules->centre];
        for (first = 0; first < game.players && !(game.deal[first] & held); first++)
            ;
        if (first == game.players) {
            PyErr_SetString(PyExc_ValueError, "family_start(): no seat holds the opening card");
            return NULL;
        }
    }
    if (settle(&game, hand(&game, first) ? first : next_in_play(&game, first)) < 0)
        return NULL;
    return make_state((PyTypeObject *)kind, setup, NULL, &game, -1);
}

/* -- the seeded deal (F7), from the shuffle of shake.c ---------------------------------- */

PyDoc_STRVAR(family_deal_doc,
             "family_deal(kernel, players, dealer, seed, /)\n--\n\n"
             "sevens_ru.games.family.deal.deal_seeded(): the hands of the deal of seed.");

static PyObject *
sp_family_deal(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *kernel, *seed;
    long players, dealer;
    if (parse_args("family_deal", args, nargs, "OiiO", &kernel, ARGS_RANGE(2, SEATS, "players"),
                   &players, ARGS_RANGE(0, SEATS - 1, "the dealer"), &dealer, &seed) < 0)
        return NULL;
    const Rules *rules = rules_of(kernel);
    if (rules == NULL || dealer >= players || !PyLong_Check(seed)) {
        PyErr_SetString(PyExc_TypeError, "family_deal() takes rules.kernel, a seat count, a "
                                         "dealer and an int seed");
        return NULL;
    }
    uint64_t digest[64], hands[SEATS] = {0};
    unsigned char order[64];
    if (shake_seed_digest(seed, rules->dealt_count, digest) < 0)
        return NULL;
    shake_order_cards(digest, rules->dealt_count, order);
    int seat = (int)(dealer + 1) % (int)players;
    for (int position = 0; position < rules->dealt_count; position++) { /* one card at a time */
        hands[seat] |= UINT64_C(1) << rules->dealt_order[order[position]];
        seat = seat + 1 < players ? seat + 1 : 0;
    }
    return card_sets_to_ints(hands, players, 0);
}

/* -- the ranking (F16, S8, N8, DO6, C4, R15-R18) ---------------------------------------- */

/* Standings are immutable values, shared: a table from their fields to the Standing,
 * emptied when half full. */
#define STANDING_SLOTS (1 << 12)

static struct {
    uint64_t key; /* 0: empty */
    PyObject *standing;
} *standing_cache;
static int standings_cached;

static PyObject * /* borrowed */
standing_of(int seat, int place, int cards, int points, int passes)
{
    uint64_t key = (uint64_t)seat | (uint64_t)place << 4 | (uint64_t)cards << 12 |
                   (uint64_t)points << 20 | (uint64_t)passes << 40 | UINT64_C(1) << 63;
    if (standing_cache == NULL &&
        (standing_cache = PyMem_Calloc(STANDING_SLOTS, sizeof *standing_cache)) == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    size_t where = (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 52);
    while (standing_cache[where].key && standing_cache[where].key != key)
        where = (where + 1) & (STANDING_SLOTS - 1);
    if (standing_cache[where].key)
        return standing_cache[where].standing;
    PyObject *standing =
        PyObject_CallFunction(B.standing, "iiiii", seat, place, cards, points, passes);
    if (standing == NULL)
        return NULL;
    if (standings_cached >= STANDING_SLOTS / 2) { /* bounded, for very long runs */
        for (size_t each = 0; each < STANDING_SLOTS; each++)
            if (standing_cache[each].key) {
                standing_cache[each].key = 0;
                Py_CLEAR(standing_cache[each].standing);
            }
        standings_cached = 0;
    }
    /* again: making the Standing ran Python code, which may have filled the table */
    where = (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 52);
    while (standing_cache[where].key && standing_cache[where].key != key)
        where = (where + 1) & (STANDING_SLOTS - 1);
    if (standing_cache[where].key) {
        Py_DECREF(standing);
        return standing_cache[where].standing;
    }
    standing_cache[where].key = key;
    standing_cache[where].standing = standing;
    standings_cached++;
    return standing;
}

/* The standings of a finished game, best first: the seats out in the order they went
 * out, then the seats still holding cards by what they hold (sharing a place where
 * equal), then the burst seats, the latest first. */
static PyObject *
standings(Game *game)
{
    const Rules *rules = game->rules;
    if (read_passes(game) < 0)
        return NULL;
    int players = game->players, cards[SEATS], points[SEATS], out[SEATS] = {0};
    uint64_t key[SEATS];
    for (int seat = 0; seat < players; seat++) {
        uint64_t left = hand(game, seat);
        cards[seat] = count(left);
        points[seat] = 0;
        for (; left; left &= left - 1)
            points[seat] += rules->points[lowest(left)];
        key[seat] = rules->ranking == 1
                        ? (uint64_t)points[seat] << 16 | (uint64_t)cards[seat]
                        : (uint64_t)cards[seat] << 40 |
                              (uint64_t)(rules->by_passes ? game->passes[seat] : 0) << 20 |
                              (uint64_t)(rules->ranking == 2 ? 0 : points[seat]);
    }
    int order[SEATS], group[SEATS], size = 0, groups = 0;
    for (int item = 0; item < game->finished_count; item++) {
        order[size] = game->finished[item];
        group[size++] = groups++;
        out[game->finished[item]] = 1;
    }
    for (int item = 0; item < game->burst_count; item++)
        out[game->burst[item]] = 1;
    int holding = size;
    for (int seat = 0; seat < players; seat++) { /* insertion sort, stable: seat order in ties */
        if (out[seat])
            continue;
        int at = size++;
        while (at > holding && key[order[at - 1]] > key[seat]) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = seat;
    }
    for (int at = holding; at < size; at++)
        group[at] = at > holding && key[order[at - 1]] == key[order[at]] ? groups - 1 : groups++;
    for (int item = game->burst_count - 1; item >= 0; item--) {
        order[size] = game->burst[item];
        group[size++] = groups++;
    }
    PyObject *result = PyTuple_New(size);
    if (result == NULL)
        return NULL;
    int place = 0;
    for (int at = 0; at < size; at++) {
        if (at == 0 || group[at] != group[at - 1])
            place = rules->dense ? group[at] + 1 : at + 1;
        int seat = order[at];
        PyObject *standing = standing_of(seat, place, cards[seat], points[seat], game->passes[seat]);
        if (standing == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        PyTuple_SET_ITEM(result, at, Py_NewRef(standing));
    }
    return result;
}

PyDoc_STRVAR(family_ranking_doc,
             "family_ranking(state, /)\n--\n\n"
             "The standings of a finished family state; None for a game not over, or\n"
             "anything else.");

static PyObject *
sp_family_ranking(PyObject *module, PyObject *state)
{
    Game game;
    ENSURE_BOUND();
    int found = read_state(state, &game);
    if (found != 0)
        return none_or_error(found);
    if (game.turn >= 0) /* not over: Python explains */
        Py_RETURN_NONE;
    return standings(&game);
}

/* -- the heuristic's moves (policy.py), for the greedy playouts ------------------------ */

/* policy.score() with the default weights (follow 3, beyond 1, tempo 0.5, lonely 2),
 * doubled into an int, for the seat holding `own`. */
static int
greedy_score(const Game *game, uint64_t own, int index)
{
    const Rules *rules = game->rules;
    uint64_t table = game->table, theirs = rules->dealt & ~own & ~table;
    uint64_t bit = UINT64_C(1) << index;
    int suit = rules->suit_of[index], place = rules->place_of[index], centre = game->centre;
    uint64_t released = suit_playable(rules, table | bit, suit, centre) &
                        ~suit_playable(rules, table, suit, centre) & ~bit;
    uint64_t waiting = 0;
    for (int at = 0; at < rules->places; at++)
        if (place == centre ? at != place : (place > centre ? at > place : at < place))
            waiting |= rules->at[suit][at];
    waiting &= ~table;
    int own_released = count(released & own);
    return 6 * (own_released - count(released & theirs)) +
           2 * (count(waiting & own) - count(waiting & theirs)) + (released ? 0 : 1) -
           (place == centre && !own_released ? 4 : 0);
}

/* policy.opening_key(): DO2's first card, by the cards of its rank held, then neighbours,
 * then pips. */
static int
opening_key(const Game *game, uint64_t own, int index)
{
    const Rules *rules = game->rules;
    int suit = rules->suit_of[index], place = rules->place_of[index], same = 0, near = 0;
    for (int other = 0; other < 4; other++)
        same += (own & rules->at[other][place]) != 0;
    if (place > 0 && own & rules->at[suit][place - 1])
        near++;
    if (place + 1 < rules->places && own & rules->at[suit][place + 1])
        near++;
    return same * 1000 + near * 100 + rules->points[index];
}

/* policy.greedy_move() of the seat to move: its action, or -1 with an error. */
static int
greedy_action(Game *game, PyObject *random)
{
    const Rules *rules = game->rules;
    uint64_t moves = game->moves, cards = moves & ~rules->pass;
    if (!cards)
        return rules->cards;
    if (!(cards & (cards - 1)) && cards == moves)
        return lowest(cards);
    uint64_t own = hand(game, game->turn);
    long long best = LLONG_MIN;
    int best_score = 0, ties = 0, tied[64];
    for (uint64_t left = cards; left; left &= left - 1) {
        int index = lowest(left), score = 0;
        long long key;
        if (game->centre < 0)
            key = opening_key(game, own, index);
        else {
            score = greedy_score(game, own, index);
            key = (long long)score * 64 + rules->points[index];
        }
        if (key > best) {
            best = key;
            best_score = score;
            ties = 0;
        }
        if (key == best)
            tied[ties++] = index;
    }
    if ((moves & rules->pass) && game->centre >= 0 && best_score < 0 && !rules->chips) {
        if (read_passes(game) < 0)
            return -1;
        if (rules->policy != LIMITED || game->passes[game->turn] < rules->limit - 1)
            return rules->cards; /* policy.may_pass() */
    }
    if (ties == 1)
        return tied[0];
    PyObject *draw = PyObject_CallNoArgs(random);
    if (draw == NULL)
        return -1;
    double value = PyFloat_CheckExact(draw) ? PyFloat_AS_DOUBLE(draw) : PyFloat_AsDouble(draw);
    Py_DECREF(draw);
    if (value == -1.0 && PyErr_Occurred())
        return -1;
    return tied[(long long)(value * ties)];
}

/* -- the playouts --------------------------------------------------------------------- */

static int
draws_plainly(PyObject *random, PyObject *rng) /* random is rng.random */
{
    return PyCFunction_Check(random) && PyCFunction_GET_SELF(random) == rng &&
           PyCFunction_GET_FUNCTION(random) == plain_random;
}

/* The action a playout makes: move number int(random() * k) of the k legal moves in
 * their order (cards, then PASS), drawing only where there is a choice; -1 on an error. */
static inline int
playout_action(PyObject *random, uint64_t moves)
{
    if (!(moves & (moves - 1)))
        return lowest(moves);
    PyObject *draw = PyObject_CallNoArgs(random);
    if (draw == NULL)
        return -1;
    /* random.Random's random(): a float in [0, 1) */
    double value = PyFloat_CheckExact(draw) ? PyFloat_AS_DOUBLE(draw) : PyFloat_AsDouble(draw);
    Py_DECREF(draw);
    if (value == -1.0 && PyErr_Occurred())
        return -1;
    return nth_card(moves, (long long)(value * count(moves)));
}

/* rng.random, where it is random.Random's own; else None, with no error (the Python
 * path plays), or NULL with one. */
static PyObject *
plain_random_of(PyObject *rng)
{
    PyObject *random = PyObject_GetAttr(rng, S_random);
    if (random == NULL || draws_plainly(random, rng))
        return random;
    Py_DECREF(random);
    return Py_NewRef(Py_None);
}

static inline int
playout_step(Game *game, int action)
{
    return action == game->rules->cards ? pass_turn(game) : play(game, action);
}

/* playout() of a family state, or (`keep`) playout_state(): the ranking, or the final
 * state with every state on the way built as apply() builds it; None for a state or a
 * generator the Python path handles. With `greedy`, greedy_playout() and its _state(). */
static PyObject *
played_out(const char *name, PyObject *const *args, Py_ssize_t nargs, int keep, int greedy)
{
    PyObject *start, *rng;
    Game game;
    if (parse_args(name, args, nargs, "OO", &start, &rng) < 0)
        return NULL;
    ENSURE_BOUND();
    int found = read_state(start, &game);
    if (found != 0)
        return none_or_error(found);
    PyObject *random = plain_random_of(rng);
    if (random == NULL || random == Py_None)
        return random;
    PyObject *state = Py_NewRef(start), *result = NULL;
    while (game.turn >= 0) {
        int mover = game.turn;
        int action = greedy ? greedy_action(&game, random) : playout_action(random, game.moves);
        game.passed = game.tabled = game.fault = 0;
        if (action < 0 || playout_step(&game, action) < 0)
            goto done;
        if (keep) {
            PyObject *next = make_state(Py_TYPE(state), state_slot(state, SETUP), state, &game, mover);
            if (next == NULL)
                goto done;
            Py_SETREF(state, next);
        }
    }
    result = keep ? Py_NewRef(state) : standings(&game);
done:
    Py_DECREF(random);
    Py_DECREF(state);
    return result;
}

PyDoc_STRVAR(family_playout_doc,
             "family_playout(state, rng, /)\n--\n\n"
             "sevens_ru.games.family.playout.playout() of a family state, else None.");

static PyObject *
sp_family_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    return played_out("family_playout", args, nargs, 0, 0);
}

PyDoc_STRVAR(family_playout_state_doc,
             "family_playout_state(state, rng, /)\n--\n\n"
             "sevens_ru.games.family.playout.playout_state() of a family state, else None.");

static PyObject *
sp_family_playout_state(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    return played_out("family_playout_state", args, nargs, 1, 0);
}

PyDoc_STRVAR(family_greedy_playout_doc,
             "family_greedy_playout(state, rng, /)\n--\n\n"
             "sevens_ru.games.family.playout.greedy_playout() of a family state, else None.");

static PyObject *
sp_family_greedy_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    return played_out("family_greedy_playout", args, nargs, 0, 1);
}

PyDoc_STRVAR(family_greedy_playout_state_doc,
             "family_greedy_playout_state(state, rng, /)\n--\n\n"
             "sevens_ru.games.family.playout.greedy_playout_state() of a family state, else None.");

static PyObject *
sp_family_greedy_playout_state(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    return played_out("family_greedy_playout_state", args, nargs, 1, 1);
}

PyMethodDef family_methods[] = {
    {"family_rules", (PyCFunction)(void (*)(void))sp_family_rules, METH_FASTCALL,
     family_rules_doc},
    {"family_deal", (PyCFunction)(void (*)(void))sp_family_deal, METH_FASTCALL, family_deal_doc},
    {"family_start", (PyCFunction)(void (*)(void))sp_family_start, METH_FASTCALL,
     family_start_doc},
    {"family_apply", (PyCFunction)(void (*)(void))sp_family_apply, METH_FASTCALL,
     family_apply_doc},
    {"family_act", (PyCFunction)(void (*)(void))sp_family_act, METH_FASTCALL, family_act_doc},
    {"family_legal_moves", (PyCFunction)(void (*)(void))sp_family_legal_moves, METH_FASTCALL,
     family_legal_moves_doc},
    {"family_legal_actions", (PyCFunction)(void (*)(void))sp_family_legal_actions, METH_FASTCALL,
     family_legal_actions_doc},
    {"family_ranking", sp_family_ranking, METH_O, family_ranking_doc},
    {"family_playout", (PyCFunction)(void (*)(void))sp_family_playout, METH_FASTCALL,
     family_playout_doc},
    {"family_playout_state", (PyCFunction)(void (*)(void))sp_family_playout_state, METH_FASTCALL,
     family_playout_state_doc},
    {"family_greedy_playout", (PyCFunction)(void (*)(void))sp_family_greedy_playout,
     METH_FASTCALL, family_greedy_playout_doc},
    {"family_greedy_playout_state", (PyCFunction)(void (*)(void))sp_family_greedy_playout_state,
     METH_FASTCALL, family_greedy_playout_state_doc},
    {NULL, NULL, 0, NULL},
};
