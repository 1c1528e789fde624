#!/usr/bin/env bash
# `make install` into a temporary PREFIX, then the installed ripple run from another folder with the
# install moved elsewhere, the build folder moved away and an empty environment: it needs nothing but its
# own PREFIX and the system's libraries. `make test` runs it last.
#
# It installs the debug build the suite has just made (CONFIGURATION=debug): a release build costs
# minutes of both cores, and what is checked here (which libraries are carried, the run path, the
# completions) is the same in both configurations.
set -euo pipefail
repository="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
cd "$repository"
work="$(mktemp -d)"
away="$repository/.build.moved-by-install-check"
fail() { echo "install-check: $*" >&2; exit 1; }
restore() {
    [ -d "$away" ] && mv "$away" "$repository/.build"
    rm -rf "$work"
}
[ -e "$away" ] && fail "$away exists (left by an interrupted run?): move it back to .build or remove it"
trap restore EXIT

started=$SECONDS
make --no-print-directory install PREFIX="$work/prefix" CONFIGURATION=debug >"$work/install.log" 2>&1 \
    || { cat "$work/install.log" >&2; fail "make install failed"; }

installed="$work/elsewhere"
mv "$work/prefix" "$installed"
mv "$repository/.build" "$away"
mkdir "$work/cwd"
cd "$work/cwd"
ripple() { env -i PATH=/usr/bin:/bin "$installed/bin/ripple" "$@"; }

# The binary finds its libraries through its own folder only, never through the toolchain or the build.
if [ "$(uname -s)" = Linux ]; then
    runpath="$(readelf -d "$installed/bin/ripple" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p')"
    [ "$runpath" = '$ORIGIN/../lib/ripple' ] || fail "the installed binary's run path is '$runpath', not \$ORIGIN/../lib/ripple"
    swift_lib="$(cd "$(dirname "$(readlink -f "$(command -v swift)")")/../lib/swift" && pwd -P)"
    env -i ldd "$installed/bin/ripple" > ldd.txt
    ! grep -q "not found" ldd.txt || fail "libraries not found: $(grep "not found" ldd.txt | tr '\n' ' ')"
    # The Swift runtime and Foundation always, swift-syntax where it is a shared library (the toolchain path).
    for library in libswiftCore.so libFoundation.so $(grep -o 'libSwiftParser.so' ldd.txt || true); do
        grep -q "^[[:space:]]*$library => $installed/bin/../lib/ripple/$library " ldd.txt \
            || fail "$library is not loaded from $installed/lib/ripple: $(grep "$library" ldd.txt || echo "not linked")"
    done
    outside="$(awk '$2 == "=>" { print $3 }' ldd.txt | grep -e "^$swift_lib/" -e "^$repository/" || true)"
    [ -z "$outside" ] || fail "libraries still loaded from the toolchain or the build: $outside"
fi

ripple --version | grep -qx "ripple [0-9.]*" || fail "ripple --version: $(ripple --version 2>&1)"
ripple run "$repository/Scenarios/list-rows.ripple" > run.txt 2>&1 || { cat run.txt >&2; fail "ripple run failed"; }
grep -q '^rename Brian *5 *4 *0 *3 *1 *0$' run.txt || { cat run.txt >&2; fail "ripple run printed another summary"; }
ripple check "$repository/Scenarios/list-rows.ripple" > check.txt 2>&1 || { cat check.txt >&2; fail "ripple check failed"; }
# Swift source too: swift-syntax from the carried libraries.
ripple parse "$repository/Scenarios/apps/task-manager" > parse.txt 2>&1 || { cat parse.txt >&2; fail "ripple parse of Swift source failed"; }

for shell in bash zsh fish; do
    file="$installed/share/bash-completion/completions/ripple"
    [ "$shell" = zsh ] && file="$installed/share/zsh/site-functions/_ripple"
    [ "$shell" = fish ] && file="$installed/share/fish/vendor_completions.d/ripple.fish"
    ripple completion "$shell" | cmp -s - "$file" || fail "$file is not 'ripple completion $shell'"
done
bash -n "$installed/share/bash-completion/completions/ripple" || fail "the bash completion does not parse"

echo "install-check: passed in $((SECONDS - started)) s ($(du -sh "$installed" | cut -f1) installed)"
