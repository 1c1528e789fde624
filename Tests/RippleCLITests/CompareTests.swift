import Foundation
import Testing
@testable import RippleCLI

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// `ripple compare LOG SCENARIO` on the gallery's task manager, with logs written in the shapes
/// `log stream` and Xcode's console use (Tests/Fixtures/RealityCheck).
@Suite(.serialized) struct CompareTests {
    static let fixtures = "Tests/Fixtures/RealityCheck/"

    /// The session recorded as `log stream` prints it, matching SwiftUI's documented behaviour and
    /// Ripple's prediction: every step of the gallery scenario is confirmed, and the run exits 0.
    @Test func aLogThatMatchesConfirmsEveryStep() {
        let result = ripple("compare", Self.fixtures + "task-manager-agrees.log", "Scenarios/task-manager.ripple")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("compare '\(Self.fixtures)task-manager-agrees.log' (unified log text)\n   with 'Scenarios/task-manager.ripple', variant 'main' (swift6.2)\n"))
        #expect(result.stdout.contains("  steps: at the log's 5 'ripple-step:' markers, paired with the scenario's steps by name\n"))
        #expect(result.stdout.contains("  by view type and count: the log names view types, not instances, and says '@dependencies changed' without the property\n"))
        for step in ["add Call Sam", "add Pack bags", "finish Call Sam", "hide finished", "delete Pack bags"] {
            #expect(result.stdout.contains("\nstep \"\(step)\" (log line "), "step \(step)")
        }
        #expect(result.stdout.contains("  TaskRowView          1          1  confirmed            both: @self changed (input task)\n"))
        #expect(result.stdout.contains("\n14 rows: 14 confirmed, 0 extra in the app, 0 extra in Ripple, 0 not recorded, 0 not in the scenario\n"))
        #expect(result.stdout.hasSuffix("the app and Ripple agree on every view type the log records\n"))
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 120 })
    }

    /// One re-run the app made and Ripple did not predict, and one Ripple predicted and the app did not
    /// make: both named with the step, the view type, both counts and both causes; the run exits 1.
    @Test func oneExtraAndOneMissingReRunAreNamed() {
        let result = ripple("compare", Self.fixtures + "task-manager-disagrees.txt", "Scenarios/task-manager.ripple")
        #expect(result.status == 1)
        #expect(result.stdout.contains("""
            step "finish Call Sam" (log line 11)
              view type       logged  predicted  grade                the app's lines / Ripple's
              TaskListView         1          1  confirmed            both: @dependencies changed (observation TaskListView.store.t…
              TaskCountBadge       1          1  confirmed            both: @dependencies changed (observation TaskListView.store.t…
              TaskRowView          2          1  extra in the app
                  app:    @self changed ×2 (log lines 13, 14)
                  Ripple: @self changed (input task)

            """))
        #expect(result.stdout.contains("""
            step "delete Pack bags" (log line 18)
              view type       logged  predicted  grade                the app's lines / Ripple's
              TaskListView         1          1  confirmed            both: @dependencies changed (observation TaskListView.store.t…
              TaskCountBadge       0          1  extra in Ripple
                  app:    no line
                  Ripple: @dependencies changed (observation TaskListView.store.tasks)

            """))
        #expect(result.stdout.hasSuffix("2 disagreements; if Ripple is wrong, docs/RealityCheck.md says what to send\n"))
    }

    /// The JSON form: one document with every step, its rows and the grades, and the same exit status.
    @Test func theJSONFormHoldsTheGrades() throws {
        let result = ripple("compare", Self.fixtures + "task-manager-disagrees.txt", "Scenarios/task-manager.ripple", "--format", "json")
        #expect(result.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["comparison"] as? String == "byTypeAndCount" && document["matching"] as? String == "names")
        #expect(document["disagreements"] as? Int == 2 && document["agrees"] as? Bool == false)
        let steps = try #require(document["steps"] as? [[String: Any]])
        #expect(steps.map { $0["name"] as? String } == ["initial", "add Call Sam", "add Pack bags", "finish Call Sam", "hide finished", "delete Pack bags"])
        let rows = try #require(steps[3]["rows"] as? [[String: Any]])
        let row = try #require(rows.first { $0["viewType"] as? String == "TaskRowView" })
        #expect(row["grade"] as? String == "extraInApp" && row["logged"] as? Int == 2 && row["predicted"] as? Int == 1)
        let predicted = try #require(row["predictedChanges"] as? [[String: Any]])
        #expect(predicted.first?["causes"] as? [String] == ["input task"])
        #expect(predicted.first?["instances"] as? [String] == ["TaskListView/TaskRowView[UUID-1]"])
    }

    /// Malformed text of SwiftUI's category is an error at its line and column, with the line and a caret.
    /// `--format html` writes the comparison as a page of the output folder, listed in its gallery, with
    /// each step's table and the disagreements marked; the run's status is the comparison's.
    @Test func theHTMLFormIsAPageOfTheOutputFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ripple("compare", Self.fixtures + "task-manager-disagrees.txt", "Scenarios/task-manager.ripple",
                            "--format", "html", "-o", folder.path)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("/compare-task-manager/index.html\n"), "\(result.stdout)")
        let page = try String(contentsOf: folder.appendingPathComponent("compare-task-manager/index.html"), encoding: .utf8)
        #expect(page.contains("<h2>step \u{201C}finish Call Sam\u{201D}</h2>"))
        #expect(page.contains("<tr class=\"extraInApp\"><td>TaskRowView</td><td class=\"n\">2</td><td class=\"n\">1</td>"))
        #expect(page.contains("2 disagreements; if Ripple is wrong"))
        #expect(!page.contains("<script"))
        let gallery = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(gallery.contains("compare-task-manager/index.html"))
    }

    @Test func malformedLogTextIsAnErrorAtItsLine() {
        let result = ripple("compare", Self.fixtures + "counter-malformed.log", Self.fixtures + "counter.ripple")
        #expect(result.status == 1 && result.stdout.isEmpty)
        let lines = result.stderr.components(separatedBy: "\n")
        #expect(lines[0] == "\(Self.fixtures)counter-malformed.log:2:142: error: expected a change line such as 'ContentView: @self, _count changed.' after '[com.apple.SwiftUI:Changed Body Properties]'")
        #expect(lines[1].hasPrefix("  | ") && lines[1].hasSuffix("[com.apple.SwiftUI:Changed Body Properties] CountLabel changed @self"))
        let caret = lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) }
        let word = lines[1].range(of: "CountLabel changed").map { lines[1].distance(from: lines[1].startIndex, to: $0.lowerBound) }
        #expect(caret != nil && caret == word)
        #expect(lines[3] == "1 error in \(Self.fixtures)counter-malformed.log")
    }

    /// A cut last line is a note, and the comparison goes on.
    @Test func aCutLastLineIsANote() {
        let result = ripple("compare", Self.fixtures + "counter-cut.txt", Self.fixtures + "counter.ripple")
        #expect(result.stderr.hasPrefix("\(Self.fixtures)counter-cut.txt:5:1: note: the last line is cut short; it was skipped\n"))
        #expect(result.stdout.contains("CountLabel        0          1  extra in Ripple"))
        #expect(result.status == 1)
    }

    @Test(arguments: [
        (["compare", "no/such.log", "Tests/Fixtures/RealityCheck/counter.ripple"], "error: cannot read the log 'no/such.log': no such file or folder\n"),
        (["compare", "Tests/Fixtures/RealityCheck/counter-console.txt", "no/such.ripple"], "error: no such file or folder 'no/such.ripple'\n"),
        (["compare", "Tests/Fixtures/RealityCheck/counter-console.txt"], "error: missing LOG SCENARIO\n"),
        (["compare", "Tests/Fixtures/RealityCheck/counter-console.txt", "Tests/Fixtures/RealityCheck/counter.ripple", "--gap", "0"],
         "error: '--gap' takes a number of seconds greater than 0, not '0'\n"),
        (["compare", "Tests/Fixtures/RealityCheck/counter-console.txt", "Tests/Fixtures/RealityCheck/counter.ripple", "--variant", "mian"],
         "error: no variant 'mian' in Tests/Fixtures/RealityCheck/counter.ripple; did you mean 'main'?; variants: main\n"),
        (["compare", "Tests/Fixtures/RealityCheck/counter-console.txt", "Scenarios"], "error: 'Scenarios' holds 28 scenarios; compare takes one: name its file\n"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) {
        let result = ripple(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    /// A log named through a link in the working folder that leads out of it is refused unread.
    @Test func aLogThroughALinkOutOfTheWorkingFolderIsRefused() throws {
        let outside = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: outside) }
        try "ContentView: @self changed.\n".write(to: outside.appendingPathComponent("app.log"), atomically: true, encoding: .utf8)
        let link = ".build/ripple-link-\(UUID().uuidString)"
        try FileManager.default.createSymbolicLink(atPath: repository.appendingPathComponent(link).path, withDestinationPath: outside.appendingPathComponent("app.log").path)
        defer { try? FileManager.default.removeItem(at: repository.appendingPathComponent(link)) }
        let result = ripple("compare", link, Self.fixtures + "counter.ripple")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: cannot read the log '\(link)': '\(link)' is a symbolic link that leads outside the working folder '\(repository.path)'\n"), "\(result.stderr)")
    }

    /// A scenario of several variants is compared with the first unless one is named, and says so.
    @Test func theFirstVariantUnlessOneIsNamed() {
        let log = Self.fixtures + "counter-console.txt"
        let first = ripple("compare", log, "Scenarios/list-rows.ripple")
        #expect(first.stdout.hasPrefix("note: compared with variant 'broad', the first of 2; '--variant NAME' picks another\n"))
        #expect(first.stdout.contains("initial Toolbar") == false)
        let named = ripple("compare", log, "Scenarios/list-rows.ripple", "--variant", "narrow")
        #expect(named.stdout.hasPrefix("compare '\(log)' (console text)\n   with 'Scenarios/list-rows.ripple', variant 'narrow' (swift6.2)\n"))
        // No type of the counter is in the list: none is a disagreement.
        #expect(named.status == 0 && named.stdout.contains("not in the scenario"))
    }

    @Test func helpDescribesTheCommand() {
        let help = ripple("help", "compare")
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: ripple compare LOG SCENARIO [--variant NAME] [--semantics swift5.9|swift6.2] [--format text|json|html] [-o|--output DIR] [--gap SECONDS]"))
        #expect(help.stdout.contains("ripple-step: NAME"))
        #expect(ripple("--help").stdout.contains("  compare "))
    }
}
