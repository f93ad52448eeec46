/* What every C file of sevens_ru._speedups shares: the card sets, the compiler's bit
 * instructions with their fallbacks, the ints to and from C, and the interned names.
 *
 * The compiled core is one extension module, sevens_ru._speedups, built from the shared
 * files of this folder (this header, module.c, args.c, draw.c, shake.c, planes.c) and
 * one file per game (games/sevens/_kernels.c, games/durak/_kernels.c). The pure-Python
 * engine is the reference: each function computes exactly what its Python counterpart
 * computes, on the same packed ints. The Python layer stays the one place of validation
 * and messages: a function that meets anything it does not handle returns None, and its
 * Python caller goes on with the pure-Python path, which raises the proper error.
 *
 * A card set is an int of up to 64 bits, bit i for the i-th card of the game's pack
 * (sevens_ru.Pack: the Russian pack's card i is DECK[i], i = suit * 9 + rank - 6). No
 * shared file knows a pack's size: each game's kernels define CARDS, the number of
 * cards of their pack, and pass it to the shared functions (constant, so inlined away).
 *
 * Everything a kernel calls in its inner loops is here as static inline, so that every
 * file compiles it into its own loops as one file did.
 */
#ifndef SEVENS_RU_COMMON_H
#define SEVENS_RU_COMMON_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <stdint.h>
#include <string.h>

#define MAX_CARDS 64 /* a pack's most cards: a card set is a uint64_t */
#define PACK_CARDS(cards) ((cards) >= 64 ? UINT64_MAX : (UINT64_C(1) << (cards)) - 1)
#define MAX_SEATS 6

/* -- the compiler's bit instructions ---------------------------------------------- */

/* GCC and Clang have builtins, MSVC intrinsics (<intrin.h>); any other compiler, or a
 * build with -DSEVENS_RU_PORTABLE, gets plain C. All three give the same results
 * (tests/test_native_portable.py compiles them each way and compares).
 * SEVENS_RU_MSVC_INTRINSICS takes the MSVC branch with another compiler, for that test,
 * which gives it a stand-in <intrin.h>. */
#if defined(SEVENS_RU_PORTABLE)
#define SEVENS_RU_BITS_PORTABLE 1
#elif defined(_MSC_VER) || defined(SEVENS_RU_MSVC_INTRINSICS)
#define SEVENS_RU_BITS_MSVC 1
#include <intrin.h>
#elif defined(__GNUC__)
#define SEVENS_RU_BITS_GCC 1
#else
#define SEVENS_RU_BITS_PORTABLE 1
#endif

/* A function the compiler is to inline even where it judges otherwise. */
#if defined(SEVENS_RU_BITS_GCC)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#elif defined(SEVENS_RU_BITS_MSVC)
#define ALWAYS_INLINE __forceinline
#else
#define ALWAYS_INLINE inline
#endif

/* MSVC has the 64-bit bit scans on 64-bit targets only; elsewhere two 32-bit ones. */
#if defined(SEVENS_RU_BITS_MSVC) && (defined(_M_X64) || defined(_M_AMD64) || defined(_M_ARM64))
#define SEVENS_RU_SCAN64 1
#endif

static inline int
lowest(uint64_t cards) /* the index of the lowest card of a non-empty set */
{
#if defined(SEVENS_RU_BITS_GCC)
    return __builtin_ctzll(cards);
#elif defined(SEVENS_RU_BITS_MSVC)
    unsigned long index = 0; /* set by the scan: cards is not empty */
#ifdef SEVENS_RU_SCAN64
    _BitScanForward64(&index, cards);
#else
    if (!_BitScanForward(&index, (unsigned long)(cards & 0xFFFFFFFFu))) {
        _BitScanForward(&index, (unsigned long)(cards >> 32));
        index += 32;
    }
#endif
    return (int)index;
#else
    int index = 0; /* halves the set's width where its low half is empty, as bit_length() does */
    for (int step = 32; step > 0; step /= 2)
        if (!(cards & ((UINT64_C(1) << step) - 1))) {
            index += step;
            cards >>= step;
        }
    return index;
#endif
}

