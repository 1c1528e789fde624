#!/usr/bin/env bash
# The build-tool plugin `RippleLintPlugin` run for real by `swift build` on Tests/Fixtures/LintPackage, a
# package whose target adds it and depends on this checkout by path: the audit's warning at the control
# in the build's log, no audit on a build with nothing changed, the budgets of `.ripple-lint` failing the
# build (read by ripple when it runs, so a changed, new or removed file counts), and a bad `.ripple-lint`
# reported at its line. `make test` runs it after plugin-check.sh. The fixture's build folder is kept for
# the next run: from a fresh clone, building ripple there included, the check takes about 30 s on two cores.
set -euo pipefail
repository="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
fixture="$repository/Tests/Fixtures/LintPackage"
source="$fixture/Sources/Screens/UserList.swift"
settings="$fixture/Sources/Screens/.ripple-lint"
log="$fixture/.build/lint-check.log"
kept="$(mktemp)"
cp "$settings" "$kept"
# The settings file is put back however the check ends.
trap 'cp "$kept" "$settings"; rm -f "$kept"' EXIT
fail() { echo "lint-check: $*" >&2; [ -f "$log" ] && tail -20 "$log" >&2; exit 1; }
# Each build is bounded: the first builds ripple, the others only what changed.
build() { (cd "$fixture" && timeout "$1" swift build) >"$log" 2>&1; }
mkdir -p "$fixture/.build"
# SwiftPM keeps a build's plan, with the commands the plugin made, while the targets' files stay the same,
# even when the plugin changed: without its plan, the build asks the plugin again. Then the tool is
# linked twice, by the plugins' build and by the package's, so two builds first let it settle.
rm -f "$fixture/.build/debug.yaml"
started=$SECONDS
build 1200 || fail "swift build with the plugin failed"
build 300 || fail "the second swift build with the plugin failed"
warning="$source:24:13: warning: 'tap Button \"Rename Brian\" in UserList': 4 evaluations, 3 wasted (most: UserRow ×2), 0 stale; \`UserRow\` receives \`state\` and an index but reads only \`state.users[index].name\`: pass it that value instead [list-rows]"

# A changed source: the audit runs and its warning is in the log, at the control, and the build passes;
# the stamp, in the plugin's work folder, is compiled into the target.
touch "$source"
stamp="$fixture/.build/plugins/outputs/lintpackage/Screens/destination/RippleLintPlugin/RippleLintStamp.swift"
rm -f "$stamp"
build 300 || fail "swift build with the plugin failed after a change"
grep -qF "Auditing Screens with ripple" "$log" || fail "the build did not run the audit"
grep -qxF "$warning" "$log" || fail "the build's log has no warning at the Button"
[ "$(grep -c "^$fixture/Sources/.*: warning: " "$log")" = 1 ] || fail "the log has other warnings on the fixture than the one finding"
head -1 "$stamp" 2>/dev/null | grep -q '^// Written by `ripple audit --format warnings --stamp`' || fail "no stamp in the plugin's work folder"
# The target's list of sources (SwiftPM's), which holds the stamp when it is an output the target takes in.
sources="$(find "$fixture/.build" -path '*/debug/Screens.build/sources' | head -1)"
grep -qxF "$stamp" "$sources" || fail "the stamp is not an output the target takes in"

# Nothing changed: no audit, no warning.
build 300 || fail "the second swift build failed"
! grep -qF "Auditing Screens" "$log" || fail "a build with nothing changed ran the audit again"
! grep -qF "warning: 'tap Button" "$log" || fail "a build with nothing changed printed the warning again"

# Over the budget of .ripple-lint: the finding is an error and the build fails; within it, it passes again.
printf 'max-wasted 2 # three are wasted\n' >"$settings"
if build 300; then fail "3 wasted evaluations passed a build with max-wasted 2"; fi
grep -qxF "${warning/: warning: /: error: }" "$log" || fail "over the budget the finding is not an error"
grep -qF "error: ripple: the audit found 3 wasted evaluations, over the budget of 2" "$log" || fail "the budget's failure is not in the log"
[ ! -e "$stamp" ] || fail "a failed audit left its stamp"
cp "$kept" "$settings"
build 300 || fail "the build failed again within the budget"
grep -qxF "$warning" "$log" || fail "the audit did not run again after the failed build"

# A setting the plugin does not know stops the build at its line.
printf 'max-wasted 10\nmax-evaluations 3\n' >"$settings"
if build 300; then fail "an unknown setting passed"; fi
grep -qF "error: $settings:2: unknown setting 'max-evaluations'" "$log" || fail "the unknown setting is not reported at its line"

# No settings file: no budget, and the audit runs again when the file goes and when it comes back.
rm "$settings"
build 300 || fail "the build failed without a settings file"
grep -qxF "$warning" "$log" || fail "removing the settings file did not run the audit again"
printf 'max-wasted 2\n' >"$settings"
if build 300; then fail "a new settings file's budget did not fail the build"; fi
cp "$kept" "$settings"
build 300 || fail "the build failed with the settings put back"

echo "lint-check: passed in $((SECONDS - started)) s"
