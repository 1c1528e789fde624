import Testing
import RippleAudit
@testable import RippleCore
import RippleSwift

/// Loads several Swift files, in the order given, as `ripple audit FOLDER` does, and audits them.
private func auditFiles(_ files: [(path: String, source: String)], root: String) throws -> (result: AuditResult, notes: [Diagnostic]) {
    var module = SwiftModule()
    for file in files { module.add(source: file.source, file: file.path) }
    #expect(module.errors.isEmpty, "\(module.errors)")
    let scenario = try Scenario(syntax: module.scenario(title: "app", file: files[0].path, root: root), file: files[0].path)
    return (Audit(threads: 1).run(scenario, file: files[0].path), module.notes + scenario.notes)
}

/// Several types of one name (a Finder copy, `fileprivate` types in different files) are never rejected:
/// Ripple keeps one, says at each other which it uses and why, and a row that builds a file's own
/// `fileprivate` type with another file's is partial.
@Suite struct DuplicateTypeTests {
    static let original = """
        import SwiftUI

        struct ContentView: View {
            @State private var count = 0
            var body: some View {
                VStack {
                    CountLabel(count: count)
                    Button("Add") { count += 1 }
                }
            }
        }

        struct CountLabel: View {
            let count: Int
            var body: some View { Text("\\(count)") }
        }
        """

    /// The copy Finder made before the label was split out: its button changes nothing on screen.
    static let copy = """
        import SwiftUI

        struct ContentView: View {
            @State private var count = 0
            var body: some View {
                Button("Add") { count += 1 }
            }
        }
        """

    /// `ContentView 2.swift` sorts before `ContentView.swift`; the original is simulated all the same.
    @Test func aFinderCopyGivesWayToTheOriginal() throws {
        let (result, notes) = try auditFiles([("App/ContentView 2.swift", Self.copy), ("App/ContentView.swift", Self.original)], root: "ContentView")
        let note = try #require(notes.first { $0.message.hasPrefix("a second type named 'ContentView'") }, "\(notes.map(\.message))")
        #expect(note.location.file == "App/ContentView 2.swift" && note.location.line == 3)
        #expect(note.message == "a second type named 'ContentView' is not simulated; Ripple uses the one at line 3 of App/ContentView.swift: this file is named like a Finder copy of another")
        let add = try row(result, "tap Button \"Add\"")
        #expect(add.location.file.hasSuffix("App/ContentView.swift"))
        #expect(add.confidence == .exact, "\(add.notes.map(\.message))")
        #expect(add.views.map(\.view) == ["ContentView", "CountLabel"])
    }

    /// A playground's page that declares a screen of the app's name gives way to the app's, whatever the order.
    @Test func aPlaygroundGivesWayToTheApp() throws {
        let (result, notes) = try auditFiles([("Sketch.playground/Contents.swift", Self.copy), ("App/ContentView.swift", Self.original)], root: "ContentView")
        let note = try #require(notes.first { $0.message.hasPrefix("a second type named 'ContentView'") }, "\(notes.map(\.message))")
        #expect(note.location.file == "Sketch.playground/Contents.swift")
        #expect(note.message.hasSuffix("this file is in a playground, which the app does not build"))
        let add = try row(result, "tap Button \"Add\"")
        #expect(add.views.map(\.view) == ["ContentView", "CountLabel"])
    }

    static let badgeInList = """
        import SwiftUI

        struct ListScreen: View {
            @State private var count = 0
            @State private var title = "List"
            var body: some View {
                VStack {
                    Text(title)
                    Badge(count: count)
                    Button("Add") { count += 1 }
                    Button("Rename") { title = "Items" }
                }
            }
        }

        fileprivate struct Badge: View {
            let count: Int
            var body: some View { Text("\\(count)") }
        }
        """

    static let badgeInDetail = """
        import SwiftUI

        struct DetailScreen: View {
            @State private var count = 0
            var body: some View {
                VStack {
                    Badge(count: count)
                    Button("More") { count += 1 }
                }
            }
        }

        struct Badge: View {
            let count: Int
            var body: some View { Label("\\(count)", systemImage: "star") }
        }
        """

    /// A type the whole module sees is kept over a `fileprivate` one that comes first; the file whose own
    /// type gives way builds the kept one, and a row that does so is partial.
    @Test func aTypeTheModuleSeesIsKeptOverAFileprivateOne() throws {
        let files = [("App/ListScreen.swift", Self.badgeInList), ("App/DetailScreen.swift", Self.badgeInDetail)]
        let (list, notes) = try auditFiles(files, root: "ListScreen")
        let note = try #require(notes.first { $0.message.hasPrefix("a second type named 'Badge'") }, "\(notes.map(\.message))")
        #expect(note.location.file == "App/ListScreen.swift")
        #expect(note.message.contains("Ripple uses the one at line 13 of App/DetailScreen.swift: that one is visible to the whole module and this one is 'private' or 'fileprivate'"))
        let add = try row(list, "tap Button \"Add\"")
        #expect(add.confidence == .partial)
        #expect(add.notes.contains { $0.message.contains("'Badge' here is this file's own type of that name, not simulated") }, "\(add.notes.map(\.message))")
        // Renaming re-runs the list, whose body builds the badge again and compares its input: partial too.
        let rename = try row(list, "tap Button \"Rename\"")
        #expect(rename.confidence == .partial)
        #expect(rename.views.map(\.view) == ["ListScreen"])
        let (detail, _) = try auditFiles(files, root: "DetailScreen")
        let more = try row(detail, "tap Button \"More\"")
        #expect(more.confidence == .exact, "\(more.notes.map(\.message))")
        #expect(more.views.map(\.view) == ["DetailScreen", "Badge"])
    }

    /// Two `fileprivate` types of one name: the first is kept, and the note at the second says that its
    /// file's uses are simulated with the first.
    @Test func twoFileprivateTypesKeepTheFirst() throws {
        let detail = Self.badgeInDetail.replacingOccurrences(of: "struct Badge: View", with: "private struct Badge: View")
        let (_, notes) = try auditFiles([("App/DetailScreen.swift", detail), ("App/ListScreen.swift", Self.badgeInList)], root: "DetailScreen")
        let note = try #require(notes.first { $0.message.hasPrefix("a second type named 'Badge'") }, "\(notes.map(\.message))")
        #expect(note.location.file == "App/ListScreen.swift")
        #expect(note.message.hasSuffix("both are 'private' or 'fileprivate' to their own files and Ripple keeps one type per name, so the uses in this file are simulated with that one"))
    }
}
