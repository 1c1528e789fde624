import RippleCore
import RippleRender

/// `ripple parse FILE...`: the resolved model, as a tree dump or as JSON.
enum ParseCommand {
    /// The JSON form: one object per scenario, its variants' models in order.
    struct Document: Encodable {
        /// Bumped on any incompatible change (docs/Trace.md, "The model").
        var version = 1
        var file: String
        var title: String
        var semantics: Semantics
        var variants: [Variant]
    }

    struct Variant: Encodable {
        var name: String
        var model: ModelSnapshot
    }

    static func run(_ parsed: ParsedArguments, stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) throws(UsageError) -> Int32 {
        let format = parsed.values["format"] ?? "text"
        guard format == "text" || format == "json" else { throw UsageError(message: "unknown format '\(format)'; expected 'text' or 'json'") }
        var status = CommandLine.Status.success
        let options = try SourceOptions(parsed)
        var documents: [Document] = []
        let files = try ScenarioFiles.expand(parsed.positionals, stderr: &stderr)
        for file in files {
            guard let scenario = ScenarioFiles.load(file, options: options, stderr: &stderr) else {
                status = CommandLine.Status.failure
                continue
            }
            if let name = parsed.values["variant"], !scenario.variants.contains(where: { $0.name == name }) {
                throw UsageError(message: "no variant '\(name)' in \(file)")
            }
            if ScenarioFiles.reportCutScreens(scenario, file: file, stderr: &stderr) { status = CommandLine.Status.failure }
            if format == "text" { stdout.write("scenario \"\(scenario.title)\"  [\(TerminalText.oneLine(file))]\n") }
            var document = Document(file: file, title: scenario.title, semantics: scenario.semantics, variants: [])
            for variant in scenario.variants where parsed.values["variant"] == nil || parsed.values["variant"] == variant.name {
                do throws(DiagnosticError) {
                    let simulation = try Simulation(scenario: scenario, variant: variant.name, semantics: scenario.semantics)
                    let snapshot = simulation.snapshot()
                    if format == "text" {
                        stdout.write(ModelDump.render(snapshot, variant: variant.name, semantics: scenario.semantics))
                    } else {
                        document.variants.append(Variant(name: variant.name, model: snapshot))
                    }
                } catch {
                    stderr.write(error.description + "\n")
                    status = CommandLine.Status.failure
                }
            }
            documents.append(document)
            if format == "text", let line = AuditCommand.offeredCoverage(of: scenario, file: file) { stdout.write(line) }
        }
        if format == "json" {
            stdout.write(structured: (files.count == 1 ? documents.first.map { TraceJSON.encode(value: $0) } ?? "" : TraceJSON.encode(value: documents)) + "\n")
        }
        return status
    }
}
