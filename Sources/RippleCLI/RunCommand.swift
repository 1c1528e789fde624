import Foundation
import RippleCore
import RippleRender

/// `ripple run FILE`: every step, every evaluation, every cause.
enum RunCommand {
    static func run(_ parsed: ParsedArguments, stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) throws(UsageError) -> Int32 {
        let format = parsed.values["format"] ?? "text"
        guard format == "text" || format == "json" else { throw UsageError(message: "unknown format '\(format)'; expected 'text' or 'json'") }
        let semantics = try ScenarioFiles.semantics(parsed)
        let file = parsed.positionals[0]
        _ = try ScenarioFiles.expand([file])
        guard let scenario = ScenarioFiles.load(file, options: try SourceOptions(parsed), stderr: &stderr) else { return CommandLine.Status.failure }
        if let variant = parsed.values["variant"], !scenario.variants.contains(where: { $0.name == variant }) {
            throw UsageError(message: "no variant '\(variant)' in \(file); variants: \(scenario.variants.map(\.name).joined(separator: ", "))")
        }
        let trace: ScenarioTrace
        do throws(DiagnosticError) {
            trace = try scenario.simulate(semantics: semantics, variant: parsed.values["variant"])
        } catch {
            stderr.write(error.description + "\n")
            return CommandLine.Status.failure
        }
        if format == "json" {
            stdout.write(TraceJSON.encode(trace) + "\n")
        } else {
            stdout.write(TraceText.render(trace))
        }
        return CommandLine.Status.success
    }
}

