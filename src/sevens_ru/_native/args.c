/* The one argument parser of the module's functions: args_parse() (see args.h). */
#include "args.h"

#include <stdarg.h>

static int
read_deal(PyObject *deal, int is_list, const char *function, int pack, uint64_t *hands,
          int *players)
{
    Py_ssize_t size = is_list ? (PyList_Check(deal) ? PyList_GET_SIZE(deal) : -1)
                              : (PyTuple_Check(deal) ? PyTuple_GET_SIZE(deal) : -1);
    if (size < 2 || size > MAX_SEATS) {
        if (is_list)
            PyErr_Format(PyExc_TypeError, "%s() takes a list of 2 to 6 hands", function);
        else
            PyErr_SetString(PyExc_TypeError, "a deal is a tuple of 2 to 6 card sets");
        return -1;
    }
    *players = (int)size;
    for (int seat = 0; seat < *players; seat++) {
        PyObject *hand = is_list ? PyList_GET_ITEM(deal, seat) : PyTuple_GET_ITEM(deal, seat);
        if (card_set_of(hand, pack, &hands[seat]) < 0)
            return -1;
    }
    return 0;
}

int
args_parse(const char *function, int pack, PyObject *const *args, Py_ssize_t nargs,
           const char *format, ...)
{
    Py_ssize_t expected = 0;
    int objects = 1; /* whether every letter is 'O', as for the functions called every move */
    for (; format[expected]; expected++)
        objects &= format[expected] == 'O';
    if (nargs != expected) {
        PyErr_Format(PyExc_TypeError, "%s() takes %zd arguments (%zd given)", function, expected,
                     nargs);
        return -1;
    }
    int players = 0, failed = 0;
    va_list into;
    va_start(into, format);
    if (objects) { /* the objects themselves: no letter to look at */
        for (Py_ssize_t position = 0; position < nargs; position++)
            *va_arg(into, PyObject **) = args[position];
        va_end(into);
        return 0;
    }
    for (Py_ssize_t position = 0; position < nargs && !failed; position++) {
        PyObject *value = args[position];
        switch (format[position]) {
        case 'O':
            *va_arg(into, PyObject **) = value;
            break;
        case 'C':
            failed = card_set_of(value, pack, va_arg(into, uint64_t *)) < 0;
            break;
        case 'P': {
            unsigned long long *number = va_arg(into, unsigned long long *);
            *number = PyLong_AsUnsignedLongLong(value);
            failed = *number == (unsigned long long)-1 && PyErr_Occurred();
            break;
        }
        case 'L': {
            long *number = va_arg(into, long *);
            *number = PyLong_AsLong(value);
            failed = *number == -1 && PyErr_Occurred();
            break;
        }
        case 'F': {
            double *number = va_arg(into, double *);
            *number = PyFloat_AsDouble(value);
            failed = *number == -1.0 && PyErr_Occurred();
            break;
        }
        case 'B': {
            int *truth = va_arg(into, int *);
            failed = (*truth = PyObject_IsTrue(value)) < 0;
            break;
        }
        case 'i': {
            long low = va_arg(into, long), high = va_arg(into, long);
            const char *what = va_arg(into, const char *);
            failed = small_int(value, low, high, what, va_arg(into, long *)) < 0;
            break;
        }
        case 's': {
            const char *what = va_arg(into, const char *);
            failed = small_int(value, 0, players - 1, what, va_arg(into, long *)) < 0;
            break;
        }
        case 'H':
        case 'h': {
            uint64_t *hands = va_arg(into, uint64_t *);
            int *seats = va_arg(into, int *);
            failed = read_deal(value, format[position] == 'h', function, pack, hands, seats) < 0;
            if (!failed && !players)
                players = *seats;
            break;
        }
        case 't': {
            int size = va_arg(into, int);
            *va_arg(into, PyObject **) = value;
            if (!PyTuple_CheckExact(value) || PyTuple_GET_SIZE(value) != size) {
                PyErr_Format(PyExc_TypeError, "%s(): argument %zd must be a tuple of %d",
                             function, position + 1, size);
                failed = 1;
            }
            break;
        }
        case '&': {
            ArgsConverter convert = va_arg(into, ArgsConverter);
            failed = convert(value, players, va_arg(into, void *)) < 0;
            break;
        }
        default:
            PyErr_Format(PyExc_SystemError, "%s(): no argument of kind '%c'", function,
                         format[position]);
            failed = 1;
        }
    }
    va_end(into);
    return failed ? -1 : 0;
}
