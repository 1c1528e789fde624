import RippleCore
import RippleSwift
import RippleRender

/// `ripple audit PATH...`: every action a person can take on each screen, performed from its first
/// state, ranked by the work SwiftUI would do for nothing.
enum AuditCommand {
    /// One action performed in one variant.
    struct Row: Encodable, Sendable {
        var file: String
        var variant: String
        var action: String
        var kind: String
        /// The control as written: `Button`, `.onTapGesture`; `step` for a scenario's own step.
        var control: String
        var location: TraceLocation
        /// How far its counts can be trusted.
        var confidence: Confidence = .exact
        /// What its verdicts rest on that Ripple does not know (an opaque value read, a body it could not
        /// simulate), as `View: what`; empty for an exact row.
        var uncertainty: [String] = []
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
        /// What Ripple assumed while performing it, beyond what loading the code assumed: code it does not
        /// simulate.
        var notes: [Note] = []
        /// What the action does with every proven fix applied; nil when no fix was kept.
        var fixed: Counts? = nil
        /// Per view type the action re-ran or left stale, in the order the step lists them.
        var views: [ViewCounts] = []

        /// Whether some of what the action runs was not simulated: its notes say what.
        var isPartial: Bool { notes.contains { $0.message.contains("not simulated") } }

        /// The view type that wasted most, or why the row is not exact: what the last column shows.
        var why: String {
            let most = error.map { "not simulated: \($0)" } ?? mostWasted.map { "\($0) ×\(mostWastedCount)" } ?? "–"
            guard confidence == .partial else { return most }
            let what = uncertainty.first ?? notes.first { $0.message.contains("not simulated") }?.message ?? "see the notes"
            return mostWasted == nil ? what : most + "; " + what
        }

        /// Wasted evaluations whose verdict rests on nothing Ripple does not know: what a budget counts.
        var judgedWasted = 0

        /// An action not yet performed: no evaluations, nothing wasted, no hint.
        init(file: String, variant: String, action: String, kind: String, control: String, location: TraceLocation) {
            self.file = file
            self.variant = variant
            self.action = action
            self.kind = kind
            self.control = control
            self.location = location
            evaluations = 0
            wasted = 0
            stale = 0
            mostWasted = nil
            mostWastedCount = 0
            hints = []
            error = nil
        }

