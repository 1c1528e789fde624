import Foundation
import Testing
@testable import RippleCLI
@testable import RippleCore
import RippleSwift

/// What `ripple run` prints by default: lines that fit, values cut to what changed, each view type's
/// `_printChanges` line once for a run of instances, colour only on a terminal.
@Suite(.serialized) struct TextTraceTests {
    @Test(arguments: [
        // Short values are kept whole.
        ("false", "true", "false", "true"),
        // Long ones keep the difference and a little around it.
        (#"[TaskItem(id: 1, title: "Plan trip", isDone: false), TaskItem(id: 2, title: "Call Sam", isDone: false)]"#,
         #"[TaskItem(id: 1, title: "Book flights", isDone: false), TaskItem(id: 2, title: "Call Sam", isDone: false)]"#,
         #"… 1, title: "Plan trip", isDone: f…"#, #"… 1, title: "Book flights", isDone: f…"#),
    ])
    func aValueIsCutToThePartThatChanged(old: String, new: String, shownOld: String, shownNew: String) {
        let shown = ValueChange.abbreviated(old, new)
        #expect(shown.old == shownOld)
        #expect(shown.new == shownNew)
    }

    @Test func theDefaultTraceFitsATerminalAndSaysEachPrintChangesLineOnce() {
        let result = ripple("run", "Scenarios/task-list.ripple")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        let instanceLines = lines.filter { $0.hasPrefix("      ") || $0.contains("  needed  ") || $0.contains("  wasted  ") }
        #expect(!instanceLines.isEmpty)
        for line in lines where !line.hasPrefix("scenario ") {
            #expect(line.count <= TraceText.compactWidth, "\(line.count) characters: \(line)")
        }
        // Two wasted rows share one `_printChanges` line.
        #expect(result.stdout.contains("    TaskRow: @dependencies changed. (2 views)\n      TaskRow[1]  wasted  "))
        // The needed row names the read that changed and the values, cut to the change.
        #expect(result.stdout.contains(#"TaskRow[3]  needed  task.title changed: ContentView.manager.tasks[2].title "Plan trip" → "Book flights""#))
        // No array is printed whole in the default trace.
        #expect(!result.stdout.contains("TaskItem(id: 1"))
    }

    @Test func verbosePrintsTheFullTraceAsTraceTxtHasIt() throws {
        let result = ripple("run", "--verbose", "Scenarios/list-rows.ripple")
        #expect(result.status == 0)
        let committed = try String(contentsOfFile: repositoryPath("Output/list-rows/trace.txt"), encoding: .utf8)
        #expect(result.stdout == committed)
    }

    @Test func outcomesAreColouredOnlyWhenAsked() throws {
        let plain = Capture(), coloured = Capture()
        // The scenario's path is relative to the repository.
        try #require(FileManager.default.changeCurrentDirectoryPath(repositoryPath("")))
        _ = run(arguments: ["run", "Scenarios/list-rows.ripple"], stdout: plain, stderr: Capture())
        _ = run(arguments: ["run", "Scenarios/list-rows.ripple"], stdout: coloured, stderr: Capture(), colour: true)
        #expect(!plain.text.contains("\u{1B}"))
        #expect(coloured.text.contains("  \u{1B}[33mwasted\u{1B}[0m  "))
        #expect(coloured.text.contains("  \u{1B}[32mneeded\u{1B}[0m  "))
        // Without the codes, the text is the same.
        #expect(coloured.text.replacingOccurrences(of: "\u{1B}[33m", with: "").replacingOccurrences(of: "\u{1B}[32m", with: "")
            .replacingOccurrences(of: "\u{1B}[35m", with: "").replacingOccurrences(of: "\u{1B}[1m", with: "")
            .replacingOccurrences(of: "\u{1B}[0m", with: "") == plain.text)
    }

