/* Durak's games in lockstep for the vector environments (see
 * sevens_ru.games.durak.batch): one move in every game, its joins and the settling of its
 * bout, its end and returns, and the next observation and action mask written in the same
 * pass over the games, by the rules of _durak.h.
 *
 * The games are a numpy array of records of the layout of Durak (_durak.h; the Python side
 * checks it against durak_lockstep_layout()), passed as its bytes and changed in place. */
#include "common.h"

#include <stddef.h>

#include "args.h"
#include "kernels.h"
#include "planes.h"

#define CARDS 36 /* the 36-card Russian pack; the short deck is its 32 cards */
#include "pack.h"

#include "../_durak.h"

/* The games (the bytes of a numpy array of Durak records): their count, or -1. */
static Py_ssize_t
read_games(PyObject *array, Views *views, Durak **games)
{
    Py_buffer *view = NEXT_VIEW(views);
    if (PyObject_GetBuffer(array, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    views->held++;
    if (view->len == 0 || view->len % (Py_ssize_t)sizeof(Durak) ||
        (uintptr_t)view->buf % sizeof(uint64_t)) {
        PyErr_SetString(PyExc_ValueError,
                        "the games must be the bytes of an array of Durak records");
        return -1;
    }
    *games = view->buf;
    Py_ssize_t size = view->len / (Py_ssize_t)sizeof(Durak);
    int players = (*games)[0].players;
    for (Py_ssize_t game = 0; game < size; game++) { /* what the rules below rely on */
        const Durak *one = &(*games)[game];
        if (one->players != players || players < 2 || players > DURAK_SEATS || one->trump < 0 ||
            one->trump >= CARDS || one->take_limit < 1 || one->attacker < -1 ||
            one->attacker >= players || one->defender < -1 || one->defender >= players ||
            (one->attacker < 0) != (one->defender < 0)) {
            PyErr_SetString(PyExc_ValueError, "a game of the batch is not one the rules made");
            return -1;
        }
    }
    return size;
}

/* The outputs of a step of `size` games of `players` seats (see planes_outputs()). */
static int
read_outputs(PyObject *arrays, Views *views, Py_ssize_t size, int players, int partial,
             Outputs *out)
{
    out->width = DURAK_OBSERVATION(players);
    out->actions = DURAK_ACTIONS;
    return planes_outputs(arrays, views, size, players, partial, out);
}

/* Write game `number`'s observation (of the seat to move, or of the seat that made the
 * last move once over), its action mask and its seat, at its row of the outputs. */
static inline void
observe(const Durak *game, Py_ssize_t number, const Outputs *out)
{
    int seat = durak_to_move(game);
    if (seat < 0)
        seat = game->mover >= 0 ? game->mover : 0;
    durak_observe(game, seat, game->shown, output_row(out, number), out->kind);
    durak_mask(game, seat, (unsigned char *)out->masks + number * DURAK_ACTIONS);
    out->seats[number] = seat;
}

PyDoc_STRVAR(durak_lockstep_step_doc,
             "durak_lockstep_step(games, actions, outputs, /)\n--\n\n"
             "One move in every game that is not over: actions[g] (int64) for game g, then\n"
             "its joins (D7), the settling of its bout (D9-D13), its returns, and the\n"
             "observation and action mask of its seat to move (or of the seat that ended it)\n"
             "at row g of outputs, in the same pass. games: the bytes of an array of Durak\n"
             "records, changed in place; outputs: the tuple (observations, masks, seats,\n"
             "rewards, terminated, returns). A game over before the step is left as it is,\n"
             "with reward 0 and terminated false. None; or, where some action is not legal,\n"
             "the first such game's number, and nothing changed.");

static PyObject *
sp_durak_lockstep_step(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *games_array, *actions_array, *outputs;
    if (parse_args("durak_lockstep_step", args, nargs, "OOO", &games_array, &actions_array,
                   &outputs) < 0)
        return NULL;
    Views views = {.held = 0};
    Outputs out;
    Durak *games;
    PyObject *result = NULL;
    Py_ssize_t size = read_games(games_array, &views, &games);
    if (size < 0)
        goto done;
    int players = games[0].players;
    if (read_outputs(outputs, &views, size, players, 0, &out) < 0 ||
        planes_int_array(actions_array, NEXT_VIEW(&views), 'q', size, "actions") < 0)
        goto done;
    const int64_t *actions = NEXT_VIEW(&views)->buf;
    views.held++;
    for (Py_ssize_t number = 0; number < size; number++) { /* every action checked first */
        Durak trial = games[number];
        if (trial.attacker >= 0 && (actions[number] < 0 || actions[number] >= DURAK_ACTIONS ||
                                    durak_play(&trial, (int)actions[number]) != 0)) {
            result = PyLong_FromSsize_t(number);
            goto done;
        }
    }
    double share = 1.0 / (double)(players - 1); /* what every seat but the fool gets */
    for (Py_ssize_t number = 0; number < size; number++) {
        Durak *game = &games[number];
        double *values = out.returns + number * players;
        memset(values, 0, (size_t)players * sizeof(double));
        out.rewards[number] = 0.0;
        out.terminated[number] = 0;
        if (game->attacker < 0) /* over before the step: left for the caller to deal again */
            continue;
        int mover = durak_to_move(game);
        durak_play(game, (int)actions[number]);
        game->mover = mover;
        game->shown |= game->attack | game->covers;
        if (game->attacker < 0) { /* D12, D13: the fool -1, the others 1 / (n - 1) */
            int loser = durak_loser(game);
            if (loser >= 0)
                for (int seat = 0; seat < players; seat++)
                    values[seat] = seat == loser ? -1.0 : share;
            out.rewards[number] = values[mover];
            out.terminated[number] = 1;
        }
        observe(game, number, &out);
    }
    result = Py_NewRef(Py_None);
done:
    views_release(&views);
    return result;
}

PyDoc_STRVAR(durak_lockstep_observe_doc,
             "durak_lockstep_observe(games, chosen, outputs, /)\n--\n\n"
             "The observation, action mask and seat of each game of chosen (int64 game\n"
             "numbers, or None for every game) at its row of outputs, as durak_lockstep_step()\n"
             "writes them. None.");

static PyObject *
sp_durak_lockstep_observe(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *games_array, *chosen_array, *outputs;
    if (parse_args("durak_lockstep_observe", args, nargs, "OOO", &games_array, &chosen_array,
                   &outputs) < 0)
        return NULL;
    Views views = {.held = 0};
    Outputs out;
    Durak *games;
    PyObject *result = NULL;
    Py_ssize_t size = read_games(games_array, &views, &games), rows = size;
    if (size < 0 || read_outputs(outputs, &views, size, games[0].players, 1, &out) < 0)
        goto done;
    const int64_t *chosen;
    if (planes_chosen(chosen_array, &views, size, &chosen, &rows) < 0)
        goto done;
    for (Py_ssize_t row = 0; row < rows; row++) {
        Py_ssize_t number = chosen == NULL ? row : (Py_ssize_t)chosen[row];
        observe(&games[number], number, &out);
    }
    result = Py_NewRef(Py_None);
done:
    views_release(&views);
    return result;
}

PyDoc_STRVAR(durak_lockstep_random_doc,
             "durak_lockstep_random(games, draws, actions, /)\n--\n\n"
             "A random legal action of every game into actions (int64): with k legal actions,\n"
             "action number floor(draws[g] * k) of them in ascending order (draws: float64 in\n"
             "[0, 1)); 0 where a game is over. None.");

static PyObject *
sp_durak_lockstep_random(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *games_array, *draws_array, *actions_array;
    if (parse_args("durak_lockstep_random", args, nargs, "OOO", &games_array, &draws_array,
                   &actions_array) < 0)
        return NULL;
    Views views = {.held = 0};
    Durak *games;
    PyObject *result = NULL;
    Py_ssize_t size = read_games(games_array, &views, &games);
    if (size < 0 || planes_int_array(draws_array, NEXT_VIEW(&views), 'd', size, "draws") < 0)
        goto done;
    const double *draws = NEXT_VIEW(&views)->buf;
    views.held++;
    if (planes_state_array(actions_array, NEXT_VIEW(&views), 'q', size, "actions") < 0)
        goto done;
    int64_t *actions = NEXT_VIEW(&views)->buf;
    views.held++;
    for (Py_ssize_t number = 0; number < size; number++) {
        short legal[DURAK_MOST_LEGAL];
        int total = durak_legal(&games[number], legal);
        double draw = draws[number];
        long chosen = (long)(draw * total);
        if (!(draw >= 0.0 && draw < 1.0) || chosen >= total)
            chosen = 0;
        actions[number] = total ? legal[chosen] : 0;
    }
    result = Py_NewRef(Py_None);
done:
    views_release(&views);
    return result;
}

PyDoc_STRVAR(durak_lockstep_deal_doc,
             "durak_lockstep_deal(games, slots, words, short_deck, take_limit, /)\n--\n\n"
             "A new game in each slot of slots (int64 game numbers), in order, from the uint64\n"
             "random words (Lemire's draws, see common.h): a dealer drawn uniformly, then the\n"
             "pack (36 cards, or the 32 of the short deck) shuffled (Fisher and Yates) and dealt\n"
             "from the dealer's left (D3); the trump card is the card after the deal, or with the\n"
             "whole pack dealt the dealer's last (D4). True; or None, with nothing changed, if\n"
             "the words ran out.");

static PyObject *
sp_durak_lockstep_deal(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *games_array, *slots_array, *words_array;
    int short_deck;
    unsigned long long take_limit;
    if (parse_args("durak_lockstep_deal", args, nargs, "OOOBP", &games_array, &slots_array,
                   &words_array, &short_deck, &take_limit) < 0)
        return NULL;
    Views views = {.held = 0};
    Durak *games;
    PyObject *result = NULL;
    signed char *orders = NULL;
    int64_t *dealers = NULL;
    Py_ssize_t size = read_games(games_array, &views, &games);
    Py_ssize_t count = PyObject_Length(slots_array), total = PyObject_Length(words_array);
    if (size < 0 || count < 0 || total < 0 ||
        planes_int_array(slots_array, NEXT_VIEW(&views), 'q', count, "slots") < 0)
        goto done;
    const int64_t *slots = NEXT_VIEW(&views)->buf;
    views.held++;
    if (planes_int_array(words_array, NEXT_VIEW(&views), 'Q', total, "words") < 0)
        goto done;
    const uint64_t *words = NEXT_VIEW(&views)->buf;
    views.held++;
    int players = games[0].players, cards = short_deck ? 32 : CARDS;
    if (take_limit < 1 || take_limit > INT64_MAX || players * 9 > cards) {
        PyErr_SetString(PyExc_ValueError, "durak_lockstep_deal(): a bad take limit or pack");
        goto done;
    }
    for (Py_ssize_t row = 0; row < count; row++)
        if (slots[row] < 0 || slots[row] >= size) {
            PyErr_SetString(PyExc_ValueError, "a slot is out of range");
            goto done;
        }
    orders = PyMem_Malloc((size_t)(count ? count : 1) * CARDS);
    dealers = PyMem_Malloc((size_t)(count ? count : 1) * sizeof(int64_t));
    if (orders == NULL || dealers == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t next = 0; /* every deal drawn before any game is changed */
    for (Py_ssize_t row = 0; row < count; row++) {
        signed char *order = orders + row * CARDS;
        for (int position = 0; position < cards; position++)
            order[position] = (signed char)position;
        dealers[row] = word_below(words, total, &next, (uint64_t)players);
        if (dealers[row] < 0 || shuffle_words(order, cards, words, total, &next) < 0) {
            result = Py_NewRef(Py_None); /* the words ran out */
            goto done;
        }
    }
    int dealt = players * 9;
    for (Py_ssize_t row = 0; row < count; row++) {
        Durak *game = &games[slots[row]];
        const signed char *order = orders + row * CARDS;
        int dealer = (int)dealers[row];
        memset(game, 0, sizeof *game);
        for (int position = 0; position < dealt; position++) {
            int card = order[position]; /* the short deck's card p is 9 s + 1 + r */
            card = short_deck ? card / 8 * 9 + 1 + card % 8 : card;
            game->hands[(dealer + 1 + position) % players] |= UINT64_C(1) << card;
        }
        int trump = order[dealt < cards ? dealt : dealt - 1];
        memcpy(game->dealt, game->hands, sizeof game->dealt);
        game->take_limit = (int64_t)take_limit;
        game->players = players;
        game->trump = short_deck ? trump / 8 * 9 + 1 + trump % 8 : trump;
        game->dealer = dealer;
        game->whole = dealt == cards;
        game->attacker = (dealer + 1) % players; /* D5 */
        game->defender = (game->attacker + 1) % players;
        game->mover = -1;
    }
    result = Py_NewRef(Py_True);
done:
    PyMem_Free(orders);
    PyMem_Free(dealers);
    views_release(&views);
    return result;
}

PyDoc_STRVAR(durak_lockstep_legal_doc,
             "durak_lockstep_legal(games, number, /)\n--\n\n"
             "The legal actions of game number `number`, ascending: a tuple of ints.");

static PyObject *
sp_durak_lockstep_legal(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *games_array, *number_int;
    if (parse_args("durak_lockstep_legal", args, nargs, "OO", &games_array, &number_int) < 0)
        return NULL;
    Views views = {.held = 0};
    Durak *games;
    PyObject *result = NULL;
    int number;
    Py_ssize_t size = read_games(games_array, &views, &games);
    if (size < 0)
        goto done;
    if (index_below(number_int, size > INT_MAX ? INT_MAX : (int)size, &number) != 0) {
        PyErr_SetString(PyExc_ValueError, "durak_lockstep_legal(): no such game");
        goto done;
    }
    short legal[DURAK_MOST_LEGAL];
    int total = durak_legal(&games[number], legal);
    result = PyTuple_New(total);
    for (int which = 0; result != NULL && which < total; which++) {
        PyObject *action = PyLong_FromLong(legal[which]);
        if (action == NULL)
            Py_CLEAR(result);
        else
            PyTuple_SET_ITEM(result, which, action);
    }
done:
    views_release(&views);
    return result;
}

PyDoc_STRVAR(durak_lockstep_layout_doc,
             "durak_lockstep_layout()\n--\n\n"
             "The layout of a Durak record this module was compiled with: its size and each\n"
             "field's offset, to check the numpy record type against.");

static PyObject *
sp_durak_lockstep_layout(PyObject *module, PyObject *unused)
{
#define FIELD(name) #name, (Py_ssize_t)offsetof(Durak, name)
    return Py_BuildValue(
        "{snsnsnsnsnsnsnsnsnsnsnsnsnsnsnsnsnsnsnsnsn}", "size", (Py_ssize_t)sizeof(Durak),
        FIELD(hands), FIELD(dealt), FIELD(attack), FIELD(uncovered), FIELD(covers), FIELD(aside),
        FIELD(shown), FIELD(take_limit), FIELD(bouts), FIELD(takes), FIELD(out), FIELD(players),
        FIELD(trump), FIELD(dealer), FIELD(whole), FIELD(attacker), FIELD(defender), FIELD(mover),
        FIELD(spare), "actions", (Py_ssize_t)DURAK_ACTIONS);
#undef FIELD
}

PyMethodDef durak_lockstep_methods[] = {
    {"durak_lockstep_step", (PyCFunction)(void (*)(void))sp_durak_lockstep_step, METH_FASTCALL,
     durak_lockstep_step_doc},
    {"durak_lockstep_observe", (PyCFunction)(void (*)(void))sp_durak_lockstep_observe,
     METH_FASTCALL, durak_lockstep_observe_doc},
    {"durak_lockstep_random", (PyCFunction)(void (*)(void))sp_durak_lockstep_random,
     METH_FASTCALL, durak_lockstep_random_doc},
    {"durak_lockstep_deal", (PyCFunction)(void (*)(void))sp_durak_lockstep_deal, METH_FASTCALL,
     durak_lockstep_deal_doc},
    {"durak_lockstep_legal", (PyCFunction)(void (*)(void))sp_durak_lockstep_legal, METH_FASTCALL,
     durak_lockstep_legal_doc},
    {"durak_lockstep_layout", sp_durak_lockstep_layout, METH_NOARGS, durak_lockstep_layout_doc},
    {NULL, NULL, 0, NULL},
};
