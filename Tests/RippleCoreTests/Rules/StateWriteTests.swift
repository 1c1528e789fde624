import Testing
@testable import RippleCore

/// Rule 4: `@State`.
@Suite struct StateWriteTests {
    @Test func aChangedValueNotifiesAndAnEqualOneDoesNot() {
        #expect(StateWrite.decide(differs: true).notifies)
        #expect(StateWrite.decide(differs: true).note == "state changed")
        #expect(!StateWrite.decide(differs: false).notifies)
        #expect(StateWrite.decide(differs: false).note == "equal value: @State ignores the write")
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
