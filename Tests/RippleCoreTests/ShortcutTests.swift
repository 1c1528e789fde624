import Testing
@testable import RippleCore

/// The engine's shortcuts (docs/Performance.md) must give what the general path gives. Each case here is
/// one a shortcut once got wrong: values that are equal but print differently, and a write whose value
/// names the object written.
@Suite struct ShortcutTests {
    /// `0.0 == -0.0`, but `Row[0.0]` and `Row[-0.0]` are different names: the identity is new, so the
    /// row is replaced in the step that changes it, not kept (the same-order shortcut of `reconcile`).
    @Test func identitiesThatAreEqualButPrintDifferentlyAreReplaced() throws {
        let source = """
        scenario "equal identities printed differently"
        semantics swift6.2
        @Observable final class Model { var values: [Double] = [0.0, 1.0] }
        let model = Model()
        struct Root: View {
            var body: some View { ForEach(model.values, id: \\.self) { value in Row(value: value) } }
        }
        struct Row: View { let value: Double; var body: some View { Text("\\(value)") } }
        step "negate" { model.values[0] = -0.0 }
        step "again" { model.values[1] = 2.0 }
        """
        let steps = try #require(try simulateChecked(source).variants.first?.steps)
        #expect(steps[0].created == ["Root/Row[-0.0]"])
        #expect(steps[0].destroyed == ["Root/Row[0.0]"])
        #expect(steps[1].created == ["Root/Row[2.0]"])
        #expect(steps[1].destroyed == ["Root/Row[1.0]"])
    }

    /// A re-evaluation keeps the reads it made, even where they equal the last ones: the snapshot shows
    /// `-0.0`, the value the body saw, not the `0.0` it saw before.
    @Test func readsKeepWhatTheLastEvaluationSaw() throws {
        let source = """
        scenario "reads equal but printed differently"
        semantics swift5.9
        @Observable final class Model { var x: Double = 0.0 }
        let model = Model()
        struct Root: View { var body: some View { Text("\\(model.x)") } }
        step "negate" { model.x = -0.0 }
        """
        let scenario = try loadScenario(source)
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift59)
        _ = try simulation.run(scenario.steps[0])
        let reads = try #require(simulation.snapshot().instances.first { $0.name == "Root" }?.reads)
        #expect(reads.map(\.path) == ["model.x"])
        #expect(reads.map(\.value) == ["-0.0"])
    }

    /// Writing an unnamed object into its own property names it there first; the write is then described
    /// by that name, as the trace always did.
    @Test func aWriteNamingItsOwnObjectIsDescribedByTheNewName() throws {
        let source = """
        scenario "a node linked to itself"
        @Observable final class Node { var next: Node? = nil; var n: Int = 0 }
        struct Root: View { var body: some View { Reader().environment(Node()) } }
        struct Reader: View {
            @Environment(Node.self) private var node
            var body: some View { Text(node.next == nil ? "end" : "more") }
        }
        step "link" { Reader.node.next = Reader.node }
        """
        let steps = try #require(try simulateChecked(source).variants.first?.steps)
        #expect(steps[0].writes.map(\.target) == ["Node#0.next.next"])
        let reader = try #require(steps[0].instances.first { $0.name == "Reader" })
        #expect(reader.causes.first?.detail.hasPrefix("depends on Node#0.next.next") == true)
    }

    /// Views reached the same way share one list of causes; "the same way" is byte for byte. `café` and
    /// `cafe\u{301}` are `==` and name the same property, but each view's cause quotes its own spelling.
    @Test func sharedCausesQuoteEachViewsOwnSpelling() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let source = """
        scenario "spellings"
        @Observable final class Model { var \(composed): String = "x" }
        let model = Model()
        struct Root: View {
            var body: some View {
                VStack {
                    A()
                    B()
                }
            }
        }
        struct A: View { var body: some View { Text(model.\(composed)) } }
        struct B: View { var body: some View { Text(model.\(decomposed)) } }
        step "write" { model.\(composed) = "y" }
        """
        let steps = try #require(try simulateChecked(source).variants.first?.steps)
        let details = Dictionary(uniqueKeysWithValues: steps[0].instances.map { ($0.name, $0.causes.map(\.detail)) })
        #expect(details["A"]?.first?.utf8.elementsEqual("depends on model.\(composed) (reads model.\(composed)) (assignment \(composed))".utf8) == true)
        #expect(details["B"]?.first?.utf8.elementsEqual("depends on model.\(composed) (reads model.\(decomposed)) (assignment \(composed))".utf8) == true)
    }
}
