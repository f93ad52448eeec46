/* The seeded shuffle of sevens_ru.shuffle, which both games deal with: SHAKE-256
 * (FIPS 202) of a domain and the seed, the order of the cards it gives, and the module
 * function shuffled_bytes(). */
#include "shake.h"

#include "args.h"

#include <limits.h>

/* SHAKE-256 (FIPS 202): Keccak-f[1600], 136 bytes absorbed or squeezed per block. */
#define SHAKE_RATE 136

static const uint64_t ROUND_CONSTANTS[24] = {
    UINT64_C(0x0000000000000001), UINT64_C(0x0000000000008082), UINT64_C(0x800000000000808a),
    UINT64_C(0x8000000080008000), UINT64_C(0x000000000000808b), UINT64_C(0x0000000080000001),
    UINT64_C(0x8000000080008081), UINT64_C(0x8000000000008009), UINT64_C(0x000000000000008a),
    UINT64_C(0x0000000000000088), UINT64_C(0x0000000080008009), UINT64_C(0x000000008000000a),
    UINT64_C(0x000000008000808b), UINT64_C(0x800000000000008b), UINT64_C(0x8000000000008089),
    UINT64_C(0x8000000000008003), UINT64_C(0x8000000000008002), UINT64_C(0x8000000000000080),
    UINT64_C(0x000000000000800a), UINT64_C(0x800000008000000a), UINT64_C(0x8000000080008081),
    UINT64_C(0x8000000000008080), UINT64_C(0x0000000080000001), UINT64_C(0x8000000080008008),
};
static inline uint64_t
rotate(uint64_t lane, int bits)
{
    return lane << bits | lane >> ((64 - bits) & 63); /* no shift by 64 for 0 bits */
}

/* One round, from the state a to the state e (lane (x, y) is a[x + 5 y]): theta, rho
 * and pi into the five lanes b of each output plane, then chi (and iota) into e, the
 * column parities c of the next round gathered on the way. */
static inline void
plane(const uint64_t *b, uint64_t *e, uint64_t *c)
{
    for (int x = 0; x < 5; x++) {
        e[x] = b[x] ^ (~b[(x + 1) % 5] & b[(x + 2) % 5]);
        c[x] ^= e[x];
    }
}

/* Rho and pi: lane i of the new state's plane i / 5 comes from lane PI_SOURCE[i] of
 * the old one, rotated by RHO[i] bits. */
static const int PI_SOURCE[25] = {0, 6,  12, 18, 24, 3, 9, 10, 16, 22, 1, 7, 13,
                                  19, 20, 4, 5, 11, 17, 23, 2, 8, 14, 15, 21};
static const int RHO[25] = {0,  44, 43, 21, 14, 28, 20, 3,  45, 61, 1,  6, 25,
                            8,  18, 27, 36, 10, 15, 56, 62, 55, 39, 41, 2};

static ALWAYS_INLINE void
keccak_round(const uint64_t *a, uint64_t *e, uint64_t *c, uint64_t constant)
{
    uint64_t d[5], b[5];
    for (int x = 0; x < 5; x++)
        d[x] = c[(x + 4) % 5] ^ rotate(c[(x + 1) % 5], 1);
    for (int x = 0; x < 5; x++)
        c[x] = 0;
    for (int y = 0; y < 5; y++) {
        for (int x = 0; x < 5; x++) {
            int source = PI_SOURCE[5 * y + x];
            b[x] = rotate(a[source] ^ d[source % 5], RHO[5 * y + x]);
        }
        plane(b, e + 5 * y, c);
    }
    e[0] ^= constant; /* iota */
    c[0] ^= constant;
}

/* The permutation, two rounds at a time from s to e and back. */
static void
keccak(uint64_t s[25])
{
    uint64_t e[25], c[5];
    for (int x = 0; x < 5; x++)
        c[x] = s[x] ^ s[x + 5] ^ s[x + 10] ^ s[x + 15] ^ s[x + 20];
    for (int round = 0; round < 24; round += 2) {
        keccak_round(s, e, c, ROUND_CONSTANTS[round]);
        keccak_round(e, s, c, ROUND_CONSTANTS[round + 1]);
    }
}

static inline void
absorb_byte(uint64_t state[25], size_t position, unsigned char byte)
{
    state[position / 8] ^= (uint64_t)byte << (8 * (position % 8));
}

/* The first `total` 64-bit big-endian words of SHAKE-256 of `message`. A block of
 * output is 17 lanes, little-endian: each word is a lane with its bytes reversed. */
static void
shake256_words(const unsigned char *message, size_t size, uint64_t *words, int total)
{
    uint64_t state[25] = {0};
    size_t position = 0;
    for (size_t byte = 0; byte < size; byte++) {
        absorb_byte(state, position++, message[byte]);
        if (position == SHAKE_RATE) {
            keccak(state);
            position = 0;
        }
    }
    absorb_byte(state, position, 0x1F); /* SHAKE's domain bits and the padding */
    absorb_byte(state, SHAKE_RATE - 1, 0x80);
    keccak(state);
    for (int word = 0, lane = 0; word < total; word++, lane++) {
        if (lane == SHAKE_RATE / 8) {
            keccak(state);
            lane = 0;
        }
        words[word] = swap_bytes(state[lane]);
    }
}

static const char DOMAIN[] = "sevens-ru shuffle v1"; /* and its terminating zero byte */

