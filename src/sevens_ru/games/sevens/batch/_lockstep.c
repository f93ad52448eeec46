/* The main game's games in lockstep for the vector environments (see
 * sevens_ru.games.sevens.batch._lockstep): one move in every game, its end, its returns and
 * the next observation and action mask written in the same pass over the games.
 *
 * The games are the arrays of a sevens_ru.batch.GameBatch, changed in place: the dealt
 * hands and the passes seat-major (seat s of game g at s * size + g), the cards on the
 * table, the playable cards, the legal cards and where the seat to play (the winner once
 * over) is in the hands, and whether each game is over. Each function computes what the
 * batch's numpy code computes (GameBatch._advance(), .returns(), and
 * sevens_ru.encode.observation_batch()), entry for entry. */
#include "common.h"

#include "args.h"
#include "kernels.h"
#include "planes.h"

#define CARDS 36 /* the 36-card Russian pack (games/sevens/deal.py, PACK) */
#include "pack.h"

#define NINE 3 /* the position of the 9 in a suit's nine bits */
#define NINE_OF_DIAMONDS (UINT64_C(1) << (9 + NINE))

static uint64_t OPENED_BY[CARDS]; /* the cards the play of each card makes playable (R9) */
static int POINTS[CARDS];         /* each card's points (R3) */
static float SIZE_VALUES[CARDS + 1], PASS_VALUES[256]; /* a hand's size / 18, passes / 36 */
static int ready;

static void
init_tables(void)
{
    static const int points[9] = {6, 7, 8, 9, 10, 2, 3, 4, 11};
    for (int index = 0; index < CARDS; index++) {
        int position = index % 9;
        if (position == NINE)
            OPENED_BY[index] = (UINT64_C(1) << (index - 1)) | (UINT64_C(1) << (index + 1));
        else if (position < NINE)
            OPENED_BY[index] = position > 0 ? UINT64_C(1) << (index - 1) : 0;
        else
            OPENED_BY[index] = position < 8 ? UINT64_C(1) << (index + 1) : 0;
        POINTS[index] = points[position];
    }
    scale_table(SIZE_VALUES, CARDS + 1, CARDS / 2);
    scale_table(PASS_VALUES, 256, CARDS);
    ready = 1;
}

/* The batch's arrays, as C sees them. */
typedef struct {
    Py_ssize_t size;
    int players;
    int64_t *hands; /* the dealt hands, seat-major */
    int64_t *table, *playable, *moves, *cursor;
    char *done;
    int32_t *passes; /* seat-major */
    double inverse;  /* 1 / size, to find a seat without a division */
} Games;

/* Read the tuple (hands, table, playable, moves, cursor, done, passes) into `games`. */
static int
read_games(PyObject *arrays, Views *views, Games *games)
{
    if (!PyTuple_CheckExact(arrays) || PyTuple_GET_SIZE(arrays) != 7) {
        PyErr_SetString(PyExc_TypeError, "the games are a tuple of the batch's 7 arrays");
        return -1;
    }
    Py_ssize_t size = PyObject_Length(PyTuple_GET_ITEM(arrays, 1));
    Py_ssize_t seats = size > 0 ? PyObject_Length(PyTuple_GET_ITEM(arrays, 0)) : -1;
    if (size < 0 || seats < 0)
        return -1;
    if (size == 0 || seats < 2 || seats > MAX_SEATS) {
        PyErr_SetString(PyExc_ValueError, "a batch of 1 game or more, of 2 to 6 players");
        return -1;
    }
    games->size = size;
    games->players = (int)seats;
    static const char *const names[7] = {"hands", "table", "playable", "moves", "cursor", "done",
                                         "passes"};
    static const char types[7] = {'q', 'q', 'q', 'q', 'q', '?', 'i'};
    void *buffers[7];
    for (int which = 0; which < 7; which++) {
        Py_ssize_t items = which == 0 || which == 6 ? seats * size : size;
        if (planes_state_array(PyTuple_GET_ITEM(arrays, which), NEXT_VIEW(views), types[which],
                               items, names[which]) < 0)
            return -1;
        buffers[which] = NEXT_VIEW(views)->buf;
        views->held++;
    }
    games->hands = buffers[0];
    games->table = buffers[1];
    games->playable = buffers[2];
    games->moves = buffers[3];
    games->cursor = buffers[4];
    games->done = buffers[5];
    games->passes = buffers[6];
    games->inverse = 1.0 / (double)size;
    return 0;
}

