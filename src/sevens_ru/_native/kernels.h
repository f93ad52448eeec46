/* What each game's kernels (games/<game>/_kernels.c, and games/<game>/batch/_lockstep.c)
 * give module.c: the game's method tables, each ended by an entry with no name, and the
 * init that fills its tables. */
#ifndef SEVENS_RU_KERNELS_H
#define SEVENS_RU_KERNELS_H

#include "common.h"

extern PyMethodDef sevens_methods[];
void sevens_init(void);

extern PyMethodDef durak_methods[];

/* Each game's games in lockstep, for the vector environments (games/<game>/batch/_lockstep.c). */
extern PyMethodDef sevens_lockstep_methods[];
extern PyMethodDef durak_lockstep_methods[];

extern PyMethodDef family_methods[];

#endif /* SEVENS_RU_KERNELS_H */
