import Testing
@testable import RippleCore

/// Rule 6: `@Environment`.
@Suite struct EnvironmentWriteTests {
    @Test func aNewValueTellsTheDeclarersAndAnEqualOneDoesNot() {
        #expect(EnvironmentWrite.decide(differs: true).notifies)
        #expect(EnvironmentWrite.decide(differs: true).note(key: "theme") == "views declaring \\.theme are told")
        #expect(!EnvironmentWrite.decide(differs: false).notifies)
        #expect(EnvironmentWrite.decide(differs: false).note(key: "theme") == "equal value: no change")
    }

    static func differ(_ a: Value?, _ b: Value?) -> Bool { a != b }
    static func holdsClosure(_ value: Value) -> Bool { if case .closure = value { true } else { false } }

    @Test func changedKeysAreThoseThatDiffer() {
        let old: [String: Value] = ["a": .int(1), "b": .int(2)]
        let new: [String: Value] = ["a": .int(1), "b": .int(3), "c": .int(4)]
        #expect(EnvironmentWrite.changedKeys(old: old, new: new, differ: Self.differ, holdsClosure: Self.holdsClosure) == ["b", "c"])
        #expect(EnvironmentWrite.changedKeys(old: old, new: old, differ: Self.differ, holdsClosure: Self.holdsClosure) == [])
        #expect(EnvironmentWrite.changedKeys(old: [:], new: [:], differ: Self.differ, holdsClosure: Self.holdsClosure) == [])
    }

    @Test func aKeyHoldingAClosureChangesEveryTime() {
        let same: [String: Value] = ["action": .closure(id: 1), "a": .int(1)]
        #expect(EnvironmentWrite.changedKeys(old: same, new: same, differ: Self.differ, holdsClosure: Self.holdsClosure) == ["action"])
    }
}
