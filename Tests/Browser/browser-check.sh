#!/usr/bin/env bash
# Opens rendered reports in a real headless browser: switches steps through the page's own script,
# reads back the DOM, checks the counts shown for list-rows, checks that hostile names never run,
# drives clicks and keys (Tests/Browser/drive.py), measures the drawn labels of every gallery page, and
# saves a screenshot. `make test` runs it after the Swift suite.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

browser=""
for candidate in chromium chromium-browser google-chrome; do
    if command -v "$candidate" >/dev/null 2>&1; then browser="$candidate"; break; fi
done
if [ -z "$browser" ]; then
    if command -v apt-get >/dev/null 2>&1; then
        echo "browser-check: installing chromium from the distribution's packages"
        sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
        browser=chromium
    else
        echo "browser-check: no Chromium and no apt-get; install Chromium to run this check" >&2
        exit 1
    fi
fi

swift build --product ripple >/dev/null
out=".build/browser-check"
rm -rf "$out"
mkdir -p "$out"
.build/debug/ripple render Scenarios/list-rows.ripple Tests/Fixtures/Hostile/hostile-names.ripple \
    Tests/Fixtures/Hostile/dot-injection.ripple Tests/Fixtures/Hostile/dot-injection-layout.ripple -o "$out/render" >/dev/null

dom() {  # dom FILE STEP → the page's DOM after its script ran
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --virtual-time-budget=5000 \
        --dump-dom "file://$(pwd)/$1#step=$2" 2>/dev/null
}


check_counts() {  # check_counts STEP EXPECTED_JSON
    local page="$out/render/list-rows/index.html"
    dom "$page" "$1" > "$out/step-$1.html"
    python3 - "$out/step-$1.html" "$2" "$1" <<'PY'
import html, json, re, sys
text = open(sys.argv[1], encoding="utf-8").read()
expected = json.loads(sys.argv[2])
match = re.search(r'id="current"[^>]*data-counts="([^"]*)"', text) or re.search(r'data-counts="([^"]*)"[^>]*id="current"', text)
if not match:
    sys.exit(f"browser-check: step {sys.argv[3]}: the page shows no counts")
shown = json.loads(html.unescape(match.group(1)))
if shown != expected:
    sys.exit(f"browser-check: step {sys.argv[3]}: shown {shown}, expected {expected}")
if f'data-step="{sys.argv[3]}"' not in text:
    sys.exit(f"browser-check: step {sys.argv[3]} was not selected")
# The picture changed with the step: some instance carries an outcome class.
if int(sys.argv[3]) >= 0 and shown[0]["evaluations"] > 0 and not re.search(r'class="node view[^"]*\b(needed|wasted)\b', text):
    sys.exit(f"browser-check: step {sys.argv[3]}: no instance is highlighted")
print(f"browser-check: list-rows step {sys.argv[3]}: {shown}")
PY
}

check_counts 0 '[{"variant":"broad","evaluations":5,"wasted":4,"stale":0},{"variant":"narrow","evaluations":3,"wasted":1,"stale":0}]'
check_counts 1 '[{"variant":"broad","evaluations":2,"wasted":0,"stale":0},{"variant":"narrow","evaluations":2,"wasted":0,"stale":0}]'
check_counts 2 '[{"variant":"broad","evaluations":0,"wasted":0,"stale":0},{"variant":"narrow","evaluations":0,"wasted":0,"stale":0}]'

for step in -1 0 1; do
    dom "$out/render/hostile-names/index.html" "$step" > "$out/hostile-$step.html"
    python3 - "$out/hostile-$step.html" "$step" <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
if "data-pwned" in text.split("<body", 1)[1].split(">", 1)[0]:
    sys.exit(f"browser-check: a hostile name ran as script (step {sys.argv[2]})")
if "&lt;script&gt;document.body.setAttribute" not in text:
    sys.exit("browser-check: the hostile title is not shown as text")
print(f"browser-check: hostile names shown, not run (step {sys.argv[2]})")
PY
done

