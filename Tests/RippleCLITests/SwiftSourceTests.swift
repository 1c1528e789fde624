import Foundation
import Testing
@testable import RippleCLI

/// The command line reads an app's own Swift source: a file, a folder read as one module, and a
/// scenario that names its app with `source`. An extension of the serialized `CLITests`: `ripple(…)`
/// changes the working folder.
extension CLITests {
    @Test func parseReadsASwiftFolderAsOneModule() {
        let result = ripple("parse", "Tests/Fixtures/Swift/Bookshelf")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("LibraryView  [LibraryView]"))
        #expect(result.stdout.contains("BookRow[1]  [LibraryView/BookRow[1]]"))
        #expect(result.stderr.contains("LibraryView.swift:5:5: note: property wrapper '@Namespace' is not simulated; 'animation' is an opaque input"))
        #expect(result.stderr.hasSuffix("1 note: what Ripple did not simulate or assumed; --notes prints every one\n"))
    }

    @Test func aScenarioThatNamesItsSourceIsCheckedAgainstIt() {
        let result = ripple("check", "Scenarios/task-manager.ripple")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("passed Scenarios/task-manager.ripple: 4 expectations"))
        let run = ripple("run", "Scenarios/task-manager.ripple")
        #expect(run.stdout.contains("write tasks[index].isDone.toggle()"))
    }

    /// `--rows N` gives a collection that starts empty N stand-in elements, each with its own id and
    /// title; without it the list has no rows.
    @Test func rowsGiveAnEmptyCollectionStandInElements() {
        let without = ripple("parse", "Scenarios/apps/task-manager")
        #expect(without.status == 0, "\(without.stderr)")
        #expect(!without.stdout.contains("TaskRowView["))
        let with = ripple("parse", "Scenarios/apps/task-manager", "--rows", "3")
        #expect(with.status == 0, "\(with.stderr)")
        #expect(with.stdout.contains("TaskRowView[UUID-1]  [TaskListView/TaskRowView[UUID-1]]"))
        #expect(with.stdout.contains("TaskRowView[UUID-3]  [TaskListView/TaskRowView[UUID-3]]"))
        #expect(!with.stdout.contains("TaskRowView[UUID-4]"))
        #expect(with.stdout.contains("title: \"title 2\""))
        #expect(with.stderr.contains("TaskStore.swift:7:22: note: 'tasks' of 'TaskStore' starts empty; --rows 3 gives it 3 stand-in TodoTask values"))
        let bad = ripple("parse", "Scenarios/apps/task-manager", "--rows", "0")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("error: '--rows' takes a number of rows from 1 to 1000, not '0'"))
    }

    @Test func aSourceThatIsMissingIsAnErrorAtItsLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("app.ripple")
        try "scenario \"t\"\nsource \"App\"\n".write(to: file, atomically: true, encoding: .utf8)
        let result = ripple("check", file.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("app.ripple:2:8: error: no such file or folder '\(folder.path)/App' for 'source'"))
    }

    @Test func aSyntaxErrorInSwiftSourceIsShownWithItsLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Broken.swift")
        try "struct Broken: View {\n    var body: some View { Text(\"x\" }\n}\n".write(to: file, atomically: true, encoding: .utf8)
        let result = ripple("parse", file.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Broken.swift:2:"))
        #expect(result.stderr.contains("    var body: some View { Text(\"x\" }\n"))
        #expect(result.stderr.hasSuffix("in \(file.path)\n"))
    }
}