    /// JSON carries values as JSON values beside their Swift text, and where each write and changed read is.
    @Test func jsonValuesAreTypedAndLocated() throws {
        let result = ripple("run", "Scenarios/list-rows.ripple", "--format", "json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["version"] as? Int == 3)
        let variants = try #require(document["variants"] as? [[String: Any]])
        let steps = try #require(variants[0]["steps"] as? [[String: Any]])
        let rename = try #require((steps[0]["writes"] as? [[String: Any]])?.first)
        #expect(rename["old"] as? String == "\"Brian\"")
        #expect(rename["oldValue"] as? String == "Brian")
        #expect(rename["newValue"] as? String == "Bea")
        let location = try #require(rename["location"] as? [String: Any])
        #expect(location["file"] as? String == "Scenarios/list-rows.ripple")
        #expect(location["line"] as? Int == 75)
        let select = try #require((steps[1]["writes"] as? [[String: Any]])?.first)
        #expect(select["newValue"] as? Int == 1)
        #expect(select["oldValue"] is NSNull)
        let header = try #require((steps[1]["instances"] as? [[String: Any]])?.first { $0["name"] as? String == "Header" })
        let read = try #require((header["readLocations"] as? [String: Any])?["current"] as? [String: Any])
        #expect(read["line"] as? Int == 36)
    }

    /// A `ForEach` row with no view of its own runs its closure, no body: JSON marks the entry
    /// `rowClosure` and counts it among the step's `rows`, not its `evaluations`.
    @Test func jsonCountsRowClosuresApartFromBodies() throws {
        let result = ripple("run", "Scenarios/inline-rows.ripple", "--format", "json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let broad = try #require((document["variants"] as? [[String: Any]])?.first { $0["name"] as? String == "broad" })
        let rename = try #require((broad["steps"] as? [[String: Any]])?.first { $0["name"] as? String == "rename the list" })
        let counts = try #require(rename["counts"] as? [String: Any])
        #expect(counts["evaluations"] as? Int == 1)
        #expect(counts["wasted"] as? Int == 0)
        #expect(counts["rows"] as? Int == 3)
        #expect(counts["wastedRows"] as? Int == 3)
        let instances = try #require(rename["instances"] as? [[String: Any]])
        #expect(instances.filter { $0["rowClosure"] as? Bool == true }.map { $0["name"] as? String } == ["ForEach[1]", "ForEach[2]", "ForEach[3]"])
        #expect(instances.first { $0["name"] as? String == "Shelf" }?["rowClosure"] == nil)
    }

    @Test func parsePrintsTheModelAsJSON() throws {
        let result = ripple("parse", "Scenarios/list-rows.ripple", "--format", "json")
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["version"] as? Int == 1)
        let variants = try #require(document["variants"] as? [[String: Any]])
        #expect(variants.map { $0["name"] as? String } == ["broad", "narrow"])
        let instances = try #require((variants[0]["model"] as? [String: Any])?["instances"] as? [[String: Any]])
        #expect(instances.map { $0["path"] as? String }.contains("RootView/UserList/UserRow[1]"))
        #expect(ripple("parse", "Scenarios/list-rows.ripple", "--format", "yaml").status == 64)
    }

    @Test func aStructIsAnObjectOfItsFields() throws {
        let source = """
        scenario "s"
        struct Point: Equatable {
            var x: Int
            var y: Int
        }
        struct Root: View {
            @State private var point = Point(x: 1, y: 2)
            var body: some View { Text("\\(point.x)") }
        }
        step "move" { Root.point = Point(x: 3, y: 2) }
        """
        let scenario = try Scenario(source: source, file: "s.ripple")
        let write = try #require(scenario.trace.variants.first?.steps.first?.writes.first)
        #expect(write.newValue == .object(["x": .number(3), "y": .number(2)]))
        #expect(write.oldValue == .object(["x": .number(1), "y": .number(2)]))
    }

    /// A name cannot bring its own escape sequence in: it is made safe before the colours are added.
    @Test func aNameCannotColourTheTerminal() {
        let coloured = OutcomeColouringStream<Capture>.coloured("      Row  wasted  shown\n")
        #expect(coloured == "      Row  \u{1B}[33mwasted\u{1B}[0m  shown\n")
        let out = Capture()
        var stream = TerminalSafeStream(OutcomeColouringStream(out, enabled: true))
        stream.write("      Evil\u{1B}[2J  wasted  x\n")
        #expect(!out.text.contains("\u{1B}[2J"))
        #expect(out.text.contains("\\u{1B}[2J"))
    }
}

private func repositoryPath(_ path: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(path).path
}
