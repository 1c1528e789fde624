import Testing
@testable import RippleCore

/// Rule 2.7: an assignment that tells nobody but stores other objects leaves its readers tracking the
/// objects it replaced, so a later write to the new ones leaves them stale.
@Suite struct ReplacedInstanceTests {
    static let a = ObjectID(raw: 1), b = ObjectID(raw: 2), c = ObjectID(raw: 3)

    @Test func aWriteThatToldTheReadersReplacesNothingTheyTrack() {
        #expect(ReplacedInstance.replacements(notified: true, old: [(Self.a, "S")], new: [(Self.b, "S")]).isEmpty)
    }

    @Test func objectsArePairedByPositionWhenTheyDifferAndShareATypes() {
        let pairs = ReplacedInstance.replacements(notified: false, old: [(Self.a, "S"), (Self.b, "S"), (Self.c, "S")],
                                                  new: [(Self.b, "S"), (Self.b, "S"), (Self.a, "T")])
        #expect(pairs.map { [$0.old.raw, $0.new.raw] } == [[1, 2]])
    }

    @Test func theObjectsOfAValueAreFoundInsideIt() {
        let value = Value.array([.object(Self.a), .record(type: "R", fields: [.int(1), .object(Self.b)]), .string("x")])
        #expect(ReplacedInstance.objects(in: value) == [Self.a, Self.b])
        #expect(ReplacedInstance.objects(in: .int(3)).isEmpty)
    }

    /// `theme` is what `==` compares; `size` is what the view shows.
    static func scenario(swap: String) -> String {
        """
        scenario "replaced instance"
        semantics swift6.2
        @Observable final class Settings: Equatable {
            var theme: String = "light"
            var size: Int = 1
            static func == (lhs: Settings, rhs: Settings) -> Bool { lhs.theme == rhs.theme }
        }
        @Observable final class AppModel {
            var settings: Settings = Settings()
            var tick: Int = 0
        }
        let app = AppModel()
        struct Root: View {
            var body: some View { Label() }
        }
        struct Label: View {
            var body: some View { Text("\\(app.tick) \\(app.settings.size)") }
        }
        step "swap" { \(swap) }
        step "write the new instance" { app.settings.size = 5 }
        step "tick" { app.tick = 1 }
        step "write the new instance again" { app.settings.size = 6 }

        """
    }

    /// Must not: an `==` instance tells nobody, and the view, still tracking the instance it replaced, is not
    /// told of a write to the new one: it is stale, and says why.
    @Test func anEqualInstanceLeavesItsReaderTrackingTheOldOne() throws {
        let trace = try simulateChecked(Self.scenario(swap: #"app.settings = Settings()"#))
        let steps = trace.variants[0].steps
        #expect(steps[0].writes.first?.notified == false)
        #expect(steps[0].writes.first?.note.contains("Equatable class") == true)
        #expect(steps[0].evaluated.isEmpty && steps[0].names(.stale).isEmpty)
        #expect(steps[1].evaluated.isEmpty)
        #expect(steps[1].names(.stale) == ["Label"])
        let cause = try #require(steps[1].instances.first { $0.outcome == .stale }?.causes.first)
        #expect(cause.detail.contains("it tracks the instance 'app.settings' held before an assignment replaced it"))
    }

    /// Must: once the body runs again it reads, and tracks, the new instance.
    @Test func aReaderThatRunsAgainTracksTheNewInstance() throws {
        let trace = try simulateChecked(Self.scenario(swap: #"app.settings = Settings()"#))
        let steps = trace.variants[0].steps
        #expect(steps[2].evaluated == ["Label"])
        #expect(steps[3].evaluated == ["Label"])
        #expect(steps[3].names(.stale).isEmpty)
    }

    /// Must: an instance that is not `==` notifies, and the re-run view tracks it.
    @Test func anUnequalInstanceNotifiesAndIsTracked() throws {
        let trace = try simulateChecked(Self.scenario(swap: #"app.settings = Settings(theme: "dark")"#))
        let steps = trace.variants[0].steps
        #expect(steps[0].writes.first?.notified == true)
        #expect(steps[0].evaluated == ["Label"])
        #expect(steps[1].evaluated == ["Label"])
        #expect(steps[1].names(.stale).isEmpty)
    }

    /// Must not, under Swift 5.9's setter: every assignment notifies, so nothing is left tracking the old one.
    @Test func underSwift59TheAssignmentNotifies() throws {
        let trace = try simulateChecked(Self.scenario(swap: #"app.settings = Settings()"#), semantics: .swift59)
        let steps = trace.variants[0].steps
        #expect(steps[0].evaluated == ["Label"])
        #expect(steps[1].evaluated == ["Label"] && steps[1].names(.stale).isEmpty)
    }
}
