#!/usr/bin/env bash
# Counts what one simulated write costs in instructions and level-one cache misses, under callgrind's
# cache model (docs/Performance.md, "Running it").
#
#   Scripts/count-instructions.sh [ITEM]      # default: narrow-1000@2000
#
# callgrind counts only what runs inside calls of `Simulation.run`, and the load's own run inlines that
# call, so how many runs a count holds depends on the compiler. The script takes the difference of two
# counts, one profiled run and two, which is exactly one run, and divides it by the item's writes.
# Needs valgrind; the benchmark is built in release under .build/count-instructions.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

item=${1:-narrow-1000@2000}
case "$item" in
  *@*) writes=${item##*@} ;;
  *) writes=10000 ;;
esac
scratch=.build/count-instructions
mkdir -p "$scratch"
swift build -c release --product ripple-bench --scratch-path "$scratch/build" >/dev/null
bench="$scratch/build/release/ripple-bench"

# Prints the instructions, instruction misses and data misses callgrind counted over `runs` runs.
count() {
  valgrind --tool=callgrind --cache-sim=yes --callgrind-out-file="$scratch/callgrind.out" \
    '--toggle-collect=$s10RippleCore10SimulationC3run*' "$bench" --profile "$item" "$1" 2>&1 >/dev/null |
    awk '/ I +refs:/ { i = $4 } / I1 +misses:/ { m = $4 } / D1 +misses:/ { d = $4 }
         END { gsub(",", "", i); gsub(",", "", m); gsub(",", "", d); print i, m, d }'
}

read -r i1 m1 d1 < <(count 1)
read -r i2 m2 d2 < <(count 2)
awk -v w="$writes" -v i="$((i2 - i1))" -v m="$((m2 - m1))" -v d="$((d2 - d1))" -v item="$item" 'BEGIN {
  printf "%s: one run of %d writes: %d instructions, %d instruction misses, %d data misses\n", item, w, i, m, d
  printf "per write: %.0f instructions, %.1f level-one instruction misses, %.1f level-one data misses\n", i / w, m / w, d / w
}'