/* Steps 1 and 2 of the shuffle: the first `total` big-endian words of SHAKE-256 of the
 * domain and the seed as the shortest signed big-endian bytes (seed.to_bytes()). */
int
shake_seed_digest(PyObject *seed, int total, uint64_t *digest)
{
    unsigned char fixed[sizeof DOMAIN + 9];
    memcpy(fixed, DOMAIN, sizeof DOMAIN);
    int overflow = 0;
    long long number = PyLong_CheckExact(seed) ? PyLong_AsLongLongAndOverflow(seed, &overflow) : 0;
    if (PyLong_CheckExact(seed) && !overflow && number != LLONG_MIN) {
        if (number == -1 && PyErr_Occurred())
            return -1;
        unsigned long long magnitude = number < 0 ? 0ULL - (unsigned long long)number
                                                  : (unsigned long long)number;
        int bits = bit_length(magnitude);
        int size = (bits + 8) / 8;
        for (int byte = 0; byte < size; byte++)
            fixed[sizeof DOMAIN + byte] =
                (unsigned char)((unsigned long long)number >> (8 * (size - 1 - byte)));
        shake256_words(fixed, sizeof DOMAIN + (size_t)size, digest, total);
        return 0;
    }
    /* A huge seed, or an int subclass: its own bit_length() and to_bytes(), as Python. */
    PyObject *bits = PyObject_CallMethod(seed, "bit_length", NULL);
    PyObject *eight = PyLong_FromLong(8);
    PyObject *sum = bits == NULL ? NULL : PyNumber_Add(bits, eight);
    PyObject *size = sum == NULL ? NULL : PyNumber_FloorDivide(sum, eight);
    Py_XDECREF(bits);
    Py_XDECREF(eight);
    Py_XDECREF(sum);
    if (size == NULL)
        return -1;
    PyObject *arguments = Py_BuildValue("(Ns)", size, "big");
    PyObject *keywords = Py_BuildValue("{sO}", "signed", Py_True);
    PyObject *to_bytes = PyObject_GetAttrString(seed, "to_bytes");
    PyObject *data = arguments == NULL || keywords == NULL || to_bytes == NULL
                         ? NULL
                         : PyObject_Call(to_bytes, arguments, keywords);
    Py_XDECREF(arguments);
    Py_XDECREF(keywords);
    Py_XDECREF(to_bytes);
    if (data == NULL)
        return -1;
    if (!PyBytes_Check(data)) {
        PyErr_SetString(PyExc_TypeError, "seed.to_bytes() did not return bytes");
        Py_DECREF(data);
        return -1;
    }
    size_t length = (size_t)PyBytes_GET_SIZE(data);
    unsigned char *message = PyMem_Malloc(sizeof DOMAIN + length);
    if (message == NULL) {
        Py_DECREF(data);
        PyErr_NoMemory();
        return -1;
    }
    memcpy(message, DOMAIN, sizeof DOMAIN);
    memcpy(message + sizeof DOMAIN, PyBytes_AS_STRING(data), length);
    Py_DECREF(data);
    shake256_words(message, sizeof DOMAIN + length, digest, total);
    PyMem_Free(message);
    return 0;
}

/* Step 3: the card indexes in increasing order of key, card i's key being word i with
 * its lowest byte replaced by i. The keys are distributed by their top byte (a counting
 * sort: random keys rarely share it), then put in order within each top byte. */
void
shake_order_cards(const uint64_t *words, int total, unsigned char *order)
{
    uint64_t keys[256], sorted[256];
    int starts[257] = {0};
    for (int card = 0; card < total; card++) {
        keys[card] = (words[card] & ~UINT64_C(0xFF)) | (uint64_t)card;
        starts[(keys[card] >> 56) + 1]++;
    }
    for (int top = 1; top <= 256; top++)
        starts[top] += starts[top - 1];
    for (int card = 0; card < total; card++)
        sorted[starts[keys[card] >> 56]++] = keys[card];
    for (int position = 1; position < total; position++) { /* insertion: nearly in order */
        uint64_t key = sorted[position];
        int at = position;
        while (at > 0 && sorted[at - 1] > key) {
            sorted[at] = sorted[at - 1];
            at--;
        }
        sorted[at] = key;
    }
    for (int position = 0; position < total; position++)
        order[position] = (unsigned char)(sorted[position] & 0xFF);
}

PyDoc_STRVAR(shuffled_bytes_doc,
             "shuffled_bytes(seed, count, /)\n--\n\n"
             "sevens_ru.shuffle.shuffled_bytes() for an int seed and 0 to 256 cards.");

static PyObject *
sp_shuffled_bytes(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *seed;
    long total;
    if (args_parse("shuffled_bytes", MAX_CARDS, args, nargs, "Oi", &seed,
                   ARGS_RANGE(0, 256, "count"), &total) < 0)
        return NULL;
    if (!PyLong_Check(seed))
        Py_RETURN_NONE;
    uint64_t digest[256];
    unsigned char order[256];
    if (shake_seed_digest(seed, (int)total, digest) < 0)
        return NULL;
    shake_order_cards(digest, (int)total, order);
    return PyBytes_FromStringAndSize((const char *)order, total);
}

PyMethodDef shake_methods[] = {
    {"shuffled_bytes", (PyCFunction)(void (*)(void))sp_shuffled_bytes, METH_FASTCALL,
     shuffled_bytes_doc},
    {NULL, NULL, 0, NULL},
};
