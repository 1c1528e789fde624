import Testing
@testable import RippleCLI

/// The audit's table fits its width without cutting two action names to the same text.
@Suite struct AuditTableTests {
    static let names = [
        "toggle Toggle \"settings.toggle.kill.on.terminate\" in SettingsView",
        "toggle Toggle \"settings.toggle.whisky.updates\" in SettingsView",
        "tap Button \"plus\" in ContentView",
        "tap Button \"plus\" in ContentView #2",
        "tap Button \"plus\" in ContentView #2",
        "type in TextField \"Name\" in CreateTripDialog",
    ]

    @Test func namesThatDifferAreNeverCutToTheSameText() {
        let cells = AuditCommand.cutApart(Self.names, to: 28)
        #expect(cells.allSatisfy { $0.count <= 28 }, "\(cells)")
        // The two settings toggles and the two plus buttons differ, and stay apart.
        #expect(cells[0] != cells[1], "\(cells)")
        #expect(cells[2] != cells[3], "\(cells)")
        #expect(cells[3].hasSuffix("#2"), "\(cells)")
        // The same name twice is the same cell.
        #expect(cells[3] == cells[4])
    }

    @Test func aNameThatFitsOrIsAloneIsCutAtItsEnd() {
        let cells = AuditCommand.cutApart(Self.names, to: 28)
        #expect(cells[5] == AuditCommand.cut(Self.names[5], to: 28))
        #expect(AuditCommand.cutApart(["short"], to: 28) == ["short"])
    }
}
