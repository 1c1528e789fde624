#!/usr/bin/env python3
"""Counts, over the gallery (Scenarios/*.ripple) and its apps (Scenarios/apps/*), the actions that waste an
evaluation or a row closure, those of them with a hint, and those a kept fix makes waste less: the figures
docs/Audit.md gives under "Hints". Run from the repository after `swift build`; `--list` prints each
wasteful action without a hint or without a proven fix."""
import glob, json, subprocess, sys

ripple = ".build/debug/ripple"
inputs = sorted(glob.glob("Scenarios/*.ripple")) + sorted(glob.glob("Scenarios/apps/*"))
wasteful = hinted = fixed = 0
missing = []
for path in inputs:
    run = subprocess.run([ripple, "audit", path, "--format", "json"], capture_output=True, text=True)
    try:
        audit = json.loads(run.stdout)
    except json.JSONDecodeError:
        print(f"{path}: no JSON ({run.stderr.strip()[:200]})", file=sys.stderr)
        continue
    for action in audit["actions"]:
        waste = action["wasted"] + action.get("wastedRows", 0)
        if waste == 0 or action.get("error"):
            continue
        wasteful += 1
        has_hint = bool(action["hints"])
        after = action.get("fixed")
        has_fix = after is not None and after["wasted"] + after.get("wastedRows", 0) < waste
        hinted += has_hint
        fixed += has_fix
        if not has_hint or not has_fix:
            missing.append(f"{path} [{action['variant']}] {action['action']}: wasted {waste}"
                           + ("" if has_hint else ", no hint") + ("" if has_fix else ", no proven fix"))
percent = lambda part: f"{100 * part / wasteful:.0f}%" if wasteful else "–"
print(f"{len(inputs)} inputs, {wasteful} actions waste an evaluation, {hinted} have a hint ({percent(hinted)}), "
      f"{fixed} a proven fix ({percent(fixed)})")
if "--list" in sys.argv:
    print("\n".join(missing))