static inline int
bit_length(uint64_t value) /* int.bit_length(): 0 for 0, else one more than the top bit's index */
{
#if defined(SEVENS_RU_BITS_GCC)
    return value ? 64 - __builtin_clzll(value) : 0;
#elif defined(SEVENS_RU_BITS_MSVC)
    unsigned long index;
#ifdef SEVENS_RU_SCAN64
    return _BitScanReverse64(&index, value) ? (int)index + 1 : 0;
#else
    if (_BitScanReverse(&index, (unsigned long)(value >> 32)))
        return (int)index + 33;
    return _BitScanReverse(&index, (unsigned long)(value & 0xFFFFFFFFu)) ? (int)index + 1 : 0;
#endif
#else
    int bits = 0;
    for (int step = 32; step > 0; step /= 2)
        if (value >> step) {
            bits += step;
            value >>= step;
        }
    return bits + (int)value;
#endif
}

static inline uint64_t
swap_bytes(uint64_t word) /* the eight bytes in the other order */
{
#if defined(SEVENS_RU_BITS_GCC)
    return __builtin_bswap64(word);
#elif defined(SEVENS_RU_BITS_MSVC)
    return _byteswap_uint64(word);
#else
    const uint64_t bytes = UINT64_C(0x00FF00FF00FF00FF), pairs = UINT64_C(0x0000FFFF0000FFFF);
    word = (word & bytes) << 8 | (word >> 8 & bytes);
    word = (word & pairs) << 16 | (word >> 16 & pairs);
    return word << 32 | word >> 32;
#endif
}

/* SWAR, with every compiler: no library call where the compiler may not use POPCNT
 * (and no __popcnt64, which MSVC emits as POPCNT whatever the processor). */
