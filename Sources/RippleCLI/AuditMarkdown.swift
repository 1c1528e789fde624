import Foundation
import RippleAudit
import RippleCore

/// `ripple audit --format markdown`: a short summary for a pull request's comment or a job's summary
/// (`$GITHUB_STEP_SUMMARY`). Against a baseline: the verdict, the actions that do more with what the
/// change did to cause it, the actions that do less with what they save, the actions not performed,
/// gone or new, and the coverage before and after; without one, the actions that waste or leave views
/// stale. Each list names at most `listed` actions and counts the rest; files are linked by their path
/// from the repository's root, with the line as an anchor (`Sources/ItemRow.swift#L10`).
enum AuditMarkdown {
    /// Most actions a list names.
    static let listed = 10

    /// Most characters of the summary: below the 65,536 a GitHub comment holds.
    static let maximumLength = 60_000

    static func text(ranked: [AuditRow], coverage: Coverage, overruns: [String], comparison: AuditBaseline.Comparison?, baseline: AuditBaseline?,
                     root: String = SARIFReport.repositoryRoot()) -> String {
        let link = { (file: String, line: Int) -> String in
            let path = AuditCommand.relativePath(SARIFReport.absolute(file), in: root)
            let shown = (path.split(separator: "/").last.map(String.init) ?? path) + ":\(line)"
            let target = path.split(separator: "/").map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0) }.joined(separator: "/")
            return "[\(escape(shown))](\(target)#L\(line))"
        }
        let variants = Set(ranked.map(\.variant)).count > 1
        let name = { (row: AuditRow) in code(row.action) + (variants ? " (\(escape(row.variant)))" : "") }
        var text = ""
        guard let comparison, let baseline else {
            let findings = ranked.filter { $0.error == nil && ($0.wasted + $0.wastedRows > 0 || $0.stale > 0) }
            text += "## Ripple: \(count(findings.count, "action wastes", "actions waste")) evaluations or leaves views stale\n\n"
            text += overruns.isEmpty ? "" : overruns.map { "- **Fails:** \(escape($0))\n" }.joined() + "\n"
            if !findings.isEmpty {
                text += "| action | where | evaluations | wasted | stale |\n| --- | --- | --: | --: | --: |\n"
                for row in findings.prefix(listed) {
                    text += "| \(name(row)) | \(link(row.location.file, row.location.line)) | \(row.evaluations) | \(row.wasted + row.wastedRows) | \(row.stale) |\n"
                }
                text += more(findings.count)
                text += "\n"
            }
            text += "**Coverage:** \(escape(coverage.line))\n"
            return cut(text)
        }
        let regressions = comparison.regressions, improvements = comparison.improvements
        let failed = comparison.failed || !overruns.isEmpty
        text += "## Ripple: \(count(regressions.count, "action does", "actions do")) more, \(count(improvements.count, "does", "do")) less\n\n"
        text += failed ? "**Fails** against the baseline `\(escape(baseline.path))`" + (overruns.isEmpty ? "" : " and the budgets") + ".\n\n"
            : "**Passes:** nothing does more than in the baseline `\(escape(baseline.path))`.\n\n"
        for overrun in overruns { text += "- **Over budget:** \(escape(overrun))\n" }
        if !overruns.isEmpty { text += "\n" }
        if !regressions.isEmpty {
            text += "### Does more\n\n| action | where | change | what the change did |\n| --- | --- | --- | --- |\n"
            for regression in regressions.prefix(listed) {
                let row = regression.row
                let change = regression.changes.map { ($0.map(\.text) + regression.stopped.map { "`\($0)` no longer updates" }).joined(separator: ", ") }
                    ?? "new: evaluations \(row.evaluations), wasted \(row.wasted + row.wastedRows), stale \(row.stale)"
                var why = regression.explanations.map { explanation in
                    escape(explanation.text) + (explanation.location.map { " (" + link($0.file, $0.line) + ")" } ?? "")
                }
                if let hint = regression.newHints.first { why.append(escape(hint.text)) }
                text += "| \(name(row)) | \(link(row.location.file, row.location.line)) | \(escape(change)) | \(why.isEmpty ? "–" : why.joined(separator: "<br>")) |\n"
            }
            text += more(regressions.count) + "\n"
        }
        if !improvements.isEmpty {
            text += "### Does less\n\n"
            for improvement in improvements.prefix(listed) {
                let row = improvement.row
                text += "- \(name(row)) (\(link(row.location.file, row.location.line))): "
                    + escape(improvement.changes.map(\.text).joined(separator: ", ")) + "; \(escape(improvement.saving))\n"
            }
            text += more(improvements.count) + "\n"
        }
        if !comparison.notPerformed.isEmpty {
            text += "### Not performed\n\n"
            for (action, reason) in comparison.notPerformed.prefix(listed) { text += "- \(code(action.action)): \(escape(reason))\n" }
            text += more(comparison.notPerformed.count) + "\n"
        }
        if !comparison.gone.isEmpty {
            text += "**Gone:** " + comparison.gone.prefix(listed).map { code($0.action) }.joined(separator: ", ")
                + (comparison.gone.count > listed ? ", … and \(comparison.gone.count - listed) more" : "") + "\n\n"
        }
        let before = baseline.coverage
        let now = "\(coverage.controlsExact) of \(coverage.controls) controls simulated exactly (\(coverage.exactPercent))"
        let unchanged = before.controlsExact == coverage.controlsExact && before.controls == coverage.controls
        let coverageText = comparison.coverageDrop.map { "fell, " + escape($0) }
            ?? (unchanged ? now + ", as in the baseline" : now + ", was \(before.controlsExact) of \(before.controls)")
        text += "**Coverage:** " + coverageText + ".\n"
        return cut(text)
    }

    /// `1 action does`, `2 actions do`.
    private static func count(_ count: Int, _ one: String, _ many: String) -> String {
        "\(count) \(count == 1 ? one : many)"
    }

    /// `… and 3 more` under a list cut at `listed`, or nothing.
    private static func more(_ count: Int) -> String {
        count > listed ? "\n… and \(count - listed) more\n" : ""
    }

    /// `text` as code: fenced by more backticks than it holds in a row, on one line, its `|` escaped for a table.
    static func code(_ text: String) -> String {
        let line = TerminalText.oneLine(text)
        var longest = 0, run = 0
        for character in line {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = line.hasPrefix("`") || line.hasSuffix("`") ? " " + line + " " : line
        return fence + padded.replacingOccurrences(of: "|", with: "\\|") + fence
    }

    /// `text` on one line, with what Markdown or HTML would read as markup escaped: `|` for a table, `<`.
    static func escape(_ text: String) -> String {
        TerminalText.oneLine(text).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "<", with: "&lt;")
    }

    /// The summary within `maximumLength`, cut at a line with a note.
    private static func cut(_ text: String) -> String {
        guard text.count > maximumLength else { return text }
        let kept = text.prefix(maximumLength)
        return String(kept[..<(kept.lastIndex(of: "\n") ?? kept.endIndex)]) + "\n\n… cut at \(maximumLength) characters; the HTML report has every action\n"
    }
}
