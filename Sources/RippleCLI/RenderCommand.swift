import Foundation
import RippleAudit
import RippleCore
import RippleSwift
import RippleRender

/// `ripple render FILE|DIR... [-o DIR] [--format svg,dot,html,json]`.
enum RenderCommand {
    static func run(_ parsed: ParsedArguments, stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) throws(UsageError) -> Int32 {
        var formats = Set(OutputFormat.allCases)
        if let list = parsed.values["format"] {
            formats = []
            for name in list.split(separator: ",") {
                guard let format = OutputFormat(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                    throw UsageError(message: "unknown format '\(name)'; expected svg, dot, html or json")
                }
                formats.insert(format)
            }
        }
        let files = try ScenarioFiles.expand(parsed.positionals, stderr: &stderr)
        let output = try OutputFolder(path: parsed.values["output"] ?? "Output", inputs: parsed.positionals)
        return Renderer.render(files, into: output, formats: formats, engine: parsed.values["engine"] ?? "dot", stdout: &stdout, stderr: &stderr)
    }
}

/// The main job: `ripple` with no arguments renders the bundled gallery.
enum Gallery {
    static func renderBundled(stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Int32 {
        do throws(UsageError) {
            let files = try ScenarioFiles.expand(["Scenarios"], stderr: &stderr)
            let output = try OutputFolder(path: "Output", inputs: ["Scenarios"])
            let status = Renderer.render(files, into: output, formats: Set(OutputFormat.allCases), stdout: &stdout, stderr: &stderr)
            let audited = auditBundledApps(into: output, stdout: &stdout, stderr: &stderr)
            return status == CommandLine.Status.success && audited ? status : CommandLine.Status.failure
        } catch {
            stderr.write("error: \(error.message) (run 'ripple' from the folder that holds Scenarios/, or see 'ripple help render')\n")
            return CommandLine.Status.usage
        }
    }
}

extension Gallery {
    /// The apps in `Scenarios/apps`, each audited into the gallery with three rows in its lists: the
    /// report `ripple audit Scenarios/apps/NAME --rows 3 --format html` writes.
    static func auditBundledApps(into output: OutputFolder, stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Bool {
        let folder = "Scenarios/apps"
        guard let names = try? FileSystem.contentsOfFolder(folder) else { return true }
        var results: [AuditResult] = []
        var succeeded = true
        for name in names.sorted() where !name.hasPrefix(".") && (try? FileSystem.status(folder + "/" + name))?.kind == .folder {
            let path = folder + "/" + name
            // Notes about what Ripple assumed are the audit's to print; the gallery's output stays short.
            var notes = ""
            guard let scenario = SwiftSources.load(path, options: SourceOptions(rows: 3), stderr: &notes) else {
                stderr.write(notes)
                succeeded = false
                continue
            }
            // The same audit `ripple audit` runs, so that the gallery's reports are the ones it writes.
            let result = Audit().run(scenario, file: path)
            for error in result.failures {
                stderr.write(error.description + "\n")
                succeeded = false
            }
            results.append(result)
        }
        // Files are named relative to each app's folder, as `ripple audit` names them.
        let audited = results.flatMap { result in
            result.variants.map { (result.scenario, $0.name, result.file, $0.rows.map { $0.shown(AuditPaths(folders: [result.file])) }, $0.fixes) }
        }
        let coverage = Dictionary(results.map { ($0.file, $0.coverage.shown(AuditPaths(folders: [$0.file]))) }, uniquingKeysWith: { first, _ in first })
        return AuditCommand.write(audited, into: output, allRows: false, coverage: coverage, stdout: &stdout, stderr: &stderr) && succeeded
    }
}

/// Renders scenarios on every core, writing each one's files as soon as it is rendered, then the gallery;
/// prints a line per scenario, in file order, and a summary table.
enum Renderer {
    /// What is kept of a scenario once its files are written: its lines and its table row (nil if it failed).
    struct Outcome {
        var output: String
        var errors: String
        var row: [String]?
    }

    /// The outcomes rendering threads have finished and the printing thread has not yet taken.
    private final class Finished: @unchecked Sendable {
        private let condition = NSCondition()
        private var outcomes: [Int: Outcome] = [:]

        func put(_ outcome: Outcome, at index: Int) {
            condition.lock()
            outcomes[index] = outcome
            condition.broadcast()
            condition.unlock()
        }

