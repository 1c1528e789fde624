import Foundation
import RippleCore
import RippleRender

/// `ripple run FILE|DIR...`: every step, every evaluation, every cause.
enum RunCommand {
    static func run(_ parsed: ParsedArguments, stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) throws(UsageError) -> Int32 {
        let format = parsed.values["format"] ?? "text"
        guard format == "text" || format == "json" else { throw UsageError(message: "unknown format '\(format)'; expected 'text' or 'json'") }
        let semantics = try ScenarioFiles.semantics(parsed)
        let options = try SourceOptions(parsed)
        let files = try ScenarioFiles.expand(parsed.positionals, stderr: &stderr)
        var traces: [ScenarioTrace] = []
        var failed = false
        for file in files {
            guard let scenario = ScenarioFiles.load(file, options: options, stderr: &stderr) else {
                failed = true
                continue
            }
            if let variant = parsed.values["variant"], !scenario.variants.contains(where: { $0.name == variant }) {
                throw UsageError(message: "no variant '\(variant)' in \(file); variants: \(scenario.variants.map(\.name).joined(separator: ", "))")
            }
            if ScenarioFiles.reportCutScreens(scenario, file: file, stderr: &stderr) { failed = true }
            do throws(DiagnosticError) {
                let trace = try scenario.simulate(semantics: semantics, variant: parsed.values["variant"])
                // Text is printed as each scenario is done; JSON once, as one document.
                if format == "text", trace.variants.allSatisfy({ $0.steps.isEmpty }) {
                    stdout.write((traces.isEmpty ? "" : "\n") + withoutSteps(trace, scenario: scenario, file: file))
                } else if format == "text" {
                    let text = parsed.flags.contains("verbose") ? TraceText.render(trace) : TraceText.compact(trace)
                    stdout.write((traces.isEmpty ? "" : "\n") + text)
                    if let line = AuditCommand.offeredCoverage(of: scenario, file: file) { stdout.write(line) }
                }
                traces.append(trace)
            } catch {
                stderr.write(error.description + "\n")
                failed = true
            }
        }
        if format == "json" {
            stdout.write(structured: (files.count == 1 ? traces.first.map(TraceJSON.encode) ?? "" : TraceJSON.encode(traces)) + "\n")
        } else if files.count > 1 {
            stdout.write("\n" + summary(traces))
        }
        return failed ? CommandLine.Status.failure : CommandLine.Status.success
    }

    /// One line per scenario and variant: evaluations, wasted and stale over all its steps.
    static func summary(_ traces: [ScenarioTrace]) -> String {
        var text = "summary: evaluations, wasted, stale over all steps\n"
        for trace in traces {
            for (variant, totals) in zip(trace.variants, trace.variants.map(RenderedScenario.Totals.init)) {
                let counts = variant.steps.isEmpty ? "no steps" : "\(totals.evaluations) evaluations, \(totals.wasted) wasted, \(totals.stale) stale"
                text += AuditCommand.cut("  \(trace.file) \(totals.variant): \(counts)", to: width) + "\n"
            }
        }
        return text
    }
}
