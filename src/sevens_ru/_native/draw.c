/* Random numbers drawn as random.Random draws them, for the sampler and the search
 * bot's chain: randrange(), shuffle() and _randbelow_with_getrandbits() made of the
 * generator's own getrandbits() calls, one for one, where its methods are
 * random.Random's; the methods themselves where they are not (see draw.h). */
#include "draw.h"

/* random.Random's own methods, as Python defines them (from sevens_ru.common._core.bindings). */
static struct {
    PyObject *randrange, *shuffle, *randbelow;
} RANDOM;

int
draw_bind(PyObject *random_class)
{
    if ((RANDOM.randrange = PyObject_GetAttr(random_class, S_randrange)) == NULL ||
        (RANDOM.shuffle = PyObject_GetAttr(random_class, S_shuffle)) == NULL ||
        (RANDOM.randbelow = PyObject_GetAttrString(random_class, "_randbelow_with_getrandbits")) ==
            NULL)
        return -1;
    return 0;
}

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

int
draw_of(PyObject *rng, Draws *draws)
{
    draws->rng = rng;
    draws->getrandbits = NULL;
    int own = 1, same;
    PyObject *names[3] = {S_randrange, S_shuffle, S__randbelow};
    PyObject *functions[3] = {RANDOM.randrange, RANDOM.shuffle, RANDOM.randbelow};
    for (int method = 0; method < 3 && own; method++) {
        if ((same = is_method_of(rng, names[method], functions[method])) < 0)
            return -1;
        own = same;
    }
    if (own && (draws->getrandbits = PyObject_GetAttr(rng, S_getrandbits)) == NULL)
        return -1;
    return 0;
}

/* getrandbits(bits) as an unsigned number, or -1 on an error. */
long long
draw_bits(PyObject *getrandbits, int bits)
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

/* _randbelow_with_getrandbits(n) for 0 < n < 2**62: r = getrandbits(n.bit_length()),
 * again while r >= n. */
long long
draw_below(PyObject *getrandbits, long long n)
{
    int bits = bit_length((uint64_t)n);
    PyObject *size = PyLong_FromLong(bits);
    if (size == NULL)
        return -1;
    long long r;
    do {
        PyObject *drawn = PyObject_CallOneArg(getrandbits, size);
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
PyObject *
draw_randrange(Draws *draws, PyObject *total)
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
int
draw_shuffle(Draws *draws, int *cards, int total, int pack)
{
    if (draws->getrandbits != NULL) {
        for (int last = total - 1; last > 0; last--) {
            long long other = draw_below(draws->getrandbits, last + 1);
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
        if (small_int(PyList_GET_ITEM(list, position), 0, pack - 1, "a card index", &index) < 0)
            failed = 1;
        else
            cards[position] = (int)index;
    Py_DECREF(list);
    return failed ? -1 : 0;
}

