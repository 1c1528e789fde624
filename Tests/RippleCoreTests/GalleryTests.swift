import Testing
@testable import RippleCore
import RippleSwift

@Suite struct GalleryTests {
    @Test func galleryHasSixteenScenarios() {
        #expect(bundledScenarios.count >= 16, "the gallery holds \(bundledScenarios.count) scenarios")
    }

    @Test(arguments: bundledScenarios)
    func scenarioMeetsItsExpectations(_ name: String) throws {
        let source = try bundledSource(name)
        let scenario = try loadScenario(source, file: "Scenarios/" + name)
        let results = try ExpectationChecker.check(scenario)
        #expect(!results.isEmpty, "\(name) has expectations")
        for result in results where !result.passed {
            Issue.record("\(result.location): '\(result.step)' in \(result.variant) (\(result.semantics.rawValue)): \(result.mismatches.map { "\($0.clause) missing \($0.missing.map(\.path)) extra \($0.extra.map(\.path)) \($0.message ?? "")" })")
        }
        // Every step of every variant has an expectation under the scenario's semantics.
        for variant in scenario.variants {
            for step in scenario.steps {
                let covered = scenario.expectations.contains {
                    $0.step == step.name && ($0.variant == nil || $0.variant == variant.name) && ($0.semantics ?? scenario.semantics) == scenario.semantics
                }
                #expect(covered, "\(name): step '\(step.name)' in '\(variant.name)' has an expectation")
            }
        }
    }

    @Test(arguments: bundledScenarios)
    func scenarioKeepsItsInvariants(_ name: String) throws {
        let trace = try simulateChecked(try bundledSource(name))
        #expect(trace.variants.count >= 1)
        let repeated = try simulateChecked(try bundledSource(name))
        #expect(trace == repeated, "the same input gives the same trace")
    }

    @Test(arguments: bundledScenarios)
    func scenarioTreeDump(_ name: String) throws {
        let scenario = try loadScenario(try bundledSource(name), file: "Scenarios/" + name)
        var text = ""
        for variant in scenario.variants {
            let simulation = try Simulation(scenario: scenario, variant: variant.name, semantics: scenario.semantics)
            text += ModelDump.render(simulation.snapshot(), variant: variant.name, semantics: scenario.semantics)
        }
        try assertGolden(text, named: name.replacingOccurrences(of: ".ripple", with: ".dump.txt"))
    }

    @Test(arguments: bundledScenarios)
    func scenarioTraceText(_ name: String) throws {
        let scenario = try loadScenario(try bundledSource(name), file: "Scenarios/" + name)
        try assertGolden(TraceText.render(scenario.trace), named: name.replacingOccurrences(of: ".ripple", with: ".trace.txt"))
    }

    /// A view that appears in a step did work a person sees: no instance whose cause is a new identity
    /// is ever called wasted, in any step of any variant.
    @Test(arguments: bundledScenarios)
    func aNewInstanceIsNeverWasted(_ name: String) throws {
        let trace = try simulateChecked(try bundledSource(name))
        for variant in trace.variants {
            for step in variant.steps + (variant.steps.flatMap { $0.followUps ?? [] }) {
                for instance in step.instances where instance.causes.contains(where: { $0.kind == .newIdentity }) {
                    #expect(instance.outcome == .needed, "\(name) \(variant.name) '\(step.name)': \(instance.path) is new but \(instance.outcome)")
                }
            }
        }
    }

    @Test func listRowsMatchesTheIssue() throws {
        let scenario = try loadScenario(try bundledSource("list-rows.ripple"))
        let broad = try #require(scenario.trace.variants.first { $0.name == "broad" })
        let narrow = try #require(scenario.trace.variants.first { $0.name == "narrow" })
        #expect(broad.steps[0].evaluated == ["RootView", "UserList", "UserRow[0]", "UserRow[1]", "UserRow[2]"])
        #expect(broad.steps[0].names(.wasted) == ["RootView", "UserList", "UserRow[0]", "UserRow[2]"])
        #expect(narrow.steps[0].evaluated == ["RootView", "UserList", "UserRow[2]"])
        #expect(narrow.steps[0].names(.wasted) == ["RootView"])
        #expect(broad.steps[1].evaluated == ["RootView", "Header"])
        #expect(narrow.steps[1].evaluated == ["RootView", "Header"])
        #expect(broad.steps[2].evaluated == [] && narrow.steps[2].evaluated == [])
        let older = try scenario.simulate(semantics: .swift59)
        #expect(older.variants.allSatisfy { $0.steps[2].evaluated == ["RootView"] && $0.steps[2].names(.wasted) == ["RootView"] })
        // The parse dump shows RootView's reads with currentUser expanded to its sources.
        let dump = ModelDump.render(try Simulation(scenario: scenario, variant: "broad", semantics: .swift62).snapshot(), variant: "broad", semantics: .swift62)
        #expect(dump.contains("reads state.title = \"People\""))
        #expect(dump.contains("reads state.currentUser?.name = nil"))
        #expect(dump.contains("key RootView.state.users (Observation, via currentUser)"))
        #expect(dump.contains("key RootView.state.currentID (Observation, via currentUser)"))
    }
}