/* The outputs of a step of `games` (see planes_outputs()). */
static int
read_outputs(PyObject *arrays, Views *views, const Games *games, int partial, Outputs *out)
{
    out->width = 3 * CARDS + 3 * games->players;
    out->actions = CARDS;
    return planes_outputs(arrays, views, games->size, games->players, partial, out);
}

/* The seat to play in game `game` (the winner once over), from its cursor: seat * size +
 * game. -1 with a ValueError for a cursor that is not one. */
static inline int
seat_of(const Games *games, Py_ssize_t game)
{
    int64_t where = games->cursor[game] - game;
    int64_t seat = (int64_t)((double)where * games->inverse + 0.5); /* where / size, exactly */
    if (where < 0 || seat >= games->players || seat * games->size != where) {
        PyErr_SetString(PyExc_ValueError, "a game's cursor is out of range");
        return -1;
    }
    return (int)seat;
}

/* Write game `game`'s observation (sevens_ru.encode.observation of the seat to play, or of
 * the winner once over), its legal cards and its seat, at row `game` of the outputs, in
 * entries of `kind` (a constant where it is inlined: observe() below). */
static ALWAYS_INLINE void
observe_as(const Games *games, Py_ssize_t game, int seat, const Outputs *out, Kind kind)
{
    Py_ssize_t size = games->size;
    int players = games->players;
    uint64_t table = (uint64_t)games->table[game];
    void *row = output_row(out, game);
    put_plane(row, 0, (uint64_t)games->hands[seat * size + game] & ~table, CARDS, kind);
    put_plane(row, CARDS, table, CARDS, kind);
    put_plane(row, 2 * CARDS, table ? (uint64_t)games->playable[game] : NINE_OF_DIAMONDS, CARDS,
              kind);
    Py_ssize_t at = 3 * CARDS;
    for (int k = 0, other = seat; k < players; k++, other++) {
        if (other == players)
            other = 0;
        int32_t passed = games->passes[other * size + game];
        put_value(row, at + k, (float)(k == 0 && !games->done[game]), kind);
        put_value(row, at + players + k,
                  SIZE_VALUES[count((uint64_t)games->hands[other * size + game] & ~table)], kind);
        put_value(row, at + 2 * players + k,
                  0 <= passed && passed < 256 ? PASS_VALUES[passed] : scaled(passed, CARDS), kind);
    }
    mask_bytes(out->masks + game * CARDS, (uint64_t)games->moves[game]);
    out->seats[game] = seat;
}

static inline void
observe(const Games *games, Py_ssize_t game, int seat, const Outputs *out)
{
    switch (out->kind) {
    case KIND_FLOAT32:
        observe_as(games, game, seat, out, KIND_FLOAT32);
        break;
    case KIND_UINT8:
        observe_as(games, game, seat, out, KIND_UINT8);
        break;
    default:
        observe_as(games, game, seat, out, KIND_BOOL);
    }
}

/* The returns of finished game `game` (sevens_ru.returns): the seat in position p of the
 * ranking is worth (n - 1 - 2p) / (n - 1), shared places share (R15-R18). */
static inline void
game_returns(const Games *games, Py_ssize_t game, int by_passes, double *values)
{
    Py_ssize_t size = games->size;
    int players = games->players;
    uint64_t table = (uint64_t)games->table[game], keys[MAX_SEATS];
    for (int seat = 0; seat < players; seat++) {
        uint64_t left = (uint64_t)games->hands[seat * size + game] & ~table, points = 0;
        for (uint64_t rest = left; rest; rest &= rest - 1)
            points += (uint64_t)POINTS[lowest(rest)];
        keys[seat] = (uint64_t)count(left) << 16 | points;
        if (by_passes) /* R17: the passes count before the points */
            keys[seat] |= (uint64_t)(uint32_t)games->passes[seat * size + game] << 8;
    }
    for (int seat = 0; seat < players; seat++) {
        int better = 0, equal = 0;
        for (int other = 0; other < players; other++) {
            better += keys[other] < keys[seat];
            equal += keys[other] == keys[seat];
        }
        values[seat] = (double)(players - 2 * better - equal) / (double)(players - 1);
    }
}

