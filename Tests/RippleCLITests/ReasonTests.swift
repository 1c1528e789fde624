import Foundation
import Testing
import RippleAudit
@testable import RippleCLI
@testable import RippleCore

/// The top reasons of an audit: ranked by the controls and actions each one costs, each with that cost
/// in the text, the JSON and the HTML, and the link from a control or an action to its reason made only
/// from what the coverage holds. Each fixture in `Tests/Fixtures/Swift/Reasons` is an app's shape.
@Suite struct ReasonTests {
    /// The JSON's reasons for a fixture, in order.
    private func reasons(_ path: String) throws -> (reasons: [[String: Any]], coverage: [String: Any]) {
        let (object, _) = try auditJSON(path)
        let coverage = try #require(object["coverage"] as? [String: Any])
        return (try #require(coverage["reasons"] as? [[String: Any]]), coverage)
    }

    /// One warning that leaves the main screen out, with its six controls, comes before a kind of note
    /// written eight times that costs no control and no action.
    @Test func theReasonThatHidesAScreenComesBeforeOneThatWroteMoreNotes() throws {
        let (found, _) = try reasons("Tests/Fixtures/Swift/Reasons/HiddenMainScreen")
        try #require(found.count == 2)
        #expect(found[0]["kind"] as? String == "the screen '…' is not simulated: index 0 is out of range (count is 0)")
        #expect(found[0]["severity"] as? String == "warning")
        #expect(found[0]["count"] as? Int == 1)
        #expect(found[0]["screens"] as? Int == 1)
        #expect(found[0]["controls"] as? Int == 6)
        #expect(found[0]["actions"] as? Int == 0)
        #expect(found[1]["kind"] as? String == "'…' is not declared in the source; its value is opaque")
        #expect(found[1]["count"] as? Int == 8)
        #expect(found[1]["controls"] as? Int == 0)
        #expect(found[1]["actions"] as? Int == 0)
        #expect(found[1]["screens"] as? Int == 0)
        let wide = ripple("audit", "Tests/Fixtures/Swift/Reasons/HiddenMainScreen", "--wide").stdout
        let lines = wide.split(separator: "\n").map(String.init)
        let top = try #require(lines.firstIndex(of: "top reasons:"))
        try #require(lines.count == top + 3, "\(wide)")
        #expect(lines[top + 1].hasPrefix("  the screen '…' is not simulated: index 0 is out of range (count is 0): 1 screen left out, 6 controls not simulated (first at "),
                "\(wide)")
        #expect(lines[top + 1].hasSuffix("EpisodeListScreen.swift:15)"), "\(wide)")
        #expect(lines[top + 2].hasPrefix("  '…' is not declared in the source; its value is opaque: 8 notes (first at "), "\(wide)")
        #expect(lines[top + 2].hasSuffix("AboutScreen.swift:7)"), "\(wide)")
        // Fitted to the width, the kind gives way before what the reason cost.
        let text = ripple("audit", "Tests/Fixtures/Swift/Reasons/HiddenMainScreen").stdout
        #expect(text.contains("…: 1 screen left out, 6 controls not simulated (first at "), "\(text)")
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= AuditCommand.tableWidth }, "\(text)")
    }

    /// A note met while performing an action makes it partial, and the action counts against the note's
    /// kind; a control no warning or note explains is a reason of its own.
    @Test func aPartialActionAndAControlNotOfferedCountAgainstTheirReasons() throws {
        let (partial, _) = try reasons("Tests/Fixtures/Swift/Dropped/TaskContinuation")
        let task = try #require(partial.first { $0["kind"] as? String == "what '…' runs from its first '…' is not simulated" })
        #expect(task["actions"] as? Int == 1)
        #expect(task["controls"] as? Int == 0)
        let text = ripple("audit", "Tests/Fixtures/Swift/Dropped/TaskContinuation", "--wide").stdout
        #expect(text.contains("  what '…' runs from its first '…' is not simulated: 1 note, 1 action partial (first at "), "\(text)")
        let (notOffered, coverage) = try reasons("Tests/Fixtures/Swift/Dropped/BuilderModifier")
        #expect(notOffered.count == 1)
        #expect(notOffered.first?["kind"] as? String == "not offered: in the content of '…'; Ripple does not perform '…' there")
        #expect(notOffered.first?["severity"] as? String == "control")
        #expect(notOffered.first?["controls"] as? Int == 1)
        #expect((coverage["unreached"] as? [Any])?.count == 1)
    }

    /// A control in an evaluated view that no action performs says what would show it: the row of an empty
    /// list, the clause of an `if` not taken, the alert nothing presents. One a state shows is performed and
    /// is not listed, in a helper or a toolbar as well.
    @Test func aControlNoActionPerformsSaysWhichStateWouldShowIt() throws {
        let (found, coverage) = try reasons("Tests/Fixtures/Swift/Reasons/Placements")
        let unreached = try #require(coverage["unreached"] as? [[String: Any]])
        let byLine = Dictionary(unreached.map { ((($0["location"] as? [String: Any])?["line"] as? Int) ?? 0, ($0["reason"] as? String) ?? "") },
                                uniquingKeysWith: { first, _ in first })
        #expect(byLine[15] == "not offered: shown only in a row of 'ForEach'; no state Ripple reached performs it in one (an empty list has none)", "\(byLine)")
        #expect(byLine[18] == "not offered: shown only in the branch 'if isEditing'; no state Ripple reached performs it there", "\(byLine)")
        #expect(byLine[24] == "not offered: shown only while '.alert' presents it; no state Ripple reached performs it there", "\(byLine)")
        // The toggle in the `else` clause the first state takes, and the helper's button in the toolbar.
        #expect(byLine[20] == nil && byLine[31] == nil, "\(byLine)")
        // The app's own `$bold.onChange(save)` is a method of `Binding`, not the `.onChange(of:)` handler: the
        // toggle it binds is the pane's one control, not simulated for what that method returns.
        #expect(byLine[8] == "method 'onChange' of 'Binding' is not simulated; its result is opaque", "\(byLine)")
        #expect(unreached.count == 4)
        #expect(coverage["controls"] as? Int == 7)
        #expect(!unreached.contains { $0["control"] as? String == ".onChange" })
        let kinds = found.compactMap { $0["kind"] as? String }
        #expect(kinds.contains("not offered: shown only in the branch '…'; no state Ripple reached performs it there"), "\(kinds)")
    }

    /// Every control the coverage lists as not simulated counts against exactly one reason.
    @Test(arguments: ["Tests/Fixtures/Swift/Reasons/HiddenMainScreen", "Tests/Fixtures/Swift/Degraded/OneBrokenScreen",
                      "Tests/Fixtures/Swift/Bookshelf", "Tests/Fixtures/Swift/Dropped/BuilderModifier"])
    func everyControlNotSimulatedHasOneReason(_ path: String) throws {
        let (found, coverage) = try reasons(path)
        let unreached = try #require(coverage["unreached"] as? [Any])
        #expect(!unreached.isEmpty)
        #expect(found.reduce(0) { $0 + (($1["controls"] as? Int) ?? 0) } == unreached.count)
    }

    /// Reasons of equal cost go by count, then by kind, then by severity, whatever order they come in;
    /// combining audits adds their costs.
    @Test func reasonsOfEqualCostAreRankedTheSameWayEveryTime() {
        let place = TraceLocation(SourceLocation(file: "App.swift", line: 1, column: 1))
        var costly = Coverage.Reason(kind: "b", count: 1, severity: "note", example: place)
        costly.actions = 2
        let many = Coverage.Reason(kind: "c", count: 9, severity: "note", example: place)
        let first = Coverage.Reason(kind: "a", count: 9, severity: "note", example: place)
        let asAction = Coverage.Reason(kind: "a", count: 9, severity: "action", example: place)
        let orders = [[many, first, costly, asAction], [asAction, costly, first, many], [first, asAction, many, costly]]
        for order in orders {
            #expect(Coverage.grouped(order).map { $0.severity + " " + $0.kind } == ["note b", "action a", "note a", "note c"])
        }
        var one = Coverage(), two = Coverage()
        one.reasons = [costly]
        two.reasons = [costly, many]
        let combined = Coverage(combining: [one, two]).reasons
        #expect(combined.map(\.kind) == ["b", "c"])
        #expect(combined.first?.actions == 4)
        #expect(combined.first?.count == 2)
    }

    /// The report's coverage panel and its table of what was not simulated say what each reason cost,
    /// in the same order as the text.
    @Test func theReportSaysWhatEachReasonCost() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ripple("audit", "Tests/Fixtures/Swift/Reasons/HiddenMainScreen", "--format", "html", "--output", folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: folder.appendingPathComponent("audit-hiddenmainscreen/index.html"), encoding: .utf8)
        #expect(page.contains("Top reasons: the screen &#39;…&#39; is not simulated: index 0 is out of range (count is 0) (1 screen left out, 6 controls not simulated); "
                              + "&#39;…&#39; is not declared in the source; its value is opaque (8 notes)</p>"), "\(page)")
        #expect(page.contains("<th>what</th><th>how often</th><th>what it cost</th><th>first at</th>"))
        #expect(page.contains("</td><td class=\"number\">1</td><td>1 screen left out, 6 controls not simulated</td><td><code>"))
    }

    /// A reason says what is true of the code: a static property that holds the app's model is read and
    /// not changed, a name the source does not declare is called, not written, and an action's code is
    /// no step.
    @Test func aReasonSaysWhatIsTrueOfTheCode() throws {
        let (object, _) = try auditJSON("Tests/Fixtures/Swift/Reasons/StaticShared")
        let notes = actionsByName(object).mapValues { (($0["notes"] as? [[String: Any]]) ?? []).compactMap { $0["message"] as? String } }
        let shared = "not simulated: 'UpdateManager.shared' is a static property, which Ripple reads but does not change; the write or call is not simulated"
        #expect(notes["tap Button \"Check now\" in UpdatesView"] == [shared])
        #expect(notes["tap Button \"Mark checking\" in UpdatesView"] == [shared])
        #expect(notes["tap Button \"Count\" in UpdatesView"]
                == ["not simulated: 'UpdateManager.checks' is a static property, which Ripple reads but does not change; the write or call is not simulated"])
        #expect(notes["tap Button \"Sync\" in UpdatesView"]
                == ["not simulated: 'SyncService' is not declared in the source; the write or call through it is not simulated"])
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let code = """
            scenario "counter"
            struct Root: View {
                @State private var count = 0
                var body: some View {
                    Text("\\(count)")
                    Button("Add") { cuont += 1 }
                }
            }

            """
        let file = folder.appendingPathComponent("counter.ripple").path
        try code.write(toFile: file, atomically: true, encoding: .utf8)
        let (audited, _) = try auditJSON(file)
        #expect(actionsByName(audited)["tap Button \"Add\" in Root"]?["error"] as? String == "unknown name 'cuont'; did you mean 'count'?")
        try (code + "step \"add\" {\n    cuont = 2\n}\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(ripple("run", file).stderr.contains(":10:5: error: unknown name 'cuont' in step; did you mean 'count'?"))
    }
}