# Names written to add graphviz attributes (fontname=, URL=, stylesheet=): the report and every standalone
# SVG open with no script run, no script element but the page's own two, and no link out.
for file in "$out"/render/dot-injection/index.html "$out"/render/dot-injection/*.svg "$out"/render/dot-injection-layout/*.svg; do
    url="file://$(pwd)/$file"
    case "$file" in *.html) url="$url#step=0" ;; esac
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --virtual-time-budget=5000 --dump-dom "$url" 2>/dev/null > "$out/injection.dom"
    python3 - "$out/injection.dom" "$file" <<'PY'
import re, sys
text, name = open(sys.argv[1], encoding="utf-8").read(), sys.argv[2]
if not text.strip():
    sys.exit(f"browser-check: {name} did not open")
if "data-pwned" in text.split(">", 1)[0] or re.search(r'<(html|body|svg)\b[^>]*data-pwned', text):
    sys.exit(f"browser-check: a script from a name ran in {name}")
scripts = len(re.findall(r"<script\b", text))
if scripts != (2 if name.endswith(".html") else 0):
    sys.exit(f"browser-check: {name} holds {scripts} script elements")
if re.search(r'(href|src)="[a-zA-Z][a-zA-Z0-9+.-]*:', text) or "xml-stylesheet" in text:
    sys.exit(f"browser-check: {name} links out of the document")
PY
done
echo "browser-check: DOT injection fixtures open with no script run"

# A person's clicks and keys, through the DevTools protocol: choose a step, click an instance, read its
# explanation; focus it and press Enter; Tab to the next; → to the next step.
page="file://$(pwd)/$out/render/list-rows/index.html"
timeout 120 python3 Tests/Browser/drive.py "$browser" "$page" explain 0 UserList "RootView/UserList — wasted"
timeout 120 python3 Tests/Browser/drive.py "$browser" "$page" explain 0 "UserRow[1]" "RootView/UserList/UserRow[1] — needed"

# The audit's report: its first action, checking a task off, explains the toolbar count's wasted run.
.build/debug/ripple audit Scenarios/apps/task-manager --rows 3 --format html -o "$out/audit" >/dev/null 2>"$out/audit-notes.txt"
page="file://$(pwd)/$out/audit/audit-task-manager/index.html"
timeout 120 python3 Tests/Browser/drive.py "$browser" "$page" explain 0 TaskCountBadge "TaskListView/TaskCountBadge — wasted"
# The coverage panel and each row's confidence, as the browser shows them: the task manager is simulated
# exactly; a button whose task awaits a loader is partial and says why.
dom "$out/audit/audit-task-manager/index.html" 0 > "$out/audit-dom.html"
grep -q 'id="coverage"' "$out/audit-dom.html" || { echo "browser-check: the audit report has no coverage panel" >&2; exit 1; }
grep -q '4 simulated exactly (100%)' "$out/audit-dom.html" || { echo "browser-check: the coverage panel does not say 4 simulated exactly (100%)" >&2; exit 1; }
grep -q 'class="confidence confidence-exact">exact<' "$out/audit-dom.html" || { echo "browser-check: no row is marked exact" >&2; exit 1; }
.build/debug/ripple audit Tests/Fixtures/Swift/Dropped/TaskContinuation --format html -o "$out/audit-partial" >/dev/null 2>&1
dom "$out/audit-partial/audit-taskcontinuation/index.html" 0 > "$out/audit-partial-dom.html"
grep -q 'class="confidence confidence-partial">partial<' "$out/audit-partial-dom.html" || { echo "browser-check: the awaiting button's row is not marked partial" >&2; exit 1; }
grep -q '1 simulated exactly (50%)' "$out/audit-partial-dom.html" || { echo "browser-check: the partial report's coverage is not 1 of 2 exactly" >&2; exit 1; }
echo "browser-check: the audit reports show their coverage and each row's confidence"
for width in 1400 700; do
    printf 'browser-check: audit-task-manager at %s px: ' "$width"
    timeout 120 python3 Tests/Browser/drive.py "$browser" "$page" fonts 10 "$width"
done

# Every gallery page draws its labels at 10 px or more, side by side at 1400 px and one variant at 700 px.
.build/debug/ripple render Scenarios -o "$out/gallery" >/dev/null
for page in "$out"/gallery/*/index.html; do
    for width in 1400 700; do
        printf 'browser-check: %s at %s px: ' "$(basename "$(dirname "$page")")" "$width"
        timeout 120 python3 Tests/Browser/drive.py "$browser" "file://$(pwd)/$page" fonts 10 "$width"
    done
done

timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=5000 \
    --window-size=1400,1100 --screenshot="$out/list-rows-step-0.png" \
    "file://$(pwd)/$out/render/list-rows/index.html#step=0" >/dev/null 2>&1
test -s "$out/list-rows-step-0.png" || { echo "browser-check: no screenshot" >&2; exit 1; }
echo "browser-check: passed; screenshot at $out/list-rows-step-0.png"