        /// Waits for the outcome of file `index` and takes it.
        func take(_ index: Int) -> Outcome {
            condition.lock()
            defer { condition.unlock() }
            while outcomes[index] == nil { condition.wait() }
            return outcomes.removeValue(forKey: index)!
        }
    }

    static func render(_ files: [String], into output: OutputFolder, formats: Set<OutputFormat>, engine: String = "dot",
                       stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Int32 {
        do throws(FileError) {
            try output.create()
        } catch {
            stderr.write("error: \(error.message)\n")
            return CommandLine.Status.failure
        }
        output.removeStaleFiles()
        let folders = FileName.distinctSlugs(files.map { name(of: $0) })
        let finished = Finished()
        // Simulation, DOT and highlighting run in parallel; graphviz itself is serialized inside RippleRender.
        // Each scenario is written by the thread that rendered it, so only the ones being rendered are in
        // memory, and only its lines and its row are kept.
        DispatchQueue.global().async {
            ParallelWork.perform(iterations: files.count) { index in
                finished.put(renderAndWrite(files[index], folder: folders[index], into: output, formats: formats, engine: engine), at: index)
            }
        }
        // This thread prints, in file order, each scenario's lines as soon as they and every earlier file's are in.
        var status = CommandLine.Status.success
        var rows: [[String]] = [["scenario", "variants", "steps", "evaluations / wasted per variant"]]
        for index in files.indices {
            let outcome = finished.take(index)
            stderr.write(outcome.errors)
            stdout.write(outcome.output)
            if let row = outcome.row { rows.append(row) } else { status = CommandLine.Status.failure }
        }
        do throws(FileError) {
            try output.writeGallery()
        } catch {
            stderr.write("error: \(error.message)\n")
            status = CommandLine.Status.failure
        }
        stdout.write("\n" + TraceText.formatTable(rows))
        stdout.write("\ngallery: \(TerminalText.oneLine(output.shown(OutputFolder.galleryName)))\n")
        return status
    }

    /// Loads, renders and writes one scenario.
    private static func renderAndWrite(_ file: String, folder: String, into output: OutputFolder, formats: Set<OutputFormat>, engine: String) -> Outcome {
        let failed = "failed   \(TerminalText.oneLine(file))\n"
        var errors = ""
        guard let scenario = ScenarioFiles.load(file, stderr: &errors) else {
            return Outcome(output: failed, errors: errors, row: nil)
        }
        let rendered: RenderedScenario
        do {
            rendered = try ScenarioRenderer.render(scenario, folder: folder, formats: formats, engine: engine)
        } catch let error as DiagnosticError {
            return Outcome(output: failed, errors: printed(error, in: file), row: nil)
        } catch {
            return Outcome(output: failed, errors: "\(TerminalText.oneLine(file)): error: \(error)\n", row: nil)
        }
        do throws(FileError) {
            try output.write(rendered, summary: GallerySummary(rendered).json)
        } catch {
            return Outcome(output: failed, errors: "\(TerminalText.oneLine(output.shown(folder))): error: \(error.message)\n", row: nil)
        }
        return Outcome(output: "rendered \(TerminalText.oneLine(file)) → \(TerminalText.oneLine(output.shown(folder)))/ (\(rendered.files.count) files)\n",
                       errors: rendered.warnings.isEmpty ? "" : printed(DiagnosticError(rendered.warnings), in: file),
                       row: [rendered.folder, String(rendered.totals.count), String(rendered.steps),
                             rendered.totals.map { "\($0.variant) \($0.evaluations)/\($0.wasted)" }.joined(separator: "   ")])
    }

    /// Diagnostics with their source lines and carets and the count of those left out, the way loading
    /// prints them. Only a render's warnings and errors need them, so the file is read again here rather
    /// than kept for every scenario.
    static func printed(_ error: DiagnosticError, in file: String) -> String {
        let source = (try? FileSystem.prefix(file, count: Scenario.maximumFileSize)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return DiagnosticPrinter(source: source).render(error)
    }

    /// A scenario file's name without its folder and extension: `list-rows` for `Scenarios/list-rows.ripple`.
    static func name(of file: String) -> String {
        let name = FileSystem.lastComponent(of: file)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// `path` relative to the working folder when it is inside it.
    static func relative(_ path: String) -> String {
        let current = FileSystem.currentFolder() + "/"
        return path.hasPrefix(current) ? String(path.dropFirst(current.count)) : path
    }
}
