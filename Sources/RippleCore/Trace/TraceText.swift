/// Prints a trace for people: per step the writes, then per variant each evaluated or stale instance.
public enum TraceText {
    /// Ripple's explanation: the outcome, every cause with values, what changed.
    public static func explanation(_ instance: InstanceTrace) -> String {
        var parts: [String] = []
        for cause in instance.causes {
            var part = cause.detail
            if let old = cause.old, let new = cause.new, cause.kind != .seededState, cause.kind != .objectRecreated {
                part += ": \(old) → \(new)"
            }
            parts.append(part)
        }
        let causes = parts.joined(separator: "; ")
        switch instance.outcome {
        case .needed:
            if instance.causes.contains(where: { $0.kind == .newIdentity }) { return "needed — \(causes)" }
            let changed = instance.changedReads.isEmpty ? "it is new" : instance.changedReads.joined(separator: ", ") + " changed"
            return "needed — \(causes); \(changed)"
        case .wasted:
            return "wasted — \(causes); nothing it reads changed" + uncertainty(of: instance)
        case .stale:
            return "stale — \(causes)"
        case .skipped:
            return "skipped"
        }
    }

    /// What an evaluation's verdict rests on that Ripple does not know, as the end of its line:
    /// ` (not exact, rests on store.catalog.title, an opaque value)`; empty when nothing.
    static func uncertainty(of instance: InstanceTrace) -> String {
        guard let unknown = instance.uncertainty, !unknown.isEmpty else { return "" }
        let described = unknown.map { $0.contains(" ") ? $0 : $0 + ", an opaque value" }
        return " (not exact, rests on " + described.joined(separator: "; ") + ")"
    }

    /// The whole trace: steps, then the side-by-side table.
    public static func render(_ trace: ScenarioTrace) -> String {
        var text = "scenario \"\(trace.title)\" (\(trace.semantics.rawValue))\n"
        let stepNames = trace.variants.first?.steps.map(\.name) ?? []
        for (index, stepName) in stepNames.enumerated() {
            text += "\nstep \"\(stepName)\"\n"
            // Writes are shown once when every variant took them the same way, else under each variant.
            let writesAgree = Set(trace.variants.map { $0.steps[index].writes }).count <= 1
            if writesAgree, let first = trace.variants.first {
                text += writes(first.steps[index].writes, indent: "  ")
            }
            for variant in trace.variants {
                let step = variant.steps[index]
                text += "  \(variant.name): \(summary(step.counts))\n"
                if !writesAgree { text += writes(step.writes, indent: "    ") }
                for window in step.windows ?? [] { text += "    window: \(window)\n" }
                for instance in step.instances {
                    if !instance.printChanges.isEmpty { text += "    \(instance.printChanges)\n" }
                    text += "      \(instance.name): \(explanation(instance))\n"
                }
                if !step.destroyed.isEmpty {
                    text += "    destroyed: \(step.destroyed.joined(separator: ", "))\n"
                }
                for followUp in step.followUps ?? [] { text += Self.followUp(followUp) }
            }
        }
        text += "\n" + table(trace)
        return text
    }

    /// An update the step's `.onChange` actions ran after it: its counts, its writes and what re-ran.
    static func followUp(_ step: StepTrace) -> String {
        var text = "    then \(step.name): \(summary(step.counts))\n"
        text += writes(step.writes, indent: "      ")
        for instance in step.instances {
            if !instance.printChanges.isEmpty { text += "      \(instance.printChanges)\n" }
            text += "        \(instance.name): \(explanation(instance))\n"
        }
        if !step.destroyed.isEmpty { text += "      destroyed: \(step.destroyed.joined(separator: ", "))\n" }
        return text
    }

    /// A step's counts in words: `4 evaluations, 1 wasted, 0 stale`, and when `ForEach` rows ran their
    /// content closures, `; 3 row closures, 3 wasted`.
    public static func summary(_ counts: StepCounts) -> String {
        var text = "\(counts.evaluations) evaluation\(counts.evaluations == 1 ? "" : "s"), \(counts.wasted) wasted, \(counts.stale) stale"
        if counts.rows > 0 { text += "; \(counts.rows) row closure\(counts.rows == 1 ? "" : "s"), \(counts.wastedRows) wasted" }
        return text
    }

    static func writes(_ writes: [WriteTrace], indent: String) -> String {
        var text = ""
        for write in writes {
            let values = write.old.map { old in " \(old) → \(write.new ?? "")" } ?? ""
            text += "\(indent)write \(write.statement)\n"
            text += "\(indent)  \(write.target): \(write.kind)\(values); \(write.note)\n"
        }
        return text
    }

    /// Per step, evaluations / wasted / stale for each variant, side by side, and the row closures run
    /// and wasted when some step of the scenario ran one.
    public static func table(_ trace: ScenarioTrace) -> String {
        let stepNames = trace.variants.first?.steps.map(\.name) ?? []
        let showsRows = trace.variants.contains { $0.steps.contains { $0.actionCounts.rows > 0 } }
        var header = ["step"]
        for variant in trace.variants { header += ["\(variant.name) evals", "wasted", "stale"] + (showsRows ? ["rows", "wasted"] : []) }
        var rows = [header]
        for (index, name) in stepNames.enumerated() {
            var row = [name]
            for variant in trace.variants {
                let counts = variant.steps[index].actionCounts
                row += [String(counts.evaluations), String(counts.wasted), String(counts.stale)]
                if showsRows { row += [String(counts.rows), String(counts.wastedRows)] }
            }
            rows.append(row)
        }
        return formatTable(rows)
    }

    /// Columns padded to their widest cell; the first column left-aligned, the rest right-aligned.
    public static func formatTable(_ rows: [[String]]) -> String {
        guard let columns = rows.map(\.count).max() else { return "" }
        var widths = Array(repeating: 0, count: columns)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        var text = ""
        for row in rows {
            var line = ""
            for (index, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                line += index == 0 ? cell + padding : "  " + padding + cell
            }
            while line.hasSuffix(" ") { line.removeLast() }
            text += line + "\n"
        }
        return text
    }
}
