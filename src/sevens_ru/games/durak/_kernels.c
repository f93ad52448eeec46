/* Durak's kernels (see sevens_ru.games.durak.kernels): the action path of the engine's
 * states (apply of an action number, the legal actions, mask and moves) and the learning
 * environments' fill of an observation and its action mask, on the rules of _durak.h.
 *
 * Each function reads a state of the engine's own class at its slots' offsets and
 * computes what its Python counterpart computes; for anything it does not handle (another
 * object, an action that is not legal, a take limit beyond a C long) it returns None, and
 * its Python caller goes on with the pure-Python path, which raises the proper error. The
 * classes, slots and moves it works on are handed over by
 * sevens_ru.games.durak.kernels.bindings() on first use. */
#include "common.h"

#include "args.h"
#include "kernels.h"
#include "planes.h"

#define CARDS 36 /* the 36-card Russian pack; the short deck is its 32 cards (durak/deal.py) */
#include "pack.h"

#include "_durak.h"

/* -- what the Python engine hands over (kernels.bindings()) ----------------------------- */

enum { SETUP, HANDS, ATTACKER, DEFENDER, ATTACK, UNCOVERED, COVERS, ASIDE, OUT, BOUTS, TAKES,
       PARENT, MOVE, LEGAL, SHOWN, STATE_SLOTS };
enum { PLAYERS, TRUMP, TAKE_LIMIT, DEALER, UNDEALT, SETUP_SLOTS };

static struct {
    int bound;
    PyTypeObject *state, *setup;     /* the classes of the states and of their setups */
    Py_ssize_t slots[STATE_SLOTS];   /* a state's slots, in the order of the enum */
    Py_ssize_t setup_slots[SETUP_SLOTS];
    PyObject *moves;                 /* the move of every action number (actions._MOVES) */
} D;

static int
bind(void)
{
    PyObject *module = PyImport_ImportModule("sevens_ru.games.durak.kernels");
    if (module == NULL)
        return -1;
    PyObject *bindings = PyObject_CallMethod(module, "bindings", NULL);
    Py_DECREF(module);
    if (bindings == NULL)
        return -1;
    int result = -1;
    PyObject *state, *state_slots, *setup, *setup_slots, *moves;
    if (!PyArg_ParseTuple(bindings, "OO!OO!O!", &state, &PyTuple_Type, &state_slots, &setup,
                          &PyTuple_Type, &setup_slots, &PyTuple_Type, &moves))
        goto done;
    if (!PyType_Check(state) || !PyType_Check(setup) ||
        PyTuple_GET_SIZE(state_slots) != STATE_SLOTS ||
        PyTuple_GET_SIZE(setup_slots) != SETUP_SLOTS || PyTuple_GET_SIZE(moves) != DURAK_ACTIONS) {
        PyErr_SetString(PyExc_TypeError, "durak.kernels.bindings() gave unexpected values");
        goto done;
    }
    for (int which = 0; which < STATE_SLOTS; which++)
        if (slot_offset(state, state_slots, which, &D.slots[which]) < 0)
            goto done;
    for (int which = 0; which < SETUP_SLOTS; which++)
        if (slot_offset(setup, setup_slots, which, &D.setup_slots[which]) < 0)
            goto done;
    D.state = (PyTypeObject *)Py_NewRef(state);
    D.setup = (PyTypeObject *)Py_NewRef(setup);
    D.moves = Py_NewRef(moves);
    D.bound = 1;
    result = 0;
done:
    Py_DECREF(bindings);
    return result;
}

/* -- the engine's states ------------------------------------------------------------------ */

static inline PyObject *
state_slot(PyObject *state, int which) /* borrowed; NULL if unset */
{
    return slot(state, D.slots[which]);
}

