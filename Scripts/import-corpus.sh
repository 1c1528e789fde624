#!/bin/bash
# Measures the Swift front end on a corpus of real view files kept outside the repository:
#   Scripts/import-corpus.sh LIST [RIPPLE]
# LIST has one .swift path per line. For each file, `ripple parse FILE` is run with a 20 s limit. A file
# is accepted when it exits 0 and every view type it declares (`struct Name…: …View…`) was evaluated,
# that is, appears among the instances `parse` prints. The script prints that share, the share that
# only exit 0, crashes (exit > 128) and timeouts, and the most frequent first errors and notes, with
# their messages' quoted names replaced by '…'.
set -u
list=${1:?usage: Scripts/import-corpus.sh LIST [RIPPLE]}
ripple=${2:-.build/release/ripple}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
total=0 ok=0 exited=0 crashed=0 hung=0
while IFS= read -r file; do
  [ -n "$file" ] || continue
  total=$((total + 1))
  timeout 20 "$ripple" parse "$file" >"$work/out" 2>"$work/err"
  status=$?
  if [ $status -eq 0 ]; then
    exited=$((exited + 1))
    missing=""
    for view in $(grep -oE '^[[:space:]]*(public |private |fileprivate |internal )*struct [A-Za-z_][A-Za-z0-9_]*[^{]*:[^{]*\bView\b' "$file" \
                  | sed -E 's/.*struct ([A-Za-z_][A-Za-z0-9_]*).*/\1/' | sort -u); do
      grep -qE "^[[:space:]]+$view(\[[^]]*\])?  \[" "$work/out" || missing="$missing $view"
    done
    if [ -z "$missing" ]; then ok=$((ok + 1)); else echo "not evaluated:$missing" >> "$work/errors"; fi
  elif [ $status -eq 124 ]; then hung=$((hung + 1)); echo "timeout: $file" >&2
  elif [ $status -gt 128 ]; then crashed=$((crashed + 1)); echo "crash ($status): $file" >&2
  else grep -m1 ': error: ' "$work/err" | sed -E "s/^.*: error: //; s/'[^']*'/'…'/g" >> "$work/errors"
  fi
  grep ': note: ' "$work/err" | sed -E "s/^.*: note: //; s/'[^']*'/'…'/g" >> "$work/notes"
done < "$list"
echo "files: $total"
echo "accepted: $ok ($(( total > 0 ? 100 * ok / total : 0 ))%): exit 0 with every view type evaluated"
echo "exit 0: $exited ($(( total > 0 ? 100 * exited / total : 0 ))%)"
echo "crashes: $crashed, timeouts: $hung"
echo; echo "most frequent first errors:"
sort "$work/errors" 2>/dev/null | uniq -c | sort -rn | head -25
echo; echo "most frequent notes:"
sort "$work/notes" 2>/dev/null | uniq -c | sort -rn | head -25
