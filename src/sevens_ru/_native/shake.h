/* The seeded shuffle of sevens_ru.shuffle, shared by both games' deals: SHAKE-256 of
 * the seed, and the order of the cards it gives (shake.c). */
#ifndef SEVENS_RU_SHAKE_H
#define SEVENS_RU_SHAKE_H

#include "common.h"

/* Steps 1 and 2 of the shuffle: the first `total` big-endian words of SHAKE-256 of the
 * domain and the seed (an int) as the shortest signed big-endian bytes. 0, or -1 with an
 * error. */
int shake_seed_digest(PyObject *seed, int total, uint64_t *digest);

/* Step 3: the card indexes 0 to total - 1 (total at most 256) in the order of the keys
 * made from the words. */
void shake_order_cards(const uint64_t *words, int total, unsigned char *order);

/* shuffled_bytes(), the module function. */
extern PyMethodDef shake_methods[];

#endif /* SEVENS_RU_SHAKE_H */