        /// Takes the counts, the view type that wasted most, and the hints from what the action did in the
        /// code of `declarations`, with the updates its `.onChange` actions ran after it.
        mutating func count(_ step: StepTrace, declarations: [DeclarationSyntax]) {
            let updates = [step] + (step.followUps ?? [])
            evaluations = updates.reduce(0) { $0 + $1.counts.evaluations }
            wasted = updates.reduce(0) { $0 + $1.counts.wasted }
            stale = updates.reduce(0) { $0 + $1.counts.stale }
            let instances = updates.flatMap(\.instances)
            uncertainty = []
            for instance in instances {
                for what in instance.uncertainty ?? [] where !uncertainty.contains(instance.viewType + ": " + what) {
                    uncertainty.append(instance.viewType + ": " + what)
                }
            }
            for update in updates {
                for input in update.opaqueSkips ?? [] { uncertainty.append(input + ": an opaque input compared equal, so it was not re-run") }
            }
            judgedWasted = instances.count { $0.outcome == .wasted && $0.uncertainty == nil }
            var wastedByType: [String: Int] = [:]
            for instance in instances where instance.outcome == .wasted { wastedByType[instance.viewType, default: 0] += 1 }
            views = []
            for instance in instances {
                if !views.contains(where: { $0.view == instance.viewType }) { views.append(ViewCounts(view: instance.viewType)) }
                let index = views.firstIndex { $0.view == instance.viewType }!
                switch instance.outcome {
                case .stale: views[index].stale += 1
                case .wasted: views[index].wasted += 1; views[index].evaluations += 1
                default: views[index].evaluations += 1
                }
            }
            if let top = wastedByType.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).first {
                mostWasted = top.key
                mostWastedCount = top.value
            }
            // No hint is built on a verdict that rests on what Ripple does not know.
            var hints: [AuditHint] = []
            for var update in updates {
                update.instances.removeAll { $0.uncertainty != nil }
                for hint in AuditHints.hints(for: update, declarations: declarations) where !hints.contains(hint) { hints.append(hint) }
            }
            self.hints = hints.filter { $0.view == mostWasted } + hints.filter { $0.view != mostWasted }
        }
    }

    /// Sets each row's confidence from what it did: not simulated when it could not be performed, partial
    /// when something it ran was not simulated or a verdict rests on what Ripple does not know.
    static func judge(_ rows: inout [Row]) {
        for index in rows.indices {
            let row = rows[index]
            rows[index].confidence = row.error != nil ? .notSimulated : row.isPartial || !row.uncertainty.isEmpty ? .partial : .exact
        }
    }

    /// Something Ripple assumed while performing an action, where the code is.
    struct Note: Encodable, Sendable {
        var location: TraceLocation
        var message: String
        /// `note`, or `warning` where views, a body or an action were left out.
        var severity = "note"
    }

    /// What one action did to one view type.
    struct ViewCounts: Encodable, Sendable {
        var view: String
        var evaluations = 0
        var wasted = 0
        var stale = 0
    }

    /// The threads `--jobs N` asks for, at most one per core: each thread has a stack of its own, and
    /// 100,000 asked for hundreds of threads and a gigabyte. (`ParallelWork` also starts no more
    /// threads than there are actions.)
    static func jobs(_ text: String) throws(UsageError) -> Int {
        guard let count = Int(text), count > 0 else { throw UsageError(message: "--jobs takes a whole number above 0, not '\(text)'") }
        return min(count, ParallelWork.threadCount)
    }

    /// Most wasted first, then most evaluations; ties keep the order the screen offers them in.
    static func ranked(_ rows: [Row]) -> [Row] {
        rows.enumerated().sorted { a, b in
            (a.element.wasted, a.element.evaluations, -a.offset) > (b.element.wasted, b.element.evaluations, -b.offset)
        }.map(\.element)
    }

    /// Evaluations, wasted evaluations and stale views of one action.
    struct Counts: Encodable, Sendable {
        var evaluations: Int
        var wasted: Int
        var stale: Int
    }

    static func run(_ arguments: ParsedArguments, stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) throws(UsageError) -> Int32 {
        var parsed = arguments
        let format = parsed.values["format"] ?? "text"
        guard ["text", "json", "html", "sarif", "github", "warnings"].contains(format) else {
            throw UsageError(message: "unknown format '\(format)'; expected 'text', 'json', 'html', 'sarif', 'github' or 'warnings'")
        }
        // Compiler-style lines for a build: what Ripple cannot read or simulate is one note, never a failure.
        let warnings = format == "warnings"
        let stamp = parsed.values["stamp"]
        if stamp != nil, !warnings { throw UsageError(message: "--stamp goes with --format warnings") }
        if let file = parsed.values["settings"] {
            guard warnings else { throw UsageError(message: "--settings goes with --format warnings") }
            parsed = try LintSettings(contentsOf: file).applied(to: parsed, file: file)
        }
        let baseline = try parsed.values["baseline"].map { path throws(UsageError) in try AuditBaseline(contentsOf: path) }
        let report = format == "html" ? try OutputFolder(path: parsed.values["output"] ?? "Output", inputs: parsed.positionals) : nil
        let allRows = parsed.flags.contains("all-rows")
        let jobs = try parsed.values["jobs"].map { text throws(UsageError) in try Self.jobs(text) }
        let budget = try Budget(parsed)
        let options = try SourceOptions(parsed)
        if let path = parsed.values["junit"] {
            try JUnitReport.checkDestination(path, inputs: parsed.positionals, files: try ScenarioFiles.expand(parsed.positionals))
        }
        let emitted = try parsed.values["emit-variant"].map { name throws(UsageError) in try EmittedVariant.Destination(name, folder: parsed.values["output"]) }
        let inputs = try ScenarioFiles.expand(parsed.positionals)
        if let emitted, let refusal = EmittedVariant.refusal(toWrite: emitted.path, files: inputs) { throw UsageError(message: refusal) }
        if let stamp, let refusal = Self.stampRefusal(stamp, inputs: inputs) { throw UsageError(message: refusal) }
        var unread: [String] = []
        var refused = false
        var rows: [Row] = []
        var coverages: [Coverage] = []
        var coverageFiles: [String] = []
        var loadNotes: [Note] = []
        var proofs: [AuditFixes] = []
        var audited: [(scenario: Scenario, variant: String, file: String, rows: [Row], fixes: AuditFixes)] = []
        var failed = false
        for file in inputs {
            // The warnings format keeps what loading prints, the notes and errors, to itself.
            var loading = ""
            guard let scenario = warnings ? ScenarioFiles.load(file, options: options, stderr: &loading)
                                          : ScenarioFiles.load(file, options: options, stderr: &stderr) else {
                if warnings { unread.append(file) } else { failed = true }
                continue
            }
            // The variants (an app's roots) are audited on every core, or, for one variant, its actions.
            let variants = scenario.variants.map(\.name)
            let inner = variants.count > 1 ? 1 : jobs
            let audits = ParallelWork.map(variants.count, threads: variants.count > 1 ? jobs : 1) { index -> Result<([Row], AuditFixes), DiagnosticError> in
                do throws(DiagnosticError) {
                    var found = try audit(scenario, variant: variants[index], file: file, allRows: allRows, threads: inner)
                    let fixes = AuditFixes(scenario: scenario, variant: variants[index], file: file, rows: found, allRows: allRows, threads: inner)
                    for index in found.indices {
                        guard let fixed = fixes.fixedRows[found[index].action], fixed.error == nil else { continue }
                        found[index].fixed = Counts(evaluations: fixed.evaluations, wasted: fixed.wasted, stale: fixed.stale)
                    }
                    return .success((found, fixes))
                } catch {
                    return .failure(error)
                }
            }
            var fileRows: [Row] = []
            for (variant, outcome) in zip(variants, audits) {
                switch outcome {
                case .success(let (found, fixes)):
                    if !fixes.proofs.isEmpty { proofs.append(fixes) }
                    if report != nil { audited.append((scenario, variant, file, found, fixes)) }
                    fileRows += found
                case .failure(let error):
                    if warnings {
                        if !unread.contains(file) { unread.append(file) }
                        continue
                    }
                    stderr.write(error.description + "\n")
                    failed = true
                }
            }
            rows += fileRows
            coverages.append(coverage(of: scenario, rows: fileRows))
            coverageFiles.append(file)
            loadNotes += scenario.notes.map { Note(location: TraceLocation($0.location), message: $0.message, severity: $0.severity.rawValue) }
        }
        var performing: [Diagnostic] = []
        for row in rows {
            let location = SourceLocation(row.location)
            if let error = row.error { performing.append(.warning("'\(row.action)' was not simulated: \(error)", at: location)) }
            for note in row.notes {
                performing.append(.note("while performing '\(row.action)': \(note.message)",
                                        at: SourceLocation(note.location)))
            }
        }
        let coverage = Coverage(combining: coverages)
        let ranked = Self.ranked(rows)
        let wide = parsed.flags.contains("wide")
        if format == "json" {
            stdout.write(TraceJSON.encode(value: AuditJSON(coverage: coverage, actions: ranked, notes: loadNotes + performing.map {
                Note(location: TraceLocation($0.location), message: $0.message, severity: $0.severity.rawValue)
            }, fixes: proofs)) + "\n")
        } else if !["sarif", "github", "warnings"].contains(format), !(ranked.isEmpty && failed) {
            // Nothing was audited when nothing loaded: "no actions found" would say the code has none.
            stdout.write(table(ranked, width: wide ? nil : Self.tableWidth))
            for fixes in proofs {
                let lines = fixes.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                stdout.write("\n" + (wide ? fixes.text : lines.map { wrappedWords($0, to: tableWidth, indent: "     ") }.joined(separator: "\n")))
            }
            let views = ViewTypeSummary.summaries(ranked).filter { $0.wasted > 0 || $0.stale > 0 }
            if !views.isEmpty {
                stdout.write("\nviews that re-ran in vain or were left stale:\n")
                var lines = [["view type", "evals", "wasted", "stale", "wasted in"]] + views.map {
                    [$0.viewType, String($0.evaluations), String($0.wasted), String($0.stale), $0.wastedIn.joined(separator: ", ")]
                }
                if !wide { fit(&lines, to: tableWidth - 2, steps: [(4, 40), (0, 24), (4, 16)]) }
                stdout.write(TraceText.formatTable(lines).split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n"))
            }
            stdout.write(summary(coverage, wide: wide))
        }
        let coverageByFile = Dictionary(zip(coverageFiles, coverages), uniquingKeysWith: { first, _ in first })
        if let report, !write(audited, into: report, allRows: allRows, coverage: coverageByFile, stdout: &stdout, stderr: &stderr) { failed = true }
        if let emitted {
            let withFixes = proofs.filter { !$0.kept.isEmpty }
            if withFixes.isEmpty {
                stderr.write("note: no fix was proven, so no variant was written\n")
            }
            for (fixes, path) in zip(withFixes, emitted.paths(forVariants: withFixes.map(\.variant))) {
                // Checked again: the names of several variants' files are known only now.
                if let refusal = EmittedVariant.refusal(toWrite: path, files: inputs) {
                    stderr.write("error: \(TerminalText.oneLine(refusal))\n")
                    refused = true
                    continue
                }
                do {
                    try FileSystem.makeFolders(FileSystem.parentFolder(of: path))
                    try AtomicFile.write(EmittedVariant.text(fixes, name: emitted.name, path: path).utf8, to: path)
                    stderr.write("wrote \(TerminalText.oneLine(path))\n")
                } catch {
                    stderr.write("error: \(FileError("cannot write the variant", path, error).message)\n")
                    failed = true
                }
            }
        }
        let skipped = rows.filter { $0.error == notPerformed }
        // The warnings format counts them with the actions not simulated.
        if !skipped.isEmpty, !warnings {
            stderr.write("error: the audit performed \(rows.count - skipped.count) of \(rows.count) actions; the other \(skipped.count) were not performed: "
                         + "the actions before them took more than \(Simulation.maximumAuditWork) evaluation steps (limit: audit work)\n")
            failed = true
        }
        let overruns = budget.overruns(ranked, coverage: coverage)
        let comparison = baseline?.compare(ranked, coverage: coverage, notes: loadNotes)
        // The warnings format prints all it has to say as its lines, on the standard output.
        if !warnings {
            SwiftSources.printNotes(performing, all: parsed.flags.contains("notes"), stderr: &stderr)
            for overrun in overruns { stderr.write("error: \(overrun)\n") }
            if overruns.isEmpty, budget.maximumWasted != nil, let caveat = Budget.unjudged(ranked) {
                stderr.write("note: --max-wasted could not judge \(caveat)\n")
            }
            if let baseline, let comparison { stderr.write(baseline.report(comparison, namingVariants: Set(ranked.map(\.variant)).count > 1)) }
        }
        if format == "sarif" || format == "github" || warnings {
            let text = ciReport(format, ranked: ranked, coverage: coverage, loadNotes: loadNotes, budget: budget, overruns: overruns,
                                comparison: comparison, baseline: baseline, unread: unread)
            stdout.write(text)
            let passed = overruns.isEmpty && comparison?.failed != true
            if let stamp, !writeStamp(text, to: stamp, passed: passed, sources: parsed.positionals, stderr: &stderr) { return CommandLine.Status.failure }
        }
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
        if refused { return CommandLine.Status.usage }
        return failed || !overruns.isEmpty || comparison?.failed == true ? CommandLine.Status.failure : CommandLine.Status.success
    }

    /// Writes one report folder per audited variant into the output folder, and the gallery page that
    /// links them; false when something could not be drawn or written.
    static func write(_ audited: [(scenario: Scenario, variant: String, file: String, rows: [Row], fixes: AuditFixes)], into output: OutputFolder,
                      allRows: Bool, coverage: [String: Coverage] = [:], stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Bool {
        do throws(FileError) {
            try output.create()
        } catch {
            stderr.write("error: \(error.message)\n")
            return false
        }
        var succeeded = true
        // App source with several screens opens on a summary page; each of its screens that has actions
        // gets a report, listed there rather than in the gallery. One table of names for every folder.
        let apps = Set(audited.filter { $0.scenario.syntax.readsOtherModules && $0.scenario.variants.count > 1 }.map(\.file))
        let reported = audited.filter { !apps.contains($0.file) || $0.rows.contains { $0.kind != "step" } }
        let appFiles = audited.map(\.file).reduce(into: [String]()) { if apps.contains($1) && !$0.contains($1) { $0.append($1) } }
        let names = AuditReport.folders(for: reported.map { ($0.file, $0.variant, $0.scenario.variants.count) } + appFiles.map { ($0, "", 1) })
        let folders = Array(names.prefix(reported.count))
        let appFolders = Dictionary(uniqueKeysWithValues: zip(appFiles, names.dropFirst(reported.count)))
        for file in appFiles {
            let entries = audited.filter { $0.file == file }
            let screens = entries.map { entry in
                AuditAppSummary.Screen(name: entry.variant, folder: zip(reported, folders).first { $0.0.file == file && $0.0.variant == entry.variant }?.1,
                                       rows: entry.rows)
            }
            let rendered = AuditAppSummary.render(title: entries[0].scenario.title, file: file, screens: screens,
                                                  coverage: coverage[file] ?? Coverage(), folder: appFolders[file]!)
            do throws(FileError) {
                try output.write(rendered, summary: GallerySummary(rendered).json)
                stdout.write("report: \(TerminalText.oneLine(output.shown(rendered.folder)))/index.html\n")
            } catch {
                stderr.write("error: \(error.message)\n")
                succeeded = false
            }
        }
        for (entry, folder) in zip(reported, folders) {
            do {
                // A screen of an app is titled by the screen: the app's name is on every one of them.
                let app = appFolders[entry.file]
                var rendered = try AuditReport.render(entry.scenario, variant: entry.variant, file: entry.file, rows: entry.rows, fixes: entry.fixes,
                                                      allRows: allRows, folder: folder, coverage: coverage[entry.file],
                                                      title: app == nil ? nil : "Audit: " + entry.variant)
                rendered.partOf = app
                try output.write(rendered, summary: GallerySummary(rendered).json)
                stdout.write("report: \(TerminalText.oneLine(output.shown(folder)))/index.html\n")
            } catch let error as DiagnosticError {
                stderr.write(Renderer.printed(error, in: entry.file))
                succeeded = false
            } catch let error as FileError {
                stderr.write("error: \(error.message)\n")
                succeeded = false
            } catch {
                stderr.write("\(TerminalText.oneLine(entry.file)): error: \(error)\n")
                succeeded = false
            }
        }
        do throws(FileError) {
            try output.writeGallery()
        } catch {
            stderr.write("error: \(error.message)\n")
            succeeded = false
        }
        return succeeded
    }

    /// The most wasted evaluations and stale views the audit may find in all, for CI.
    struct Budget {
        var maximumWasted: Int?
        var maximumStale: Int?
        var maximumEvaluations: Int?
        /// The least share of controls simulated exactly, from 0 to 1.
        var minimumCoverage: Double?

        /// A budget written in a scenario file (`expect audit { … }`).
        init(_ syntax: AuditBudgetSyntax) {
            maximumWasted = syntax.maximumWasted
            maximumStale = syntax.maximumStale
            maximumEvaluations = syntax.maximumEvaluations
        }

        init(_ parsed: ParsedArguments) throws(UsageError) {
            func number(_ name: String) throws(UsageError) -> Int? {
                guard let text = parsed.values[name] else { return nil }
                guard let value = Int(text), value >= 0 else { throw UsageError(message: "--\(name) takes a whole number, not '\(text)'") }
                return value
            }
            maximumWasted = try number("max-wasted")
            maximumStale = try number("max-stale")
            if let text = parsed.values["min-coverage"] {
                let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
                guard let value = Double(digits), value >= 0, value <= 100 else {
                    throw UsageError(message: "--min-coverage takes a percentage from 0 to 100, not '\(text)'")
                }
                minimumCoverage = value / 100
            }
        }

        /// The actions a budget of wasted evaluations cannot judge, `2 actions: 1 not simulated, 1 with a
        /// verdict that rests on an opaque value`; nil when it judges every one.
        static func unjudged(_ rows: [Row]) -> String? {
            let notSimulated = rows.count { $0.confidence == .notSimulated }, uncertain = rows.count { $0.wasted > $0.judgedWasted }
            guard notSimulated + uncertain > 0 else { return nil }
            let parts = [notSimulated > 0 ? "\(notSimulated) not simulated" : nil, uncertain > 0 ? "\(uncertain) with a verdict that rests on an opaque value" : nil]
            return "\(notSimulated + uncertain) action\(notSimulated + uncertain == 1 ? "" : "s"): " + parts.compactMap { $0 }.joined(separator: ", ")
        }

        /// What went over the budget, each with the actions and views that did most of it.
        ///
        /// Wasted evaluations are counted only where the verdict rests on nothing Ripple does not know; a
        /// partial row's counts are a lower bound, and still count. The message says how many rows could
        /// not be judged.
        func overruns(_ rows: [Row], coverage: Coverage? = nil) -> [String] {
            var found: [String] = []
            let wasted = rows.reduce(0) { $0 + $1.judgedWasted }, stale = rows.reduce(0) { $0 + $1.stale }
            let caveat = Self.unjudged(rows).map { " (it could not judge \($0))" } ?? ""
            if let maximumWasted, wasted > maximumWasted {
                let worst = rows.filter { $0.judgedWasted > 0 }.prefix(3).map { "'\($0.action)' \($0.judgedWasted) (most: \($0.mostWasted ?? "?"))" }
                found.append("the audit found \(wasted) wasted evaluations, over the budget of \(maximumWasted): \(worst.joined(separator: ", "))\(caveat)")
            }
            if let minimumCoverage, let coverage, coverage.exactShare < minimumCoverage {
                found.append("the audit simulated \(coverage.controlsExact) of \(coverage.controls) controls exactly (\(Coverage.percent(coverage.exactShare))), "
                             + "under the minimum of \(Coverage.percent(minimumCoverage))")
            }
            let evaluations = rows.reduce(0) { $0 + $1.evaluations }
            if let maximumEvaluations, evaluations > maximumEvaluations {
                let worst = rows.sorted { $0.evaluations > $1.evaluations }.prefix(3).map { "'\($0.action)' \($0.evaluations)" }
                found.append("the audit found \(evaluations) evaluations, over the budget of \(maximumEvaluations): \(worst.joined(separator: ", "))")
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
    static func audit(_ scenario: Scenario, variant: String, file: String, allRows: Bool, threads: Int? = nil) throws(DiagnosticError) -> [Row] {
        var drawing: AuditDrawing?
        return try audit(scenario, variant: variant, file: file, allRows: allRows, threads: threads, drawing: &drawing)
    }

    /// `audit(_:variant:file:allRows:)`, also keeping what the HTML report draws when `drawing` is not
    /// nil: each action's trace, and one graph of everything the actions touched.
    /// The actions run on `threads` threads, one per core unless given (1 when the caller runs variants
    /// in parallel).
    /// The error of an action the audit did not perform: the actions before it spent the audit's work.
    static let notPerformed = "not performed: the actions before it took more than \(Simulation.maximumAuditWork) evaluation steps (limit: audit work)"

    static func audit(_ scenario: Scenario, variant: String, file: String, allRows: Bool, threads: Int? = nil,
                      drawing: inout AuditDrawing?, workLimit: Int = Simulation.maximumAuditWork) throws(DiagnosticError) -> [Row] {
        let drawn = drawing != nil
        let first = try Simulation(scenario: scenario, variant: variant, semantics: scenario.semantics, collectingGraph: drawn)
        let actions = first.availableActions(allRows: allRows)
        let declarations = ProvenFixes.declarations(of: scenario.syntax, variant: variant)
        let loaded = Set(scenario.notes)
        let screens = FirstScreens(first, scenario: scenario, variant: variant, collectingGraph: drawn)
        let budget = AuditWorkBudget(actions: actions.count, limit: workLimit)
        // Each action is performed on a screen of its own, so they run on every core; the rows come back
        // in the screen's order whichever finishes first.
        let performed = ParallelWork.map(actions.count, threads: threads) { index -> (row: Row, step: StepTrace?, graph: VariantGraph?) in
            let action = actions[index]
            var row = Row(file: file, variant: variant, action: action.name, kind: action.kind, control: action.control, location: TraceLocation(action.location))
            guard budget.mayPerform(index) else {
                budget.record(0, at: index)
                return (row, nil, nil)
            }
            do throws(DiagnosticError) {
                return try screens.withCopy { (simulation) throws(DiagnosticError) in
                    defer { budget.record(simulation.work, at: index) }
                    let step = try simulation.perform(actionAt: index, allRows: allRows)
                    row.count(step, declarations: declarations)
                    row.notes = simulation.notes.filter { !loaded.contains($0) }.map { Note(location: TraceLocation($0.location), message: $0.message) }
                    guard drawn else { return (row, nil, nil) }
                    simulation.collectDependencies()
                    return (row, step, simulation.graph())
                }
            } catch {
                row.error = error.diagnostics.first?.message ?? "\(error)"
                return (row, nil, nil)
            }
        }
        var rows: [Row] = []
        let performedCount = budget.performedCount()
        for (index, (action, result)) in zip(actions, performed).enumerated() {
            guard index < performedCount else {
                var row = result.row
                row = Row(file: row.file, variant: row.variant, action: row.action, kind: row.kind, control: row.control, location: row.location)
                row.error = notPerformed
                rows.append(row)
                continue
            }
            rows.append(result.row)
            if let step = result.step, let graph = result.graph { drawing?.add(step, named: action.name, graph: graph, startingFrom: nil) }
        }
        // The steps were replayed when the scenario loaded; a drawing replays them again for their graph.
        guard let trace = scenario.trace.variants.first(where: { $0.name == variant }) else {
            judge(&rows)
            return rows
        }
        let steps = scenario.steps(of: variant)
        let replay = drawing != nil && !steps.isEmpty ? try Simulation(scenario: scenario, variant: variant, semantics: scenario.semantics, collectingGraph: true) : nil
        var alive = Set(replay?.graph().initialPaths ?? [])
        for (step, stepTrace) in zip(steps, trace.steps) {
            let name = "step \"\(step.name)\""
            var row = Row(file: file, variant: variant, action: name, kind: "step", control: "step", location: TraceLocation(step.location))
            row.count(stepTrace, declarations: declarations)
            rows.append(row)
            if let replay {
                _ = try replay.run(step)
                replay.collectDependencies()
                drawing!.add(stepTrace, named: name, graph: replay.graph(), startingFrom: alive)
                alive = alive.union(stepTrace.created).subtracting(stepTrace.destroyed)
            }
        }
        judge(&rows)
        return rows
    }

    /// The coverage of one audited file: its view types and controls against the actions performed.
    static func coverage(of scenario: Scenario, rows: [Row]) -> Coverage {
        var evaluated = Set(rows.flatMap { $0.views.map(\.view) })
        for paths in scenario.instancePaths.values {
            for path in paths {
                for name in path.split(separator: "/") { evaluated.insert(String(name.prefix { $0 != "[" && $0 != " " })) }
            }
        }
        let views = scenario.syntax.declarations.compactMap { declaration -> String? in
            guard case .type(let type) = declaration, type.conforms(to: "View"), !Coverage.isPreviewOnly(type.name) else { return nil }
            return type.name
        }
        let performed = rows.filter { $0.kind != "step" }
        var notes = scenario.notes
        for row in performed {
            for note in row.notes {
                let location = SourceLocation(note.location)
                notes.append(.note(note.message, at: location))
            }
        }
        return Coverage(sites: scenario.syntax.controlSites, viewTypes: views, evaluated: evaluated,
                        actions: performed.map {
                            Coverage.Action(control: $0.control, location: SourceLocation($0.location),
                                            confidence: $0.confidence, evaluations: $0.evaluations)
                        },
                        notes: notes,
                        failures: performed.compactMap { row in
                            row.error.map { ($0, SourceLocation(row.location)) }
                        },
                        screensLeftOut: scenario.screensNotSimulated.mapValues(\.message))
    }

    /// The ranked table: one line per action, with how far to trust it, fitted to `width` columns
    /// (nil: as wide as its cells).
    static func table(_ rows: [Row], width: Int? = nil) -> String {
        guard !rows.isEmpty else { return "no actions found: no Button, gesture or control with a binding is built\n" }
        let variants = Set(rows.map(\.variant))
        var lines: [[String]] = [["action", "where"] + (variants.count > 1 ? ["variant"] : []) + ["evals", "wasted", "stale", "confidence", "most wasted"]]
        var hints: [String] = []
        for row in rows {
            // Fitted to a width, the place is the file's name and line; whole, its path.
            let file = width == nil ? row.location.file : String(row.location.file.split(separator: "/").last ?? "")
            let place = "\(file):\(row.location.line)"
            let most = row.why
            lines.append([row.action, place] + (variants.count > 1 ? [row.variant] : [])
                         + [String(row.evaluations), String(row.wasted), String(row.stale), row.confidence.mark, most])
            for hint in row.hints {
                let text = "\(row.action)\(variants.count > 1 ? " (\(row.variant))" : ""): \(hint.text) [\(hint.guidance)]"
                if !hints.contains(text) { hints.append(text) }
            }
        }
        // The reason gives way first, then the place (its file's end stays), then the action's name.
        let last = lines[0].count - 1
        if let width { fit(&lines, to: width, steps: [(last, 28), (1, 24), (0, 40), (last, 16), (1, 16), (0, 24)]) }
        var text = TraceText.formatTable(lines)
        if !hints.isEmpty {
            text += "\nhints:\n" + hints.map { hint in
                (width.map { wrappedWords("  " + hint, to: $0, indent: "      ") } ?? "  " + hint) + "\n"
            }.joined()
        }
        return text
    }
}