/* Play card `index` in game `game` (legal) for `seat`, then the passes up to a seat that can
 * play (R9-R14), as GameBatch._advance() plays it: that seat, or -1 if the game ended. */
static inline int
play(Games *games, Py_ssize_t game, int seat, int index)
{
    Py_ssize_t size = games->size;
    int players = games->players;
    uint64_t bit = UINT64_C(1) << index;
    uint64_t table = (uint64_t)games->table[game] | bit;
    uint64_t playable = ((uint64_t)games->playable[game] - bit) + OPENED_BY[index];
    games->table[game] = (int64_t)table;
    games->playable[game] = (int64_t)playable;
    if (!((uint64_t)games->hands[seat * size + game] & ~table)) { /* the last card (R14) */
        games->done[game] = 1;
        games->moves[game] = 0;
        return -1;
    }
    while (1) { /* R11, R13: someone can play, at worst the player itself */
        seat = seat + 1 < players ? seat + 1 : 0;
        Py_ssize_t where = seat * size + game;
        uint64_t moves = (uint64_t)games->hands[where] & playable;
        if (moves) {
            games->moves[game] = (int64_t)moves;
            games->cursor[game] = (int64_t)where;
            return seat;
        }
        games->passes[where]++;
    }
}

PyDoc_STRVAR(sevens_lockstep_step_doc,
             "sevens_lockstep_step(games, actions, rank_by_passes, outputs, /)\n--\n\n"
             "One card in every game that is not over: actions[g] (int64) for game g, then\n"
             "its passes (R11), end (R14) and returns (R15-R18), and the observation and action\n"
             "mask of its seat to play (or of its winner) at row g of outputs, in the same pass.\n"
             "games: the tuple (hands, table, playable, moves, cursor, done, passes) of a\n"
             "GameBatch's arrays, changed in place; outputs: the tuple (observations, masks,\n"
             "seats, rewards, terminated, returns). A game over before the step is left as it\n"
             "is, with reward 0 and terminated false. None; or, where some action is not\n"
             "legal, the first such game's number, and nothing changed.");

static PyObject *
sp_sevens_lockstep_step(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *arrays, *actions_array, *outputs;
    int by_passes;
    if (parse_args("sevens_lockstep_step", args, nargs, "OOBO", &arrays, &actions_array,
                   &by_passes, &outputs) < 0)
        return NULL;
    if (!ready)
        init_tables();
    Views views = {.held = 0};
    Games games;
    Outputs out;
    PyObject *result = NULL;
    if (read_games(arrays, &views, &games) < 0 || read_outputs(outputs, &views, &games, 0, &out) < 0)
        goto done;
    if (planes_int_array(actions_array, NEXT_VIEW(&views), 'q', games.size, "actions") < 0)
        goto done;
    const int64_t *actions = NEXT_VIEW(&views)->buf;
    views.held++;
    Py_ssize_t size = games.size;
    for (Py_ssize_t game = 0; game < size; game++) { /* every action checked before any is made */
        if (seat_of(&games, game) < 0)
            goto done;
        if (!games.done[game] &&
            (actions[game] < 0 || actions[game] >= CARDS ||
             !((uint64_t)games.moves[game] >> actions[game] & 1))) {
            result = PyLong_FromSsize_t(game);
            goto done;
        }
    }
    int players = games.players;
    for (Py_ssize_t game = 0; game < size; game++) {
        double *values = out.returns + game * players;
        memset(values, 0, (size_t)players * sizeof(double));
        out.rewards[game] = 0.0;
        out.terminated[game] = 0;
        if (games.done[game]) /* over before the step: left for the caller to deal again */
            continue;
        int mover = seat_of(&games, game), seat = play(&games, game, mover, (int)actions[game]);
        if (seat < 0) {
            seat = mover; /* the winner, observed once over */
            game_returns(&games, game, by_passes, values);
            out.rewards[game] = values[mover];
            out.terminated[game] = 1;
        }
        observe(&games, game, seat, &out);
    }
    result = Py_NewRef(Py_None);
done:
    views_release(&views);
    return result;
}

