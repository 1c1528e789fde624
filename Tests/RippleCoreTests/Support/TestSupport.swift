import Testing
@testable import RippleCore
import RippleSwift

/// Source text with position markers (1️⃣, 2️⃣, ...) removed, and where each marker was.
struct MarkedSource {
    var text: String
    var markers: [String: (line: Int, column: Int)] = [:]

    static let symbols = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣"]

    init(_ marked: String) {
        var text = ""
        var line = 1
        var column = 1
        var rest = Substring(marked)
        outer: while let character = rest.first {
            for symbol in Self.symbols where rest.hasPrefix(symbol) {
                markers[symbol] = (line, column)
                rest = rest.dropFirst(symbol.count)
                continue outer
            }
            text.append(character)
            if character.isNewline { line += 1; column = 1 } else { column += 1 }
            rest = rest.dropFirst()
        }
        self.text = text
    }
}

/// Loads a scenario that must be valid.
func loadScenario(_ source: String, file: String = "test.ripple") throws -> Scenario {
    do throws(DiagnosticError) {
        return try Scenario(source: source, file: file)
    } catch {
        Issue.record("unexpected diagnostics:\n\(DiagnosticPrinter(source: source).render(error.diagnostics))")
        throw error
    }
}

/// Simulates every variant step by step, checking the engine's invariants after the first evaluation and every step.
func simulateChecked(_ source: String, semantics: Semantics? = nil) throws -> ScenarioTrace {
    let scenario = try loadScenario(source)
    let semantics = semantics ?? scenario.semantics
    var trace = ScenarioTrace(file: scenario.file, title: scenario.title, semantics: semantics, variants: [])
    for variant in scenario.variants {
        let simulation = try Simulation(scenario: scenario, variant: variant.name, semantics: semantics)
        #expect(simulation.checkInvariants() == [], "invariants after the first evaluation of '\(variant.name)'")
        var steps: [StepTrace] = []
        for step in scenario.steps(of: variant.name) {
            steps.append(try simulation.run(step))
            #expect(simulation.checkInvariants() == [], "invariants after step '\(step.name)' of '\(variant.name)'")
        }
        trace.variants.append(VariantTrace(name: variant.name, semantics: semantics, initialInstances: simulation.initialInstances, steps: steps))
    }
    return trace
}

/// The diagnostics a scenario produces (empty when it loads).
func diagnostics(_ source: String, file: String = "test.ripple") -> [Diagnostic] {
    do throws(DiagnosticError) {
        _ = try Scenario(source: source, file: file)
        return []
    } catch {
        return error.diagnostics
    }
}

extension StepTrace {
    /// Short names of instances with an outcome, in tree order.
    func names(_ outcomes: Outcome...) -> [String] {
        instances.filter { outcomes.contains($0.outcome) }.map(\.name)
    }
    var evaluated: [String] { names(.needed, .wasted) }
}
