import Foundation
import Testing
import RippleCore
@testable import RippleRealityCheck

/// The fixture logs of Tests/Fixtures/RealityCheck, written here in the shapes SwiftUI and `log` use.
enum RealityCheckFixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/RealityCheck")

    static func log(_ name: String) throws -> ChangeLog {
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
        return try ChangeLog(bytes: bytes, file: name)
    }

    /// The log's changes as `Type: reasons` and its markers as `> name`, in order.
    static func summary(_ log: ChangeLog) -> [String] {
        log.entries.map { entry in
            switch entry {
            case .change(let change): "\(change.viewType): \(change.reasonText)"
            case .marker(let marker): "> \(marker.name)"
            }
        }
    }

    /// The error a log's text gives, as `line:column: message`.
    static func error(in text: String) -> String? {
        do {
            _ = try ChangeLog(parsing: text, file: "app.log")
            return nil
        } catch {
            return error.diagnostics.first.map { "\($0.location.line):\($0.location.column): \($0.message)" }
        }
    }
}

@Suite struct ChangeLogTests {
    static let counterSession = [
        "ContentView: @self, @identity, _count changed", "CountLabel: @self, @identity changed",
        "> add", "ContentView: _count changed", "CountLabel: @self changed",
        "> add again", "ContentView: _count changed", "CountLabel: @self changed",
    ]

    /// `log stream`'s default text: its header and other subsystems' lines are skipped, the module
    /// prefix of a type is dropped, and markers come from another subsystem.
    @Test func unifiedLogTextWithOtherSubsystemsInterleaved() throws {
        let log = try RealityCheckFixture.log("counter-unified.log")
        #expect(log.format == .unifiedLogText)
        #expect(RealityCheckFixture.summary(log) == Self.counterSession)
        #expect(log.skipped == 4, "the two header lines and two lines of other subsystems")
        #expect(log.notes.isEmpty)
        let times = log.changes.compactMap(\.time)
        #expect(times.count == 6)
        #expect(abs(times[2] - times[0] - 2.307497) < 0.000_01)
        #expect(log.markers.map(\.line) == [6, 10])
    }

