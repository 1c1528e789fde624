#!/usr/bin/env bash
# Fuzzes the scenario pipeline (directives and swift-syntax → lowering → resolver → engine → DOT → graphviz → SVG check) and the
# Swift front end (swift-syntax → lowering → open-world resolution → the same stages) with libFuzzer.
#
#   Scripts/fuzz.sh SECONDS [extra libFuzzer flags...]
#
# Builds the RippleFuzz target (declared in Package.swift only when RIPPLE_FUZZ is set) in release
# with the fuzzer and address sanitizers, seeds a corpus with Scenarios/*.ripple and every fixture under
# Tests/Fixtures, uses Tests/Fuzz/ripple.dict (the language's words and graphviz's attributes), runs for SECONDS,
# and prints the executions, coverage and corpus size at the end. Crashes, hangs (over 1 s) and
# inputs that use more than 2 GB are written to .build/fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds="${1:?usage: Scripts/fuzz.sh SECONDS [libFuzzer flags...]}"
shift
scratch=.build/fuzz
corpus="$scratch/corpus"
artifacts="$scratch/artifacts"
log="$scratch/fuzz.log"

# `--sanitize` twice reaches swiftc as two `-sanitize=` flags in no fixed order, and the last one wins:
# with `address` last nothing is instrumented for coverage. The combined flag, passed after them, keeps
# both. Dead stripping would drop the coverage tables.
flags=(-c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address --disable-dead-strip
       --product RippleFuzz --scratch-path "$scratch")
RIPPLE_FUZZ=1 swift build "${flags[@]}"
binary="$(RIPPLE_FUZZ=1 swift build "${flags[@]}" --show-bin-path)/RippleFuzz"
if [ "$(nm "$binary" | grep -c __sancov || true)" -eq 0 ]; then
    echo "fuzz: $binary has no coverage instrumentation" >&2
    exit 1
fi

mkdir -p "$corpus" "$artifacts"
cp Scenarios/*.ripple "$corpus/"
# The hostile fixtures are good seeds too: each reaches a different error path.
find Tests/Fixtures -name '*.ripple' -size -64k -exec cp {} "$corpus/" \; 2>/dev/null || true
# And Swift source for the Swift front end: the fixtures and the task-manager app, each file a seed.
find Tests/Fixtures/Swift Scenarios/apps -name '*.swift' -size -64k | while read -r file; do
    cp "$file" "$corpus/swift-$(echo "$file" | tr '/' '-')"
done

echo "fuzz: $(date -u +%Y-%m-%dT%H:%MZ), ${seconds}s, corpus $(ls "$corpus" | wc -l) files"
set +e
# Leaks at exit are the process's globals (the prelude, Swift metadata), not findings.
ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" "$binary" "$corpus" -max_total_time="$seconds" -timeout=1 -rss_limit_mb=2048 -max_len=65536 -detect_leaks=0 \
    -artifact_prefix="$artifacts/" -dict=Tests/Fuzz/ripple.dict -print_final_stats=1 "$@" 2>&1 | tee "$log"
status="${PIPESTATUS[0]}"
set -e

# libFuzzer's last status line: "#N DONE cov: C ft: F corp: K/S exec/s: E rss: R".
summary="$(grep -E '^#[0-9]+' "$log" | tail -1 || true)"
executions="$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}' || true)"
echo "fuzz: ended with status $status"
echo "fuzz: executions: ${executions:-?}"
echo "fuzz: last status: ${summary:-?}"
echo "fuzz: corpus size: $(ls "$corpus" | wc -l) files"
echo "fuzz: artifacts (crashes, timeouts, out-of-memory inputs): $(ls "$artifacts" | wc -l)"
ls -l "$artifacts"
exit "$status"
