import RippleCore
import RippleRender

/// `ripple audit PATH...`: every action a person can take on each screen, performed from its first
/// state, ranked by the work SwiftUI would do for nothing.
enum AuditCommand {
    /// One action performed in one variant.
    struct Row: Encodable {
        var file: String
        var variant: String
        var action: String
        var kind: String
        var location: TraceLocation
        var evaluations: Int
        var wasted: Int
        var stale: Int
        /// The view type with the most wasted evaluations, and how many; nil when nothing was wasted.
        var mostWasted: String?
        var mostWastedCount: Int
        /// What would have avoided the waste or the stale views, the hint for `mostWasted` first.
        var hints: [AuditHint]
        /// Why it could not be simulated; nil when it was.
        var error: String?
        /// What the action does with every proven fix applied; nil when no fix was kept.
        var fixed: Counts? = nil

        /// Takes the counts, the view type that wasted most, and the hints from what the action did.
        mutating func count(_ step: StepTrace) {
            evaluations = step.counts.evaluations
            wasted = step.counts.wasted
            stale = step.counts.stale
            var wastedByType: [String: Int] = [:]
            for instance in step.instances where instance.outcome == .wasted { wastedByType[instance.viewType, default: 0] += 1 }
            if let top = wastedByType.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).first {
                mostWasted = top.key
                mostWastedCount = top.value
            }
            let hints = AuditHints.hints(for: step)
            self.hints = hints.filter { $0.view == mostWasted } + hints.filter { $0.view != mostWasted }
        }
    }

    /// Evaluations, wasted evaluations and stale views of one action.
    struct Counts: Encodable {
        var evaluations: Int
        var wasted: Int
        var stale: Int
    }

    static func run(_ parsed: ParsedArguments, stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) throws(UsageError) -> Int32 {
        let format = parsed.values["format"] ?? "text"
        guard format == "text" || format == "json" else { throw UsageError(message: "unknown format '\(format)'; expected 'text' or 'json'") }
        let allRows = parsed.flags.contains("all-rows")
        let budget = try Budget(parsed)
        let options = try SourceOptions(parsed)
        if let path = parsed.values["junit"] {
            try JUnitReport.checkDestination(path, inputs: parsed.positionals, files: try ScenarioFiles.expand(parsed.positionals))
        }
        let emitted = try parsed.values["emit-variant"].map { name throws(UsageError) in try EmittedVariant.Destination(name, folder: parsed.values["output"]) }
        var rows: [Row] = []
        var proofs: [AuditFixes] = []
        var failed = false
        for file in try ScenarioFiles.expand(parsed.positionals) {
            guard let scenario = ScenarioFiles.load(file, options: options, stderr: &stderr) else {
                failed = true
                continue
            }
            for variant in scenario.variants {
                do throws(DiagnosticError) {
                    var found = try audit(scenario, variant: variant.name, file: file, allRows: allRows)
                    let fixes = AuditFixes(scenario: scenario, variant: variant.name, file: file, rows: found, allRows: allRows)
                    for index in found.indices {
                        guard let fixed = fixes.fixedRows[found[index].action], fixed.error == nil else { continue }
                        found[index].fixed = Counts(evaluations: fixed.evaluations, wasted: fixed.wasted, stale: fixed.stale)
                    }
                    if !fixes.proofs.isEmpty { proofs.append(fixes) }
                    rows += found
                } catch {
                    stderr.write(error.description + "\n")
                    failed = true
                }
            }
        }
        // Most wasted first, then most evaluations; ties keep the order the screen offers them in.
        let ranked = rows.enumerated().sorted { a, b in
            (a.element.wasted, a.element.evaluations, -a.offset) > (b.element.wasted, b.element.evaluations, -b.offset)
        }.map(\.element)
        if format == "json" {
            stdout.write(TraceJSON.encode(value: ranked) + "\n")
        } else {
            stdout.write(table(ranked))
            for fixes in proofs { stdout.write("\n" + fixes.text) }
        }
        if let emitted {
            let withFixes = proofs.filter { !$0.kept.isEmpty }
            if withFixes.isEmpty {
                stderr.write("note: no fix was proven, so no variant was written\n")
            }
            for fixes in withFixes {
                let path = emitted.path(for: fixes, among: withFixes)
                do {
                    try AtomicFile.write(EmittedVariant.text(fixes, name: emitted.name, path: path).utf8, to: path)
                    stderr.write("wrote \(path)\n")
                } catch {
                    stderr.write("error: \(FileError("cannot write the variant", path, error).message)\n")
                    failed = true
                }
            }
        }
        let unsimulated = rows.filter { $0.error != nil }
        for row in unsimulated { stderr.write("\(row.location.file):\(row.location.line):\(row.location.column): note: '\(row.action)' was not simulated: \(row.error!)\n") }
        let overruns = budget.overruns(ranked)
        for overrun in overruns { stderr.write("error: \(overrun)\n") }
        if let path = parsed.values["junit"] {
            var report = JUnitReport()
            report.add(suite: "ripple audit", cases: [("budget", overruns.isEmpty ? nil : overruns.joined(separator: "\n"))]
                + ranked.map { ("\($0.action) (\($0.variant))", nil) })
            do {
                try AtomicFile.write(report.xml.utf8, to: path)
            } catch {
                stderr.write("error: \(FileError("cannot write the JUnit report", path, error).message)\n")
                return CommandLine.Status.failure
            }
        }
        return failed || !overruns.isEmpty ? CommandLine.Status.failure : CommandLine.Status.success
    }

    /// The most wasted evaluations and stale views the audit may find in all, for CI.
    struct Budget {
        var maximumWasted: Int?
        var maximumStale: Int?

        init(_ parsed: ParsedArguments) throws(UsageError) {
            func number(_ name: String) throws(UsageError) -> Int? {
                guard let text = parsed.values[name] else { return nil }
                guard let value = Int(text), value >= 0 else { throw UsageError(message: "--\(name) takes a whole number, not '\(text)'") }
                return value
            }
            maximumWasted = try number("max-wasted")
            maximumStale = try number("max-stale")
        }

        /// What went over the budget, each with the actions and views that did most of it.
        func overruns(_ rows: [Row]) -> [String] {
            var found: [String] = []
            let wasted = rows.reduce(0) { $0 + $1.wasted }, stale = rows.reduce(0) { $0 + $1.stale }
            if let maximumWasted, wasted > maximumWasted {
                let worst = rows.filter { $0.wasted > 0 }.prefix(3).map { "'\($0.action)' \($0.wasted) (most: \($0.mostWasted ?? "?"))" }
                found.append("the audit found \(wasted) wasted evaluations, over the budget of \(maximumWasted): \(worst.joined(separator: ", "))")
            }
            if let maximumStale, stale > maximumStale {
                let worst = rows.filter { $0.stale > 0 }.sorted { $0.stale > $1.stale }.prefix(3).map { "'\($0.action)' \($0.stale)" }
                found.append("the audit found \(stale) stale views, over the budget of \(maximumStale): \(worst.joined(separator: ", "))")
            }
            return found
        }
    }

    /// Every action of one variant, each performed on a screen of its own in its first state, and then
    /// the steps a scenario file writes, replayed in order as `ripple run` replays them.
    static func audit(_ scenario: Scenario, variant: String, file: String, allRows: Bool) throws(DiagnosticError) -> [Row] {
        let first = try Simulation(scenario: scenario, variant: variant, semantics: scenario.semantics)
        var rows: [Row] = []
        for (index, action) in first.availableActions(allRows: allRows).enumerated() {
            var row = Row(file: file, variant: variant, action: action.name, kind: action.kind, location: TraceLocation(action.location),
                          evaluations: 0, wasted: 0, stale: 0, mostWasted: nil, mostWastedCount: 0, hints: [], error: nil)
            do throws(DiagnosticError) {
                let simulation = try Simulation(scenario: scenario, variant: variant, semantics: scenario.semantics)
                row.count(try simulation.perform(actionAt: index, allRows: allRows))
            } catch {
                row.error = error.diagnostics.first?.message ?? "\(error)"
            }
            rows.append(row)
        }
        // The steps were replayed when the scenario loaded.
        if let trace = scenario.trace.variants.first(where: { $0.name == variant }) {
            for (step, stepTrace) in zip(scenario.steps(of: variant), trace.steps) {
                var row = Row(file: file, variant: variant, action: "step \"\(step.name)\"", kind: "step", location: TraceLocation(step.location),
                              evaluations: 0, wasted: 0, stale: 0, mostWasted: nil, mostWastedCount: 0, hints: [], error: nil)
                row.count(stepTrace)
                rows.append(row)
            }
        }
        return rows
    }

    /// The ranked table: one line per action.
    static func table(_ rows: [Row]) -> String {
        guard !rows.isEmpty else { return "no actions found: no Button, gesture or control with a binding is built\n" }
        let variants = Set(rows.map(\.variant))
        var lines: [[String]] = [["action", "where"] + (variants.count > 1 ? ["variant"] : []) + ["evals", "wasted", "stale", "most wasted"]]
        var hints: [String] = []
        for row in rows {
            let place = "\(row.location.file):\(row.location.line)"
            let most = row.error.map { "not simulated: \($0)" } ?? row.mostWasted.map { "\($0) ×\(row.mostWastedCount)" } ?? "–"
            lines.append([row.action, place] + (variants.count > 1 ? [row.variant] : [])
                         + [String(row.evaluations), String(row.wasted), String(row.stale), most])
            if let hint = row.hints.first {
                let text = "\(row.action)\(variants.count > 1 ? " (\(row.variant))" : ""): \(hint.text) [\(hint.guidance)]"
                if !hints.contains(text) { hints.append(text) }
            }
        }
        var text = TraceText.formatTable(lines)
        if !hints.isEmpty {
            text += "\nhints:\n" + hints.map { "  " + $0 + "\n" }.joined()
        }
        return text
    }
}
