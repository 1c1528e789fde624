import RippleAudit
import RippleCore
import RippleSwift
import RippleRender

/// `ripple audit PATH...`: every action a person can take on each screen, performed from its first
/// state, ranked by the work SwiftUI would do for nothing.
enum AuditCommand {
    /// `RippleAudit`'s row, and what it counts per view type, under the names the command's tests use.

    /// The threads `--jobs N` asks for, at most one per core: each thread has a stack of its own, and
    /// 100,000 asked for hundreds of threads and a gigabyte. (`ParallelWork` also starts no more
    /// threads than there are actions.)
    static func jobs(_ text: String) throws(UsageError) -> Int {
        guard let count = Int(text), count > 0 else { throw UsageError(message: "--jobs takes a whole number above 0, not '\(text)'") }
        return min(count, ParallelWork.threadCount)
    }

    /// The depth `--depth N` asks for: how many actions in a row the audit performs from the first state.
    static func depth(_ text: String) throws(UsageError) -> Int {
        guard let depth = Int(text), (1...Audit.maximumDepth).contains(depth) else {
            throw UsageError(message: "--depth takes a whole number from 1 to \(Audit.maximumDepth), not '\(text)'")
        }
        return depth
    }

    /// `ripple audit`'s arguments read, the files loaded and audited (`Audit`), and the result printed in the
    /// format asked for; the exit status.
    static func run(_ arguments: ParsedArguments, stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) throws(UsageError) -> Int32 {
        var parsed = arguments
        let format = parsed.values["format"] ?? "text"
        guard ["text", "json", "html", "sarif", "github", "warnings", "markdown", "patch"].contains(format) else {
            throw UsageError(message: "unknown format '\(format)'; expected 'text', 'json', 'html', 'sarif', 'github', 'warnings', 'markdown' or 'patch'")
        }
        // Compiler-style lines for a build: what Ripple cannot read or simulate is one note, never a failure.
        let warnings = format == "warnings"
        let stamp = parsed.values["stamp"]
        if stamp != nil, !warnings { throw UsageError(message: "--stamp goes with --format warnings") }
        if let file = parsed.values["settings"] {
            guard warnings else { throw UsageError(message: "--settings goes with --format warnings") }
            let settings = try LintSettings(contentsOf: file)
            if let note = settings.passedOver { stderr.write("note: \(TerminalText.oneLine(note))\n") }
            parsed = try settings.applied(to: parsed, file: file)
        }
        let updating = try AuditBaseline.updatedPath(parsed)
        let baseline = try AuditBaseline.read(parsed, updating: updating)
        let report = format == "html" ? try OutputFolder(path: parsed.values["output"] ?? "Output", inputs: parsed.positionals) : nil
        let allRows = parsed.flags.contains("all-rows")
        let jobs = try parsed.values["jobs"].map { text throws(UsageError) in try Self.jobs(text) }
        let depth = try parsed.values["depth"].map { text throws(UsageError) in try Self.depth(text) } ?? Audit.defaultDepth
        let budget = try AuditBudget(parsed)
        let options = try SourceOptions(parsed)
        let sourceRoot = try SARIFReport.sourceRoot(parsed, format: format)
        let inputs = try ScenarioFiles.expand(parsed.positionals, stderr: &stderr)
        if let path = parsed.values["junit"] {
            try JUnitReport.checkDestination(path, inputs: parsed.positionals, files: inputs)
        }
        let emitted = try parsed.values["emit-variant"].map { name throws(UsageError) in try EmittedVariant.Destination(name, folder: parsed.values["output"]) }
        if let emitted, let refusal = EmittedVariant.refusal(toWrite: emitted.path, files: inputs) { throw UsageError(message: refusal) }
        if let stamp, let refusal = Self.stampRefusal(stamp, inputs: inputs) { throw UsageError(message: refusal) }
        let patchPath = try parsed.values["emit-patch"].map { name throws(UsageError) in try AuditPatch.destination(name, folder: parsed.values["output"], inputs: inputs) }
        var unread: [String] = []
        var refused = false
        var results: [AuditResult] = []
        var failed = false
        let audit = Audit(allRows: allRows, threads: jobs, depth: depth)
        for file in inputs {
            // The warnings format keeps what loading prints, the notes and errors, to itself.
            var loading = ""
            guard let scenario = warnings ? ScenarioFiles.load(file, options: options, stderr: &loading)
                                          : ScenarioFiles.load(file, options: options, stderr: &stderr) else {
                if warnings { unread.append(file) } else { failed = true }
                continue
            }
            if !warnings, ScenarioFiles.reportCutScreens(scenario, file: file, stderr: &stderr) { failed = true }
            let result = audit.run(scenario, file: file)
            for error in result.failures {
                if warnings {
                    if !unread.contains(file) { unread.append(file) }
                    continue
                }
                stderr.write(error.description + "\n")
                failed = true
            }
            results.append(result)
        }
        let rows = results.flatMap(\.rows)
        let loadNotes = results.flatMap(\.loadNotes)
        let proofs = results.flatMap(\.variants).map(\.fixes).filter { !$0.proofs.isEmpty }
        let performing = AuditResult.diagnostics(performing: rows)
        let coverage = Coverage(combining: results.map(\.coverage))
        let ranked = AuditRow.ranked(rows)
        let wide = parsed.flags.contains("wide")
        // Text, JSON and HTML name a file relative to the folder given; SARIF relative to the repository's
        // root (`SARIFReport`), and GitHub's commands relative to the working folder, which CI runs them in.
        let paths = AuditPaths(folders: parsed.positionals.filter { (try? FileSystem.status($0))?.kind == .folder })
        if format == "json" {
            stdout.write(structured: TraceJSON.encode(value: AuditJSON(results).shown(paths)) + "\n")
        } else if !["sarif", "github", "warnings", "markdown", "patch"].contains(format), !(ranked.isEmpty && failed) {
            // Nothing was audited when nothing loaded: "no actions found" would say the code has none.
            stdout.write(table(ranked.map { $0.shown(paths) }, width: wide ? nil : Self.tableWidth))
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
            stdout.write(summary(coverage.shown(paths), wide: wide))
        }
        let coverageByFile = Dictionary(results.map { ($0.file, $0.coverage.shown(paths)) }, uniquingKeysWith: { first, _ in first })
        let audited = results.flatMap { result in result.variants.map { (result.scenario, $0.name, result.file, $0.rows.map { $0.shown(paths) }, $0.fixes) } }
        if let report, !write(audited, into: report, allRows: allRows, depth: depth, coverage: coverageByFile, stdout: &stdout, stderr: &stderr) { failed = true }
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
                    try AtomicFile.write(EmittedVariant.text(fixes, name: emitted.name, path: path, options: EmittedVariant.countingOptions(parsed)).utf8,
                                         to: path)
                    stderr.write("wrote \(TerminalText.oneLine(path))\n")
                } catch {
                    stderr.write("error: \(FileError("cannot write the variant", path, error).message)\n")
                    failed = true
                }
            }
        }
        if format == "patch" || patchPath != nil, !AuditPatch.write(results, format: format, to: patchPath, inputs: inputs, stdout: &stdout, stderr: &stderr) {
            failed = true
        }
        let skipped = rows.filter { $0.error == Audit.notPerformed }
        // The warnings format counts them with the actions not simulated.
        if !skipped.isEmpty, !warnings {
            stderr.write("error: the audit performed \(rows.count - skipped.count) of \(rows.count) actions; the other \(skipped.count) were not performed: "
                         + "the audit took more than \(Simulation.maximumAuditWork) evaluation steps in all before them, loads and actions together (limit: audit work)\n")
            failed = true
        }
        var overruns = budget.overruns(ranked, coverage: coverage)
        // The warnings format goes on past an input it cannot read; a budget or a baseline it was given
        // cannot pass on code it did not read, so each such input fails them.
        let held = budget.optionNames + (baseline == nil ? [] : ["--baseline"])
        if !unread.isEmpty, !held.isEmpty {
            overruns.append("\(held.joined(separator: ", ")) cannot pass on code Ripple did not read: "
                            + unread.map { "could not read '\(TerminalText.oneLine($0))' ('ripple audit \(TerminalText.oneLine($0))' says why)" }.joined(separator: "; "))
        }
        let comparison = baseline?.compare(ranked, coverage: coverage, notes: loadNotes, paths: paths, builtViewTypes: AuditBaseline.viewTypes(built: results))
        // The warnings format prints all it has to say as its lines, on the standard output.
        if !warnings {
            SwiftSources.printNotes(performing, all: parsed.flags.contains("notes"), stderr: &stderr)
            for overrun in overruns { stderr.write("error: \(overrun)\n") }
            if overruns.isEmpty, budget.maximumWasted != nil, let caveat = AuditBudget.unjudged(ranked) {
                stderr.write("note: --max-wasted could not judge \(caveat)\n")
            }
            if let baseline, let comparison { stderr.write(baseline.report(comparison, namingVariants: Set(ranked.map(\.variant)).count > 1)) }
        }
        if format == "markdown" {
            stdout.write(AuditMarkdown.text(ranked: ranked, coverage: coverage, overruns: overruns, comparison: comparison, baseline: baseline))
        }
        if let updating, !AuditBaseline.update(updating, with: AuditJSON(results).shown(paths), complete: !failed && skipped.isEmpty, stderr: &stderr) {
            failed = true
        }
        if format == "sarif" || format == "github" || warnings {
            let text = ciReport(format, ranked: ranked, coverage: coverage, loadNotes: loadNotes, budget: budget, overruns: overruns,
                                comparison: comparison, baseline: baseline, unread: unread, sourceRoot: sourceRoot)
            if format == "sarif" { stdout.write(structured: text) } else { stdout.write(text) }
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
    static func write(_ audited: [(scenario: Scenario, variant: String, file: String, rows: [AuditRow], fixes: AuditFixes)], into output: OutputFolder,
                      allRows: Bool, depth: Int = Audit.defaultDepth, coverage: [String: Coverage] = [:], stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Bool {
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
                                                      allRows: allRows, depth: depth, folder: folder, coverage: coverage[entry.file],
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

    /// The rows of one variant (`Audit.rows(of:variant:file:)`).
    static func audit(_ scenario: Scenario, variant: String, file: String, allRows: Bool, threads: Int? = nil) throws(DiagnosticError) -> [AuditRow] {
        try Audit(allRows: allRows, threads: threads).rows(of: scenario, variant: variant, file: file)
    }

    /// The rows of one variant, and what the HTML report draws of them (`Audit.rows(of:variant:file:drawing:)`).
    static func audit(_ scenario: Scenario, variant: String, file: String, allRows: Bool, threads: Int? = nil,
                      drawing: inout AuditDrawing?, workLimit: Int = Simulation.maximumAuditWork) throws(DiagnosticError) -> [AuditRow] {
        try Audit(allRows: allRows, threads: threads, workLimit: workLimit).rows(of: scenario, variant: variant, file: file, drawing: &drawing)
    }

    /// The error of an action the audit did not perform (`Audit.notPerformed`).
    static let notPerformed = Audit.notPerformed

    /// The ranked table: one line per action, with how far to trust it, fitted to `width` columns
    /// (nil: as wide as its cells).
    static func table(_ rows: [AuditRow], width: Int? = nil) -> String {
        guard !rows.isEmpty else { return "no actions found: no Button, gesture or control with a binding is built\n" }
        let variants = Set(rows.map(\.variant))
        // Row closures (`ForEach` rows with no view of their own) have a column when some action ran one.
        let showsRows = rows.contains { $0.rows > 0 }
        var lines: [[String]] = [["action", "where"] + (variants.count > 1 ? ["variant"] : []) + ["evals", "wasted", "stale"]
                                 + (showsRows ? ["rows", "wasted"] : []) + ["confidence", "most wasted"]]
        var hints: [String] = []
        for row in rows {
            // Fitted to a width, the place is the file's name and line; whole, its path.
            let file = width == nil ? row.location.file : String(row.location.file.split(separator: "/").last ?? "")
            let place = "\(file):\(row.location.line)"
            let most = row.why
            // A preview's state is named by the state alone: its rows rank after the launch state's, and
            // the action names the view.
            lines.append([row.action, place] + (variants.count > 1 ? [row.state ?? row.variant] : [])
                         + [String(row.evaluations), String(row.wasted), String(row.stale)]
                         + (showsRows ? [String(row.rows), String(row.wastedRows)] : [])
                         + [row.confidence.mark, most])
            for hint in row.hints {
                let text = "\(row.action)\(variants.count > 1 ? " (\(row.state ?? row.variant))" : ""): \(hint.text) [\(hint.guidance)]"
                if !hints.contains(text) { hints.append(text) }
            }
        }
        // The reason gives way first, then the place (its file's end stays), then the action's name, and the
        // variant (a screen's name) beside them.
        let last = lines[0].count - 1
        let variant = variants.count > 1 ? [(column: 2, least: 16)] : []
        let narrowest = (variants.count > 1 ? [(column: 2, least: 12)] : []) + [(column: 0, least: 20), (column: last, least: 12), (column: 0, least: 16)]
        if let width {
            fit(&lines, to: width, steps: [(last, 28), (1, 24), (0, 40)] + variant + [(last, 16), (1, 16), (0, 24)] + narrowest)
        }
        var text = TraceText.formatTable(lines)
        if !hints.isEmpty {
            text += "\nhints:\n" + hints.map { hint in
                (width.map { wrappedWords("  " + hint, to: $0, indent: "      ") } ?? "  " + hint) + "\n"
            }.joined()
        }
        return text
    }
}

extension AuditBudget {
    /// The options that set this budget: `--max-wasted`, `--max-stale`, `--min-coverage`.
    var optionNames: [String] {
        [maximumWasted.map { _ in "--max-wasted" }, maximumStale.map { _ in "--max-stale" }, minimumCoverage.map { _ in "--min-coverage" }].compactMap { $0 }
    }

    /// The budget `--max-wasted`, `--max-stale` and `--min-coverage` set.
    init(_ parsed: ParsedArguments) throws(UsageError) {
        func number(_ name: String) throws(UsageError) -> Int? {
            guard let text = parsed.values[name] else { return nil }
            guard let value = Int(text), value >= 0 else { throw UsageError(message: "--\(name) takes a whole number, not '\(text)'") }
            return value
        }
        self.init(maximumWasted: try number("max-wasted"), maximumStale: try number("max-stale"))
        if let text = parsed.values["min-coverage"] {
            let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
            guard let value = Double(digits), value >= 0, value <= 100 else {
                throw UsageError(message: "--min-coverage takes a percentage from 0 to 100, not '\(text)'")
            }
            minimumCoverage = value / 100
        }
    }
}
