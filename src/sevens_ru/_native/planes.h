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
extern int64_t BYTE_FULL[256];    /* the same as uint8 entries 0 or 255 */

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

/* The kinds of entries an observation is written in: float32, as the tensors are; uint8,
 * each entry x 255 rounded half up (0.0 is 0, 1.0 is 255); bool, whether it is not 0. */
typedef enum { KIND_FLOAT32, KIND_UINT8, KIND_BOOL } Kind;

static ALWAYS_INLINE unsigned char
quantized(float value) /* floor(value x 255 + 1/2), exact in double for a float32 in [0, 1] */
{
    return (unsigned char)((double)value * 255.0 + 0.5);
}

/* The `pack` entries of a card set in `kind` at entry `at` of an observation row. */
static ALWAYS_INLINE void
put_plane(void *row, Py_ssize_t at, uint64_t cards, int pack, Kind kind)
{
    if (kind == KIND_FLOAT32) {
        card_plane_of((float *)row + at, cards, pack);
        return;
    }
    const int64_t *bytes = kind == KIND_UINT8 ? BYTE_FULL : BYTE_BITS;
    unsigned char *out = (unsigned char *)row + at;
    for (int byte = 0; byte < pack / 8; byte++)
        memcpy(out + 8 * byte, &bytes[cards >> 8 * byte & 255], 8);
    if (pack % 8)
        memcpy(out + pack / 8 * 8, &bytes[cards >> pack / 8 * 8 & 255], pack % 8);
}

/* One entry of value `value` (a float32 of the tensors) in `kind` at entry `at`. */
static ALWAYS_INLINE void
put_value(void *row, Py_ssize_t at, float value, Kind kind)
{
    if (kind == KIND_FLOAT32)
        ((float *)row)[at] = value;
    else
        ((unsigned char *)row)[at] = kind == KIND_UINT8 ? quantized(value) : value != 0.0f;
}

/* A writable C-contiguous float32 ('f'), int8 ('b'), uint8 ('B') or bool ('?') array of
 * that many entries (any number if items is -1); -1 with a ValueError naming it as what
 * for anything else. */
int planes_array(PyObject *array, Py_buffer *view, char type, Py_ssize_t items,
                 const char *what);

/* A writable C-contiguous observation array of that many entries in any Kind (float32,
 * uint8 or bool), its kind in *kind; -1 with a ValueError naming it as what otherwise. */
int planes_kind_array(PyObject *array, Py_buffer *view, Py_ssize_t items, const char *what,
                      Kind *kind);

/* A C-contiguous array of int64 ('q'), uint64 ('Q'), int32 ('i'), bool ('?') or float64
 * ('d') of that many entries;
 * -1 with a ValueError naming it as what for anything else. */
int planes_int_array(PyObject *array, Py_buffer *view, char type, Py_ssize_t items,
                     const char *what);

/* The same, writable: the arrays of a batch of games that a kernel changes in place. */
int planes_state_array(PyObject *array, Py_buffer *view, char type, Py_ssize_t items,
                       const char *what);

/* The buffers a kernel holds while it runs, released together (views_release()). */
#define MAX_VIEWS 16
typedef struct {
    Py_buffer views[MAX_VIEWS];
    int held;
} Views;

/* The next free buffer of `views`, for a planes_*() function to fill (then views->held++). */
#define NEXT_VIEW(held_views) (&(held_views)->views[(held_views)->held])

static inline void
views_release(Views *views)
{
    while (views->held > 0)
        PyBuffer_Release(&views->views[--views->held]);
}

/* What a step of games in lockstep writes (sevens_ru.games.lockstep.Outputs): per game
 * its observation row (in `kind`, `width` entries), its action mask (`actions` int8
 * entries), the seat it is of, the reward, whether the game ended, and every seat's
 * returns (a row of `players` per game). */
typedef struct {
    void *observations;
    Kind kind;
    Py_ssize_t width;
    signed char *masks;
    Py_ssize_t actions;
    int64_t *seats;
    double *rewards;
    char *terminated;
    double *returns;
} Outputs;

/* The start of game `game`'s observation row. */
static inline void *
output_row(const Outputs *out, Py_ssize_t game)
{
    return (char *)out->observations +
           game * out->width * (out->kind == KIND_FLOAT32 ? (Py_ssize_t)sizeof(float) : 1);
}

/* Read the tuple (observations, masks, seats, rewards, terminated, returns) of `size`
 * games into `out` (its width and actions set beforehand), holding the buffers in
 * `views`; with `partial`, only the first three. -1 with an error for anything else. */
int planes_outputs(PyObject *arrays, Views *views, Py_ssize_t size, int players, int partial,
                   Outputs *out);

/* The game numbers `chosen` (an int64 array, each below `size`), held in `views`, and
 * their count; NULL and `size` for None (every game). -1 with an error otherwise. */
int planes_chosen(PyObject *chosen, Views *views, Py_ssize_t size, const int64_t **numbers,
                  Py_ssize_t *count);

/* action_mask(), the module function both games' action masks are written with. */
extern PyMethodDef planes_methods[];

#endif /* SEVENS_RU_PLANES_H */
