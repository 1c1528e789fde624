import Testing
@testable import RippleCore
import RippleSwift

/// Rule 4.6 in an app's own source: a child's `@State` default is evaluated in the body that makes the child,
/// so what its initializer reads (here the model's own `value`) is that body's dependency; a `@StateObject`'s
/// autoclosure is no body's.
@Suite struct InitialValueSourceTests {
    static func app(child: String) -> String {
        """
        import SwiftUI

        @Observable final class Counter {
            var value = 5
            var doubled = 0
            init() { doubled = value * 2 }
        }

        final class Store: ObservableObject {
            @Published var value = 5
            var doubled = 0
            init() { doubled = value * 2 }
        }

        struct Shelf: View {
            var body: some View {
                VStack {
                    Child()
                }
            }
        }

        struct Child: View {
            \(child)
            var body: some View {
                Button("Bump \\(counter.value)") { counter.value += 1 }
            }
        }

        """
    }

    static func bump(_ source: String) throws -> StepTrace {
        let (scenario, _, error) = loadSwift(source, root: "Shelf")
        let loaded = try #require(scenario, "\(String(describing: error))")
        let simulation = try Simulation(scenario: loaded, variant: loaded.variants[0].name, semantics: loaded.semantics)
        let bump = try #require(simulation.availableActions().firstIndex { $0.name == "tap Button in Child" })
        return try simulation.perform(actionAt: bump)
    }

    /// Must: the body that made `Child` evaluated `Counter()`, which read the kept counter's `value`: the
    /// first write to it re-runs that body, in vain.
    @Test func aStateDefaultsReadsAreTheParents() throws {
        let step = try Self.bump(Self.app(child: "@State private var counter = Counter()"))
        #expect(step.instances.first { $0.viewType == "Shelf" }?.outcome == .wasted)
        #expect(step.instances.first { $0.viewType == "Child" }?.outcome == .needed)
    }

    /// Must not: a `@StateObject`'s autoclosure ran once, outside any body.
    @Test func aStateObjectsAutoclosureIsNoBodysRead() throws {
        let step = try Self.bump(Self.app(child: "@StateObject private var counter = Store()"))
        #expect(!step.instances.contains { $0.viewType == "Shelf" })
        #expect(step.instances.first { $0.viewType == "Child" }?.outcome == .needed)
    }
}
