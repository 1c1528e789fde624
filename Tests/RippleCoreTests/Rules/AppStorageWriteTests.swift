import Testing
@testable import RippleCore

/// Rule 7: `@AppStorage`.
@Suite struct AppStorageWriteTests {
    /// One view reads the key, one only declares it, one declares another key.
    static let declarers = """
        scenario "t"
        struct Root: View {
            var body: some View {
                Reader()
                Declarer()
                Other()
            }
        }
        struct Reader: View {
            @AppStorage("k") private var k = 0
            var body: some View { Text("\\(k)") }
        }
        struct Declarer: View {
            @AppStorage("k") private var k = 0
            var body: some View { Text("fixed") }
        }
        struct Other: View {
            @AppStorage("other") private var other = 0
            var body: some View { Text("\\(other)") }
        }
        step "new value" { UserDefaults.standard.set(1, forKey: "k") }
        step "same value" { UserDefaults.standard.set(1, forKey: "k") }
        """

    @Test(arguments: [
        // Must: every view declaring the key re-runs, whether its body reads it or not.
        ("new value", ["Reader", "Declarer"], ["Declarer"]),
        // Must, although the value is equal: user defaults' notification does not compare.
        ("same value", ["Reader", "Declarer"], ["Reader", "Declarer"]),
    ])
    func everyWriteTellsTheDeclaringViews(step name: String, evaluated: [String], wasted: [String]) throws {
        let step = try #require(try simulateChecked(Self.declarers).variants[0].steps.first { $0.name == name })
        // Must not: a view that declares another key, and the root that declares none.
        #expect(step.evaluated == evaluated)
        #expect(step.names(.wasted) == wasted)
        #expect(step.writes.map(\.notified) == [true])
        #expect(step.writes.map(\.note) == ["views declaring @AppStorage(\"k\") are told"])
    }

    @Test func aModelsAppStorageTellsNobody() {
        #expect(AppStorageWrite.untrackedInModel(name: "v", key: "k", model: "M")
            == "'v' is '@AppStorage(\"k\")' inside the model 'M': user defaults changes reach only views that declare '@AppStorage'")
        #expect(!ObservationTracking.registersKey(ObservationTracking.readKind(modelKind: .observable, isIgnored: true, isPublished: false, isAppStorage: true)))
    }
}
