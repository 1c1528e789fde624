import Testing
@testable import RippleCore
import RippleSwift

/// Previews read from Swift source: each one that shows something the launch state does not is a state
/// of its own, and the sample values it builds are concrete.
@Suite struct PreviewSourceTests {
    static let counter = """
        import SwiftUI

        @Observable final class Tally {
            var count = 0
            var label = "none"
        }

        struct Counter: View {
            @Environment(Tally.self) private var tally
            var body: some View {
                Text("\\(tally.count)")
            }
        }

        @main
        struct CounterApp: App {
            @State private var tally = Tally()
            var body: some Scene {
                WindowGroup {
                    Counter().environment(tally)
                }
            }
        }

        """

    @Test func aPreviewBuiltAsTheAppBuildsItsRootIsNoStateOfItsOwn() throws {
        let (scenario, _, error) = loadSwift(Self.counter + """
            #Preview {
                Counter().environment(tally)
            }
            """)
        let loaded = try #require(scenario, "\(String(describing: error))")
        // Written as the app writes it, with names the preview does not have: still not the same state.
        #expect(loaded.variants.map(\.name) == ["Counter", "Counter, preview"])
        let (same, _, sameError) = loadSwift(Self.counter.replacingOccurrences(of: "Counter().environment(tally)", with: "Counter()") + """
            #Preview {
                Counter()
            }
            """)
        let sameLoaded = try #require(same, "\(String(describing: sameError))")
        #expect(sameLoaded.variants.map(\.name) == ["main"])
    }

    @Test func aStaticGetterOfStatementsBuildsThePreviewsSampleObject() throws {
        let (scenario, _, error) = loadSwift(Self.counter + """
            extension Tally {
                static var sample: Tally {
                    let tally = Tally()
                    tally.count = 41
                    tally.count += 1
                    return tally
                }
            }

            #Preview("Busy") {
                Counter().environment(Tally.sample)
            }
            """)
        let loaded = try #require(scenario, "\(String(describing: error))")
        let preview = try #require(loaded.variants.first { $0.name == "Counter, preview 'Busy'" }, "\(loaded.variants.map(\.name))")
        #expect(preview.state == "preview 'Busy'")
        let simulation = try Simulation(scenario: loaded, variant: preview.name, semantics: loaded.semantics, recordingShown: true)
        let shown = simulation.shown(keeping: nil).flatMap { $0.values.compactMap(\.text) }
        #expect(shown.contains("42"), "\(shown)")
        #expect(!loaded.notes.contains { $0.message.contains("not simulated") }, "\(loaded.notes)")
    }

    @Test func aSampleObjectsOwnMethodFillsItInThePreview() throws {
        let (scenario, _, error) = loadSwift(Self.counter + """
            extension Tally {
                func load(count: Int) {
                    self.count = count
                    label = "loaded"
                }

                static var sample: Tally {
                    let tally = Tally()
                    tally.load(count: 5)
                    return tally
                }
            }

            #Preview {
                Counter().environment(Tally.sample)
            }
            """)
        let loaded = try #require(scenario, "\(String(describing: error))")
        let simulation = try Simulation(scenario: loaded, variant: "Counter, preview", semantics: loaded.semantics, recordingShown: true)
        #expect(simulation.shown(keeping: nil).flatMap { $0.values.compactMap(\.text) } == ["5"])
        #expect(!loaded.notes.contains { $0.message.contains("not simulated") }, "\(loaded.notes)")
    }

    /// A sample object's method that calls itself stops at the method depth, at its place.
    @Test func aSampleObjectsMethodThatCallsItselfStopsAtALimit() throws {
        let (scenario, _, error) = loadSwift(Self.counter + """
            extension Tally {
                func spin() {
                    count += 1
                    self.spin()
                }

                static var sample: Tally {
                    let tally = Tally()
                    tally.spin()
                    return tally
                }
            }

            #Preview {
                Counter().environment(Tally.sample)
            }
            """)
        let messages = (scenario?.notes ?? []).map(\.message) + (error?.diagnostics ?? []).map(\.message)
        #expect(messages.contains { $0.contains("(limit: method depth)") }, "\(messages)")
    }

    @Test func aStaticGetterMakesANewValueAtEachUse() throws {
        let (scenario, _, error) = loadSwift(Self.counter + """
            extension Tally {
                static var fresh: Tally { Tally() }
            }

            struct Twice: View {
                var body: some View {
                    let second = {
                        let first = Tally.fresh
                        first.count = 5
                        return Tally.fresh.count
                    }()
                    Text("\\(second)")
                }
            }

            #Preview {
                Twice()
            }
            """)
        let loaded = try #require(scenario, "\(String(describing: error))")
        let simulation = try Simulation(scenario: loaded, variant: "Twice, preview", semantics: loaded.semantics, recordingShown: true)
        #expect(simulation.shown(keeping: nil).flatMap { $0.values.compactMap(\.text) } == ["0"])
    }

    @Test func aClosureCalledWhereItIsWrittenSetsOnlyWhatItMade() throws {
        let (scenario, _, error) = loadSwift(Self.counter + """
            struct Peek: View {
                @Environment(Tally.self) private var tally
                var body: some View {
                    let shown = {
                        let copy = Tally()
                        copy.count = tally.count + 1
                        tally.label = "peeked"
                        return copy.count
                    }()
                    Text("\\(shown) \\(tally.label)")
                }
            }

            #Preview {
                Peek().environment(Tally())
            }
            """)
        let loaded = try #require(scenario, "\(String(describing: error))")
        #expect(loaded.notes.contains { $0.message == "'tally.label = \"peeked\"' is not simulated: a closure called where it is written sets only the properties of objects it made" },
                "\(loaded.notes)")
        let simulation = try Simulation(scenario: loaded, variant: "Peek, preview", semantics: loaded.semantics, recordingShown: true)
        #expect(simulation.shown(keeping: nil).flatMap { $0.values.compactMap(\.text) } == ["1 none"])
    }

    @Test func aPreviewOfAViewTheSourceDoesNotDeclareIsANote() throws {
        let (scenario, _, error) = loadSwift(Self.counter + """
            #Preview {
                ProgressView()
            }
            """)
        let loaded = try #require(scenario, "\(String(describing: error))")
        #expect(loaded.variants.map(\.name) == ["main"])
        #expect(loaded.notes.contains { $0.message == "the preview builds 'ProgressView', which the source does not declare; it is not a state Ripple simulates" },
                "\(loaded.notes)")
    }
}
