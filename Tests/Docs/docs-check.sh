#!/usr/bin/env bash
# Runs the commands docs/Install.md and docs/Plugin.md mark as tested: each ```sh block after a line
# `<!-- tested -->` (run in the repository) or `<!-- tested in DIR -->` (run in DIR), as a bash script
# that stops at the first command that fails, with `ripple` the debug build and HOME a new folder. Then
# it checks what the completion block wrote. `make test` runs it after the Swift suite and the plugin
# check, whose build of the plugin fixture it reuses.
set -euo pipefail
repository="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
cd "$repository"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
[ -x .build/debug/ripple ] || { echo "docs-check: build ripple first (swift build)" >&2; exit 1; }
mkdir -p "$work/bin" "$work/home"
ln -s "$repository/.build/debug/ripple" "$work/bin/ripple"

ran=0
for doc in docs/Install.md docs/Plugin.md; do
    # Each tested block as a file: block-N.sh, with its folder in block-N.dir.
    python3 - "$doc" "$work/blocks" <<'PYTHON'
import os, re, sys
doc, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
lines = open(doc, encoding="utf-8").read().split("\n")
count = len(os.listdir(out)) // 3
for number, line in enumerate(lines):
    marker = re.fullmatch(r"<!-- tested(?: in (\S+))? -->", line)
    if not marker:
        continue
    if lines[number + 1] != "```sh":
        sys.exit(f"{doc}:{number + 2}: a tested block must follow its marker as ```sh")
    end = lines.index("```", number + 2)
    name = os.path.join(out, f"block-{count}")
    open(name + ".sh", "w").write("\n".join(lines[number + 2:end]) + "\n")
    open(name + ".dir", "w").write(marker.group(1) or ".")
    open(name + ".at", "w").write(f"{doc}:{number + 3}")
    count += 1
PYTHON
done
for script in "$work"/blocks/block-*.sh; do
    base="${script%.sh}"
    folder="$(cat "$base.dir")"
    if ! (cd "$folder" && HOME="$work/home" PATH="$work/bin:$PATH" bash -euo pipefail "$script") >"$base.log" 2>&1; then
        echo "docs-check: the block at $(cat "$base.at") failed:" >&2
        cat "$script" >&2
        tail -20 "$base.log" >&2
        exit 1
    fi
    ran=$((ran + 1))
done
[ "$ran" -ge 3 ] || { echo "docs-check: only $ran tested blocks found" >&2; exit 1; }

# The completion block wrote each shell's script where that shell looks.
for file in .local/share/bash-completion/completions/ripple .config/fish/completions/ripple.fish .zfunc/_ripple; do
    [ -s "$work/home/$file" ] || { echo "docs-check: ~/$file was not written" >&2; exit 1; }
done
bash -n "$work/home/.local/share/bash-completion/completions/ripple"
echo "docs-check: $ran tested blocks of docs/Install.md and docs/Plugin.md passed"
