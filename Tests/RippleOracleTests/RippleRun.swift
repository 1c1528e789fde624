// The Ripple run: the engine decides which readers' views are evaluated after each step.

@testable import RippleCore

/// What Ripple made of a case: which readers fired per write, or why the scenario could not be simulated.
enum RippleOutcome: Hashable, Sendable {
    case firings(Firings)
    /// The scenario did not load or simulate; the diagnostics, printed.
    case rejected(String)
}

/// Simulates a case's scenario text with Ripple's engine.
enum RippleRun {
    /// A reader fires when its view instance is evaluated in the step, whether needed or wasted.
    static func run(_ oracleCase: OracleCase, semantics: Semantics = .swift62) -> RippleOutcome {
        run(text: ScenarioText.make(oracleCase), readers: oracleCase.readers.count, writes: oracleCase.writes.count, semantics: semantics)
    }

    static func run(text: String, readers: Int, writes: Int, semantics: Semantics) -> RippleOutcome {
        let trace: ScenarioTrace
        do {
            let scenario = try Scenario(source: text, file: "oracle.ripple")
            trace = try scenario.simulate(semantics: semantics)
        } catch {
            return .rejected(error.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }.joined(separator: "\n"))
        }
        guard let variant = trace.variants.first, trace.variants.count == 1, variant.steps.count == writes else {
            return .rejected("expected one variant with \(writes) steps")
        }
        var names: [String: Int] = [:]
        for reader in 0..<readers { names[ScenarioText.readerName(reader)] = reader }
        var fired: [[Bool]] = []
        fired.reserveCapacity(writes)
        for step in variant.steps {
            var row = Array(repeating: false, count: readers)
            for instance in step.instances where instance.outcome == .needed || instance.outcome == .wasted {
                guard let reader = names[instance.name], instance.path == "Root/" + instance.name else {
                    return .rejected("step '\(step.name)' evaluated '\(instance.path)', which is not a reader")
                }
                row[reader] = true
            }
            fired.append(row)
        }
        return .firings(Firings(fired: fired))
    }
}
