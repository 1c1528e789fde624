import RippleCore

/// `ripple parse FILE...`: the resolved model as a tree dump.
enum ParseCommand {
    static func run(_ parsed: ParsedArguments, stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) throws(UsageError) -> Int32 {
        var status = CommandLine.Status.success
        let options = try SourceOptions(parsed)
        for file in try ScenarioFiles.expand(parsed.positionals) {
            guard let scenario = ScenarioFiles.load(file, options: options, stderr: &stderr) else {
                status = CommandLine.Status.failure
                continue
            }
            stdout.write("scenario \"\(scenario.title)\"  [\(file)]\n")
            for variant in scenario.variants where parsed.values["variant"] == nil || parsed.values["variant"] == variant.name {
                do throws(DiagnosticError) {
                    let simulation = try Simulation(scenario: scenario, variant: variant.name, semantics: scenario.semantics)
                    stdout.write(ModelDump.render(simulation.snapshot(), variant: variant.name, semantics: scenario.semantics))
                } catch {
                    stderr.write(error.description + "\n")
                    status = CommandLine.Status.failure
                }
            }
            if let name = parsed.values["variant"], !scenario.variants.contains(where: { $0.name == name }) {
                throw UsageError(message: "no variant '\(name)' in \(file)")
            }
        }
        return status
    }
}