PyDoc_STRVAR(sevens_lockstep_observe_doc,
             "sevens_lockstep_observe(games, chosen, outputs, /)\n--\n\n"
             "The observation, action mask and seat of each game of chosen (int64 game\n"
             "numbers, or None for every game) at its row of outputs, as\n"
             "sevens_lockstep_step() writes them. None.");

static PyObject *
sp_sevens_lockstep_observe(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *arrays, *chosen_array, *outputs;
    if (parse_args("sevens_lockstep_observe", args, nargs, "OOO", &arrays, &chosen_array,
                   &outputs) < 0)
        return NULL;
    if (!ready)
        init_tables();
    Views views = {.held = 0};
    Games games;
    Outputs out;
    PyObject *result = NULL;
    if (read_games(arrays, &views, &games) < 0 || read_outputs(outputs, &views, &games, 1, &out) < 0)
        goto done;
    Py_ssize_t rows;
    const int64_t *chosen;
    if (planes_chosen(chosen_array, &views, games.size, &chosen, &rows) < 0)
        goto done;
    for (Py_ssize_t row = 0; row < rows; row++) {
        Py_ssize_t game = chosen == NULL ? row : (Py_ssize_t)chosen[row];
        int seat = seat_of(&games, game);
        if (seat < 0)
            goto done;
        observe(&games, game, seat, &out);
    }
    result = Py_NewRef(Py_None);
done:
    views_release(&views);
    return result;
}

PyDoc_STRVAR(sevens_lockstep_deal_doc,
             "sevens_lockstep_deal(games, slots, words, /)\n--\n\n"
             "A new game in each slot of slots (int64 game numbers), in order, each from a\n"
             "permutation of the pack shuffled with the uint64 random words (Fisher and Yates,\n"
             "Lemire's draws: see common.h): the card at position p goes to seat p % players\n"
             "(R5), the holder of 9♦ is to play (R7). True; or None, with nothing changed, if\n"
             "the words ran out.");

