import RippleAudit
import RippleCore

extension AuditCommand {
    /// The width the table fits unless `--wide`: a terminal's of 120 columns.
    static let tableWidth = 120

    /// Most controls the text lists as not simulated unless `--wide`; the JSON lists every one.
    static let unreachedShown = 15

    /// Most reasons the text lists under the coverage line.
    static let reasonsShown = 5

    /// What follows the table: the controls no action performs, and the coverage line with its top reasons.
    static func summary(_ coverage: Coverage, wide: Bool) -> String {
        var text = ""
        if !coverage.unreached.isEmpty {
            text += "\ncontrols not simulated (\(coverage.unreached.count)):\n"
            let shown = wide ? coverage.unreached[...] : coverage.unreached.prefix(unreachedShown)
            for control in shown {
                let file = wide ? control.location.file : String(control.location.file.split(separator: "/").last ?? "")
                let place = "\(file):\(control.location.line)"
                let line = "  \(place)  \(control.control)\(control.viewType.map { " in " + $0 } ?? ""): \(control.reason)"
                text += (wide ? line : cut(line, to: tableWidth)) + "\n"
            }
            if shown.count < coverage.unreached.count {
                text += "  … and \(coverage.unreached.count - shown.count) more (--wide or --format json lists them all)\n"
            }
        }
        text += "\n" + (wide ? coverage.line : wrapped(coverage.line, to: tableWidth)) + "\n"
        if !coverage.reasons.isEmpty {
            text += "top reasons:\n"
            for reason in coverage.reasons.prefix(reasonsShown) {
                // Fitted to the width, the kind gives way so that what it cost and where it was first stay.
                let tail = ": \(reason.tally) (first at \(reason.example.file):\(reason.example.line))"
                let line = "  " + (wide ? reason.kind : cut(reason.kind, to: max(24, tableWidth - 2 - tail.count))) + tail
                text += (wide ? line : cut(line, to: tableWidth)) + "\n"
            }
        }
        return text
    }
}

extension AuditCommand {
    /// Narrows columns, in the order of `steps` (a column and the width it may be cut to), until a table
    /// of `rows` fits `width` columns: a name or a reason keeps its start, a place (column 1,
    /// `path:line`) its end.
    static func fit(_ rows: inout [[String]], to width: Int, steps: [(column: Int, least: Int)]) {
        guard let columns = rows.map(\.count).max() else { return }
        var widths = Array(repeating: 0, count: columns)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        for step in steps where step.column < columns {
            let over = widths.reduce(0, +) + 2 * (columns - 1) - width
            guard over > 0 else { break }
            widths[step.column] = max(min(widths[step.column], step.least), widths[step.column] - over)
        }
        for column in Set(steps.map(\.column)) where column < columns {
            let members = rows.indices.filter { column < rows[$0].count }
            if column == 1 {
                for index in members { rows[index][column] = cutFromStart(rows[index][column], to: widths[column]) }
            } else {
                let cells = cutApart(members.map { rows[$0][column] }, to: widths[column])
                for (index, cell) in zip(members, cells) { rows[index][column] = cell }
            }
        }
    }

    /// The line broken after its `; ` so that each part fits `width` columns, the parts after the first
    /// indented by two spaces; a part longer than the width stays whole.
    static func wrapped(_ line: String, to width: Int) -> String {
        var lines: [String] = []
        for part in line.components(separatedBy: "; ") {
            if let last = lines.last, last.count + 2 + part.count <= width {
                lines[lines.count - 1] = last + "; " + part
            } else {
                lines.append(lines.isEmpty ? part : "  " + part)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The text broken between words so that each line fits `width` columns, the lines after the first
    /// starting with `indent`; a word longer than a line stays whole.
    static func wrappedWords(_ text: String, to width: Int, indent: String) -> String {
        let lead = String(text.prefix { $0 == " " })
        var lines: [String] = []
        var line = lead
        for word in text.dropFirst(lead.count).split(separator: " ") {
            if line == lead || line == indent || line.count + 1 + word.count <= width {
                line += (line == lead || line == indent ? "" : " ") + word
            } else {
                lines.append(line)
                line = indent + word
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// Cells of one column cut to `width`, no two the same where their texts differ: a cell that would
    /// cut to the text another cuts to keeps its start, then `…`, then the text from a little before where
    /// it first differs from the others (`toggle Toggle "set…ggle.b" in Setti…`, `tap Button "Add" i… #2`).
    static func cutApart(_ texts: [String], to width: Int) -> [String] {
        var cells = texts.map { cutPath($0, to: width) }
        var groups: [String: [Int]] = [:]
        for (index, cell) in cells.enumerated() where cell != texts[index] { groups[cell, default: []].append(index) }
        for members in groups.values where members.count > 1 {
            for index in members {
                let text = Array(texts[index])
                // Where this text first differs from any other of its group.
                var differs = text.count
                for other in members where other != index && texts[other] != texts[index] {
                    let shared = zip(text, Array(texts[other])).prefix { $0 == $1 }.count
                    differs = min(differs, shared)
                }
                let head = max(1, width / 3)
                let rest = width - head - 1
                guard differs < text.count, differs > head, rest > 1 else { continue }
                let from = max(head, min(differs - rest / 3, text.count - rest))
                cells[index] = String(text[..<head]) + "…" + cut(String(text[from...]), to: rest)
            }
        }
        return cells
    }

    /// The text cut to `width` characters, ending in `…` when it was cut.
    static func cut(_ text: String, to width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }

    /// An action performed after others (`a, then b`) cut to `width` characters so that the last action,
    /// the one the row counts, stays whole and the path before it gives way: `type in Te…, then tap
    /// Button "Add" in TaskListView`; when the last action alone is too wide, the path keeps its first
    /// word or so and the last action is cut at its end. Any other text is cut at its end (`cut`).
    static func cutPath(_ text: String, to width: Int) -> String {
        guard text.count > width, let then = text.range(of: ", then ", options: .backwards), width >= 24 else { return cut(text, to: width) }
        let last = String(text[then.lowerBound...])
        let path = cut(String(text[..<then.lowerBound]), to: max(8, width - last.count))
        return path + cut(last, to: width - path.count)
    }

    /// The text cut to `width` characters from its start, beginning with `…` when it was cut.
    static func cutFromStart(_ text: String, to width: Int) -> String {
        text.count <= width ? text : "…" + String(text.suffix(max(0, width - 1)))
    }
}

extension AuditCommand {
    /// What `ripple parse` and `ripple run` say of app source: the view types its first evaluation ran and
    /// the controls it offers as actions, before any is performed; nil for a scenario file's own code.
    static func offeredCoverage(of scenario: Scenario, file: String) -> String? {
        guard scenario.syntax.readsOtherModules else { return nil }
        let coverage = Audit.coverage(of: scenario, rows: Audit.offeredRows(of: scenario, file: file))
        let line = "coverage: \(coverage.viewTypesEvaluated) of \(coverage.viewTypes) view types evaluated; \(coverage.controlsOffered) of "
            + "\(coverage.controls) controls offered as actions; 'ripple audit \(TerminalText.oneLine(file))' performs them and says which are simulated exactly"
        return wrapped(line, to: tableWidth) + "\n"
    }
}
