#ifndef RIPPLE_CGRAPHVIZ_SHIM_H
#define RIPPLE_CGRAPHVIZ_SHIM_H

#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

// Swift 6 refuses to read the mutable globals `Agdirected` and `Agundirected`
// ("not concurrency-safe"); returning a copy from C sidesteps that. Graph
// descriptors are never written after startup, so the copy is exact.
static inline Agdesc_t ripple_agdirected(void) { return Agdirected; }
static inline Agdesc_t ripple_agundirected(void) { return Agundirected; }

#endif
