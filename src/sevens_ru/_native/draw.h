/* Random numbers drawn as random.Random draws them (draw.c): the calls of randrange(),
 * shuffle() and _randbelow() made here, one getrandbits() call for one, where a
 * generator's methods are random.Random's own. */
#ifndef SEVENS_RU_DRAW_H
#define SEVENS_RU_DRAW_H

#include "common.h"

/* How a random.Random's randrange() and shuffle() are drawn. Where they are
 * random.Random's own, with its _randbelow_with_getrandbits(), their calls to
 * getrandbits() are made here, one for one; otherwise the methods themselves. */
typedef struct {
    PyObject *rng;
    PyObject *getrandbits; /* set when the draws are made here (a new reference) */
} Draws;

/* Take random.Random's own methods from the class, once, before draw_of(). 0, or -1. */
int draw_bind(PyObject *random_class);

/* How rng draws: 0, or -1 with an error. The caller releases draws->getrandbits. */
int draw_of(PyObject *rng, Draws *draws);

/* rng.randrange(total) for an int total > 0, as a new reference. */
PyObject *draw_randrange(Draws *draws, PyObject *total);

/* rng.shuffle() of a list of card indexes: 0, or -1. */
int draw_shuffle(Draws *draws, int *cards, int total, int pack);

/* getrandbits(bits) as an unsigned number, or -1 on an error. */
long long draw_bits(PyObject *getrandbits, int bits);

/* _randbelow_with_getrandbits(n) for 0 < n < 2**62: r = getrandbits(n.bit_length()),
 * again while r >= n; -1 on an error. */
long long draw_below(PyObject *getrandbits, long long n);

#endif /* SEVENS_RU_DRAW_H */
