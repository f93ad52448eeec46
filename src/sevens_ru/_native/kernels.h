/* What each game's kernels (games/<game>/_kernels.c) give module.c: the game's method
 * table, ended by an entry with no name, and the init that fills its tables. */
#ifndef SEVENS_RU_KERNELS_H
#define SEVENS_RU_KERNELS_H

#include "common.h"

extern PyMethodDef sevens_methods[];
void sevens_init(void);

extern PyMethodDef durak_methods[];

#endif /* SEVENS_RU_KERNELS_H */
