import RippleCore
import RippleRealityCheck
import RippleRender

/// `ripple compare LOG SCENARIO`: a recorded SwiftUI change log held against the scenario's prediction,
/// step by step and view type by view type (docs/RealityCheck.md).
enum CompareCommand {
    static func run(_ parsed: ParsedArguments, stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) throws(UsageError) -> Int32 {
        let format = parsed.values["format"] ?? "text"
        guard ["text", "json", "html"].contains(format) else { throw UsageError(message: "unknown format '\(format)'; expected 'text', 'json' or 'html'") }
        // Checked before anything is read: a folder Ripple would not write into is a usage error.
        let report = format == "html" ? try OutputFolder(path: parsed.values["output"] ?? "Output", inputs: parsed.positionals) : nil
        let semantics = try ScenarioFiles.semantics(parsed)
        let options = try SourceOptions(parsed)
        var gap = LoggedSteps.defaultGap
        if let text = parsed.values["gap"] {
            guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
                throw UsageError(message: "'--gap' takes a number of seconds greater than 0, not '\(text)'")
            }
            gap = seconds
        }
        let logPath = parsed.positionals[0]
        let bytes = try readLog(logPath)
        let files = try ScenarioFiles.expand([parsed.positionals[1]], stderr: &stderr)
        guard files.count == 1 else {
            throw UsageError(message: "'\(TerminalText.oneLine(parsed.positionals[1]))' holds \(files.count) scenarios; compare takes one: name its file")
        }
        let log: ChangeLog
        do throws(DiagnosticError) {
            log = try ChangeLog(bytes: bytes, file: logPath)
        } catch {
            stderr.write(DiagnosticPrinter(source: String(decoding: bytes, as: UTF8.self)).render(error))
            stderr.write("\(error.count) error\(error.count == 1 ? "" : "s") in \(TerminalText.oneLine(logPath))\n")
            return CommandLine.Status.failure
        }
        if !log.notes.isEmpty { stderr.write(DiagnosticPrinter(source: String(decoding: bytes, as: UTF8.self)).render(log.notes)) }
        let file = files[0]
        guard let scenario = ScenarioFiles.load(file, options: options, stderr: &stderr) else { return CommandLine.Status.failure }
        let variants = scenario.variants.map(\.name)
        let variant = parsed.values["variant"] ?? variants[0]
        guard variants.contains(variant) else {
            throw UsageError(message: "no variant '\(variant)' in \(file)\(Suggestion.didYouMean(variant, in: variants)); variants: \(variants.joined(separator: ", "))")
        }
        if ScenarioFiles.reportCutScreens(scenario, file: file, stderr: &stderr) { return CommandLine.Status.failure }
        let prediction: VariantTrace
        do throws(DiagnosticError) {
            prediction = try scenario.predictionForRealityCheck(variant: variant, semantics: semantics)
        } catch {
            stderr.write(error.description + "\n")
            return CommandLine.Status.failure
        }
        let check = RealityCheck(log: log, prediction: prediction, gap: gap)
        if format == "json" {
            stdout.write(structured: TraceJSON.encode(value: check.document(scenario: file, notes: log.notes)) + "\n")
        } else if let report {
            let folder = FileName.distinctSlugs(["compare-" + Renderer.name(of: file)])[0]
            let rendered = RenderedScenario(folder: folder, title: "Reality check: " + scenario.title, file: file, steps: check.steps.count,
                                            totals: [], page: CompareReport.html(check, scenario: file), stepWord: "step")
            do throws(FileError) {
                try report.create()
                try report.write(rendered, summary: GallerySummary(rendered).json)
                try report.writeGallery()
            } catch {
                stderr.write("error: \(error.message)\n")
                return CommandLine.Status.failure
            }
            stdout.write("report: \(TerminalText.oneLine(report.shown(folder)))/index.html\n")
        } else {
            if parsed.values["variant"] == nil, variants.count > 1 {
                stdout.write("note: compared with variant '\(variant)', the first of \(variants.count); '--variant NAME' picks another\n")
            }
            stdout.write(check.text(scenario: file))
        }
        return check.agrees ? CommandLine.Status.success : CommandLine.Status.failure
    }

    /// The log's bytes, read under the CLI's file rules: a path through a symbolic link out of the working
    /// folder is refused, and the size is checked before the file is read (`ChangeLog.maximumFileSize`).
    /// A FIFO or device is read as a stream, as `ripple run` reads a scenario.
    static func readLog(_ path: String) throws(UsageError) -> [UInt8] {
        if let link = FolderWalk.linkOutOfTheWorkingFolder(path) {
            throw UsageError(message: "cannot read the log '\(TerminalText.oneLine(path))': \(link)")
        }
        let contents: FileSystem.Contents
        do throws(Errno) {
            contents = try FileSystem.read(path, atMost: ChangeLog.maximumFileSize, allowingStreams: true)
        } catch {
            throw UsageError(message: FileError("cannot read the log", path, error).message)
        }
        switch contents {
        case .bytes(let bytes):
            return bytes
        case .tooLarge(let size):
            throw UsageError(message: "the log '\(TerminalText.oneLine(path))' is \(size.map(String.init) ?? "more than \(ChangeLog.maximumFileSize)") bytes; "
                + "logs are limited to \(ChangeLog.maximumFileSize) bytes (limit: log size); cut it to the steps you compare")
        }
    }
}
