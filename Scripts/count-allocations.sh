#!/usr/bin/env bash
# Counts heap allocations per simulated write: builds a small LD_PRELOAD library that counts calls to
# malloc, and runs ripple-bench items under it. ripple-bench reads the counter around the second run's
# steps (when the library is loaded) and prints `R allocations_per_write`.
#
#   Scripts/count-allocations.sh [ITEM ...]      # default: narrow-1000 narrow-100000 broad-1000@200
#
# Needs a C compiler; the benchmark is built in release under .build/count-allocations.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

scratch=.build/count-allocations
mkdir -p "$scratch"
cat > "$scratch/count.c" <<'C'
#include <stddef.h>
/* The number of malloc calls so far; ripple-bench finds it with dlsym. */
unsigned long ripple_malloc_count = 0;
extern void *__libc_malloc(size_t);
void *malloc(size_t size) { ripple_malloc_count++; return __libc_malloc(size); }
C
cc -O2 -shared -fPIC -o "$scratch/libcount.so" "$scratch/count.c"
swift build -c release --product ripple-bench --scratch-path "$scratch/build" >/dev/null
bench="$scratch/build/release/ripple-bench"
items=("$@")
[ ${#items[@]} -gt 0 ] || items=(narrow-1000 narrow-100000 broad-1000@200)
for item in "${items[@]}"; do
  printf '%-20s ' "$item"
  LD_PRELOAD="$PWD/$scratch/libcount.so" "$bench" --item "$item" | awk '$2 == "allocations_per_write" { print $3 " allocations per write"; exit }'
done
