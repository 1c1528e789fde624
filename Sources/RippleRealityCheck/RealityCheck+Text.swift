/// The comparison as `ripple compare` prints it: what was compared and how, then each step's rows, a
/// disagreement with both sides' lines and causes under it, then the totals. Lines fit `width` columns.
extension RealityCheck {
    /// The text for a comparison with the scenario at `scenario`.
    public func text(scenario: String, width: Int = 120) -> String {
        var text = cut("compare '\(log)' (\(format.rawValue))", width) + "\n"
            + cut("   with '\(scenario)', variant '\(variant)' (\(semantics.rawValue))", width) + "\n"
        for line in header { text += cut("  " + line, width) + "\n" }
        let typeWidth = min(30, max(9, steps.flatMap(\.rows).map(\.viewType.count).max() ?? 0))
        let heading = pad("view type", typeWidth) + "  logged  predicted  " + pad("grade", Self.gradeWidth) + "  the app's lines / Ripple's"
        for step in steps {
            let title = step.name == "initial" ? "initial" : "step \"\(step.name)\""
            guard step.logStep != nil else {
                let why = step.name == "initial" ? "the log begins after it" : "not in the log"
                text += cut("\n\(title): \(why)", width) + "\n"
                continue
            }
            let logPart = step.logStep == step.name || step.logStep == "initial" ? "" : " = log step '\(step.logStep!)'"
            text += cut("\n\(title)\(logPart)\(step.logLine.map { " (log line \($0))" } ?? "")", width) + "\n"
            guard !step.rows.isEmpty else {
                text += "  no body ran in the app, and Ripple predicts none\n"
                continue
            }
            text += cut("  " + heading, width) + "\n"
            for row in step.rows {
                let counts = pad(row.viewType, typeWidth) + "  " + leftPad("\(row.logged)", 6) + "  " + leftPad("\(row.predicted)", 9) + "  "
                if row.grade.isDisagreement {
                    text += cut("  " + counts + row.grade.words, width) + "\n"
                    text += cut("      app:    " + (row.loggedChanges.isEmpty ? "no line" : Self.describe(row.loggedChanges, lines: true)), width) + "\n"
                    text += cut("      Ripple: " + (row.predictedChanges.isEmpty ? "no evaluation" : Self.describe(row.predictedChanges)), width) + "\n"
                } else {
                    let sides = switch row.grade {
                    case .notRecorded: "no line of this type in the log / " + Self.describe(row.predictedChanges)
                    case .notInScenario: Self.describe(row.loggedChanges, lines: false) + " / no view of this type in the scenario"
                    default: Self.sameLines(row) ? "both: " + Self.describe(row.predictedChanges)
                        : Self.describe(row.loggedChanges, lines: false) + " / " + Self.describe(row.predictedChanges)
                    }
                    text += cut("  " + counts + pad(row.grade.words, Self.gradeWidth) + "  " + sides, width) + "\n"
                }
            }
        }
        let counts = gradeCounts
        let rows = counts.values.reduce(0, +)
        text += "\n" + cut("\(rows) row\(rows == 1 ? "" : "s"): " + Grade.allCases.map { "\(counts[$0] ?? 0) \($0.words)" }.joined(separator: ", "), width) + "\n"
        let disagreements = self.disagreements.count
        text += disagreements == 0
            ? "the app and Ripple agree on every view type the log records\n"
            : cut("\(disagreements) disagreement\(disagreements == 1 ? "" : "s"); if Ripple is wrong, docs/RealityCheck.md says what to send", width) + "\n"
        return text
    }

    /// What was compared and how: the steps' boundaries and pairing, the comparison by type, what was skipped.
    public var header: [String] {
        var lines: [String] = []
        switch boundaries {
        case .markers:
            let markers = loggedStepCount
            lines.append("steps: at the log's \(markers) '\(ChangeLog.markerPrefix)' marker\(markers == 1 ? "" : "s"), paired with the scenario's steps "
                         + (matching == .names ? "by name" : "by order (a marker names no step left)"))
        case .timeGaps:
            lines.append("steps: no '\(ChangeLog.markerPrefix)' markers; split at pauses of \(Self.seconds(gap)) or more, paired with the scenario's steps by order")
        case .none:
            lines.append("steps: the log has no '\(ChangeLog.markerPrefix)' markers and no timestamps; all of it is taken as the first render")
        }
        lines.append("by view type and count: the log names view types, not instances, and says '@dependencies changed' without the property")
        if !unpairedLogSteps.isEmpty {
            lines.append("log steps no step of the scenario is paired with: " + unpairedLogSteps.joined(separator: ", "))
        }
        if skippedLines > 0 {
            lines.append("skipped \(skippedLines) line\(skippedLines == 1 ? "" : "s") that \(skippedLines == 1 ? "is" : "are") no SwiftUI change line (other subsystems, headers, the app's own output)")
        }
        return lines
    }

    /// What a row's two sides say, as the text and the report show them: the app's lines with their
    /// log lines, and Ripple's with its causes.
    public static func sides(of row: Row) -> (app: String, ripple: String) {
        (row.loggedChanges.isEmpty ? "no line" : describe(row.loggedChanges, lines: true),
         row.predictedChanges.isEmpty ? "no evaluation" : describe(row.predictedChanges))
    }

    /// Whether the app's lines and Ripple's read alike, count for count.
    private static func sameLines(_ row: Row) -> Bool {
        row.loggedChanges.map { [$0.reasons: $0.count] } == row.predictedChanges.map { [$0.reasons: $0.count] }
    }

    private static let gradeWidth = Grade.allCases.map(\.words.count).max()!

    /// `@self, _count changed ×2; @dependencies changed (log lines 4, 9, 12)`.
    private static func describe(_ changes: [LoggedChange], lines: Bool) -> String {
        let text = changes.map { $0.reasons + ($0.count > 1 ? " ×\($0.count)" : "") }.joined(separator: "; ")
        guard lines else { return text }
        let numbers = changes.flatMap(\.lines).sorted()
        let shown = numbers.prefix(6).map(String.init).joined(separator: ", ") + (numbers.count > 6 ? ", …" : "")
        return text + " (log line\(numbers.count == 1 ? "" : "s") \(shown))"
    }

    /// `@dependencies changed ×2 (observation store.tasks)`.
    private static func describe(_ changes: [PredictedChange]) -> String {
        changes.map { change in
            change.reasons + (change.count > 1 ? " ×\(change.count)" : "") + (change.causes.isEmpty ? "" : " (" + change.causes.joined(separator: ", ") + ")")
        }.joined(separator: "; ")
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    private func cut(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        let shown = text.count > width ? String(text.prefix(width - 1)) + "…" : text
        return shown + String(repeating: " ", count: width - shown.count)
    }

    private func leftPad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
