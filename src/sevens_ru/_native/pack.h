/* A game's pack in its kernels: each games/<game>/_kernels.c defines CARDS, the number of
 * cards of the pack it plays with (its Python side's PACK), then includes this header,
 * which gives it the shared card-set functions for that pack. CARDS is a constant, so
 * every loop over it unrolls as if the size were written in. */
#ifndef SEVENS_RU_PACK_H
#define SEVENS_RU_PACK_H

#ifndef CARDS
#error "define CARDS, the number of cards of the game's pack, before including pack.h"
#endif
#if CARDS < 1 || CARDS > MAX_CARDS
#error "a pack has 1 to 64 cards"
#endif

#define ALL_CARDS PACK_CARDS(CARDS) /* the whole pack as a card set */

#define card_set(value, cards) card_set_of((value), CARDS, (cards))
#define card_plane(out, cards) card_plane_of((out), (cards), CARDS)
#define mask_bytes(out, cards) mask_bytes_of((out), (cards), CARDS)
#define parse_args(function, ...) args_parse((function), CARDS, __VA_ARGS__)

#endif /* SEVENS_RU_PACK_H */
