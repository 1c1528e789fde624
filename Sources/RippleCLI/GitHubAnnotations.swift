import Foundation

/// `ripple audit --format github`: the findings as GitHub Actions workflow commands, which a workflow's
/// log turns into annotations on the pull request's files:
/// `::warning file=Sources/TaskRowView.swift,line=10,col=13,title=ripple computed-vs-cached::…`.
///
/// An error is a finding that makes the run fail (over a budget it adds to, or worse than the
/// baseline), a warning one to look at, a notice one to know. The budgets' failures come as errors
/// without a file, and the coverage line last, as a notice.
enum GitHubAnnotations {
    static func text(_ findings: [AuditFinding], failures: [String], coverage: String) -> String {
        var text = ""
        for finding in findings {
            let command = finding.level == .note ? "notice" : finding.level.rawValue
            let properties = [("file", AuditCommand.relativePath(finding.file)), ("line", String(finding.line)), ("col", String(finding.column)),
                              ("title", "ripple \(finding.ruleId)")]
            text += "::\(command) " + properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",") + "::\(escapeData(finding.message))\n"
        }
        for failure in failures { text += "::error title=\(escapeProperty("ripple audit"))::\(escapeData(failure))\n" }
        text += "::notice title=\(escapeProperty("ripple audit"))::\(escapeData(coverage))\n"
        return text
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
