import Testing
@testable import RippleCore

/// Rule 6: `@Environment`.
@Suite struct EnvironmentWriteTests {
    /// One view reads `\.theme`, one only declares it, one declares another key.
    static let declarers = """
        scenario "t"
        extension EnvironmentValues {
            @Entry var theme: String = "light"
            @Entry var size: Int = 12
        }
        struct Root: View {
            var body: some View {
                Reader()
                Declarer()
                Other()
            }
        }
        struct Reader: View {
            @Environment(\\.theme) private var theme
            var body: some View { Text(theme) }
        }
        struct Declarer: View {
            @Environment(\\.theme) private var theme
            var body: some View { Text("fixed") }
        }
        struct Other: View {
            @Environment(\\.size) private var size
            var body: some View { Text("\\(size)") }
        }
        step "new value" { environment \\.theme = "dark" }
        step "equal value" { environment \\.theme = "dark" }
        """

    @Test(arguments: [
        // Must: every view declaring the key re-runs, whether its body reads it or not; must not: one
        // declaring another key.
        ("new value", ["Reader", "Declarer"], true, "views declaring \\.theme are told"),
        // Must not: an equal value tells nobody.
        ("equal value", [], false, "equal value: no change"),
    ])
    func aNewValueTellsTheDeclarersAndAnEqualOneDoesNot(step name: String, evaluated: [String], notified: Bool, note: String) throws {
        let step = try #require(try simulateChecked(Self.declarers).variants[0].steps.first { $0.name == name })
        #expect(step.evaluated == evaluated)
        #expect(step.writes.map(\.notified) == [notified])
        #expect(step.writes.map(\.note) == [note])
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
