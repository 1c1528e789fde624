#ifndef RIPPLE_CGRAPHVIZ_SHIM_H
#define RIPPLE_CGRAPHVIZ_SHIM_H

#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

// Swift 6 refuses to read the mutable globals `Agdirected` and `Agundirected`
// ("not concurrency-safe"); returning a copy from C sidesteps that. Graph
// descriptors are never written after startup, so the copy is exact.
static inline Agdesc_t ripple_agdirected(void) { return Agdirected; }
static inline Agdesc_t ripple_agundirected(void) { return Agundirected; }

// Reading a graph with its own memory arena, so that its layout is the same in every process.
//
// cgraph gives a named object the address of its interned name as its ID, and keeps subgraphs in
// dictionaries ordered by ID; dot breaks ties by those orders (graphviz issue #1767). With malloc the
// addresses, and so the order of clusters, depend on what the process allocated before. Here every
// allocation of the graph (names, nodes, edges, subgraphs, the layout's records) comes from one arena in
// the order graphviz asks for it, so equal input gives equal IDs, equal orders and an equal layout.
// Freed blocks are not reused: the arena lives as long as its graph and goes with `agclose`.

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

// One reserved range of address space, filled from its start: addresses grow in allocation order
// however large the graph, where separately allocated chunks would be ordered by wherever malloc put
// them. The system gives pages only as they are touched, already zeroed. When the range cannot be
// reserved or runs out, blocks come from calloc, and only their order is left to chance.
typedef struct {
    char *base;
    size_t used;
    size_t size;
    // Blocks from calloc, freed with the arena.
    void **spilled;
    size_t spilledCount;
    size_t spilledCapacity;
} ripple_arena;

static const size_t ripple_arena_reserve = (size_t)1 << 30;

static inline size_t ripple_arena_round(size_t n) { return (n + 15) & ~(size_t)15; }

static inline void *ripple_arena_open(Agdisc_t *disc) {
    (void)disc;
    ripple_arena *arena = (ripple_arena *)calloc(1, sizeof(ripple_arena));
    if (arena == NULL) return NULL;
    void *base = mmap(NULL, ripple_arena_reserve, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base != MAP_FAILED) {
        arena->base = (char *)base;
        arena->size = ripple_arena_reserve;
    }
    return arena;
}

static inline void *ripple_arena_spill(ripple_arena *arena, size_t request) {
    if (arena->spilledCount == arena->spilledCapacity) {
        size_t capacity = arena->spilledCapacity ? 2 * arena->spilledCapacity : 64;
        void **grown = (void **)realloc(arena->spilled, capacity * sizeof(void *));
        if (grown == NULL) return NULL;
        arena->spilled = grown;
        arena->spilledCapacity = capacity;
    }
    void *block = calloc(1, request ? request : 1);
    if (block != NULL) arena->spilled[arena->spilledCount++] = block;
    return block;
}

// Zeroed memory, as graphviz's own discipline gives.
static inline void *ripple_arena_alloc(void *state, size_t request) {
    ripple_arena *arena = (ripple_arena *)state;
    size_t need = ripple_arena_round(request ? request : 1);
    if (arena->base == NULL || need > arena->size - arena->used) return ripple_arena_spill(arena, request);
    void *block = arena->base + arena->used;
    arena->used += need;
    return block;
}

static inline void *ripple_arena_resize(void *state, void *pointer, size_t old, size_t request) {
    void *block = ripple_arena_alloc(state, request);
    if (block != NULL && pointer != NULL) memcpy(block, pointer, old < request ? old : request);
    return block;
}

// Blocks are not reused: the arena lives as long as its graph.
static inline void ripple_arena_free(void *state, void *pointer) { (void)state; (void)pointer; }

static inline void ripple_arena_close(void *state) {
    ripple_arena *arena = (ripple_arena *)state;
    if (arena->base != NULL) munmap(arena->base, arena->size);
    for (size_t index = 0; index < arena->spilledCount; index++) free(arena->spilled[index]);
    free(arena->spilled);
    free(arena);
}

static Agmemdisc_t ripple_arena_discipline = {
    ripple_arena_open, ripple_arena_alloc, ripple_arena_resize, ripple_arena_free, ripple_arena_close,
};

typedef struct {
    const char *data;
    size_t length;
    size_t position;
} ripple_reader;

// One line at a time, as graphviz's `agmemread` reads.
static inline int ripple_reader_read(void *channel, char *buffer, int size) {
    ripple_reader *reader = (ripple_reader *)channel;
    if (size <= 0 || reader->position >= reader->length) return 0;
    int count = 0;
    char c;
    do {
        c = reader->data[reader->position + count];
        buffer[count++] = c;
    } while (c != '\0' && c != '\n' && count < size && reader->position + count < reader->length);
    reader->position += count;
    return count;
}

// `agmemread`, with the arena for the graph's memory.
static inline Agraph_t *ripple_read_graph(const char *text) {
    ripple_reader reader = { text, strlen(text), 0 };
    Agiodisc_t io = { ripple_reader_read, AgIoDisc.putstr, AgIoDisc.flush };
    Agdisc_t discipline = { &ripple_arena_discipline, &AgIdDisc, &io };
    return agread(&reader, &discipline);
}

#endif
