import Testing
import RippleAudit
import RippleCore
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

    /// Many screens with long names, long places, long reasons, every confidence and row closures: every
    /// line of the table fits 120 columns, and `--wide` (no width) keeps every cell whole.
    @Test func aTableOfManyScreensAndRowClosuresFitsItsWidth() {
        var rows: [AuditRow] = []
        for (index, name) in Self.names.enumerated() {
            var row = AuditRow(file: "App", variant: "UpdaterHiddenSidebarFooterSection\(index)", action: name + " in a screen with a long name",
                               kind: "tap", control: "Button",
                               location: TraceLocation(SourceLocation(file: "Sources/Features/Settings/AppCommandsAndMenus\(index).swift", line: 1000 + index, column: 9)))
            row.evaluations = 120 + index
            row.wasted = 100
            row.rows = 1000
            row.wastedRows = 999
            row.mostWasted = "ForEach"
            row.mostWastedCount = 999
            row.mostWastedAreRows = true
            row.uncertainty = ["UpdaterHiddenSidebarFooter: the condition 'updater.updateAvailable && !updater.isChecking' taken as true"]
            if index == 0 { row.error = "not performed: the audit took more than its work" }
            rows.append(row)
        }
        AuditRow.judge(&rows)
        let fitted = AuditCommand.table(rows, width: 120)
        let lines = fitted.split(separator: "\n").prefix { !$0.isEmpty }
        #expect(lines.count == rows.count + 1)
        #expect(lines.allSatisfy { $0.count <= 120 }, "\(lines.map(\.count))")
        #expect(lines[0].contains("evals  wasted  stale  rows  wasted"), "\(lines[0])")
        let whole = AuditCommand.table(rows, width: nil)
        #expect(whole.contains(Self.names[0] + " in a screen with a long name"))
        #expect(whole.contains("Sources/Features/Settings/AppCommandsAndMenus0.swift:1000"))
    }
}
