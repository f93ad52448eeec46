/* The observation planes both games write for the learning environments (planes.c).
 *
 * The twins of sevens_ru.encode.observe_into() and
 * sevens_ru.durak.encode.observe_into() (each game's _kernels.c) write an observation
 * tensor (float32) and an action mask (int8 0 or 1 per action) into arrays the caller
 * made, through the buffer protocol, entry for entry what the Python functions write. A
 * card plane is 36 entries, entry i 1.0 when bit i of the card set is set; a count is
 * v / top rounded to float32 from the double quotient, as struct.pack("<f", v / top)
 * rounds it. */
#ifndef SEVENS_RU_PLANES_H
#define SEVENS_RU_PLANES_H

#include "common.h"

extern float BYTE_PLANES[256][8]; /* the 8 entries of every byte of a card set */
extern int64_t BYTE_BITS[256];    /* the 8 int8 entries (0 or 1) of every byte, as one word */
extern float SIZE_VALUES[CARDS + 1], PASS_VALUES[256]; /* v / 18 and v / 36 as float32 */

/* Fill the tables, once, before any plane is written. */
void planes_init(void);

static inline float
scaled(long value, int top)
{
    return (float)((double)value / (double)top);
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

/* A writable C-contiguous float32 ('f') or int8 ('b') array of that many entries (any
 * number if items is -1); -1 with a ValueError naming it as what for anything else. */
int planes_array(PyObject *array, Py_buffer *view, char type, Py_ssize_t items,
                 const char *what);

/* A C-contiguous array of int64 ('q'), int32 ('i') or bool ('?') of that many entries;
 * -1 with a ValueError naming it as what for anything else. */
int planes_int_array(PyObject *array, Py_buffer *view, char type, Py_ssize_t items,
                     const char *what);

/* action_mask(), the module function both games' action masks are written with. */
extern PyMethodDef planes_methods[];

#endif /* SEVENS_RU_PLANES_H */
