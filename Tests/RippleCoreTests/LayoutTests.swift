import Testing
@testable import RippleCore

/// The sizes the engine's memory budget rests on (docs/Performance.md, "How the engine keeps a write
/// cheap"): 100,000 rows hold millions of values, so a wider `Value` or `Instance` shows up at once in
/// the load's peak memory.
@Suite struct LayoutTests {
    @Test func aValueIsThreeWordsWide() {
        // Inline cases: at most a String and an array (`record`); wider payloads are boxed.
        #expect(MemoryLayout<Value>.size <= 25)
        #expect(MemoryLayout<Value>.stride <= 32)
    }

    @Test func boxedCasesStillCompareByContent() {
        let a = Value.enumCase(type: "ColorScheme", name: "dark", payload: [])
        let b = Value.enumCase(type: "ColorScheme", name: "dark", payload: [])
        #expect(a == b)
        #expect(a != .enumCase(type: "ColorScheme", name: "light", payload: []))
        #expect(Value.binding(.constant(.int(1))) == .binding(.constant(.int(1))))
        #expect(Value.opaque(type: "URL", text: "a") != .opaque(type: "URL", text: "b"))
    }
}

/// A location holds its file as a number (`SourceFiles`): plain data, which every plan, step write and
/// read record copies without reference counting, and still the file's path to everyone who asks.
@Suite struct SourceLocationTests {
    @Test func aLocationIsPlainData() {
        #expect(_isPOD(RippleCore.SourceLocation.self))
        #expect(MemoryLayout<RippleCore.SourceLocation>.size <= 12)
    }

    @Test func theFileReadsBackAndDecidesEqualityAndOrder() {
        let a = RippleCore.SourceLocation(file: "Scenarios/list-rows.ripple", line: 3, column: 7)
        let b = RippleCore.SourceLocation(file: "Scenarios/list-rows.ripple", line: 3, column: 7)
        let other = RippleCore.SourceLocation(file: "Scenarios/account-settings.ripple", line: 1, column: 1)
        #expect(a.file == "Scenarios/list-rows.ripple")
        #expect(a.description == "Scenarios/list-rows.ripple:3:7")
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != other)
        // Ordered by path first, whichever path was numbered first.
        #expect(other < a)
        #expect(!(a < other))
        #expect(RippleCore.SourceLocation(file: "z.ripple", line: 1, column: 1) > RippleCore.SourceLocation(file: "a.ripple", line: 9, column: 9))
        var moved = a
        moved.file = "Scenarios/account-settings.ripple"
        #expect(moved.file == other.file && moved.line == 3)
    }

    @Test func linesAndColumnsBeyondTheStoredRangeArePinnedNotTrapped() {
        let location = RippleCore.SourceLocation(file: "x.ripple", line: Int.max, column: -5)
        #expect(location.line == Int(UInt32.max))
        #expect(location.column == 0)
    }
}
