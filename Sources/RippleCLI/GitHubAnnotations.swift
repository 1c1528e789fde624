import Foundation

/// `ripple audit --format github`: the findings as GitHub Actions workflow commands, which a workflow's
/// log turns into annotations on the pull request's files:
/// `::warning file=Sources/TaskRowView.swift,line=10,col=13,title=ripple computed-vs-cached::…`.
///
/// An error is a finding that makes the run fail (over a budget it adds to, or worse than the
/// baseline), a warning one to look at, a notice one to know. What improved against the baseline comes
/// first, as notices without a file; the budgets' failures come as errors without a file, and the
/// coverage line last, as a notice.
///
/// GitHub shows at most `maximumPerKind` annotations of each kind from one step and drops the rest
/// silently: past it, the last one shown of a kind says how many more there are and where to read them.
enum GitHubAnnotations {
    /// The annotations of one kind (error, warning, notice) GitHub shows from one step.
    static let maximumPerKind = 10

    static func text(_ findings: [AuditFinding], failures: [String], coverage: String, notices: [String] = []) -> String {
        var commands: [(kind: String, text: String)] = []
        // What improved against the baseline, before the findings: a change's reward is seen first.
        for notice in notices { commands.append(("notice", "::notice title=\(escapeProperty("ripple audit"))::\(escapeData(notice))\n")) }
        for finding in findings {
            let command = finding.level == .note ? "notice" : finding.level.rawValue
            let properties = [("file", AuditCommand.relativePath(finding.file)), ("line", String(finding.line)), ("col", String(finding.column)),
                              ("title", "ripple \(finding.ruleId)")]
            commands.append((command, "::\(command) " + properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
                                        + "::\(escapeData(finding.message))\n"))
        }
        // The budgets' failures and the coverage line are always shown: room is kept for them among the
        // errors and the notices, and the findings of each kind are cut, in their order, where that
        // kind's summary must fit.
        var total: [String: Int] = [:]
        for command in commands { total[command.kind, default: 0] += 1 }
        func room(_ kind: String) -> Int {
            let room = maximumPerKind - (kind == "notice" ? 1 : 0) - (kind == "error" ? failures.count : 0)
            return total[kind, default: 0] > room ? max(room - 1, 0) : room
        }
        var shown: [String: Int] = [:]
        var text = ""
        for command in commands where shown[command.kind, default: 0] < room(command.kind) {
            shown[command.kind, default: 0] += 1
            text += command.text
        }
        for failure in failures { text += "::error title=\(escapeProperty("ripple audit"))::\(escapeData(failure))\n" }
        for kind in ["error", "warning", "notice"] where total[kind, default: 0] > shown[kind, default: 0] {
            let more = total[kind, default: 0] - shown[kind, default: 0]
            let plural = kind == "notice" ? "notices" : kind + "s"
            text += "::\(kind) title=\(escapeProperty("ripple audit"))::"
                + escapeData("\(more) more \(plural) than GitHub shows from one step; --format sarif or the HTML report lists every one") + "\n"
        }
        return text + "::notice title=\(escapeProperty("ripple audit"))::\(escapeData(coverage))\n"
    }

    /// A message as a workflow command carries it: `%`, carriage return and line feed escaped, so one
    /// command stays one line.
    static func escapeData(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A property's value (`file=…`, `title=…`): as `escapeData`, and `:` and `,`, which end it.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
