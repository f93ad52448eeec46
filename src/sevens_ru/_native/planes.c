/* The observation planes both games write (see planes.h): the tables a card plane is
 * copied from, the checks of the caller's arrays, and the module function
 * action_mask(). */
#include "planes.h"

#include "args.h"

float BYTE_PLANES[256][8];
int64_t BYTE_BITS[256];
int64_t BYTE_FULL[256];

void
planes_init(void)
{
    for (int byte = 0; byte < 256; byte++) {
        unsigned char entries[8], full[8];
        for (int bit = 0; bit < 8; bit++) {
            BYTE_PLANES[byte][bit] = (float)(byte >> bit & 1);
            entries[bit] = (unsigned char)(byte >> bit & 1);
            full[bit] = (unsigned char)(byte >> bit & 1 ? 255 : 0);
        }
        memcpy(&BYTE_BITS[byte], entries, sizeof entries);
        memcpy(&BYTE_FULL[byte], full, sizeof full);
    }
}

/* The struct format of a buffer's items, without its byte order. */
static const char *
item_format(const Py_buffer *view)
{
    const char *format = view->format == NULL ? "B" : view->format;
    if (*format == '<' || *format == '=' || *format == '@')
        format++;
    return format;
}

static const char *
type_name(char type) /* numpy's name of an item type of planes_array() */
{
    return type == 'f' ? "float32" : type == 'b' ? "int8" : type == 'B' ? "uint8" : "bool";
}

