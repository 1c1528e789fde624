import Testing
@testable import RippleCore
import RippleSwift

/// Rule 10.6 in an app's own source: a helper declared `AnyView` that returns the same wrapped type from two
/// branches keeps the view and its `@State`; another wrapped type makes a new one.
@Suite struct AnyViewSourceTests {
    static func app(bigCard: String) -> String {
        """
        import SwiftUI

        struct Shelf: View {
            @State private var big = false
            var body: some View {
                VStack {
                    card
                    Button("Grow") { big.toggle() }
                }
            }

            private var card: AnyView {
                if big {
                    return AnyView(\(bigCard))
                }
                return AnyView(DogCard(name: "Rex"))
            }
        }

        struct DogCard: View {
            let name: String
            @State private var taps = 0
            var body: some View {
                Button("\\(name) \\(taps)") { taps += 1 }
            }
        }

        """
    }

    static func grow(_ source: String) throws -> StepTrace {
        let (scenario, _, error) = loadSwift(source)
        let loaded = try #require(scenario, "\(String(describing: error))")
        let simulation = try Simulation(scenario: loaded, variant: loaded.variants[0].name, semantics: loaded.semantics)
        let grow = try #require(simulation.availableActions().firstIndex { $0.name == "tap Button \"Grow\" in Shelf" })
        return try simulation.perform(actionAt: grow)
    }

    /// Must re-evaluate the card as the same view: its input changed, its identity did not.
    @Test func theSameWrappedTypeKeepsTheCard() throws {
        let step = try Self.grow(Self.app(bigCard: #"DogCard(name: "Big Rex")"#))
        #expect(step.destroyed.isEmpty && step.created.isEmpty)
        #expect(step.instances.first { $0.viewType == "DogCard" }?.outcome == .needed)
    }

    /// Must not keep it: a modifier makes another wrapped type.
    @Test func anotherWrappedTypeMakesANewCard() throws {
        let step = try Self.grow(Self.app(bigCard: #"DogCard(name: "Big Rex").padding()"#))
        #expect(step.destroyed.count == 1)
        #expect(step.created.count == 1)
    }
}
