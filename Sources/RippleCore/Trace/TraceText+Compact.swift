// The text trace as `ripple run` prints it by default: a line per instance that fits a terminal, values
// cut to the part that changed, the read that changed, and each view type's `_printChanges` line once
// for the instances in a row that share it. `--verbose` prints `TraceText.render(_:)`, every cause in full.

extension TraceText {
    /// The width the compact trace keeps its lines to where their content allows.
    public static let compactWidth = 120

    /// The whole trace in the compact form: steps, then the side-by-side table.
    public static func compact(_ trace: ScenarioTrace, width: Int = compactWidth) -> String {
        var text = "scenario \"\(trace.title)\" (\(trace.semantics.rawValue))\n"
        let stepNames = trace.variants.first?.steps.map(\.name) ?? []
        for (index, stepName) in stepNames.enumerated() {
            text += "\nstep \"\(stepName)\"\n"
            let writesAgree = Set(trace.variants.map { $0.steps[index].writes }).count <= 1
            if writesAgree, let first = trace.variants.first {
                text += compactWrites(first.steps[index].writes, indent: "  ", width: width)
            }
            for variant in trace.variants {
                let step = variant.steps[index]
                text += "  \(variant.name): \(summary(step.counts))\n"
                if !writesAgree { text += compactWrites(step.writes, indent: "    ", width: width) }
                for window in step.windows ?? [] { text += ValueChange.fitted("    window: \(window)", width: width) + "\n" }
                text += compactInstances(step.instances, width: width)
                if !step.destroyed.isEmpty {
                    text += ValueChange.fitted("    destroyed: \(step.destroyed.joined(separator: ", "))", width: width) + "\n"
                }
                for followUp in step.followUps ?? [] {
                    text += ValueChange.fitted("    then \(followUp.name): \(summary(followUp.counts))", width: width) + "\n"
                    text += compactWrites(followUp.writes, indent: "      ", width: width)
                    text += compactInstances(followUp.instances, width: width, indent: "      ")
                    if !followUp.destroyed.isEmpty {
                        text += ValueChange.fitted("      destroyed: \(followUp.destroyed.joined(separator: ", "))", width: width) + "\n"
                    }
                }
            }
        }
        text += "\n" + table(trace)
        return text
    }

    /// One line per write: the statement, then how it reached SwiftUI.
    static func compactWrites(_ writes: [WriteTrace], indent: String, width: Int) -> String {
        var text = ""
        for write in writes {
            var line = "\(indent)write \(write.statement)"
            line += write.notified ? " — \(write.note)" : " — \(write.note) (nothing is told)"
            text += ValueChange.fitted(line, width: width) + "\n"
        }
        return text
    }

    /// The instances of a step, a run of one view type with one `_printChanges` line under that line.
    static func compactInstances(_ instances: [InstanceTrace], width: Int, indent outer: String = "    ") -> String {
        var text = ""
        var index = 0
        while index < instances.count {
            let first = instances[index]
            var end = index + 1
            while end < instances.count, instances[end].viewType == first.viewType, instances[end].printChanges == first.printChanges { end += 1 }
            var indent = outer
            if !first.printChanges.isEmpty {
                text += ValueChange.fitted("\(outer)\(first.printChanges)\(end - index > 1 ? " (\(end - index) views)" : "")", width: width) + "\n"
                indent = outer + "  "
            }
            let nameWidth = min(24, instances[index..<end].map(\.name.count).max() ?? 0)
            for instance in instances[index..<end] {
                let name = instance.name.count < nameWidth ? instance.name + String(repeating: " ", count: nameWidth - instance.name.count) : instance.name
                text += ValueChange.fitted("\(indent)\(name)  \(instance.outcome.rawValue)  \(summary(instance))", width: width) + "\n"
            }
            index = end
        }
        return text
    }

    /// Why, in a few words: the read that changed (needed), what reached it though nothing it shows
    /// changed (wasted), what it shows that nobody was told of (stale).
    static func summary(_ instance: InstanceTrace) -> String {
        guard let cause = instance.causes.first else { return instance.outcome.rawValue }
        let more = instance.causes.count > 1 ? " (+\(instance.causes.count - 1) more)" : ""
        // Said first, so that a line cut to the terminal's width keeps it.
        let unknown = TraceText.uncertainty(of: instance)
        return (unknown.isEmpty ? "" : unknown.dropFirst(2).dropLast() + ": ") + summaryOfOutcome(instance, cause: cause, more: more)
    }

    private static func summaryOfOutcome(_ instance: InstanceTrace, cause: Cause, more: String) -> String {
        switch instance.outcome {
        case .needed:
            if cause.kind == .newIdentity { return cause.detail + more }
            let reason = shortReason(cause)
            if instance.changedReads.isEmpty { return reason + more }
            return "\(instance.changedReads.joined(separator: ", ")) changed: \(reason)\(more)"
        case .wasted:
            return "\(shortReason(cause))\(more); nothing it reads changed"
        case .stale:
            return cause.detail + more
        case .skipped:
            return "skipped"
        }
    }

    /// A cause as what changed and its values cut to the difference: `ContentView.manager.tasks "Plan trip" → "Book flights"`.
    static func shortReason(_ cause: Cause) -> String {
        var head: String
        switch cause.explanation {
        case .dependency(let key, let via, _, _, _):
            head = via.isEmpty ? key : key + " via " + via.joined(separator: " → ")
        case .text(let detail):
            switch cause.kind {
            case .input: head = "input '\(cause.subject)'"
            case .state, .environment, .appStorage, .objectWillChange, .binding, .observation: head = cause.source.map { "\(cause.subject) (\($0))" } ?? cause.subject
            default: head = detail
            }
            if cause.kind == .objectWillChange { head = detail }
        }
        guard let old = cause.old, let new = cause.new, cause.kind != .seededState, cause.kind != .objectRecreated else { return head }
        let (before, after) = ValueChange.abbreviated(old, new)
        return "\(head) \(before) → \(after)"
    }
}
