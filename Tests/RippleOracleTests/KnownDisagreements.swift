// Disagreements the oracle found, kept as regression tests: on each, the engine must agree with the runtime.

import Observation
import Testing
@testable import RippleCore

/// Optional class-typed properties: `Ref?` is neither `Equatable` nor `AnyObject` (Optional is an enum), so the
/// macro's setter picks the generic `shouldNotifyObservers` overload and notifies on every assignment, even of
/// the same instance. Ripple must not treat an optional class like the class itself and skip it.
@Observable final class OptionalObjects {
    var ref: Ref? = Ref()
    var inner: Inner? = Inner()
}

/// One known disagreement: a minimal scenario, and the same reads and write on real objects.
struct KnownDisagreement: Sendable, CustomTestStringConvertible {
    var name: String
    var scenario: String
    var read: @Sendable (OptionalObjects) -> Void
    var write: @Sendable (OptionalObjects) -> Void

    var testDescription: String { name }

    static let all: [KnownDisagreement] = [
        KnownDisagreement(name: "Optional plain class, same instance", scenario: scenario(
            declarations: "final class Ref { var x: Int = 0 }\n@Observable final class Model { var ref: Ref? = Ref() }",
            read: #"\(model.ref?.x ?? -1)"#, write: "model.ref = model.ref"),
            read: { _ = $0.ref?.x ?? -1 }, write: { let same = $0.ref; $0.ref = same }),
        KnownDisagreement(name: "Optional @Observable class, same instance", scenario: scenario(
            declarations: #"@Observable final class Inner { var value: Int = 0; var label: String = "a" }"# + "\n@Observable final class Model { var inner: Inner? = Inner() }",
            read: #"\(model.inner?.value ?? -1)"#, write: "model.inner = model.inner"),
            read: { _ = $0.inner?.value ?? -1 }, write: { let same = $0.inner; $0.inner = same }),
    ]

    private static func scenario(declarations: String, read: String, write: String) -> String {
        """
        scenario "oracle"
        \(declarations)
        let model = Model()
        struct Root: View {
            var body: some View {
                R0()
            }
        }
        struct R0: View { var body: some View { Text("\(read)") } }
        step "w1" { \(write) }

        """
    }

    /// Whether Swift's Observation runtime fires the reader.
    func realFires() -> Bool {
        let objects = OptionalObjects()
        let box = FireBox(readers: 1)
        withObservationTracking { read(objects) } onChange: { box.counts[0] += 1 }
        write(objects)
        return box.counts[0] > 0
    }
}

@Suite struct FormerDisagreementTests {
    @Test(arguments: KnownDisagreement.all)
    func nowAgrees(_ known: KnownDisagreement) {
        // The fact from Swift's runtime: the same instance, re-assigned, notifies.
        #expect(known.realFires())
        let ripple = RippleRun.run(text: known.scenario, layout: [.init(names: CaseNames(), readers: 1, writes: 1)], semantics: .swift62)
        #expect(ripple == [.firings(Firings(fired: [[known.realFires()]]))], "\(known.scenario)")
    }
}
