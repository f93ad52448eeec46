/* Old Durak's rules on packed facts (D5-D13), for the compiled core's functions of states
 * (_kernels.c) and of the vector environments' batches (batch/_lockstep.c).
 *
 * A game is a Durak: the facts of sevens_ru.games.durak.state.GameState as C values. Its
 * functions compute exactly what sevens_ru.games.durak.game and .actions compute: the
 * legal actions in their numbering (leads 0-134, covers 135-1250, the take 1251), a move
 * with its joins (D7) and the settling of a bout (D9-D13), and the observation of
 * sevens_ru.games.durak.encode. Card i is bit i of a card set, DECK[i] (suit * 9 + rank
 * - 6); the short deck's cards are the same bits. */
#ifndef SEVENS_RU_DURAK_H
#define SEVENS_RU_DURAK_H

#include "common.h"

#include "planes.h"

#define DURAK_SEATS 4
#define DURAK_LEADS 135    /* 9 ranks x 15 sets of suits */
#define DURAK_TAKE 1251    /* the last action */
#define DURAK_ACTIONS 1252
#define DURAK_MOST_LEGAL 160 /* at most 135 leads, or 4 x 35 covers and the take */
#define DURAK_RANK UINT64_C(0x8040201) /* the four cards of the lowest rank: 6♣ 6♦ 6♥ 6♠ */

/* The observation's length for n players: 6 planes, the others' known cards, 4 n, 1. */
#define DURAK_OBSERVATION(players) (181 + 40 * (players))

/* The sets of suits of a lead, in the order of its place (actions._SUIT_SETS), and per set
 * of suits held of a rank, the places of the leads it allows (actions._LEAD_PATTERN). */
static const unsigned char DURAK_SUIT_SETS[15] = {1, 2, 4, 8, 3, 5, 9, 6, 10, 12, 7, 11, 13, 14, 15};
static const unsigned short DURAK_LEAD_PATTERN[16] = {0,   1,    2,   19,   4,    37,
                                                      134, 1207, 8,   73,   266,  2395,
                                                      524, 4717, 9102, 32767};
/* Per attacking card, its first cover action (actions._COVER_BASE). */
static const unsigned short DURAK_COVER_BASE[36] = {
    135, 170, 204, 237, 269, 300, 330, 359, 387, 414, 449, 483,  516,  548,  579,  609,  638,  666,
    693, 728, 762, 795, 827, 858, 888, 917, 945, 972, 1007, 1041, 1074, 1106, 1137, 1167, 1196, 1224};

/* A game's facts, in types of fixed widths: the vector environments keep their games as
 * numpy records of this layout (batch/_lockstep.py, LAYOUT). */
typedef struct {
    uint64_t hands[DURAK_SEATS]; /* what each seat holds */
    uint64_t dealt[DURAK_SEATS]; /* the hands as dealt (the batches' games only) */
    uint64_t attack, uncovered, covers, aside;
    uint64_t shown;     /* the cards on the table so far (D17; the batches' games only) */
    int64_t take_limit; /* D13 */
    int64_t bouts, takes;
    int64_t out[DURAK_SEATS]; /* the bout after which each seat went out, 0 while in (D11) */
    int32_t players;
    int32_t trump;  /* the trump card's index (D4) */
    int32_t dealer; /* D2 */
    int32_t whole;  /* whether the whole pack was dealt: the dealer's trump card is then
                     * known while the dealer holds it (D4) */
    int32_t attacker, defender; /* -1 once the game is over */
    int32_t mover;              /* the seat that made the last move (the batches' games only) */
    int32_t spare;
} Durak;

/* The cards that cover card `card` when the suit `trumps` is trump (D8; state.BEATEN_BY). */
static inline uint64_t
durak_beaten_by(int card, int trumps)
{
    int suit = card / 9;
    uint64_t higher = (UINT64_C(1) << (9 * suit + 9)) - (UINT64_C(1) << (card + 1));
    return suit == trumps ? higher : higher | UINT64_C(0x1FF) << (9 * trumps);
}

