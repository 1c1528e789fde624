import Testing
@testable import RippleCore

/// Rule 4: `@State`.
@Suite struct StateWriteTests {
    /// `Root` reads its `count`; `Shown` reads it through a binding.
    static let owner = """
        scenario "t"
        struct Root: View {
            @State private var count = 0
            var body: some View {
                Text("\\(count)")
                Shown(count: $count)
            }
        }
        struct Shown: View {
            @Binding var count: Int
            var body: some View { Text("\\(count)") }
        }
        step "new value" { Root.count = 1 }
        step "equal value" { Root.count = 1 }
        """

    @Test(arguments: [
        // Must: a new value re-runs the owner that read it and the view that read it through a binding.
        ("new value", ["Root", "Shown"], true, "state changed"),
        // Must not: an equal value is ignored, and nothing re-runs.
        ("equal value", [], false, "equal value: @State ignores the write"),
    ])
    func aChangedValueNotifiesAndAnEqualOneDoesNot(step name: String, evaluated: [String], notified: Bool, note: String) throws {
        let step = try #require(try simulateChecked(Self.owner).variants[0].steps.first { $0.name == name })
        #expect(step.evaluated == evaluated)
        #expect(step.names(.wasted) == [])
        #expect(step.writes.map(\.notified) == [notified])
        #expect(step.writes.map(\.note) == [note])
    }

    @Test func theOwnerReadsItsStateOthersThroughABinding() {
        #expect(StateWrite.causeKind(isOwner: true) == .state)
        #expect(StateWrite.causeKind(isOwner: false) == .binding)
    }

    @Test(arguments: [(true, true, true), (true, false, false), (false, true, false), (false, false, false)])
    func aSeedIsStaleOnlyWhenTheParentPassesANewValueTheSlotDoesNotHold(seedChanged: Bool, slotDiffers: Bool, stale: Bool) {
        #expect(StateWrite.seedIsStale(seedChanged: seedChanged, slotDiffersFromSeed: slotDiffers) == stale)
    }
}
