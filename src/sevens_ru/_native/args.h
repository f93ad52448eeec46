/* The one argument parser of the module's functions (args.c): every function that takes
 * positional arguments (METH_FASTCALL) reads them with args_parse(). */
#ifndef SEVENS_RU_ARGS_H
#define SEVENS_RU_ARGS_H

#include "common.h"

/* A converter for '&': it reads value into `into` (0), or fails with an error (-1);
 * `players` is the number of seats of the deal read before it, 0 if none. */
typedef int (*ArgsConverter)(PyObject *value, int players, void *into);

/* The bounds and name of an 'i', as the variable arguments must have them. */
#define ARGS_RANGE(low, high, what) (long)(low), (long)(high), (const char *)(what)

/* Read the positional arguments of `function`: exactly one per letter of `format`, in
 * order, each into the pointers that follow, as here:
 *
 *     O   PyObject **          the object itself (borrowed)
 *     C   uint64_t *           a card set: an int of `pack` bits
 *     P   unsigned long long * an int from 0 to 2**64 - 1 (passes, 8 bits a seat)
 *     L   long *               an int that fits a C long
 *     F   double *             a float, or anything with __float__ or __index__
 *     B   int *                its truth (bool(value))
 *     i   ARGS_RANGE(low, high, what), long *
 *                              an int from low to high; what names it in the error
 *     s   const char *what, long *
 *                              a seat: an int from 0 to the number of seats of the
 *                              first deal ('H' or 'h') before it, less one
 *     H   uint64_t *hands, int *players
 *                              a deal: a tuple of 2 to 6 card sets, one per seat
 *     h   uint64_t *hands, int *players
 *                              the same in a list
 *     t   int size, PyObject **
 *                              a tuple (not a subclass) of that size
 *     &   ArgsConverter, void *
 *                              what the converter makes of it
 *
 * `pack` is the number of cards of the calling game's pack (its CARDS), which bounds
 * every card set ('C', 'H', 'h'). 0, or -1 with an error: a TypeError for the wrong number of arguments, else the first
 * argument's own error. */
int args_parse(const char *function, int pack, PyObject *const *args, Py_ssize_t nargs,
               const char *format, ...);

#endif /* SEVENS_RU_ARGS_H */