static inline int
durak_to_move(const Durak *game) /* the seat to move, -1 once over */
{
    return game->attacker < 0 ? -1 : game->attack ? game->defender : game->attacker;
}

/* The legal actions, ascending, into `actions`; their count (0 once over). */
static inline int
durak_legal(const Durak *game, short *actions)
{
    int found = 0;
    if (game->attacker < 0)
        return 0;
    if (!game->attack) { /* D6: the leads, by rank, then by the place of their suits */
        uint64_t hand = game->hands[game->attacker];
        for (int rank = 0; rank < 9; rank++) {
            unsigned suits = (unsigned)((hand >> rank & 1) | (hand >> (rank + 8) & 2) |
                                        (hand >> (rank + 16) & 4) | (hand >> (rank + 24) & 8));
            for (unsigned places = DURAK_LEAD_PATTERN[suits]; places; places &= places - 1)
                actions[found++] = (short)(15 * rank + lowest(places));
        }
        return found;
    }
    uint64_t hand = game->hands[game->defender]; /* D8, D9: the covers, then the take */
    for (uint64_t left = game->uncovered; left; left &= left - 1) {
        int attack = lowest(left), start = attack - attack % 9;
        for (uint64_t covers = hand & durak_beaten_by(attack, game->trump / 9); covers;
             covers &= covers - 1) {
            int cover = lowest(covers); /* never from start to attack: they do not beat it */
            actions[found++] =
                (short)(DURAK_COVER_BASE[attack] + (cover < start ? cover : cover - (attack - start + 1)));
        }
    }
    actions[found++] = DURAK_TAKE;
    return found;
}

/* Settle the bout (D9-D13), the take count after it being `takes`: the next bout's attacker
 * and defender among the seats with cards (D5), or the end. */
static inline void
durak_settle(Durak *game, int64_t takes)
{
    int players = game->players, holders = 0;
    game->bouts++;
    for (int seat = 0; seat < players; seat++) {
        if (game->hands[seat])
            holders++;
        else if (!game->out[seat]) /* D11: out once the bout is settled */
            game->out[seat] = game->bouts;
    }
    game->attack = game->uncovered = game->covers = 0;
    game->takes = takes;
    if (holders < 2 || takes >= game->take_limit) { /* D12, D13 */
        game->attacker = game->defender = -1;
        return;
    }
    int beaten = game->defender, attacker = beaten, defender = beaten;
    if (takes || !game->hands[beaten]) /* D9, D10: the next seat with cards leads */
        for (int step = 0; step < players; step++) {
            attacker = attacker + 1 < players ? attacker + 1 : 0;
            if (game->hands[attacker])
                break;
        }
    defender = attacker;
    for (int step = 0; step < players; step++) { /* D5: the next seat with cards */
        defender = defender + 1 < players ? defender + 1 : 0;
        if (game->hands[defender])
            break;
    }
    game->attacker = attacker;
    game->defender = defender;
}

