#!/usr/bin/env bash
# `swift package ripple-audit` run for real on Tests/Fixtures/PluginPackage, a package that depends on
# this checkout by path, as a user's package would depend on Ripple: the report in the plugin's work
# folder, the budgets passed through, the formats, --target, the test target left out. `make test` runs
# it after the Swift suite. The fixture's own build folder (ripple built once, about 40 s on two cores)
# is kept for the next run, and for docs/Plugin.md's commands, which the docs check runs there too.
set -euo pipefail
repository="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
fixture="$repository/Tests/Fixtures/PluginPackage"
scratch="$fixture/.build"
outputs="$scratch/plugins/RippleAuditPlugin/outputs"
log="$scratch/check.log"
fail() { echo "plugin-check: $*" >&2; [ -f "$log" ] && tail -20 "$log" >&2; exit 1; }
# The plugin declares that it writes into the package (`--junit FILE`): a run that is not interactive
# gives it the permission on the command line.
audit() { (cd "$fixture" && swift package --allow-writing-to-package-directory ripple-audit "$@") >"$log" 2>&1; }
mkdir -p "$scratch"
started=$SECONDS

rm -rf "$outputs"
audit --max-wasted 10 --max-stale 0 || fail "ripple-audit within its budgets failed"
grep -q 'tap Button "Rename Brian" in UserList .* 4 *3 *0 *exact' "$outputs/Screens.txt" || fail "Screens.txt has no audit of the fixture"
grep -q "ripple-audit: report in $outputs/Screens.txt" "$log" || fail "the plugin does not say where the report is"
[ ! -e "$outputs/ScreensTests.txt" ] || fail "the test target was audited without --target"

if audit --max-wasted 2; then fail "3 wasted evaluations passed a budget of 2"; fi
grep -q "over the budget of 2" "$log" || fail "the budget's failure is not reported"
grep -q "the audit failed for 'Screens'" "$log" || fail "the plugin does not name the target that failed"
if audit --min-coverage 101; then fail "--min-coverage 101 passed"; fi

audit --target Screens --format json || fail "--format json failed"
python3 -c 'import json, sys; report = json.load(open(sys.argv[1])); assert report["schemaVersion"] == 2, report.keys()' "$outputs/Screens.json" \
    || fail "Screens.json is not the audit's JSON"
audit --target=Screens --format=html || fail "--format html failed"
[ -f "$outputs/Screens/index.html" ] || fail "no HTML report in $outputs/Screens"

rm -f "$scratch/ripple-junit.xml"
audit --target Screens --junit .build/ripple-junit.xml || fail "--junit failed"
grep -q '<testcase name="tap Button &quot;Rename Brian&quot; in UserList' "$scratch/ripple-junit.xml" || fail "--junit wrote no report into the package"
if (cd "$fixture" && swift package ripple-audit --target Screens </dev/null) >"$log" 2>&1; then fail "ran without the permission to write"; fi
grep -q "Use \`--allow-writing-to-package-directory\` to allow this" "$log" || fail "no request for the permission to write"

if audit --target Nowhere; then fail "an unknown target passed"; fi
grep -q "no source target 'Nowhere' in the package (it has 'Screens', 'ScreensTests')" "$log" || fail "an unknown target is not named"
if audit --output elsewhere; then fail "--output was accepted"; fi

echo "plugin-check: passed in $((SECONDS - started)) s"