static PyObject *
sp_sevens_lockstep_deal(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *arrays, *slots_array, *words_array;
    if (parse_args("sevens_lockstep_deal", args, nargs, "OOO", &arrays, &slots_array,
                   &words_array) < 0)
        return NULL;
    Views views = {.held = 0};
    Games games;
    PyObject *result = NULL;
    signed char *orders = NULL;
    Py_ssize_t count = PyObject_Length(slots_array), total = PyObject_Length(words_array);
    if (count < 0 || total < 0 || read_games(arrays, &views, &games) < 0 ||
        planes_int_array(slots_array, NEXT_VIEW(&views), 'q', count, "slots") < 0)
        goto done;
    const int64_t *slots = NEXT_VIEW(&views)->buf;
    views.held++;
    if (planes_int_array(words_array, NEXT_VIEW(&views), 'Q', total, "words") < 0)
        goto done;
    const uint64_t *words = NEXT_VIEW(&views)->buf;
    views.held++;
    for (Py_ssize_t row = 0; row < count; row++)
        if (slots[row] < 0 || slots[row] >= games.size) {
            PyErr_SetString(PyExc_ValueError, "a slot is out of range");
            goto done;
        }
    if ((orders = PyMem_Malloc((size_t)(count ? count : 1) * CARDS)) == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t next = 0; /* every pack shuffled before any game is changed */
    for (Py_ssize_t row = 0; row < count; row++) {
        signed char *order = orders + row * CARDS;
        for (int position = 0; position < CARDS; position++)
            order[position] = (signed char)position;
        if (shuffle_words(order, CARDS, words, total, &next) < 0) {
            result = Py_NewRef(Py_None); /* the words ran out */
            goto done;
        }
    }
    Py_ssize_t size = games.size;
    int players = games.players;
    const uint64_t nines = UINT64_C(0x8040201) << NINE; /* the 9s open the rows (R9) */
    for (Py_ssize_t row = 0; row < count; row++) {
        Py_ssize_t game = (Py_ssize_t)slots[row];
        uint64_t hands[MAX_SEATS] = {0};
        for (int position = 0, seat = 0; position < CARDS; position++) {
            hands[seat] |= UINT64_C(1) << orders[row * CARDS + position];
            seat = seat + 1 < players ? seat + 1 : 0;
        }
        int opener = 0;
        for (int seat = 0; seat < players; seat++) {
            games.hands[seat * size + game] = (int64_t)hands[seat];
            games.passes[seat * size + game] = 0;
            if (hands[seat] & NINE_OF_DIAMONDS)
                opener = seat;
        }
        games.table[game] = 0;
        games.playable[game] = (int64_t)nines;
        games.moves[game] = (int64_t)NINE_OF_DIAMONDS; /* R7 */
        games.cursor[game] = opener * size + game;
        games.done[game] = 0;
    }
    result = Py_NewRef(Py_True);
done:
    PyMem_Free(orders);
    views_release(&views);
    return result;
}

PyDoc_STRVAR(sevens_lockstep_random_doc,
             "sevens_lockstep_random(moves, draws, actions, /)\n--\n\n"
             "A random legal card of every game into actions (int64): with k legal cards in\n"
             "moves[g] (int64 card sets), card number floor(draws[g] * k) of them in card order\n"
             "(draws: float64 in [0, 1)); 0 where a game has none. None.");

static PyObject *
sp_sevens_lockstep_random(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *moves_array, *draws_array, *actions_array;
    if (parse_args("sevens_lockstep_random", args, nargs, "OOO", &moves_array, &draws_array,
                   &actions_array) < 0)
        return NULL;
    Py_ssize_t size = PyObject_Length(moves_array);
    if (size < 0)
        return NULL;
    Views views = {.held = 0};
    PyObject *result = NULL;
    const int64_t *moves;
    const double *draws;
    int64_t *actions;
    if (planes_int_array(moves_array, NEXT_VIEW(&views), 'q', size, "moves") < 0)
        goto done;
    moves = NEXT_VIEW(&views)->buf;
    views.held++;
    if (planes_int_array(draws_array, NEXT_VIEW(&views), 'd', size, "draws") < 0)
        goto done;
    draws = NEXT_VIEW(&views)->buf;
    views.held++;
    if (planes_state_array(actions_array, NEXT_VIEW(&views), 'q', size, "actions") < 0)
        goto done;
    actions = NEXT_VIEW(&views)->buf;
    views.held++;
    for (Py_ssize_t game = 0; game < size; game++) {
        uint64_t legal = (uint64_t)moves[game];
        int total = count(legal);
        double draw = draws[game];
        long number = (long)(draw * total);
        if (!(draw >= 0.0 && draw < 1.0) || number >= total)
            number = 0;
        actions[game] = legal ? nth_card(legal, number) : 0;
    }
    result = Py_NewRef(Py_None);
done:
    views_release(&views);
    return result;
}

PyMethodDef sevens_lockstep_methods[] = {
    {"sevens_lockstep_step", (PyCFunction)(void (*)(void))sp_sevens_lockstep_step, METH_FASTCALL,
     sevens_lockstep_step_doc},
    {"sevens_lockstep_observe", (PyCFunction)(void (*)(void))sp_sevens_lockstep_observe,
     METH_FASTCALL, sevens_lockstep_observe_doc},
    {"sevens_lockstep_deal", (PyCFunction)(void (*)(void))sp_sevens_lockstep_deal, METH_FASTCALL,
     sevens_lockstep_deal_doc},
    {"sevens_lockstep_random", (PyCFunction)(void (*)(void))sp_sevens_lockstep_random,
     METH_FASTCALL, sevens_lockstep_random_doc},
    {NULL, NULL, 0, NULL},
};
