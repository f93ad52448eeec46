/* The module sevens_ru._speedups: its definition, its init, the names it interns, and
 * its method table, assembled from each game's table and the shared ones. */
#include "common.h"

#include "kernels.h"
#include "planes.h"
#include "shake.h"

PyObject *S_random, *S_getrandbits, *S_rank_by_passes, *S_place_numbering, *S_dense,
    *S_randrange, *S_shuffle, *S__randbelow, *S_cards, *S_seats, *S_counts;

/* The tables the module's functions come from, in order: each game's, then the shared. */
static PyMethodDef *const TABLES[] = {sevens_methods, durak_methods, sevens_lockstep_methods,
                                      durak_lockstep_methods, family_methods, shake_methods,
                                      planes_methods};

#define MAX_METHODS 64

static PyMethodDef methods[MAX_METHODS + 1]; /* and the entry with no name that ends it */

static int
assemble_methods(void)
{
    int used = 0;
    for (size_t table = 0; table < sizeof TABLES / sizeof TABLES[0]; table++)
        for (const PyMethodDef *method = TABLES[table]; method->ml_name != NULL; method++) {
            if (used == MAX_METHODS) {
                PyErr_SetString(PyExc_SystemError, "sevens_ru._speedups: too many functions");
                return -1;
            }
            methods[used++] = *method;
        }
    return 0;
}

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "sevens_ru._speedups",
    "The main game's hot paths in C; see sevens_ru.common._core.",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC
PyInit__speedups(void)
{
    sevens_init();
    planes_init();
#define INTERN(name)                                                 \
    if ((S_##name = PyUnicode_InternFromString(#name)) == NULL)     \
        return NULL;
    INTERN(random)
    INTERN(getrandbits)
    INTERN(rank_by_passes)
    INTERN(place_numbering)
    INTERN(dense)
    INTERN(randrange)
    INTERN(shuffle)
    INTERN(_randbelow)
    INTERN(cards)
    INTERN(seats)
    INTERN(counts)
#undef INTERN
    if (assemble_methods() < 0)
        return NULL;
    return PyModule_Create(&module_def);
}
