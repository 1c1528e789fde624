// The Ripple run: the engine decides which readers' views are evaluated after each step.

@testable import RippleCore
import RippleSwift

/// What Ripple made of a case: which readers fired per write, or why that could not be told.
enum RippleOutcome: Hashable, Sendable {
    case firings(Firings)
    /// The scenario did not load or simulate, or a step evaluated a view that is not one of the case's readers.
    case rejected(String)

    /// The firings, unless the scenario was rejected.
    var firings: Firings? {
        if case .firings(let firings) = self { firings } else { nil }
    }
}

/// Simulates scenario text with Ripple's engine: `Scenario(source:file:)`, then `simulate(semantics:)`.
/// A reader fires in a step when its view instance is evaluated there, whether needed or wasted.
enum RippleRun {
    /// One case on its own, as `ScenarioText.make(_:)` writes it.
    static func run(_ oracleCase: OracleCase, semantics: Semantics = .swift62) -> RippleOutcome {
        run(text: ScenarioText.make(oracleCase), layout: [CaseLayout(oracleCase, CaseNames())], semantics: semantics)[0]
    }

    /// Several cases in one scenario, as `ScenarioText.make(batch:)` writes it; one outcome per case.
    static func run(batch: [OracleCase], semantics: Semantics = .swift62) -> [RippleOutcome] {
        run(text: ScenarioText.make(batch: batch), layout: batch.enumerated().map { CaseLayout($0.element, .batch($0.offset)) }, semantics: semantics)
    }

    /// Where one case's readers and steps are in a scenario: its names, how many readers, how many writes.
    struct CaseLayout {
        var names: CaseNames
        var readers: Int
        var writes: Int

        init(_ oracleCase: OracleCase, _ names: CaseNames) {
            self.init(names: names, readers: oracleCase.readers.count, writes: oracleCase.writes.count)
        }

        init(names: CaseNames, readers: Int, writes: Int) {
            self.names = names
            self.readers = readers
            self.writes = writes
        }
    }

    /// Any scenario text whose cases are laid out as `layout` says, in that order.
    static func run(text: String, layout cases: [CaseLayout], semantics: Semantics) -> [RippleOutcome] {
        let trace: ScenarioTrace
        do {
            let scenario = try Scenario(source: text, file: "oracle.ripple")
            trace = try scenario.simulate(semantics: semantics)
        } catch {
            let message = error.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }.joined(separator: "\n")
            return Array(repeating: .rejected(message), count: cases.count)
        }
        let totalSteps = cases.reduce(0) { $0 + $1.writes }
        guard trace.variants.count == 1, let variant = trace.variants.first, variant.steps.count == totalSteps else {
            return Array(repeating: .rejected("expected one variant with \(totalSteps) steps"), count: cases.count)
        }
        // Every reader view of every case, by name.
        var readers: [String: (caseIndex: Int, reader: Int)] = [:]
        for (caseIndex, entry) in cases.enumerated() {
            for reader in 0..<entry.readers { readers[entry.names.reader(reader)] = (caseIndex, reader) }
        }
        var outcomes: [RippleOutcome] = []
        var stepIndex = 0
        for (caseIndex, entry) in cases.enumerated() {
            var fired: [[Bool]] = []
            var problem: String?
            for write in 0..<entry.writes {
                let step = variant.steps[stepIndex]
                stepIndex += 1
                var row = Array(repeating: false, count: entry.readers)
                if step.name != entry.names.step(write) { problem = problem ?? "step '\(step.name)' is not '\(entry.names.step(write))'" }
                for instance in step.instances where instance.outcome == .needed || instance.outcome == .wasted {
                    guard let owner = readers[instance.name], owner.caseIndex == caseIndex, instance.path == "Root/" + instance.name else {
                        problem = problem ?? "step '\(step.name)' evaluated '\(instance.path)', which is not one of this case's readers"
                        continue
                    }
                    row[owner.reader] = true
                }
                fired.append(row)
            }
            outcomes.append(problem.map { .rejected($0) } ?? .firings(Firings(fired: fired)))
        }
        return outcomes
    }
}