/* A small int of a slot: 0, or 1 if it is not an int from low to high. */
static inline int
read_small(PyObject *value, long low, long high, long *number)
{
    if (value == NULL || !PyLong_CheckExact(value))
        return 1;
    int overflow;
    *number = PyLong_AsLongAndOverflow(value, &overflow);
    if (overflow || (*number == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return 1;
    }
    return *number < low || *number > high;
}

/* A seat of a slot, or None (-1): 0, or 1 for anything else. */
static inline int
read_seat(PyObject *value, int players, int *seat)
{
    long number;
    if (value == Py_None) {
        *seat = -1;
        return 0;
    }
    if (read_small(value, 0, players - 1, &number))
        return 1;
    *seat = (int)number;
    return 0;
}

/* A card set of a slot: 0, 1 if it is not one, -1 on an error. */
static inline int
read_cards(PyObject *value, uint64_t *cards)
{
    if (value == NULL || !PyLong_CheckExact(value))
        return 1;
    return card_set(value, cards);
}

/* Read a state of the engine's class into `game`: 0, 1 for anything else (the Python path
 * handles it), -1 on an error. */
static int
read_state(PyObject *state, Durak *game)
{
    if (Py_TYPE(state) != D.state)
        return 1;
    PyObject *setup = state_slot(state, SETUP), *hands = state_slot(state, HANDS);
    PyObject *out = state_slot(state, OUT);
    if (setup == NULL || Py_TYPE(setup) != D.setup || hands == NULL || out == NULL)
        return 1;
    long players, trump, take_limit, dealer, number;
    if (read_small(slot(setup, D.setup_slots[PLAYERS]), 2, DURAK_SEATS, &players) ||
        read_small(slot(setup, D.setup_slots[TRUMP]), 0, CARDS - 1, &trump) ||
        read_small(slot(setup, D.setup_slots[TAKE_LIMIT]), 1, LONG_MAX, &take_limit) ||
        read_small(slot(setup, D.setup_slots[DEALER]), 0, players - 1, &dealer))
        return 1;
    if (!PyTuple_CheckExact(hands) || PyTuple_GET_SIZE(hands) != players ||
        !PyTuple_CheckExact(out) || PyTuple_GET_SIZE(out) != players)
        return 1;
    memset(game, 0, sizeof *game);
    game->players = (int32_t)players;
    game->trump = (int32_t)trump;
    game->dealer = (int32_t)dealer;
    game->take_limit = take_limit;
    uint64_t undealt;
    int found = read_cards(slot(setup, D.setup_slots[UNDEALT]), &undealt);
    if (found)
        return found;
    game->whole = !undealt; /* D4: the dealer's trump card is known while held */
    for (int seat = 0; seat < players; seat++) {
        if ((found = read_cards(PyTuple_GET_ITEM(hands, seat), &game->hands[seat])) != 0)
            return found;
        if (read_small(PyTuple_GET_ITEM(out, seat), 0, LONG_MAX, &number))
            return 1;
        game->out[seat] = number;
    }
    int attacker, defender;
    long bouts, takes;
    if (read_seat(state_slot(state, ATTACKER), game->players, &attacker) ||
        read_seat(state_slot(state, DEFENDER), game->players, &defender) ||
        read_small(state_slot(state, BOUTS), 0, LONG_MAX, &bouts) ||
        read_small(state_slot(state, TAKES), 0, LONG_MAX, &takes))
        return 1;
    game->attacker = attacker;
    game->defender = defender;
    game->bouts = bouts;
    game->takes = takes;
    if ((found = read_cards(state_slot(state, ATTACK), &game->attack)) != 0 ||
        (found = read_cards(state_slot(state, UNCOVERED), &game->uncovered)) != 0 ||
        (found = read_cards(state_slot(state, COVERS), &game->covers)) != 0 ||
        (found = read_cards(state_slot(state, ASIDE), &game->aside)) != 0)
        return found;
    if ((game->attacker < 0) != (game->defender < 0))
        return 1;
    return 0;
}

/* The prologue of every function of a state: the bindings, then the state read. */
#define READ_STATE(state, game)                      \
    do {                                             \
        if (!D.bound && bind() < 0)                  \
            return NULL;                             \
        int found_ = read_state((state), (game));    \
        if (found_ < 0)                              \
            return NULL;                             \
        if (found_ > 0)                              \
            Py_RETURN_NONE;                          \
    } while (0)

/* The cards that have been on the table up to `state` (state._shown_cards()): its
 * `_shown`, or the union of the bouts' cards back to an ancestor that has one, kept in
 * the state's own slot as the Python engine keeps it. 0, 1 if the chain is not the
 * engine's, -1 on an error. */
static inline int
negative(PyObject *value) /* whether an int is below 0 */
{
    int overflow;
    long number = PyLong_AsLongAndOverflow(value, &overflow);
    if (number == -1 && !overflow && PyErr_Occurred())
        PyErr_Clear();
    return overflow < 0 || (!overflow && number < 0);
}

static int
shown_cards(PyObject *state, uint64_t *shown)
{
    uint64_t cards = 0, part;
    PyObject *walker = state;
    while (1) {
        PyObject *known = state_slot(walker, SHOWN);
        if (known == NULL || !PyLong_CheckExact(known))
            return 1;
        if (!negative(known)) {
            int found = read_cards(known, &part);
            if (found)
                return found;
            cards |= part;
            break;
        }
        uint64_t attack, covers;
        int found = read_cards(state_slot(walker, ATTACK), &attack);
        if (found || (found = read_cards(state_slot(walker, COVERS), &covers)) != 0)
            return found;
        cards |= attack | covers;
        PyObject *parent = state_slot(walker, PARENT);
        if (parent == Py_None)
            break;
        if (parent == NULL || Py_TYPE(parent) != D.state)
            return 1;
        walker = parent;
    }
    if (walker != state) { /* a cache, as _shown_cards() sets it: states are otherwise immutable */
        PyObject *value = PyLong_FromUnsignedLongLong(cards);
        if (value == NULL)
            return -1;
        set_slot(state, D.slots[SHOWN], value);
    }
    *shown = cards;
    return 0;
}

/* -- the new state of a move ------------------------------------------------------------- */

/* The parent's object for an unchanged value, else a new int. */
static inline PyObject *
same_or_int(PyObject *old, uint64_t before, uint64_t after)
{
    return before == after ? Py_NewRef(old) : PyLong_FromUnsignedLongLong(after);
}

static inline PyObject *
seat_or_none(int seat)
{
    return seat < 0 ? Py_NewRef(Py_None) : PyLong_FromLong(seat);
}

/* A new state of the engine's class after `action`, as game.apply() builds it: `game`
 * the facts after the move, `before` those of `parent`. */
static PyObject *
make_state(PyObject *parent, const Durak *before, const Durak *game, int action)
{
    int players = game->players;
    PyObject *old_hands = state_slot(parent, HANDS), *old_out = state_slot(parent, OUT);
    PyObject *hands = PyTuple_New(players), *out;
    if (hands == NULL)
        return NULL;
    int out_changed = 0;
    for (int seat = 0; seat < players; seat++) {
        PyObject *hand = same_or_int(PyTuple_GET_ITEM(old_hands, seat), before->hands[seat],
                                     game->hands[seat]);
        if (hand == NULL) {
            Py_DECREF(hands);
            return NULL;
        }
        PyTuple_SET_ITEM(hands, seat, hand);
        out_changed |= game->out[seat] != before->out[seat];
    }
    if (!out_changed)
        out = Py_NewRef(old_out);
    else if ((out = PyTuple_New(players)) != NULL)
        for (int seat = 0; seat < players; seat++) {
            PyObject *bout = game->out[seat] == before->out[seat]
                                 ? Py_NewRef(PyTuple_GET_ITEM(old_out, seat))
                                 : PyLong_FromLongLong(game->out[seat]);
            if (bout == NULL) {
                Py_CLEAR(out);
                break;
            }
            PyTuple_SET_ITEM(out, seat, bout);
        }
    /* The cards shown so far, where the parent knows its own (kernels' shown_cards()). */
    PyObject *old_shown = state_slot(parent, SHOWN), *shown = NULL;
    uint64_t parent_shown;
    if (out != NULL) {
        if (old_shown != NULL && PyLong_CheckExact(old_shown) && !negative(old_shown) &&
            card_set(old_shown, &parent_shown) == 0)
            shown = same_or_int(old_shown, parent_shown,
                                parent_shown | game->attack | game->covers);
        else if (!PyErr_Occurred())
            shown = PyLong_FromLong(-1);
    }
    PyObject *values[STATE_SLOTS] = {
        [SETUP] = Py_NewRef(state_slot(parent, SETUP)),
        [HANDS] = hands,
        [ATTACKER] = seat_or_none(game->attacker),
        [DEFENDER] = seat_or_none(game->defender),
        [ATTACK] = same_or_int(state_slot(parent, ATTACK), before->attack, game->attack),
        [UNCOVERED] = same_or_int(state_slot(parent, UNCOVERED), before->uncovered, game->uncovered),
        [COVERS] = same_or_int(state_slot(parent, COVERS), before->covers, game->covers),
        [ASIDE] = same_or_int(state_slot(parent, ASIDE), before->aside, game->aside),
        [OUT] = out,
        [BOUTS] = game->bouts == before->bouts ? Py_NewRef(state_slot(parent, BOUTS))
                                               : PyLong_FromLongLong(game->bouts),
        [TAKES] = game->takes == before->takes ? Py_NewRef(state_slot(parent, TAKES))
                                               : PyLong_FromLongLong(game->takes),
        [PARENT] = Py_NewRef(parent),
        [MOVE] = Py_NewRef(PyTuple_GET_ITEM(D.moves, action)),
        [LEGAL] = Py_NewRef(Py_None),
        [SHOWN] = shown,
    };
    PyObject *state = NULL;
    int complete = 1;
    for (int which = 0; which < STATE_SLOTS; which++)
        complete &= values[which] != NULL;
    if (complete)
        state = D.state->tp_alloc(D.state, 0);
    if (state == NULL) {
        for (int which = 0; which < STATE_SLOTS; which++)
            Py_XDECREF(values[which]);
        return NULL;
    }
    for (int which = 0; which < STATE_SLOTS; which++) /* at the slots' offsets, as slot() reads them */
        *(PyObject **)((char *)state + D.slots[which]) = values[which];
    return state;
}

/* -- the module's functions ----------------------------------------------------------------- */

PyDoc_STRVAR(durak_act_doc, "durak_act(state, action, /)\n--\n\n"
                            "sevens_ru.durak.apply() for a legal action number (an int) of the\n"
                            "engine's states; None for anything else, which the Python path\n"
                            "handles (and explains).");

static PyObject *
sp_durak_act(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *state, *action_int;
    Durak before, game;
    int action;
    if (parse_args("durak_act", args, nargs, "OO", &state, &action_int) < 0)
        return NULL;
    READ_STATE(state, &before);
    if (index_below(action_int, DURAK_ACTIONS, &action) != 0)
        Py_RETURN_NONE;
    game = before;
    if (durak_play(&game, action) != 0) /* not legal: Python explains */
        Py_RETURN_NONE;
    return make_state(state, &before, &game, action);
}

/* The legal actions of a state and their count: 0, 1 for a state the Python path
 * handles, -1 on an error. */
static int
legal_of(PyObject *state, short *actions, int *found)
{
    Durak game;
    int read = read_state(state, &game);
    if (read != 0)
        return read;
    *found = durak_legal(&game, actions);
    return 0;
}

#define LEGAL_PROLOGUE(actions, found)             \
    if (!D.bound && bind() < 0)                    \
        return NULL;                               \
    int read_ = legal_of(state, (actions), &(found)); \
    if (read_ < 0)                                 \
        return NULL;                               \
    if (read_ > 0)                                 \
        Py_RETURN_NONE;

PyDoc_STRVAR(durak_legal_actions_doc,
             "durak_legal_actions(state, /)\n--\n\n"
             "sevens_ru.durak.legal_actions() for the engine's states, else None.");

static PyObject *
sp_durak_legal_actions(PyObject *module, PyObject *state)
{
    short actions[DURAK_MOST_LEGAL];
    int found = 0;
    LEGAL_PROLOGUE(actions, found)
    PyObject *numbers = PyTuple_New(found);
    for (int number = 0; numbers != NULL && number < found; number++) {
        PyObject *action = PyLong_FromLong(actions[number]);
        if (action == NULL)
            Py_CLEAR(numbers);
        else
            PyTuple_SET_ITEM(numbers, number, action);
    }
    return numbers;
}

PyDoc_STRVAR(durak_legal_moves_doc,
             "durak_legal_moves(state, /)\n--\n\n"
             "The legal moves of sevens_ru.durak.legal_moves() for the engine's states (the\n"
             "moves of their action numbers), else None.");

static PyObject *
sp_durak_legal_moves(PyObject *module, PyObject *state)
{
    short actions[DURAK_MOST_LEGAL];
    int found = 0;
    LEGAL_PROLOGUE(actions, found)
    PyObject *moves = PyTuple_New(found);
    for (int number = 0; moves != NULL && number < found; number++)
        PyTuple_SET_ITEM(moves, number, Py_NewRef(PyTuple_GET_ITEM(D.moves, actions[number])));
    return moves;
}

PyDoc_STRVAR(durak_legal_mask_doc,
             "durak_legal_mask(state, /)\n--\n\n"
             "sevens_ru.durak.legal_mask() for the engine's states, else None.");

static PyObject *
sp_durak_legal_mask(PyObject *module, PyObject *state)
{
    short actions[DURAK_MOST_LEGAL];
    int found = 0;
    LEGAL_PROLOGUE(actions, found)
    if (!found)
        return PyLong_FromLong(0);
    unsigned char bytes[(DURAK_ACTIONS + 7) / 8];
    size_t used = (size_t)actions[found - 1] / 8 + 1; /* the highest action is the last */
    memset(bytes, 0, used);
    for (int number = 0; number < found; number++)
        bytes[actions[number] / 8] |= (unsigned char)(1u << (actions[number] % 8));
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(bytes, used, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(bytes, used, 1, 0);
#endif
}

PyDoc_STRVAR(durak_fill_doc,
             "durak_fill(state, seat, observation, action_mask, /)\n--\n\n"
             "sevens_ru.durak.encode.observe_into(): the observation of seat in state into\n"
             "observation (float32, 181 + 40 n entries) and its legal actions into\n"
             "action_mask (int8, 1,252 entries; all 0 unless seat is to move). True, or None\n"
             "for a state or seat the Python path handles.");

static PyObject *
sp_durak_fill(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *state, *seat_int, *observation, *action_mask;
    Durak game;
    int seat;
    uint64_t shown;
    if (parse_args("durak_fill", args, nargs, "OOOO", &state, &seat_int, &observation,
                   &action_mask) < 0)
        return NULL;
    READ_STATE(state, &game);
    if (index_below(seat_int, game.players, &seat) != 0)
        Py_RETURN_NONE;
    int found = shown_cards(state, &shown);
    if (found != 0)
        return found < 0 ? NULL : Py_NewRef(Py_None);
    Py_buffer tensor, mask;
    if (planes_array(observation, &tensor, 'f', DURAK_OBSERVATION(game.players), "observation") < 0)
        return NULL;
    if (planes_array(action_mask, &mask, 'b', DURAK_ACTIONS, "action_mask") < 0) {
        PyBuffer_Release(&tensor);
        return NULL;
    }
    durak_observe(&game, seat, shown, tensor.buf, KIND_FLOAT32);
    durak_mask(&game, seat, (unsigned char *)mask.buf);
    PyBuffer_Release(&tensor);
    PyBuffer_Release(&mask);
    Py_RETURN_TRUE;
}

PyMethodDef durak_methods[] = {
    {"durak_act", (PyCFunction)(void (*)(void))sp_durak_act, METH_FASTCALL, durak_act_doc},
    {"durak_legal_actions", sp_durak_legal_actions, METH_O, durak_legal_actions_doc},
    {"durak_legal_moves", sp_durak_legal_moves, METH_O, durak_legal_moves_doc},
    {"durak_legal_mask", sp_durak_legal_mask, METH_O, durak_legal_mask_doc},
    {"durak_fill", (PyCFunction)(void (*)(void))sp_durak_fill, METH_FASTCALL, durak_fill_doc},
    {NULL, NULL, 0, NULL},
};