/* Make action `action` for the seat to move: 0, or 1 (nothing changed) if it is not legal. */
static inline int
durak_play(Durak *game, int action)
{
    if (game->attacker < 0 || action < 0 || action >= DURAK_ACTIONS)
        return 1;
    if (!game->attack) { /* D6: a lead; then the others join, from the attacker's left (D7) */
        if (action >= DURAK_LEADS)
            return 1;
        int rank = action / 15, attacker = game->attacker;
        unsigned suits = DURAK_SUIT_SETS[action % 15];
        uint64_t lead = 0, same = DURAK_RANK << rank;
        for (int suit = 0; suit < 4; suit++)
            if (suits >> suit & 1)
                lead |= UINT64_C(1) << (9 * suit + rank);
        if (lead & ~game->hands[attacker])
            return 1;
        game->hands[attacker] ^= lead;
        uint64_t attack = lead;
        for (int step = 1, seat = attacker; step < game->players; step++) {
            seat = seat + 1 < game->players ? seat + 1 : 0;
            uint64_t joined = game->hands[seat] & same;
            game->hands[seat] ^= joined;
            attack |= joined;
        }
        game->attack = game->uncovered = attack;
        game->covers = 0;
        return 0;
    }
    int defender = game->defender;
    if (action == DURAK_TAKE) { /* D9: the bout's cards to the defender */
        game->hands[defender] |= game->attack | game->covers;
        durak_settle(game, game->takes + 1);
        return 0;
    }
    if (action < DURAK_LEADS)
        return 1;
    int attack = 35;
    while (DURAK_COVER_BASE[attack] > action)
        attack--;
    int start = attack - attack % 9, offset = action - DURAK_COVER_BASE[attack];
    int cover = offset < start ? offset : offset + attack - start + 1;
    uint64_t attack_bit = UINT64_C(1) << attack, cover_bit = UINT64_C(1) << cover;
    if (!(game->uncovered & attack_bit) || !(game->hands[defender] & cover_bit) ||
        !(durak_beaten_by(attack, game->trump / 9) & cover_bit))
        return 1;
    game->hands[defender] ^= cover_bit; /* D8 */
    game->uncovered ^= attack_bit;
    game->covers |= cover_bit;
    if (!game->uncovered) { /* D10: every card covered, the bout's cards set aside */
        game->aside |= game->attack | game->covers;
        durak_settle(game, 0);
    }
    return 0;
}

/* The seat that lost (D12), -1 in a draw or while the game goes on. */
static inline int
durak_loser(const Durak *game)
{
    int loser = -1;
    if (game->attacker >= 0)
        return -1;
    for (int seat = 0; seat < game->players; seat++)
        if (game->hands[seat]) {
            if (loser >= 0)
                return -1;
            loser = seat;
        }
    return loser;
}

/* Write the observation of `seat` (encode.observation_of) into `row`, in `kind`, given the
 * cards that have been on the table so far (`shown`, D17). */
static inline void
durak_observe(const Durak *game, int seat, uint64_t shown, void *row, Kind kind)
{
    int players = game->players;
    uint64_t trump = UINT64_C(1) << game->trump;
    put_plane(row, 0, game->hands[seat], 36, kind);
    put_plane(row, 36, trump, 36, kind);
    put_plane(row, 72, game->uncovered, 36, kind);
    put_plane(row, 108, game->attack & ~game->uncovered, 36, kind);
    put_plane(row, 144, game->covers, 36, kind);
    put_plane(row, 180, game->aside, 36, kind);
    Py_ssize_t at = 216;
    for (int k = 1; k < players; k++, at += 36) { /* what is known of the others' hands (D17) */
        int other = (seat + k) % players;
        uint64_t known = game->hands[other] & shown;
        if (game->whole && other == game->dealer)
            known |= game->hands[other] & trump;
        put_plane(row, at, known, 36, kind);
    }
    int attacker = game->attacker, defender = game->defender;
    for (int k = 0; k < players; k++) {
        int other = (seat + k) % players;
        put_value(row, at + k, (float)(game->out[other] > 0), kind);
        put_value(row, at + players + k,
                  (float)(attacker >= 0 && (attacker - seat + players) % players == k), kind);
        put_value(row, at + 2 * players + k,
                  (float)(defender >= 0 && (defender - seat + players) % players == k), kind);
        put_value(row, at + 3 * players + k, scaled(count(game->hands[other]), 36), kind);
    }
    put_value(row, at + 4 * players, (float)((double)game->takes / (double)game->take_limit), kind);
}

/* Write the legal actions of `seat` as 0 or 1 into the DURAK_ACTIONS entries of `mask`
 * (all 0 unless it is to move); their count. */
static inline int
durak_mask(const Durak *game, int seat, unsigned char *mask)
{
    short actions[DURAK_MOST_LEGAL];
    memset(mask, 0, DURAK_ACTIONS);
    if (durak_to_move(game) != seat)
        return 0;
    int found = durak_legal(game, actions);
    for (int number = 0; number < found; number++)
        mask[actions[number]] = 1;
    return found;
}

#endif /* SEVENS_RU_DURAK_H */