int
planes_array(PyObject *array, Py_buffer *view, char type, Py_ssize_t items, const char *what)
{
    if (PyObject_GetBuffer(array, view, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    const char *format = item_format(view);
    Py_ssize_t itemsize = type == 'f' ? 4 : 1;
    if (format[0] != type || format[1] != '\0' || view->itemsize != itemsize ||
        (items >= 0 && view->len != items * itemsize)) {
        PyBuffer_Release(view);
        if (items >= 0)
            PyErr_Format(PyExc_ValueError, "%s must be a writable %s array of %zd entries", what,
                         type_name(type), items);
        else
            PyErr_Format(PyExc_ValueError, "%s must be a writable %s array", what,
                         type_name(type));
        return -1;
    }
    return 0;
}

int
planes_kind_array(PyObject *array, Py_buffer *view, Py_ssize_t items, const char *what,
                  Kind *kind)
{
    if (PyObject_GetBuffer(array, view, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    const char *format = item_format(view);
    int known = format[1] == '\0' && (format[0] == 'f' || format[0] == 'B' || format[0] == '?');
    if (known) {
        *kind = format[0] == 'f' ? KIND_FLOAT32 : format[0] == 'B' ? KIND_UINT8 : KIND_BOOL;
        known = view->itemsize == (*kind == KIND_FLOAT32 ? 4 : 1) &&
                view->len == items * view->itemsize;
    }
    if (!known) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_ValueError,
                     "%s must be a writable float32, uint8 or bool array of %zd entries", what,
                     items);
        return -1;
    }
    return 0;
}

static int
int_array(PyObject *array, Py_buffer *view, char type, Py_ssize_t items, const char *what,
          int writable)
{
    int flags = (writable ? PyBUF_WRITABLE : 0) | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS;
    if (PyObject_GetBuffer(array, view, flags) < 0)
        return -1;
    const char *format = item_format(view);
    Py_ssize_t itemsize = type == 'q' || type == 'Q' || type == 'd' ? 8 : type == 'i' ? 4 : 1;
    int good = format[1] == '\0' && view->itemsize == itemsize && view->len == items * itemsize;
    if (type == 'q')
        good = good && (format[0] == 'q' || (format[0] == 'l' && sizeof(long) == 8));
    else if (type == 'Q')
        good = good && (format[0] == 'Q' || (format[0] == 'L' && sizeof(long) == 8));
    else if (type == 'i')
        good = good && (format[0] == 'i' || (format[0] == 'l' && sizeof(long) == 4));
    else
        good = good && format[0] == type;
    if (!good) {
        PyBuffer_Release(view);
        const char *name = type == 'q'   ? "int64"
                           : type == 'Q' ? "uint64"
                           : type == 'i' ? "int32"
                           : type == 'd' ? "float64"
                                         : "bool";
        PyErr_Format(PyExc_ValueError, "%s must be a contiguous%s %s array of %zd entries", what,
                     writable ? " writable" : "", name, items);
        return -1;
    }
    return 0;
}

int
planes_int_array(PyObject *array, Py_buffer *view, char type, Py_ssize_t items, const char *what)
{
    return int_array(array, view, type, items, what, 0);
}

int
planes_state_array(PyObject *array, Py_buffer *view, char type, Py_ssize_t items,
                   const char *what)
{
    return int_array(array, view, type, items, what, 1);
}

int
planes_outputs(PyObject *arrays, Views *views, Py_ssize_t size, int players, int partial,
               Outputs *out)
{
    if (!PyTuple_CheckExact(arrays) || PyTuple_GET_SIZE(arrays) != 6) {
        PyErr_SetString(PyExc_TypeError, "the outputs are a tuple of 6 arrays");
        return -1;
    }
    if (planes_kind_array(PyTuple_GET_ITEM(arrays, 0), NEXT_VIEW(views), size * out->width,
                          "observations", &out->kind) < 0)
        return -1;
    out->observations = views->views[views->held++].buf;
    if (planes_array(PyTuple_GET_ITEM(arrays, 1), NEXT_VIEW(views), 'b', size * out->actions,
                     "masks") < 0)
        return -1;
    out->masks = views->views[views->held++].buf;
    if (planes_state_array(PyTuple_GET_ITEM(arrays, 2), NEXT_VIEW(views), 'q', size, "seats") < 0)
        return -1;
    out->seats = views->views[views->held++].buf;
    if (partial)
        return 0;
    static const char *const names[3] = {"rewards", "terminated", "returns"};
    void *buffers[3];
    for (int which = 0; which < 3; which++) {
        if (planes_state_array(PyTuple_GET_ITEM(arrays, 3 + which), NEXT_VIEW(views),
                               which == 1 ? '?' : 'd', which == 2 ? size * players : size,
                               names[which]) < 0)
            return -1;
        buffers[which] = views->views[views->held++].buf;
    }
    out->rewards = buffers[0];
    out->terminated = buffers[1];
    out->returns = buffers[2];
    return 0;
}

int
planes_chosen(PyObject *chosen, Views *views, Py_ssize_t size, const int64_t **numbers,
              Py_ssize_t *count)
{
    *numbers = NULL;
    *count = size;
    if (chosen == Py_None)
        return 0;
    if ((*count = PyObject_Length(chosen)) < 0 ||
        planes_int_array(chosen, NEXT_VIEW(views), 'q', *count, "chosen") < 0)
        return -1;
    *numbers = views->views[views->held++].buf;
    for (Py_ssize_t row = 0; row < *count; row++)
        if ((*numbers)[row] < 0 || (*numbers)[row] >= size) {
            PyErr_SetString(PyExc_ValueError, "a game number is out of range");
            return -1;
        }
    return 0;
}

PyDoc_STRVAR(action_mask_doc, "action_mask(array, legal)\n--\n\n"
                              "Write bit a of the int legal into entry a of the int8 array\n"
                              "(0 or 1), for every entry: sevens_ru._planes.mask_into().");

#define MAX_ACTIONS 4096

static PyObject *
sp_action_mask(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *array, *legal;
    if (args_parse("action_mask", MAX_CARDS, args, nargs, "OO", &array, &legal) < 0)
        return NULL;
    if (!PyLong_Check(legal)) {
        PyErr_SetString(PyExc_TypeError, "action_mask(array, legal: int)");
        return NULL;
    }
    Py_buffer checked;
    if (planes_array(array, &checked, 'b', -1, "mask_into(): the array") < 0)
        return NULL;
    Py_ssize_t size = checked.len;
    if (size > MAX_ACTIONS) {
        PyBuffer_Release(&checked);
        PyErr_Format(PyExc_ValueError,
                     "action_mask() writes into a writable int8 array of at most %d entries",
                     MAX_ACTIONS);
        return NULL;
    }
    unsigned char bytes[MAX_ACTIONS / 8];
    size_t used = (size_t)(size + 7) / 8;
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t needed = PyLong_AsNativeBytes(legal, bytes, (Py_ssize_t)used,
                                             Py_ASNATIVEBYTES_LITTLE_ENDIAN |
                                                 Py_ASNATIVEBYTES_UNSIGNED_BUFFER |
                                                 Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    int fits = needed >= 0 && (size_t)needed <= used;
#else
    int fits = _PyLong_AsByteArray((PyLongObject *)legal, bytes, used, 1, 0) == 0;
#endif
    if (fits && size % 8 && bytes[used - 1] >> (size % 8))
        fits = 0;
    if (!fits) {
        PyBuffer_Release(&checked);
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "action_mask(): legal must be an int from 0 to 2**%zd - 1",
                     size);
        return NULL;
    }
    signed char *out = checked.buf;
    memset(out, 0, (size_t)size);
    for (size_t byte = 0; byte < used; byte++)
        for (unsigned bits = bytes[byte]; bits; bits &= bits - 1)
            out[8 * byte + (size_t)lowest(bits)] = 1;
    PyBuffer_Release(&checked);
    Py_RETURN_NONE;
}

PyMethodDef planes_methods[] = {
    {"action_mask", (PyCFunction)(void (*)(void))sp_action_mask, METH_FASTCALL, action_mask_doc},
    {NULL, NULL, 0, NULL},
};
