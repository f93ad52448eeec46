/* Durak's kernels (see sevens_ru.durak.encode): the observation planes and the action
 * mask of the learning environments, written from the facts of a state that the Python
 * engine hands over. */
#include "common.h"

#include "args.h"
#include "kernels.h"
#include "planes.h"

#define CARDS 36 /* the 36-card Russian pack; the short deck is its 32 cards (durak/deal.py) */
#include "pack.h"

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
    PyObject *observation, *seat_int, *dealer_int, *out_flags, *attacker_int, *defender_int;
    uint64_t hand[MAX_SEATS], trump, uncovered, attack, covers, set_aside, shown;
    int players;
    double takes;
    if (parse_args("durak_observation", args, nargs, "OOHCCCCCCOOOOF", &observation, &seat_int,
                   hand, &players, &trump, &uncovered, &attack, &covers, &set_aside, &shown,
                   &dealer_int, &out_flags, &attacker_int, &defender_int, &takes) < 0)
        return NULL;
    if (!PyTuple_CheckExact(out_flags) || PyTuple_GET_SIZE(out_flags) != players) {
        PyErr_SetString(PyExc_TypeError, "durak_observation(): hands and out are tuples by seat");
        return NULL;
    }
    int seat, dealer = -1, attacker = -1, defender = -1;
    int no_dealer = PyLong_CheckExact(dealer_int) && PyLong_AsLong(dealer_int) == -1;
    if (PyErr_Occurred())
        PyErr_Clear();
    if (index_below(seat_int, players, &seat) != 0 ||
        (!no_dealer && index_below(dealer_int, players, &dealer) != 0) ||
        (attacker_int != Py_None && index_below(attacker_int, players, &attacker) != 0) ||
        (defender_int != Py_None && index_below(defender_int, players, &defender) != 0)) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "durak_observation(): a seat out of range");
        return NULL;
    }
    Py_buffer tensor;
    if (planes_array(observation, &tensor, 'f', 181 + 40 * players, "observation") < 0)
        return NULL;
    float *out = tensor.buf;
    card_plane(out, hand[seat]);
    card_plane(out + CARDS, trump);
    card_plane(out + 2 * CARDS, uncovered);
    card_plane(out + 3 * CARDS, attack & ~uncovered);
    card_plane(out + 4 * CARDS, covers);
    card_plane(out + 5 * CARDS, set_aside);
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
        out[3 * players + k] = scaled(count(hand[other]), CARDS); /* v / 36 */
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
    PyObject *action_mask, *beaten_by, *lead_patterns, *cover_base;
    uint64_t hand, uncovered;
    int leading;
    long take;
    if (parse_args("durak_mask", args, nargs, "OCCBtttL", &action_mask, &hand, &uncovered,
                   &leading, CARDS, &beaten_by, 16, &lead_patterns, CARDS, &cover_base,
                   &take) < 0)
        return NULL;
    Py_buffer mask;
    if (planes_array(action_mask, &mask, 'b', -1, "action_mask") < 0)
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
            long pattern = PyLong_AsLong(PyTuple_GET_ITEM(lead_patterns, suits));
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
            long base = PyLong_AsLong(PyTuple_GET_ITEM(cover_base, attack));
            if ((base == -1 && PyErr_Occurred()) ||
                card_set(PyTuple_GET_ITEM(beaten_by, attack), &beaten) < 0)
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


PyMethodDef durak_methods[] = {
    {"durak_observation", (PyCFunction)(void (*)(void))sp_durak_observation, METH_FASTCALL,
     durak_observation_doc},
    {"durak_mask", (PyCFunction)(void (*)(void))sp_durak_mask, METH_FASTCALL, durak_mask_doc},
    {NULL, NULL, 0, NULL},
};
