import Testing
@testable import RippleCore
import RippleSwift

/// A value computed once that rests on a decision Ripple took on a value it does not know keeps that
/// decision: what reads it later is never `exact` because of a choice made at start-up.
@Suite struct GlobalDecisionTests {
    static let library = """
        import SwiftUI

        enum AppKind {
            case standard
            case branded

            static let current = AppKind(configuration: Config.value(for: .brand))

            static var isBranded: Bool {
                switch current {
                case .standard: return false
                case .branded: return true
                }
            }
        }

        enum Flags {
            static let hasLibrary: Bool = !AppKind.isBranded
            static let pageSize = 20
        }

        @Observable final class Selection {
            var count = 0
            var pages = 0
            func toggle() {
                guard Flags.hasLibrary else { return }
                count += 1
            }
            func page() {
                guard Flags.pageSize > 10 else { return }
                pages += 1
            }
        }

        struct Library: View {
            @State private var selection = Selection()
            var body: some View {
                Text("\\(selection.count) \\(selection.pages)")
                Button("Select") { selection.toggle() }
                Button("Next page") { selection.page() }
            }
        }

        """

    private func perform(_ name: String) throws -> StepTrace {
        let (scenario, _, error) = loadSwift(Self.library)
        let loaded = try #require(scenario, "\(String(describing: error))")
        let simulation = try Simulation(scenario: loaded, variant: loaded.variants[0].name, semantics: loaded.semantics)
        let index = try #require(simulation.availableActions().firstIndex { $0.name == name }, "\(simulation.availableActions().map(\.name))")
        return try simulation.perform(actionAt: index)
    }

    @Test func anActionThatReadsAValueComputedOnAnUnknownDecisionSaysSo() throws {
        let step = try perform("tap Button \"Select\" in Library")
        #expect(step.instances.map(\.path) == ["Library"])
        #expect(step.unknownDecisions?.contains { $0.hasPrefix("the condition 'current == .standard' taken as true at App.swift:") } == true,
                "\(String(describing: step.unknownDecisions))")
    }

    /// Must not: a value computed from what Ripple knows takes no decision.
    @Test func anActionThatReadsAKnownValueIsExact() throws {
        let step = try perform("tap Button \"Next page\" in Library")
        #expect(step.instances.map(\.path) == ["Library"])
        #expect(step.unknownDecisions == nil)
    }
}
