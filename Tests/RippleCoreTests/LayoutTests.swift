import Testing
@testable import RippleCore

/// The sizes the engine's memory budget rests on (docs/Performance.md): 100,000 rows hold millions of
/// values, so a wider `Value` or `Instance` shows up at once in the load's peak memory.
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
