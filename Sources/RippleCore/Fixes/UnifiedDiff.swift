/// A line diff of two texts in the unified format `git apply` and `patch -p1` read: a `diff --git`
/// header, `--- a/path` and `+++ b/path`, and hunks of changed lines with three lines of context.
///
/// The lines are compared with Myers' O(ND) algorithm (the shortest edit script), after the lines the
/// two texts share at their start and end are set aside, so a rewrite of a few declarations in a long
/// file costs little. The same two texts always give the same bytes.
package enum UnifiedDiff {
    /// One run of changed lines with the lines of context around it.
    package struct Hunk: Equatable, Sendable {
        /// Where the hunk starts in each text, 0-based, and how many of each text's lines it covers.
        package var oldStart: Int
        package var oldCount: Int
        package var newStart: Int
        package var newCount: Int
        /// The hunk's lines, each with its mark: `" "` context, `"-"` removed, `"+"` added.
        package var lines: [(mark: Character, text: Substring)]

        package static func == (lhs: Hunk, rhs: Hunk) -> Bool {
            lhs.oldStart == rhs.oldStart && lhs.oldCount == rhs.oldCount && lhs.newStart == rhs.newStart && lhs.newCount == rhs.newCount
                && lhs.lines.elementsEqual(rhs.lines) { $0.mark == $1.mark && $0.text == $1.text }
        }
    }

    /// The lines of a text, without their `\n`, and whether the last one ends with one.
    package static func lines(of text: String) -> (lines: [Substring], endsWithNewline: Bool) {
        guard !text.isEmpty else { return ([], true) }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let ends = text.hasSuffix("\n")
        if ends { lines.removeLast() }
        return (lines, ends)
    }

    /// The file's diff from `old` to `new` under `path` (relative, `/`-separated), or the empty string
    /// when the texts are the same. `section` is written after each hunk's range, as git writes the
    /// function a hunk is in: `section(oldStart, oldCount)` with the hunk's 1-based first line.
    package static func fileDiff(path: String, old: String, new: String, context: Int = 3,
                                 section: (Int, Int) -> String = { _, _ in "" }) -> String {
        guard old != new else { return "" }
        let (oldLines, oldEnds) = lines(of: old)
        let (newLines, newEnds) = lines(of: new)
        var text = "diff --git a/\(path) b/\(path)\n--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks(old: oldLines, new: newLines, context: context) {
            // An empty range is written as the line before it, as diff and git write it.
            func range(_ start: Int, _ count: Int) -> String { count == 1 ? "\(start + 1)" : "\(count == 0 ? start : start + 1),\(count)" }
            let heading = section(hunk.oldStart + 1, hunk.oldCount)
            text += "@@ -\(range(hunk.oldStart, hunk.oldCount)) +\(range(hunk.newStart, hunk.newCount)) @@\(heading.isEmpty ? "" : " " + heading)\n"
            var oldLine = hunk.oldStart, newLine = hunk.newStart
            for line in hunk.lines {
                text += String(line.mark) + line.text + "\n"
                if line.mark != "+" { oldLine += 1 }
                if line.mark != "-" { newLine += 1 }
                // A last line without its line break says so, on the side it belongs to.
                let lastOld = line.mark != "+" && oldLine == oldLines.count && !oldEnds
                let lastNew = line.mark != "-" && newLine == newLines.count && !newEnds
                if lastOld || lastNew { text += "\\ No newline at end of file\n" }
            }
        }
        return text
    }

    /// The hunks that turn `old` into `new`, with `context` unchanged lines around each change; changes
    /// closer than twice that share a hunk.
    package static func hunks(old: [Substring], new: [Substring], context: Int = 3) -> [Hunk] {
        let script = editScript(old: old, new: new)
        // Indices of the script's changed entries, grouped into hunks.
        var hunks: [Hunk] = []
        var index = 0
        while index < script.count {
            guard script[index].mark != " " else { index += 1; continue }
            let start = max(0, index - context)
            var end = index
            // Extend while the next change is within 2 × context unchanged lines.
            var scan = index
            while scan < script.count {
                if script[scan].mark != " " { end = scan; scan += 1; continue }
                var run = scan
                while run < script.count, script[run].mark == " " { run += 1 }
                if run < script.count, run - scan <= 2 * context { scan = run } else { break }
            }
            let stop = min(script.count, end + context + 1)
            let slice = script[start..<stop]
            let first = slice.first!
            hunks.append(Hunk(oldStart: first.oldIndex, oldCount: slice.filter { $0.mark != "+" }.count,
                              newStart: first.newIndex, newCount: slice.filter { $0.mark != "-" }.count,
                              lines: slice.map { ($0.mark, $0.text) }))
            index = stop
        }
        return hunks
    }

    /// One line of the edit script, with the positions in each text it stands at.
    struct Entry {
        var mark: Character
        var text: Substring
        var oldIndex: Int
        var newIndex: Int
    }

    /// Every line of both texts in order, each marked kept, removed or added: the shortest such script,
    /// removals before additions where a run of lines is replaced.
    static func editScript(old: [Substring], new: [Substring]) -> [Entry] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let a = Array(old[prefix..<(old.count - suffix)]), b = Array(new[prefix..<(new.count - suffix)])
        var script: [Entry] = (0..<prefix).map { Entry(mark: " ", text: old[$0], oldIndex: $0, newIndex: $0) }
        for (mark, i, j) in middle(a, b) {
            script.append(Entry(mark: mark, text: mark == "+" ? b[j] : a[i], oldIndex: prefix + i, newIndex: prefix + j))
        }
        for k in 0..<suffix {
            let i = old.count - suffix + k, j = new.count - suffix + k
            script.append(Entry(mark: " ", text: old[i], oldIndex: i, newIndex: j))
        }
        return script
    }

    /// Myers' greedy algorithm over the lines that differ: the furthest point each diagonal reaches
    /// with `d` edits, kept for every `d` so the path can be walked back.
    private static func middle(_ a: [Substring], _ b: [Substring]) -> [(Character, Int, Int)] {
        let n = a.count, m = b.count
        if n == 0 { return (0..<m).map { ("+", 0, $0) } }
        if m == 0 { return (0..<n).map { ("-", $0, 0) } }
        let offset = n + m
        var furthest = [Int](repeating: 0, count: 2 * offset + 2)
        var trace: [[Int]] = []
        search: for d in 0...offset {
            trace.append(furthest)
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1])
                    ? furthest[offset + k + 1] : furthest[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                furthest[offset + k] = x
                if x >= n, y >= m { break search }
            }
        }
        // Walk back from the end, one edit per `d`, with the diagonal run before it.
        var edits: [(Character, Int, Int)] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let down = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])
            let previousK = down ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1; y -= 1
                edits.append((" ", x, y))
            }
            guard d > 0 else { break }
            if down { y -= 1; edits.append(("+", x, y)) } else { x -= 1; edits.append(("-", x, y)) }
        }
        edits.reverse()
        // Within a run of changes, removals first.
        var ordered: [(Character, Int, Int)] = []
        var index = 0
        while index < edits.count {
            guard edits[index].0 != " " else { ordered.append(edits[index]); index += 1; continue }
            var end = index
            while end < edits.count, edits[end].0 != " " { end += 1 }
            let run = edits[index..<end]
            ordered += run.filter { $0.0 == "-" } + run.filter { $0.0 == "+" }
            index = end
        }
        return ordered
    }
}