static inline int
count(uint64_t cards)
{
    cards -= cards >> 1 & UINT64_C(0x5555555555555555);
    cards = (cards & UINT64_C(0x3333333333333333)) + (cards >> 2 & UINT64_C(0x3333333333333333));
    cards = (cards + (cards >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((cards * UINT64_C(0x0101010101010101)) >> 56);
}

static inline int
nth_card(uint64_t cards, long long n) /* the index of card n (from 0) of a set, lowest first */
{
    while (n-- > 0)
        cards &= cards - 1;
    return lowest(cards);
}

/* -- uniform draws from random words ---------------------------------------------- */

/* The 128-bit product of a word and a bound below 2**32, as its high and low words (plain
 * C: the same on every compiler; numpy computes it the same way, games/lockstep.py). */
static inline void
multiply_word(uint64_t word, uint64_t bound, uint64_t *high, uint64_t *low)
{
    uint64_t low_part = (word & 0xFFFFFFFFu) * bound;
    uint64_t high_part = (word >> 32) * bound + (low_part >> 32);
    *high = high_part >> 32;
    *low = high_part << 32 | (low_part & 0xFFFFFFFFu);
}

/* A uniformly random number below `bound` (1 to 2**32 - 1) from the 64-bit words
 * words[*next], words[*next + 1], ... (Lemire's method: exactly uniform, a word a draw
 * but for about one draw in 2**58, which takes another); -1 if the words ran out. */
static inline int64_t
word_below(const uint64_t *words, Py_ssize_t total, Py_ssize_t *next, uint64_t bound)
{
    uint64_t high, low;
    if (*next >= total)
        return -1;
    multiply_word(words[(*next)++], bound, &high, &low);
    if (low < bound) {
        uint64_t threshold = (0 - bound) % bound;
        while (low < threshold) {
            if (*next >= total)
                return -1;
            multiply_word(words[(*next)++], bound, &high, &low);
        }
    }
    return (int64_t)high;
}

/* Shuffle order[0 .. cards - 1] (Fisher and Yates: for i from cards - 1 down to 1, swap
 * i with a number below i + 1), drawing from the words; -1 if they ran out. */
static inline int
shuffle_words(signed char *order, int cards, const uint64_t *words, Py_ssize_t total,
              Py_ssize_t *next)
{
    for (int last = cards - 1; last > 0; last--) {
        int64_t other = word_below(words, total, next, (uint64_t)last + 1);
        if (other < 0)
            return -1;
        signed char kept = order[last];
        order[last] = order[other];
        order[other] = kept;
    }
    return 0;
}

/* -- ints to and from C ------------------------------------------------------------- */

typedef struct {
    uint64_t lo, hi; /* bits 0-63 and 64-127 */
} Words;

/* Where CPython's layout of an int is known (3.10 to 3.13), its digits are read and
 * written directly; elsewhere through the public byte API. */
#if PY_VERSION_HEX < 0x030E0000
#define DIGIT_ACCESS 1
#if PY_VERSION_HEX >= 0x030C0000
#define DIGITS(value) (((PyLongObject *)(value))->long_value.ob_digit)
#define DIGIT_COUNT(value) \
    ((Py_ssize_t)(((PyLongObject *)(value))->long_value.lv_tag >> _PyLong_NON_SIZE_BITS))
#define NEGATIVE(value) \
    ((((PyLongObject *)(value))->long_value.lv_tag & _PyLong_SIGN_MASK) == 2)
#else
#define DIGITS(value) (((PyLongObject *)(value))->ob_digit)
#define DIGIT_COUNT(value) Py_ABS(Py_SIZE(value))
#define NEGATIVE(value) (Py_SIZE(value) < 0)
#endif
#endif

/* A non-negative int below 2**128 as two words; -1 with an error for anything else. */
static inline int
int_to_words(PyObject *value, Words *words)
{
#ifdef DIGIT_ACCESS
    if (PyLong_CheckExact(value) && !NEGATIVE(value)) {
        uint64_t lo = 0, hi = 0;
        for (Py_ssize_t digit = DIGIT_COUNT(value) - 1; digit >= 0; digit--) {
            if (hi >> (64 - PyLong_SHIFT))
                goto overflow;
            hi = hi << PyLong_SHIFT | lo >> (64 - PyLong_SHIFT);
            lo = lo << PyLong_SHIFT | DIGITS(value)[digit];
        }
        words->lo = lo;
        words->hi = hi;
        return 0;
    }
#endif
    unsigned char bytes[16];
    if (!PyLong_Check(value)) {
        PyErr_Format(PyExc_TypeError, "expected an int, not %.100s", Py_TYPE(value)->tp_name);
        return -1;
    }
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t size = PyLong_AsNativeBytes(
        value, bytes, sizeof bytes,
        Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER |
            Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    if (size < 0)
        return -1;
    if ((size_t)size > sizeof bytes)
        goto overflow;
#else
    if (_PyLong_AsByteArray((PyLongObject *)value, bytes, sizeof bytes, 1, 0) < 0)
        return -1;
#endif
    words->lo = words->hi = 0;
    for (int byte = 7; byte >= 0; byte--) {
        words->lo = words->lo << 8 | bytes[byte];
        words->hi = words->hi << 8 | bytes[8 + byte];
    }
    return 0;
overflow:
    PyErr_SetString(PyExc_OverflowError, "the engine's ints have at most 128 bits");
    return -1;
}

static inline PyObject *
words_to_int(Words words)
{
    if (!words.hi)
        return PyLong_FromUnsignedLongLong(words.lo);
#ifdef DIGIT_ACCESS
    digit digits[128 / PyLong_SHIFT + 1];
    Py_ssize_t used = 0;
    while (words.lo || words.hi) {
        digits[used++] = (digit)(words.lo & PyLong_MASK);
        words.lo = words.lo >> PyLong_SHIFT | words.hi << (64 - PyLong_SHIFT);
        words.hi >>= PyLong_SHIFT;
    }
#if PY_VERSION_HEX >= 0x030C0000
    return (PyObject *)_PyLong_FromDigits(0, used, digits);
#else
    PyLongObject *value = _PyLong_New(used);
    if (value != NULL)
        memcpy(value->ob_digit, digits, (size_t)used * sizeof(digit));
    return (PyObject *)value;
#endif
#else
    unsigned char bytes[16];
    for (int byte = 0; byte < 8; byte++) {
        bytes[byte] = (unsigned char)(words.lo >> (8 * byte));
        bytes[8 + byte] = (unsigned char)(words.hi >> (8 * byte));
    }
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(bytes, sizeof bytes, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(bytes, sizeof bytes, 1, 0);
#endif
#endif
}

static inline int
card_set_of(PyObject *value, int pack, uint64_t *cards) /* a card set of a pack of that size */
{
    Words words;
    if (int_to_words(value, &words) < 0)
        return -1;
    if (words.hi || words.lo > PACK_CARDS(pack)) {
        PyErr_Format(PyExc_ValueError, "a card set of a %d-card pack has %d bits", pack, pack);
        return -1;
    }
    *cards = words.lo;
    return 0;
}

/* A new tuple (or, with as_list, a list) of the card sets as ints, or NULL. */
static inline PyObject *
card_sets_to_ints(const uint64_t *sets, Py_ssize_t total, int as_list)
{
    PyObject *ints = as_list ? PyList_New(total) : PyTuple_New(total);
    for (Py_ssize_t position = 0; ints != NULL && position < total; position++) {
        PyObject *set = PyLong_FromUnsignedLongLong(sets[position]);
        if (set == NULL)
            Py_CLEAR(ints);
        else if (as_list)
            PyList_SET_ITEM(ints, position, set);
        else
            PyTuple_SET_ITEM(ints, position, set);
    }
    return ints;
}

static inline int
small_int(PyObject *value, long low, long high, const char *what, long *result)
{
    long number = PyLong_Check(value) ? PyLong_AsLong(value) : -1;
    if (number == -1 && PyErr_Occurred())
        return -1;
    if (!PyLong_Check(value) || number < low || number > high) {
        PyErr_Format(PyExc_ValueError, "%s must be an int from %ld to %ld", what, low, high);
        return -1;
    }
    *result = number;
    return 0;
}

static inline int
index_below(PyObject *value, int limit, int *index) /* 0 and an int from 0 to limit - 1, or 1 */
{
    if (!PyLong_CheckExact(value))
        return 1;
    long number = PyLong_AsLong(value);
    if (number == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 1;
    }
    if (number < 0 || number >= limit)
        return 1;
    *index = (int)number;
    return 0;
}

/* -- the engine's objects ------------------------------------------------------------ */

/* The offset of slot `names[position]` of the class `owner` (an object slot of its
 * __slots__), found from its descriptor; -1 with a TypeError if it is no such slot. */
static inline int
slot_offset(PyObject *owner, PyObject *names, Py_ssize_t position, Py_ssize_t *offset)
{
    PyObject *name = PyTuple_GetItem(names, position);
    if (name == NULL)
        return -1;
    PyObject *descriptor = PyObject_GetAttr(owner, name);
    if (descriptor == NULL)
        return -1;
    int good = Py_IS_TYPE(descriptor, &PyMemberDescr_Type) &&
               ((PyMemberDescrObject *)descriptor)->d_member->type == T_OBJECT_EX;
    if (good)
        *offset = ((PyMemberDescrObject *)descriptor)->d_member->offset;
    else
        PyErr_Format(PyExc_TypeError, "%R is not a slot of %R", name, owner);
    Py_DECREF(descriptor);
    return good ? 0 : -1;
}

/* Slots are read and written at their offsets (found by slot_offset() from their
 * descriptors): 1.33x faster api than PyObject_GenericGetAttr()/GenericSetAttr() in
 * benchmarks/run.py, 2026-12-02. */
static inline PyObject *
slot(PyObject *owner, Py_ssize_t offset) /* borrowed; NULL if unset */
{
    return *(PyObject **)((char *)owner + offset);
}

/* Set an object's slot to a new reference (stolen), releasing the one it held. */
static inline void
set_slot(PyObject *owner, Py_ssize_t offset, PyObject *value)
{
    PyObject **where = (PyObject **)((char *)owner + offset);
    PyObject *old = *where;
    *where = value;
    Py_XDECREF(old);
}

/* -- the interned names (module.c) --------------------------------------------------- */

extern PyObject *S_random, *S_getrandbits, *S_rank_by_passes, *S_place_numbering, *S_dense,
    *S_randrange, *S_shuffle, *S__randbelow, *S_cards, *S_seats, *S_counts;

#endif /* SEVENS_RU_COMMON_H */