    /// `--style ndjson`: one event a line; another subsystem's event is skipped and the last event, cut
    /// short, is skipped with a note at its line.
    @Test func ndjsonWithACutLastEvent() throws {
        let log = try RealityCheckFixture.log("counter.ndjson")
        #expect(log.format == .unifiedLogJSON)
        #expect(RealityCheckFixture.summary(log) == [
            "ContentView: @self, @identity, _count changed", "CountLabel: @self, @identity changed",
            "> add", "ContentView: _count changed", "CountLabel: @self changed", "ContentView: @dependencies changed",
        ])
        #expect(log.skipped == 1)
        #expect(log.notes.map(\.description) == ["counter.ndjson:8:1: note: the last event is cut short; it was skipped"])
    }

    /// `--style json`: an array of objects over many lines, braces inside strings left alone; each
    /// event's line is where its object starts.
    @Test func jsonArrayOverManyLines() throws {
        let log = try RealityCheckFixture.log("counter.json")
        #expect(log.format == .unifiedLogJSON)
        #expect(RealityCheckFixture.summary(log) == ["ContentView: @self, @identity, _count changed", "> add", "ContentView: _count changed"])
        #expect(log.changes.map(\.line) == [1, 19])
        #expect(log.skipped == 1)
    }

    /// Xcode's console: `_printChanges()` lines among the app's own output, which is skipped even when it
    /// looks alike (`Status: saved changed.`); `unchanged.` is an evaluation with no reason.
    @Test func consoleOutputOfPrintChanges() throws {
        let log = try RealityCheckFixture.log("counter-console.txt")
        #expect(log.format == .console)
        var expected = Self.counterSession
        expected[5] = "> add"
        expected[7] = "CountLabel: unchanged"
        #expect(RealityCheckFixture.summary(log) == expected)
        #expect(log.skipped == 2)
    }

    /// Plain lines, generic and qualified type names, and CRLF line breaks.
    @Test func plainLines() throws {
        let log = try ChangeLog(parsing: "Module.Row<Text>: @dependencies changed.\r\nPair<Int, String>: _a, _b changed.\r\n  ripple-step: \"rename\"\r\n", file: "x")
        #expect(RealityCheckFixture.summary(log) == ["Row: @dependencies changed", "Pair: _a, _b changed", "> rename"])
        #expect(log.changes.allSatisfy { $0.time == nil })
    }

    /// A last line with no line break that does not read is skipped with a note; one that reads is kept.
    @Test func aCutLastLineIsSkippedWithANote() throws {
        let log = try RealityCheckFixture.log("counter-cut.txt")
        #expect(RealityCheckFixture.summary(log) == Array(Self.counterSession.prefix(4)))
        #expect(log.notes.map(\.description) == ["counter-cut.txt:5:1: note: the last line is cut short; it was skipped"])
        let whole = try ChangeLog(parsing: "A: @self changed.\nB: _x changed.", file: "x")
        #expect(RealityCheckFixture.summary(whole) == ["A: @self changed", "B: _x changed"])
        #expect(whole.notes.isEmpty)
    }

    /// The first three cases give the column of what does not read; JSON errors point at the event.
    @Test(arguments: [
        ("2025-03-04 09:12:01.104233-0800 0x2f Default 0x0 4711 0 App: [com.apple.SwiftUI:Changed Body Properties] Row changed\nA: @self changed.\n",
         "1:106: expected a change line such as 'ContentView: @self, _count changed.' after '[com.apple.SwiftUI:Changed Body Properties]'"),
        ("A: @self changed.\n  ripple-step:   \nB: _x changed.\n", "2:15: a step marker needs a name: 'ripple-step: NAME'"),
        ("Hello\nworld\n", "1:1: no SwiftUI change lines in the log; expected lines of 'Self._printChanges()' ('ContentView: @self, _count changed.') or of the unified log's 'com.apple.SwiftUI' subsystem, category 'Changed Body Properties' (docs/RealityCheck.md)"),
        ("", "1:1: the log is empty; expected lines of 'Self._printChanges()' ('ContentView: @self, _count changed.') or of the unified log's 'com.apple.SwiftUI' subsystem, category 'Changed Body Properties' (docs/RealityCheck.md)"),
        ("{\"eventMessage\": \"A: @self changed.\"}\n{\"eventMessage\": 3}\n", "2:1: a log event without an 'eventMessage'; expected the JSON of 'log show --style json' or 'log stream --style ndjson'"),
        ("{\"eventMessage\": \"A: @self changed.\"}\n  {\"eventMessage\": \"B\" \"x\"}\n{}\n", "2:3: a log event that is not valid JSON"),
        ("[{\"eventMessage\": \"A: @self changed.\"},\n  x]\n", "2:3: expected a JSON object for each log event, as 'log show --style json' writes"),
        ("{\"subsystem\": \"com.apple.SwiftUI\", \"category\": \"Changed Body Properties\", \"eventMessage\": \"Row\"}\n",
         "1:1: expected a change line such as 'ContentView: @self, _count changed.' in 'eventMessage'"),
    ])
    func malformedTextIsAnErrorAtItsPlace(_ text: String, _ error: String) {
        #expect(RealityCheckFixture.error(in: text) == error)
    }

    @Test func invalidUTF8IsAnErrorAtTheByte() {
        #expect(throws: DiagnosticError.self) { try ChangeLog(bytes: Array("A: @self changed.\nB: ".utf8) + [0xFF, 0x0A], file: "x") }
        do {
            _ = try ChangeLog(bytes: Array("A: @self changed.\nB: ".utf8) + [0xFF, 0x0A], file: "x")
        } catch {
            #expect(error.diagnostics.first?.description == "x:2:4: error: the log is not valid UTF-8")
        }
    }

    @Test(arguments: [
        ("2025-03-04 09:12:01.5-0800 rest", 1_741_108_321.5, "rest"),
        ("2025-03-04T17:12:01Z", 1_741_108_321.0, ""),
        ("2025-03-04 18:12:01.25+01:00  x", 1_741_108_321.25, "x"),
    ])
    func timestamps(_ text: String, _ seconds: Double, _ rest: String) {
        let read = LogTimestamp.leading(text[...])
        #expect(read.seconds == seconds)
        #expect(read.rest == rest[...])
    }

    @Test func aLineWithoutATimestampKeepsItsText() {
        let read = LogTimestamp.leading("2025-13-04 09:12:01 x"[...])
        #expect(read.seconds == nil && read.rest == "2025-13-04 09:12:01 x")
    }
}

@Suite struct LoggedStepsTests {
    /// Markers split the log; what comes before the first is the first render.
    @Test func markersSplitTheSteps() throws {
        let steps = LoggedSteps(try RealityCheckFixture.log("counter-unified.log"))
        #expect(steps.boundaries == .markers)
        #expect(steps.steps.map(\.name) == ["initial", "add", "add again"])
        #expect(steps.steps.map(\.changes.count) == [2, 2, 2])
        #expect(steps.steps.map(\.line) == [nil, 6, 10])
    }

    /// Without markers, a pause of at least the gap begins a step; a shorter one does not.
    @Test func pausesSplitALogWithoutMarkers() throws {
        let log = try RealityCheckFixture.log("counter-pauses.log")
        let steps = LoggedSteps(log)
        #expect(steps.boundaries == .timeGaps)
        #expect(steps.steps.map(\.name) == ["initial", "pause 1", "pause 2"])
        #expect(steps.steps.map(\.changes.count) == [2, 2, 2])
        // The 0.5 s pause inside the second step splits it at a gap of 0.4 s.
        #expect(LoggedSteps(log, gap: 0.4).steps.map(\.changes.count) == [2, 1, 1, 2])
        #expect(LoggedSteps(log, gap: 5).steps.map(\.changes.count) == [6])
    }

    /// Without markers or timestamps the whole log is the first render.
    @Test func noMarkersAndNoTimestampsIsOneRender() throws {
        let steps = LoggedSteps(try ChangeLog(parsing: "A: @self changed.\nA: _x changed.\n", file: "x"))
        #expect(steps.boundaries == LoggedSteps.Boundaries.none)
        #expect(steps.steps.map(\.changes.count) == [2])
    }
}
