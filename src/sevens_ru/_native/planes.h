/* The observation planes both games write for the learning environments (planes.c).
 *
 * The twins of sevens_ru.encode.observe_into() and
 * sevens_ru.durak.encode.observe_into() (each game's _kernels.c) write an observation
 * tensor (float32) and an action mask (int8 0 or 1 per action) into arrays the caller
 * made, through the buffer protocol, entry for entry what the Python functions write. A
 * card plane has an entry per card of the pack, entry i 1.0 when bit i of the card set is set; a count is
 * v / top rounded to float32 from the double quotient, as struct.pack("<f", v / top)
 * rounds it. */
#ifndef SEVENS_RU_PLANES_H
#define SEVENS_RU_PLANES_H

#include "common.h"

extern float BYTE_PLANES[256][8]; /* the 8 entries of every byte of a card set */
extern int64_t BYTE_BITS[256];    /* the 8 int8 entries (0 or 1) of every byte, as one word */

/* Fill the tables, once, before any plane is written. */
void planes_init(void);

static inline float
scaled(long value, int top)
{
    return (float)((double)value / (double)top);
}

/* Fill table[v] with v / top as float32, for v from 0 to entries - 1. */
static inline void
scale_table(float *table, int entries, int top)
{
    for (int value = 0; value < entries; value++)
        table[value] = scaled(value, top);
}

/* The `pack` entries of a card set as float32 (pack is a constant: the loop unrolls). */
static ALWAYS_INLINE void
card_plane_of(float *out, uint64_t cards, int pack)
{
    for (int byte = 0; byte < pack / 8; byte++)
        memcpy(out + 8 * byte, BYTE_PLANES[cards >> 8 * byte & 255], sizeof BYTE_PLANES[0]);
    if (pack % 8)
        memcpy(out + pack / 8 * 8, BYTE_PLANES[cards >> pack / 8 * 8 & 255],
               (pack % 8) * sizeof(float));
}

/* The `pack` entries of a card set as int8. */
static ALWAYS_INLINE void
mask_bytes_of(signed char *out, uint64_t cards, int pack)
{
    for (int byte = 0; byte < pack / 8; byte++)
        memcpy(out + 8 * byte, &BYTE_BITS[cards >> 8 * byte & 255], 8);
    if (pack % 8)
        memcpy(out + pack / 8 * 8, &BYTE_BITS[cards >> pack / 8 * 8 & 255], pack % 8);
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
